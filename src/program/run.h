// The step runners: one function that runs one step of a Program over stored operands.
#pragma once

#include "program/program.h"

namespace bpl::program {

// Runs `instr` over stored operands (atoms or compact arrays) and returns its stored result.
// Never throws; data errors are recorded in `slot`.
value::Value run_step(const Instr& instr, const std::vector<const value::Value*>& operands,
                      math::ErrorSlot& slot);

} // namespace bpl::program
