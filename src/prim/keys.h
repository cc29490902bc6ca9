// Keys in the selection rows: a key selector read as a position (prim/keys.cpp, which also holds
// the `:` row's rules).
#pragma once

#include "base/ref.h"
#include "prim/prim.h"
#include "value/layout.h"
#include "value/value.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace bpl::prim {

using value::Value;

// The key a value spells: a string (character vector), a character, or either enclosed; nullopt
// for anything else (a number, a nested vector).
std::optional<std::string> key_text(const Value& k);
// The position of key `sel` on axis `axis` of w; nullopt when sel is not a key. INDEX ERROR
// when w has no such key there.
std::optional<int64_t> key_position(const Value& sel, const Value& w, int64_t axis);
// A selector of one key or position per leading axis with at least one key (`"bob"`, `"bob" 0`)
// as positions; nullopt when it holds no key.
std::optional<std::vector<int64_t>> key_positions(const Value& sel, const Value& w);

// An array-valued coordinate field of P⊃Y for axis `axis` with its keys as positions there (same
// shape); the field as it is when it holds no key. INDEX ERROR for a missing key.
Value field_positions(const Value& field, const Value& w, int64_t axis);

// I⌷Y with keys (§11.2): a key or position per leading axis (one removes the axis), a vector
// of keys or positions keeps it with the keys it selects, ∞ keeps it whole; the selection is
// `plain` (⌷ by positions) on the unlabelled Y. Nullopt when neither I holds a key nor Y has a
// layout. Missing key: INDEX ERROR; a keyed position selected twice: DOMAIN ERROR.
std::optional<Value> keyed_squad(const Value& sel, const Value& w,
                                 Value (*plain)(const Value&, const Value&));
// The layout of Y's axes after its first k (what selecting k leading positions leaves).
base::Ref<const value::Layout> after_axes(const Value& w, int64_t k);

// Assignment through a dot path (language.md §11.4): `root` with the item at `path` (one key per
// level, from the root) replaced by update(old item) (nullopt: the key is missing). A missing key
// is appended (the vector's other positions keep theirs; an unkeyed vector's old positions stay
// without keys), and a missing level along the path starts as the empty record. Descending into
// a value that is not a vector is RANK ERROR. Builds the new value; changes nothing on error.
using PathUpdate = std::function<Value(const std::optional<Value>& old)>;
Value assign_path(const Value& root, const std::vector<std::string>& path, size_t level,
                  const PathUpdate& update);

// For a plain assignment through `sel⌷Y` (§11.4): Y with the keys sel names (a key, or per
// leading axis a key or a vector holding keys) that Y lacks appended to their axes, new cells
// starting as the prototype; on an unkeyed axis the new position gets a key, the old ones none.
// Nullopt when sel names no missing key.
std::optional<Value> grow_keys(const Value& sel, const Value& w);

// One step of a selection chain, read from the selected name outward: `sel⌷` or `sel⊃`.
struct KeyStep {
    bool pick;
    Value sel;
};
// For a plain assignment through a chain of such steps (`("r"⌷T.data)←…`, `T.[1].cc←…`): w
// with the keys each step names that its array lacks appended (grow_keys; a pick by one key
// only), an inner step's inside the item its outer step selects by one key or position of a
// vector. Nullopt when no key is missing.
std::optional<Value> grow_path(const Value& w, const std::vector<KeyStep>& steps, size_t k);

// The right side of an assignment to a keyed vector selection `sel`, aligned to its keys
// (§11.4): v's items in the order of sel's keys (extra keys ignored, a missing one INDEX ERROR).
// v as it is when either side is unkeyed (then by position) or sel is a unit.
Value align_to(const Value& sel, const Value& v);

// The result r of row p's host rule, labelled from its arguments' labels by the row's layout
// rule (keys.cpp's table: ⌽ ⊖ ⍉ ↑ ↓ , # ⍴); r as it is for rows without one or unlabelled
// arguments. `a` is null for a monadic call.
Value labelled_result(Prim p, const Value* a, const Value& w, Value r);

// A reduction's result r of w along `axis`: w's labels on the axes left (the reduced one goes;
// a renderer does not survive a reduction, §22). r as it is when w is unlabelled or r does not
// have one axis fewer.
Value reduced_labels(const Value& w, Value r, int64_t axis);

// The positions r into the keyed leading axis of `searched` as its keys (grades, searches, ⌸'s
// groups): result number p names position p + offset; a position outside the axis or without a
// key stays a number (⍳'s not-found, ⍸'s 0); coordinate vectors (⍸ of a matrix) name a key per
// axis. Labelled by `labels` (null: none). r when nothing is keyed.
Value as_keys(const Value& r, const Value& searched, int64_t offset, const value::Layout* labels);

// The axes an axis specification names (`⍠"month"`, `⍠"a" 1`, §11.5): each name found among
// the axis names of w (else of a), each number as it is; nullopt when spec holds no name.
// DOMAIN ERROR for a name no axis has.
std::optional<std::vector<int64_t>> named_axes(const Value& spec, const Value& w, const Value* a);

// v with layout l (null: none) without reading it: a stored array shares its items, a pending
// value becomes the same step under a description that carries l (its stored result gets l).
Value relabel(const Value& v, base::Ref<const value::Layout> l);

// Agreement by key and by axis name for a pervasive dyad (language.md §11.3, §11.5; agree.cpp).
// Axes pair by position, or, when both arguments name axes, by name (equal names wherever they
// are, then the unnamed axes in leading order; an unpaired axis broadcasts over a unit axis of
// the argument lacking it). On each pair of keyed axes the result lists the left's keys, then
// keys only the right has, a missing entry reading its array's fill; against an unkeyed axis
// agreement is positional, and a keyed singleton stretches and loses its key. Each argument is
// read through one selection planned from the two layouts (none when its axes stay as they
// are, e.g. one shared layout); `plain` (which ignores the arguments' own labels) is applied
// to the aligned arguments and the result labelled. `frame` >= 0 (the rank operator's frames):
// only the first `frame` axes pair, by position, and only they are labelled.
using PlainDyad = std::function<Value(const Value&, const Value&)>;
Value keyed_dyad(const Value& a, const Value& w, const PlainDyad& plain, int64_t frame = -1);

// X,Y and X⍪Y of equal ranks (2 or more), both labelled (§11.3): a and w with the keyed axes
// they are not joined along aligned by key (the left's keys, then the right's others, fill where
// one lacks an entry), each read through one selection, so the join's layout rule concatenates
// the joined axis's keys and keeps the others. `first`: joined along the first axis, else the
// last. Unchanged when nothing moves.
void align_for_join(Value& a, Value& w, bool first);
// The rows that join along an axis (the layout table's column): their arguments aligned on the
// other axes before the host rule runs (prim::call).
void aligned_for_row(Prim p, Value& a, Value& w);

// K:⍠A Y and :⍠A Y (§11.1): keys K (one key vector per listed axis; a single listed axis may
// take its vector directly) on axes A of Y, or those axes' keys removed (names stay). `k` null:
// remove. The axes resolved already (nonnegative, in range, not repeated).
Value keys_along(const Value* k, const std::vector<int64_t>& axes, const Value& w);
// ⍳⍠A Y (functions.md §8.1): the keys of axis A of Y, a position's own number where it has
// none; a vector of such vectors for several listed axes.
Value keys_of_axes(const std::vector<int64_t>& axes, const Value& w);

// Shared by keys.cpp and agree.cpp: the renderer a result of arguments with layouts la and lw
// keeps (§22); labels l on a result of `rank` axes with `renderer`; l widened or cut to `rank`
// axes; whether p is 0 1 … n-1.
Value shared_renderer(const value::Layout* la, const value::Layout* lw);
base::Ref<const value::Layout> rendered(base::Ref<const value::Layout> l, int64_t rank, const Value& renderer);
base::Ref<const value::Layout> fit(const value::Layout* l, int64_t rank);
bool is_identity(const std::vector<int64_t>& p, int64_t n);

} // namespace bpl::prim
