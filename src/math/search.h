// Search and sort routines over whole compact operands: grade, sort, index of, member of, unique
// mask, interval index. Each is one object-owned routine that the engine runs as a Call step; the
// list of routines also names the number-theory ones (primes.h) and the linear-algebra ones
// (linalg.h), which run_routine hands on, as it hands grade and sort to sort.h. Cells are compared
// item by item in ravel order; the searches compare floats (F64, and complex128 by |x−y|)
// tolerantly (relative 1E¯14), other kinds exactly; grade, sort and interval index order with no
// tolerance. Complex items order by real part, then imaginary part.
#pragma once

#include "math/kernel.h"
#include "number/kind.h"

#include <cstdint>

namespace bpl::math {

// clang-format off
enum class Routine : uint8_t {
    GradeUp,     // a: n cells → out Int[n], the stable ascending permutation (NaN after numbers)
    GradeDown,   // a: n cells → out Int[n], stable descending
    SortUp,      // a: n cells → out: a's items in GradeUp's order of cells (a's kind and count)
    SortDown,    // a: n cells → out: a's items in GradeDown's order of cells
    IndexOf,     // a: table of n cells, b: m query cells → out Int[m], first match or n
    MemberOf,    // a: m query cells, b: table of n cells → out Bool[m]
    UniqueMask,  // a: n cells → out Bool[n], true at each first occurrence
    IntervalIndex, // a: sorted table of n cells, b: m query cells → out Int[m], cells of a ≤ each
    // number theory (primes.h): a: n items (Int, F64 or C128) → out Int[n] or w = nout/n per item
    NthPrime,      // the prime with a[i] primes before it (⍭)
    PrimeCount,    // how many primes are below a[i] (⍭⁻)
    PrevPrime,     // the largest prime below a[i] (¯2⍭; DOMAIN at 2 and below)
    IsPrime,       // out Bool[n]: a[i] is prime (1⍭)
    NextPrime,     // the smallest prime above a[i] (2⍭)
    Totient,       // Euler's totient of a[i] ≥ 1 (3⍭)
    FactorCount,   // prime factors of a[i] ≥ 1 with multiplicity: the length of ⨸'s cell
    DistinctCount, // distinct prime factors: the width of ¯∞⨸'s table
    FactorSpan,    // π of the largest prime factor (0 for 1): the length of ∞⨸'s cell
    Factors,       // out Int[n×w]: the prime factors ascending, 0-padded to w (⨸)
    Exponents,     // out Int[n×w]: the exponents of the first w primes (K⨸, ∞⨸)
    FactorTable,   // out Int[n×2×w]: the last min(w, distinct) factors over their exponents, rows
                   // 0-padded to w (¯K⨸, ¯∞⨸)
    // linear algebra (linalg.h), F64 or C128 items: a is one m×n matrix (na = m rows, cell = n)
    MatrixInverse, // out [n×m]: ⌹a
    MatrixDivide,  // b: m×r right-hand sides, r = nout ÷ n → out [n×r]: b⌹a
    // •decompose (decompose.cpp): the factors one after another, row-major, p = min(m, n)
    Svd,            // → out [u m×p; s p (real parts); v n×p]: a ≡ u +.× diag(s) +.× +⍉v
    Qr,             // → out [q m×p; r p×n]: a ≡ q +.× r, q's columns orthonormal, r upper
    Cholesky,       // a Hermitian positive definite → out l n×n: a ≡ l +.× +⍉l, l lower
    EigenHermitian, // a Hermitian → out [values n (real parts, ascending); vectors n×n, by columns]
    EigenGeneral,   // C128 only → out [values n; vectors n×n, by columns, each of unit length]
    EigenCompose,   // a: vectors n×n, b: values n → out n×n: a +.× diag(b) +.× ⌹a (dependent DOMAIN)
    // distributions (distribution.h), F64 items: a holds n items, b the encoding [family θ₁ θ₂]
    Density,       // → out F64[n]: the density (mass) at a[i]
    Cdf,           // → out F64[n]: the cdf at a[i]
    Quantile,      // → out F64[n]: the quantile at a[i] (DOMAIN outside [0, 1])
};
// clang-format on

// Runs r over items of kind k (Char compares by code point). `cell` items form one cell; `na`
// and `nb` count cells; `out` holds `nout` items. Never throws. The search routines never fail
// (every input has a defined result); the number-theory and linear-algebra ones record data
// errors in `slot`.
void run_routine(Routine r, number::Kind k, const void* a, int64_t na, const void* b, int64_t nb,
                 int64_t cell, void* out, int64_t nout, ErrorSlot& slot);

} // namespace bpl::math
