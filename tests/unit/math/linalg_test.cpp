// ⌹'s LAPACK routines (math/linalg.h), checked by their defining equations rather than by
// stored answers: A·inverse = I, A·Z = B for square systems, and the normal equations
// Aᵀ(A·Z − B) = 0 for least squares; singular and non-finite inputs are data errors.
#include "math/linalg.h"

#include <gtest/gtest.h>

#include <array>
#include <complex>
#include <random>
#include <vector>

using namespace bpl::math;
using C = std::complex<double>;

namespace {

template <class T>
std::vector<T> product(const std::vector<T>& a, int64_t m, int64_t n, const std::vector<T>& b, int64_t r) {
    std::vector<T> out(static_cast<size_t>(m * r), T(0));
    for (int64_t i = 0; i < m; i++)
        for (int64_t k = 0; k < n; k++)
            for (int64_t j = 0; j < r; j++) out[i * r + j] += a[i * n + k] * b[k * r + j];
    return out;
}

template <class T>
std::vector<T> random_matrix(int64_t m, int64_t n, std::mt19937_64& g) {
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<T> a(static_cast<size_t>(m * n));
    for (T& x : a) {
        if constexpr (std::is_same_v<T, C> || std::is_same_v<T, std::complex<float>>)
            x = T(static_cast<typename T::value_type>(u(g)), static_cast<typename T::value_type>(u(g)));
        else x = static_cast<T>(u(g));
    }
    return a;
}

} // namespace

TEST(Linalg, InverseTimesMatrixIsIdentity) {
    std::mt19937_64 g(1);
    for (int64_t n : {1, 2, 5, 17}) {
        auto a = random_matrix<double>(n, n, g);
        std::vector<double> inv(static_cast<size_t>(n * n));
        ErrorSlot slot;
        matrix_inverse(Kind::F64, a.data(), n, n, inv.data(), slot);
        ASSERT_FALSE(slot.has_error());
        auto id = product(a, n, n, inv, n);
        for (int64_t i = 0; i < n; i++)
            for (int64_t j = 0; j < n; j++) EXPECT_NEAR(id[i * n + j], i == j ? 1.0 : 0.0, 1e-10) << n;
    }
}

TEST(Linalg, SquareComplexSystemsSolve) {
    std::mt19937_64 g(2);
    int64_t n = 6, r = 3;
    auto a = random_matrix<C>(n, n, g), b = random_matrix<C>(n, r, g);
    std::vector<C> z(static_cast<size_t>(n * r));
    ErrorSlot slot;
    matrix_divide(Kind::C128, a.data(), n, n, b.data(), r, z.data(), slot);
    ASSERT_FALSE(slot.has_error());
    auto az = product(a, n, n, z, r);
    for (size_t i = 0; i < az.size(); i++) EXPECT_LT(std::abs(az[i] - b[i]), 1e-10);
}

TEST(Linalg, TallSystemsSatisfyTheNormalEquations) {
    std::mt19937_64 g(3);
    int64_t m = 9, n = 4, r = 2;
    auto a = random_matrix<double>(m, n, g), b = random_matrix<double>(m, r, g);
    std::vector<double> z(static_cast<size_t>(n * r));
    ErrorSlot slot;
    matrix_divide(Kind::F64, a.data(), m, n, b.data(), r, z.data(), slot);
    ASSERT_FALSE(slot.has_error());
    auto az = product(a, m, n, z, r);
    for (int64_t k = 0; k < n; k++) // column k of A against every residual column
        for (int64_t j = 0; j < r; j++) {
            double dot = 0;
            for (int64_t i = 0; i < m; i++) dot += a[i * n + k] * (az[i * r + j] - b[i * r + j]);
            EXPECT_NEAR(dot, 0.0, 1e-10);
        }
    // the pseudoinverse of a tall matrix is a left inverse
    std::vector<double> pinv(static_cast<size_t>(n * m));
    matrix_inverse(Kind::F64, a.data(), m, n, pinv.data(), slot);
    auto left = product(pinv, n, m, a, n);
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < n; j++) EXPECT_NEAR(left[i * n + j], i == j ? 1.0 : 0.0, 1e-10);
}

TEST(Linalg, SingularRankDeficientAndNonFiniteAreDomainErrors) {
    std::vector<double> ones(4, 1.0), out(6);
    ErrorSlot s1;
    matrix_inverse(Kind::F64, ones.data(), 2, 2, out.data(), s1);
    EXPECT_TRUE(s1.has_error());
    EXPECT_EQ(s1.kind, bpl::base::ErrorKind::Domain);
    std::vector<double> tall(6, 1.0); // 3×2 of ones: rank 1
    ErrorSlot s2;
    matrix_inverse(Kind::F64, tall.data(), 3, 2, out.data(), s2);
    EXPECT_TRUE(s2.has_error());
    std::vector<double> inf{1, 0, 0, HUGE_VAL};
    ErrorSlot s3;
    matrix_inverse(Kind::F64, inf.data(), 2, 2, out.data(), s3);
    EXPECT_TRUE(s3.has_error());
}

// dense_product against the triple loop above, for every shape route (gemm, gemv either side,
// dot) and every kind BLAS serves; other kinds are declined.
template <class T>
void check_dense(Kind k, int64_t m, int64_t n, int64_t p, double tol) {
    std::mt19937_64 g(static_cast<uint64_t>(m * 131 + n * 17 + p));
    std::vector<T> a = random_matrix<T>(m, n, g), b = random_matrix<T>(n, p, g);
    std::vector<T> want = product(a, m, n, b, p), got(static_cast<size_t>(m * p));
    ASSERT_TRUE(dense_product(k, a.data(), b.data(), m, n, p, got.data()));
    for (size_t i = 0; i < want.size(); i++) EXPECT_LT(std::abs(got[i] - want[i]), tol) << i;
}

TEST(Linalg, DenseProductMatchesTheTripleLoop) {
    for (auto [m, n, p] : {std::array<int64_t, 3>{5, 7, 3}, {1, 9, 4}, {6, 8, 1}, {1, 11, 1}, {40, 70, 30}}) {
        check_dense<double>(Kind::F64, m, n, p, 1e-12);
        check_dense<float>(Kind::F32, m, n, p, 1e-4);
        check_dense<C>(Kind::C128, m, n, p, 1e-12);
        check_dense<std::complex<float>>(Kind::C64, m, n, p, 1e-4);
    }
    std::vector<int64_t> ia{1, 2}, ib{3, 4}, out(1);
    EXPECT_FALSE(dense_product(Kind::Int, ia.data(), ib.data(), 1, 2, 1, out.data()));
}
