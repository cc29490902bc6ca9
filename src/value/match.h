// Match (≡) and tolerant number equality: the one home of value equality.
#pragma once

#include "value/value.h"

namespace bpl::value {

// Tolerant equality of two numbers: exact when both are integers, else |a-b| ≤ CT·max(|a|,|b|)
// (math::CT, the comparison tolerance).
bool tolerant_equal(double a, double b);
// Tolerant equality of two complex numbers given as parts: the magnitude of the difference
// against ct times the larger magnitude; a number with an infinite or NaN part equals only an
// identical one.
bool tolerant_equal(double a_re, double a_im, double b_re, double b_im);

// ≡: same shape, same nesting, equal items (numbers tolerantly, of any kind, complex compared
// with real by value; exact numbers exactly unless a float takes part), same
// prototype kind class for empty arrays. Reads pending values (a checkpoint).
bool match(const Value& a, const Value& b);

// Structural order (functions.md §0.7; grade, sort): numbers < characters < arrays; numbers by
// value with NaN after all (complex by real part, then imaginary part; an exact number against a
// float's stored value exactly); characters by code point; arrays by rank, then ravel
// lexicographically, then shape. No tolerance. Throws DOMAIN ERROR when it reaches a function.
int compare(const Value& a, const Value& b);

// Depth (≡ monadic): 0 for atoms, 1 + the deepest item for arrays.
int64_t depth(const Value& v);

} // namespace bpl::value
