// The skeleton's instruction counts under callgrind: a lone scalar call plus its read (`1+2`),
// building then reading a 10-node scalar graph whose plan is cached, and reading a 10-node vector
// graph at a length not read before (a refill once the cache keys length classes; a new plan
// today) against the same read with its plan cached. Each measured region is run REPS times
// (REFILL_REPS for the refill pair) between callgrind toggles after a warm-up, so the count per
// run is total/REPS; callgrind.sh subtracts the pair to get the refill's own cost.
#include "prim/prim.h"
#include "program/plan.h"
#include "value/array.h"

#include <valgrind/callgrind.h>

#include <cstdio>
#include <cstring>

namespace {

using bpl::prim::Prim;
using bpl::value::Kind;
using bpl::value::Value;

constexpr int REPS = 1000;
constexpr int NODES = 10;
constexpr int REFILL_REPS = 200; // lengths 2 .. REFILL_REPS+1, each new to the cache

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

// A chain of NODES calls (v+1 repeatedly) over a stored float64 vector of n items.
Value build_vector_chain(int64_t n) {
    auto a = bpl::value::ArrayData::compact(Kind::F64, {n});
    for (int64_t i = 0; i < n; i++) a->items_as<double>()[i] = static_cast<double>(i);
    Value x = Value::array(std::move(a));
    for (int i = 0; i < NODES; i++) x = bpl::prim::call(Prim::Plus, x, Value::real(1, Kind::F64, true));
    return x;
}

double first_item(const Value& v) { return v.read().array_data().items_as<double>()[0]; }

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
    } else if (std::strcmp(which, "refill") == 0 || std::strcmp(which, "refill_cached") == 0) {
        // refill: the first read at each new length (counted); refill_cached: the second read
        // at that length (counted), the same items computed with the plan cached.
        bool first = std::strcmp(which, "refill") == 0;
        for (int i = 0; i < 100; i++) sink += first_item(build_vector_chain(1000 + i % 2));
        for (int i = 0; i < REFILL_REPS; i++) {
            int64_t n = 2 + i;
            Value v = build_vector_chain(n); // not counted
            if (first) CALLGRIND_TOGGLE_COLLECT;
            sink += first_item(v);
            if (first) CALLGRIND_TOGGLE_COLLECT;
            v = build_vector_chain(n);
            if (!first) CALLGRIND_TOGGLE_COLLECT;
            sink += first_item(v);
            if (!first) CALLGRIND_TOGGLE_COLLECT;
        }
    } else if (std::strcmp(which, "empty") == 0) {
        // the toggles' own cost, subtracted by callgrind.sh
        CALLGRIND_TOGGLE_COLLECT;
        for (int i = 0; i < REPS; i++) sink += i;
        CALLGRIND_TOGGLE_COLLECT;
    } else {
        std::fprintf(stderr, "usage: bench_skeleton scalar|build10|read10|refill|refill_cached|empty\n");
        return 2;
    }
    bpl::program::Counters c = bpl::program::counters();
    std::printf("%s: result sum %g; plans made %llu, cache hits %llu, graphs read %llu\n", which, sink,
                static_cast<unsigned long long>(c.plans_made), static_cast<unsigned long long>(c.cache_hits),
                static_cast<unsigned long long>(c.graphs_read));
    return 0;
}
