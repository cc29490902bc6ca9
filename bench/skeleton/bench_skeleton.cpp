// The skeleton's instruction counts under callgrind: a lone scalar call plus its read (`1+2`),
// and building then reading a 10-node scalar graph whose plan is cached. Each measured region is
// run REPS times between callgrind toggles after a warm-up, so the count per run is total/REPS.
#include "prim/prim.h"
#include "program/plan.h"

#include <valgrind/callgrind.h>

#include <cstdio>
#include <cstring>

namespace {

using bpl::prim::Prim;
using bpl::value::Kind;
using bpl::value::Value;

constexpr int REPS = 1000;
constexpr int NODES = 10;

// `1+2`: one call through dispatch to a pending node, then the read.
double scalar_call_and_read() {
    Value r = bpl::prim::call(Prim::Plus, Value::real(1, Kind::F64, true), Value::real(2, Kind::F64, true));
    return r.read().as_f64();
}

// A chain of NODES scalar calls (x+1 repeatedly), left pending.
Value build_chain() {
    Value x = bpl::prim::call(Prim::Plus, Value::real(1, Kind::F64, true), Value::real(2, Kind::F64, true));
    for (int i = 1; i < NODES; i++) x = bpl::prim::call(Prim::Plus, x, Value::real(1, Kind::F64, true));
    return x;
}

} // namespace

int main(int argc, char** argv) {
    const char* which = argc > 1 ? argv[1] : "scalar";
    double sink = 0;
    if (std::strcmp(which, "scalar") == 0) {
        for (int i = 0; i < 100; i++) sink += scalar_call_and_read(); // warm: the plan is cached
        CALLGRIND_TOGGLE_COLLECT;
        for (int i = 0; i < REPS; i++) sink += scalar_call_and_read();
        CALLGRIND_TOGGLE_COLLECT;
    } else if (std::strcmp(which, "build10") == 0) {
        for (int i = 0; i < 100; i++) sink += build_chain().read().as_f64();
        CALLGRIND_TOGGLE_COLLECT;
        for (int i = 0; i < REPS; i++) {
            Value v = build_chain();
            sink += v.is_pending() ? 1 : 0;
        }
        CALLGRIND_TOGGLE_COLLECT;
    } else if (std::strcmp(which, "read10") == 0) {
        for (int i = 0; i < 100; i++) sink += build_chain().read().as_f64();
        for (int i = 0; i < REPS; i++) {
            Value v = build_chain(); // not counted
            CALLGRIND_TOGGLE_COLLECT;
            sink += v.read().as_f64();
            CALLGRIND_TOGGLE_COLLECT;
        }
    } else if (std::strcmp(which, "empty") == 0) {
        // the toggles' own cost, subtracted by callgrind.sh
        CALLGRIND_TOGGLE_COLLECT;
        for (int i = 0; i < REPS; i++) sink += i;
        CALLGRIND_TOGGLE_COLLECT;
    } else {
        std::fprintf(stderr, "usage: bench_skeleton scalar|build10|read10|empty\n");
        return 2;
    }
    bpl::program::Counters c = bpl::program::counters();
    std::printf("%s: result sum %g; plans made %llu, cache hits %llu, graphs read %llu\n", which, sink,
                static_cast<unsigned long long>(c.plans_made), static_cast<unsigned long long>(c.cache_hits),
                static_cast<unsigned long long>(c.graphs_read));
    return 0;
}
