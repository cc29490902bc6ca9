// The marked forms that resolve at dispatch to their own math objects (seed part 21), before the
// unmarked kind rule: they never read operands to pick a kind.
#pragma once

#include "prim/prim.h"

#include <optional>

namespace bpl::prim {

// `pₐ`'s real form on native operands: √ₐ ⍟ₐ *ₐ (monadic and dyadic), ○ₐ (cis: cos), K○ₐY and
// K○ₐ⁻Y (`inverse`) through their real objects (math::Fn::RealSqrt, RealLn, RealPow, ... and
// the real circle code tables), and *ₐ⁻ (RealLn). nullopt where p has no real form for this
// valence, or an operand is complex or a host value: the caller then takes the real part of p's
// result.
// The operands are already at their float width (the mark's conversion).
std::optional<Value> real_form(Prim p, bool inverse, const Value* alpha, const Value& omega);
// Whether p has a real form for that valence (the table real_form reads).
bool has_real_form(Prim p, bool inverse, bool dyadic);

// `pₓ`'s integer form: ⌊ₓY and ⌈ₓY round with the machine-integer objects (Floor, Ceiling) in
// either kinds mode, X÷ₓY floors the quotient with them; nullopt for other rows (the mark then
// converts p's result).
std::optional<Value> integer_form(Prim p, const Value* alpha, const Value& omega);

} // namespace bpl::prim
