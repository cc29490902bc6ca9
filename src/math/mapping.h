// Mapping: an affine read plan. It maps each result position (ravel order over its axes) to a
// source item offset, or to the fill. The Copy step reads its operand through one; composing two
// keeps a chain of rearrangements one read of the leaf.
#pragma once

#include "number/kind.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace bpl::math {

using number::Kind;

// One source coordinate reached through a mode. Its coordinate at result multi-index c is
// q = start + Σ coef[j]·c[j]; Wrap reads (q mod extent)·stride, Pad reads q·stride when
// 0 ≤ q < extent and the fill otherwise.
struct Bound {
    enum class Mode : uint8_t { Wrap, Pad };
    Mode mode = Mode::Pad;
    int64_t start = 0;
    int64_t extent = 0;
    int64_t stride = 0;        // source items per coordinate step
    std::vector<int64_t> coef; // one per result axis of the mapping
    bool operator==(const Bound&) const = default;
};

// The source offset of result multi-index c is offset + Σ stride[j]·c[j] plus each bound's part.
// The axes factor the result's ravel order (they need not be the result's shape: a cycling
// reshape is one wrapped axis). Constructors and composed() return normalized mappings:
// length-1 axes dropped, adjacent axes that walk as one merged, bounds that never leave their
// range made plain; so equal reads have equal mappings (and equal encodings).
struct Mapping {
    std::vector<int64_t> length; // result axes
    std::vector<int64_t> stride; // plain source stride per result axis (0: broadcast)
    int64_t offset = 0;
    std::vector<Bound> bounds;
    bool operator==(const Mapping&) const = default;

    int64_t count() const;

    // --- constructors (shapes are the source's row-major axes) ---
    // result item i reads source item i
    static Mapping identity(int64_t count);
    // ravel/⍴: n result items from m source items, cycling when n > m (all fill when m = 0)
    static Mapping reshape(int64_t m, int64_t n);
    // explicit axes: lengths, plain strides and offset
    static Mapping strided(std::vector<int64_t> lengths, std::vector<int64_t> strides, int64_t offset);
    // every item is the fill
    static Mapping fill(int64_t n);
    // reversed along `axis`
    static Mapping reverse(const std::vector<int64_t>& shape, size_t axis);
    // rotated left by k along `axis` (k any integer)
    static Mapping rotate(const std::vector<int64_t>& shape, size_t axis, int64_t k);
    // dyadic ⍉: source axis i goes to result axis assign[i]; repeated result axes take the
    // diagonal (their length is the shortest). The result shape is written to `result`.
    static Mapping reorder(const std::vector<int64_t>& shape, const std::vector<int64_t>& assign,
                           std::vector<int64_t>& result);
    // take/drop: result axis j reads source coordinate start[j] + c[j]; outside: the fill
    static Mapping window(const std::vector<int64_t>& shape, const std::vector<int64_t>& start,
                          const std::vector<int64_t>& result);
    // leading-axis agreement: `shape` read along `result` (a length-1 axis stretched, missing
    // trailing axes broadcast)
    static Mapping stretch(const std::vector<int64_t>& shape, const std::vector<int64_t>& result);

    // This mapping read over `source_map`'s result: one mapping of source_map's source, or
    // nothing where the composition is not affine (a wrapped or padded coordinate of one feeding
    // a bound of the other, or a stride that crosses the source map's axes).
    std::optional<Mapping> composed(const Mapping& source_map) const;

    // The source item offset result item i (ravel order, 0 ≤ i < count()) reads, or -1 where it
    // reads the fill: one item of the read copy() makes, without making the others.
    int64_t source_of(int64_t i) const;

    // Whether every run of w consecutive result items lies along the innermost axis (its length
    // a multiple of w), so that slice(w, k) is one mapping.
    bool slices_by(int64_t w) const;
    // The k-th item of each run of w consecutive result items (0 ≤ k < w; slices_by(w)): result
    // item i reads this mapping's item i·w + k. A fold along a last axis of length w reads its
    // operand's Copy as these w slices (a sliding fold).
    Mapping slice(int64_t w, int64_t k) const;

    // The items a block of a block stage should be a multiple of (from a multiple of it) for
    // this read to be fast: whole runs of rows of a tiled transpose (a single row of one reads
    // a strided column, several times slower), else 1.
    int64_t block_quantum() const;

    // Rewrites into normal form (constructors and composed() call it).
    void normalize();

    // A flat integer encoding (graph Origin params) and back; decode reads from p[at].
    void encode(std::vector<int64_t>& out) const;
    static Mapping decode(const int64_t* p, size_t n);
};

// The row-major strides (in items) of `shape`.
std::vector<int64_t> row_major(const std::vector<int64_t>& shape);

// Writes result items [first, first+n) (ravel order) of kind k read through m from src (items
// of kind k) to out; `fill` is one item of kind k. Runs of the innermost axis are copied as
// memcpy, reversed or strided runs; whole planes of a transposed pair of axes are cache-tiled.
void copy(const Mapping& m, Kind k, const void* src, void* out, int64_t first, int64_t n,
          const void* fill);
// The same read of a source that is never stored: its item at offset q is start + step·q (an
// Iota's items), computed at the offsets m reads; `fill` where m pads. Items as copy would read
// them from the stored source, bit for bit.
void copy_affine(const Mapping& m, int64_t start, int64_t step, int64_t* out, int64_t first, int64_t n,
                 int64_t fill);

} // namespace bpl::math
