// The object table: for every Fn, its partials, range rule, validity predicate, repair predicate
// and fold facts (object.h). The formulas themselves live in formulas.h and ops_table.h.
#include "math/object.h"

#include "math/formulas.h"
#include "math/lambert.h"
#include "math/ops.h"
#include "math/repair.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>

namespace bpl::math {

namespace {

using number::is_float;
using number::is_integer;
using F = ScalarOps;
constexpr double INF = std::numeric_limits<double>::infinity();

// ---- range rules ----
Interval all() { return {-INF, INF}; }
// Widens outward by more than the 4-ulp accuracy bound, so a rule built from float64 values of
// the formula contains every route's results.
Interval widen(Interval r) {
    if (std::isnan(r.lo) || std::isnan(r.hi)) return all();
    double lo = std::isinf(r.lo) ? r.lo : r.lo - 1e-14 * std::fabs(r.lo) - 1e-300;
    double hi = std::isinf(r.hi) ? r.hi : r.hi + 1e-14 * std::fabs(r.hi) + 1e-300;
    return {lo, hi};
}
template <double (*f)(double)>
Interval inc(Interval x, Interval) {
    return widen({f(x.lo), f(x.hi)});
}
// The domains inc_on clamps to, as functions: clang 14 (the fuzz preset's) takes no double
// template arguments.
Interval from_0() { return {0.0, INF}; }
Interval from_1() { return {1.0, INF}; }
Interval from_minus_1() { return {-1.0, INF}; }
Interval minus_1_to_1() { return {-1.0, 1.0}; }
Interval from_minus_1_over_e() { return {-0.36787944117144233, INF}; }
template <Interval (*domain)(), double (*f)(double)>
Interval inc_on(Interval x, Interval) {
    Interval d = domain();
    return widen({f(std::fmax(x.lo, d.lo)), f(std::fmin(x.hi, d.hi))});
}
Interval unit(Interval, Interval) { return {-1, 1}; }
Interval bit(Interval, Interval) { return {0, 1}; }
Interval any(Interval, Interval) { return all(); }
Interval nonneg(Interval, Interval) { return {0, INF}; }

double f_exp(double x) { return formula::exp<F>(x); }
double f_expm1(double x) { return formula::expm1<F>(x); }
double f_log(double x) { return formula::log<F>(x); }
double f_log1p(double x) { return formula::log1p<F>(x); }
double f_sqrt(double x) { return std::sqrt(x); }
double f_cbrt(double x) { return formula::cbrt<F>(x); }
double f_atan(double x) { return formula::atan<F>(x); }
double f_asin(double x) { return formula::asin<F>(x); }
double f_acos(double x) { return formula::acos<F>(x); }
double f_sinh(double x) { return formula::sinh<F>(x); }
double f_cosh(double x) { return formula::cosh<F>(x); }
double f_tanh(double x) { return formula::tanh<F>(x); }
double f_asinh(double x) { return formula::asinh<F>(x); }
double f_acosh(double x) { return formula::acosh<F>(x); }
double f_atanh(double x) { return formula::atanh<F>(x); }
double f_lambert_w(double x) { return lambert::w0(x); }
double f_pi(double x) { return x * 3.14159265358979323846; }
double f_id(double x) { return x; }

Interval r_acos(Interval x, Interval) {
    return widen({f_acos(std::fmin(x.hi, 1)), f_acos(std::fmax(x.lo, -1))});
}
Interval r_cosh(Interval x, Interval) {
    double a = f_cosh(x.lo), b = f_cosh(x.hi);
    if (x.lo <= 0 && x.hi >= 0) return widen({1, std::fmax(a, b)});
    return widen({std::fmin(a, b), std::fmax(a, b)});
}
Interval r_negate(Interval x, Interval) { return {-x.hi, -x.lo}; }
Interval r_magnitude(Interval x, Interval) {
    double a = std::fabs(x.lo), b = std::fabs(x.hi);
    if (x.lo <= 0 && x.hi >= 0) return {0, std::fmax(a, b)};
    return {std::fmin(a, b), std::fmax(a, b)};
}
Interval r_reciprocal(Interval x, Interval) {
    if (x.lo <= 0 && x.hi >= 0) return all();
    return widen({1 / x.hi, 1 / x.lo});
}
Interval r_round(Interval x, Interval) { return {std::floor(x.lo), std::ceil(x.hi)}; }
Interval r_add(Interval x, Interval y) { return widen({x.lo + y.lo, x.hi + y.hi}); }
Interval r_sub(Interval x, Interval y) { return widen({x.lo - y.hi, x.hi - y.lo}); }
Interval hull4(double a, double b, double c, double d) {
    if (std::isnan(a) || std::isnan(b) || std::isnan(c) || std::isnan(d)) return all();
    return widen({std::fmin(std::fmin(a, b), std::fmin(c, d)),
                  std::fmax(std::fmax(a, b), std::fmax(c, d))});
}
Interval r_mul(Interval x, Interval y) {
    return hull4(x.lo * y.lo, x.lo * y.hi, x.hi * y.lo, x.hi * y.hi);
}
Interval r_div(Interval x, Interval y) {
    if (y.lo <= 0 && y.hi >= 0) return all();
    return hull4(x.lo / y.lo, x.lo / y.hi, x.hi / y.lo, x.hi / y.hi);
}
Interval r_min(Interval x, Interval y) { return {std::fmin(x.lo, y.lo), std::fmin(x.hi, y.hi)}; }
Interval r_max(Interval x, Interval y) { return {std::fmax(x.lo, y.lo), std::fmax(x.hi, y.hi)}; }
Interval r_residue(Interval x, Interval y) {
    double m = std::fmax(std::fabs(x.lo), std::fabs(x.hi));
    Interval r{x.lo >= 0 ? 0 : -m, x.hi <= 0 ? 0 : m};
    if (x.lo <= 0 && x.hi >= 0) r = {std::fmin(r.lo, y.lo), std::fmax(r.hi, y.hi)}; // 0|Y is Y
    return r;
}
Interval r_power(Interval x, Interval) { return x.lo >= 0 ? Interval{0, INF} : all(); }

Interval r_circle0(Interval, Interval) { return {0, 1}; }
// the real forms: 0 where √ would be imaginary; ln of the magnitude; arcsin of the clamped
// argument; arccosh of the magnitude, 0 inside [¯1, 1]
Interval r_real_sqrt(Interval x, Interval) {
    return widen({std::sqrt(std::fmax(x.lo, 0.0)), std::sqrt(std::fmax(x.hi, 0.0))});
}
Interval r_real_ln(Interval x, Interval) {
    Interval m = r_magnitude(x, x);
    return widen({f_log(m.lo), f_log(m.hi)});
}
Interval r_real_asin(Interval x, Interval) {
    auto c = [](double v) { return std::fmin(std::fmax(v, -1.0), 1.0); };
    return widen({f_asin(c(x.lo)), f_asin(c(x.hi))});
}
Interval r_real_acosh(Interval x, Interval) {
    Interval m = r_magnitude(x, x);
    return widen({m.lo > 1 ? f_acosh(m.lo) : 0.0, m.hi > 1 ? f_acosh(m.hi) : 0.0});
}
Interval zero(Interval, Interval) { return {0, 0}; }
Interval r_phase(Interval, Interval) { return {0, 3.1415926535897936}; } // real operands: 0 or π
Interval r_circle4(Interval x, Interval) {
    Interval m = r_magnitude(x, x);
    return widen({std::hypot(1.0, m.lo), std::hypot(1.0, m.hi)});
}
Interval r_piratio(Interval x, Interval y) {
    const double pi = 3.14159265358979323846;
    return widen(r_div({x.lo * pi, x.hi * pi}, y));
}

// ---- validity predicates (true: a data error) ----
bool inv_div(Kind k, double, double y) { return is_integer(k) && y == 0; }
bool inv_recip(Kind k, double x, double) { return is_integer(k) && x == 0; }
bool inv_power(Kind k, double x, double y) { return is_integer(k) && x == 0 && y < 0; }
bool inv_factorial(Kind k, double x, double) { return is_integer(k) && x < 0; }
bool inv_root(Kind k, double x, double) { return is_float(k) && (x == 0 || std::isinf(x)); }
bool inv_binomial(Kind k, double x, double y) {
    return is_float(k) && std::isfinite(x) && std::isfinite(y) && y < 0 && y == std::floor(y) &&
           x != std::floor(x);
}
bool inv_code_point(Kind, double x, double y) {
    double r = std::nearbyint(y), cp = x + r;
    return !(std::fabs(y - r) <= 1e-14 * std::fmax(1.0, std::fabs(y))) || !(cp >= 0 && cp <= 0x10FFFF) ||
           (cp >= 0xD800 && cp <= 0xDFFF);
}
bool not_bit(double v) { return !(v == 0 || v == 1); }
bool inv_not(Kind, double x, double) { return not_bit(x); }
bool inv_nand(Kind, double x, double y) { return not_bit(x) || not_bit(y); }
bool inv_gcd(Kind k, double x, double y) {
    return is_float(k) && (!std::isfinite(x) || !std::isfinite(y));
}

// ---- repair ----
bool trig_repair(Kind k, double x) {
    double lim = k == Kind::F64 ? formula::TRIG_LIMIT_F64 : formula::TRIG_LIMIT_F32;
    return !(std::fabs(x) <= lim);
}
// sin's fast formula also hands ±0 over (its sum rounds them to +0)
bool sin_repair(Kind k, double x) { return x == 0 || trig_repair(k, x); }

// ---- partials: parsed once from their text ----
Partial parse(const char* text) {
    Partial p;
    if (!text) return p;
    const char* s = text;
    while (*s) {
        while (*s == ' ') ++s;
        if (!*s) break;
        const char* e = s;
        while (*e && *e != ' ') ++e;
        std::string tok(s, e);
        PartialStep st{PartialStep::Const, Fn::Add, 0};
        if (tok == "x") st.op = PartialStep::X;
        else if (tok == "y") st.op = PartialStep::Y;
        else if (tok == "f") st.op = PartialStep::F;
        else if ((tok[0] >= '0' && tok[0] <= '9') || tok[0] == '-') st.c = std::strtod(tok.c_str(), nullptr);
        else {
            for (int i = 0; i < FN_COUNT; ++i)
                if (tok == name(Fn(i))) {
                    st.fn = Fn(i);
                    st.op = is_dyadic(Fn(i)) ? PartialStep::Call2 : PartialStep::Call1;
                }
        }
        if (p.n < Partial::MAX) p.steps[p.n++] = st;
        s = e;
    }
    return p;
}

struct Row {
    Fn fn;
    const char* dx;
    const char* dy;
    Interval (*range)(Interval, Interval);
    bool (*invalid)(Kind, double, double);
    bool associative = false;
    bool reassociate = false;
    bool (*needs_repair)(Kind, double) = nullptr;
    double (*repair)(double) = nullptr;
};

// One row per Fn. dx/dy: the partials ("" zero almost everywhere, null: not provided yet).
// clang-format off
const Row ROWS[] = {
    {Fn::Conjugate,    "1", nullptr,  inc<f_id>,                 nullptr},
    {Fn::Negate,       "-1", nullptr, r_negate,                  nullptr},
    {Fn::Direction,    "", nullptr,   unit,                      nullptr},
    {Fn::Reciprocal,   "f f Multiply Negate", nullptr, r_reciprocal, inv_recip},
    {Fn::Floor,        "", nullptr,   r_round,                   nullptr},
    {Fn::Ceiling,      "", nullptr,   r_round,                   nullptr},
    {Fn::Magnitude,    "x x Magnitude Divide", nullptr, r_magnitude, nullptr},
    {Fn::Exp,          "f", nullptr,  inc<f_exp>,                nullptr},
    {Fn::Ln,           "x Reciprocal", nullptr, inc_on<from_0, f_log>, nullptr},
    {Fn::Not,          "", nullptr,   bit,                       inv_not},
    {Fn::Sqrt,         "0.5 f Divide", nullptr, inc_on<from_0, f_sqrt>, nullptr},
    {Fn::Factorial,    nullptr, nullptr, any,                    inv_factorial},
    {Fn::PiTimes,      "3.141592653589793", nullptr, inc<f_pi>,  nullptr},
    {Fn::Add,          "1", "1",      r_add,                     nullptr, true, true},
    {Fn::Subtract,     "1", "-1",     r_sub,                     nullptr},
    {Fn::Multiply,     "y", "x",      r_mul,                     nullptr, true, true},
    {Fn::Divide,       "y Reciprocal", "f y Divide Negate", r_div, inv_div},
    {Fn::Min,          "x y LessEqual", "x y Greater", r_min,    nullptr, true, true},
    {Fn::Max,          "x y GreaterEqual", "x y Less", r_max,    nullptr, true, true},
    {Fn::Residue,      "y x Divide Floor Negate", "1", r_residue, nullptr},
    {Fn::Power,        "y x y 1 Subtract Power Multiply", "f x Ln Multiply", r_power, inv_power},
    {Fn::Log,          "f x x Ln Multiply Divide Negate", "1 y x Ln Multiply Divide", any, nullptr},
    {Fn::Equal,        "", "",        bit,                       nullptr, true, true},
    {Fn::NotEqual,     "", "",        bit,                       nullptr, true, true},
    {Fn::Less,         "", "",        bit,                       nullptr},
    {Fn::LessEqual,    "", "",        bit,                       nullptr},
    {Fn::Greater,      "", "",        bit,                       nullptr},
    {Fn::GreaterEqual, "", "",        bit,                       nullptr},
    {Fn::And,          nullptr, nullptr, any,                    inv_gcd, true, true},
    {Fn::Or,           nullptr, nullptr, nonneg,                 inv_gcd, true, true},
    {Fn::Nand,         "", "",        bit,                       inv_nand},
    {Fn::Nor,          "", "",        bit,                       inv_nand},
    {Fn::Sin,          "x Cos", nullptr, unit,                   nullptr, false, false, sin_repair, repair::sin},
    {Fn::Cos,          "x Sin Negate", nullptr, unit,            nullptr, false, false, trig_repair, repair::cos},
    {Fn::Tan,          "1 f f Multiply Add", nullptr, any,       nullptr, false, false, trig_repair, repair::tan},
    {Fn::Asin,         "1 1 x x Multiply Subtract Sqrt Divide", nullptr, inc_on<minus_1_to_1, f_asin>, nullptr},
    {Fn::Acos,         "-1 1 x x Multiply Subtract Sqrt Divide", nullptr, r_acos, nullptr},
    {Fn::Atan,         "1 1 x x Multiply Add Divide", nullptr, inc<f_atan>, nullptr},
    {Fn::Sinh,         "x Cosh", nullptr, inc<f_sinh>,           nullptr},
    {Fn::Cosh,         "x Sinh", nullptr, r_cosh,                nullptr},
    {Fn::Tanh,         "1 f f Multiply Subtract", nullptr, inc<f_tanh>, nullptr},
    {Fn::Asinh,        "1 1 x x Multiply Add Sqrt Divide", nullptr, inc<f_asinh>, nullptr},
    {Fn::Acosh,        "1 x x Multiply 1 Subtract Sqrt Divide", nullptr, inc_on<from_1, f_acosh>, nullptr},
    {Fn::Atanh,        "1 1 x x Multiply Subtract Divide", nullptr, inc_on<minus_1_to_1, f_atanh>, nullptr},
    {Fn::Cbrt,         "1 3 f f Multiply Multiply Divide", nullptr, inc<f_cbrt>, nullptr},
    {Fn::Log1p,        "1 1 x Add Divide", nullptr, inc_on<from_minus_1, f_log1p>, nullptr},
    {Fn::Expm1,        "f 1 Add", nullptr, inc<f_expm1>,         nullptr},
    // W′ = W÷(x(1+W)), written e^−W÷(1+W) so that it holds at 0 too
    {Fn::LambertW,     "1 f Exp 1 f Add Multiply Divide", nullptr, inc_on<from_minus_1_over_e, f_lambert_w>, nullptr},
    {Fn::Root,         "f y Ln Multiply x x Multiply Divide Negate", "f x y Multiply Divide", any, inv_root},
    {Fn::Circle0,      "x f Divide Negate", nullptr, r_circle0,  nullptr},
    {Fn::Circle4,      "x f Divide", nullptr, r_circle4,         nullptr},
    {Fn::Circle8,      "x f Divide Negate", nullptr, any,        nullptr},
    {Fn::Circle4Inv,   "x f Divide", nullptr, any,               nullptr},
    {Fn::Circle8Inv,   "x f Divide Negate", nullptr, any,        nullptr},
    {Fn::Binomial,     nullptr, nullptr, any,                    inv_binomial},
    {Fn::PiRatio,      "3.141592653589793 y Divide", "f y Divide Negate", r_piratio, nullptr},
    {Fn::ResidueExact, "y x Divide Floor Negate", "1", r_residue, nullptr},
    {Fn::CodePoint,    "", "",        any,                       inv_code_point},
    {Fn::Real,         "1", nullptr,  inc<f_id>,                 nullptr},
    {Fn::Imag,         "", nullptr,   zero,                      nullptr},
    {Fn::Phase,        "", nullptr,   r_phase,                   nullptr},
    {Fn::FloorFloat,   "", nullptr,   r_round,                   nullptr},
    {Fn::CeilingFloat, "", nullptr,   r_round,                   nullptr},
    {Fn::DirectionFloat, "", nullptr, unit,                      nullptr},
    // the real forms: slopes of the real part, 0 where the value is constant outside the real
    // domain; a mask numerator over a mask-patched denominator keeps 0 there (JAX's double
    // where) and ∞ at the domain's edge
    {Fn::RealSqrt,     "x 0 GreaterEqual 0.5 Multiply f x 0 Less Add Divide", nullptr, r_real_sqrt, nullptr},
    {Fn::RealLn,       "x Reciprocal", nullptr, r_real_ln,       nullptr},
    {Fn::RealCircle0,  "x Negate x Magnitude 1 LessEqual Multiply f x Magnitude 1 Greater Add Divide", nullptr, r_circle0, nullptr},
    {Fn::RealCircle8,  "", nullptr,   zero,                      nullptr},
    {Fn::RealAsin,     "x Magnitude 1 LessEqual x RealCircle0 x Magnitude 1 Greater Add Divide", nullptr, r_real_asin, nullptr},
    {Fn::RealAcos,     "x Magnitude 1 LessEqual Negate x RealCircle0 x Magnitude 1 Greater Add Divide", nullptr, r_acos, nullptr},
    {Fn::RealAcosh,    "x Magnitude 1 GreaterEqual x RealCircle4Inv x Magnitude 1 Less Add Divide", nullptr, r_real_acosh, nullptr},
    {Fn::RealAtanh,    "1 1 x x Multiply Subtract Divide", nullptr, any, nullptr},
    {Fn::RealCircle4Inv, "x x Magnitude 1 GreaterEqual Multiply f x Magnitude 1 Less Add Divide", nullptr, any, nullptr},
    {Fn::RealCircle8Inv, "", nullptr, zero,                      nullptr},
    // below 0, ∂/∂x |x|^y cos πy is y·(x*ₐy−1) too; ∂/∂y adds −π|x|^y sin πy there
    {Fn::RealPow,      "y x y 1 Subtract RealPow Multiply",
                       "f x RealLn Multiply x 0 Less x Magnitude y Power y PiTimes Sin Multiply Multiply 3.141592653589793 Multiply Subtract",
                       r_power, nullptr},
    {Fn::RealRoot,     nullptr, "f x y Multiply Divide", any,    inv_root},
    {Fn::RealLog,      nullptr, nullptr, any,                    nullptr},
};
// clang-format on
static_assert(sizeof(ROWS) / sizeof(ROWS[0]) == FN_COUNT, "one object row per Fn");

// Fold identities (f/⍬); functions not listed have none.
struct IdentityRow {
    Fn fn;
    double identity;
};
const IdentityRow IDENTITIES[] = {
    {Fn::Add, 0},        {Fn::Subtract, 0},     {Fn::Residue, 0},      {Fn::Or, 0},
    {Fn::NotEqual, 0},   {Fn::Less, 0},         {Fn::Greater, 0},      {Fn::Multiply, 1},
    {Fn::Divide, 1},     {Fn::Power, 1},        {Fn::And, 1},          {Fn::Equal, 1},
    {Fn::LessEqual, 1},  {Fn::GreaterEqual, 1}, {Fn::Binomial, 1},     {Fn::Min, INF},
    {Fn::Max, -INF},
};

std::array<Object, FN_COUNT> build() {
    std::array<Object, FN_COUNT> t{};
    for (const Row& r : ROWS) {
        Object& o = t[static_cast<int>(r.fn)];
        o.fn = r.fn;
        o.arity = is_dyadic(r.fn) ? 2 : 1;
        o.dx_text = r.dx;
        o.dy_text = r.dy;
        o.dx = parse(r.dx);
        o.dy = parse(r.dy);
        o.range = r.range;
        o.invalid = r.invalid;
        o.error = base::ErrorKind::Domain;
        o.needs_repair = r.needs_repair;
        o.repair = r.repair;
        o.associative = r.associative;
        o.reassociate = r.reassociate;
        o.identity = NAN;
    }
    for (const IdentityRow& r : IDENTITIES) t[static_cast<int>(r.fn)].identity = r.identity;
    return t;
}

} // namespace

const Object& object(Fn f) {
    static const std::array<Object, FN_COUNT> TABLE = build();
    return TABLE[static_cast<int>(f)];
}

Interval range_of(const Object& o, Kind k, Interval x, Interval y) {
    Interval r = o.range(x, y);
    double rel = k == Kind::F32 ? 0x1p-21 : k == Kind::F16 ? 0x1p-8 : 0;
    if (rel == 0) return r;
    if (std::isfinite(r.lo)) r.lo -= rel * std::fabs(r.lo);
    if (std::isfinite(r.hi)) r.hi += rel * std::fabs(r.hi);
    // the narrower kind saturates to ±∞ and flushes below its least subnormal to 0
    double big = k == Kind::F32 ? 0x1.fffffep127 : 65504.0;
    double tiny = k == Kind::F32 ? 0x1p-149 : 0x1p-24;
    auto out = [&](double v, bool up) {
        if (v > big) return up ? INF : big;
        if (v < -big) return up ? -big : -INF;
        if (std::fabs(v) < tiny) return up ? std::fmax(v, 0.0) : std::fmin(v, 0.0);
        return v;
    };
    return {out(r.lo, false), out(r.hi, true)};
}

double eval_partial(const Partial& p, double x, double y, double f) {
    double stack[Partial::MAX];
    int sp = 0;
    ErrorSlot slot;
    for (int i = 0; i < p.n; ++i) {
        const PartialStep& s = p.steps[i];
        switch (s.op) {
        case PartialStep::X: stack[sp++] = x; break;
        case PartialStep::Y: stack[sp++] = y; break;
        case PartialStep::F: stack[sp++] = f; break;
        case PartialStep::Const: stack[sp++] = s.c; break;
        case PartialStep::Call1: {
            alignas(16) unsigned char out[16];
            unary(s.fn, Kind::F64, &stack[sp - 1], 1, out, 1, slot);
            convert(result_kind(s.fn, Kind::F64), out, Kind::F64, &stack[sp - 1], 1);
            break;
        }
        case PartialStep::Call2: {
            alignas(16) unsigned char out[16];
            binary(s.fn, Kind::F64, &stack[sp - 2], 1, &stack[sp - 1], 1, out, 1, slot);
            --sp;
            convert(result_kind(s.fn, Kind::F64), out, Kind::F64, &stack[sp - 1], 1);
            break;
        }
        }
    }
    return p.n == 0 ? 0.0 : stack[sp - 1];
}

} // namespace bpl::math
