// (internal) The one home of sorting and grading compact buffers: grade (the stable permutation)
// and sort (the items in that order) of n cells of `cell` items, by structural order (functions.md
// §0.7, §5): numbers by value with no tolerance, ¯0 equal to 0, NaN after all numbers and equal to
// every NaN; complex items by real then imaginary part; characters by code point; cells
// lexicographically by item. Descending orders are stable too (ties keep their order).
//
// Each item becomes an unsigned key whose order is that order (a float's sign-magnitude bits
// flipped to two's-complement order, ¯0 and every NaN made one key first; descending: the key
// complemented). Long operands sort their keys by LSD radix, 8 bits a pass, skipping each pass
// whose digit is the same for all (cells of more than 16 key bytes: radix on the first word, then
// a comparison sort within each run of ties); short ones by a comparison sort of the keys with
// the position as the last key. search.cpp's run_routine hands GradeUp, GradeDown,
// SortUp and SortDown here.
#pragma once

#include "number/kind.h"

#include <cstdint>

namespace bpl::math {

// The operands below this many cells take the comparison sort (a radix pass costs its 256-bucket
// histogram however short the operand is).
constexpr int64_t SORT_SHORT = 512;

// out[0..n): the stable ascending (down: descending) permutation of a's n cells of kind k.
void grade(number::Kind k, const void* a, int64_t n, int64_t cell, bool down, int64_t* out);
// out: a's n × cell items of kind k with the cells in grade's order (a and out do not overlap).
void sort(number::Kind k, const void* a, int64_t n, int64_t cell, bool down, void* out);

} // namespace bpl::math
