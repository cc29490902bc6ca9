// The factorizations of •decompose and the rebuild of its eigen inverse (linalg.h) through
// LAPACK's Fortran interface (OpenBLAS exports it). Row-major operands are copied to column-major
// buffers, which LAPACK overwrites; the factors are written back row-major, one after another.
// ⌹ and the dense product live in linalg.cpp.
#include "math/linalg.h"

#include "math/search.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <vector>

namespace {
using Z = std::complex<double>;
} // namespace

extern "C" {
// LAPACK's Fortran interface; each character argument's hidden length comes last (gfortran).
void dgesvd_(const char* jobu, const char* jobvt, const int* m, const int* n, double* a, const int* lda,
             double* s, double* u, const int* ldu, double* vt, const int* ldvt, double* work,
             const int* lwork, int* info, size_t, size_t);
void zgesvd_(const char* jobu, const char* jobvt, const int* m, const int* n, Z* a, const int* lda,
             double* s, Z* u, const int* ldu, Z* vt, const int* ldvt, Z* work, const int* lwork,
             double* rwork, int* info, size_t, size_t);
void dgeqrf_(const int* m, const int* n, double* a, const int* lda, double* tau, double* work,
             const int* lwork, int* info);
void zgeqrf_(const int* m, const int* n, Z* a, const int* lda, Z* tau, Z* work, const int* lwork, int* info);
void dorgqr_(const int* m, const int* n, const int* k, double* a, const int* lda, const double* tau,
             double* work, const int* lwork, int* info);
void zungqr_(const int* m, const int* n, const int* k, Z* a, const int* lda, const Z* tau, Z* work,
             const int* lwork, int* info);
void dpotrf_(const char* uplo, const int* n, double* a, const int* lda, int* info, size_t);
void zpotrf_(const char* uplo, const int* n, Z* a, const int* lda, int* info, size_t);
void dsyev_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w,
            double* work, const int* lwork, int* info, size_t, size_t);
void zheev_(const char* jobz, const char* uplo, const int* n, Z* a, const int* lda, double* w, Z* work,
            const int* lwork, double* rwork, int* info, size_t, size_t);
void zgeev_(const char* jobvl, const char* jobvr, const int* n, Z* a, const int* lda, Z* w, Z* vl,
            const int* ldvl, Z* vr, const int* ldvr, Z* work, const int* lwork, double* rwork, int* info,
            size_t, size_t);
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void zgetrf_(const int* m, const int* n, Z* a, const int* lda, int* ipiv, int* info);
void dgecon_(const char* norm, const int* n, const double* a, const int* lda, const double* anorm,
             double* rcond, double* work, int* iwork, int* info, size_t);
void zgecon_(const char* norm, const int* n, const Z* a, const int* lda, const double* anorm,
             double* rcond, Z* work, double* rwork, int* info, size_t);
void dgetrs_(const char* trans, const int* n, const int* nrhs, const double* a, const int* lda,
             const int* ipiv, double* b, const int* ldb, int* info, size_t);
void zgetrs_(const char* trans, const int* n, const int* nrhs, const Z* a, const int* lda, const int* ipiv,
             Z* b, const int* ldb, int* info, size_t);
}

namespace bpl::math {

namespace {

double conj(double x) { return x; }
Z conj(const Z& z) { return std::conj(z); }
bool finite(double x) { return std::isfinite(x); }
bool finite(const Z& z) { return std::isfinite(z.real()) && std::isfinite(z.imag()); }

// a (m×n, row-major) as a column-major buffer.
template <class T>
std::vector<T> column_major(const T* a, int64_t m, int64_t n) {
    std::vector<T> c(static_cast<size_t>(m * n));
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) c[static_cast<size_t>(i + j * m)] = a[i * n + j];
    return c;
}

// The column-major c (m×n, leading dimension ld) written row-major to out.
template <class T>
void write_rows(const T* c, int64_t m, int64_t n, int64_t ld, T* out) {
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) out[i * n + j] = c[i + j * ld];
}

// Whether a (n×n) equals its conjugate transpose within the comparison tolerance.
template <class T>
bool hermitian(const T* a, int64_t n) {
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j <= i; j++) {
            T x = a[i * n + j], y = conj(a[j * n + i]);
            if (std::abs(x - y) > CT * std::max(std::abs(x), std::abs(y))) return false;
        }
    return true;
}

// A workspace query's answer as a length.
int work_length(double q) { return std::max(1, static_cast<int>(q)); }
int work_length(const Z& q) { return std::max(1, static_cast<int>(q.real())); }

// u (m×p), s (p), v (n×p), p = min(m, n): the thin SVD, a = u +.× diag(s) +.× +⍉v.
template <class T>
void svd(const T* a, int m, int n, T* out, ErrorSlot& slot) {
    int p = std::min(m, n), lwork = -1, info = 0;
    std::vector<T> c = column_major(a, m, n), u(static_cast<size_t>(m) * p), vt(static_cast<size_t>(p) * n);
    std::vector<double> s(static_cast<size_t>(p)), rwork(static_cast<size_t>(5 * std::max(p, 1)));
    int lda = std::max(m, 1), ldvt = std::max(p, 1);
    auto call = [&](T* work, int lw) {
        if constexpr (std::is_same_v<T, double>)
            dgesvd_("S", "S", &m, &n, c.data(), &lda, s.data(), u.data(), &lda, vt.data(), &ldvt, work, &lw, &info, 1, 1);
        else
            zgesvd_("S", "S", &m, &n, c.data(), &lda, s.data(), u.data(), &lda, vt.data(), &ldvt, work, &lw,
                    rwork.data(), &info, 1, 1);
    };
    T query{};
    call(&query, lwork);
    std::vector<T> work(static_cast<size_t>(work_length(query)));
    call(work.data(), static_cast<int>(work.size()));
    if (info != 0) return slot.record(base::ErrorKind::Domain, "•decompose: the SVD did not converge");
    write_rows(u.data(), m, p, m, out);
    out += static_cast<ptrdiff_t>(m) * p;
    for (int i = 0; i < p; i++) out[i] = T(s[static_cast<size_t>(i)]);
    out += p;
    for (int i = 0; i < n; i++) // v[i][j] = conj(vt[j][i])
        for (int j = 0; j < p; j++) out[i * p + j] = conj(vt[static_cast<size_t>(j + i * p)]);
}

// q (m×p), r (p×n), p = min(m, n): the thin QR, a = q +.× r.
template <class T>
void qr(const T* a, int m, int n, T* out) {
    int p = std::min(m, n), info = 0, lda = std::max(m, 1);
    std::vector<T> c = column_major(a, m, n), tau(static_cast<size_t>(std::max(p, 1)));
    T query{};
    int lwork = -1;
    if constexpr (std::is_same_v<T, double>) dgeqrf_(&m, &n, c.data(), &lda, tau.data(), &query, &lwork, &info);
    else zgeqrf_(&m, &n, c.data(), &lda, tau.data(), &query, &lwork, &info);
    std::vector<T> work(static_cast<size_t>(std::max(work_length(query), std::max(n, 1) * 64)));
    lwork = static_cast<int>(work.size());
    if constexpr (std::is_same_v<T, double>) dgeqrf_(&m, &n, c.data(), &lda, tau.data(), work.data(), &lwork, &info);
    else zgeqrf_(&m, &n, c.data(), &lda, tau.data(), work.data(), &lwork, &info);
    T* r = out + static_cast<ptrdiff_t>(m) * p; // r: the upper triangle of c's first p rows
    for (int i = 0; i < p; i++)
        for (int j = 0; j < n; j++) r[i * n + j] = j >= i ? c[static_cast<size_t>(i + j * m)] : T(0);
    if (p > 0) {
        if constexpr (std::is_same_v<T, double>) dorgqr_(&m, &p, &p, c.data(), &lda, tau.data(), work.data(), &lwork, &info);
        else zungqr_(&m, &p, &p, c.data(), &lda, tau.data(), work.data(), &lwork, &info);
    }
    write_rows(c.data(), m, p, m, out);
}

// l (n×n, lower): a = l +.× +⍉l for a Hermitian positive definite a.
template <class T>
void cholesky(const T* a, int n, T* out, ErrorSlot& slot) {
    if (!hermitian(a, n)) return slot.record(base::ErrorKind::Domain, "•decompose: cholesky needs a Hermitian matrix");
    int info = 0, lda = std::max(n, 1);
    std::vector<T> c = column_major(a, n, n);
    if constexpr (std::is_same_v<T, double>) dpotrf_("L", &n, c.data(), &lda, &info, 1);
    else zpotrf_("L", &n, c.data(), &lda, &info, 1);
    if (info != 0) return slot.record(base::ErrorKind::Domain, "•decompose: the matrix is not positive definite");
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) out[i * n + j] = j <= i ? c[static_cast<size_t>(i + j * n)] : T(0);
}

// values (n, ascending, real as T) and vectors (n×n, one per column) of a Hermitian a.
template <class T>
void eigen_hermitian(const T* a, int n, T* out, ErrorSlot& slot) {
    int info = 0, lda = std::max(n, 1), lwork = -1;
    std::vector<T> c = column_major(a, n, n);
    std::vector<double> w(static_cast<size_t>(n)), rwork(static_cast<size_t>(std::max(1, 3 * n - 2)));
    auto call = [&](T* work, int lw) {
        if constexpr (std::is_same_v<T, double>) dsyev_("V", "L", &n, c.data(), &lda, w.data(), work, &lw, &info, 1, 1);
        else zheev_("V", "L", &n, c.data(), &lda, w.data(), work, &lw, rwork.data(), &info, 1, 1);
    };
    T query{};
    call(&query, lwork);
    std::vector<T> work(static_cast<size_t>(work_length(query)));
    call(work.data(), static_cast<int>(work.size()));
    if (info != 0) return slot.record(base::ErrorKind::Domain, "•decompose: the eigenvalues did not converge");
    for (int i = 0; i < n; i++) out[i] = T(w[static_cast<size_t>(i)]);
    write_rows(c.data(), n, n, n, out + n);
}

// values (n) and vectors (n×n, one per column, unit length) of a general complex a.
void eigen_general(const Z* a, int n, Z* out, ErrorSlot& slot) {
    int info = 0, lda = std::max(n, 1), one = 1, lwork = -1;
    std::vector<Z> c = column_major(a, n, n), vr(static_cast<size_t>(n) * n);
    std::vector<double> rwork(static_cast<size_t>(std::max(1, 2 * n)));
    Z query, unused;
    zgeev_("N", "V", &n, c.data(), &lda, out, &unused, &one, vr.data(), &lda, &query, &lwork, rwork.data(), &info, 1, 1);
    std::vector<Z> work(static_cast<size_t>(work_length(query)));
    lwork = static_cast<int>(work.size());
    zgeev_("N", "V", &n, c.data(), &lda, out, &unused, &one, vr.data(), &lda, work.data(), &lwork, rwork.data(),
           &info, 1, 1);
    if (info != 0) return slot.record(base::ErrorKind::Domain, "•decompose: the eigenvalues did not converge");
    write_rows(vr.data(), n, n, n, out + n);
}

// vectors +.× diag(values) +.× ⌹vectors, n×n row-major. The row-major vectors V are column-major
// Vᵀ, and the row-major result X is column-major Xᵀ = V⁻ᵀ(V diag λ)ᵀ: one solve with Vᵀ's LU,
// whose right side is V's buffer with item p scaled by λ[p mod n]. Vectors that are dependent to
// working precision (a defective matrix) are DOMAIN.
template <class T>
void eigen_compose(const T* vectors, const T* values, int n, T* out, ErrorSlot& slot) {
    size_t nn = static_cast<size_t>(n) * static_cast<size_t>(n);
    std::vector<T> lu(vectors, vectors + nn), b(nn);
    for (size_t p = 0; p < nn; p++) b[p] = vectors[p] * values[p % static_cast<size_t>(n)];
    double anorm = 0; // the 1-norm: the largest column sum of magnitudes
    for (int j = 0; j < n; j++) {
        double sum = 0;
        for (int i = 0; i < n; i++) sum += std::abs(lu[static_cast<size_t>(i + j * n)]);
        anorm = std::max(anorm, sum);
    }
    int info = 0, lda = std::max(n, 1);
    std::vector<int> pivots(static_cast<size_t>(std::max(n, 1)));
    if constexpr (std::is_same_v<T, double>) dgetrf_(&n, &n, lu.data(), &lda, pivots.data(), &info);
    else zgetrf_(&n, &n, lu.data(), &lda, pivots.data(), &info);
    double rcond = 0;
    if (info == 0) {
        int cinfo = 0;
        std::vector<double> rwork(static_cast<size_t>(std::max(1, 2 * n)));
        std::vector<int> iwork(static_cast<size_t>(std::max(1, n)));
        if constexpr (std::is_same_v<T, double>) {
            std::vector<double> work(static_cast<size_t>(std::max(1, 4 * n)));
            dgecon_("1", &n, lu.data(), &lda, &anorm, &rcond, work.data(), iwork.data(), &cinfo, 1);
        } else {
            std::vector<Z> work(static_cast<size_t>(std::max(1, 2 * n)));
            zgecon_("1", &n, lu.data(), &lda, &anorm, &rcond, work.data(), rwork.data(), &cinfo, 1);
        }
    }
    // an independent set of unit vectors is far better conditioned than this
    constexpr double DEPENDENT = 1e3 * std::numeric_limits<double>::epsilon();
    if (info != 0 || !(rcond > DEPENDENT * n))
        return slot.record(base::ErrorKind::Domain, "•decompose⁻: the eigenvectors are not independent");
    if constexpr (std::is_same_v<T, double>) dgetrs_("N", &n, &n, lu.data(), &lda, pivots.data(), b.data(), &lda, &info, 1);
    else zgetrs_("N", &n, &n, lu.data(), &lda, pivots.data(), b.data(), &lda, &info, 1);
    std::copy(b.begin(), b.end(), out);
}

template <class T>
void run(Routine r, const T* a, int64_t m, int64_t n, const T* b, T* out, int64_t nout, ErrorSlot& slot) {
    std::fill(out, out + nout, T(0));
    for (int64_t i = 0; i < m * n; i++)
        if (!finite(a[i])) return slot.record(base::ErrorKind::Domain, "•decompose needs finite entries");
    if (b)
        for (int64_t i = 0; i < n; i++)
            if (!finite(b[i])) return slot.record(base::ErrorKind::Domain, "•decompose needs finite entries");
    if (m * n > std::numeric_limits<int>::max())
        return slot.record(base::ErrorKind::Limit, "matrix too large for •decompose");
    int im = static_cast<int>(m), in = static_cast<int>(n);
    if (m == 0 || n == 0) return; // empty factors
    switch (r) {
    case Routine::Svd: return svd(a, im, in, out, slot);
    case Routine::Qr: return qr(a, im, in, out);
    case Routine::Cholesky: return cholesky(a, in, out, slot);
    case Routine::EigenHermitian: return eigen_hermitian(a, in, out, slot);
    case Routine::EigenGeneral:
        if constexpr (std::is_same_v<T, Z>) return eigen_general(a, in, out, slot);
        break;
    case Routine::EigenCompose: return eigen_compose(a, b, in, out, slot);
    default: break;
    }
}

} // namespace

bool is_hermitian(Kind k, const void* a, int64_t n) {
    if (k == Kind::C128) return hermitian(static_cast<const Z*>(a), n);
    return hermitian(static_cast<const double*>(a), n);
}

void decompose(Routine r, Kind k, const void* a, int64_t m, int64_t n, const void* b, void* out, int64_t nout,
               ErrorSlot& slot) {
    if (k == Kind::C128)
        run(r, static_cast<const Z*>(a), m, n, static_cast<const Z*>(b), static_cast<Z*>(out), nout, slot);
    else
        run(r, static_cast<const double*>(a), m, n, static_cast<const double*>(b), static_cast<double*>(out), nout,
            slot);
}

} // namespace bpl::math
