// Scalar rows: the pervasive application of a row's math object.
#pragma once

#include "prim/prim.h"

namespace bpl::prim {

// p's monadic/dyadic math Fn applied pervasively (the row must have one for that valence).
Value pervade(Prim p, const Value& omega);
Value pervade(Prim p, const Value& alpha, const Value& omega);

// A math function applied pervasively, for rows whose function is chosen by a parameter
// (K○Y picks the function by its code).
Value pervade_fn(math::Fn fn, const Value& omega);
// A dyadic math function on native operands (one Map node); other operands go to the row `p`
// (exact or boxed values), whose function fn must agree with wherever both are defined.
Value pervade_fn(math::Fn fn, Prim p, const Value& alpha, const Value& omega);

} // namespace bpl::prim
