// ⌹ through LAPACK (linalg.h). Row-major operands are copied to column-major buffers; LAPACK
// overwrites them. The dense +.× through BLAS's C interface, row-major in place.
#include "math/linalg.h"

#include <cblas.h>

#include "number/complex.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <vector>

extern "C" {
// LAPACK's Fortran interface (OpenBLAS exports it).
void dgesv_(const int* n, const int* nrhs, double* a, const int* lda, int* ipiv, double* b,
            const int* ldb, int* info);
void zgesv_(const int* n, const int* nrhs, std::complex<double>* a, const int* lda, int* ipiv,
            std::complex<double>* b, const int* ldb, int* info);
void dgelss_(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b,
             const int* ldb, double* s, const double* rcond, int* rank, double* work,
             const int* lwork, int* info);
void zgelss_(const int* m, const int* n, const int* nrhs, std::complex<double>* a, const int* lda,
             std::complex<double>* b, const int* ldb, double* s, const double* rcond, int* rank,
             std::complex<double>* work, const int* lwork, double* rwork, int* info);
}

namespace bpl::math {

namespace {

bool finite(double x) { return std::isfinite(x); }
bool finite(const std::complex<double>& z) { return std::isfinite(z.real()) && std::isfinite(z.imag()); }

// a (m×n) and b (m×r), row-major → out (n×r), row-major; b null means the m×m identity.
template <class T>
void solve(const T* a, int64_t m, int64_t n, const T* b, int64_t r, T* out, ErrorSlot& slot) {
    int64_t count = n * r;
    std::fill(out, out + count, T(0));
    for (int64_t i = 0; i < m * n; i++)
        if (!finite(a[i])) return slot.record(base::ErrorKind::Domain, "⌹ needs finite entries");
    if (b)
        for (int64_t i = 0; i < m * r; i++)
            if (!finite(b[i])) return slot.record(base::ErrorKind::Domain, "⌹ needs finite entries");
    if (n == 0 || r == 0) return;
    if (m > std::numeric_limits<int>::max() / std::max<int64_t>(n, r))
        return slot.record(base::ErrorKind::Limit, "matrix too large for ⌹");
    int im = static_cast<int>(m), in = static_cast<int>(n), ir = static_cast<int>(r), info = 0;
    std::vector<T> ac(static_cast<size_t>(m * n)), bc(static_cast<size_t>(m * r));
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) ac[i + j * m] = a[i * n + j];
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < r; j++) bc[i + j * m] = b ? b[i * r + j] : T(i == j ? 1 : 0);
    if (m == n) {
        std::vector<int> pivots(static_cast<size_t>(n));
        if constexpr (std::is_same_v<T, double>) dgesv_(&in, &ir, ac.data(), &im, pivots.data(), bc.data(), &im, &info);
        else zgesv_(&in, &ir, ac.data(), &im, pivots.data(), bc.data(), &im, &info);
        if (info > 0) return slot.record(base::ErrorKind::Domain, "⌹ of a singular matrix");
    } else {
        // singular values below this share of the largest count as zero (rank deficient)
        double rcond = static_cast<double>(std::max(m, n)) * std::numeric_limits<double>::epsilon();
        std::vector<double> s(static_cast<size_t>(n));
        int rank = 0, lwork = -1;
        T query;
        std::vector<double> rwork(static_cast<size_t>(5 * n));
        auto call = [&](T* work, int lw) {
            if constexpr (std::is_same_v<T, double>)
                dgelss_(&im, &in, &ir, ac.data(), &im, bc.data(), &im, s.data(), &rcond, &rank, work, &lw, &info);
            else
                zgelss_(&im, &in, &ir, ac.data(), &im, bc.data(), &im, s.data(), &rcond, &rank, work, &lw,
                        rwork.data(), &info);
        };
        call(&query, lwork);
        lwork = static_cast<int>(std::real(query));
        std::vector<T> work(static_cast<size_t>(std::max(lwork, 1)));
        call(work.data(), lwork);
        if (info == 0 && rank < in) return slot.record(base::ErrorKind::Domain, "⌹ of a rank-deficient matrix");
    }
    if (info != 0) return slot.record(base::ErrorKind::Domain, "⌹ found no solution");
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < r; j++) out[i * r + j] = bc[i + j * m];
}

} // namespace

void matrix_inverse(Kind k, const void* a, int64_t m, int64_t n, void* out, ErrorSlot& slot) {
    if (k == Kind::C128)
        solve(static_cast<const std::complex<double>*>(a), m, n, static_cast<const std::complex<double>*>(nullptr), m,
              static_cast<std::complex<double>*>(out), slot);
    else
        solve(static_cast<const double*>(a), m, n, static_cast<const double*>(nullptr), m, static_cast<double*>(out), slot);
}

void matrix_divide(Kind k, const void* a, int64_t m, int64_t n, const void* b, int64_t r, void* out,
                   ErrorSlot& slot) {
    if (k == Kind::C128)
        solve(static_cast<const std::complex<double>*>(a), m, n, static_cast<const std::complex<double>*>(b), r,
              static_cast<std::complex<double>*>(out), slot);
    else
        solve(static_cast<const double*>(a), m, n, static_cast<const double*>(b), r, static_cast<double*>(out), slot);
}

namespace {

// A real product: a dot product for two vectors, gemv for one vector side, else gemm.
template <class T, class Dot, class Gemv, class Gemm>
void real_product(const T* a, const T* b, blasint m, blasint n, blasint p, T* out, Dot dot,
                  Gemv gemv, Gemm gemm) {
    if (m == 1 && p == 1) *out = dot(n, a, 1, b, 1);
    else if (p == 1) gemv(CblasRowMajor, CblasNoTrans, m, n, T(1), a, n, b, 1, T(0), out, 1);
    else if (m == 1) gemv(CblasRowMajor, CblasTrans, n, p, T(1), b, p, a, 1, T(0), out, 1);
    else gemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, p, n, T(1), a, n, b, p, T(0), out, p);
}

} // namespace

bool dense_product(Kind k, const void* a, const void* b, int64_t m, int64_t n, int64_t p, void* out) {
    constexpr int64_t MAX = std::numeric_limits<blasint>::max();
    if (m > MAX || n > MAX || p > MAX || m * n > MAX || n * p > MAX || m * p > MAX) return false;
    auto bm = static_cast<blasint>(m), bn = static_cast<blasint>(n), bp = static_cast<blasint>(p);
    switch (k) {
    case Kind::F64:
        real_product(static_cast<const double*>(a), static_cast<const double*>(b), bm, bn, bp,
                     static_cast<double*>(out), cblas_ddot, cblas_dgemv, cblas_dgemm);
        return true;
    case Kind::F32:
        real_product(static_cast<const float*>(a), static_cast<const float*>(b), bm, bn, bp,
                     static_cast<float*>(out), cblas_sdot, cblas_sgemv, cblas_sgemm);
        return true;
    case Kind::C128: {
        const std::complex<double> one(1), zero(0);
        cblas_zgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, bm, bp, bn, &one, a, bn, b, bp,
                    &zero, out, bp);
        return true;
    }
    case Kind::C64: {
        const std::complex<float> one(1), zero(0);
        cblas_cgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, bm, bp, bn, &one, a, bn, b, bp,
                    &zero, out, bp);
        return true;
    }
    default: return false;
    }
}

} // namespace bpl::math
