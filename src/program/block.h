// Block stages: a fused stage's steps run a block of items at a time (block.cpp).
#pragma once

#include "program/plan.h"

namespace bpl::program {

// Bytes of a block of the stage's widest items: the few live block buffers of a stage fit L1
// beside the operands streaming in (8 KiB spilled the longer chains' buffers). A stage of
// narrower items takes more of them a block (float32: 1024), so its per-block costs halve.
inline constexpr int64_t BLOCK_BYTES = 4096;
// The fewest items a block holds (float64's).
inline constexpr int64_t BLOCK_ITEMS = BLOCK_BYTES / 8;
// A stage whose block buffers and streamed arrays are few takes longer blocks, up to
// MAX_BLOCK_BYTES, while they all fit BLOCK_BUDGET (three quarters of a 48 KiB L1): measured
// with cachegrind on 10⁶-item reads, 3+2×*-x×x (two buffers, one array in, one out) runs 8%
// fewer instructions in 8 KiB blocks with no more L1 misses; the rational chain (four buffers)
// 9% fewer in 6 KiB blocks, 1% more misses; 8 KiB blocks there spill L1 (45% more misses).
inline constexpr int64_t MAX_BLOCK_BYTES = 2 * BLOCK_BYTES;
inline constexpr int64_t BLOCK_BUDGET = 36 * 1024;

// Kinds a block stage computes in (complex and float16 steps run whole: a non-goal for blocks).
inline bool is_block_kind(number::Kind k) {
    using number::Kind;
    switch (k) {
    case Kind::Bool:
    case Kind::I8:
    case Kind::I16:
    case Kind::I32:
    case Kind::I64:
    case Kind::Int:
    case Kind::F32:
    case Kind::F64: return true;
    default: return false;
    }
}

// Whether step `in` gives its item at any position q as start + step·q, so a reader that reads it
// by position computes the items it reads and the step is never stored: an Iota (0 + q, or
// downward count-1 - q). Sets start and step; false for any other step.
inline bool affine_items(const Instr& in, int64_t& start, int64_t& step) {
    if (in.step != graph::Step::Iota) return false;
    bool down = in.params[1] < 0;
    start = down ? in.params[0] - 1 : 0;
    step = down ? -1 : 1;
    return true;
}
inline bool is_affine(const Instr& in) {
    int64_t start, step;
    return affine_items(in, start, step);
}

// Whether step c of program p reads its sources by position from steps with affine items, so a
// block stage computes what it reads there: a Copy (its operand through its mapping, the fill
// where it pads), or a Gather whose every source has affine items (at its index, the fill at -1).
// Such a read needs its sources neither stored nor run in the reader's stage.
inline bool reads_at_positions(const Program& p, const Instr& c) {
    auto affine = [&](int32_t r) { return r >= 0 && is_affine(p.steps[static_cast<size_t>(r)]); };
    if (c.step == graph::Step::Copy) return affine(c.operands[0]);
    if (c.step != graph::Step::Gather || c.operands.size() < 2) return false;
    for (size_t s = 0; s + 1 < c.operands.size(); s++)
        if (!affine(c.operands[s])) return false;
    return true;
}
// Whether operand j of such a step is one of its sources (not a Gather's index, its last).
inline bool is_source(const Instr& c, size_t j) {
    return c.step == graph::Step::Copy ? j == 0 : j + 1 < c.operands.size();
}

// Runs block stage `st` of `plan`: reads operands outside the stage from `results` (earlier
// stages' stored results) and `inputs`, and returns the root's stored result. Never throws;
// data errors go to `slot`. The caller has checked the memory limit for the root's result.
// Adds to `compiled` the compiled segments (compile.h) the run used.
value::Value run_block(const Plan& plan, const Stage& st, const std::vector<value::Value>& results,
                       const std::vector<value::Value>& inputs, math::ErrorSlot& slot, uint64_t& compiled);

} // namespace bpl::program
