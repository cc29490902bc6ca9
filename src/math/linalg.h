// Matrix inverse and division (⌹, functions.md §9.3) on one matrix at a time, through LAPACK
// (OpenBLAS): pivoted LU for square systems, SVD least squares for tall ones. Items are float64
// or complex128 (number::Kind F64 or C128), row-major. Singular or rank-deficient matrices and
// non-finite entries record DOMAIN in `slot` and leave zeros. Never throws.
// Also the dense matrix product (+.× on floats) through BLAS, and the factorizations of
// •decompose (decompose.cpp).
#pragma once

#include "math/kernel.h"

#include <cstdint>

namespace bpl::math {

// out (n×m) = the inverse of a (m×n, m ≥ n): the inverse when square, else the least-squares
// pseudoinverse (full column rank).
void matrix_inverse(Kind k, const void* a, int64_t m, int64_t n, void* out, ErrorSlot& slot);
// out (n×r) = Z with a+.×Z ≡ b for a (m×n, m ≥ n) and b (m×r), least squares when m > n.
void matrix_divide(Kind k, const void* a, int64_t m, int64_t n, const void* b, int64_t r, void* out,
                   ErrorSlot& slot);

enum class Routine : uint8_t; // search.h

// •decompose's routines (search.h's Routine, Svd to EigenCompose) on a (m×n, row-major, F64 or
// C128 items as k says), writing the factors into out (nout items of kind k) one after another;
// EigenCompose takes the values in b (n items). Non-finite entries, a matrix that is not
// positive definite (Cholesky; not Hermitian too), and dependent eigenvectors (EigenCompose)
// record DOMAIN in `slot` and leave zeros. Never throws.
void decompose(Routine r, Kind k, const void* a, int64_t m, int64_t n, const void* b, void* out, int64_t nout,
               ErrorSlot& slot);
// Whether a (n×n, row-major, F64 or C128) equals its conjugate transpose within the comparison
// tolerance CT: the matrices whose eigen decomposition is EigenHermitian.
bool is_hermitian(Kind k, const void* a, int64_t n);

// out (m×p) = a (m×n) +.× b (n×p), row-major items of kind k, through BLAS: gemm, gemv when one
// side is a vector, a dot product for two. Sums may be reassociated and fused
// (operators-and-system.md §4.5). Returns false, writing nothing, for a kind BLAS has no routine
// for (only F64, F32, C128 and C64 have one) or a length past BLAS's integers. Never throws.
bool dense_product(Kind k, const void* a, const void* b, int64_t m, int64_t n, int64_t p, void* out);

} // namespace bpl::math
