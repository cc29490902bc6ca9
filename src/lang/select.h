// Selective assignment and f@positions (language.md §5, operators-and-system.md §14): into a
// flat array through its positions (a pending read of an Iota) and one write at the positions
// a selection of them gives; into nested arrays through a tree of positions shaped like the
// target at every depth, so selections that reach inside items (`(2↑¨a)←'*'`, `(↑¨a)←…`,
// `(∊a)`, `(1⊃0⊃a)←9`) name the atoms and items they reach.
#pragma once

#include "math/kernel.h"
#include "value/value.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

namespace bpl::value {
class ArrayData;
}

namespace bpl::lang {

using value::Value;

// The target's positions at every depth: `tree` has the target's structure, each atom replaced
// by its number (from 1; 0 is fill, which writes nothing). A path is the ravel positions from
// the target down to an atom or an item.
struct DeepPositions {
    Value tree;
    std::vector<std::vector<int64_t>> atoms; // atom number − 1 → its path
    std::unordered_map<const value::ArrayData*, std::vector<int64_t>> items; // the tree's sub-arrays → path
};

// A flat array's positions: `cur`'s ravel positions counted from 1 (0 is fill, which writes
// nothing), shaped and keyed as `cur`, as a pending read of an Iota (1↓⍳n+1), so a selection
// made on them is a read of the Iota at the positions it selects, not an n-item host array; an
// atom's is 1.
Value flat_positions(const Value& cur);
// The positions a selection of flat_positions(cur) gave (`where`, read: an atom or an array of
// them) as a compact Int vector of their ravel, each checked within 0..n (n: cur's count): DOMAIN
// when one is not such a position, before anything is written.
Value checked_positions(const Value& where, int64_t n);
// What a flat write puts at each position: `unit`, the value itself at every one (an array there
// nests), else the values' items, one per position in order (the caller has checked the count).
struct Written {
    Value values;
    bool unit;
};
// `cur` (a flat array) with `x` written at `positions` (checked_positions'; 0 writes nothing),
// keeping cur's keys: a replacing write keeps the last value of a repeated position; with `each`,
// every write (every repeat in turn) puts each(item there, value written), and `accumulate` is
// the primitive that does so on native items. A native array takes the write as one At node
// (prim::write_at), whatever the number of positions; boxed and mixed ones the host loop.
Value write_flat(const Value& cur, const Value& positions, const Written& x, std::optional<math::Fn> accumulate,
                 const std::function<Value(const Value&, const Value&)>& each);
// Whether `cur` holds an array as an item (the case the tree serves; a flat array's positions
// are its ravel positions).
bool holds_arrays(const Value& cur);
// The tree of `cur` (read).
DeepPositions deep_positions(const Value& cur);
// `cur` with `now` written where `where` (the selection run on the tree) lands: an atom's number
// takes the value there; one of the tree's sub-arrays is replaced whole; another array pairs
// its items with `now`'s (a unit or atom `now` goes to every item). Errors change nothing:
// LENGTH when the shapes differ, DOMAIN when the selection holds what is not a position.
// `items` (f@g's rule): `where` itself is the list of what is written, even when it is one item.
Value write_deep(const Value& cur, const DeepPositions& at, const Value& where, const Value& now, bool items);

} // namespace bpl::lang
