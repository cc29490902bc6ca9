// Match (≡) and tolerant number equality: the one home of value equality.
#pragma once

#include "value/value.h"

namespace bpl::value {

// The comparison tolerance (relative) for approximate numbers (language.md §10.4).
inline constexpr double COMPARISON_TOLERANCE = 1e-14;

// Tolerant equality of two numbers: exact when both are integers, else |a-b| ≤ ct·max(|a|,|b|).
bool tolerant_equal(double a, double b);

// ≡: same shape, same nesting, equal items (numbers tolerantly, of any real kind), same
// prototype kind class for empty arrays. Reads pending values (a checkpoint).
bool match(const Value& a, const Value& b);

// Structural order (functions.md §0.7; grade, sort): numbers < characters < arrays; numbers by
// value with NaN after all; characters by code point; arrays by rank, then ravel
// lexicographically, then shape. No tolerance. Throws DOMAIN ERROR when it reaches a function.
int compare(const Value& a, const Value& b);

// Depth (≡ monadic): 0 for atoms, 1 + the deepest item for arrays.
int64_t depth(const Value& v);

} // namespace bpl::value
