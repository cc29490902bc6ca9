// Matrix inverse and division (⌹, functions.md §9.3) on one matrix at a time, through LAPACK
// (OpenBLAS): pivoted LU for square systems, SVD least squares for tall ones. Items are float64
// or complex128 (number::Kind F64 or C128), row-major. Singular or rank-deficient matrices and
// non-finite entries record DOMAIN in `slot` and leave zeros. Never throws.
// Also the dense matrix product (+.× on floats) through BLAS.
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

// out (m×p) = a (m×n) +.× b (n×p), row-major items of kind k, through BLAS: gemm, gemv when one
// side is a vector, a dot product for two. Sums may be reassociated and fused
// (operators-and-system.md §4.5). Returns false, writing nothing, for a kind BLAS has no routine
// for (only F64, F32, C128 and C64 have one) or a length past BLAS's integers. Never throws.
bool dense_product(Kind k, const void* a, const void* b, int64_t m, int64_t n, int64_t p, void* out);

} // namespace bpl::math
