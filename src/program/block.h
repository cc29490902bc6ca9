// Block stages: a fused stage's steps run a block of items at a time (block.cpp).
#pragma once

#include "program/plan.h"

namespace bpl::program {

// Items a block stage computes per block: the few live block buffers of a stage (4 KiB each in
// float64) fit L1 beside the operands streaming in; 1024 spilled the longer chains' buffers.
inline constexpr int64_t BLOCK_ITEMS = 512;

// Runs block stage `st` of `plan`: reads operands outside the stage from `results` (earlier
// stages' stored results) and `inputs`, and returns the root's stored result. Never throws;
// data errors go to `slot`. The caller has checked the memory limit for the root's result.
value::Value run_block(const Plan& plan, const Stage& st, const std::vector<value::Value>& results,
                       const std::vector<value::Value>& inputs, math::ErrorSlot& slot);

} // namespace bpl::program
