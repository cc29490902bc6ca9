// Internal to math/: float32-native versions of the hottest formulas (exp, expm1, log, sin, cos,
// tanh) over a float Ops type O32 (V: float lanes, I: int32 lanes), used where the ISA has FMA
// (their reductions rely on it) and by the scalar route for float32 and float16 items. Shorter
// polynomials than formulas.h: truncated Taylor series good to 2^-30 on the reduced ranges (sin's:
// a Chebyshev fit).
#pragma once

#include "math/formulas.h"

#include <bit>
#include <cstdint>

namespace bpl::math::formula32 {

using formula::horner;

inline constexpr float LOG2E = 0x1.715476p0f;
inline constexpr float LN2_HI = 0x1.62e43p-1f;
inline constexpr float LN2_LO = -0x1.05c610p-29f;
inline constexpr float SHIFT = 0x1.8p23f;
inline constexpr float TWO_OPI = 0x1.45f306p-1f;
inline constexpr float INV_PI = 0x1.45f306p-2f;
inline constexpr float PIO2_1 = 0x1.921fb6p0f;
inline constexpr float PIO2_2 = -0x1.777a5cp-25f;
inline constexpr float PIO2_3 = -0x1.ee59dap-50f;

template <class O>
inline typename O::V pow2i(typename O::I k) {
    return O::from_bits((k + 127) << 23);
}

// e^r − 1 for |r| ≤ ln2/2: r + r²(1/2 + r/6 + ... + r^5/7!)
template <class O>
inline typename O::V expm1_poly(typename O::V r) {
    using V = typename O::V;
    V q = horner<O>(r, 1.0f / 5040, 1.0f / 720, 1.0f / 120, 1.0f / 24, 1.0f / 6, 0.5f);
    return O::fma(r * r, q, r);
}

template <class O>
inline typename O::V exp_reduce_core(typename O::V xc, typename O::I& k) {
    using V = typename O::V;
    V t = O::fma(xc, V{} + LOG2E, V{} + SHIFT);
    V kf = t - SHIFT;
    k = O::bits(t) - O::bits(V{} + SHIFT);
    V r = O::fma(kf, V{} - LN2_HI, xc);
    return O::fma(kf, V{} - LN2_LO, r);
}

// x clamped first so k stays small.
template <class O>
inline typename O::V exp_reduce(typename O::V x, typename O::I& k) {
    using V = typename O::V;
    V xc = O::min(V{} + 100.0f, O::max(V{} - 110.0f, x));
    return exp_reduce_core<O>(xc, k);
}

// Past this |x| (or NaN) the result leaves the normal range: exp_fast's repair predicate flags
// the lane and the full formula (exp) answers.
inline constexpr float EXP_FAST_LIMIT = 86.5f; // 2^k·e^r stays normal: |k| ≤ 125

// The common lanes (|x| ≤ EXP_FAST_LIMIT): e^r by Horner to the constant term, and 2^k
// straight into the exponent field.
template <class O>
inline typename O::V exp_fast(typename O::V x) {
    using V = typename O::V;
    V t = O::fma(x, V{} + LOG2E, V{} + SHIFT);
    V kf = t - SHIFT;
    V r = O::fma(kf, V{} - LN2_HI, x);
    r = O::fma(kf, V{} - LN2_LO, r);
    V q = horner<O>(r, 1.0f / 5040, 1.0f / 720, 1.0f / 120, 1.0f / 24, 1.0f / 6, 0.5f, 1.0f, 1.0f);
    // the low bits of t hold k; shifted by 23 they land on the exponent field (the rest falls off)
    return O::from_bits(formula::wrapping_add(O::bits(q), O::bits(t) << 23));
}
// Repair keys are formulas.h's (magnitude_key, log_repair_key, log1p_repair_key,
// cbrt_repair_key, written for either item width), each against this file's float32 limit.
using formula::cbrt_repair_key;
using formula::log1p_repair_key;
using formula::log_repair_key;
using formula::magnitude_key;
inline constexpr int32_t EXP_REPAIR_ABOVE = std::bit_cast<int32_t>(EXP_FAST_LIMIT);

// Every lane: clamped, 2^k in two steps (subnormal results), special cases by selects.
template <class O>
inline typename O::V exp(typename O::V x) {
    using V = typename O::V;
    using I = typename O::I;
    I k;
    V p = expm1_poly<O>(exp_reduce<O>(x, k));
    I k1 = k >> 1;
    V y = (1.0f + p) * pow2i<O>(k1) * pow2i<O>(k - k1);
    y = O::select(x > 88.72283935546875f, V{} + __builtin_inff(), y);
    y = O::select(x < -103.972084045410156f, V{}, y);
    return O::select(x != x, x, y);
}

// e^x − 1 = 2^k (1+p) − 1 with one rounding, for x the clamps below leave (no specials).
template <class O>
inline typename O::V expm1_core(typename O::V x) {
    using V = typename O::V;
    typename O::I k;
    V p = expm1_poly<O>(exp_reduce_core<O>(x, k));
    V s = pow2i<O>(k);
    return O::fma(s, p, s - 1.0f);
}

// expm1_core serves |x| ≤ 88 (2^k stays normal or exactly 0); the vector kernels flag the rest.
inline constexpr int32_t EXPM1_REPAIR_ABOVE = std::bit_cast<int32_t>(88.0f);

template <class O>
inline typename O::V expm1(typename O::V x) {
    using V = typename O::V;
    V xs = O::min(V{} + 88.0f, O::max(V{} - 30.0f, x));
    V y = expm1_core<O>(xs);
    y = O::select(x > 88.0f, exp<O>(x), y);
    return O::select(x != x, x, y);
}

// ln as formulas.h's, but r = z·(1/c) − 1 by one fma (these formulas always have fma) and the
// table holding −ln of 1/c rounded (so the two agree exactly); ln(1+r) to r^5.
inline constexpr int32_t LOG_OFF = 0x3f340000;
alignas(64) inline constexpr float LOG_INVC[16] = {
    0x1.642c86p+0f, 0x1.555556p+0f, 0x1.47ae14p+0f, 0x1.3b13b2p+0f, 0x1.2f684cp+0f, 0x1.24924ap+0f,
    0x1.1a7b96p+0f, 0x1.111112p+0f, 0x1.084210p+0f, 0x1.000000p+0f, 0x1.e1e1e2p-1f, 0x1.c71c72p-1f,
    0x1.af286cp-1f, 0x1.99999ap-1f, 0x1.861862p-1f, 0x1.745d18p-1f};
alignas(64) inline constexpr float LOG_LOGC[16] = {
    -0x1.522ae2p-2f, -0x1.269624p-2f, -0x1.f991c4p-3f, -0x1.a93ed8p-3f, -0x1.5bf408p-3f,
    -0x1.1178eep-3f, -0x1.9335e4p-4f, -0x1.08599ap-4f, -0x1.0415c8p-5f, 0x0.0p+0f,
    0x1.f0a30ap-5f, 0x1.e27074p-4f, 0x1.5ff306p-3f, 0x1.c8ff7ap-3f, 0x1.1675cap-2f, 0x1.4618bap-2f};

template <class O>
inline typename O::V log_table(typename O::V x, typename O::I k0) {
    using V = typename O::V;
    using I = typename O::I;
    I b = O::bits(x);
    I iz = formula::wrapping_sub(b, I{} + LOG_OFF); // wrapping: lanes to be repaired hold any bits
    I k = iz >> 23;
    I j = iz >> 19; // lookup16 reads the low four bits
    V z = O::from_bits(formula::wrapping_sub(b, k << 23));
    V kf = O::to_v(k + k0);
    V r = O::fma(z, O::lookup16(LOG_INVC, j), V{} - 1.0f);
    V p = horner<O>(r, 1.0f / 5, -1.0f / 4, 1.0f / 3, -0.5f);
    V tail = O::fma(r * r, p, kf * LN2_LO);
    V hi = O::fma(kf, V{} + LN2_HI, O::lookup16(LOG_LOGC, j));
    return hi + (r + tail);
}
template <class O>
inline typename O::V log_fast(typename O::V x) {
    return log_table<O>(x, typename O::I{});
}
// log_repair_key's limit for float32: positive normal finite bits land on [−2^31, −2^24).
inline constexpr int32_t LOG_REPAIR_ABOVE = -0x01000001;

template <class O>
inline typename O::V log(typename O::V x) {
    using V = typename O::V;
    using I = typename O::I;
    auto tiny = x < 0x1p-126f;
    V xs = O::select(tiny, x * 0x1p23f, x);
    V y = log_table<O>(O::select(xs > 0.0f, xs, V{} + 1.0f), O::selecti(tiny, I{} - 23, I{}));
    y = O::select(x == 0.0f, V{} - __builtin_inff(), y);
    y = O::select(x == __builtin_inff(), x, y);
    return O::select((x < 0.0f) | (x != x), V{} + __builtin_nanf(""), y);
}

template <class O>
inline typename O::V trig_reduce(typename O::V x, typename O::I& q) {
    using V = typename O::V;
    // lanes past the repair limit (and ±∞, NaN) compute garbage, wrapping, which the repair
    // (TRIG_REPAIR_ABOVE) replaces; a select of 0 for them cost the common lanes a fifth
    V t = O::fma(x, V{} + TWO_OPI, V{} + SHIFT);
    V kf = t - SHIFT;
    q = formula::wrapping_sub(O::bits(t), O::bits(V{} + SHIFT));
    V r = O::fma(kf, V{} - PIO2_1, x);
    r = O::fma(kf, V{} - PIO2_2, r);
    return O::fma(kf, V{} - PIO2_3, r);
}
// sin r for |r| ≤ π/2 (one polynomial for both sin and cos): r·(1 + r²·S(r²)), S the Chebyshev
// fit of degree 4 to (sin r − r)/r³ (mpmath chebyfit; < 0.32 ulp with rounded coefficients).
template <class O>
inline typename O::V sin_half_period(typename O::V r) {
    using V = typename O::V;
    V z = r * r;
    V p = horner<O>(z, -0x1.9db1ccp-26f, 0x1.719692p-19f, -0x1.a01906p-13f, 0x1.111110p-7f,
                       -0x1.555556p-3f);
    return r * O::fma(z, p, V{} + 1.0f);
}
template <class O>
inline typename O::V minus_half_pis(typename O::V x, typename O::V kf) {
    using V = typename O::V;
    V r = O::fma(kf, V{} - PIO2_1, x);
    r = O::fma(kf, V{} - PIO2_2, r);
    return O::fma(kf, V{} - PIO2_3, r);
}
// sin x = (−1)^n sin r = sin((−1)^n r) with x = nπ + r, |r| ≤ π/2; n's parity is the low bit of
// t, put on r (sin_half_period is odd in r: the same bits as on the result). In two stages, as
// formulas.h's. Lanes past the repair limit compute garbage that the repair replaces, and ±0 come
// out +0 (the reduction's last pieces add +0 to −0), so the vector kernels flag them too
// (formulas.h's zero_flag_key).
template <class O>
inline typename O::V sin_reduce(typename O::V x) {
    using V = typename O::V;
    V t = O::fma(x, V{} + INV_PI, V{} + SHIFT);
    V nf = t - SHIFT;
    V r = minus_half_pis<O>(x, nf + nf);
    return O::from_bits(O::bits(r) ^ (O::bits(t) << 31));
}
template <class O>
inline typename O::V sin_fast(typename O::V x) {
    return sin_half_period<O>(sin_reduce<O>(x));
}
template <class O>
inline typename O::V sin(typename O::V x) {
    return O::select(x == 0.0f, x, sin_fast<O>(x));
}
// cos x = sin(x + π/2) = (−1)^n sin r with x = (n − ½)π + r, |r| ≤ π/2; two stages as sin's.
template <class O>
inline typename O::V cos_reduce(typename O::V x) {
    using V = typename O::V;
    V t = O::fma(x, V{} + INV_PI, V{} + 0.5f) + SHIFT;
    V nf = t - SHIFT;
    V r = minus_half_pis<O>(x, O::fma(nf, V{} + 2.0f, V{} - 1.0f));
    return O::from_bits(O::bits(r) ^ (O::bits(t) << 31));
}
template <class O>
inline typename O::V cos(typename O::V x) {
    return sin_half_period<O>(cos_reduce<O>(x));
}
// tan as formulas.h's, with the [2/2] Padé approximant (tools/fit_tan.py: within 0.2 ulp
// relative with coefficients rounded to float); in two stages as formulas.h's, the quadrant's
// parity found again from x.
template <class O>
inline typename O::V tan_of_reduced(typename O::V r, typename O::V x) {
    using V = typename O::V;
    V t = O::fma(x, V{} + TWO_OPI, V{} + SHIFT);
    V z = r * r;
    V n = O::fma(r * z, horner<O>(z, 0x1.1566acp-10f, -0x1.c71c72p-4f), r);
    V d = horner<O>(z, 0x1.041042p-6f, -0x1.c71c72p-2f, 1.0f);
    auto odd = (O::bits(t) & 1) != 0;
    V y = O::select(odd, -d, n) / O::select(odd, n, d);
    return O::select(x == 0.0f, x, y);
}
template <class O>
inline typename O::V tan(typename O::V x) {
    typename O::I q;
    return tan_of_reduced<O>(trig_reduce<O>(x, q), x);
}

// log1p's common lanes and repair key, as formulas.h's.
template <class O>
inline typename O::V log1p_fast(typename O::V x) {
    using V = typename O::V;
    V u = 1.0f + x;
    V y = log_table<O>(u, typename O::I{}) - ((u - 1.0f) - x) / u;
    return O::select(u == 1.0f, x, y);
}

// ln(1+x): u = 1+x rounded, corrected by ((u−1)−x)/u.
template <class O>
inline typename O::V log1p(typename O::V x) {
    using V = typename O::V;
    V u = 1.0f + x;
    V c = ((u - 1.0f) - x) / u;
    V y = log<O>(u) - c;
    y = O::select(u == 1.0f, x, y);
    y = O::select(u == 0.0f, V{} - __builtin_inff(), y);
    return O::select(x == __builtin_inff(), x, y);
}

// atan(p/q) for p, q ≥ 0 with one division, as formulas.h's atan_ratio: five regions split at
// tan(kπ/16), centres t rounded to float and c = atan t rounded; atan u = u + u³·P(u²), P the
// Chebyshev fit of degree 3 to (atan u − u)/u³ (mpmath chebyfit; < 0.01 ulp of float32 with the
// coefficients rounded to float).
alignas(64) inline constexpr float ATAN_T[16] = {0.0f, 0x1.a8279ap-2f, 1.0f, 0x1.3504f4p+1f};
alignas(64) inline constexpr float ATAN_C[16] = {0.0f, 0x1.921fb6p-2f, 0x1.921fb6p-1f,
                                                0x1.2d97c8p+0f, 0x1.921fb6p+0f};
template <class O>
inline typename O::V atan_ratio(typename O::V p, typename O::V q) {
    using V = typename O::V;
    using I = typename O::I;
    auto last = p > 0x1.41bfeep+2f * q;
    I j = O::selecti(p > 0x1.975f5ep-3f * q, I{} + 1, I{}) +
          O::selecti(p > 0x1.561b82p-1f * q, I{} + 1, I{}) +
          O::selecti(p > 0x1.7f218ep+0f * q, I{} + 1, I{}) + O::selecti(last, I{} + 1, I{});
    V t = O::lookup16(ATAN_T, j);
    V u = O::select(last, -q, O::fma(-t, q, p)) / O::select(last, p, O::fma(t, p, q));
    V z = u * u;
    V w = horner<O>(z, 0x1.aaf228p-4f, -0x1.243a60p-3f, 0x1.9998e8p-3f, -0x1.555556p-2f);
    return O::lookup16(ATAN_C, j) + O::fma(u * z, w, u);
}
template <class O>
inline typename O::V atan(typename O::V x) {
    return O::copysign(atan_ratio<O>(O::abs(x), typename O::V{} + 1.0f), x); // NaN stays NaN
}
// asin as formulas.h's (|x| ≤ 1/2 directly, past it by reflection, one P), in float: P the
// Chebyshev fit of degree 4 (mpmath, tools/fit_asin.py; 1.7e-8 relative).
template <class O>
inline typename O::V asin(typename O::V x) {
    using V = typename O::V;
    V a = O::abs(x);
    auto far = a > 0.5f;
    V z = O::select(far, 0.5f - 0.5f * a, a * a);
    V w = O::select(far, O::sqrt(z), a);
    V p = horner<O>(z, 0x1.37fe16p-5f, 0x1.b311d2p-6f, 0x1.70a6bcp-5f, 0x1.332732p-4f, 0x1.55555ep-3f);
    V r = O::fma(w * z, p, w);
    V y = O::select(far, (0x1.921fb6p+0f - 2.0f * r) + -0x1.777a5cp-25f, r); // π/2 − 2r
    return O::copysign(y, x); // NaN stays NaN
}
// sinh |x| = (E + E/(E+1))/2 with E = e^|x| − 1, for |x| ≤ SINH_LIMIT (past it E overflows before
// sinh does: the repair predicate flags those lanes, and NaN, for the float64 formula; they
// compute garbage here, unclamped, as a clamp cost the common lanes a compare and a select).
inline constexpr float SINH_LIMIT = 88.0f;
inline constexpr int32_t SINH_REPAIR_ABOVE = std::bit_cast<int32_t>(SINH_LIMIT);
// In two stages (vec_impl.h's Staged): E, then the division and x's sign.
template <class O>
inline typename O::V sinh_e(typename O::V x) {
    return expm1_core<O>(O::abs(x));
}
template <class O>
inline typename O::V sinh_of_e(typename O::V e, typename O::V x) {
    return O::copysign(0.5f * (e + e / (e + 1.0f)), x);
}
template <class O>
inline typename O::V sinh(typename O::V x) {
    return sinh_of_e<O>(sinh_e<O>(x), x);
}

// Cube root in float32 by a table: |x| = 2^(3q+s)·m with m in [1, 2), s in {0, 1, 2}; m's top
// three mantissa bits j pick rc_j ≈ 1/c_j (5 significant bits, so r = m·rc_j − 1 is exact in the
// fma, |r| ≤ 1/16) and T1_j = ∛(1/rc_j); T2_s = 2^(s/3); ∛m·2^(s/3) = T1_j·T2_s·(1 + r·Q(r)), Q
// the Chebyshev fit of degree 4 to (∛(1+r) − 1)/r (fit error 1.5e-9 relative; all by mpmath,
// tools/fit_cbrt_table.py); then 2^q by an exponent add. Every positive normal float checked
// against long double cbrtl: at most 1.36 ulps. The lookups read the low four index bits, so rc
// and T1 are stored twice (the exponent's low bit sits above j) and T2 at (s + 127) mod 16 (the
// biased exponent's 127 is left in s).
alignas(64) inline constexpr float CBRT_RC[16] = {
    0x1.ep-1f, 0x1.bp-1f, 0x1.8p-1f, 0x1.6p-1f, 0x1.4p-1f, 0x1.3p-1f, 0x1.2p-1f, 0x1.1p-1f,
    0x1.ep-1f, 0x1.bp-1f, 0x1.8p-1f, 0x1.6p-1f, 0x1.4p-1f, 0x1.3p-1f, 0x1.2p-1f, 0x1.1p-1f};
alignas(64) inline constexpr float CBRT_T1[16] = {
    0x1.059124p+0f, 0x1.0eea9cp+0f, 0x1.19c3b4p+0f, 0x1.220e6ep+0f, 0x1.2b6b5ep+0f, 0x1.309534p+0f,
    0x1.361f36p+0f, 0x1.3c1656p+0f, 0x1.059124p+0f, 0x1.0eea9cp+0f, 0x1.19c3b4p+0f, 0x1.220e6ep+0f,
    0x1.2b6b5ep+0f, 0x1.309534p+0f, 0x1.361f36p+0f, 0x1.3c1656p+0f};
alignas(64) inline constexpr float CBRT_T2[16] = {
    0x1.428a30p+0f, 0x1.965feap+0f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1.0f};

// The common lanes: ±0 and normal finite x (the rest are flagged by cbrt_repair_key).
// Always inlined, as formula::cbrt_fast.
template <class O>
[[gnu::always_inline]] inline typename O::V cbrt_fast(typename O::V x) {
    using V = typename O::V;
    using I = typename O::I;
    I b = O::bits(x) & 0x7fffffff;
    I be = b >> 23;                                                      // e + 127
    V t = O::fma(O::to_v(be), V{} + 1.0f / 3, V{} - 128.0f / 3) + SHIFT; // round((e − 1)/3) = ⌊e/3⌋
    I q = O::bits(t) - O::bits(V{} + SHIFT);
    I s = be - (q + q + q); // s + 127
    I j = b >> 20;
    V m = O::from_bits((b & 0x007fffff) | 0x3f800000);
    V r = O::fma(m, O::lookup16(CBRT_RC, j), V{} - 1.0f);
    V p = r * horner<O>(r, 0x1.eff74ep-6f, -0x1.520f8ap-5f, 0x1.f9ada2p-5f, -0x1.c71c54p-4f, 0x1.555556p-2f);
    V u = O::lookup16(CBRT_T1, j) * O::lookup16(CBRT_T2, s);
    V y = O::fma(u, p, u);
    I yb = formula::wrapping_add(O::bits(y), q << 23) | (O::bits(x) & INT32_MIN);
    return O::select(x == 0.0f, x, O::from_bits(yb));
}
// Every lane: formulas.h's wrapper around this cbrt_fast.
template <class O>
inline typename O::V cbrt(typename O::V x) {
    return formula::cbrt_every_lane<O>(x, [](typename O::V v) { return cbrt_fast<O>(v); });
}

// sin, cos and tan's repair limit (magnitude_key above it: |x| > 2^20, ±∞, NaN).
inline constexpr int32_t TRIG_REPAIR_ABOVE = std::bit_cast<int32_t>(0x1p20f);

// tanh as formulas.h's, E/(E + 2) with E = e^(2x) − 1 = (H − 1) + H·(p + c_j), in float and
// shorter: on x itself, not |x| (E/(E + 2) is tanh on both sides, so neither |x| nor the sign
// costs an operation: 12% of the time; the side of x < 0, where E's and E + 2's roundings weigh
// more, is 0.5 ulp worse), n = 16m + j rounded to nearest (rounding down, as there, costs an add
// on the dependency chain, which is what bounds this kernel, for 0.25 ulp), one Cody–Waite piece
// (nf·LN2_HI/32 is exact; the rest, about 2^-34·n, moves E by under 0.07 ulp), T_j = 2^(j/16)
// rounded to float with j·2^19 taken off its bit pattern (m of either sign: an exponent add,
// wrapping), c_j = (2^(j/16) − T_j)/T_j rounded (both by mpmath), p = 2r + r²·Q(r), Q the
// Chebyshev fit of degree 2 to (e^(2r) − 1 − 2r)/r² on [−ln2/64, ln2/64] (mpmath chebyfit; p
// within 0.01 ulp relative with rounded coefficients). Past |x| = 9.02 (tanh rounds to ±1 from
// 9.011) E/(E + 2) rounds to ±1 itself until E overflows (x about 44) or H leaves the normal
// range (x about −43), so tanh_fast serves 0 < |x| ≤ 40; ±0 come out +0. The vector kernels
// flag the rest (formula::zero_flag_key: ±0, |x| > 40, ±∞, NaN) for tanh, which gives ±1 past
// 9.02 and keeps x's zero (a select in tanh_fast, or a clamp before the reduction, would cost the
// common lanes 3% or a third). Every float with 0 < |x| ≤ 40 checked against float64 tanh: at
// most 2.99 ulps for x > 0, 3.50 for x < 0.
alignas(64) inline constexpr float TANH_EXP2[16] = {
    0x1.000000p+0f, 0x1.fb5586p-1f, 0x1.f72b84p-1f, 0x1.f387a6p-1f, 0x1.f06fe0p-1f, 0x1.edea64p-1f,
    0x1.ebfdaep-1f, 0x1.eab07ep-1f, 0x1.ea09e6p-1f, 0x1.ea1148p-1f, 0x1.eace54p-1f, 0x1.ec4918p-1f,
    0x1.ee89fap-1f, 0x1.f199bep-1f, 0x1.f5818ep-1f, 0x1.fa4afap-1f};
alignas(64) inline constexpr float TANH_EXP2_TAIL[16] = {
    0x0.0p+0f, 0x1.8d96d4p-25f, -0x1.9c0c22p-27f, 0x1.964904p-25f, 0x1.125002p-25f,
    0x1.370be4p-25f, -0x1.0a3550p-25f, -0x1.00d8acp-27f, 0x1.26055cp-26f, -0x1.05cb44p-25f,
    0x1.67a1cap-28f, 0x1.a3b5e4p-28f, -0x1.f9c304p-27f, -0x1.6961b4p-28f, -0x1.a5217cp-28f,
    0x1.61428ep-28f};
template <class O>
[[gnu::always_inline]] inline typename O::V tanh_fast(typename O::V x) {
    using V = typename O::V;
    using I = typename O::I;
    V t = O::fma(x, V{} + 32 * LOG2E, V{} + SHIFT);
    V nf = t - SHIFT;
    I n = O::bits(t); // n = 16m + j in its low bits (lookup16 reads only j)
    V r = O::fma(nf, V{} - LN2_HI / 32, x); // exact for the n of |x| ≤ 9.02
    V q = O::fma(O::fma(V{} + 0x1.55565cp-1f, r, V{} + 0x1.5556e0p+0f), r, V{} + 2.0f);
    V pc = O::fma(r * r, q, O::fma(r, V{} + 2.0f, O::lookup16(TANH_EXP2_TAIL, n))); // p + c_j
    V h = O::from_bits(formula::wrapping_add(O::bits(O::lookup16(TANH_EXP2, n)), n << 19)); // 2^m·T_j
    V e = O::fma(h, pc, h - 1.0f);
    return e / (e + 2.0f);
}
// tanh_fast's limit for formula::zero_flag_key.
inline constexpr int32_t TANH_REPAIR_ABOVE = formula::zero_flag_above(std::bit_cast<int32_t>(40.0f));
// Every lane: past 9.02 (∞ too) 1 with x's sign, ±0 kept; NaN stays NaN.
template <class O>
inline typename O::V tanh(typename O::V x) {
    using V = typename O::V;
    V one = O::from_bits(O::bits(V{} + 1.0f) | (O::bits(x) & (typename O::I{} + INT32_MIN)));
    return O::select(O::abs(x) > 9.02f, one, O::select(x == 0.0f, x, tanh_fast<O>(x)));
}

} // namespace bpl::math::formula32
