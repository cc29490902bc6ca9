// •decompose's LAPACK routines (math/linalg.h, decompose.cpp), checked by their defining
// equations on random matrices rather than by stored answers: each factorization multiplies
// back to its matrix, orthonormal factors are orthonormal, eigenpairs satisfy A·v = λ·v; bad
// inputs are data errors in the slot.
#include "math/linalg.h"
#include "math/search.h"

#include <gtest/gtest.h>

#include <complex>
#include <random>
#include <vector>

using namespace bpl::math;
using C = std::complex<double>;

namespace {

template <class T>
std::vector<T> random_matrix(int64_t m, int64_t n, std::mt19937_64& g) {
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<T> a(static_cast<size_t>(m * n));
    for (T& x : a) {
        if constexpr (std::is_same_v<T, C>) x = C(u(g), u(g));
        else x = u(g);
    }
    return a;
}

double conj(double x) { return x; }
C conj(C z) { return std::conj(z); }

// a (m×k) +.× b (k×n), with b conjugate-transposed (b is n×k) when `adjoint`.
template <class T>
std::vector<T> mul(const T* a, const T* b, int64_t m, int64_t k, int64_t n, bool adjoint = false) {
    std::vector<T> out(static_cast<size_t>(m * n), T(0));
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++)
            for (int64_t l = 0; l < k; l++) out[i * n + j] += a[i * k + l] * (adjoint ? conj(b[j * k + l]) : b[l * n + j]);
    return out;
}

template <class T>
void expect_near(const std::vector<T>& x, const T* y, double tol = 1e-12) {
    for (size_t i = 0; i < x.size(); i++) EXPECT_LT(std::abs(x[i] - y[i]), tol) << "item " << i;
}

template <class T>
std::vector<T> identity(int64_t n) {
    std::vector<T> e(static_cast<size_t>(n * n), T(0));
    for (int64_t i = 0; i < n; i++) e[static_cast<size_t>(i * n + i)] = T(1);
    return e;
}

template <class T>
std::vector<T> run(Routine r, const std::vector<T>& a, int64_t m, int64_t n, int64_t nout, ErrorSlot& slot,
                   const T* b = nullptr) {
    std::vector<T> out(static_cast<size_t>(nout));
    decompose(r, std::is_same_v<T, C> ? Kind::C128 : Kind::F64, a.data(), m, n, b, out.data(), nout, slot);
    return out;
}

template <class T>
void check_svd(int64_t m, int64_t n, std::mt19937_64& g) {
    int64_t p = std::min(m, n);
    std::vector<T> a = random_matrix<T>(m, n, g);
    ErrorSlot slot;
    std::vector<T> f = run(Routine::Svd, a, m, n, m * p + p + n * p, slot);
    ASSERT_FALSE(slot.has_error());
    const T *u = f.data(), *s = u + m * p, *v = s + p;
    std::vector<T> us(u, u + m * p);
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < p; j++) us[static_cast<size_t>(i * p + j)] *= s[j];
    expect_near(mul(us.data(), v, m, p, n, true), a.data());
    for (int64_t j = 0; j + 1 < p; j++) EXPECT_GE(std::real(s[j]), std::real(s[j + 1])); // descending
    std::vector<T> ut(static_cast<size_t>(p * m)); // uᴴu = I
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < p; j++) ut[static_cast<size_t>(j * m + i)] = conj(u[i * p + j]);
    expect_near(mul(ut.data(), u, p, m, p), identity<T>(p).data());
}

template <class T>
void check_qr(int64_t m, int64_t n, std::mt19937_64& g) {
    int64_t p = std::min(m, n);
    std::vector<T> a = random_matrix<T>(m, n, g);
    ErrorSlot slot;
    std::vector<T> f = run(Routine::Qr, a, m, n, m * p + p * n, slot);
    ASSERT_FALSE(slot.has_error());
    const T *q = f.data(), *r = q + m * p;
    expect_near(mul(q, r, m, p, n), a.data());
    for (int64_t i = 0; i < p; i++)
        for (int64_t j = 0; j < i && j < n; j++) EXPECT_EQ(r[i * n + j], T(0)); // upper
}

template <class T>
std::vector<T> hermitian_matrix(int64_t n, std::mt19937_64& g) { // b bᴴ + n I: positive definite
    std::vector<T> b = random_matrix<T>(n, n, g);
    std::vector<T> a = mul(b.data(), b.data(), n, n, n, true);
    for (int64_t i = 0; i < n; i++) a[static_cast<size_t>(i * n + i)] += T(static_cast<double>(n));
    return a;
}

template <class T>
void check_cholesky_and_eigen(int64_t n, std::mt19937_64& g) {
    std::vector<T> a = hermitian_matrix<T>(n, g);
    EXPECT_TRUE(is_hermitian(std::is_same_v<T, C> ? Kind::C128 : Kind::F64, a.data(), n));
    ErrorSlot slot;
    std::vector<T> l = run(Routine::Cholesky, a, n, n, n * n, slot);
    ASSERT_FALSE(slot.has_error());
    expect_near(mul(l.data(), l.data(), n, n, n, true), a.data(), 1e-11);
    std::vector<T> e = run(Routine::EigenHermitian, a, n, n, n + n * n, slot);
    ASSERT_FALSE(slot.has_error());
    const T *values = e.data(), *vectors = values + n;
    std::vector<T> av = mul(a.data(), vectors, n, n, n), vl(vectors, vectors + n * n);
    for (int64_t i = 0; i < n * n; i++) vl[static_cast<size_t>(i)] *= values[i % n];
    expect_near(av, vl.data(), 1e-11);
    for (int64_t j = 0; j + 1 < n; j++) EXPECT_LE(std::real(values[j]), std::real(values[j + 1])); // ascending
    std::vector<T> back = run(Routine::EigenCompose, std::vector<T>(vectors, vectors + n * n), n, n, n * n, slot, values);
    ASSERT_FALSE(slot.has_error());
    expect_near(back, a.data(), 1e-11);
}

} // namespace

TEST(Decompose, SvdMultipliesBack) {
    std::mt19937_64 g(1);
    for (auto [m, n] : {std::pair{1, 1}, {3, 2}, {2, 3}, {6, 6}, {9, 4}, {4, 9}}) {
        check_svd<double>(m, n, g);
        check_svd<C>(m, n, g);
    }
}

TEST(Decompose, QrMultipliesBack) {
    std::mt19937_64 g(2);
    for (auto [m, n] : {std::pair{1, 1}, {3, 2}, {2, 3}, {6, 6}, {9, 4}, {4, 9}}) {
        check_qr<double>(m, n, g);
        check_qr<C>(m, n, g);
    }
}

TEST(Decompose, CholeskyAndHermitianEigen) {
    std::mt19937_64 g(3);
    for (int n : {1, 2, 5, 8}) {
        check_cholesky_and_eigen<double>(n, g);
        check_cholesky_and_eigen<C>(n, g);
    }
}

TEST(Decompose, GeneralEigenpairs) {
    std::mt19937_64 g(4);
    for (int64_t n : {1, 3, 7}) {
        std::vector<C> a = random_matrix<C>(n, n, g);
        ErrorSlot slot;
        std::vector<C> e = run(Routine::EigenGeneral, a, n, n, n + n * n, slot);
        ASSERT_FALSE(slot.has_error());
        const C *values = e.data(), *vectors = values + n;
        std::vector<C> av = mul(a.data(), vectors, n, n, n), vl(vectors, vectors + n * n);
        for (int64_t i = 0; i < n * n; i++) vl[static_cast<size_t>(i)] *= values[i % n];
        expect_near(av, vl.data(), 1e-11);
        std::vector<C> back = run(Routine::EigenCompose, std::vector<C>(vectors, vectors + n * n), n, n, n * n, slot, values);
        ASSERT_FALSE(slot.has_error());
        expect_near(back, a.data(), 1e-10);
    }
}

TEST(Decompose, DataErrors) {
    ErrorSlot indefinite;
    run<double>(Routine::Cholesky, {1, 2, 2, 1}, 2, 2, 4, indefinite);
    EXPECT_TRUE(indefinite.has_error());
    ErrorSlot unsymmetric;
    run<double>(Routine::Cholesky, {4, 1, 0, 3}, 2, 2, 4, unsymmetric);
    EXPECT_TRUE(unsymmetric.has_error());
    ErrorSlot infinite;
    run<double>(Routine::Svd, {1, INFINITY, 3, 4}, 2, 2, 8, infinite);
    EXPECT_TRUE(infinite.has_error());
    ErrorSlot dependent; // [1 1;0 1]'s eigenvectors: (1, 0) twice, up to rounding
    std::vector<double> values{1, 1};
    run<double>(Routine::EigenCompose, {1, -1, 0, 2.2e-16}, 2, 2, 4, dependent, values.data());
    EXPECT_TRUE(dependent.has_error());
    EXPECT_EQ(dependent.kind, bpl::base::ErrorKind::Domain);
}
