// ns/item for each hot float function and kind (f32, f64): our kernel (math::unary/binary on the
// best ISA) against a plain scalar glibc loop over the same array, plus a plain copy of the same
// buffer (the bandwidth floor). Prints one line per row:
//   <function> <kind> <ours ns/item> <glibc ns/item> <input checksum>
// bench/math/run.sh reads these, measures NumPy on the same arrays and prints the ratios.
//
// Both sides do the same work (see README.md, "Method"): inputs come from a counter hash that
// numpy_ratios.py recomputes bit for bit (the checksum proves it), buffers are 64-byte aligned,
// the output is preallocated and already written once, and each side is timed best of `reps`
// after one untimed warm-up run.
#include "math/kernel.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>
#include <sys/mman.h>

using namespace bpl::math;
using bpl::number::Kind;

namespace {

struct Row {
    const char* name;
    Fn fn;
    double lo, hi;           // x uniform on [lo, hi]
    double ylo = 0, yhi = 0; // y for dyads
    double (*g64)(double) = nullptr;
    float (*g32)(float) = nullptr;
    double (*g64b)(double, double) = nullptr;
    float (*g32b)(float, float) = nullptr;
};

template <class F>
double best_ns(F&& body, int64_t n, int reps) {
    body(); // warm-up: caches, page faults and branch history are not timed
    double best = 1e30;
    for (int r = 0; r < reps; ++r) {
        auto t0 = std::chrono::steady_clock::now();
        body();
        auto t1 = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double, std::nano>(t1 - t0).count() / n);
    }
    return best;
}

// Uniform on [0, 1) from a counter: splitmix64 of seed + i, top 53 bits. numpy_ratios.py
// computes the same values with uint64 array arithmetic.
double unit(uint64_t seed, uint64_t i) {
    uint64_t z = seed + (i + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * 0x1p-53;
}

// 64-byte aligned buffer of n items (NumPy's side aligns its arrays the same way); one of 4 MiB
// or more is 2 MiB aligned and asks for transparent huge pages, as BPL's arrays
// (value/array.cpp) and NumPy's do.
template <class T>
struct Buf {
    T* p;
    explicit Buf(int64_t n) {
        constexpr size_t HUGE = size_t{1} << 21, BIG = size_t{4} << 20;
        size_t bytes = static_cast<size_t>(n) * sizeof(T);
        size_t align = bytes >= BIG ? HUGE : 64;
        bytes = (bytes + align - 1) / align * align;
        p = static_cast<T*>(std::aligned_alloc(align, bytes));
        if (align == HUGE) madvise(p, bytes, MADV_HUGEPAGE); // advice only
        std::memset(p, 0, bytes);
    }
    ~Buf() { std::free(p); }
    Buf(const Buf&) = delete;
    Buf& operator=(const Buf&) = delete;
};

template <class T>
void fill(T* x, int64_t n, uint64_t seed, double lo, double hi) {
    for (int64_t i = 0; i < n; ++i) x[i] = static_cast<T>(lo + (hi - lo) * unit(seed, i));
}

// Sum of the items' bit patterns mod 2^64: both sides print it, so the arrays are the same.
template <class T>
uint64_t checksum(const T* x, int64_t n) {
    using U = std::conditional_t<sizeof(T) == 8, uint64_t, uint32_t>;
    uint64_t s = 0;
    for (int64_t i = 0; i < n; ++i) {
        U u;
        std::memcpy(&u, &x[i], sizeof u);
        s += u;
    }
    return s;
}

template <class T>
const char* kind_name() {
    return std::is_same_v<T, double> ? "f64" : "f32";
}

// The bandwidth floor: the same bytes read and written as a unary row, no arithmetic.
template <class T>
void run_copy(int64_t n, int reps) {
    Buf<T> x(n), out(n);
    fill(x.p, n, 1, -1, 1);
    double ns = best_ns([&] { std::memcpy(out.p, x.p, static_cast<size_t>(n) * sizeof(T)); },
                        n, reps);
    std::printf("copy %s %.3f %.3f %llu\n", kind_name<T>(), ns, ns,
                static_cast<unsigned long long>(checksum(x.p, n)));
    std::fflush(stdout);
}

template <class T>
void run(const Row& r, int64_t n, int reps) {
    const bool dy = r.g64b != nullptr;
    Buf<T> x(n), y(n), out(n);
    fill(x.p, n, 1, r.lo, r.hi);
    if (dy) fill(y.p, n, 2, r.ylo, r.yhi);
    const Kind k = std::is_same_v<T, double> ? Kind::F64 : Kind::F32;
    ErrorSlot slot;
    T* o = out.p;
    const T* a = x.p;
    const T* b = y.p;
    double ours = best_ns(
        [&] {
            if (dy) binary(r.fn, k, a, 1, b, 1, o, n, slot);
            else unary(r.fn, k, a, 1, o, n, slot);
        },
        n, reps);
    double glibc = best_ns(
        [&] {
            if constexpr (std::is_same_v<T, double>) {
                if (dy) for (int64_t i = 0; i < n; ++i) o[i] = r.g64b(a[i], b[i]);
                else for (int64_t i = 0; i < n; ++i) o[i] = r.g64(a[i]);
            } else {
                if (dy) for (int64_t i = 0; i < n; ++i) o[i] = r.g32b(a[i], b[i]);
                else for (int64_t i = 0; i < n; ++i) o[i] = r.g32(a[i]);
            }
        },
        n, reps);
    std::printf("%s %s %.3f %.3f %llu\n", r.name, kind_name<T>(), ours, glibc,
                static_cast<unsigned long long>(checksum(x.p, n)));
    std::fflush(stdout);
}

bool wanted(const std::string& only, const char* name) {
    if (only.empty()) return true;
    std::string_view rest = only, want = name;
    while (true) { // one comma-separated row name at a time
        size_t comma = rest.find(',');
        if (rest.substr(0, comma) == want) return true;
        if (comma == std::string_view::npos) return false;
        rest.remove_prefix(comma + 1);
    }
}

} // namespace

// bench_math [items] [reps] [rows, comma-separated (default all)]
int main(int argc, char** argv) {
    int64_t n = argc > 1 ? std::atoll(argv[1]) : 1000000;
    int reps = argc > 2 ? std::atoi(argv[2]) : 11;
    std::string only = argc > 3 ? argv[3] : "";
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
    // the dyads: plain arithmetic (bound by memory at 10^6 items) and power
    auto dyad = [&](const char* name, Fn fn, double lo, double hi, double ylo, double yhi,
                    double (*g64)(double, double), float (*g32)(float, float)) {
        Row r{name, fn, lo, hi, ylo, yhi};
        r.g64b = g64;
        r.g32b = g32;
        rows.push_back(r);
    };
    dyad("add", Fn::Add, -1, 1, -1, 1, [](double a, double b) { return a + b; }, [](float a, float b) { return a + b; });
    dyad("mul", Fn::Multiply, -1, 1, -1, 1, [](double a, double b) { return a * b; }, [](float a, float b) { return a * b; });
    dyad("div", Fn::Divide, -1, 1, 1, 2, [](double a, double b) { return a / b; }, [](float a, float b) { return a / b; });
    dyad("pow", Fn::Power, 1e-3, 10, -5, 5, [](double a, double b) { return std::pow(a, b); }, [](float a, float b) { return std::pow(a, b); });
    if (wanted(only, "copy")) {
        run_copy<float>(n, reps);
        run_copy<double>(n, reps);
    }
    for (const Row& r : rows) {
        if (!wanted(only, r.name)) continue;
        run<float>(r, n, reps);
        run<double>(r, n, reps);
    }
    return 0;
}
