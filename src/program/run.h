// The step runners: one function that runs one step of a Program over stored operands.
#pragma once

#include "program/program.h"

#include <cstddef>
#include <span>

namespace bpl::program {

// Runs `instr` over stored operands (atoms or compact arrays) and returns its stored result.
// Never throws; data errors are recorded in `slot`.
value::Value run_step(const Instr& instr, std::span<const value::Value* const> operands,
                      math::ErrorSlot& slot);

// An atom step: a Map or Convert whose result is one atom (run_step computes it in cells).
bool is_atom_step(const Instr& in);
// The most steps a stage of atom steps holds (the scheduler ends one there): their items live in
// cells on the stack while the stage runs.
constexpr size_t ATOM_STAGE_STEPS = 64;
// A stage of atom steps (`steps`, ascending, at most ATOM_STAGE_STEPS; the last is its root): each
// step's item is computed into a cell that later steps of the stage read, so no step but the root
// makes a Value. Operands outside the stage are earlier stages' `results` or the read's
// `inputs`. Returns the root's atom. Never throws; data errors are recorded in `slot`.
value::Value run_atoms(const Program& program, std::span<const int32_t> steps,
                       const std::vector<value::Value>& results, const std::vector<value::Value>& inputs,
                       math::ErrorSlot& slot);

// The fill item of kind k (0, or a space for characters) written to dst.
void fill_item(number::Kind k, std::byte* dst);

// The Copy step over a whole stored operand (copy.cpp): out's items read through the step's
// Mapping.
void run_copy(const Instr& instr, const value::Value& source, value::ArrayData& out);

// The Join step (join.cpp): items [lo, lo+m) of the joined operands into dst. bases: each
// operand's items (an atom's one item), all of one size; params: the step's (rows, then per
// operand its run along the joined axis and its stride).
void join_items(const std::vector<int64_t>& params, const std::byte* const* bases, int size, int64_t lo,
                int64_t m, std::byte* dst);

// The Product step (product.cpp): X f.g Y into `out` from X's items `a` and Y's items `b`, both
// of kind instr.compute. Never throws; data errors are recorded in `slot`.
void run_product(const Instr& instr, const void* a, const void* b, value::ArrayData& out,
                 math::ErrorSlot& slot);

} // namespace bpl::program
