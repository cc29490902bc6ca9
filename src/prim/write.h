// Writes into native arrays as one At node (write.cpp).
#pragma once

#include "math/kernel.h"
#include "value/value.h"

#include <optional>

namespace bpl::prim {

// `target` with `values` written at `positions` (ravel positions counted from 1, as a native Int
// array the caller has read and checked: each within 0..≢,target, 0 writing nothing); `values`
// has one item per position or is a unit. With `accumulate`, each position becomes
// accumulate(old, new), every repeat in turn. The result's kind joins the target's and the
// values'. nullopt when the write needs the host route (boxed or mixed items). Never throws
// for checked positions.
std::optional<value::Value> write_at(const value::Value& target, const value::Value& positions,
                                     const value::Value& values, std::optional<math::Fn> accumulate);

} // namespace bpl::prim
