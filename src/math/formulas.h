// Internal to math/: the shared float formulas, each written once over an Ops type O (ops.h) in
// float64 (float32 and float16 items compute through them and round once on store). Branch-free:
// special inputs are fixed by selects, and lanes a fast reduction cannot serve are flagged by the
// function's repair predicate (a key above a limit, see "Repair predicates as keys") and
// recomputed by its scalar repair routine. The polynomials are truncated Taylor series of our own
// derivation, except sin/cos and ln's, Chebyshev fits made with mpmath (each says which); see
// docs/accuracy.md. Vector kernels run a function's fast formula (exp_fast, log_fast) on the
// common lanes and flag the rest for the full formula, run per item by the scalar route.
#pragma once

#include "math/kernel.h"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace bpl::math::formula {

// Cody–Waite pieces of ln 2 and π/2 with trailing zero bits, so k×piece is exact for the k
// these reductions produce (|k| < 2^11 for exp, < 2^24 for trig).
inline constexpr double LN2_HI = 0x1.62e42fefap-1;
inline constexpr double LN2_LO = static_cast<double>(0x1.62e42fefa39ef358p-1L - 0x1.62e42fefap-1L);
inline constexpr double LN2 = LN2_HI + LN2_LO; // ln 2 rounded
inline constexpr double LOG2E = 0x1.71547652b82fep0;
inline constexpr double PIO2_1 = 0x1.921fb54p0;
inline constexpr double PIO2_2 = 0x442d184p-56;
inline constexpr double PIO2_3 = 0x69898ccp-84;
inline constexpr double PIO2_4 = 0x51701b839a252p-136;
// π in three pieces for the reduction where fma rounds once: n·PI_A is exact inside the fma and
// x − n·PI_A is representable (both are multiples of ulp(PI_A)/2 or finer and |r| < 2), so only the
// later pieces round.
inline constexpr double PI_A = 0x1.921fb54442d18p+1;
inline constexpr double PI_B = 0x1.1a62633145c07p-53;
inline constexpr double PI_C = -0x1.f1976b7ed8fbcp-109;
inline constexpr double TWO_OPI = 0x1.45f306dc9c883p-1;
inline constexpr double INV_PI = 0x1.45f306dc9c883p-2;
inline constexpr double PI_2 = 0x1.921fb54442d18p0;
inline constexpr double PI_4 = 0x1.921fb54442d18p-1;
inline constexpr double PI_8 = 0x1.921fb54442d18p-2;
inline constexpr double PIO2_LO = 0x1.1a62633145c07p-54; // π/2 − PI_2
inline constexpr double ROUND_SHIFT = 0x1.8p52;          // x + SHIFT − SHIFT rounds to integer
// Trig's large-reduction limits (the repair predicate): beyond them the short reduction loses
// bits and the lane is repaired by the platform's scalar routine.
inline constexpr double TRIG_LIMIT_F64 = 0x1p23;
inline constexpr double TRIG_LIMIT_F32 = 0x1p20;

// A polynomial by Horner's rule, coefficients from the highest degree down (as the fits print
// them): ((c0·x + c1)·x + c2)… with one fma per coefficient after the first. Each coefficient is
// rounded to the Ops type's item (float for the float32 formulas) where it is written.
template <class O, class... C>
inline typename O::V horner(typename O::V x, typename O::E c0, C... rest) {
    using V = typename O::V;
    V p = V{} + c0;
    ((p = O::fma(p, x, V{} + static_cast<typename O::E>(rest))), ...);
    return p;
}

// The same polynomial by Estrin's scheme: pairs c_2i + c_2i+1·x, then pairs of those joined by
// x², x⁴, …, so the chain is about log2 n multiply-adds deep instead of n. The block loops run out
// of out-of-order window (chains waiting on chains) before they run out of multiply units, so a
// shallower chain is faster even at one multiply more (ln f64: 7%, bench/math/README.md).
template <class O, std::size_t H>
[[gnu::always_inline]] inline typename O::V power_of_two_power(typename O::V x) { // x^H, H = 2^k
    if constexpr (H == 1) return x;
    else {
        typename O::V y = power_of_two_power<O, H / 2>(x);
        return y * y;
    }
}
// Σ c_d x^(d−LO) over degrees LO … LO+N−1 (c: highest degree first, T coefficients in all).
template <class O, std::size_t LO, std::size_t N, std::size_t T>
[[gnu::always_inline]] inline typename O::V estrin_part(typename O::V x, const typename O::E (&c)[T]) {
    if constexpr (N == 1) {
        return typename O::V{} + c[T - 1 - LO];
    } else {
        constexpr std::size_t H = std::bit_floor(N - 1); // the low part: the largest power of two < N
        return O::fma(power_of_two_power<O, H>(x), estrin_part<O, LO + H, N - H>(x, c),
                      estrin_part<O, LO, H>(x, c));
    }
}
template <class O, class... C>
[[gnu::always_inline]] inline typename O::V estrin(typename O::V x, C... coefs) {
    const typename O::E c[] = {static_cast<typename O::E>(coefs)...};
    return estrin_part<O, 0, sizeof...(C)>(x, c);
}

// 2^k for integer k in [-1022, 1023] (as an int64 vector/scalar).
template <class O>
inline typename O::V pow2i(typename O::I k) {
    return O::from_bits((k + 1023) << 52);
}

// e^r − 1 for |r| ≤ ln2/2: r + r²(1/2! + r/3! + ... + r^11/13!), truncation < 2^-60 relative.
template <class O>
inline typename O::V expm1_poly(typename O::V r) {
    using V = typename O::V;
    V q = V{} + 1.0 / 6227020800.0;     // 1/13!
    q = O::fma(q, r, V{} + 1.0 / 479001600.0);
    q = O::fma(q, r, V{} + 1.0 / 39916800.0);
    q = O::fma(q, r, V{} + 1.0 / 3628800.0);
    q = O::fma(q, r, V{} + 1.0 / 362880.0);
    q = O::fma(q, r, V{} + 1.0 / 40320.0);
    q = O::fma(q, r, V{} + 1.0 / 5040.0);
    q = O::fma(q, r, V{} + 1.0 / 720.0);
    q = O::fma(q, r, V{} + 1.0 / 120.0);
    q = O::fma(q, r, V{} + 1.0 / 24.0);
    q = O::fma(q, r, V{} + 1.0 / 6.0);
    q = O::fma(q, r, V{} + 0.5);
    return O::fma(r * r, q, r);
}

// x = k ln2 + r with |r| ≤ ln2/2, for |x| ≤ 800 (callers clamp; k stays small).
template <class O>
inline typename O::V exp_reduce(typename O::V x, typename O::I& k) {
    using V = typename O::V;
    V t = O::fma(x, V{} + LOG2E, V{} + ROUND_SHIFT);
    V kf = t - ROUND_SHIFT;
    k = O::bits(t) - O::bits(V{} + ROUND_SHIFT);
    V r = O::fma(kf, V{} - LN2_HI, x);
    return O::fma(kf, V{} - LN2_LO, r);
}

// exp: x = (16m + j)·ln2/16 + r with j in [0, 16), |r| ≤ ln2/32, so e^x = 2^m · 2^(j/16) · e^r;
// 2^(j/16) from a 16-entry table (rounded to nearest), e^r − 1 = r + r²·Q(r), Q the Chebyshev
// fit of degree 4 to (e^r − 1 − r)/r² (tools/fit_exp.py; < 2^-55 relative to e^r with rounded
// coefficients: one fma fewer than the Taylor series to r^7, for about 0.1 ulp).
alignas(64) inline constexpr double EXP2_16[16] = {
    0x1.0000000000000p+0, 0x1.0b5586cf9890fp+0, 0x1.172b83c7d517bp+0, 0x1.2387a6e756238p+0,
    0x1.306fe0a31b715p+0, 0x1.3dea64c123422p+0, 0x1.4bfdad5362a27p+0, 0x1.5ab07dd485429p+0,
    0x1.6a09e667f3bcdp+0, 0x1.7a11473eb0187p+0, 0x1.8ace5422aa0dbp+0, 0x1.9c49182a3f090p+0,
    0x1.ae89f995ad3adp+0, 0x1.c199bdd85529cp+0, 0x1.d5818dcfba487p+0, 0x1.ea4afa2a490dap+0};
// Past this |x| (or NaN) the result leaves the normal range: exp_fast's repair predicate flags
// the lane and the full formula (exp) answers.
inline constexpr double EXP_FAST_LIMIT = 708.0;

// 2^(j/16) with j·2^48 taken off its bits: adding n·2^48 (n = 16m + j, wrapping) to these bits
// moves m into the exponent field and restores 2^(j/16)'s mantissa, so 2^m·2^(j/16) is one
// integer add (the exponent arithmetic stays in range while 2^m·2^(j/16) is normal).
inline constexpr auto EXP2_16_SCALE = [] {
    struct Table {
        alignas(64) double v[16];
    } t{};
    for (int j = 0; j < 16; ++j)
        t.v[j] = std::bit_cast<double>(std::bit_cast<int64_t>(EXP2_16[j]) - (int64_t{j} << 48));
    return t;
}();

// e^r − 1 for x reduced as above; the bits of t are returned, whose low bits hold n = 16m + j
// (|x| ≤ 800: |n| < 2^15).
template <class O>
inline typename O::V exp_table(typename O::V x, typename O::I& n) {
    using V = typename O::V;
    V t = O::fma(x, V{} + 16 * LOG2E, V{} + ROUND_SHIFT);
    V nf = t - ROUND_SHIFT;
    n = O::bits(t); // n's low bits: SHIFT's are zero
    V r = O::fma(nf, V{} - LN2_HI / 16, x); // exact: LN2_HI has 37 significant bits
    r = O::fma(nf, V{} - LN2_LO / 16, r);
    V q = horner<O>(r, 0x1.6c17bb5ebddb4p-10, 0x1.11120b03cd855p-7, 0x1.555555551946fp-5,
                       0x1.55555554dd388p-3, 0.5);
    return O::fma(r * r, q, r);
}

// a + b and a − b on signed integers or integer vectors, wrapping (in unsigned arithmetic, so a
// lane whose result is discarded is never undefined behaviour).
template <class I, class Op>
inline I wrapping(I a, I b, Op op) {
    if constexpr (requires { I::SYMBOLIC; }) { // a traced formula (lower.cpp): machine integers wrap
        return op(a, b);
    } else if constexpr (std::is_integral_v<I>) {
        using U = std::make_unsigned_t<I>;
        return static_cast<I>(op(static_cast<U>(a), static_cast<U>(b)));
    } else {
        using E = std::make_unsigned_t<std::remove_cvref_t<decltype(a[0])>>;
        typedef E U __attribute__((vector_size(sizeof(I))));
        return (I)op((U)a, (U)b);
    }
}
template <class I>
inline I wrapping_add(I a, I b) {
    return wrapping(a, b, [](auto u, auto v) { return u + v; });
}
template <class I>
inline I wrapping_sub(I a, I b) {
    return wrapping(a, b, [](auto u, auto v) { return u - v; });
}
// a >> n in unsigned arithmetic (AVX2 has no 64-bit arithmetic right shift: GCC emulates one in
// four instructions, where this is one), for bits whose sign does not matter (a table index).
template <class I>
inline I logical_shift_right(I a, int n) {
    return wrapping(a, I{}, [n](auto u, auto) { return u >> n; });
}

// The common lanes (|x| ≤ EXP_FAST_LIMIT): 2^m·2^(j/16) from the scale table in one add (t's
// own exponent bits fall off the top of n·2^48; the add wraps on lanes past the limit, which
// are repaired).
template <class O>
inline typename O::V exp_fast(typename O::V x) {
    using I = typename O::I;
    I tb;
    typename O::V p = exp_table<O>(x, tb);
    typename O::V s = O::from_bits(wrapping_add(O::bits(O::lookup16(EXP2_16_SCALE.v, tb)), tb << 48));
    return O::fma(s, p, s);
}

// Repair predicates as keys: a lane needs its scalar repair when its key is above the function's
// limit (signed). The block loops keep the lane-wise maximum of the keys over a chunk (one
// instruction per block) and compare once. |x|'s bits order as |x| does, with NaN above ∞.
template <class O>
inline typename O::I magnitude_key(typename O::V x) {
    return O::bits(O::abs(x));
}
// exp_fast's: |x| > EXP_FAST_LIMIT or NaN.
inline constexpr int64_t EXP_REPAIR_ABOVE = std::bit_cast<int64_t>(EXP_FAST_LIMIT);

// Every lane: 2^m applied in two steps so subnormal results and m = 1024 are reached without
// overflow, and the special cases by selects. Lanes whose result is ∞ or 0 compute e^0 instead
// (a product that underflows past the subnormals costs a microcode assist per block: pow's
// full formula sends exp −∞ for every zero base).
template <class O>
inline typename O::V exp(typename O::V x) {
    using V = typename O::V;
    using I = typename O::I;
    V xc = O::select((x > 709.782712893384) | (x < -745.2), V{}, x);
    I tb;
    V p = exp_table<O>(xc, tb);
    V tj = O::from_bits(O::bits(O::lookup16(EXP2_16_SCALE.v, tb)) + ((tb & 15) << 48));
    V y = O::fma(tj, p, tj);
    I m = (tb - O::bits(V{} + ROUND_SHIFT)) >> 4;
    I m1 = m >> 1;
    y = y * pow2i<O>(m1) * pow2i<O>(m - m1);
    y = O::select(x > 709.782712893384, V{} + __builtin_inf(), y);
    y = O::select(x < -745.2, V{}, y);
    return O::select(x != x, x, y);
}

// Vector recipes: what a function's vector kernel runs (vec_impl.h), in one home that compiled
// stages lower too (lower.cpp). A recipe has `common` (its formula over an Ops type); one whose
// common formula does not serve every lane also has `key`, `ABOVE` and `full` (exp, below).
struct SqrtRecipe {
    template <class O>
    static typename O::V common(typename O::V x) {
        return O::sqrt(x);
    }
};
struct MagnitudeRecipe {
    template <class O>
    static typename O::V common(typename O::V x) {
        return O::abs(x);
    }
};
struct PiTimesRecipe {
    template <class O>
    static typename O::V common(typename O::V x) {
        return x * 3.14159265358979323846;
    }
};
// ⌊ and ⌈ on floats: beside NaN the other argument is returned
struct MinRecipe {
    static constexpr bool FLOAT32 = true; // the float32 kernel runs it too
    template <class O>
    static typename O::V common(typename O::V x, typename O::V y) {
        return O::select((y < x) | (x != x), y, x);
    }
};
struct MaxRecipe {
    static constexpr bool FLOAT32 = true;
    template <class O>
    static typename O::V common(typename O::V x, typename O::V y) {
        return O::select((y > x) | (x != x), y, x);
    }
};

// exp's vector recipe on float64, the one home of what its vector kernel (vec_impl.h) and a
// compiled stage (lower.cpp) run: the common formula; the repair key with its limit (a lane whose
// key is above it takes the full formula's value); the full formula.
struct ExpRecipe {
    template <class O>
    static typename O::V common(typename O::V x) {
        return exp_fast<O>(x);
    }
    template <class O>
    static typename O::I key(typename O::V x) {
        return magnitude_key<O>(x);
    }
    static constexpr int64_t ABOVE = EXP_REPAIR_ABOVE;
    template <class O>
    static typename O::V full(typename O::V x) {
        return exp<O>(x);
    }
};

// e^x − 1 = 2^k (1+p) − 1 with one rounding, for x the clamps below leave (no specials).
template <class O>
inline typename O::V expm1_core(typename O::V x) {
    using V = typename O::V;
    typename O::I k;
    V p = expm1_poly<O>(exp_reduce<O>(x, k));
    V s = pow2i<O>(k);
    return O::fma(s, p, s - 1.0);
}

// expm1_core serves every lane with |x| ≤ EXPM1_FAST_LIMIT (2^k stays normal); the vector
// kernels flag the rest (magnitude_key above EXPM1_REPAIR_ABOVE, NaN too) for the full formula.
inline constexpr double EXPM1_FAST_LIMIT = 700.0;
inline constexpr int64_t EXPM1_REPAIR_ABOVE = std::bit_cast<int64_t>(EXPM1_FAST_LIMIT);

template <class O>
inline typename O::V expm1(typename O::V x) {
    using V = typename O::V;
    V xs = O::min(V{} + 700.0, O::max(V{} - 60.0, x));
    V y = expm1_core<O>(xs);
    y = O::select(x > 700.0, exp<O>(x), y);
    return O::select(x != x, x, y);
}

// ln: x = 2^k·z with z in [0.703125, 1.40625) (the exponent split off at OFF's bit pattern), z
// in one of 16 subintervals of width 1/32 or 1/16 with centre c (1 for the one holding 1), and
// ln x = k ln2 − ln d + ln(1+r), r = z·d − 1, where d is 1/c rounded to 9 significant bits
// (LOG_D), so |r| ≤ 1/32 and r is z·d − 1 rounded once: by one fma, or without fma from z split
// so each partial product is exact. ln(1+r) = r + r²·P(r), P the Chebyshev fit of degree 7 to
// (ln(1+r) − r)/r² on [−0.0292, 0.0313] (mpmath chebyfit; < 0.15 ulp with rounded coefficients).
// k ln2 − ln d is one fma (LOG_NEG_LN_D: −ln d rounded), within 2 ulps in all; pow's y·ln x and
// X⍟Y's quotient need about 1 ulp, so their EXTRA form holds −ln d in two parts, the high one a
// multiple of 2^-37 (LN2_HI's last bit) so k·LN2_HI + hi is exact, at one fma and one lookup more.
// tools/fit_log_table.py derives the tables and coefficients.
inline constexpr int64_t LOG_OFF = 0x3fe6800000000000LL;
alignas(64) inline constexpr double LOG_D[16] = {
    0x1.64p+0, 0x1.55p+0, 0x1.48p+0, 0x1.3bp+0, 0x1.2fp+0, 0x1.25p+0, 0x1.1ap+0, 0x1.11p+0,
    0x1.08p+0, 0x1.00p+0, 0x1.e2p-1, 0x1.c7p-1, 0x1.afp-1, 0x1.9ap-1, 0x1.86p-1, 0x1.74p-1};
alignas(64) inline constexpr double LOG_NEG_LN_D[16] = {
    -0x1.51aad872df82dp-2, -0x1.2596010df763ap-2, -0x1.fb9186d5e3e2bp-3, -0x1.a8becfc882f19p-3,
    -0x1.59338d9982086p-3, -0x1.14785846742acp-3, -0x1.8c345d6319b21p-4, -0x1.075983598e471p-4,
    -0x1.f829b0e783300p-6, 0x0.0p+0, 0x1.eea31c006b87cp-5, 0x1.e3707ee30487bp-4,
    0x1.60b3100b09476p-3, 0x1.c6ffbc6f00f71p-3, 0x1.16b5ccbacfb73p-2, 0x1.4718dc271c41bp-2};
alignas(64) inline constexpr double LOG_NEG_LN_D_HI[16] = {
    -0x1.51aad872e0000p-2, -0x1.2596010e00000p-2, -0x1.fb9186d600000p-3, -0x1.a8becfc880000p-3,
    -0x1.59338d9980000p-3, -0x1.1478584680000p-3, -0x1.8c345d6300000p-4, -0x1.0759835980000p-4,
    -0x1.f829b0e800000p-6, 0x0.0p+0, 0x1.eea31c0000000p-5, 0x1.e3707ee300000p-4,
    0x1.60b3100b00000p-3, 0x1.c6ffbc6f00000p-3, 0x1.16b5ccbac0000p-2, 0x1.4718dc2720000p-2};
alignas(64) inline constexpr double LOG_NEG_LN_D_LO[16] = {
    0x1.f4bd8db0a7cc1p-44, 0x1.138c21eed8ae1p-39, 0x1.c1d572aab993dp-39, -0x1.78c6173c86e74p-42,
    -0x1.042e9a2dd5575p-42, 0x1.7aa72ebbf60e3p-40, -0x1.9b20f5acb42a6p-40, -0x1.c8e2603694ccfp-41,
    0x1.f33fecc1c0fb1p-40, 0x0.0p+0, 0x1.ae1eec1b036c5p-39, 0x1.21ed09ccecd58p-42,
    0x1.28eba9367707fp-40, 0x1.ee138d3a69d43p-44, 0x1.f6e6b37de945ap-39, -0x1.df27ce0967d67p-41};

// x = 2^k·z for a positive normal x: z's bits, with k and the subinterval j (in the low four
// bits, as lookup16 reads them). Wrapping arithmetic: lanes a repair will replace may hold any
// bits.
template <class O>
inline typename O::I log_split(typename O::V x, typename O::I& k, typename O::I& j) {
    using I = typename O::I;
    I b = O::bits(x);
    I iz = wrapping_sub(b, I{} + LOG_OFF);
    k = iz >> 52;
    j = logical_shift_right(iz, 48);
    return wrapping_sub(b, k << 52);
}

// ln x for a positive normal x (its exponent adjusted by k0: the full formula's scaling).
template <class O, bool EXTRA = false>
inline typename O::V log_table(typename O::V x, typename O::I k0) {
    using V = typename O::V;
    using I = typename O::I;
    I k, j;
    I zb = log_split<O>(x, k, j);
    V z = O::from_bits(zb);
    V kf = O::to_v(k + k0);
    V d = O::lookup16(LOG_D, j);
    V r;
    if constexpr (O::HAS_FMA) {
        r = O::fma(z, d, V{} - 1.0);
    } else { // z = zh + zl with zh·d (44 × 9 bits) and zl·d exact, zh·d − 1 exact (Sterbenz)
        V zh = O::from_bits(zb & ~I{} << 9);
        r = (zh * d - 1.0) + (z - zh) * d;
    }
    V r2 = r * r;
    V p = estrin<O>(r, 0x1.c466498302c05p-4, -0x1.005e0ef6cbe12p-3, 0x1.2492d39d516d1p-3,
                    -0x1.555547c7f76b2p-3, 0x1.9999998b8bf50p-3, -0x1.0000000050581p-2,
                    0x1.5555555555807p-2, -0x1.ffffffffffff7p-2);
    if constexpr (!EXTRA) {
        return O::fma(kf, V{} + LN2, O::lookup16(LOG_NEG_LN_D, j)) + O::fma(r2, p, r);
    } else { // k·ln2_hi − ln d exactly (both multiples of 2^-37): only r's, the tail's and the
             // two adds' roundings are left
        V tail = O::fma(r2, p, O::fma(kf, V{} + LN2_LO, O::lookup16(LOG_NEG_LN_D_LO, j)));
        V hi = O::fma(kf, V{} + LN2_HI, O::lookup16(LOG_NEG_LN_D_HI, j));
        return hi + (r + tail);
    }
}
// The common lanes (positive, normal, finite) need nothing more; the rest are flagged.
template <class O>
inline typename O::V log_fast(typename O::V x) {
    return log_table<O>(x, typename O::I{});
}
// log_fast's repair key, for float64 and float32 items alike: x ≤ 0, subnormal, ∞ or NaN.
// Adding ∞'s bits (wrapping) moves the bit patterns of positive normal finite numbers onto
// [min, −2·(least normal's bits)) and every other one above (float64: [−2^63, −2^53)).
template <class O>
inline typename O::I log_repair_key(typename O::V x) {
    using E = typename O::E;
    using B = std::conditional_t<sizeof(E) == 8, int64_t, int32_t>;
    return wrapping_add(O::bits(x), typename O::I{} + std::bit_cast<B>(static_cast<E>(__builtin_inf())));
}
inline constexpr int64_t LOG_REPAIR_ABOVE = -0x0020000000000001LL;

// Every lane: subnormals scaled by 2^54 first, the special cases by selects (EXTRA: as log_table).
template <class O, bool EXTRA = false>
inline typename O::V log(typename O::V x) {
    using V = typename O::V;
    using I = typename O::I;
    auto tiny = x < 0x1p-1022;
    V xs = O::select(tiny, x * 0x1p54, x);
    V y = log_table<O, EXTRA>(O::select(xs > 0.0, xs, V{} + 1.0), O::selecti(tiny, I{} - 54, I{}));
    y = O::select(x == 0.0, V{} - __builtin_inf(), y);
    y = O::select(x == __builtin_inf(), x, y);
    return O::select((x < 0.0) | (x != x), V{} + __builtin_nan(""), y);
}

// The common lanes of ln(1+x) (1+x positive and finite, so normal): the table formula on u
// with log1p's correction; the rest are flagged by ln's repair key on 1+x for the full formula.
template <class O>
inline typename O::V log1p_fast(typename O::V x) {
    using V = typename O::V;
    V u = 1.0 + x;
    V y = log_table<O>(u, typename O::I{}) - ((u - 1.0) - x) / u;
    return O::select(u == 1.0, x, y); // keeps −0
}
template <class O>
inline typename O::I log1p_repair_key(typename O::V x) {
    return log_repair_key<O>(x + static_cast<typename O::E>(1));
}

// ln(1+x): u = 1+x rounded, corrected by ((u−1)−x)/u.
template <class O>
inline typename O::V log1p(typename O::V x) {
    using V = typename O::V;
    V u = 1.0 + x;
    V c = ((u - 1.0) - x) / u;
    V y = log<O>(u) - c;
    y = O::select(u == 1.0, x, y);
    y = O::select(u == 0.0, V{} - __builtin_inf(), y);
    return O::select(x == __builtin_inf(), x, y);
}

// sin r for |r| ≤ π/2 (one polynomial for both sin and cos): r + (r·z)·S(z), z = r², S the
// polynomial of degree 6 that minimises sin's largest relative error on that range
// (tools/fit_sin.py, Remez: under 1.71·2^-53 with rounded coefficients). The sum keeps r·z off the
// polynomial's chain, but rounds r = ±0 to +0 (r·z·S is then +0 whatever r's sign): sin puts x's
// zero back.
template <class O>
inline typename O::V sin_half_period(typename O::V r) {
    typename O::V z = r * r;
    typename O::V p = horner<O>(z, -0x1.9f1515e828d1bp-41, 0x1.60e6bed0011efp-33, -0x1.ae6355aa3ff49p-26,
                                   0x1.71de3806ac9dcp-19, -0x1.a01a019a659a2p-13, 0x1.111111110a573p-7,
                                   -0x1.55555555554a8p-3);
    return O::fma(r * z, p, r);
}
// x − h·π for an integral or half-integral h (|h| < 2^23): three pieces of π where fma rounds
// once, else the four Cody–Waite pieces of π/2 (exact products without fma) times 2h.
template <class O>
inline typename O::V minus_pis(typename O::V x, typename O::V h) {
    using V = typename O::V;
    if constexpr (O::HAS_FMA) {
        V r = O::fma(h, V{} - PI_A, x);
        r = O::fma(h, V{} - PI_B, r);
        return O::fma(h, V{} - PI_C, r);
    } else {
        V kf = h + h;
        V r = O::fma(kf, V{} - PIO2_1, x);
        r = O::fma(kf, V{} - PIO2_2, r);
        r = O::fma(kf, V{} - PIO2_3, r);
        return O::fma(kf, V{} - PIO2_4, r);
    }
}
// sin x = (−1)^n sin r = sin((−1)^n r) with x = nπ + r, |r| ≤ π/2; n's parity is the low bit of
// t, put on r (sin_half_period is odd in r, so that is the same bits as on the result, earlier on
// the chain). In two stages, the reduction and then the polynomial (vec_impl.h's Staged runs
// them over runs of blocks: 12% faster than one chain). Every lane but ±0, which come out +0:
// the vector kernels flag them (zero_flag_key).
template <class O>
inline typename O::V sin_reduce(typename O::V x) {
    using V = typename O::V;
    V t = O::fma(x, V{} + INV_PI, V{} + ROUND_SHIFT);
    V r = minus_pis<O>(x, t - ROUND_SHIFT);
    return O::from_bits(O::bits(r) ^ (O::bits(t) << 63));
}
template <class O>
inline typename O::V sin_fast(typename O::V x) {
    return sin_half_period<O>(sin_reduce<O>(x));
}
template <class O>
inline typename O::V sin(typename O::V x) {
    return O::select(x == 0.0, x, sin_fast<O>(x));
}
// cos x = sin(x + π/2) = (−1)^n sin r with x = (n − ½)π + r, |r| ≤ π/2; two stages as sin's.
template <class O>
inline typename O::V cos_reduce(typename O::V x) {
    using V = typename O::V;
    V t = O::fma(x, V{} + INV_PI, V{} + 0.5) + ROUND_SHIFT;
    V r = minus_pis<O>(x, (t - ROUND_SHIFT) - 0.5);
    return O::from_bits(O::bits(r) ^ (O::bits(t) << 63));
}
template <class O>
inline typename O::V cos(typename O::V x) {
    return sin_half_period<O>(cos_reduce<O>(x));
}
// Trig: x = k π/2 + r, |r| ≤ π/4, by minus_pis with h = k/2; valid for |x| ≤ TRIG_LIMIT (else
// repaired).
template <class O>
inline typename O::V trig_reduce(typename O::V x, typename O::I& q) {
    using V = typename O::V;
    V t = O::fma(x, V{} + TWO_OPI, V{} + ROUND_SHIFT);
    q = O::bits(t) - O::bits(V{} + ROUND_SHIFT);
    return minus_pis<O>(x, 0.5 * (t - ROUND_SHIFT));
}
// tan r on |r| ≤ π/4 as r·N(z)/D(z), z = r², N/D the [4/4] Padé approximant of tan r / r in z
// (the truncated Lambert continued fraction; tools/fit_tan.py: within 0.13·2^-53 relative with
// rounded coefficients). tan x for x = kπ/2 + r: r·N/D for even k, −D/(r·N) for odd; one division
// either way, and about half the operations of a sin and a cos polynomial.
// The second stage: r·N/D or −D/(r·N) by the parity of x's quadrant, found again from x (one fma:
// cheaper than carrying it through vec_impl.h's Staged buffer beside r).
template <class O>
inline typename O::V tan_of_reduced(typename O::V r, typename O::V x) {
    using V = typename O::V;
    V t = O::fma(x, V{} + TWO_OPI, V{} + ROUND_SHIFT);
    V z = r * r;
    V n = O::fma(r * z, horner<O>(z, 0x1.f28db670be53bp-26, -0x1.e20001e20001ep-16,
                                     0x1.0101010101010p-8, -0x1.1919191919192p-3), r); // r·N, r exact
    V d = horner<O>(z, 0x1.5e8ba44745d2dp-20, -0x1.a5c001a5c001ap-12, 0x1.c1c1c1c1c1c1cp-6,
                       -0x1.e1e1e1e1e1e1ep-2, 1.0);
    auto odd = (O::bits(t) & 1) != 0;
    V y = O::select(odd, -d, n) / O::select(odd, n, d);
    return O::select(x == 0.0, x, y);
}
template <class O>
inline typename O::V tan(typename O::V x) {
    typename O::I q;
    return tan_of_reduced<O>(trig_reduce<O>(x, q), x);
}
// The repair predicate shared by sin, cos and tan: lanes whose reduction is not served, |x| past
// the kind's limit (also ±∞ and NaN: cheap to hand to the scalar routine). Its key is
// magnitude_key; its limit this, per kind of item.
inline int64_t trig_repair_above(double limit) {
    return std::bit_cast<int64_t>(limit);
}
// A repair key that flags ±0 as well as what magnitude_key flags above a limit (sin_fast's: trig's
// lanes and ±0; float32 tanh_fast's): magnitude_key less one, wrapping, so that zero's lands at
// the top and every other key keeps its order; the limit moves with it (zero_flag_above of the
// limit's bits). For float64 and float32 items alike (B: the item's bits), as log_repair_key.
template <class O>
inline typename O::I zero_flag_key(typename O::V x) {
    using B = std::conditional_t<sizeof(typename O::E) == 8, int64_t, int32_t>;
    return wrapping_add(magnitude_key<O>(x), typename O::I{} + std::numeric_limits<B>::max());
}
template <class B>
constexpr B zero_flag_above(B limit_bits) {
    return limit_bits - 1 + std::numeric_limits<B>::min();
}

// tanh |x| = E/(E + 2) with E = e^(2|x|) − 1 ≥ 0 (the side where neither E's nor E + 2's
// rounding is amplified, as they are for e^(−2|x|) − 1), x's sign put back on; one division.
// E without cancellation: 2|x| = (16m + j)·ln2/16 + 2r with 0 ≤ r ≤ ln2/32 (n = 16m + j rounded
// down, so the two terms below have one sign), T_j = 2^(j/16) rounded and c_j = (2^(j/16) −
// T_j)/T_j rounded (both by mpmath), H = 2^m·T_j (exact, an exponent add) and p = e^(2r) − 1:
// E = (H − 1) + H·(p + c_j). H − 1 is exact wherever it cancels (H in [1, 2]: Sterbenz), so E
// keeps its relative accuracy down to tiny |x|, where m = j = 0 and E = p (subnormal x: p = 2x
// exactly, and E/(E + 2) = x). p = 2r + r²·Q(r), Q the Chebyshev fit of degree 5 to
// (e^(2r) − 1 − 2r)/r² on [−2^-30, ln2/32] (mpmath chebyfit; p within 0.04 ulp relative with
// rounded coefficients), by Estrin's scheme (a shorter dependency chain than Horner's).
// Past |x| = 20 (tanh rounds to 1 from 19.1) a select gives 1; those lanes' arithmetic is garbage.
// T_j·2^m is EXP2_16_SCALE's bits plus n·2^48, as exp_fast's.
alignas(64) inline constexpr double TANH_EXP2_TAIL[16] = {
    0x0.0p+0, 0x1.79aa65d837b6dp-54, -0x1.01b15eaa59348p-55, 0x1.68efde3a8a894p-54,
    0x1.34d754db0abb6p-55, 0x1.59f48a72a4c6dp-55, 0x1.690cebb7aafb0p-56, 0x1.063e1e21c5409p-54,
    -0x1.3b3efbf5e2228p-54, -0x1.b32dcb94da51dp-56, 0x1.db72fc1f0eab4p-55, 0x1.1affc2b91ce27p-56,
    0x1.c1a7792cb3387p-55, 0x1.36eae30af0cb3p-56, 0x1.4a385a63d07a7p-56, -0x1.ff7128fd391f0p-55};
template <class O>
inline typename O::V tanh(typename O::V x) {
    using V = typename O::V;
    using I = typename O::I;
    V a = O::abs(x);
    // n = ⌊2|x|·16/ln2⌋, or one off where that is within rounding of an integer (r then leaves
    // [0, ln2/32] by a hair, which the fit covers)
    V t = O::fma(a, V{} + 32 * LOG2E, V{} - 0.5) + ROUND_SHIFT;
    V nf = t - ROUND_SHIFT;
    I n = O::bits(t); // n = 16m + j in its low bits (ROUND_SHIFT's are zero)
    V r = O::fma(nf, V{} - LN2_HI / 32, a); // exact: LN2_HI has 37 significant bits
    r = O::fma(nf, V{} - LN2_LO / 32, r);
    V r2 = r * r;
    V q45 = O::fma(V{} + 0x1.a6ed206136c1fp-6, r, V{} + 0x1.6c0c13510dec5p-4);
    V q23 = O::fma(V{} + 0x1.111118c210ff8p-2, r, V{} + 0x1.555555505445ap-1);
    V q01 = O::fma(V{} + 0x1.5555555556861p+0, r, V{} + 0x1.fffffffffffffp+0);
    V q = O::fma(O::fma(q45, r2, q23), r2, q01);
    V pc = O::fma(r2, q, O::fma(r, V{} + 2.0, O::lookup16(TANH_EXP2_TAIL, n))); // p + c_j
    // H = 2^m·T_j (t's own exponent bits fall off the top of n << 48)
    V h = O::from_bits(wrapping_add<I>(O::bits(O::lookup16(EXP2_16_SCALE.v, n)), n << 48));
    V e = O::fma(h, pc, h - 1.0);
    V y = e / (e + 2.0); // +0 or more (NaN aside)
    y = O::select(a > 20.0, V{} + 1.0, y); // NaN stays NaN
    return O::from_bits(O::bits(y) | (O::bits(x) & (I{} + INT64_MIN)));
}
// e^a / 2 for large a without overflowing early: (e^(a/2)/2)·e^(a/2).
template <class O>
inline typename O::V half_exp(typename O::V a) {
    typename O::V h = exp<O>(0.5 * a);
    return (0.5 * h) * h;
}
// The common lanes of sinh (|x| ≤ EXPM1_FAST_LIMIT, so E = e^|x| − 1 neither overflows nor
// needs expm1's specials): (E + E/(E+1))/2; the vector kernels flag the rest (magnitude_key above
// EXPM1_REPAIR_ABOVE, NaN too) for the full formula.
template <class O>
inline typename O::V sinh_e(typename O::V x) {
    return expm1_core<O>(O::abs(x));
}
template <class O>
inline typename O::V sinh_of_e(typename O::V e, typename O::V x) {
    return O::copysign(0.5 * (e + e / (e + 1.0)), x);
}
template <class O>
inline typename O::V sinh_fast(typename O::V x) { // in two stages, E and then the rest
    return sinh_of_e<O>(sinh_e<O>(x), x);
}
template <class O>
inline typename O::V sinh(typename O::V x) {
    using V = typename O::V;
    V a = O::abs(x);
    V e = expm1<O>(O::select(a > 22.0, V{} + 1.0, a));
    V small = 0.5 * (e + e / (e + 1.0));
    V y = O::select(a > 22.0, half_exp<O>(a), small);
    return O::select(x != x, x, O::copysign(y, x));
}
// The common lanes of cosh (|x| ≤ EXP_FAST_LIMIT): e/2 + 1/(2e) with e = exp_fast(|x|); the
// vector kernels flag the rest (exp's repair key) for the full formula.
template <class O>
inline typename O::V cosh_fast(typename O::V x) {
    typename O::V e = exp_fast<O>(O::abs(x));
    return 0.5 * e + 0.5 / e;
}
template <class O>
inline typename O::V cosh(typename O::V x) {
    using V = typename O::V;
    V a = O::abs(x);
    V e = exp<O>(O::select(a > 22.0, V{} + 1.0, a));
    V y = 0.5 * e + 0.5 / e;
    return O::select(a > 22.0, half_exp<O>(a), y);
}

// atan(p/q) for p, q ≥ 0 (not both 0) with one division: p/q in one of five regions split at
// tan(kπ/16), k = 1, 3, 5, 7 (compared as p > tan(kπ/16)·q), each with a centre t (0, tan π/8,
// 1, tan 3π/8, all rounded; ∞ for the last) and c = atan t in two parts:
// atan(p/q) = c + atan u, u = (p − t·q)/(q + t·p), or −q/p in the last, |u| ≤ tan(π/16).
// atan u = u + u³·P(u²), P the Chebyshev fit of degree 7 to (atan u − u)/u³ on that range
// (mpmath chebyfit; < 0.01 ulp with rounded coefficients).
alignas(64) inline constexpr double ATAN_T[16] = {0.0, 0x1.a827999fcef32p-2, 1.0, 0x1.3504f333f9de6p+1};
alignas(64) inline constexpr double ATAN_C[16] = {0.0, 0x1.921fb54442d18p-2, 0x1.921fb54442d18p-1,
                                                 0x1.2d97c7f3321d2p+0, 0x1.921fb54442d18p+0};
alignas(64) inline constexpr double ATAN_C_LO[16] = {0.0, 0x1.c398861b78b55p-59, 0x1.1a62633145c07p-55,
                                                    0x1.fc774dbe287a0p-56, 0x1.1a62633145c07p-54};
template <class O>
inline typename O::V atan_ratio(typename O::V p, typename O::V q) {
    using V = typename O::V;
    using I = typename O::I;
    auto last = p > 0x1.41bfee2424771p+2 * q;
    I j = O::selecti(p > 0x1.975f5e0553158p-3 * q, I{} + 1, I{}) +
          O::selecti(p > 0x1.561b82ab7f990p-1 * q, I{} + 1, I{}) +
          O::selecti(p > 0x1.7f218e25a7461p+0 * q, I{} + 1, I{}) + O::selecti(last, I{} + 1, I{});
    V t = O::lookup16(ATAN_T, j);
    V u = O::select(last, -q, O::fma(-t, q, p)) / O::select(last, p, O::fma(t, p, q));
    V z = u * u;
    V w = horner<O>(z, 0x1.a3137dd630831p-5, -0x1.0f1a586601767p-4, 0x1.3b0316159768bp-4,
                       -0x1.745cc905ead49p-4, 0x1.c71c70fe465e9p-4, -0x1.24924924137bbp-3,
                       0x1.99999999995c8p-3, -0x1.5555555555555p-2);
    return O::lookup16(ATAN_C, j) + (O::fma(u * z, w, u) + O::lookup16(ATAN_C_LO, j));
}
template <class O>
inline typename O::V atan(typename O::V x) {
    return O::copysign(atan_ratio<O>(O::abs(x), typename O::V{} + 1.0), x); // NaN stays NaN
}
// asin x for |x| ≤ 1/2: w + w·z·P(z) with w = |x|, z = w²; past 1/2 by reflection,
// asin |x| = π/2 − 2 asin w with w = √z, z = (1 − |x|)/2 (exact: Sterbenz). One P for both: the
// Chebyshev fit of degree 12 to (asin √z − √z)/(z·√z) on [0, 1/4] (mpmath, tools/fit_asin.py;
// 5.1e-18 relative). No division; |x| > 1 makes z negative and √z NaN.
template <class O>
inline typename O::V asin(typename O::V x) {
    using V = typename O::V;
    V a = O::abs(x);
    auto far = a > 0.5;
    V z = O::select(far, 0.5 - 0.5 * a, a * a);
    V w = O::select(far, O::sqrt(z), a);
    V p = estrin<O>(z, 0x1.d72b2bc8155f8p-6, -0x1.e6aaa8a0a04ccp-7, 0x1.1d189408314eep-6,
                       0x1.65a9c4dfcf8b2p-8, 0x1.52420b04b37bep-7, 0x1.782651caa6547p-7,
                       0x1.c9cf07674736ap-7, 0x1.1c4d35cf95421p-6, 0x1.6e8bb1c8209a2p-6,
                       0x1.f1c71c1db0623p-6, 0x1.6db6db6e31f13p-5, 0x1.3333333332ecap-4,
                       0x1.5555555555556p-3);
    V r = O::fma(w * z, p, w);
    // π/2 − 2r, π/2 as its float64 rounding plus the rest
    V y = O::select(far, (0x1.921fb54442d18p+0 - 2.0 * r) + 0x1.1a62633145c07p-54, r);
    return O::copysign(y, x); // NaN stays NaN
}
template <class O>
inline typename O::V acos(typename O::V x) {
    using V = typename O::V;
    V y = 2.0 * atan_ratio<O>(O::sqrt(1.0 - x), O::sqrt(1.0 + x));
    return O::select((O::abs(x) > 1.0) | (x != x), V{} + __builtin_nan(""), y);
}
template <class O>
inline typename O::V asinh(typename O::V x) {
    using V = typename O::V;
    V a = O::abs(x);
    V big = log<O>(a) + LN2;
    V a2 = O::select(a > 0x1p28, V{}, a);
    V small = log1p<O>(a2 + a2 * a2 / (1.0 + O::sqrt(1.0 + a2 * a2)));
    V y = O::select(a > 0x1p28, big, small);
    return O::select(x != x, x, O::copysign(y, x));
}
template <class O>
inline typename O::V acosh(typename O::V x) {
    using V = typename O::V;
    V big = log<O>(x) + LN2;
    V t = x - 1.0;
    V small = log1p<O>(t + O::sqrt(2.0 * t + t * t));
    V y = O::select(x > 0x1p28, big, small);
    return O::select(x < 1.0, V{} + __builtin_nan(""), y);
}
template <class O>
inline typename O::V atanh(typename O::V x) {
    using V = typename O::V;
    V a = O::abs(x);
    V y = 0.5 * log1p<O>(2.0 * a / (1.0 - a));
    y = O::select(a > 1.0, V{} + __builtin_nan(""), y);
    return O::select(x != x, x, O::copysign(y, x));
}

// Cube root by a table: |x| = 2^(3q+s)·m with m in [1, 2), s in {0, 1, 2}; m's top four mantissa
// bits j pick rc_j = 1/c_j (c_j the centre; r = m·rc_j − 1, |r| ≤ 1/33, rounds once, which moves
// ∛(1+r) by a third of that) and T1_j = ∛(1/rc_j); T2_s = 2^(s/3); ∛m·2^(s/3) = T1_j·T2_s·(1 + r·Q(r)),
// Q the Chebyshev fit of degree 7 to (∛(1+r) − 1)/r (r·Q within 2.3e-18; all by mpmath,
// tools/fit_cbrt_table.py); then 2^q by an exponent add. T1·T2 is kept exactly as a pair and the
// tables' roundings are added back from two more tables, so the last add is the one rounding
// that matters (docs/accuracy.md). T2 and E2 sit at (s + 1023) mod 16 (the biased exponent's 1023
// is left in s; the lookup reads the low four bits).
alignas(64) inline constexpr double CBRT_RC[16] = {
    0x1.f07c1f07c1f08p-1, 0x1.d41d41d41d41dp-1, 0x1.bacf914c1bad0p-1, 0x1.a41a41a41a41ap-1,
    0x1.8f9c18f9c18fap-1, 0x1.7d05f417d05f4p-1, 0x1.6c16c16c16c17p-1, 0x1.5c9882b931057p-1,
    0x1.4e5e0a72f0539p-1, 0x1.4141414141414p-1, 0x1.3521cfb2b78c1p-1, 0x1.29e4129e4129ep-1,
    0x1.1f7047dc11f70p-1, 0x1.15b1e5f75270dp-1, 0x1.0c9714fbcda3bp-1, 0x1.0410410410410p-1};
alignas(64) inline constexpr double CBRT_T1[16] = {
    0x1.02a3ad2ef6f48p+0, 0x1.07c3236b0a73ap+0, 0x1.0cb18b61ad8cfp+0, 0x1.11733d66373bdp+0,
    0x1.160bfc12dd091p+0, 0x1.1a7f0eab8483dp+0, 0x1.1ecf55daa68a5p+0, 0x1.22ff5c2fb2fd0p+0,
    0x1.27116361abaeap+0, 0x1.2b076f131c9d7p+0, 0x1.2ee34da3b4fe3p+0, 0x1.32a69f78df567p+0,
    0x1.3652dd0d71db1p+0, 0x1.39e95c0605a66p+0, 0x1.3d6b5379be10cp+0, 0x1.40d9df94f1be1p+0};
alignas(64) inline constexpr double CBRT_T2[16] = {
    0x1.428a2f98d728bp+0, 0x1.965fea53d6e3dp+0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1.0};
// What rounding took off T1 and T2, relative: (∛(1/rc_j) − T1_j)/T1_j and (2^(s/3) − T2_s)/T2_s.
alignas(64) inline constexpr double CBRT_E1[16] = {
    -0x1.f4e4eb24d98eep-56, -0x1.a69c7bc2aff98p-56, -0x1.a86ce4b0db7e7p-54, 0x1.0ac8a95f1b317p-54,
    -0x1.8e3fffe417010p-55, -0x1.0ead5d8e9ff97p-54, -0x1.13dca17e32be1p-54, 0x1.8743321ca12cfp-60,
    -0x1.74e2d16ca06f2p-57, -0x1.a48061d347d45p-55, -0x1.18d98446648b5p-54, 0x1.3540d0a45a663p-54,
    -0x1.2bebebbe2bba7p-55, -0x1.2272497399701p-54, -0x1.aba303a22d8e8p-55, 0x1.5d0974d9e4379p-55};
alignas(64) inline constexpr double CBRT_E2[16] = {
    -0x1.7b3273beb351cp-56, -0x1.3bc3a711b3cf7p-54, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

// The common lanes: ±0 and normal finite x (the rest are flagged by cbrt_repair_key).
// Always inlined, as sin_fast (cbrt calls it too): the AVX2 and portable block loops called an
// out-of-line copy (AVX2 f64 3.3 → 2.7 ns/item, portable 8.8 → 4.7).
template <class O>
[[gnu::always_inline]] inline typename O::V cbrt_fast(typename O::V x) {
    using V = typename O::V;
    using I = typename O::I;
    I b = O::bits(x) & 0x7fffffffffffffffLL;
    I be = logical_shift_right(b, 52); // e + 1023
    // q = ⌊e/3⌋ = round((e − 1)/3): the fraction is −1/3, 0 or 1/3
    V t = O::fma(O::to_v(be), V{} + 1.0 / 3, V{} - 1024.0 / 3) + ROUND_SHIFT;
    I q = O::bits(t) - O::bits(V{} + ROUND_SHIFT);
    I s = be - (q + q + q); // s + 1023
    I j = logical_shift_right(b, 48);
    V m = O::from_bits((b & 0x000fffffffffffffLL) | 0x3ff0000000000000LL);
    V r = O::fma(m, O::lookup16(CBRT_RC, j), V{} - 1.0);
    V p = r * estrin<O>(r, -0x1.03c8090062e5ap-6, 0x1.37b8adef64f94p-6, -0x1.8090c8e2c5487p-6,
                           0x1.ee71040777f4ap-6, -0x1.511e8d2b813f3p-5, 0x1.f9add3c126447p-5,
                           -0x1.c71c71c71c718p-4, 0x1.5555555555554p-2);
    // T1·T2 = u + ue exactly; the tables' own roundings go in with p: about half an ulp is left
    V t1 = O::lookup16(CBRT_T1, j), t2 = O::lookup16(CBRT_T2, s);
    V u = t1 * t2;
    V ue = O::fma(t1, t2, -u);
    V y = O::fma(u, p + (O::lookup16(CBRT_E1, j) + O::lookup16(CBRT_E2, s)), ue) + u;
    I yb = wrapping_add(O::bits(y), q << 52) | (O::bits(x) & (I{} + INT64_MIN));
    return O::select(x == 0.0, x, O::from_bits(yb));
}
// cbrt_fast's repair key, for float64 and float32 items alike: subnormal, ±∞ and NaN lanes above
// the kind's LOG_REPAIR_ABOVE (ln's key on |x|, with ±0 moved below it: zeros are common and
// cbrt_fast serves them).
template <class O>
inline typename O::I cbrt_repair_key(typename O::V x) {
    using I = typename O::I;
    using E = typename O::E;
    using B = std::conditional_t<sizeof(E) == 8, int64_t, int32_t>;
    typename O::V a = O::abs(x);
    return O::selecti(a == static_cast<E>(0), I{} + std::numeric_limits<B>::min(), log_repair_key<O>(a));
}
// Every lane of either width, around that width's cbrt_fast: zero and tiny |x| (subnormals too)
// scaled up by a cube first (float64: below 2^-900 by 2^300; float32: below 2^-100 by 2^90) and
// the result down by its cube root; ±∞ and NaN kept.
template <class O, class Fast>
inline typename O::V cbrt_every_lane(typename O::V x, Fast fast) {
    using V = typename O::V;
    using E = typename O::E;
    constexpr bool wide = sizeof(E) == 8;
    constexpr E below = wide ? 0x1p-900 : 0x1p-100f, up = wide ? 0x1p300 : 0x1p90f, down = wide ? 0x1p-100 : 0x1p-30f;
    V a = O::abs(x);
    auto tiny = a < below;
    V y = fast(O::select(tiny, x * up, x));
    y = O::select(tiny, y * down, y);
    return O::select((a == static_cast<E>(__builtin_inf())) | (x != x), x, y);
}
template <class O>
inline typename O::V cbrt(typename O::V x) {
    return cbrt_every_lane<O>(x, [](typename O::V v) { return cbrt_fast<O>(v); });
}

// Power for floats, every lane: pow_common on |x| with the sign and special cases of IEEE pow
// (also pow's scalar repair routine); a negative
// base with a non-integral exponent gives NaN (the complex case is the caller's, D5).
// Its error is characterised by u·|y ln x| (docs/accuracy.md).
// The common formula for lanes the repair predicate leaves (x positive and finite, y finite):
// exp(y ln x); an integral x to an integral power 0 < y < 128 by repeated squaring (every
// partial product is an integer no larger than the result, so the result is exact whenever it
// is representable: 2*53 is 2^53); y = 2 and y = −1 in one rounding.
// NORMAL: x is also normal (the vector kernels' repair predicate sends subnormal x to the full
// formula), so ln needs no scaling. The squaring and the reciprocal run only for a block that
// has such a lane, as exp's full formula does. In two stages, w = y ln x and then the rest, so
// the block loops can run each over a run of blocks (vec_impl.h's Staged): one chain of both
// is longer than the out-of-order window covers.
template <class O, bool NORMAL = false>
inline typename O::V pow_w(typename O::V x, typename O::V y) {
    if constexpr (NORMAL) return y * log_table<O, true>(x, typename O::I{});
    else return y * log<O, true>(x);
}
template <class O>
inline typename O::V pow_from_w(typename O::V w, typename O::V x, typename O::V y) {
    using V = typename O::V;
    // exp's full formula only for a block with a lane past exp_fast's range (over- and underflow,
    // subnormal results, ±∞ from zero and infinite bases, NaN): a third of the time on the rest
    V r = O::any(!(O::abs(w) <= EXP_FAST_LIMIT)) ? exp<O>(w) : exp_fast<O>(w);
    V ay = O::abs(y);
    auto x_int = ((x + 0x1p52) - 0x1p52) == x;
    auto y_int = ((ay + 0x1p52) - 0x1p52) == ay;
    auto squaring = x_int & y_int & (y > 0.0) & (ay < 128.0);
    if (O::any(squaring)) {
        auto yb = O::bits(ay + 0x1p52); // the low bits hold |y| for an integral |y| < 2^52
        V p = V{} + 1.0, b = x;
        for (int k = 0; k < 7; ++k) {
            p = O::select(((yb >> k) & 1) != 0, p * b, p);
            b = b * b;
        }
        r = O::select(squaring, p, r);
    }
    auto reciprocal = y == -1.0;
    if (O::any(reciprocal)) r = O::select(reciprocal, 1.0 / x, r);
    return O::select(y == 2.0, x * x, r);
}
template <class O, bool NORMAL = false>
inline typename O::V pow_common(typename O::V x, typename O::V y) {
    return pow_from_w<O>(pow_w<O, NORMAL>(x, y), x, y);
}
// The common formula for items that round to float32 or float16, on float64 lanes: exp(y·ln x)
// with ln to about 2^-40 (the ln table, ln(1+r) to r^5: r^6/6 < 2^-32 of r) and e^w to about
// 2^-40 (the 2^(j/16) table, e^r − 1 to r^4), so the result is within 10^-10 of x^y before the
// one rounding to float32; an exactly representable result (3*5 is 243) rounds to itself. w is
// clamped to ±200, past which float32 over- and underflows anyway. In two stages, as pow_common.
template <class O>
inline typename O::V pow_narrow_w(typename O::V x, typename O::V y) {
    using V = typename O::V;
    using I = typename O::I;
    I k, j;
    V z = O::from_bits(log_split<O>(x, k, j));
    V r = O::fma(z, O::lookup16(LOG_D, j), V{} - 1.0);
    V p = estrin<O>(r, 1.0 / 5, -1.0 / 4, 1.0 / 3, -0.5);
    V ln = O::fma(O::to_v(k), V{} + LN2, O::lookup16(LOG_NEG_LN_D_HI, j));
    ln = ln + O::fma(r * r, p, r);
    V w = y * ln;
    return O::min(V{} + 200.0, O::max(V{} - 200.0, w)); // min/max: no compare into a mask
}
template <class O>
inline typename O::V pow_narrow_from_w(typename O::V w) {
    using V = typename O::V;
    using I = typename O::I;
    V t = O::fma(w, V{} + 16 * LOG2E, V{} + ROUND_SHIFT);
    V e = O::fma(t - ROUND_SHIFT, V{} - LN2 / 16, w);
    V q = estrin<O>(e, 1.0 / 24, 1.0 / 6, 0.5);
    V em1 = O::fma(e * e, q, e);
    I n = O::bits(t);
    V s = O::from_bits(wrapping_add(O::bits(O::lookup16(EXP2_16_SCALE.v, n)), n << 48));
    return O::fma(s, em1, s);
}
template <class O>
inline typename O::V pow_common_narrow(typename O::V x, typename O::V y) {
    return pow_narrow_from_w<O>(pow_narrow_w<O>(x, y));
}
// pow's repair predicate: lanes whose sign, zero, infinity or NaN rules the common formula skips.
template <class O>
inline typename O::M pow_needs_repair(typename O::V x, typename O::V y) {
    return !((x >= 0x1p-1022) & (x < __builtin_inf()) & (O::abs(y) < __builtin_inf()));
}

// NARROW: the items round to float32 or float16 (pow_common_narrow serves the common lanes).
template <class O, bool NARROW = false>
inline typename O::V pow(typename O::V x, typename O::V y) {
    using V = typename O::V;
    V ax = O::abs(x);
    V r;
    if constexpr (NARROW)
        r = pow_common_narrow<O>(O::select(ax > 0.0, ax, V{} + 1.0), y);
    else
        r = pow_common<O>(ax, y);
    // parity of an integral y: y is odd when y/2 is not integral
    V yh = 0.5 * y;
    V yhr = (O::abs(yh) + 0x1p52) - 0x1p52; // rounds a nonnegative value below 2^52
    auto y_int = (((O::abs(y) + 0x1p52) - 0x1p52) == O::abs(y)) | (O::abs(y) >= 0x1p52);
    auto y_odd = y_int & (yhr != O::abs(yh)) & (O::abs(y) < 0x1p53);
    r = O::select(x < 0.0, O::select(y_odd, -r, O::select(y_int, r, V{} + __builtin_nan(""))), r);
    // x = ±0: sign survives for odd negative/positive y
    V zero_res = O::select(y < 0.0, V{} + __builtin_inf(), V{});
    zero_res = O::select(y_odd & (x == 0.0), O::copysign(zero_res, x), zero_res);
    r = O::select(x == 0.0, zero_res, r);
    // y = ±∞ and x = ±∞ follow IEEE pow
    V yinf = O::select(ax == 1.0, V{} + 1.0,
                       O::select((ax > 1.0) == (y > 0.0), V{} + __builtin_inf(), V{}));
    r = O::select(O::abs(y) == __builtin_inf(), yinf, r);
    V xinf = O::select(y < 0.0, V{}, V{} + __builtin_inf());
    xinf = O::select((x < 0.0) & y_odd, -xinf, xinf);
    r = O::select(ax == __builtin_inf(), xinf, r);
    r = O::select((x != x) | (y != y), x + y, r);
    return O::select((y == 0.0) | (x == 1.0), V{} + 1.0, r);
}

// ⌊x as an integer (functions.md: floor gives integers), tolerant for float64 (TOLERANT: x within
// the comparison tolerance below an integer is that integer) and exact for narrower floats (their
// items are exact as float64), saturating to int64: ∞ and from 2^63 the largest, ¯∞ and below
// −2^63 the least, NaN 0. Out-of-range lanes convert a 0 and are then replaced.
template <class O, bool TOLERANT>
inline typename O::I floor_int(typename O::V x) {
    using V = typename O::V;
    using I = typename O::I;
    V ax = O::abs(x);
    V r = O::select(ax < 0x1p52, O::copysign((ax + 0x1p52) - 0x1p52, x), x); // nearest, or x itself
    r = O::select(r > x, r - 1.0, r);
    if constexpr (TOLERANT) {
        V u = r + 1.0, d = u - x; // u > x; an integral x stays
        V big = O::select(O::abs(u) > ax, O::abs(u), ax);
        r = O::select((r != x) & (d <= CT * big) & (d < __builtin_inf()), u, r);
    }
    I out = O::to_i(O::select((r >= -0x1p63) & (r < 0x1p63), r, V{}));
    out = O::selecti(r >= 0x1p63, I{} + std::numeric_limits<int64_t>::max(), out);
    return O::selecti(r < -0x1p63, I{} + std::numeric_limits<int64_t>::min(), out);
}
// ⌈x = −⌊−x, saturating the same way (⌈ of −2^63 and below is the least int64).
template <class O, bool TOLERANT>
inline typename O::I ceil_int(typename O::V x) {
    using I = typename O::I;
    constexpr int64_t least = std::numeric_limits<int64_t>::min();
    I f = floor_int<O, TOLERANT>(-x);
    I c = O::selecti(f == I{} + least, I{} + std::numeric_limits<int64_t>::max(), wrapping_sub(I{}, f));
    return O::selecti(x <= -0x1p63, I{} + least, c);
}

// Residue X|Y = Y − X⌊Y÷X⌋ for lanes with 0 < |Y÷X| < 2^51 and finite nonzero X (the rest are
// repaired by the scalar routine): one fma, exact whenever |Y| ≥ |X|; a quotient within the
// comparison tolerance of an integer gives 0 when `tolerant` (float64).
template <class O>
inline typename O::V residue(typename O::V x, typename O::V y, bool tolerant) {
    using V = typename O::V;
    V q = y / x;
    V n = (q + ROUND_SHIFT) - ROUND_SHIFT; // nearest integer
    V f = n - O::select(n > q, V{} + 1.0, V{});
    V r = O::fma(-x, f, y);
    r = O::select((r != 0.0) & ((r < 0.0) != (x < 0.0)), r + x, r);
    r = O::select(O::select(x > 0.0, r >= x, r <= x) != 0, r - x, r);
    r = O::select(r == x, V{}, r);
    if (tolerant) r = O::select(O::abs(q - n) <= CT * O::abs(q), V{}, r);
    return r;
}
template <class O>
inline typename O::M residue_needs_repair(typename O::V x, typename O::V y) {
    typename O::V q = y / x;
    return !((O::abs(q) < 0x1p51) & (x != 0.0) & (O::abs(x) < __builtin_inf()));
}

} // namespace bpl::math::formula
