// Internal to math/: the formulas of the real forms (kernel.h's Real* functions, the marks' √ₐ
// ⍟ₐ *ₐ ○ₐ; seed part 21) over an Ops type, in float64 like formulas.h: on real operands, the
// real part of the principal value, without computing the complex form. cospi is cos(πy) with
// the argument reduced exactly, so an integral y gives ±1 and a half-integral y gives 0.
#pragma once

#include "math/formulas.h"

namespace bpl::math::formula {

// cos(πy): y − 2·round(y/2) is exact (|y/2| < 2^52 rounds by the 2^52 shift; past it y/2 is
// integral or the remainder is a whole period), then cos(πa) near 0 and sin(π(½ − a)) beyond ¼,
// where ½ − a is exact, so the zeros at half-integers are exact zeros.
template <class O>
inline typename O::V cospi(typename O::V y) {
    using V = typename O::V;
    V h = 0.5 * y;
    V s = O::copysign(V{} + 0x1p52, h);
    V a = O::abs(2.0 * (h - ((h + s) - s)));
    return O::select(a < 0.25, cos<O>(PI_A * a), sin<O>(PI_A * (0.5 - a)));
}
// Whether y is an integer (every float64 of magnitude 2^52 or more is; ±∞ counts, as for pow).
template <class O>
inline typename O::M integral(typename O::V y) {
    using V = typename O::V;
    V s = O::copysign(V{} + 0x1p52, y);
    return (O::abs(y) >= 0x1p52) | (((y + s) - s) == y);
}

// √ₐ: 0 below zero (√ of a negative is imaginary).
template <class O>
inline typename O::V real_sqrt(typename O::V x) {
    return O::select(x < 0.0, typename O::V{}, O::sqrt(x));
}
// ⍟ₐ: ln|x| (the principal log of a negative adds iπ).
template <class O>
inline typename O::V real_ln(typename O::V x) {
    return log<O>(O::abs(x));
}
// X*ₐY: x^y where that is real (x ≥ 0, y integral or infinite, NaN lanes), else
// |x|^y·cos(πy); an exact zero of the cosine gives 0 even where |x|^y overflows.
template <class O, bool NARROW = false>
inline typename O::V real_pow(typename O::V x, typename O::V y) {
    using V = typename O::V;
    auto real = !(x < 0.0) | integral<O>(y);
    V c = cospi<O>(y);
    V m = pow<O, NARROW>(O::abs(x), y) * c;
    V other = O::select(c == 0.0, V{}, m);
    return O::select(real, pow<O, NARROW>(x, y), other);
}
// X⍟ₐY: the real part of ln Y ÷ ln X with ln z = ln|z| + iπ[z < 0]: (ac + bd) ÷ (a² + b²), which
// is ln|y| ÷ ln x for x ≥ 0.
template <class O>
inline typename O::V real_log(typename O::V x, typename O::V y) {
    using V = typename O::V;
    V a = log<O, true>(O::abs(x)), c = log<O, true>(O::abs(y));
    V d = O::select(y < 0.0, V{} + PI_A, V{});
    V neg = (a * c + PI_A * d) / (a * a + PI_A * PI_A);
    return O::select(x < 0.0, neg, c / a);
}
// 0○ₐ: √(1 − x²) inside [¯1, 1], 0 outside (the value is imaginary there).
template <class O>
inline typename O::V real_circle0(typename O::V x) {
    return O::select(O::abs(x) > 1.0, typename O::V{}, O::sqrt((1.0 - x) * (1.0 + x)));
}
// 1○ₐ⁻ and 2○ₐ⁻: arcsin and arccos of x clamped to [¯1, 1] (past ±1 the real part stays ±π/2,
// or 0 and π); NaN stays NaN.
template <class O>
inline typename O::V clamp_unit(typename O::V x) {
    using V = typename O::V;
    return O::select(x > 1.0, V{} + 1.0, O::select(x < -1.0, V{} - 1.0, x));
}
// 6○ₐ⁻: arccosh |x| outside [¯1, 1] (left of ¯1 the value is arccosh|x| + iπ), 0 inside.
template <class O>
inline typename O::V real_acosh(typename O::V x) {
    using V = typename O::V;
    V a = O::abs(x);
    return O::select(a <= 1.0, V{}, acosh<O>(a));
}
// 7○ₐ⁻: arctanh inside; outside, the real part ½ ln|(1 + x) ÷ (1 − x)| = ±½ ln(1 + 2 ÷ (|x| − 1)),
// where |x| − 1 is exact near 1.
template <class O>
inline typename O::V real_atanh(typename O::V x) {
    using V = typename O::V;
    V a = O::abs(x);
    V out = O::copysign(0.5 * log1p<O>(2.0 / (a - 1.0)), x);
    return O::select(a > 1.0, out, atanh<O>(x));
}

} // namespace bpl::math::formula
