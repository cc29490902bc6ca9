// Structural rows: shape facts, reshaping, selection and rearrangement. A rearrangement whose
// positions are affine in the result's (`⌽ ⊖ ⍉ ↑ ↓ ⍴ , ⍪ ⊃ ↕ ⌷`) is one Copy through a
// math::Mapping, built from shapes alone (no index vector); positions the data decides
// (replicate, partitions, per-vector rotation counts, chosen coordinates) and joins select
// through one Gather (native) or a host selection (boxed).
#include "prim/rows.h"

#include "base/interrupt.h"
#include "base/stack.h"
#include "prim/factory.h"
#include "prim/keys.h"
#include "program/plan.h"
#include "value/array.h"
#include "value/match.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace bpl::prim {

using base::ErrorKind;
using value::ArrayData;

namespace {

Value int_vector(const std::vector<int64_t>& xs) {
    auto a = ArrayData::compact(Kind::Int, {static_cast<int64_t>(xs.size())});
    std::copy(xs.begin(), xs.end(), a->items_as<int64_t>());
    return Value::array(std::move(a));
}

// Calls f(coord) for every position of `shape` in ravel order.
template <class F>
void each_position(const Shape& shape, F f) {
    int64_t n = value::count_of(shape);
    std::vector<int64_t> c(shape.size(), 0);
    for (int64_t i = 0; i < n; i++) {
        f(c);
        for (size_t j = shape.size(); j-- > 0;) {
            if (++c[j] < shape[j]) break;
            c[j] = 0;
        }
    }
}

// --- shape facts (descriptions only: nothing is read) ---

Value shape_of(const Value& w) { return int_vector(w.shape()); }

Value tally(const Value& w) {
    Shape s = w.shape();
    return Value::integer(s.empty() ? 1 : s[0]);
}

Value depth(const Value& w) { return Value::integer(value::depth(w)); }
Value same(const Value& a, const Value& w) { return Value::boolean(value::match(a, w)); }
Value not_same(const Value& a, const Value& w) { return Value::boolean(!value::match(a, w)); }

Value left(const Value& a, const Value&) { return a; }
Value right(const Value& w) { return w; }
Value right2(const Value&, const Value& w) { return w; }
Value identity(const Value& w) { return w; }

// --- generators ---

// |x| as a length; |INT64_MIN| does not fit, and no count that large passes check_count anyway.
// (In unsigned arithmetic: GCC 12 folded `x == INT64_MIN ? INT64_MAX : llabs(x)` to llabs(x).)
int64_t length_of(int64_t x) {
    uint64_t u = x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
    return u > static_cast<uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(u);
}

Value iota(const Value& w) {
    std::vector<int64_t> n = read_ints(w);
    if (n.size() == 1) {
        int64_t m = length_of(n[0]);
        check_count(m);
        graph::Origin o;
        o.step = graph::Step::Iota;
        o.compute = Kind::Int;
        o.params = {m, n[0] < 0 ? -1 : 1};
        return build(std::move(o), Desc{Kind::Int, false, false, {m}});
    }
    // A vector of lengths: an array of coordinate vectors (host, nested).
    Shape shape;
    for (int64_t x : n) shape.push_back(length_of(x));
    int64_t count = value::count_of(shape);
    check_count(count);
    // One host array per position: their memory is checked before any is made, and a long
    // build stops at an interrupt.
    program::check_memory(count * static_cast<int64_t>(256 + 8 * n.size())); // an ArrayData, its shape and items
    std::vector<Value> items;
    items.reserve(static_cast<size_t>(count));
    each_position(shape, [&](const std::vector<int64_t>& c) {
        base::poll_interrupt(items.size());
        std::vector<int64_t> coord(c.size());
        for (size_t j = 0; j < c.size(); j++) coord[j] = n[j] < 0 ? shape[j] - 1 - c[j] : c[j];
        items.push_back(int_vector(coord));
    });
    return value::make_array(shape, std::move(items), int_vector(std::vector<int64_t>(n.size(), 0)));
}

// --- ↦ range (functions.md §8.2) ---

// An item of an argument of ↦, read: a real number or a character (complex and exact numbers,
// nested arrays and functions are DOMAIN ERRORs).
Value range_item(const Value& v) {
    if (v.is_complex()) fail(ErrorKind::Domain, "a range of complex numbers");
    if (v.is_exact()) fail(ErrorKind::Nonce, "ranges of exact (ᵣ) numbers are not supported yet");
    if (!v.is_number() && !v.is_char()) fail(ErrorKind::Domain, "a range counts numbers or characters");
    if (v.is_number() && !std::isfinite(v.as_f64())) fail(ErrorKind::Domain, "a range needs a finite end");
    return v;
}

// The whole steps in `span` (≥ 0), taken as whole within the comparison tolerance.
int64_t whole_steps(double span) {
    double f = std::floor(span);
    if (f != span && value::tolerant_equal(f + 1, span)) f += 1;
    if (f >= static_cast<double>(MAX_ITEMS)) check_count(MAX_ITEMS + 1);
    return static_cast<int64_t>(f);
}

// `count` items from the atom `start`, each start plus (or, `down`, minus) an exact count, in
// kind k (characters count through code points).
Value counted_from(const Value& start, Kind k, int64_t count, bool down) {
    check_count(count);
    graph::Origin o;
    o.step = graph::Step::Iota;
    o.compute = Kind::Int;
    o.params = {count, 1};
    Value steps = build(std::move(o), Desc{Kind::Int, false, false, {count}});
    bool chars = start.is_char();
    if (chars) k = Kind::Int;
    Value from = chars ? Value::integer(static_cast<int64_t>(start.as_char())) : convert_to(start, k);
    Value r = call(down ? Prim::Minus : Prim::Plus, from, convert_to(steps, k));
    return chars ? convert_to(r, Kind::Char) : r;
}

// X↦Y for two read atoms.
Value range_of(const Value& x, const Value& y) {
    range_item(x), range_item(y);
    if (x.is_char() != y.is_char()) fail(ErrorKind::Domain, "a range can't mix characters and numbers");
    double a = x.is_char() ? x.as_char() : x.as_f64(), b = y.is_char() ? y.as_char() : y.as_f64();
    int64_t steps;
    if (x.is_char() || (!number::is_float(x.kind()) && !number::is_float(y.kind()))) {
        // integers (code points too): the span exactly, not through a double
        __int128 span = static_cast<__int128>(x.is_char() ? y.as_char() : y.as_i64()) -
                        (x.is_char() ? x.as_char() : x.as_i64());
        if (span < 0) span = -span;
        if (span >= MAX_ITEMS) check_count(MAX_ITEMS + 1);
        steps = static_cast<int64_t>(span);
    } else {
        steps = whole_steps(std::fabs(b - a));
    }
    // the kind follows X's, a weak X taking Y's as a literal does (D3: 1↦5ₓ is integer)
    return counted_from(x, x.is_char() ? Kind::Char : effective_kind(x, y), steps + 1, b < a);
}

// ↦N for one read atom: 1…N, or ¯1…N downward, ⌊|N items in N's kind.
Value range_to(const Value& n) {
    range_item(n);
    if (n.is_char()) fail(ErrorKind::Domain, "monadic range counts numbers");
    double v = n.as_f64();
    bool down = v < 0;
    return counted_from(Value::integer(down ? -1 : 1), n.kind(), whole_steps(std::fabs(v)), down);
}

// Ranges over a frame of items (ranks 0 0), each a vector, assembled with fill into frame ,
// the longest range.
Value assemble_ranges(const Shape& frame, const std::vector<Value>& parts) {
    int64_t longest = 0;
    for (const Value& p : parts) longest = std::max(longest, p.count());
    Shape shape = frame;
    shape.push_back(longest);
    std::vector<int64_t> idx = reserve_positions(value::count_of(shape));
    if (parts.empty()) return gather(Value::integer(0), std::move(shape), {});
    int64_t offset = 0;
    for (const Value& p : parts) {
        base::poll_interrupt(idx.size());
        for (int64_t j = 0; j < longest; j++) idx.push_back(j < p.count() ? offset + j : -1);
        offset += p.count();
    }
    return gather_many(parts, std::move(shape), std::move(idx));
}

// The items of a read argument, one per position of `frame` (leading-axis agreement: an atom or
// a shorter shape repeats along the trailing axes).
std::vector<Value> items_over(const Value& v, const Shape& frame) {
    Value x = v.read();
    int64_t n = value::count_of(frame);
    program::check_memory(value::count_of({n, static_cast<int64_t>(sizeof(Value))})); // an atom beside 10⁸ items
    if (!x.is_stored_array()) return std::vector<Value>(static_cast<size_t>(n), x);
    const ArrayData& a = x.array_data();
    int64_t repeat = a.count() == 0 ? 1 : n / std::max<int64_t>(a.count(), 1);
    std::vector<Value> out;
    out.reserve(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; i++) out.push_back(a.item(i / std::max<int64_t>(repeat, 1)));
    return out;
}

Value range(const Value& a, const Value& w) {
    if (a.is_atom() && w.is_atom()) return range_of(a.read(), w.read());
    Shape frame = agree(a.shape(), w.shape());
    std::vector<Value> xs = items_over(a, frame), ys = items_over(w, frame), parts;
    for (size_t i = 0; i < xs.size(); i++) parts.push_back(range_of(xs[i], ys[i]));
    return assemble_ranges(frame, parts);
}

Value range_monadic(const Value& w) {
    if (w.is_atom()) return range_to(w.read());
    Shape frame = w.shape();
    std::vector<Value> ns = items_over(w, frame), parts;
    for (const Value& n : ns) parts.push_back(range_to(n));
    return assemble_ranges(frame, parts);
}

// --- reshaping ---

Value reshape(const Value& a, const Value& w) {
    std::vector<int64_t> s = read_ints(a);
    for (int64_t d : s)
        if (d < 0) fail(ErrorKind::Domain, "a shape's lengths are nonnegative");
    Shape shape(s.begin(), s.end());
    int64_t n = value::count_of(shape);
    check_count(n);
    return copy(w, math::Mapping::reshape(w.count(), n), std::move(shape));
}

Value ravel(const Value& w) {
    int64_t n = w.count();
    return copy(w, math::Mapping::identity(n), {n});
}

// X,Y: join along the last axis; a unit extends; rank one less is one slice.
Value catenate(const Value& a, const Value& w) {
    Shape sa = a.shape(), sw = w.shape();
    size_t rank = std::max({sa.size(), sw.size(), size_t{1}});
    auto slice_shape = [&](const Shape& s, bool& unit) {
        unit = s.empty();
        Shape t = s;
        if (!unit && s.size() + 1 == rank) t.push_back(1);
        return t;
    };
    bool ua, uw;
    Shape ta = slice_shape(sa, ua), tw = slice_shape(sw, uw);
    Shape frame;
    if (!ua) frame.assign(ta.begin(), ta.end() - 1);
    else if (!uw) frame.assign(tw.begin(), tw.end() - 1);
    if (!ua && !uw && !std::equal(ta.begin(), ta.end() - 1, tw.begin(), tw.end() - 1))
        fail(ErrorKind::Length, "catenated arrays' other axes must agree");
    if ((!ua && ta.size() != rank) || (!uw && tw.size() != rank))
        fail(ErrorKind::Rank, "catenated arrays' ranks differ by more than one");
    int64_t la = ua ? 1 : ta.back(), lw = uw ? 1 : tw.back();
    int64_t rows = value::count_of(frame);
    Shape shape = frame;
    shape.push_back(la + lw);
    return join(a, w, std::move(shape), rows, la, lw);
}

// --- rearranging along the last axis or all axes ---

Value reverse(const Value& w) {
    if (w.rank() == 0) return w;
    Shape s = w.shape();
    return copy(w, math::Mapping::reverse(s, s.size() - 1), s);
}

// N⌽Y: rotate each vector along the last axis left by its count; N is a unit or has the shape
// of Y without its last axis.
Value rotate(const Value& a, const Value& w) {
    std::vector<int64_t> ks = read_ints(a);
    if (w.rank() == 0) return w;
    Shape s = w.shape();
    int64_t len = s.back(), n = value::count_of(s), rows = len == 0 ? 0 : n / len;
    if (a.rank() > 0 && !(ks.size() == 1 && a.count() == 1)) {
        Shape frame(s.begin(), s.end() - 1);
        if (a.shape() != frame) fail(ErrorKind::Length, "one count per vector along the last axis");
    }
    if (ks.size() == 1) return copy(w, math::Mapping::rotate(s, s.size() - 1, ks[0]), s);
    // a count per vector: the counts decide the positions
    std::vector<int64_t> idx = reserve_positions(n);
    for (int64_t r = 0; r < rows; r++) {
        int64_t k = (ks[r] % len + len) % len; // reduced first: j + a count near INT64_MAX overflowed
        for (int64_t j = 0; j < len; j++) {
            base::poll_interrupt(idx.size());
            idx.push_back(r * len + (j + k) % len);
        }
    }
    return gather(w, s, std::move(idx));
}

Value transpose(const Value& w) {
    Shape s = w.shape();
    if (s.size() < 2) return w;
    std::vector<int64_t> assign(s.size());
    for (size_t i = 0; i < s.size(); i++) assign[i] = static_cast<int64_t>(s.size() - 1 - i);
    Shape r;
    math::Mapping m = math::Mapping::reorder(s, assign, r);
    return copy(w, std::move(m), std::move(r));
}

// A⍉Y: item i of A is the result axis receiving axis i of Y; Y's later axes fill the result
// axes A leaves out, in order; repeated result axes take the diagonal.
Value reorder(const Value& a, const Value& w) {
    std::vector<int64_t> order = read_ints(a);
    Shape s = w.shape();
    size_t n = s.size(), k = order.size();
    if (k > n) fail(ErrorKind::Rank, "more axes named than the array has");
    for (int64_t x : order)
        if (x < 0) fail(ErrorKind::Domain, "axes are nonnegative integers");
    std::vector<int64_t> named(order);
    std::sort(named.begin(), named.end());
    named.erase(std::unique(named.begin(), named.end()), named.end());
    int64_t rank = static_cast<int64_t>(n - (k - named.size()));
    std::vector<int64_t> assign(order);
    for (int64_t r = 0; r < rank && assign.size() < n; r++)
        if (!std::binary_search(named.begin(), named.end(), r)) assign.push_back(r);
    for (size_t i = 0; i < n; i++)
        if (assign[i] >= rank) fail(ErrorKind::Rank, "result axes must run from 0 without gaps");
    if (rank == 0) return w;
    Shape r_shape;
    math::Mapping m = math::Mapping::reorder(s, assign, r_shape);
    return copy(w, std::move(m), std::move(r_shape));
}

// --- take and drop: a window [start, start+len) on each leading axis, fill outside ---

// `s` is w's shape (a unit w: the shape of ones it acts as).
Value window(const Value& w, const Shape& s, const std::vector<int64_t>& start, const Shape& r) {
    return copy(w, math::Mapping::window(s, start, r), r);
}

// N↑Y and N↓Y: one count per leading axis (negative: from the end) chooses a window; a unit Y
// acts as an array of rank ≢N.
Value take_or_drop(const Value& a, const Value& w, bool take) {
    std::vector<int64_t> n = read_ints(a);
    if (n.empty() && w.rank() == 0) return w; // no counts: a unit stays itself (ngn:49)
    Shape s = w.shape();
    if (s.empty()) s.assign(n.size(), 1);
    if (n.size() > s.size()) fail(ErrorKind::Rank, "more counts than axes");
    Shape r = s;
    std::vector<int64_t> start(s.size(), 0);
    for (size_t j = 0; j < n.size(); j++) {
        if (take) {
            r[j] = std::llabs(n[j]);
            start[j] = n[j] < 0 ? s[j] + n[j] : 0;
        } else {
            r[j] = std::max<int64_t>(0, s[j] - std::llabs(n[j]));
            start[j] = n[j] > 0 ? n[j] : 0;
        }
    }
    check_count(value::count_of(r));
    return window(w, s, start, r);
}
Value take(const Value& a, const Value& w) { return take_or_drop(a, w, true); }
Value drop(const Value& a, const Value& w) { return take_or_drop(a, w, false); }

// ↑Y: the first major cell; a scalar's content; an atom itself.
Value first(const Value& w) {
    if (w.is_atom()) return w;
    Shape s = w.shape();
    if (s.empty()) return copy(w, math::Mapping::identity(1), {}, true);
    Shape cell(s.begin() + 1, s.end());
    int64_t n = value::count_of(cell);
    math::Mapping m = s[0] == 0 ? math::Mapping::fill(n) : math::Mapping::identity(n);
    return copy(w, std::move(m), cell, cell.empty());
}

// ↓Y: the vectors along the last axis, nested.
Value split(const Value& w) {
    if (w.is_atom() || w.rank() <= 1) return value::enclose(w);
    Shape s = w.shape();
    int64_t len = s.back();
    Shape frame(s.begin(), s.end() - 1);
    int64_t rows = value::count_of(frame);
    // one row value per frame position: an empty array's frame may count past 10⁹ (or past
    // int64) with no item in any row, so the rows are counted and their memory checked first
    check_count(rows);
    program::check_memory(rows * 256); // a pending copy each, as ⍳ of a shape counts its arrays
    std::vector<Value> items;
    for (int64_t r = 0; r < rows; r++) {
        base::poll_interrupt(static_cast<uint64_t>(r));
        items.push_back(copy(w, math::Mapping::strided({len}, {1}, r * len), {len}));
    }
    // no rows: the prototype is still a vector along the last axis, of fill (core:3849)
    Value proto = rows == 0 ? copy(w, math::Mapping::fill(len), {len}) : Value();
    return value::make_array(std::move(frame), std::move(items), proto);
}

Value enclose(const Value& w) {
    if (w.is_function()) fail(ErrorKind::Domain, "enclose a function with ᵘ");
    return value::enclose(w);
}

// ⊃Y: mix. A native array is already mixed; an atom becomes a scalar.
Value mix(const Value& w) {
    if (w.is_atom()) return value::enclose(w);
    if (w.is_native()) return w;
    const ArrayData& a = w.array_data();
    std::vector<Value> items;
    Shape cell;
    for (int64_t i = 0; i < a.count(); i++) {
        items.push_back(a.item(i));
        Shape s = items.back().shape();
        if (s.size() > cell.size()) cell.resize(s.size(), 0);
        for (size_t j = 0; j < s.size(); j++) cell[cell.size() - s.size() + j] =
            std::max(cell[cell.size() - s.size() + j], s[j]);
    }
    if (a.count() == 0) {
        Shape r = a.shape();
        Shape p = a.prototype().shape();
        r.insert(r.end(), p.begin(), p.end());
        // the result's items are the prototype's items: its own prototype gives their fill
        Value proto = a.prototype().read();
        Value item = proto.is_stored_array() ? proto.array_data().prototype() : proto;
        return value::make_array(r, {}, value::fill_of(item));
    }
    // Items of lower rank gain leading axes of length 1; each is padded to `cell` with fill.
    std::vector<Value> parts;
    for (Value& item : items) {
        Shape s = item.shape();
        Shape padded(cell.size() - s.size(), 1);
        padded.insert(padded.end(), s.begin(), s.end());
        Value x = item.is_atom() ? item : reshape(int_vector(padded), item);
        if (item.is_atom()) {
            parts.push_back(window(x, Shape(cell.size(), 1), std::vector<int64_t>(cell.size(), 0), cell));
        } else {
            std::vector<int64_t> start(cell.size(), 0);
            parts.push_back(window(x, x.shape(), start, cell));
        }
    }
    Shape r = a.shape();
    r.insert(r.end(), cell.begin(), cell.end());
    // items padded to a common cell can ask for far more positions than they hold (↑ of a 1×n
    // and an n×1 item): counted and checked against the memory limit before any is made
    int64_t n = value::count_of(r);
    std::vector<int64_t> idx = reserve_positions(n);
    for (int64_t i = 0; i < n; i++) {
        base::poll_interrupt(static_cast<uint64_t>(i));
        idx.push_back(i);
    }
    return gather_many(parts, std::move(r), std::move(idx));
}

// p⊃Y for one coordinate list p.
Value pick_at(const std::vector<int64_t>& p, const Value& w) {
    Shape s = w.shape();
    if (p.size() > s.size()) fail(ErrorKind::Rank, "more coordinates than axes");
    if (p.empty()) return w;
    std::vector<int64_t> st = math::row_major(s);
    int64_t base = 0;
    bool outside = false; // only during a call on prototypes: the cell is fill
    for (size_t j = 0; j < p.size(); j++) {
        int64_t q = p[j] < 0 ? p[j] + s[j] : p[j];
        if (q < 0 || q >= s[j]) {
            bool empty_fill = s[j] == 0 && (p[j] == 0 || p[j] == -1); // 0 or ¯1 on an empty axis
            if (!empty_fill && !PrototypeCall::active()) fail(ErrorKind::Index, "position outside its axis");
            outside = true;
        }
        base += q * st[j];
    }
    Shape cell(s.begin() + static_cast<int64_t>(p.size()), s.end());
    int64_t n = value::count_of(cell);
    math::Mapping m = outside ? math::Mapping::fill(n) : math::Mapping::strided({n}, {1}, base);
    return copy(w, std::move(m), cell, cell.empty());
}

// P⊃Y: pick by coordinates along the leading axes. Array-valued coordinate fields pair by
// leading agreement (each field's shape a prefix of the longest; a unit field spreads): one
// pick per position of that frame, assembled with the frame's shape.
Value pick(const Value& a, const Value& w) {
    Value p = a.read();
    if (auto keyed = key_positions(p, w)) { // "name"⊃R: the axes left keep their labels
        int64_t k = static_cast<int64_t>(keyed->size());
        if (k >= w.rank()) return pick_at(*keyed, w); // the item, with its own labels
        return relabel(pick_at(*keyed, relabel(w, {})), after_axes(w, k));
    }
    std::vector<Value> fields;
    bool arrays = false;
    if (p.is_stored_array() && p.array_data().is_boxed()) {
        for (int64_t i = 0; i < p.count(); i++) {
            fields.push_back(field_positions(p.array_data().item(i), w, i).read()); // keys as positions
            arrays = arrays || fields.back().rank() > 0;
        }
    }
    if (!arrays) return pick_at(read_ints(p), w);
    Shape frame;
    for (const Value& f : fields)
        if (f.rank() > static_cast<int64_t>(frame.size())) frame = f.shape();
    std::vector<std::vector<int64_t>> ints;
    std::vector<int64_t> inner; // items of the frame per item of the field
    int64_t n = value::count_of(frame);
    for (const Value& f : fields) {
        Shape fs = f.shape();
        if (!std::equal(fs.begin(), fs.end(), frame.begin()))
            fail(ErrorKind::Length, "coordinate fields do not agree");
        ints.push_back(read_ints(f));
        inner.push_back(n / std::max<int64_t>(1, static_cast<int64_t>(ints.back().size())));
    }
    std::vector<Value> out;
    for (int64_t k = 0; k < n; k++) {
        std::vector<int64_t> at;
        for (size_t j = 0; j < fields.size(); j++) at.push_back(ints[j].empty() ? 0 : ints[j][static_cast<size_t>(k / inner[j])]);
        out.push_back(pick_at(at, w));
    }
    return value::make_array(frame, std::move(out));
}


// --- major cells: the leading axis ---

// ⍪Y: the first axis as rows, the rest ravelled into columns.
Value table(const Value& w) {
    Shape s = w.shape();
    int64_t rows = s.empty() ? 1 : s[0];
    int64_t n = w.count();
    return copy(w, math::Mapping::identity(n),
                {rows, rows == 0 ? value::count_of(Shape(s.begin() + 1, s.end())) : n / rows});
}

// X⍪Y: join along the first axis; a unit extends to a cell; rank one less is one cell.
Value catenate_first(const Value& a, const Value& w) {
    Shape sa = a.shape(), sw = w.shape();
    size_t rank = std::max({sa.size(), sw.size(), size_t{1}});
    auto cell_of = [&](const Shape& s) {
        if (s.size() == rank) return Shape(s.begin() + 1, s.end());
        return s;
    };
    bool ua = sa.empty(), uw = sw.empty();
    Shape cell = !ua ? cell_of(sa) : cell_of(sw);
    if (!ua && !uw && cell_of(sa) != cell_of(sw))
        fail(ErrorKind::Length, "catenated arrays' cells must agree");
    if ((!ua && sa.size() + 1 < rank) || (!uw && sw.size() + 1 < rank))
        fail(ErrorKind::Rank, "catenated arrays' ranks differ by more than one");
    int64_t per = value::count_of(cell);
    int64_t ca = ua ? 1 : (sa.size() == rank ? sa[0] : 1);
    int64_t cw = uw ? 1 : (sw.size() == rank ? sw[0] : 1);
    Shape shape{ca + cw};
    shape.insert(shape.end(), cell.begin(), cell.end());
    return join(a, w, std::move(shape), 1, ca * per, cw * per);
}

Value reverse_first(const Value& w) {
    if (w.rank() == 0) return w;
    Shape s = w.shape();
    return copy(w, math::Mapping::reverse(s, 0), s);
}

// N⊖Y: rotate along the first axis; N is a unit or has the shape of a major cell of Y.
Value rotate_first(const Value& a, const Value& w) {
    std::vector<int64_t> ks = read_ints(a);
    if (w.rank() == 0) return w;
    Shape s = w.shape();
    int64_t n = s[0], per = value::count_of(Shape(s.begin() + 1, s.end()));
    if (a.rank() > 0 && !(ks.size() == 1 && a.count() == 1) &&
        a.shape() != Shape(s.begin() + 1, s.end()))
        fail(ErrorKind::Length, "one count per vector along the first axis");
    if (ks.size() == 1) return copy(w, math::Mapping::rotate(s, 0, ks[0]), s);
    // a count per vector: the counts decide the positions
    std::vector<int64_t> idx = reserve_positions(value::count_of(s));
    for (int64_t i = 0; i < n; i++)
        for (int64_t c = 0; c < per; c++) {
            base::poll_interrupt(idx.size());
            int64_t k = (ks[static_cast<size_t>(c)] % n + n) % n; // reduced first: i + a count near INT64_MAX overflowed
            idx.push_back((i + k) % n * per + c);
        }
    return gather(w, s, std::move(idx));
}

// N#Y: repeat each major cell by its count; negative counts give fill cells.
Value replicate(const Value& a, const Value& w);

// #Y (runs, functions.md §6.11): [lengths cells], the runs of adjacent matching major cells
// (tolerant, as =) and the cell each repeats. The run starts are the one read (they decide the
// lengths); the cells are a replicate of Y by them. A unit gives a rank-0 length 1 and the unit.
Value runs(const Value& w) {
    if (w.rank() == 0) return value::make_array({2}, {Value::integer(1), w});
    int64_t n = w.shape()[0];
    std::vector<uint8_t> start(static_cast<size_t>(n), 1);
    if (n > 1) {
        if (w.is_native()) {
            Value ne = call(Prim::NotEqual, call(Prim::Drop, Value::integer(1), w),
                            call(Prim::Drop, Value::integer(-1), w));
            Shape sw = w.shape();
            int64_t per = value::count_of(Shape(sw.begin() + 1, sw.end()));
            if (w.rank() > 1) // a cell differs when any of its items does
                ne = *reduce(Prim::Or, call(Prim::Rho, int_vector({n - 1, per}), ne), false);
            Value d = convert_to(ne, Kind::Bool).read();
            for (int64_t i = 1; i < n; i++) start[static_cast<size_t>(i)] = d.array_data().items_as<uint8_t>()[i - 1];
        } else {
            std::vector<Value> cells;
            for (int64_t i = 0; i < n; i++) cells.push_back(select_cells(w, {i}, {}));
            for (int64_t i = 1; i < n; i++) start[static_cast<size_t>(i)] = !value::match(cells[i], cells[i - 1]);
        }
    }
    std::vector<int64_t> lengths, mask;
    for (int64_t i = 0; i < n; i++) {
        if (start[static_cast<size_t>(i)]) lengths.push_back(0);
        lengths.back()++;
        mask.push_back(start[static_cast<size_t>(i)]);
    }
    Value cells = replicate(int_vector(mask), w);
    return value::make_array({2}, {int_vector(lengths), cells});
}

Value replicate(const Value& a, const Value& w) {
    std::vector<int64_t> counts = read_ints(a);
    Shape s = w.shape();
    Value src = w;
    if (s.empty()) {
        src = copy(w, math::Mapping::identity(1), {1});
        s = {1};
    }
    int64_t n = s[0];
    if (counts.size() == 1 && n != 1) counts.assign(static_cast<size_t>(n), counts[0]);
    if (n == 1 && counts.size() != 1) { // the one cell stretched to one per count
        n = static_cast<int64_t>(counts.size());
        Shape r = s;
        r[0] = n;
        src = copy(src, math::Mapping::stretch(s, r), r);
    }
    if (static_cast<int64_t>(counts.size()) != n)
        fail(ErrorKind::Length, "one count per major cell");
    int64_t total = 0; // checked before the cells are listed (1000000001/1 listed 10⁹ first)
    for (int64_t c : counts) total = length_of(c) > MAX_ITEMS - total ? MAX_ITEMS + 1 : total + length_of(c);
    std::vector<int64_t> cells = reserve_positions(total);
    for (int64_t i = 0; i < n; i++)
        for (int64_t k = 0; k < length_of(counts[i]); k++) {
            base::poll_interrupt(cells.size());
            cells.push_back(counts[i] < 0 ? -1 : i);
        }
    return select_cells(src, cells, {static_cast<int64_t>(cells.size())});
}

// ∊Y: every leaf in ravel order, as a vector.
void leaves(const Value& v, std::vector<Value>& out) {
    if (v.is_atom() || v.is_native()) {
        out.push_back(v);
        return;
    }
    const ArrayData& a = v.array_data();
    for (int64_t i = 0; i < a.count(); i++) leaves(a.item(i), out);
}

Value enlist(const Value& w) {
    if (w.is_native()) return ravel(w);
    std::vector<Value> parts;
    leaves(w, parts);
    int64_t n = 0;
    for (const Value& p : parts) n += p.count();
    std::vector<int64_t> idx = reserve_positions(n);
    for (int64_t i = 0; i < n; i++) {
        base::poll_interrupt(static_cast<uint64_t>(i));
        idx.push_back(i);
    }
    if (parts.empty()) return value::make_array({0}, {}, value::fill_of(w.array_data().prototype()));
    return gather_many(parts, {n}, std::move(idx));
}

// The item a reach path names (operators-and-system.md §14: a list item reaches into nested
// items): whole coordinates of successive depths, as a list of coordinates (`[[0 1] 0]`) or as
// one list of positions, each depth taking one per axis of the array it reaches (`[1 0]`).
Value reach(const Value& path, const Value& w) {
    Value p = path.read(), cur = w;
    auto step = [&](const std::vector<int64_t>& at) {
        Value r = cur.read();
        if (at.size() != static_cast<size_t>(r.rank()))
            fail(ErrorKind::Length, "a chosen coordinate needs one position per axis");
        cur = pick_at(at, r).read();
    };
    if (p.is_stored_array() && p.array_data().is_boxed()) {
        for (int64_t i = 0; i < p.count(); i++) step(read_ints(p.array_data().item(i)));
        return cur;
    }
    std::vector<int64_t> ps = read_ints(p);
    for (size_t k = 0; k < ps.size();) {
        size_t r = static_cast<size_t>(cur.read().rank());
        if (r == 0) fail(ErrorKind::Rank, "more coordinates than axes");
        if (k + r > ps.size()) fail(ErrorKind::Length, "a chosen coordinate needs one position per axis");
        step(std::vector<int64_t>(ps.begin() + static_cast<int64_t>(k), ps.begin() + static_cast<int64_t>(k + r)));
        k += r;
    }
    return cur;
}

// I⌷Y: one selector per leading axis: a position removes the axis, an array of positions
// replaces it by its shape, ∞ takes it whole and ¯∞ reversed.
Value squad(const Value& a, const Value& w) {
    // keyed_squad and a higher-rank selector's rows call back into squad: a selector that keeps
    // re-entering (fuzz_eval: a record of texts as I) ends as LIMIT ERROR, not a stack overflow
    if (base::stack_nearly_full()) fail(ErrorKind::Limit, "a selection nested too deeply");
    if (std::optional<Value> keyed = keyed_squad(a, w, squad)) return *keyed;
    Value sel = a.read();
    if (sel.rank() > 1) { // a higher-rank I applies per row (functions.md §7.1), results mixed
        Shape s = sel.shape();
        int64_t n = s.back();
        Shape frame(s.begin(), s.end() - 1);
        std::vector<Value> all;
        for (int64_t i = 0; i < sel.count(); i++) all.push_back(sel.array_data().item(i));
        // one selection per row: an empty selector's frame may count past 10⁹ (or int64)
        int64_t rows = value::count_of(frame);
        check_count(rows);
        program::check_memory(rows * 256);
        std::vector<Value> out;
        for (int64_t r = 0; r < rows; r++) {
            base::poll_interrupt(static_cast<uint64_t>(r));
            std::vector<Value> row(all.begin() + r * n, all.begin() + (r + 1) * n);
            out.push_back(squad(value::make_array({n}, std::move(row)), w));
        }
        return mix(value::make_array(std::move(frame), std::move(out)));
    }
    std::vector<Value> items;
    if (sel.is_stored_array()) { // a boxed selector's items may still be pending: read them
        for (int64_t i = 0; i < sel.count(); i++) items.push_back(sel.array_data().item(i).read());
    } else {
        items.push_back(sel);
    }
    Shape s = w.shape();
    std::vector<int64_t> st = math::row_major(s);
    // Choose indexing: one item, an array whose items are each a whole coordinate of Y (a
    // vector of integers, one per axis); the result has that array's shape.
    if (items.size() == 1 && items[0].is_stored_array() && items[0].array_data().is_boxed() &&
        items[0].count() > 0) {
        const value::ArrayData& c = items[0].array_data();
        bool coords = true, reaches = false;
        for (int64_t i = 0; i < c.count() && coords; i++) {
            Value v = c.item(i).read();
            bool flat = v.is_stored_array() && v.rank() == 1 && !v.array_data().is_boxed() &&
                        v.kind() != Kind::Char;
            bool listed = v.is_stored_array() && v.rank() == 1 && v.array_data().is_boxed();
            coords = flat || listed;
            // a coordinate longer than Y's rank, or a list of coordinates, reaches into items
            reaches = reaches || listed || (flat && v.count() > static_cast<int64_t>(s.size()));
        }
        if (coords && reaches) {
            std::vector<Value> picked;
            for (int64_t i = 0; i < c.count(); i++) picked.push_back(reach(c.item(i), w));
            return value::make_array(c.shape(), std::move(picked));
        }
        if (coords) {
            std::vector<int64_t> idx;
            for (int64_t i = 0; i < c.count(); i++) {
                std::vector<int64_t> at = read_ints(c.item(i));
                if (at.size() != s.size()) fail(ErrorKind::Length, "a chosen coordinate needs one position per axis");
                int64_t p = 0;
                for (size_t j = 0; j < s.size(); j++) {
                    int64_t q = at[j] < 0 ? at[j] + s[j] : at[j];
                    if (q < 0 || q >= s[j]) fail(ErrorKind::Index, "position outside its axis");
                    p += q * st[j];
                }
                idx.push_back(p);
            }
            return gather(w, c.shape(), std::move(idx)); // the selector's shape: a scalar one gives a scalar
        }
    }
    if (items.size() > s.size()) fail(ErrorKind::Length, "more selectors than axes");
    // Per axis: the positions it reads and the result axes they form. Where every axis reads
    // evenly spaced positions (a position, ∞, ¯∞, a range) the selection is one affine Copy.
    std::vector<std::vector<int64_t>> pos(s.size());
    Shape r;
    std::vector<int64_t> lengths, strides;
    int64_t offset = 0;
    bool affine = true;
    for (size_t j = 0; j < s.size(); j++) {
        bool whole = j >= items.size();
        bool inf = !whole && items[j].is_number() && number::is_float(items[j].kind()) &&
                   std::isinf(items[j].as_f64());
        if (whole || inf) {
            bool down = inf && items[j].as_f64() < 0;
            for (int64_t q = 0; q < s[j]; q++) pos[j].push_back(down ? s[j] - 1 - q : q);
            r.push_back(s[j]);
            lengths.push_back(s[j]);
            strides.push_back(down ? -st[j] : st[j]);
            if (down && s[j] > 0) offset += (s[j] - 1) * st[j];
            continue;
        }
        const Value& it = items[j];
        std::vector<int64_t> ps = read_ints(it);
        for (int64_t& q : ps) {
            if (q < 0) q += s[j];
            if (q < 0 || q >= s[j]) fail(ErrorKind::Index, "position outside its axis");
        }
        Shape is = it.is_atom() ? Shape{} : it.shape();
        r.insert(r.end(), is.begin(), is.end());
        int64_t d = ps.size() > 1 ? ps[1] - ps[0] : 0;
        for (size_t i = 1; i < ps.size() && affine; i++) affine = ps[i] - ps[i - 1] == d;
        if (!ps.empty()) offset += ps[0] * st[j];
        std::vector<int64_t> sel = math::row_major(is);
        for (size_t i = 0; i < is.size(); i++) {
            lengths.push_back(is[i]);
            strides.push_back(sel[i] * d * st[j]);
        }
        pos[j] = std::move(ps);
    }
    // Positions only give the item itself; a unit selector (`[⊂1]⌷v`) keeps a unit (core:5601).
    bool item = r.empty() && std::all_of(items.begin(), items.end(), [](const Value& v) { return v.is_atom(); });
    if (affine)
        return copy(w, math::Mapping::strided(std::move(lengths), std::move(strides), offset), r, item);
    std::vector<int64_t> idx;
    Shape counts;
    for (auto& p : pos) counts.push_back(static_cast<int64_t>(p.size()));
    each_position(counts, [&](const std::vector<int64_t>& c) {
        int64_t p = 0;
        for (size_t j = 0; j < c.size(); j++) p += pos[j][c[j]] * st[j];
        idx.push_back(p);
    });
    if (r.empty()) return gather(w, {}, std::move(idx), item);
    return gather(w, std::move(r), std::move(idx));
}


// ⍸Y: each position repeated by its count (the counts decide the length: a read).
Value where(const Value& w) {
    std::vector<int64_t> counts = read_ints(w);
    for (int64_t c : counts)
        if (c < 0) fail(ErrorKind::Domain, "counts are nonnegative integers");
    Value positions = w.rank() <= 1 ? iota(Value::integer(w.count()))
                                    : ravel(iota(int_vector(w.shape())));
    if (w.rank() == 0) positions = value::make_array({1}, {int_vector({})});
    return replicate(int_vector(counts), positions);
}

// N⊂Y: each positive mark starts a partition (k>1 adds k-1 empty ones before it); cells before
// the first mark are dropped; N may be one longer than the axis; a shorter N of two or more
// marks ends in marks 0 (april:1056, as the reference: the spec is silent).
Value partition_enclose(const Value& a, const Value& w) {
    std::vector<int64_t> marks = read_ints(a);
    Value y = w.rank() == 0 ? ravel(w) : w;
    int64_t n = y.shape()[0];
    if (marks.size() == 1) marks.assign(static_cast<size_t>(n), marks[0]);
    if (static_cast<int64_t>(marks.size()) < n) marks.resize(static_cast<size_t>(n), 0);
    if (static_cast<int64_t>(marks.size()) != n && static_cast<int64_t>(marks.size()) != n + 1)
        fail(ErrorKind::Length, "one mark per major cell");
    std::vector<std::vector<int64_t>> parts;
    for (int64_t i = 0; i < static_cast<int64_t>(marks.size()); i++) {
        if (marks[i] < 0) fail(ErrorKind::Domain, "marks are nonnegative integers");
        for (int64_t k = 0; k < marks[i]; k++) parts.emplace_back();
        if (i < n && !parts.empty()) parts.back().push_back(i);
    }
    std::vector<Value> items;
    for (const auto& p : parts) items.push_back(select_cells(y, p, {static_cast<int64_t>(p.size())}));
    Value proto = select_cells(y, {}, {0});
    int64_t count = static_cast<int64_t>(items.size());
    return value::make_array({count}, std::move(items), proto);
}

// ⊆Y: encloses an atom or simple array; a nested array is returned unchanged.
Value nest(const Value& w) {
    if (w.is_atom() || w.is_native()) return value::enclose(w);
    return w;
}

// N⊆Y: cells with mark 0 are dropped; a partition starts wherever the mark rises.
Value partition(const Value& a, const Value& w) {
    if (w.rank() == 0) fail(ErrorKind::Rank, "partition needs an array");
    std::vector<int64_t> marks = read_ints(a);
    int64_t n = w.shape()[0];
    if (marks.size() == 1) marks.assign(static_cast<size_t>(n), marks[0]);
    if (static_cast<int64_t>(marks.size()) != n) fail(ErrorKind::Length, "one mark per major cell");
    std::vector<std::vector<int64_t>> parts;
    int64_t previous = 0;
    for (int64_t i = 0; i < n; i++) {
        if (marks[i] < 0) fail(ErrorKind::Domain, "marks are nonnegative integers");
        if (marks[i] > previous) parts.emplace_back();
        if (marks[i] > 0) parts.back().push_back(i);
        previous = marks[i];
    }
    std::vector<Value> items;
    for (const auto& p : parts) items.push_back(select_cells(w, p, {static_cast<int64_t>(p.size())}));
    int64_t count = static_cast<int64_t>(items.size());
    return value::make_array({count}, std::move(items), select_cells(w, {}, {0}));
}

// S↕Y: windows of sizes S along the leading axes, movement 1 (↕Y is 2↕Y).
// S↕Y (§6.7): windows of sizes S along the leading axes (a two-row S: sizes, then movements).
// A positive size s moved by m gives 0⌈1+⌊(n−s)÷m windows; a negative one pads: windows of |s|
// centred on the positions 0, m, 2m, … (an even size reaches one further right), ⌈(n−e)÷m of
// them (e: 1 for an even size), fill beyond the edges. One Gather either way.
struct WindowAxes {
    std::vector<int64_t> size, move, count, first; // per axis: |s|, m, windows, first item's offset
    std::vector<bool> padded;
};
WindowAxes window_axes(const Value& a, const Shape& s) {
    if (a.rank() > 2) fail(ErrorKind::Rank, "window sizes are a unit, a vector or a two-row matrix");
    std::vector<int64_t> all = read_ints(a);
    std::vector<int64_t> sizes = all, moves;
    if (a.rank() == 2) {
        if (a.shape()[0] != 2) fail(ErrorKind::Length, "a matrix of window sizes has two rows");
        int64_t k = a.shape()[1];
        sizes.assign(all.begin(), all.begin() + k);
        moves.assign(all.begin() + k, all.end());
    }
    if (s.empty() || sizes.size() > s.size()) fail(ErrorKind::Rank, "more window sizes than axes");
    WindowAxes w;
    for (size_t j = 0; j < sizes.size(); j++) {
        int64_t m = moves.empty() ? 1 : moves[j], n = s[j], z = std::llabs(sizes[j]);
        if (m <= 0) fail(ErrorKind::Domain, "window movements are positive");
        bool pad = sizes[j] < 0;
        if (pad && z >= 2 * n) fail(ErrorKind::Domain, "a padded window is under twice its axis");
        int64_t count = pad ? (n - (z % 2 == 0 ? 1 : 0) + m - 1) / m : std::max<int64_t>(0, 1 + (n - z) / m);
        if (!pad && n < z) count = 0;
        w.size.push_back(z), w.move.push_back(m), w.count.push_back(std::max<int64_t>(count, 0));
        w.first.push_back(pad ? -((z - 1) / 2) : 0), w.padded.push_back(pad);
    }
    return w;
}

Value windows(const Value& a, const Value& w) {
    Shape s = w.shape();
    WindowAxes ax = window_axes(a, s);
    size_t k = ax.size.size();
    Shape r(ax.count.begin(), ax.count.end());
    r.insert(r.end(), ax.size.begin(), ax.size.end());
    for (size_t j = k; j < s.size(); j++) r.push_back(s[j]);
    check_count(value::count_of(r));
    // Item (c, e, rest) reads coordinate c·move + first + e on each windowed axis; a padded
    // axis reads the fill outside its length.
    std::vector<int64_t> st = math::row_major(s);
    math::Mapping m{r, std::vector<int64_t>(r.size(), 0), 0, {}};
    for (size_t j = 0; j < s.size(); j++) {
        if (j >= k) {
            m.stride[k + j] = st[j];
            continue;
        }
        math::Bound b{math::Bound::Mode::Pad, ax.first[j], s[j], st[j], std::vector<int64_t>(r.size(), 0)};
        b.coef[j] = ax.move[j];
        b.coef[k + j] = 1;
        m.bounds.push_back(std::move(b)); // plain where it stays inside (normalize)
    }
    m.normalize();
    return copy(w, std::move(m), std::move(r));
}

Value pairs(const Value& w) { return windows(Value::integer(2), w); }

} // namespace

// clang-format off
const std::vector<Rule>& structural_rules() {
    static const std::vector<Rule> RULES = {
        //  row               monadic     dyadic
        {Prim::Iota,         iota,       nullptr},
        {Prim::Range,        range_monadic, range},
        {Prim::Rho,          shape_of,   reshape},
        {Prim::Comma,        ravel,      catenate},
        {Prim::Tally,        tally,      not_same},
        {Prim::Match,        depth,      same},
        {Prim::Enclose,      enclose,    partition_enclose},
        {Prim::Nest,         nest,       partition},
        {Prim::Windows,      pairs,      windows},
        {Prim::Where,        where,      nullptr},
        {Prim::Disclose,     mix,        pick},
        {Prim::Take,         first,      take},
        {Prim::Drop,         split,      drop},
        {Prim::Reverse,      reverse,    rotate},
        {Prim::Transpose,    transpose,  reorder},
        {Prim::Left,         identity,   left},
        {Prim::Right,        right,      right2},
        {Prim::Table,        table,      catenate_first},
        {Prim::ReverseFirst, reverse_first, rotate_first},
        {Prim::Squad,        identity,   squad},
        {Prim::Hash,         runs,       replicate},
        {Prim::Epsilon,      enlist,     nullptr},
    };
    return RULES;
}
// clang-format on

} // namespace bpl::prim
