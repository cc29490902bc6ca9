// Exact (ᵣ) atoms in the scalar rows: the host route's item step when an operand is exact. The
// arithmetic itself is number/exact's; this file owns only the joins (which pairs compute exactly,
// which convert to a float or complex kind for the native route) and the character rule.
#pragma once

#include "math/kernel.h"
#include "value/value.h"

#include <optional>

namespace bpl::prim {

// An exact atom as a number of kind k (a float or complex kind): its nearest value.
value::Value exact_as(const value::Value& x, number::Kind k);

// fn on an exact atom w: the exact result, or nothing when fn has no exact form (⍟, ○, !, √ of a
// non-square ...): then the caller applies fn to exact_as(w, F64) on the native route.
std::optional<value::Value> exact_monad(math::Fn fn, const value::Value& w);

// One step of fn on two atoms, at least one exact. Either `result` is set, or `a`/`w` hold the
// operands converted for the native route: when a float or complex number takes part (both
// convert to that kind; comparisons count a weak literal as approximate, language.md §10.4), or
// when fn has no exact form. Throws DOMAIN for exact division by zero and character misuse.
struct ExactStep {
    std::optional<value::Value> result;
    value::Value a, w;
};
ExactStep exact_dyad(math::Fn fn, const value::Value& a, const value::Value& w);

} // namespace bpl::prim
