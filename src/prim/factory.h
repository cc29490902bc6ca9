// The row factory's shared pieces: kind rules for a call's operands, agreement, conversions,
// reading integer parameters, and building Map/Gather nodes. Used only by prim's rows.
#pragma once

#include "graph/node.h"
#include "math/mapping.h"
#include "prim/prim.h"

#include <vector>

namespace bpl::math {
enum class Routine : uint8_t; // math/search.h
} // namespace bpl::math

namespace bpl::prim {

using number::Kind;
using value::Desc;
using value::Shape;

// Whether every item of a stored weak value is integral (a literal, so this reads no graph;
// false for a pending value).
bool is_integral(const Value& x);
// The kind a weak operand x takes beside `partner` (D3, through number::join); x's own kind when
// x is strong.
Kind effective_kind(const Value& x, const Value& partner);
// x converted to kind k: an atom directly, anything else through a Convert node.
Value convert_to(const Value& x, Kind k);

// Leading-axis agreement of two shapes (functions.md §0.3); throws LENGTH ERROR.
Shape agree(const Shape& a, const Shape& b);

// The integers of a parameter operand (a count, a shape, positions): an observing read.
// Floats must be within tolerance of an integer; anything else is a DOMAIN ERROR.
std::vector<int64_t> read_ints(const Value& v);
int64_t read_int(const Value& v);

// The one node constructor call for every prim row (installs the reader first).
Value build(graph::Origin&& origin, Desc&& desc);
// A Call node: math's routine r over `operands` read as items of kind k, `cell` items to an
// operand's cell, with result `out`. Never throws.
Value routine(math::Routine r, Kind k, std::vector<Value> operands, int64_t cell, Desc out);

// Selects items of `src` by ravel positions `idx` (-1: fill) into shape `shape`: a Gather node
// for a native source, a host selection for a boxed one. `atom`: the result is one atom.
Value gather(const Value& src, Shape shape, std::vector<int64_t> idx, bool atom = false);
// Same over several sources that share one index space (catenation).
Value gather_many(const std::vector<Value>& srcs, Shape shape, std::vector<int64_t> idx);
// A joined along one axis (catenation, lamination) into `shape`: `rows` rows, each A's run of
// run_a items then W's run of run_w (a unit's one item repeated): a Join node of native
// operands (converted to their assembled kind), else a host selection of the same items.
Value join(const Value& a, const Value& w, Shape shape, int64_t rows, int64_t run_a, int64_t run_w);

// Reads `src` through the affine mapping m into `shape` (`atom`: the result is one atom): a Copy
// node for a native source, composed with src's own mapping when src is a pending Copy (so a
// chain of rearrangements is one read of its leaf); a host selection for a boxed source.
// Never reads a native source.
Value copy(const Value& src, math::Mapping m, Shape shape, bool atom = false);

// An empty vector with room for the host positions of a result of n items (a gather's idx, a
// replicate's cells). Before any is made, n is checked against MAX_ITEMS and their memory (with
// the Gather's array of them) against the memory limit, so a runaway count is a LIMIT ERROR
// before it takes memory or time. Loops that fill it call base::poll_interrupt.
std::vector<int64_t> reserve_positions(int64_t n);

// Selects major cells of w by position (-1: a cell of fill) into a frame of `frame` cells.
Value select_cells(const Value& w, const std::vector<int64_t>& cells, Shape frame);

[[noreturn]] void fail(base::ErrorKind kind, const char* message);

// The most items a result may have (functions.md open point 11: 10⁹, from 1000000001⍴1).
inline constexpr int64_t MAX_ITEMS = 1000000000;
// Throws LIMIT ERROR when a result of n items would exceed MAX_ITEMS.
void check_count(int64_t n);

} // namespace bpl::prim
