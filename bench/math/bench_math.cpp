// ns/item for each hot float function and kind (f32, f64): our kernel (math::unary/binary on the
// best ISA) against a plain scalar glibc loop over the same array. Prints one line per row:
//   <function> <kind> <ours ns/item> <glibc ns/item>
// bench/math/run.sh reads these, measures NumPy on the same inputs and prints the ratios.
#include "math/kernel.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace bpl::math;
using bpl::number::Kind;

namespace {

struct Row {
    const char* name;
    Fn fn;
    double lo, hi;        // x uniform on [lo, hi]
    double ylo = 0, yhi = 0; // y for dyads
    double (*g64)(double) = nullptr;
    float (*g32)(float) = nullptr;
    double (*g64b)(double, double) = nullptr;
    float (*g32b)(float, float) = nullptr;
};

template <class F>
double best_ns(F&& body, int64_t n, int reps) {
    double best = 1e30;
    for (int r = 0; r < reps; ++r) {
        auto t0 = std::chrono::steady_clock::now();
        body();
        auto t1 = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double, std::nano>(t1 - t0).count() / n);
    }
    return best;
}

template <class T>
void run(const Row& r, int64_t n, int reps) {
    std::mt19937_64 g(42);
    std::uniform_real_distribution<double> ux(r.lo, r.hi), uy(r.ylo, r.yhi);
    std::vector<T> x(n), y(n), out(n);
    for (auto& v : x) v = static_cast<T>(ux(g));
    for (auto& v : y) v = static_cast<T>(uy(g));
    const bool dy = r.g64b != nullptr;
    const Kind k = std::is_same_v<T, double> ? Kind::F64 : Kind::F32;
    ErrorSlot slot;
    double ours = best_ns(
        [&] {
            if (dy) binary(r.fn, k, x.data(), 1, y.data(), 1, out.data(), n, slot);
            else unary(r.fn, k, x.data(), 1, out.data(), n, slot);
        },
        n, reps);
    double glibc = best_ns(
        [&] {
            if constexpr (std::is_same_v<T, double>) {
                if (dy) for (int64_t i = 0; i < n; ++i) out[i] = r.g64b(x[i], y[i]);
                else for (int64_t i = 0; i < n; ++i) out[i] = r.g64(x[i]);
            } else {
                if (dy) for (int64_t i = 0; i < n; ++i) out[i] = r.g32b(x[i], y[i]);
                else for (int64_t i = 0; i < n; ++i) out[i] = r.g32(x[i]);
            }
        },
        n, reps);
    std::printf("%s %s %.3f %.3f\n", r.name, std::is_same_v<T, double> ? "f64" : "f32", ours,
                glibc);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
    int64_t n = argc > 1 ? std::atoll(argv[1]) : 1000000;
    int reps = argc > 2 ? std::atoi(argv[2]) : 7;
    // clang-format off
    std::vector<Row> rows = {
        {"exp",   Fn::Exp,   -50, 50,    0, 0, [](double v) { return std::exp(v); },   [](float v) { return std::exp(v); }},
        {"log",   Fn::Ln,    1e-3, 1e3,  0, 0, [](double v) { return std::log(v); },   [](float v) { return std::log(v); }},
        {"sin",   Fn::Sin,   -100, 100,  0, 0, [](double v) { return std::sin(v); },   [](float v) { return std::sin(v); }},
        {"cos",   Fn::Cos,   -100, 100,  0, 0, [](double v) { return std::cos(v); },   [](float v) { return std::cos(v); }},
        {"tan",   Fn::Tan,   -100, 100,  0, 0, [](double v) { return std::tan(v); },   [](float v) { return std::tan(v); }},
        {"tanh",  Fn::Tanh,  -5, 5,      0, 0, [](double v) { return std::tanh(v); },  [](float v) { return std::tanh(v); }},
        {"atan",  Fn::Atan,  -10, 10,    0, 0, [](double v) { return std::atan(v); },  [](float v) { return std::atan(v); }},
        {"sqrt",  Fn::Sqrt,  1e-3, 1e3,  0, 0, [](double v) { return std::sqrt(v); },  [](float v) { return std::sqrt(v); }},
        {"cbrt",  Fn::Cbrt,  -1e3, 1e3,  0, 0, [](double v) { return std::cbrt(v); },  [](float v) { return std::cbrt(v); }},
        {"log1p", Fn::Log1p, -0.5, 100,  0, 0, [](double v) { return std::log1p(v); }, [](float v) { return std::log1p(v); }},
        {"expm1", Fn::Expm1, -5, 5,      0, 0, [](double v) { return std::expm1(v); }, [](float v) { return std::expm1(v); }},
        {"asin",  Fn::Asin,  -1, 1,      0, 0, [](double v) { return std::asin(v); },  [](float v) { return std::asin(v); }},
        {"sinh",  Fn::Sinh,  -5, 5,      0, 0, [](double v) { return std::sinh(v); },  [](float v) { return std::sinh(v); }},
    };
    // clang-format on
    Row pw{"pow", Fn::Power, 1e-3, 10, -5, 5};
    pw.g64b = [](double a, double b) { return std::pow(a, b); };
    pw.g32b = [](float a, float b) { return std::pow(a, b); };
    rows.push_back(pw);
    for (const Row& r : rows) {
        run<float>(r, n, reps);
        run<double>(r, n, reps);
    }
    return 0;
}
