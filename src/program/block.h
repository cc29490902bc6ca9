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

// Runs block stage `st` of `plan`: reads operands outside the stage from `results` (earlier
// stages' stored results) and `inputs`, and returns the root's stored result. Never throws;
// data errors go to `slot`. The caller has checked the memory limit for the root's result.
// Adds to `compiled` the compiled segments (compile.h) the run used.
value::Value run_block(const Plan& plan, const Stage& st, const std::vector<value::Value>& results,
                       const std::vector<value::Value>& inputs, math::ErrorSlot& slot, uint64_t& compiled);

} // namespace bpl::program
