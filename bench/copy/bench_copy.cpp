// ⍉M and ⌽M of a 4096² float64 matrix: the engine (a call, then the read of one Copy step, the
// plan cached after the first) beside baseline.cpp's blocked transpose and reverse copy. Prints
// the fastest and median time of each over REPS runs (the two sides alternating) and the ratio
// engine/C++. Not a test.
#include "math/mapping.h"
#include "prim/prim.h"
#include "program/plan.h"
#include "value/array.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <utility>
#include <vector>

namespace baseline {
struct Free {
    void operator()(double* p) const { std::free(p); }
};
using Buffer = std::unique_ptr<double[], Free>;
Buffer transpose(const double* a, int64_t n);
Buffer reverse(const double* a, int64_t n);
void transpose_into(const double* a, int64_t n, double* out);
void reverse_into(const double* a, int64_t n, double* out);
} // namespace baseline

namespace {

using bpl::prim::Prim;
using bpl::value::Value;

struct Times {
    double best, median;
};

// Runs f and g alternately `reps` times each (so drifting load on a shared machine falls on both
// sides alike) and returns the fastest and median time of each.
template <class F, class G>
std::pair<Times, Times> time_pair(int reps, F f, G g) {
    std::vector<double> a, b;
    auto once = [](auto& fn, std::vector<double>& ms) {
        auto t0 = std::chrono::steady_clock::now();
        fn();
        auto t1 = std::chrono::steady_clock::now();
        ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    };
    for (int r = 0; r < reps; r++) {
        once(f, a);
        once(g, b);
    }
    auto summary = [](std::vector<double>& ms) {
        std::sort(ms.begin(), ms.end());
        return Times{ms.front(), ms[ms.size() / 2]};
    };
    return {summary(a), summary(b)};
}

double sink = 0;

} // namespace

int main(int argc, char** argv) {
    int64_t n = argc > 1 ? std::atoll(argv[1]) : 4096;
    int reps = argc > 2 ? std::atoi(argv[2]) : 11;
    auto m = bpl::value::ArrayData::compact(bpl::number::Kind::F64, {n, n});
    double* a = m->items_as<double>();
    for (int64_t i = 0; i < n * n; i++) a[i] = static_cast<double>(i % 1000003);
    Value M = Value::array(m);

    // the engine and the baseline agree (a spot check of each)
    Value t = bpl::prim::call(Prim::Transpose, M).read(), v = bpl::prim::call(Prim::Reverse, M).read();
    auto bt = baseline::transpose(a, n), bv = baseline::reverse(a, n);
    for (int64_t i = 0; i < n * n; i += 9973)
        if (t.array_data().items_as<double>()[i] != bt[i] || v.array_data().items_as<double>()[i] != bv[i]) {
            std::printf("MISMATCH at %lld\n", static_cast<long long>(i));
            return 1;
        }

    // the kernel alone into a warm buffer: what a block stage calls
    std::vector<double> warm(static_cast<size_t>(n * n));
    std::vector<int64_t> shape{n, n}, r;
    bpl::math::Mapping mt = bpl::math::Mapping::reorder(shape, {1, 0}, r);
    bpl::math::Mapping mv = bpl::math::Mapping::reverse(shape, 1);
    double fill = 0;
    auto kernel = [&](const bpl::math::Mapping& map) {
        bpl::math::copy(map, bpl::number::Kind::F64, a, warm.data(), 0, n * n, &fill);
        sink += warm[1];
    };
    struct Row {
        const char* name;
        std::pair<Times, Times> t;
    } rows[] = {
        {"⍉M (call + read)",
         time_pair(reps, [&] { sink += bpl::prim::call(Prim::Transpose, M).read().count(); },
                   [&] { sink += baseline::transpose(a, n)[1]; })},
        {"⌽M (call + read)",
         time_pair(reps, [&] { sink += bpl::prim::call(Prim::Reverse, M).read().count(); },
                   [&] { sink += baseline::reverse(a, n)[1]; })},
        {"⍉ kernel, warm buffer",
         time_pair(reps, [&] { kernel(mt); },
                   [&] { baseline::transpose_into(a, n, warm.data()); sink += warm[1]; })},
        {"⌽ kernel, warm buffer",
         time_pair(reps, [&] { kernel(mv); },
                   [&] { baseline::reverse_into(a, n, warm.data()); sink += warm[1]; })},
    };
    std::printf("%lld×%lld float64, %d runs (ms: fastest / median)\n", static_cast<long long>(n),
                static_cast<long long>(n), reps);
    std::printf("| op | BPL | C++ -O3 -march=native | BPL/C++ (fastest) | BPL/C++ (median) |\n|---|---|---|---|---|\n");
    for (const Row& r : rows) {
        const Times &b = r.t.first, &c = r.t.second;
        std::printf("| %s | %.1f / %.1f | %.1f / %.1f | %.2f | %.2f |\n", r.name, b.best, b.median,
                    c.best, c.median, b.best / c.best, b.median / c.median);
    }
    return sink == 0.5 ? 1 : 0;
}
