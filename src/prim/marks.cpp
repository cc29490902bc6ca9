// The marked forms: one row per (primitive, valence) that has a real or integer form.
#include "prim/marks.h"

#include "prim/rows.h"
#include "prim/scalar.h"

namespace bpl::prim {

namespace {

using enum math::Fn;

struct RealRow {
    Prim prim;
    bool dyadic;
    bool inverse;
    math::Fn fn;
};
// clang-format off
constexpr RealRow REAL_ROWS[] = {
    {Prim::Root,   false, false, RealSqrt},
    {Prim::Root,   true,  false, RealRoot},
    {Prim::Log,    false, false, RealLn},
    {Prim::Log,    true,  false, RealLog},
    {Prim::Star,   false, false, Exp},
    {Prim::Star,   true,  false, RealPow},
    {Prim::Star,   false, true,  RealLn},   // *ₐ⁻Y is ⍟ₐY
    {Prim::Circle, false, false, Cos},      // the real part of cis Y
};
// K○ₐY and K○ₐ⁻Y: codes whose value may leave the reals take their real objects
constexpr math::Fn REAL_CIRCLE[9] = {RealCircle0, Sin, Cos, Tan, Circle4, Sinh, Cosh, Tanh, RealCircle8};
constexpr math::Fn REAL_UNCIRCLE[9] = {RealCircle0, RealAsin, RealAcos, Atan, RealCircle4Inv,
                                       Asinh, RealAcosh, RealAtanh, RealCircle8Inv};
// clang-format on

// real numbers in native storage (complex ones take the real part of the unmarked result)
bool numbers(const Value& v) {
    return v.is_native() && !v.is_function() && number::is_real(v.kind());
}

} // namespace

bool has_real_form(Prim p, bool inverse, bool dyadic) {
    if (p == Prim::Circle && dyadic) return true;
    for (const RealRow& r : REAL_ROWS)
        if (r.prim == p && r.dyadic == dyadic && r.inverse == inverse) return true;
    return false;
}

std::optional<Value> real_form(Prim p, bool inverse, const Value* alpha, const Value& omega) {
    if (!numbers(omega) || (alpha && !numbers(*alpha))) return std::nullopt;
    if (p == Prim::Circle && alpha) return circle_by(inverse ? REAL_UNCIRCLE : REAL_CIRCLE, *alpha, omega);
    for (const RealRow& r : REAL_ROWS) {
        if (r.prim != p || r.dyadic != (alpha != nullptr) || r.inverse != inverse) continue;
        return alpha ? pervade_fn(r.fn, p, *alpha, omega) : pervade_fn(r.fn, omega);
    }
    return std::nullopt;
}

std::optional<Value> integer_form(Prim p, const Value* alpha, const Value& omega) {
    if (!alpha && p == Prim::Floor) return pervade_fn(Floor, omega);
    if (!alpha && p == Prim::Ceiling) return pervade_fn(Ceiling, omega);
    if (alpha && p == Prim::Divide) return pervade_fn(Floor, call(Prim::Divide, *alpha, omega));
    return std::nullopt;
}

} // namespace bpl::prim
