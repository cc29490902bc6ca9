// Search and sort routines over whole compact operands: grade, index of, member of, unique mask.
// Each is one object-owned routine that the engine runs as a Call step. Cells are compared item
// by item in ravel order; floats (F64, and complex128 by |x−y|) tolerantly (relative 1E¯14), other
// kinds exactly. Complex items order by real part, then imaginary part.
#pragma once

#include "number/kind.h"

#include <cstdint>

namespace bpl::math {

// clang-format off
enum class Routine : uint8_t {
    GradeUp,     // a: n cells → out Int[n], the stable ascending permutation (NaN after numbers)
    GradeDown,   // a: n cells → out Int[n], stable descending
    IndexOf,     // a: table of n cells, b: m query cells → out Int[m], first match or n
    MemberOf,    // a: m query cells, b: table of n cells → out Bool[m]
    UniqueMask,  // a: n cells → out Bool[n], true at each first occurrence
    IntervalIndex, // a: sorted table of n cells, b: m query cells → out Int[m], cells of a ≤ each
};
// clang-format on

// Runs r over items of kind k (Char compares by code point). `cell` items form one cell; `na`
// and `nb` count cells. Never throws, never fails: every input has a defined result.
void run_routine(Routine r, number::Kind k, const void* a, int64_t na, const void* b, int64_t nb,
                 int64_t cell, void* out);

} // namespace bpl::math
