// The step runners: one function that runs one step of a Program over stored operands.
#pragma once

#include "program/program.h"

#include <cstddef>

namespace bpl::program {

// Runs `instr` over stored operands (atoms or compact arrays) and returns its stored result.
// Never throws; data errors are recorded in `slot`.
value::Value run_step(const Instr& instr, const std::vector<const value::Value*>& operands,
                      math::ErrorSlot& slot);

// The fill item of kind k (0, or a space for characters) written to dst.
void fill_item(number::Kind k, std::byte* dst);

// The Copy step over a whole stored operand (copy.cpp): out's items read through the step's
// Mapping.
void run_copy(const Instr& instr, const value::Value& source, value::ArrayData& out);

} // namespace bpl::program
