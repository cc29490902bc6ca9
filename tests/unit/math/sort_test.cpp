// Grade and sort (math/sort.h, run through run_routine's GradeUp, GradeDown, SortUp, SortDown) on
// every compact kind, against std::stable_sort of the positions with an explicit comparator of the
// structural order (functions.md §0.7: by value, no tolerance, ¯0 = 0, NaN after every number and
// equal to every NaN; complex by real then imaginary part; cells lexicographically). Random data
// with NaNs of several payloads and signs, ±0, ±∞, subnormals and duplicates, at sizes on both
// sides of the short-operand threshold. Sorts compare bits, so ¯0 and NaN payloads must come back
// in their stable places.
#include "math/search.h"
#include "math/sort.h"
#include "number/f16.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

namespace bpl::math {
namespace {

using number::Kind;

// Structural order of two reals: −1, 0 or 1.
int order(double x, double y) {
    bool nx = std::isnan(x), ny = std::isnan(y);
    if (nx || ny) return nx == ny ? 0 : (nx ? 1 : -1);
    return x < y ? -1 : x > y;
}

// The oracle: the stable permutation of n cells of `w` items under `cmp` (items as doubles).
std::vector<int64_t> oracle(const std::vector<double>& items, int64_t n, int64_t w, bool down) {
    std::vector<int64_t> perm(static_cast<size_t>(n));
    std::iota(perm.begin(), perm.end(), 0);
    std::stable_sort(perm.begin(), perm.end(), [&](int64_t p, int64_t q) {
        for (int64_t j = 0; j < w; j++) {
            int c = order(items[p * w + j], items[q * w + j]);
            if (c) return down ? c > 0 : c < 0;
        }
        return false;
    });
    return perm;
}

std::vector<int64_t> run_grade(Kind k, const void* a, int64_t n, int64_t cell, bool down) {
    std::vector<int64_t> out(static_cast<size_t>(n), -1);
    ErrorSlot slot;
    run_routine(down ? Routine::GradeDown : Routine::GradeUp, k, a, n, nullptr, 0, cell, out.data(), n, slot);
    return out;
}

// Grades and sorts `buf` (n cells of `cell` items of kind k, `parts` words of `size` bytes per
// item; `items` the same values as doubles, one per word) both ways against the oracle.
void check(Kind k, const void* buf, size_t size, const std::vector<double>& items, int64_t n, int64_t cell,
           int parts) {
    int64_t w = cell * parts;
    for (bool down : {false, true}) {
        std::vector<int64_t> want = oracle(items, n, w, down);
        EXPECT_EQ(run_grade(k, buf, n, cell, down), want) << "kind " << int(k) << " n " << n << " down " << down;
        size_t bytes = static_cast<size_t>(w) * size;
        std::vector<std::byte> sorted(static_cast<size_t>(n) * bytes), expect(sorted.size());
        for (int64_t i = 0; i < n; i++)
            std::memcpy(expect.data() + i * bytes, static_cast<const std::byte*>(buf) + want[i] * bytes, bytes);
        ErrorSlot slot;
        run_routine(down ? Routine::SortDown : Routine::SortUp, k, buf, n, nullptr, 0, cell, sorted.data(),
                    n * cell, slot);
        EXPECT_TRUE(sorted == expect) << "sort: kind " << int(k) << " n " << n << " down " << down;
    }
}

// Values with many ties and every special: a small pool drawn often, plus random values.
double special_double(std::mt19937_64& g) {
    static const double POOL[] = {0.0,
                                  -0.0,
                                  1.0,
                                  -1.0,
                                  2.5,
                                  std::numeric_limits<double>::infinity(),
                                  -std::numeric_limits<double>::infinity(),
                                  std::numeric_limits<double>::denorm_min(),
                                  -std::numeric_limits<double>::denorm_min(),
                                  std::numeric_limits<double>::max(),
                                  std::numeric_limits<double>::lowest()};
    uint64_t r = g();
    switch (r % 8) {
    case 0: return POOL[(r >> 8) % (sizeof POOL / sizeof POOL[0])];
    case 1: { // a NaN: quiet or signalling, either sign, some payload
        uint64_t bits = 0x7FF0000000000000ULL | ((r >> 8) & 0x000FFFFFFFFFFFFFULL) | 1;
        if (r & 0x80) bits |= 0x8000000000000000ULL;
        double d;
        std::memcpy(&d, &bits, sizeof d);
        return d;
    }
    case 2: return std::ldexp(static_cast<double>(r >> 11), -53) * ((r & 1) ? 1 : -1) * 1e-300;
    default: return std::ldexp(static_cast<double>((r >> 11) % 1000003), -10) * ((r & 1) ? 1 : -1);
    }
}

const std::vector<int64_t> SIZES = {0, 1, 2, 3, 17, SORT_SHORT - 1, SORT_SHORT, SORT_SHORT + 1, 3000, 70000};

TEST(Sort, Float64) {
    std::mt19937_64 g(1);
    for (int64_t n : SIZES) {
        std::vector<double> a(static_cast<size_t>(n));
        for (double& x : a) x = special_double(g);
        check(Kind::F64, a.data(), 8, a, n, 1, 1);
    }
}

TEST(Sort, Float32) {
    std::mt19937_64 g(2);
    for (int64_t n : SIZES) {
        std::vector<float> a(static_cast<size_t>(n));
        for (float& x : a) x = static_cast<float>(special_double(g)); // NaN payloads narrow too
        check(Kind::F32, a.data(), 4, std::vector<double>(a.begin(), a.end()), n, 1, 1);
    }
}

TEST(Sort, Float16) {
    std::mt19937_64 g(3);
    for (int64_t n : SIZES) {
        std::vector<uint16_t> a(static_cast<size_t>(n)); // every bit pattern: NaNs, ¯0, ∞, subnormals
        std::vector<double> v(a.size());
        for (size_t i = 0; i < a.size(); i++) {
            a[i] = static_cast<uint16_t>(g() % 4 ? g() : g() % 8 + 0x7BFE); // often near ∞ and NaN
            v[i] = number::to_float(number::f16{a[i]});
        }
        check(Kind::F16, a.data(), 2, v, n, 1, 1);
    }
}

template <class T>
void check_ints(Kind k, uint64_t seed, int bits_range) {
    std::mt19937_64 g(seed);
    for (int64_t n : SIZES) {
        std::vector<T> a(static_cast<size_t>(n));
        for (T& x : a) {
            uint64_t r = g();
            if (r % 5 == 0) x = (r & 8) ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max();
            else if (r % 5 == 1) x = static_cast<T>((r >> 8) % 7);
            else x = static_cast<T>(r >> (64 - bits_range));
        }
        check(k, a.data(), sizeof(T), std::vector<double>(a.begin(), a.end()), n, 1, 1);
    }
}

TEST(Sort, Integers) {
    check_ints<int8_t>(Kind::I8, 4, 8);
    check_ints<int16_t>(Kind::I16, 5, 16);
    check_ints<int32_t>(Kind::I32, 6, 32);
    check_ints<int64_t>(Kind::I64, 7, 50); // 50 bits: exact as doubles for the oracle
    check_ints<int64_t>(Kind::Int, 8, 50);
}

TEST(Sort, IntegersBeyondDoublePrecision) {
    // neighbours that one double cannot tell apart: the order is the integers' own
    std::vector<int64_t> a = {INT64_MAX, INT64_MAX - 1, INT64_MIN + 1, INT64_MIN, -1, 0, 1};
    for (int rep = 0; rep < 9; rep++) a.insert(a.end(), a.begin(), a.begin() + 7); // past SORT_SHORT
    while (static_cast<int64_t>(a.size()) < SORT_SHORT + 10) a.push_back(static_cast<int64_t>(a.size()) << 40);
    std::vector<int64_t> want(a.size());
    std::iota(want.begin(), want.end(), 0);
    std::stable_sort(want.begin(), want.end(), [&](int64_t p, int64_t q) { return a[p] < a[q]; });
    EXPECT_EQ(run_grade(Kind::Int, a.data(), static_cast<int64_t>(a.size()), 1, false), want);
}

TEST(Sort, BooleansAndCharacters) {
    std::mt19937_64 g(9);
    for (int64_t n : SIZES) {
        std::vector<uint8_t> b(static_cast<size_t>(n));
        std::vector<char32_t> c(b.size());
        for (size_t i = 0; i < b.size(); i++) {
            b[i] = g() & 1;
            uint64_t r = g();
            c[i] = static_cast<char32_t>(r % 3 ? 'a' + r % 26 : (r >> 8) % 0x110000);
        }
        check(Kind::Bool, b.data(), 1, std::vector<double>(b.begin(), b.end()), n, 1, 1);
        check(Kind::Char, c.data(), 4, std::vector<double>(c.begin(), c.end()), n, 1, 1);
    }
}

TEST(Sort, Complex) {
    std::mt19937_64 g(10);
    for (int64_t n : SIZES) {
        std::vector<double> d(static_cast<size_t>(2 * n)); // real, imaginary: few real parts, so ties
        for (size_t i = 0; i < d.size(); i++) d[i] = i % 2 == 0 && g() % 2 ? static_cast<double>(g() % 4) : special_double(g);
        check(Kind::C128, d.data(), 8, d, n, 1, 2);
        std::vector<float> f(d.begin(), d.end());
        check(Kind::C64, f.data(), 4, std::vector<double>(f.begin(), f.end()), n, 1, 2);
    }
}

TEST(Sort, CellsOrderLexicographically) {
    std::mt19937_64 g(11);
    for (int64_t cell : {2, 3, 5}) {
        for (int64_t n : SIZES) {
            std::vector<double> d(static_cast<size_t>(n * cell)); // few values per column: long ties
            for (double& x : d) x = g() % 3 ? static_cast<double>(g() % 3) : special_double(g);
            check(Kind::F64, d.data(), 8, d, n, cell, 1);
            std::vector<int32_t> i32(d.size());
            for (size_t i = 0; i < d.size(); i++) i32[i] = static_cast<int32_t>(g() % 4) - 2;
            check(Kind::I32, i32.data(), 4, std::vector<double>(i32.begin(), i32.end()), n, cell, 1);
        }
    }
}

TEST(Sort, ZeroWidthCellsAreTies) {
    std::vector<double> none;
    EXPECT_EQ(run_grade(Kind::F64, none.data(), 5, 0, false), (std::vector<int64_t>{0, 1, 2, 3, 4}));
    EXPECT_EQ(run_grade(Kind::F64, none.data(), 5, 0, true), (std::vector<int64_t>{0, 1, 2, 3, 4}));
}

TEST(Sort, AllEqualKeysKeepTheInput) {
    // one key for every item: no radix pass runs; ¯0 and 0 (one key) stay where they are
    std::vector<double> a(2000);
    for (size_t i = 0; i < a.size(); i++) a[i] = i % 3 ? 0.0 : -0.0;
    std::vector<double> out(a.size());
    ErrorSlot slot;
    int64_t n = static_cast<int64_t>(a.size());
    run_routine(Routine::SortDown, Kind::F64, a.data(), n, nullptr, 0, 1, out.data(), n, slot);
    for (size_t i = 0; i < a.size(); i++) EXPECT_EQ(std::signbit(out[i]), std::signbit(a[i])) << i;
    std::vector<int64_t> id(a.size());
    std::iota(id.begin(), id.end(), 0);
    EXPECT_EQ(run_grade(Kind::F64, a.data(), n, 1, true), id);
}

} // namespace
} // namespace bpl::math
