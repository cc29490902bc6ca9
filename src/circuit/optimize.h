// Program transformations that keep results bit-identical (spec §15.1–15.2): checked constant
// folding, affine packing with the chain's rounding points, dead-code elimination, and schedule.
#pragma once

#include <cstdint>
#include <vector>

#include "circuit/circuit.h"

namespace bpl::circuit {

// Returns the optimized program; `c` is unchanged. Folding uses the evaluator, so a fold that
// would raise is skipped and the error still happens at run time. Never throws for valid input.
Circuit optimize(const Circuit& c);

// Dependency layers: layer 0 holds the leaves; a node sits one layer after its deepest argument.
std::vector<std::vector<int32_t>> schedule(const Circuit& c);

} // namespace bpl::circuit
