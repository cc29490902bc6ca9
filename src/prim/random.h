// Draws from a given generator and a distribution's evaluation, for the system names above prim
// (session/: •rand's roll and deal, •distribution's sample, density, cdf and quantile). The ¿
// row draws the same way from the session generator.
#pragma once

#include "value/value.h"

namespace bpl::math {
class Generator;
struct Distribution;
enum class Routine : uint8_t;
} // namespace bpl::math

namespace bpl::prim {

using value::Value;

// ¿w and a¿w (functions.md §2.16) taking their items from g.
Value roll(const Value& w, math::Generator& g);
Value deal(const Value& a, const Value& w, math::Generator& g);
// Items of d drawn from g in the given shape (whole numbers; ⍬ gives one atom): float64, or
// exact integers for a discrete family. More than 10⁹ items is LIMIT.
Value sample(const math::Distribution& d, const Value& shape, math::Generator& g);
// d's density, cdf or quantile (math::Routine Density, Cdf, Quantile) at each number of x:
// pervasive, keeping shape and nesting; a discrete family's quantiles are exact integers (an
// unbounded support's ∞ at 1 stays a float). Characters, complex numbers, functions: DOMAIN.
Value evaluate(math::Routine r, const math::Distribution& d, const Value& x);
// The encoding [family θ₁ θ₂] of d (three float64 items): the operand of its Call and Draw steps.
Value distribution_operand(const math::Distribution& d);

} // namespace bpl::prim
