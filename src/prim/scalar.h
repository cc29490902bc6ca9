// Scalar rows: the pervasive application of a row's math object.
#pragma once

#include "prim/prim.h"

namespace bpl::prim {

// p's monadic/dyadic math Fn applied pervasively (the row must have one for that valence).
Value pervade(Prim p, const Value& omega);
Value pervade(Prim p, const Value& alpha, const Value& omega);

} // namespace bpl::prim
