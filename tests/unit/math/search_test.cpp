// The search routines on complex items: compared as whole numbers (both parts, the complex
// tolerance), ordered by real part then imaginary part. Expectations are worked by hand.
#include "math/search.h"

#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <vector>

namespace bpl::math {
namespace {

using number::Kind;
using C = std::complex<double>;

std::vector<int64_t> run_int(Routine r, const std::vector<C>& a, const std::vector<C>& b = {}) {
    ErrorSlot slot;
    std::vector<int64_t> out(r == Routine::IndexOf || r == Routine::IntervalIndex ? b.size() : a.size());
    run_routine(r, Kind::C128, a.data(), static_cast<int64_t>(a.size()), b.data(),
                static_cast<int64_t>(b.size()), 1, out.data(), static_cast<int64_t>(out.size()), slot);
    return out;
}

TEST(SearchComplex, GradeOrdersRealThenImaginary) {
    std::vector<C> a = {{1, 2}, {1, 1}, {0, 5}, {1, -1}};
    EXPECT_EQ(run_int(Routine::GradeUp, a), (std::vector<int64_t>{2, 3, 1, 0}));
    EXPECT_EQ(run_int(Routine::GradeDown, a), (std::vector<int64_t>{0, 1, 3, 2}));
}

TEST(SearchComplex, IndexOfComparesBothParts) {
    std::vector<C> table = {{0, 3}, {0, 1}, {0, 2}};
    std::vector<C> query = {{0, 1}, {1, 0}, {0, 2}, {3, 0}};
    EXPECT_EQ(run_int(Routine::IndexOf, table, query), (std::vector<int64_t>{1, 3, 2, 3}));
}

TEST(SearchComplex, IndexOfIsTolerantOnTheMagnitude) {
    // |Δ| = 1E¯15 against |x| ≈ 1E0: within 1E¯14 relative; 1E¯12 is not
    std::vector<C> table = {{1, 1}, {2, 0}};
    std::vector<C> query = {{1, 1 + 1e-15}, {1 + 1e-12, 1}};
    EXPECT_EQ(run_int(Routine::IndexOf, table, query), (std::vector<int64_t>{0, 2}));
    // a large real part makes a small imaginary difference tolerable (relative to |x|)
    std::vector<C> big = {{1e10, 1}};
    std::vector<C> near = {{1e10, 1 + 1e-6}};
    EXPECT_EQ(run_int(Routine::IndexOf, big, near), (std::vector<int64_t>{0}));
}

TEST(SearchComplex, UniqueMaskAndInterval) {
    std::vector<C> a = {{0, 1}, {0, 1}, {0, 2}, {1, 0}};
    std::vector<uint8_t> mask(a.size());
    ErrorSlot slot;
    run_routine(Routine::UniqueMask, Kind::C128, a.data(), 4, nullptr, 0, 1, mask.data(), 4, slot);
    EXPECT_EQ(mask, (std::vector<uint8_t>{1, 0, 1, 1}));
    std::vector<C> table = {{1, -1}, {1, 0}, {1, 1}};
    std::vector<C> query = {{1, -2}, {1, 0}, {1, 2}};
    EXPECT_EQ(run_int(Routine::IntervalIndex, table, query), (std::vector<int64_t>{0, 2, 3}));
}

TEST(SearchComplex, Complex64ComparesExactly) {
    std::vector<std::complex<float>> table = {{0, 3}, {0, 1}};
    std::vector<std::complex<float>> query = {{0, 1}, {0, 1.0000001f}};
    std::vector<int64_t> out(2);
    ErrorSlot slot;
    run_routine(Routine::IndexOf, Kind::C64, table.data(), 2, query.data(), 2, 1, out.data(), 2, slot);
    EXPECT_EQ(out, (std::vector<int64_t>{1, 2}));
}

} // namespace
} // namespace bpl::math
