// Host cell helpers for the language's host loops (generic reduce and scan, each, bracket rows,
// destructuring): items, major cells and assembly of cells into one array. These read their
// arguments (an observation at the host boundary).
#pragma once

#include "value/value.h"

#include <vector>

namespace bpl::lang {

using value::Value;

// The items of v in ravel order (an atom is its own one item). Reads v.
std::vector<Value> items_of(const Value& v);
// The major cells of v (items of a vector; rows of a matrix as vectors; an atom or scalar gives
// itself). Reads v.
std::vector<Value> major_cells(const Value& v);
// One array whose major cells are `cells` (§3.3 rows): lower-rank cells gain leading unit axes,
// shorter cells are padded with their fill. An empty list gives ⍬.
Value assemble(const std::vector<Value>& cells);
// A vector of the values (normalising, no padding).
Value vector_of(std::vector<Value> items);

} // namespace bpl::lang
