// Inverses of the primitive rows (operators-and-system.md §13): one table keyed by row, holding
// each row's monadic inverse, its inverses with either argument held, and the inverse of the
// self-application `Y f Y`. Each inverse is built from ordinary calls (graph nodes).
#pragma once

#include "prim/prim.h"

namespace bpl::prim {

// Z with `p Z ≡ omega`. Throws DOMAIN ERROR when the row has no monadic inverse, or when the
// argument has no preimage; other errors as the calls it makes.
Value inverse(Prim p, const Value& omega);
// Z with `alpha p Z ≡ omega` (the left argument held). Throws as above.
Value inverse(Prim p, const Value& alpha, const Value& omega);
// Z with `Z p right ≡ omega` (the right argument held). Throws as above.
Value inverse_left(Prim p, const Value& right, const Value& omega);
// Z with `Z p Z ≡ omega` (the inverse of p⍨ called monadically). Throws as above.
Value inverse_self(Prim p, const Value& omega);

// Whether the row has an inverse of each form: for table tests.
struct InverseForms {
    bool monadic, held_left, held_right, self;
};
InverseForms inverse_forms(Prim p);

// Z with `Z f (g Z) ≡ omega` for the primitive rows f and g (the inverse of f↢g called
// monadically, which is also (f↢g)⍨'s): one table keyed by the pair (Y×*Y: Lambert W). Throws
// DOMAIN ERROR when the pair has none; other errors as the calls it makes.
Value inverse_self_after(Prim f, Prim g, const Value& omega);
// Whether the pair has that inverse: for table tests.
bool has_inverse_self_after(Prim f, Prim g);

} // namespace bpl::prim
