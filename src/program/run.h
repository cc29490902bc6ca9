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
// A stage of atom steps as its plan resolved it (`of`: the stage's steps, ascending, at most
// ATOM_STAGE_STEPS, the last its root): where each step reads its operands, so a run searches
// nothing. Cells [0, loads) hold the operands from outside the stage (an earlier stage's stored
// result, an input), each loaded once; cell loads + k holds step k's item, which later steps read.
struct AtomStage {
    static constexpr uint8_t NONE = 0xFF; // a monadic step's second operand
    struct Op {
        math::ItemKernel item; // a Map's (Instr::item); unset for a Convert
        uint8_t a = 0, b = NONE; // the cells read
        bool convert = false;
        number::Kind from = number::Kind::F64, to = number::Kind::F64; // a Convert's kinds
    };
    std::vector<int32_t> loads; // r >= 0: step r's stored result; r < 0: input -r-1
    std::vector<Op> ops;        // one a step, in order; the last is the root
    number::Kind root_kind = number::Kind::F64;
    bool root_weak = false;
    static AtomStage of(const Program& program, std::span<const int32_t> steps);
};
// Runs an atom stage: no step but the root makes a Value. Returns the root's atom. Never throws;
// data errors are recorded in `slot`.
value::Value run_atoms(const AtomStage& stage, const std::vector<value::Value>& results,
                       const std::vector<value::Value>& inputs, math::ErrorSlot& slot);

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
