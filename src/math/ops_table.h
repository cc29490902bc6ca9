// Internal to math/: one struct per Fn giving its per-item formula over every machine kind (the
// scalar instantiation) and its result item type. kernel.cpp runs these in loops; the vector
// routes (vec.h) replace the float transcendentals' loops with the shared Ops formulas.
#pragma once

#include "math/formulas.h"
#include "math/formulas32.h"
#include "math/lambert.h"
#include "math/ops.h"
#include "math/real.h"
#include "math/repair.h"
#include "math/scalar.h"

// clang-format off
#define BPL_MONADIC(X) X(Conjugate) X(Negate) X(Direction) X(Reciprocal) X(Floor) X(Ceiling) \
    X(Magnitude) X(Exp) X(Ln) X(Not) X(Sqrt) X(Factorial) X(PiTimes) X(Sin) X(Cos) X(Tan) X(Asin) \
    X(Acos) X(Atan) X(Sinh) X(Cosh) X(Tanh) X(Asinh) X(Acosh) X(Atanh) X(Cbrt) X(Log1p) X(Expm1) X(LambertW) \
    X(Circle0) X(Circle4) X(Circle8) X(Circle4Inv) X(Circle8Inv) X(Real) X(Imag) X(Phase) \
    X(FloorFloat) X(CeilingFloat) X(DirectionFloat) X(RealSqrt) X(RealLn) X(RealCircle0) \
    X(RealCircle8) X(RealAsin) X(RealAcos) X(RealAcosh) X(RealAtanh) X(RealCircle4Inv) X(RealCircle8Inv)
#define BPL_DYADIC(X) X(Add) X(Subtract) X(Multiply) X(Divide) X(Min) X(Max) X(Residue) X(Power) \
    X(Log) X(Equal) X(NotEqual) X(Less) X(LessEqual) X(Greater) X(GreaterEqual) X(And) X(Or) \
    X(Nand) X(Nor) X(Root) X(Binomial) X(PiRatio) X(ResidueExact) X(CodePoint) X(RealPow) \
    X(RealRoot) X(RealLog)
// clang-format on

namespace bpl::math {
// Records the error for a kind f does not take (Char, or Exact which has no buffer) and zeroes
// the n result items.
void unsupported(Kind k, void* out, int64_t n, ErrorSlot& slot, Fn f);
} // namespace bpl::math

namespace bpl::math::scalar {

// clang-format off
#define BPL_SAME_OUT template <class S> using Out = S;
#define BPL_BOOL_OUT template <class S> using Out = uint8_t;
// clang-format on

struct Conjugate {
    BPL_SAME_OUT
    static constexpr bool lowers = true; // its float formula is plain arithmetic (lower.h)
    static constexpr bool lowers_int = true; // its integer formula wraps, as machine lanes do
    static constexpr bool chars = true;
    template <class C>
    static C apply(C a, ErrorSlot&) {
        if constexpr (is_cpx_v<C>) return std::conj(a);
        else return a;
    }
};
struct Negate {
    BPL_SAME_OUT
    static constexpr bool lowers = true; // its float formula is plain arithmetic (lower.h)
    static constexpr bool lowers_int = true; // its integer formula wraps, as machine lanes do
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, ErrorSlot&) {
        if constexpr (is_int_v<C>) return wrap_sub<C>(0, a);
        else return -a;
    }
};
struct Direction {
    template <class S>
    using Out = std::conditional_t<is_flt_v<calc_t<S>>, int64_t, S>;
    static constexpr bool chars = false;
    template <class C>
    static auto apply(C a, ErrorSlot&) {
        if constexpr (is_cpx_v<C>) {
            auto m = std::abs(a);
            return m == 0 ? C(0) : a / m;
        } else if constexpr (is_flt_v<C>) {
            return static_cast<int64_t>((a > 0) - (a < 0));
        } else {
            return static_cast<C>((a > 0) - (a < 0));
        }
    }
};
struct Reciprocal {
    BPL_SAME_OUT
    static constexpr bool lowers = true; // its float formula is plain arithmetic (lower.h)
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, ErrorSlot& s) {
        if constexpr (is_int_v<C>) return floor_div<C>(1, a, s);
        else return C(1) / a;
    }
};
struct Floor {
    template <class S>
    using Out = std::conditional_t<is_flt_v<calc_t<S>>, int64_t, S>;
    static constexpr bool chars = false;
    template <class C>
    static auto apply(C a, ErrorSlot&) {
        if constexpr (is_cpx_v<C>) return gauss_floor(a);
        else if constexpr (is_flt_v<C>) return formula::floor_int<ScalarOps, std::is_same_v<C, double>>(a);
        else return a;
    }
};
struct Ceiling {
    template <class S>
    using Out = std::conditional_t<is_flt_v<calc_t<S>>, int64_t, S>;
    static constexpr bool chars = false;
    template <class C>
    static auto apply(C a, ErrorSlot&) {
        if constexpr (is_cpx_v<C>) return -gauss_floor(-a);
        else if constexpr (is_flt_v<C>) return formula::ceil_int<ScalarOps, std::is_same_v<C, double>>(a);
        else return a;
    }
};
template <class S>
struct MagOut {
    using type = S;
};
template <>
struct MagOut<c64> {
    using type = float;
};
template <>
struct MagOut<c128> {
    using type = double;
};
struct Magnitude {
    template <class S>
    using Out = typename MagOut<S>::type;
    static constexpr bool chars = false;
    using vector_recipe = formula::MagnitudeRecipe; // float64: lowers through its vector recipe (lower.h)
    template <class C>
    static auto apply(C a, ErrorSlot&) {
        if constexpr (is_cpx_v<C>) return std::abs(a);
        else if constexpr (is_flt_v<C>) return std::fabs(a);
        else if constexpr (std::is_unsigned_v<C>) return a;
        else return a < 0 ? wrap_sub<C>(0, a) : a;
    }
};
// Float-only functions: integer operands are converted to a float first (operand_kind).
struct Exp {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    using vector_recipe = formula::ExpRecipe; // float64: lowers through its vector recipe (lower.h)
    template <class C>
    static C apply(C a, ErrorSlot& s) {
        if constexpr (std::is_same_v<C, float>) return formula32::exp<ScalarOps32>(a);
        else if constexpr (is_flt_v<C>) return static_cast<C>(formula::exp<ScalarOps>(a));
        else if constexpr (is_cpx_v<C>) return std::exp(a);
        else return domain<C>(s, "exp needs a float operand");
    }
};
struct Ln {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, ErrorSlot& s) {
        if constexpr (std::is_same_v<C, float>) return formula32::log<ScalarOps32>(a);
        else if constexpr (is_flt_v<C>) return static_cast<C>(formula::log<ScalarOps>(a));
        else if constexpr (is_cpx_v<C>) return std::log(a);
        else return domain<C>(s, "log needs a float operand");
    }
};
struct Sqrt {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    using vector_recipe = formula::SqrtRecipe; // float64: lowers through its vector recipe (lower.h)
    template <class C>
    static C apply(C a, ErrorSlot& s) {
        if constexpr (is_flt_v<C>) return std::sqrt(a);
        else if constexpr (is_cpx_v<C>) return std::sqrt(a);
        else return domain<C>(s, "sqrt needs a float operand");
    }
};
struct PiTimes {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    using vector_recipe = formula::PiTimesRecipe; // float64: lowers through its vector recipe (lower.h)
    template <class C>
    static C apply(C a, ErrorSlot& s) {
        if constexpr (is_flt_v<C>) return static_cast<C>(double(a) * 3.14159265358979323846);
        else if constexpr (is_cpx_v<C>) return a * typename C::value_type(3.14159265358979323846);
        else return domain<C>(s, "pi times needs a float operand");
    }
};
struct Not {
    BPL_BOOL_OUT
    static constexpr bool chars = false;
    template <class C>
    static uint8_t apply(C a, ErrorSlot& s) {
        if (!is_bit(a)) s.record(ErrorKind::Domain, "~ needs 0 or 1");
        return !truth(a);
    }
};
struct Factorial {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, ErrorSlot& s) {
        if constexpr (is_flt_v<C>) return std::tgamma(a + C(1));
        else if constexpr (is_cpx_v<C>) return domain<C>(s, "complex factorial is not supported");
        else {
            if (a < 0) return domain<C>(s, "factorial of a negative integer");
            if (a >= 70) return 0; // the wrapped product holds 64+ factors of two
            C p = 1;
            for (C i = 2; i <= a; i = static_cast<C>(i + 1)) p = wrap_mul<C>(p, i);
            return p;
        }
    }
};

// ---- dyadic ----
struct Add {
    BPL_SAME_OUT
    static constexpr bool lowers = true; // its float formula is plain arithmetic (lower.h)
    static constexpr bool lowers_int = true; // its integer formula wraps, as machine lanes do
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, C b, ErrorSlot&) {
        if constexpr (is_int_v<C>) return wrap_add(a, b);
        else return a + b;
    }
};
struct Subtract {
    BPL_SAME_OUT
    static constexpr bool lowers = true; // its float formula is plain arithmetic (lower.h)
    static constexpr bool lowers_int = true; // its integer formula wraps, as machine lanes do
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, C b, ErrorSlot&) {
        if constexpr (is_int_v<C>) return wrap_sub(a, b);
        else return a - b;
    }
};
struct Multiply {
    BPL_SAME_OUT
    static constexpr bool lowers = true; // its float formula is plain arithmetic (lower.h)
    static constexpr bool lowers_int = true; // its integer formula wraps, as machine lanes do
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, C b, ErrorSlot&) {
        if constexpr (is_int_v<C>) return wrap_mul(a, b);
        else return a * b;
    }
};
struct Divide {
    BPL_SAME_OUT
    static constexpr bool lowers = true; // its float formula is plain arithmetic (lower.h)
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, C b, ErrorSlot& s) {
        if constexpr (is_int_v<C>) return floor_div(a, b, s);
        else return a / b;
    }
};
struct Min {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    using vector_recipe = formula::MinRecipe; // float64: lowers through its vector recipe (lower.h)
    template <class C>
    static C apply(C a, C b, ErrorSlot& s) {
        if constexpr (is_cpx_v<C>) return domain<C>(s, "minimum of complex numbers");
        else if constexpr (is_flt_v<C>) return std::fmin(a, b);
        else return a < b ? a : b;
    }
};
struct Max {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    using vector_recipe = formula::MaxRecipe; // float64: lowers through its vector recipe (lower.h)
    template <class C>
    static C apply(C a, C b, ErrorSlot& s) {
        if constexpr (is_cpx_v<C>) return domain<C>(s, "maximum of complex numbers");
        else if constexpr (is_flt_v<C>) return std::fmax(a, b);
        else return a > b ? a : b;
    }
};
struct Residue {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, C b, ErrorSlot&) {
        if constexpr (is_cpx_v<C>) return a == C(0) ? b : b - a * gauss_floor(b / a);
        else if constexpr (is_flt_v<C>) return float_residue(a, b);
        else return int_residue(a, b);
    }
};
struct ResidueExact {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, C b, ErrorSlot& s) {
        if constexpr (is_flt_v<C>) return float_residue<C, false>(a, b);
        else return Residue::apply(a, b, s);
    }
};
struct Power {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, C b, ErrorSlot& s) {
        if constexpr (is_cpx_v<C>) {
            if (a == C(0)) return b == C(0) ? C(1) : C(b.real() > 0 ? 0 : INFINITY);
            return std::pow(a, b);
        } else if constexpr (is_flt_v<C>) {
            return static_cast<C>(formula::pow<ScalarOps, (sizeof(C) < 8)>(a, b));
        } else {
            if (b < 0) {
                // floor of 1÷a*|b| (D2's integer ÷ applied to a negative power)
                if (a == 0) return domain<C>(s, "integer division by zero (0*negative)");
                if (a == 1) return 1;
                if (a == -1) return (b & 1) ? C(-1) : C(1);
                return (a < 0 && (b & 1)) ? C(-1) : C(0);
            }
            C r = 1, x = a;
            for (C e = b; e > 0; e = static_cast<C>(e >> 1)) {
                if (e & 1) r = wrap_mul(r, x);
                x = wrap_mul(x, x);
            }
            return r;
        }
    }
};
struct Log {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, C b, ErrorSlot& s) {
        if constexpr (is_flt_v<C>)
            return static_cast<C>(formula::log<ScalarOps, true>(b) / // each ln within about an ulp
                                  formula::log<ScalarOps, true>(a));
        else if constexpr (is_cpx_v<C>) return std::log(b) / std::log(a);
        else return domain<C>(s, "log needs float operands");
    }
};
struct Equal {
    BPL_BOOL_OUT
    static constexpr bool chars = true;
    template <class C>
    static uint8_t apply(C a, C b, ErrorSlot&) { return teq(a, b); }
};
struct NotEqual {
    BPL_BOOL_OUT
    static constexpr bool chars = true;
    template <class C>
    static uint8_t apply(C a, C b, ErrorSlot&) { return !teq(a, b); }
};
#define BPL_ORDER(Name, expr)                                                                      \
    struct Name {                                                                                  \
        BPL_BOOL_OUT static constexpr bool chars = false;                                          \
        template <class C>                                                                         \
        static uint8_t apply(C a, C b, ErrorSlot& s) {                                             \
            if constexpr (is_cpx_v<C>) {                                                           \
                s.record(ErrorKind::Domain, "ordering of complex numbers");                        \
                return 0;                                                                          \
            } else {                                                                               \
                return (expr);                                                                     \
            }                                                                                      \
        }                                                                                          \
    };
BPL_ORDER(Less, a < b && !teq(a, b))
BPL_ORDER(LessEqual, a < b || teq(a, b))
BPL_ORDER(Greater, a > b && !teq(a, b))
BPL_ORDER(GreaterEqual, a > b || teq(a, b))
#undef BPL_ORDER

// ∨: OR on Booleans, else GCD (nonnegative). ∧: AND on Booleans, else LCM (sign of the product).
struct Or {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, C b, ErrorSlot& s) {
        if constexpr (is_bool_v<C>) return a | b;
        else if constexpr (is_int_v<C>) return int_gcd(a, b);
        else if constexpr (is_flt_v<C>) return float_gcd(a, b, s);
        else return complex_gcd(a, b, s);
    }
};
struct And {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, C b, ErrorSlot& s) {
        if constexpr (is_bool_v<C>) return a & b;
        else if constexpr (is_int_v<C>) {
            if (a == 0 || b == 0) return 0;
            C g = int_gcd(a, b);
            return g == 0 ? C(0) : wrap_mul(static_cast<C>(a / g), b);
        } else if constexpr (is_flt_v<C>) {
            if (!std::isfinite(a) || !std::isfinite(b)) return float_gcd(a, b, s); // DOMAIN
            if (a == 0 || b == 0) return 0;
            C g = float_gcd(a, b, s);
            return (a / g) * b;
        } else {
            if (a == C(0) || b == C(0)) return complex_gcd(a, b, s) * C(0); // DOMAIN for ∞
            return (a / complex_gcd(a, b, s)) * b;
        }
    }
};
struct Nand {
    BPL_BOOL_OUT
    static constexpr bool chars = false;
    template <class C>
    static uint8_t apply(C a, C b, ErrorSlot& s) {
        if (!is_bit(a) || !is_bit(b)) s.record(ErrorKind::Domain, "⊼ needs 0 or 1");
        return !(truth(a) && truth(b));
    }
};
struct Nor {
    BPL_BOOL_OUT
    static constexpr bool chars = false;
    template <class C>
    static uint8_t apply(C a, C b, ErrorSlot& s) {
        if (!is_bit(a) || !is_bit(b)) s.record(ErrorKind::Domain, "⊽ needs 0 or 1");
        return !(truth(a) || truth(b));
    }
};


// X CodePoint Y: the character at code point X+Y ('a'+3; 'd'-3 runs with Y negated). Y must be
// integral (functions.md 0.8: a float within 1E¯14 of an integer, relative beyond 1; a complex
// with a zero imaginary part) and X+Y a Unicode scalar value (0…10FFFF, not a surrogate).
struct CodePoint {
    template <class S>
    using Out = char32_t;
    static constexpr bool chars = false;
    static char32_t bad(ErrorSlot& s, const char* why) {
        s.record(ErrorKind::Domain, why);
        return 0;
    }
    template <class C>
    static char32_t apply(C a, C b, ErrorSlot& s) {
        int64_t cp;
        if constexpr (is_int_v<C>) {
            if (__builtin_add_overflow(static_cast<int64_t>(a), static_cast<int64_t>(b), &cp)) cp = -1;
        } else if constexpr (is_flt_v<C> || is_cpx_v<C>) {
            double x, y;
            if constexpr (is_cpx_v<C>) {
                if (b.imag() != 0) return bad(s, "a character offset must be real");
                x = a.real();
                y = b.real();
            } else {
                x = a;
                y = b;
            }
            double r = std::nearbyint(y);
            if (!(std::fabs(y - r) <= 1e-14 * std::fmax(1.0, std::fabs(y))))
                return bad(s, "a character offset must be an integer");
            double sum = x + r; // exact: both are integers far below 2^53 when it is in range
            cp = sum >= 0 && sum <= 0x10FFFF ? static_cast<int64_t>(sum) : -1;
        } else {
            return bad(s, "a character offset must be a number");
        }
        if (cp < 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return bad(s, "the result is not a Unicode code point");
        return static_cast<char32_t>(cp);
    }
};

// Float functions of one argument: the shared formula on float64 (one rounding on store for
// narrower floats); complex through the standard library; integers are converted first.
#define BPL_FLOAT_FN(Name, formula_call, cpx_call, F32_NATIVE, f32_call)                                                 \
    struct Name {                                                                                  \
        BPL_SAME_OUT static constexpr bool chars = false;                                          \
        template <class C>                                                                         \
        static C apply(C a, ErrorSlot& s) {                                                        \
            if constexpr (std::is_same_v<C, float> && F32_NATIVE) {                               \
                float x = a;                                                                       \
                return f32_call;                                                                   \
            } else if constexpr (is_flt_v<C>) {                                                    \
                double x = a;                                                                      \
                return static_cast<C>(formula_call);                                               \
            } else if constexpr (is_cpx_v<C>) {                                                    \
                return cpx_call;                                                                   \
            } else {                                                                               \
                return domain<C>(s, #Name " needs a float operand");                               \
            }                                                                                      \
        }                                                                                          \
    };
// APL's principal values on the real-axis branch cuts (counter-clockwise continuity: arcsin and
// arccos past +1 continuous with quadrant IV, past −1 with quadrant II; arctanh with the upper
// half-plane on both sides). The standard library picks a cut's side by the sign of the zero
// imaginary part, so that sign is set from the position on the cut, whatever the zero carried:
// `right`/`left` give it past +1/−1.
template <class C>
inline C on_real_cut(C a, double right, double left) {
    using R = typename C::value_type;
    if (a.imag() != 0 || !(std::fabs(a.real()) > 1)) return a;
    return C(a.real(), std::copysign(R(0), R(a.real() > 0 ? right : left)));
}
// arccosh's cut is the whole real axis left of 1, continuous with the upper half-plane.
template <class C>
inline C acosh_cut(C a) {
    using R = typename C::value_type;
    return a.imag() == 0 && a.real() < 1 ? C(a.real(), R(0)) : a;
}
// 4○⁻¹ on reals: the sign of y times √(y²−1); past 2^27, y²−1 rounds to y², so y itself (no
// intermediate overflow).
inline double circle4_inv(double x) {
    double m = std::fabs(x);
    if (!(m >= 1)) return NAN;
    return m > 0x1p27 ? x : std::copysign(std::sqrt((m - 1) * (m + 1)), x);
}

// The trig formulas' repair predicate is applied per item here too: past the limit the
// platform routine answers (repair.h).
BPL_FLOAT_FN(Sin, (std::fabs(x) <= formula::TRIG_LIMIT_F32 || (sizeof(C) == 8 && std::fabs(x) <= formula::TRIG_LIMIT_F64)) ? formula::sin<ScalarOps>(x) : repair::sin(x), std::sin(a), true, (std::fabs(x) <= 0x1p20f ? formula32::sin<ScalarOps32>(x) : static_cast<float>(repair::sin(x))))
BPL_FLOAT_FN(Cos, (std::fabs(x) <= formula::TRIG_LIMIT_F32 || (sizeof(C) == 8 && std::fabs(x) <= formula::TRIG_LIMIT_F64)) ? formula::cos<ScalarOps>(x) : repair::cos(x), std::cos(a), true, (std::fabs(x) <= 0x1p20f ? formula32::cos<ScalarOps32>(x) : static_cast<float>(repair::cos(x))))
BPL_FLOAT_FN(Tan, (std::fabs(x) <= formula::TRIG_LIMIT_F32 || (sizeof(C) == 8 && std::fabs(x) <= formula::TRIG_LIMIT_F64)) ? formula::tan<ScalarOps>(x) : repair::tan(x), std::tan(a), true, (std::fabs(x) <= 0x1p20f ? formula32::tan<ScalarOps32>(x) : static_cast<float>(repair::tan(x))))
BPL_FLOAT_FN(Asin, formula::asin<ScalarOps>(x), std::asin(on_real_cut(a, -1, 1)), true, formula32::asin<ScalarOps32>(x))
BPL_FLOAT_FN(Acos, formula::acos<ScalarOps>(x), std::acos(on_real_cut(a, -1, 1)), false, 0.0f)
BPL_FLOAT_FN(Atan, formula::atan<ScalarOps>(x), std::atan(a), true, formula32::atan<ScalarOps32>(x))
BPL_FLOAT_FN(Sinh, formula::sinh<ScalarOps>(x), std::sinh(a), true, (std::fabs(x) <= formula32::SINH_LIMIT ? formula32::sinh<ScalarOps32>(x) : static_cast<float>(formula::sinh<ScalarOps>(x))))
BPL_FLOAT_FN(Cosh, formula::cosh<ScalarOps>(x), std::cosh(a), false, 0.0f)
BPL_FLOAT_FN(Tanh, formula::tanh<ScalarOps>(x), std::tanh(a), true, formula32::tanh<ScalarOps32>(x))
BPL_FLOAT_FN(Asinh, formula::asinh<ScalarOps>(x), std::asinh(a), false, 0.0f)
BPL_FLOAT_FN(Acosh, formula::acosh<ScalarOps>(x), std::acosh(acosh_cut(a)), false, 0.0f)
BPL_FLOAT_FN(Atanh, formula::atanh<ScalarOps>(x), std::atanh(on_real_cut(a, 1, 1)), false, 0.0f)
BPL_FLOAT_FN(Cbrt, formula::cbrt<ScalarOps>(x), std::pow(a, typename C::value_type(1) / 3), true, formula32::cbrt<ScalarOps32>(x))
BPL_FLOAT_FN(Log1p, formula::log1p<ScalarOps>(x), std::log(C(1) + a), true, formula32::log1p<ScalarOps32>(x))
BPL_FLOAT_FN(Expm1, formula::expm1<ScalarOps>(x), std::exp(a) - C(1), true, formula32::expm1<ScalarOps32>(x))

// The circle codes without names: 0○ √(1−y²), 4○ √(1+y²) (no intermediate overflow), 8○ √(−1−y²),
// 4○⁻¹ the APL branch of √(y²−1) (sign of y), 8○⁻¹ −√(−1−y²). Real results where real (else NaN
// on real kinds: is_real_result sends such operands to complex kinds under dynamic kinds).
BPL_FLOAT_FN(Circle0, std::fabs(x) <= 1 ? std::sqrt((1 - x) * (1 + x)) : NAN, std::sqrt(C(1) - a * a), false, 0.0f)
BPL_FLOAT_FN(Circle4, std::hypot(1.0, x), std::sqrt(C(1) + a * a), false, 0.0f)
BPL_FLOAT_FN(Circle8, x != x ? x : NAN, std::sqrt(C(-1) - a * a), false, 0.0f)
BPL_FLOAT_FN(Circle4Inv, circle4_inv(x), (a + C(1)) * std::sqrt((a - C(1)) / (a + C(1))), false, 0.0f)
BPL_FLOAT_FN(Circle8Inv, x != x ? x : NAN, -std::sqrt(C(-1) - a * a), false, 0.0f)
BPL_FLOAT_FN(LambertW, lambert::w0(x), lambert::w0(a), false, 0.0f)
#undef BPL_FLOAT_FN

// X√Y: Y*÷X; a negative Y with an odd integral X takes the real root. A zero or infinite
// degree is a DOMAIN ERROR.
struct Root {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, C b, ErrorSlot& s) {
        if constexpr (is_flt_v<C>) {
            if (a == 0 || std::isinf(a)) return domain<C>(s, "root of degree zero or infinity");
            double x = a, y = b;
            bool odd = std::fabs(std::fmod(x, 2.0)) == 1.0;
            if (y < 0 && odd) return static_cast<C>(-formula::pow<ScalarOps, (sizeof(C) < 8)>(-y, 1.0 / x));
            return static_cast<C>(formula::pow<ScalarOps, (sizeof(C) < 8)>(y, 1.0 / x));
        } else if constexpr (is_cpx_v<C>) {
            if (a == C(0)) return domain<C>(s, "root of degree zero");
            return std::pow(b, C(1) / a);
        } else {
            return domain<C>(s, "root needs float operands");
        }
    }
};

// Y choose X with APL's extension to negative integers (3!¯5 is ¯35, ¯3!5 is 0, ¯5!¯3 is 6,
// 5!3 is 0): for integers exactly in 128 bits, wrapped to the kind; for floats by the same rules
// on integral values and by gamma otherwise. A non-integral X with Y a negative integer is a
// DOMAIN ERROR (0.5!¯1).
inline double binom_count(double n, double k) { // C(n, k) for integral 0 ≤ k ≤ n
    k = std::fmin(k, n - k);
    if (k > 1000) return std::exp(std::lgamma(n + 1) - std::lgamma(k + 1) - std::lgamma(n - k + 1));
    double r = 1;
    for (double i = 1; i <= k; ++i) r = r * (n - k + i) / i;
    return std::nearbyint(r);
}
template <class C>
inline C int_binomial(C x, C y) {
    // exact while the counts fit 128 bits; past that the wrapped value is unspecified (D2's
    // static-kind rule), never undefined behaviour
    auto count = [](__int128 n, __int128 k) -> __int128 {
        if (n - k < k) k = n - k;
        unsigned __int128 r = 1;
        for (__int128 i = 1; i <= k; ++i)
            r = r * static_cast<unsigned __int128>(n - k + i) / static_cast<unsigned __int128>(i);
        return static_cast<__int128>(r);
    };
    __int128 X = x, Y = y, r;
    auto neg = [](bool odd, __int128 c) {
        return odd ? static_cast<__int128>(-static_cast<unsigned __int128>(c)) : c;
    };
    if (X >= 0 && Y >= 0) r = X > Y ? 0 : count(Y, X);
    else if (X >= 0) r = neg(X % 2, count(X - Y - 1, X));                   // Y < 0
    else if (Y >= 0) r = 0;                                                 // X < 0 ≤ Y
    else r = X > Y ? 0 : neg((Y - X) % 2, count(-X - 1, Y - X));           // both negative
    using U = std::make_unsigned_t<C>;
    return static_cast<C>(static_cast<U>(static_cast<unsigned __int128>(r)));
}
struct Binomial {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, C b, ErrorSlot& s) {
        if constexpr (is_int_v<C>) {
            if constexpr (is_bool_v<C>) return a <= b;
            else return int_binomial(a, b);
        } else if constexpr (is_flt_v<C>) {
            double x = a, y = b;
            bool xi = x == std::floor(x), yi = y == std::floor(y);
            if (!std::isfinite(x) || !std::isfinite(y)) return static_cast<C>(x + y + NAN);
            if (yi && y < 0 && !xi) return domain<C>(s, "binomial undefined at a negative integer");
            if (xi && yi) {
                double r;
                if (x >= 0 && y >= 0) r = x > y ? 0 : binom_count(y, x);
                else if (x >= 0) r = (std::fmod(x, 2) != 0 ? -1 : 1) * binom_count(x - y - 1, x);
                else if (y >= 0) r = 0;
                else r = x > y ? 0 : (std::fmod(y - x, 2) != 0 ? -1 : 1) * binom_count(-x - 1, y - x);
                return static_cast<C>(r);
            }
            return static_cast<C>(std::tgamma(y + 1) / (std::tgamma(x + 1) * std::tgamma(y - x + 1)));
        } else {
            return domain<C>(s, "complex binomial is not supported");
        }
    }
};
struct PiRatio {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, C b, ErrorSlot& s) {
        if constexpr (is_flt_v<C>) return static_cast<C>(double(a) * 3.14159265358979323846 / double(b));
        else if constexpr (is_cpx_v<C>) return a * typename C::value_type(3.14159265358979323846) / b;
        else return domain<C>(s, "pi ratio needs float operands");
    }
};

// Complex parts (∨ ∧ monads): real part, imaginary part, phase (radians, (−π, π]).
struct Real {
    template <class S>
    using Out = typename MagOut<S>::type;
    static constexpr bool chars = false;
    template <class C>
    static auto apply(C a, ErrorSlot&) {
        if constexpr (is_cpx_v<C>) return a.real();
        else return a;
    }
};
struct Imag {
    template <class S>
    using Out = typename MagOut<S>::type;
    static constexpr bool chars = false;
    template <class C>
    static auto apply(C a, ErrorSlot&) {
        if constexpr (is_cpx_v<C>) return a.imag();
        else return C(0);
    }
};
struct Phase {
    template <class S>
    using Out = typename MagOut<S>::type;
    static constexpr bool chars = false;
    template <class C>
    static auto apply(C a, ErrorSlot& s) {
        if constexpr (is_cpx_v<C>) return std::arg(a);
        else if constexpr (is_flt_v<C>) return static_cast<C>(std::atan2(C(0), a));
        else return domain<C>(s, "phase needs a float operand");
    }
};

// Static kinds keep real floats as floats: the same tolerant rounding, as a float (±∞, NaN kept).
template <class C>
inline C floor_float(C x) {
    if (!std::isfinite(x)) return x;
    C r = std::floor(x);
    if constexpr (std::is_same_v<C, double>)
        if (r != x && teq(r + 1, x)) r += 1;
    return r;
}
struct FloorFloat {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, ErrorSlot& s) {
        if constexpr (is_flt_v<C>) return floor_float(a);
        else return Floor::apply(a, s);
    }
};
struct CeilingFloat {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, ErrorSlot& s) {
        if constexpr (is_flt_v<C>) return -floor_float(-a);
        else return Ceiling::apply(a, s);
    }
};
struct DirectionFloat {
    BPL_SAME_OUT
    static constexpr bool chars = false;
    template <class C>
    static C apply(C a, ErrorSlot& s) {
        if constexpr (is_flt_v<C>) return a != a ? a : C((a > 0) - (a < 0));
        else return Direction::apply(a, s);
    }
};

// The real forms (kernel.h): on real floats the formula of real.h; on complex operands the real
// part of the unmarked function's value (the same struct's complex route).
#define BPL_REAL_FN(Name, Complex, formula_call)                                                   \
    struct Name {                                                                                  \
        template <class S>                                                                         \
        using Out = typename MagOut<S>::type;                                                      \
        static constexpr bool chars = false;                                                       \
        template <class C>                                                                         \
        static auto apply(C a, ErrorSlot& s) {                                                     \
            if constexpr (is_cpx_v<C>) {                                                           \
                return Complex::apply(a, s).real();                                                \
            } else if constexpr (is_flt_v<C>) {                                                    \
                double x = a;                                                                      \
                return static_cast<C>(formula_call);                                               \
            } else {                                                                               \
                return domain<C>(s, #Name " needs a float operand");                               \
            }                                                                                      \
        }                                                                                          \
    };
BPL_REAL_FN(RealSqrt, Sqrt, formula::real_sqrt<ScalarOps>(x))
BPL_REAL_FN(RealLn, Ln, formula::real_ln<ScalarOps>(x))
BPL_REAL_FN(RealCircle0, Circle0, formula::real_circle0<ScalarOps>(x))
BPL_REAL_FN(RealCircle8, Circle8, x != x ? x : 0.0)
BPL_REAL_FN(RealAsin, Asin, formula::asin<ScalarOps>(formula::clamp_unit<ScalarOps>(x)))
BPL_REAL_FN(RealAcos, Acos, formula::acos<ScalarOps>(formula::clamp_unit<ScalarOps>(x)))
BPL_REAL_FN(RealAcosh, Acosh, formula::real_acosh<ScalarOps>(x))
BPL_REAL_FN(RealAtanh, Atanh, formula::real_atanh<ScalarOps>(x))
BPL_REAL_FN(RealCircle4Inv, Circle4Inv, std::fabs(x) < 1 ? 0.0 : circle4_inv(x))
BPL_REAL_FN(RealCircle8Inv, Circle8Inv, x != x ? x : -0.0)
#undef BPL_REAL_FN

#define BPL_REAL_FN2(Name, Complex, body)                                                          \
    struct Name {                                                                                  \
        template <class S>                                                                         \
        using Out = typename MagOut<S>::type;                                                      \
        static constexpr bool chars = false;                                                       \
        template <class C>                                                                         \
        static auto apply(C a, C b, ErrorSlot& s) {                                                \
            if constexpr (is_cpx_v<C>) {                                                           \
                return Complex::apply(a, b, s).real();                                             \
            } else if constexpr (is_flt_v<C>) {                                                    \
                constexpr bool narrow = sizeof(C) < 8;                                             \
                double x = a, y = b;                                                               \
                body                                                                               \
            } else {                                                                               \
                return domain<C>(s, #Name " needs float operands");                                \
            }                                                                                      \
        }                                                                                          \
    };
BPL_REAL_FN2(RealPow, Power, return static_cast<C>(formula::real_pow<ScalarOps, narrow>(x, y));)
// X√ₐY: Root's real root of a negative Y for odd integral X; otherwise Y*ₐ÷X.
BPL_REAL_FN2(RealRoot, Root,
             if (a == 0 || std::isinf(a)) return domain<C>(s, "root of degree zero or infinity");
             if (y < 0 && std::fabs(std::fmod(x, 2.0)) == 1.0) return Root::apply(a, b, s);
             return static_cast<C>(formula::real_pow<ScalarOps, narrow>(y, 1.0 / x));)
BPL_REAL_FN2(RealLog, Log, (void)narrow; return static_cast<C>(formula::real_log<ScalarOps>(x, y));)
#undef BPL_REAL_FN2

#undef BPL_SAME_OUT
#undef BPL_BOOL_OUT

} // namespace bpl::math::scalar
