// Operators: the OperatorInfo table and the host meanings of reduce, scan, each and commute.
// Reduce and scan with a primitive operand first ask prim::reduce/scan (a Fold step); otherwise
// the generic loop calls the operand through apply(), reading the argument for its cells.
#include "lang/operators.h"

#include "base/interrupt.h"
#include "base/utf8.h"
#include "lang/cells.h"
#include "lang/exec.h"
#include "lang/select.h"
#include "math/random.h"
#include "number/exact.h"
#include "prim/keys.h"
#include "prim/exact.h"
#include "prim/factory.h"
#include "prim/scalar.h"
#include "prim/inverse.h"
#include "prim/marks.h"
#include "prim/prim.h"
#include "program/plan.h"
#include "value/array.h"
#include "value/match.h"

#include <cmath>
#include <cstdint>

namespace bpl::lang {

using base::Error;
using base::ErrorKind;
using value::Shape;
using number::Kind;

namespace {

const Value& need_function(const Value& f, const char* op) {
    if (!f.is_function())
        throw Error(ErrorKind::Domain, std::string(op) + " needs a function operand");
    return f;
}

// Reduce one list of items right to left (§8: generic reduction associates to the right).
Value fold_items(Exec& ex, const Value& f, const std::vector<Value>& xs) {
    if (xs.empty()) throw Error(ErrorKind::Domain, "no identity for this reduction");
    Value acc = xs.back();
    for (size_t i = xs.size() - 1; i-- > 0;) acc = apply(ex, f, &xs[i], acc);
    return acc;
}

// Accumulates left to right; a seed is the accumulator before the first item (not in the result).
std::vector<Value> scan_items(Exec& ex, const Value& f, const std::vector<Value>& xs,
                              const Value* seed) {
    std::vector<Value> out;
    out.reserve(xs.size());
    for (size_t i = 0; i < xs.size(); i++) {
        const Value* acc = i > 0 ? &out.back() : seed;
        out.push_back(acc ? apply(ex, f, acc, xs[i]) : xs[0]);
    }
    return out;
}

std::optional<prim::Prim> primitive_operand(const Value& f) {
    char32_t g = primitive_glyph(f);
    return g ? prim::of_glyph(g) : std::nullopt;
}

// Rows along the last axis of a read array: frame shape and the items of each row.
struct Rows {
    Shape frame;
    std::vector<std::vector<Value>> rows;
};
Rows last_axis_rows(const Value& w) {
    Value r = w.read();
    Rows out;
    Shape s = r.shape();
    out.frame.assign(s.begin(), s.end() - 1);
    int64_t n = s.back();
    std::vector<Value> items = items_of(r);
    int64_t frames = value::count_of(out.frame);
    for (int64_t k = 0; k < frames; k++)
        out.rows.emplace_back(items.begin() + k * n, items.begin() + (k + 1) * n);
    return out;
}

// Reduce one lane onto a seed: a f b f c f S (§4.1 of operators-and-system.md).
Value fold_seeded(Exec& ex, const Value& f, const std::vector<Value>& xs, const Value& seed) {
    Value acc = seed;
    for (size_t i = xs.size(); i-- > 0;) acc = apply(ex, f, &xs[i], acc);
    return acc;
}

// An empty lane of a primitive reduction over nested items: the identity spread over the items'
// prototype (+/0⍴[[1 2] [3 4]] is 0 0), as the primitive's own reduction of an empty array of
// that shape and kind gives it. Nothing when there is no primitive or the prototype is nested.
std::optional<Value> nested_identity(const Value& f, const Value& w) {
    auto p = primitive_operand(f);
    Value r = w.read();
    if (!p || !r.is_stored_array()) return std::nullopt;
    Value fill = value::fill_of(r.array_data().prototype());
    if (!fill.is_native() || fill.rank() == 0) return std::nullopt;
    Shape s = fill.shape();
    s.insert(s.begin(), 0);
    return prim::reduce(*p, Value::array(value::ArrayData::compact(fill.kind(), s)), true);
}

// The identities of structural reductions (functions.md §1; ∪ and ⊤, where the spec is silent,
// as the reference gives them): an empty lane's result from the items' fill. One row each.
struct StructuralIdentity {
    prim::Prim prim;
    Value (*of)(const Value& fill);
};
Value empty_along(const Value& fill, bool last) { // the fill with its first or last axis empty
    Shape s = fill.rank() == 0 ? Shape{1} : fill.shape();
    (last ? s.back() : s.front()) = 0;
    Value f = fill.is_stored_array() && fill.count() > 0 ? fill.array_data().item(0) : fill;
    return value::make_array(s, {}, value::fill_of(f.is_stored_array() ? f.array_data().prototype() : f));
}
const StructuralIdentity STRUCTURAL_IDENTITIES[] = {
    {prim::Prim::Comma, [](const Value& fill) { return empty_along(fill, true); }},
    {prim::Prim::Table, [](const Value& fill) { return empty_along(fill, false); }},
    {prim::Prim::Union, [](const Value&) { return Value::array(value::ArrayData::compact(Kind::F64, {0})); }},
    {prim::Prim::Encode, [](const Value&) { return Value::integer(0); }},
};
std::optional<Value> structural_identity(const Value& f, const Value& w) {
    auto p = primitive_operand(f);
    Value r = w.read();
    if (!p || !r.is_stored_array()) return std::nullopt;
    for (const StructuralIdentity& row : STRUCTURAL_IDENTITIES)
        if (row.prim == *p) return row.of(value::fill_of(r.array_data().prototype()).read());
    return std::nullopt;
}

Value reduce(Exec& ex, const Value& f, const Value* alpha, const Value& w, bool first_axis) {
    need_function(f, "reduce");
    if (!alpha)
        if (auto p = primitive_operand(f))
            if (auto r = prim::reduce(*p, w, first_axis)) return *r;
    auto lane = [&](const std::vector<Value>& xs) {
        if (alpha) return fold_seeded(ex, f, xs, *alpha);
        if (xs.empty()) {
            if (auto e = nested_identity(f, w)) return *e;
            if (auto e = structural_identity(f, w)) return *e;
        }
        return fold_items(ex, f, xs);
    };
    if (w.rank() == 0) return alpha ? lane(items_of(w)) : items_of(w)[0];
    if (first_axis || w.rank() == 1) return lane(major_cells(w));
    Rows rows = last_axis_rows(w);
    std::vector<Value> out;
    for (const auto& row : rows.rows) out.push_back(lane(row));
    return value::make_array(rows.frame, std::move(out));
}
// The reduced axis's labels go, the others stay (prim::reduced_labels).
Value reduce_last(Exec& ex, const Value& l, const Value&, const Value* a, const Value& w) {
    return prim::reduced_labels(w, reduce(ex, l, a, w, false), std::max<int64_t>(w.rank() - 1, 0));
}
Value reduce_first(Exec& ex, const Value& l, const Value&, const Value* a, const Value& w) {
    return prim::reduced_labels(w, reduce(ex, l, a, w, true), 0);
}

// f\Y and S f\Y (§4.2): every lane starts from the whole seed S.
Value scan(Exec& ex, const Value& f, const Value* alpha, const Value& w, bool first_axis) {
    need_function(f, "scan");
    if (!alpha)
        if (auto p = primitive_operand(f))
            if (auto r = prim::scan(*p, w, first_axis)) return *r;
    if (w.rank() == 0) return alpha ? scan_items(ex, f, {w}, alpha)[0] : w;
    if (first_axis || w.rank() == 1) {
        std::vector<Value> cells = scan_items(ex, f, major_cells(w), alpha);
        if (w.rank() == 1) return value::make_array(w.shape(), std::move(cells));
        return cells.empty() ? w : assemble(cells);
    }
    Rows rows = last_axis_rows(w);
    std::vector<Value> out;
    for (const auto& row : rows.rows)
        for (Value& v : scan_items(ex, f, row, alpha)) out.push_back(std::move(v));
    return value::make_array(w.shape(), std::move(out));
}
// A scan keeps every axis, and with them its argument's labels.
Value scanned_labels(const Value& w, const Value& r) {
    const value::Layout* l = w.is_function() ? nullptr : value::layout_of(w);
    if (!l || r.rank() != w.rank()) return r;
    return prim::relabel(r, base::Ref<const value::Layout>(l));
}
Value scan_last(Exec& ex, const Value& l, const Value&, const Value* a, const Value& w) {
    return scanned_labels(w, scan(ex, l, a, w, false));
}
Value scan_first(Exec& ex, const Value& l, const Value&, const Value* a, const Value& w) {
    return scanned_labels(w, scan(ex, l, a, w, true));
}

// One call's result as an item of Each, outer product or Rank: a call with no result gives ⍬
// (operators-and-system.md §3.4).
Value item_of_call(Value r) {
    return r.is_none() ? value::make_array({0}, {}) : r;
}

// An empty frame's one call on prototype arguments (operators-and-system.md §3.3): it draws
// nothing, ⊃ gives fill for an out-of-range position; if it fails (any error but an interrupt, also when its result is read), the result is
// empty with prototype 0, which the returned value stands for.
Value call_on_prototypes(Exec& ex, const Value& f, const Value* alpha, const Value& w) {
    math::Generator::Hold hold(math::session_generator());
    prim::PrototypeCall prototypes; // ⊃ out of range gives fill meanwhile
    try {
        return apply(ex, f, alpha, w).read(); // read here: a lazy result can fail too
    } catch (const Error& e) {
        if (e.kind() == ErrorKind::Interrupt) throw;
        return Value::real(0, Kind::F64, true);
    }
}

// Each keeps the container it maps over (§9.1); an atom maps to the result itself.
// X f¨ Y item by item, the arguments' labels ignored (each places them).
Value each_by_position(Exec& ex, const Value& f, const Value& a, const Value& w);

// f¨ keeps its argument's labels; X f¨ Y agrees by key as a pervasive function does (§11.3).
Value each(Exec& ex, const Value& f, const Value&, const Value* alpha, const Value& w) {
    if (!alpha) {
        if (w.is_atom()) return apply(ex, f, nullptr, w);
        Value r = w.read();
        std::vector<Value> out;
        for (const Value& x : items_of(r)) out.push_back(item_of_call(apply(ex, f, nullptr, x)));
        Value proto;
        if (out.empty()) proto = call_on_prototypes(ex, f, nullptr, r.array_data().prototype());
        return prim::relabel(value::make_array(r.shape(), std::move(out), proto), r.array_data().layout_ref());
    }
    const Value& a = *alpha;
    if (value::layout_of(a) || value::layout_of(w))
        return prim::keyed_dyad(a, w, [&ex, &f](const Value& x, const Value& y) { return each_by_position(ex, f, x, y); });
    return each_by_position(ex, f, a, w);
}

Value each_by_position(Exec& ex, const Value& f, const Value& a, const Value& w) {
    if (a.is_atom() && w.is_atom()) return apply(ex, f, &a, w);
    Shape sa = a.shape(), sw = w.shape();
    const Shape& longer = sa.size() >= sw.size() ? sa : sw;
    Shape shape = longer;
    for (size_t k = 0; k < std::min(sa.size(), sw.size()); k++) {
        if (sa[k] == sw[k] || sw[k] == 1) shape[k] = sa[k];
        else if (sa[k] == 1) shape[k] = sw[k];
        else throw Error(ErrorKind::Length, "each: argument shapes differ");
    }
    std::vector<Value> ia = items_of(a), iw = items_of(w);
    auto index_in = [&](const Shape& idx, const Shape& s) {
        int64_t at = 0;
        for (size_t k = 0; k < s.size(); k++) at = at * s[k] + (s[k] == 1 ? 0 : idx[k]);
        return static_cast<size_t>(at);
    };
    int64_t n = value::count_of(shape);
    std::vector<Value> out;
    Shape idx(shape.size(), 0);
    for (int64_t p = 0; p < n; p++) {
        out.push_back(item_of_call(apply(ex, f, &ia[index_in(idx, sa)], iw[index_in(idx, sw)])));
        for (size_t k = shape.size(); k-- > 0;) {
            if (++idx[k] < shape[k]) break;
            idx[k] = 0;
        }
    }
    Value proto;
    if (out.empty()) { // prototype mode: one call on the prototypes (§8)
        auto proto_of = [](const Value& x) {
            Value r = x.read();
            return r.is_stored_array() ? r.array_data().prototype() : r;
        };
        Value pa = proto_of(a), pw = proto_of(w);
        proto = call_on_prototypes(ex, f, &pa, pw);
    }
    return value::make_array(shape, std::move(out), proto);
}

Value commute(Exec& ex, const Value& f, const Value&, const Value* alpha, const Value& w) {
    if (!f.is_function()) return f;
    return apply(ex, f, &w, alpha ? *alpha : w);
}

// Compositions (operators-and-system.md §7).
Value atop_op(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    Value r = apply(ex, g, alpha, w);
    return apply(ex, f, nullptr, r);
}
Value over(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    Value r = apply(ex, g, nullptr, w);
    if (!alpha) return apply(ex, f, nullptr, r);
    Value l = apply(ex, g, nullptr, *alpha);
    return apply(ex, f, &l, r);
}
// f↣g: (f Y) g Y, X: (f X) g Y; A↣f: A f Y.
Value before(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    if (!f.is_function()) {
        if (alpha) throw Error(ErrorKind::Syntax, "a bound function takes one argument");
        return apply(ex, g, &f, w);
    }
    Value l = apply(ex, f, nullptr, alpha ? *alpha : w);
    return apply(ex, g, &l, w);
}
// f↢g: Y f (g Y), X: X f (g Y); f↢A: Y f A.
Value after(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    if (!g.is_function()) {
        if (alpha) throw Error(ErrorKind::Syntax, "a bound function takes one argument");
        return apply(ex, f, &w, g);
    }
    Value r = apply(ex, g, nullptr, w);
    return apply(ex, f, alpha ? alpha : &w, r);
}
Value valences(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    return alpha ? apply(ex, g, alpha, w) : apply(ex, f, nullptr, w);
}

// Integers from an operand (a number or a vector of them); reads it.
std::vector<int64_t> integers_of(const Value& v, const char* what) {
    std::vector<int64_t> out;
    for (const Value& x : items_of(v)) {
        if (x.is_number() && std::isinf(x.as_f64())) { // ∞: the whole argument
            out.push_back(x.as_f64() > 0 ? INT64_MAX / 2 : -(INT64_MAX / 2));
            continue;
        }
        if (!x.is_number() || !number::is_real(x.kind()) || x.as_f64() != std::trunc(x.as_f64()))
            throw Error(ErrorKind::Domain, std::string(what) + " needs integers");
        // A count past ±2⁶² (1E93) is kept just short of ∞'s, so it converts and negates safely
        // and still means a finite count.
        constexpr int64_t most = INT64_MAX / 2 - 1;
        if (!number::is_float(x.kind())) {
            int64_t i = x.as_i64();
            out.push_back(i > most ? most : i < -most ? -most : i);
        } else {
            double d = x.as_f64();
            out.push_back(d >= static_cast<double>(most) ? most
                          : d <= -static_cast<double>(most) ? -most
                                                             : static_cast<int64_t>(d));
        }
    }
    return out;
}

// The cells of rank k of v, in frame order. Rank-0 cells of a nested array are enclosed
// items; atom items pass as themselves (§9.1).
struct Cells {
    Shape frame;
    std::vector<Value> cells;
};
Cells cells_of(const Value& v, int64_t k) {
    int64_t r = v.rank();
    k = k < 0 ? std::max<int64_t>(0, r + k) : std::min(k, r);
    Cells out;
    Shape s = v.shape();
    out.frame.assign(s.begin(), s.begin() + (r - k));
    if (k == r) {
        out.cells.push_back(v);
        return out;
    }
    Value rd = v.read();
    const value::ArrayData& a = rd.array_data();
    Shape cell(s.begin() + (r - k), s.end());
    int64_t n = value::count_of(cell), frames = value::count_of(out.frame);
    // One host array per cell: their memory is checked before any is made (an ArrayData, its
    // shape and items, as ⍳ of a shape counts them), and the loop polls the interrupt
    // (fuzz_eval's `(⍳3)⌽⍠1¨⊂310e4 4⍴⍳9` split 3.1·10⁶ cells for 39 s under ASan).
    if (k > 0 && frames > 0) program::check_memory(256 * frames + 16 * a.count());
    for (int64_t f = 0; f < frames; f++) {
        base::poll_interrupt(static_cast<uint64_t>(f));
        if (k == 0) {
            Value x = a.item(f);
            out.cells.push_back(x.is_atom() ? x : value::enclose(x));
            continue;
        }
        std::vector<Value> items;
        for (int64_t i = 0; i < n; i++) items.push_back(a.item(f * n + i));
        out.cells.push_back(value::make_array(cell, std::move(items), a.prototype()));
    }
    return out;
}

// Results per frame position assembled into frame ++ the largest result shape, padded.
Value frame_of(const Shape& frame, const std::vector<Value>& results) {
    if (frame.empty()) return results[0];
    Value all = assemble(results);
    Shape shape = frame;
    Shape rs = all.shape();
    shape.insert(shape.end(), rs.begin() + 1, rs.end());
    Value rd = all.read();
    std::vector<Value> items = items_of(rd);
    return value::make_array(shape, std::move(items), rd.array_data().prototype());
}

// The cell of v past `frame`, every item v's fill (the argument of a call on prototypes).
Value fill_cell(const Value& v, size_t frame) {
    Value rd = v.read();
    Value fill = value::fill_of(rd.is_stored_array() ? rd.array_data().prototype() : rd);
    Shape s = rd.shape();
    Shape cell(s.begin() + static_cast<std::ptrdiff_t>(std::min(frame, s.size())), s.end());
    if (cell.empty()) return fill;
    return value::make_array(cell, std::vector<Value>(static_cast<size_t>(value::count_of(cell)), fill), fill);
}

Value rank(Exec& ex, const Value& f, const Value& spec, const Value* alpha, const Value& w) {
    std::vector<int64_t> k = integers_of(spec, "rank");
    if (k.empty() || k.size() > 3) throw Error(ErrorKind::Length, "rank takes one to three numbers");
    int64_t km = k.size() == 3 ? k[0] : k.back();
    int64_t kl = k.size() == 1 ? k[0] : k[k.size() - 2];
    int64_t kr = k.back();
    if (!alpha) {
        Cells c = cells_of(w, km);
        std::vector<Value> out;
        for (const Value& x : c.cells) out.push_back(item_of_call(apply(ex, f, nullptr, x)));
        if (out.empty()) { // the cell of fill, of the cells' shape (core:1462)
            Value r = call_on_prototypes(ex, f, nullptr, fill_cell(w, c.frame.size()));
            Shape shape = c.frame;
            Shape rs = r.shape();
            shape.insert(shape.end(), rs.begin(), rs.end());
            return value::make_array(shape, {}, value::fill_of(r.is_stored_array() ? r.array_data().prototype() : r));
        }
        return frame_of(c.frame, out);
    }
    // keyed frames agree by key (§11.3), the cells then paired by position without labels
    auto frame_len = [](int64_t r, int64_t k) { return r - (k >= 0 ? std::min(k, r) : std::max<int64_t>(r + k, 0)); };
    if ((value::layout_of(*alpha) || value::layout_of(w)) && frame_len(alpha->rank(), kl) > 0 &&
        frame_len(w.rank(), kr) > 0)
        return prim::keyed_dyad(*alpha, w, [&ex, &f, &spec](const Value& x, const Value& y) {
            Value px = prim::relabel(x, {}), py = prim::relabel(y, {});
            return rank(ex, f, spec, &px, py);
        }, std::min(frame_len(alpha->rank(), kl), frame_len(w.rank(), kr)));
    Cells a = cells_of(*alpha, kl), b = cells_of(w, kr);
    const Shape& longer = a.frame.size() >= b.frame.size() ? a.frame : b.frame;
    Shape frame = longer;
    for (size_t i = 0; i < std::min(a.frame.size(), b.frame.size()); i++) {
        if (a.frame[i] == b.frame[i] || b.frame[i] == 1) frame[i] = a.frame[i];
        else if (a.frame[i] == 1) frame[i] = b.frame[i];
        else throw Error(ErrorKind::Length, "rank: frames differ");
    }
    auto index_in = [](const Shape& idx, const Shape& s) {
        int64_t at = 0;
        for (size_t i = 0; i < s.size(); i++) at = at * s[i] + (s[i] == 1 ? 0 : idx[i]);
        return static_cast<size_t>(at);
    };
    int64_t n = value::count_of(frame);
    if (n == 0) { // one call on prototype cells gives the result's cell shape and prototype;
        // an argument that is one whole cell beside the empty frame is that cell (april:1260)
        Value left = a.cells.size() == 1 ? a.cells[0] : fill_cell(*alpha, a.frame.size());
        Value right = b.cells.size() == 1 ? b.cells[0] : fill_cell(w, b.frame.size());
        Value r = call_on_prototypes(ex, f, &left, right);
        Shape shape = frame;
        Shape rs = r.shape();
        shape.insert(shape.end(), rs.begin(), rs.end());
        return value::make_array(shape, {}, value::fill_of(r.is_stored_array() ? r.array_data().prototype() : r));
    }
    std::vector<Value> out;
    Shape idx(frame.size(), 0);
    for (int64_t p = 0; p < n; p++) {
        out.push_back(item_of_call(apply(ex, f, &a.cells[index_in(idx, a.frame)], b.cells[index_in(idx, b.frame)])));
        for (size_t i = frame.size(); i-- > 0;) {
            if (++idx[i] < frame[i]) break;
            idx[i] = 0;
        }
    }
    return frame_of(frame, out);
}

// K f⌸Y: the major cells of Y grouped by the matching cells of K (tolerant, by representative:
// ⍷K's groups), f called with each distinct key and its group, in first-occurrence order, the
// results assembled with fill. f⌸Y: Y gives the keys, the groups are their positions.
Value key(Exec& ex, const Value& f, const Value&, const Value* alpha, const Value& w) {
    const Value& keys = alpha ? *alpha : w;
    if (keys.rank() == 0 || w.rank() == 0) throw Error(ErrorKind::Rank, "key needs arrays, not units");
    int64_t n = keys.shape()[0];
    if (alpha && w.shape()[0] != n) throw Error(ErrorKind::Length, "key: one key per major cell");
    Value groups = prim::call(prim::Prim::Find, keys).read();
    auto cell_of = [](const Value& v, int64_t i) { return prim::select_cells(v, {i}, Shape{}); };
    std::vector<Value> out;
    for (const Value& g : items_of(groups)) {
        std::vector<int64_t> at = prim::read_ints(g);
        Value k = cell_of(keys, at[0]);
        Value values = alpha ? prim::select_cells(w, at, {static_cast<int64_t>(at.size())}) : prim::as_keys(g, w, 0, nullptr);
        if (alpha && value::layout_of(w)) { // the group's cells keep their keys: [at]⌷Y
            std::vector<Value> ps;
            for (int64_t p : at) ps.push_back(Value::integer(p));
            int64_t m = static_cast<int64_t>(ps.size());
            values = prim::call(prim::Prim::Squad, value::make_array({1}, {value::make_array({m}, std::move(ps))}), w);
        }
        out.push_back(item_of_call(apply(ex, f, &k, values)));
    }
    if (out.empty()) { // one call on prototypes gives the cell shape and prototype
        Value k = fill_cell(keys, 1);
        Value v = alpha ? fill_cell(w, 0) : value::make_array({0}, {}, Value::integer(0));
        Value r = call_on_prototypes(ex, f, &k, v);
        Shape shape{0};
        Shape rs = r.shape();
        shape.insert(shape.end(), rs.begin(), rs.end());
        return value::make_array(shape, {}, value::fill_of(r.is_stored_array() ? r.array_data().prototype() : r));
    }
    return frame_of({static_cast<int64_t>(out.size())}, out);
}

// f⌺S Y (§11): f on the window around every position of the leading ≢S axes (S: sizes, or a
// two-row matrix of sizes then movements): ⍵ is the window padded with fill (S↕Y with negated
// sizes), ⍺ the signed padding per axis (positive at the start, negative at the end); results
// assemble with fill. f⌺g Y is f⌺(g Y) Y.
Value stencil(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    if (alpha) throw Error(ErrorKind::Syntax, "stencil takes one argument");
    Value spec = g.is_function() ? apply(ex, g, nullptr, w) : g;
    if (spec.rank() > 2) throw Error(ErrorKind::Rank, "stencil sizes are a unit, a vector or a two-row matrix");
    if (spec.rank() == 2 && spec.shape()[0] != 2) throw Error(ErrorKind::Length, "a stencil matrix has two rows");
    std::vector<int64_t> all = integers_of(spec, "stencil");
    size_t k = spec.rank() == 2 ? static_cast<size_t>(spec.shape()[1]) : all.size();
    if (k == 0) throw Error(ErrorKind::Domain, "stencil needs a size");
    if (w.rank() == 0 || k > static_cast<size_t>(w.rank())) throw Error(ErrorKind::Rank, "more stencil sizes than axes");
    std::vector<int64_t> sizes(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(k));
    std::vector<int64_t> moves = spec.rank() == 2 ? std::vector<int64_t>(all.begin() + static_cast<std::ptrdiff_t>(k), all.end())
                                                  : std::vector<int64_t>(k, 1);
    std::vector<Value> negated;
    for (int64_t z : sizes) {
        if (z <= 0) throw Error(ErrorKind::Domain, "stencil sizes are positive");
        negated.push_back(Value::integer(-z));
    }
    for (int64_t m : moves) {
        if (m <= 0) throw Error(ErrorKind::Domain, "stencil movements are positive");
        if (spec.rank() == 2) negated.push_back(Value::integer(m));
    }
    Value neg = spec.rank() == 2 ? value::make_array({2, static_cast<int64_t>(k)}, std::move(negated))
                                 : value::make_array({static_cast<int64_t>(k)}, std::move(negated));
    Value windows = prim::call(prim::Prim::Windows, neg, w);
    Cells c = cells_of(windows, windows.rank() - static_cast<int64_t>(k));
    Shape sw = w.shape();
    std::vector<Value> out;
    Shape at(k, 0);
    for (const Value& cell : c.cells) {
        std::vector<Value> pads;
        for (size_t j = 0; j < k; j++) {
            int64_t start = at[j] * moves[j] - (sizes[j] - 1) / 2;
            int64_t before = std::max<int64_t>(0, -start), after = std::max<int64_t>(0, start + sizes[j] - sw[j]);
            pads.push_back(Value::integer(before > 0 ? before : -after));
        }
        Value a = value::make_array({static_cast<int64_t>(k)}, std::move(pads));
        out.push_back(item_of_call(apply(ex, f, &a, cell)));
        for (size_t j = k; j-- > 0;) {
            if (++at[j] < c.frame[j]) break;
            at[j] = 0;
        }
    }
    if (out.empty()) {
        Value a = value::make_array({static_cast<int64_t>(k)}, std::vector<Value>(k, Value::integer(0)));
        Value r = call_on_prototypes(ex, f, &a, fill_cell(windows, k));
        Shape shape = c.frame;
        Shape rs = r.shape();
        shape.insert(shape.end(), rs.begin(), rs.end());
        return value::make_array(shape, {}, value::fill_of(r.is_stored_array() ? r.array_data().prototype() : r));
    }
    return frame_of(c.frame, out);
}

// f@g Y (§14). Positions (an array g): f on [g]⌷Y, called once on the whole selection (an array
// f replaces it), written back where the same indexing of Y's 1-based positions lands; a
// predicate [p] selects ⍸p Y. Another g: g⁻ f g Y, and X f@g Y is g⁻ (g X) f (g Y).
Value under(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    Value positions_of = g;
    if (!g.is_function()) {
        Value gr = g.read();
        if (gr.is_stored_array() && gr.count() == 1 && gr.array_data().item(0).is_function()) // [p]
            positions_of = prim::call(prim::Prim::Where, apply(ex, gr.array_data().item(0), nullptr, w));
    } else {
        auto through = [&](const Value& v) { return apply(ex, g, nullptr, v); };
        Value y = through(w);
        Value r;
        if (f.is_function()) {
            Value x = alpha ? through(*alpha) : Value();
            r = apply(ex, f, alpha ? &x : nullptr, y);
        } else {
            r = f;
        }
        return apply_inverse(ex, g, nullptr, r);
    }
    Value cur = w.read();
    Value index = value::make_array({1}, {positions_of});
    if (holds_arrays(cur)) { // positions at every depth (select.h): a list item reaches into items
        DeepPositions at = deep_positions(cur);
        Value traced = prim::call(prim::Prim::Squad, index, at.tree).read();
        Value now = f.is_function() ? apply(ex, f, alpha, prim::call(prim::Prim::Squad, index, cur)) : f;
        return write_deep(cur, at, traced, now, true);
    }
    int64_t n = cur.count();
    auto ones = value::ArrayData::compact(Kind::Int, cur.shape());
    for (int64_t k = 0; k < n; k++) ones->items_as<int64_t>()[k] = k + 1;
    Value traced = prim::call(prim::Prim::Squad, index, cur.is_stored_array() ? Value::array(ones) : Value::integer(1)).read();
    Value selection = prim::call(prim::Prim::Squad, index, cur);
    Value now = f.is_function() ? apply(ex, f, alpha, selection) : f;
    std::vector<Value> items = items_of(cur), at = items_of(traced);
    if (!now.is_atom() && now.rank() > 0 && now.shape() != traced.shape())
        throw Error(ErrorKind::Length, "the value does not fit the selection");
    std::vector<Value> xs = now.is_atom() || now.rank() == 0 ? std::vector<Value>(at.size(), now.is_atom() ? now : items_of(now)[0])
                                                             : items_of(now);
    for (size_t k = 0; k < at.size(); k++) {
        int64_t p = at[k].as_i64();
        if (p > 0) items[static_cast<size_t>(p - 1)] = xs[k]; // the last write of a repeat stays
    }
    return cur.is_stored_array() ? written(cur, std::move(items)) : items[0];
}

// The operator name and left operand of a derived function ("reduce", "scan", ...), if f is one
// (defined after DerivedFn below).
bool derived_parts(const Value& f, std::string* name, Value* left);
// f⍨, the derived function (defined after DerivedFn below).
Value commuted(const Value& f);

// ⊃⍠A Y, P⊃⍠A Y and I⌷⍠A Y (functions.md §6.9, §7): Mix places the item axes at result
// positions A (the frame axes fill the others, in order); Pick picks along the listed axes (the
// others, in order, form the cell); Index takes one selector per listed axis, the other axes
// whole, and its result keeps Y's axis order.
Value select_along(const std::string& glyph, const std::vector<int64_t>& given, const Value* alpha, const Value& w) {
    auto resolved = [&](int64_t r) {
        std::vector<int64_t> out;
        for (int64_t a : given) {
            int64_t x = a < 0 ? a + r : a;
            if (x < 0 || x >= r) throw Error(ErrorKind::Domain, "an axis outside the argument");
            if (std::find(out.begin(), out.end(), x) != out.end()) throw Error(ErrorKind::Domain, "repeated axes");
            out.push_back(x);
        }
        return out;
    };
    // the transpose that sends axis first+j of v to position at[j], its other axes in order
    auto placed = [](const Value& v, int64_t first, const std::vector<int64_t>& at) {
        int64_t r = v.rank(), k = static_cast<int64_t>(at.size());
        std::vector<Value> dest(static_cast<size_t>(r));
        std::vector<bool> taken(static_cast<size_t>(r), false);
        for (int64_t j = 0; j < k; j++) {
            dest[static_cast<size_t>(first + j)] = Value::integer(at[static_cast<size_t>(j)]);
            taken[static_cast<size_t>(at[static_cast<size_t>(j)])] = true;
        }
        for (int64_t i = 0, next = 0; i < r; i++) {
            if (i >= first && i < first + k) continue;
            while (taken[static_cast<size_t>(next)]) next++;
            dest[static_cast<size_t>(i)] = Value::integer(next++);
        }
        return r < 2 ? v : prim::call(prim::Prim::Transpose, value::make_array({r}, std::move(dest)), v);
    };
    if (glyph == "⊃" && !alpha) {
        Value m = prim::call(prim::Prim::Disclose, w);
        std::vector<int64_t> at = resolved(m.rank());
        if (static_cast<int64_t>(at.size()) != m.rank() - w.rank())
            throw Error(ErrorKind::Length, "one axis per item axis");
        return placed(m, w.rank(), at);
    }
    std::vector<int64_t> at = resolved(w.rank());
    if (glyph == "⊃") { // the listed axes first, then pick
        // axis at[j] of w goes to j, the others after in order
        int64_t r = w.rank();
        std::vector<Value> dest(static_cast<size_t>(r));
        std::vector<bool> listed(static_cast<size_t>(r), false);
        for (size_t j = 0; j < at.size(); j++) {
            dest[static_cast<size_t>(at[j])] = Value::integer(static_cast<int64_t>(j));
            listed[static_cast<size_t>(at[j])] = true;
        }
        for (int64_t i = 0, next = static_cast<int64_t>(at.size()); i < r; i++)
            if (!listed[static_cast<size_t>(i)]) dest[static_cast<size_t>(i)] = Value::integer(next++);
        Value t = r < 2 ? w : prim::call(prim::Prim::Transpose, value::make_array({r}, std::move(dest)), w);
        return prim::call(prim::Prim::Disclose, *alpha, t);
    }
    Value sel = alpha->read();
    std::vector<Value> items = sel.rank() == 0 ? std::vector<Value>{sel} : items_of(sel);
    if (sel.rank() > 1) throw Error(ErrorKind::Rank, "index selectors are a unit or a vector");
    if (items.size() != at.size()) throw Error(ErrorKind::Length, "one selector per listed axis");
    std::vector<Value> full(static_cast<size_t>(w.rank()), Value::real(INFINITY));
    for (size_t j = 0; j < at.size(); j++) full[static_cast<size_t>(at[j])] = items[j];
    int64_t r = w.rank();
    return prim::call(prim::Prim::Squad, value::make_array({r}, std::move(full)), w);
}

// X⌽⍠k Y with a count array (core:1519): each vector along axis k rotates by its own count, the
// counts in the shape of the other axes: axis k moves last, ⌽ rotates, and it moves back.
Value rotate_along(const Value& counts, int64_t axis, const Value& w) {
    int64_t r = w.rank(), k = axis < 0 ? axis + r : axis;
    if (k < 0 || k >= r) throw Error(ErrorKind::Domain, "an axis outside the argument");
    std::vector<Value> to_end(static_cast<size_t>(r)), back(static_cast<size_t>(r));
    for (int64_t i = 0; i < r; i++) {
        int64_t at = i == k ? r - 1 : i - (i > k ? 1 : 0);
        to_end[static_cast<size_t>(i)] = Value::integer(at);
        back[static_cast<size_t>(at)] = Value::integer(i);
    }
    Value t = prim::call(prim::Prim::Transpose, value::make_array({r}, std::move(to_end)), w);
    Value rotated = prim::call(prim::Prim::Reverse, counts, t);
    return prim::call(prim::Prim::Transpose, value::make_array({r}, std::move(back)), rotated);
}

// X f⍠A Y for a pervasive primitive f (§9: it keeps its own axis meaning): the lower-rank
// argument's axes pair with the listed axes of the other (as many as it has, else LENGTH), its
// other axes of length 1; equal ranks pair the left's axes in order with the right's listed
// ones. Length-1 axes then stretch (core:783, core:1473).
Value pervasive_along(const Value& f, const std::vector<int64_t>& given, const Value& a, const Value& w) {
    bool left_low = a.rank() < w.rank();
    const Value& lo = left_low ? a : w;
    const Value& hi = left_low ? w : a;
    int64_t r = hi.rank(), n = lo.rank();
    if (static_cast<int64_t>(given.size()) != n)
        throw Error(ErrorKind::Length, "a pervasive function's axes match the lower-rank argument");
    std::vector<int64_t> at;
    for (int64_t x : given) {
        int64_t k = x < 0 ? x + r : x;
        if (k < 0 || k >= r) throw Error(ErrorKind::Domain, "an axis outside the argument");
        if (std::find(at.begin(), at.end(), k) != at.end()) throw Error(ErrorKind::Domain, "repeated axes");
        at.push_back(k);
    }
    auto ints = [](const std::vector<int64_t>& xs) {
        std::vector<Value> v;
        for (int64_t x : xs) v.push_back(Value::integer(x));
        int64_t count = static_cast<int64_t>(v.size()); // before the move
        return value::make_array({count}, std::move(v));
    };
    // axis j of the placed argument is axis at[j] of the result; the rest are unit axes after it
    std::vector<int64_t> dest(at);
    for (int64_t j = 0; j < r; j++)
        if (std::find(at.begin(), at.end(), j) == at.end()) dest.push_back(j);
    Shape s = lo.shape();
    s.resize(static_cast<size_t>(r), 1);
    // the labels of v's axes at their new places: axis j of v becomes axis to[j]
    auto moved = [](const Value& v, const Value& out, const std::vector<int64_t>& to) {
        const value::Layout* l = value::layout_of(v);
        if (!l) return out;
        std::vector<value::AxisLayout> axes(static_cast<size_t>(out.rank()));
        for (size_t j = 0; j < to.size() && static_cast<int64_t>(j) < l->rank(); j++)
            axes[static_cast<size_t>(to[j])] = l->axis(static_cast<int64_t>(j));
        return prim::relabel(out, value::Layout::of(std::move(axes)));
    };
    Value placed = prim::call(prim::Prim::Rho, ints(std::vector<int64_t>(s.begin(), s.end())), lo);
    if (r > 1) placed = prim::call(prim::Prim::Transpose, ints(dest), placed);
    placed = moved(lo, placed, at);
    if (a.rank() == w.rank()) { // equal ranks: the right's axis at[j] moves to j
        std::vector<int64_t> back(static_cast<size_t>(r));
        for (int64_t j = 0; j < r; j++) back[static_cast<size_t>(at[static_cast<size_t>(j)])] = j;
        Value t = r > 1 ? moved(w, prim::call(prim::Prim::Transpose, ints(back), w), back) : w;
        return prim::call(*primitive_operand(f), a, t);
    }
    return left_low ? prim::call(*primitive_operand(f), placed, w) : prim::call(*primitive_operand(f), a, placed);
}

// f⍠A (§9; §4.3 for reductions and scans): f on the cells made of axes A (negative from the end);
// the other axes, in order, are the frame. Result cells of A's rank return to A's axes; others
// start where the first listed axis was. Dyadic: A applies to both; an argument lacking the axes
// is one whole cell, and for catenation one rank lower is one slice along the axis. f/⍠A reduces
// the cells of A ravelled in the listed order (⍠⍬: singleton cells); f\⍠a scans along axis a.
Value variant(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    Value spec = g.is_function() ? apply(ex, g, nullptr, w) : g;
    if (spec.rank() > 1) throw Error(ErrorKind::Rank, "axes are a unit or a vector");
    std::optional<std::vector<int64_t>> by_name = prim::named_axes(spec, w, alpha); // ⍠"month"
    std::vector<int64_t> given = by_name ? *by_name : integers_of(spec, "axis");
    std::string kind;
    Value base;
    bool reduction = derived_parts(f, &kind, &base) && (kind == "reduce" || kind == "scan");
    std::string glyph = f.is_function() ? spelling(f) : "";
    if (glyph == "⊃" || (glyph == "⌷" && alpha)) return select_along(glyph, given, alpha, w);
    if ((glyph == "⌽" || glyph == "⊖") && alpha && alpha->rank() > 0 && given.size() == 1)
        return rotate_along(*alpha, given[0], w);
    if (glyph == ":" || (glyph == "⍳" && !alpha)) { // keys on listed axes, or theirs (§11.1)
        std::vector<int64_t> at;
        for (int64_t x : given) {
            int64_t k = x < 0 ? x + w.rank() : x;
            if (k < 0 || k >= w.rank()) throw Error(ErrorKind::Domain, "an axis outside the argument");
            if (std::find(at.begin(), at.end(), k) != at.end()) throw Error(ErrorKind::Domain, "repeated axes");
            at.push_back(k);
        }
        return glyph == ":" ? prim::keys_along(alpha, at, w) : prim::keys_of_axes(at, w);
    }
    if (glyph == "⍳" || glyph == "⌷") throw Error(ErrorKind::Nonce, glyph + "⍠ is not supported yet");
    if (alpha && !reduction)
        if (auto p = primitive_operand(f))
            if (prim::info(*p).dyadic_fn) return pervasive_along(f, given, *alpha, w);
    if (glyph == "⊂" && !alpha && given.empty()) { // no axes: every item enclosed (april:1026)
        Value r = w.read();
        std::vector<Value> items;
        for (const Value& v : items_of(r)) items.push_back(value::enclose(v));
        return value::make_array(r.shape(), std::move(items));
    }
    if ((glyph == "⊂" || glyph == "⊆") && alpha) { // cuts whole blocks along one axis
        if (given.size() != 1) throw Error(ErrorKind::Length, "a partition cuts along one axis");
        int64_t r = w.rank(), k = given[0] < 0 ? given[0] + r : given[0];
        if (k < 0 || k >= r) throw Error(ErrorKind::Domain, "an axis outside the argument");
        std::vector<Value> first(static_cast<size_t>(r)), back(static_cast<size_t>(r));
        for (int64_t j = 0, at = 1; j < r; j++) first[static_cast<size_t>(j)] = Value::integer(j == k ? 0 : at++);
        for (int64_t j = 0, at = 0; j < r; j++) // a piece's axis i goes back to where it came from
            if (j != k) back[static_cast<size_t>(++at)] = Value::integer(j);
        back[0] = Value::integer(k);
        Value to_front = value::make_array({r}, std::move(first)), to_place = value::make_array({r}, std::move(back));
        auto placed = [&](const Value& piece) {
            return r < 2 ? piece : prim::call(prim::Prim::Transpose, to_place, piece);
        };
        Value cut = apply(ex, f, alpha, r < 2 ? w : prim::call(prim::Prim::Transpose, to_front, w)).read();
        std::vector<Value> pieces;
        for (const Value& p : items_of(cut)) pieces.push_back(placed(p.read()));
        Value proto = cut.is_stored_array() ? placed(cut.array_data().prototype()) : Value();
        int64_t n = static_cast<int64_t>(pieces.size()); // before the move
        return value::make_array({n}, std::move(pieces), proto);
    }
    // A's axes resolved against a rank; false when some axis is outside it
    auto resolve = [&](int64_t r, std::vector<int64_t>& axes) {
        axes.clear();
        for (int64_t a : given) {
            int64_t x = a < 0 ? a + r : a;
            if (x < 0 || x >= r) return false;
            if (std::find(axes.begin(), axes.end(), x) != axes.end()) throw Error(ErrorKind::Domain, "repeated axes");
            axes.push_back(x);
        }
        return true;
    };
    std::vector<int64_t> aw;
    if (!resolve(w.rank(), aw)) {
        // a right argument lacking the axes is one whole cell beside a left one that has them
        std::vector<int64_t> aa;
        if (alpha && !reduction && resolve(alpha->rank(), aa)) {
            return variant(ex, commuted(f), g, &w, *alpha);
        }
        throw Error(ErrorKind::Domain, "an axis outside the argument");
    }
    if (glyph == "," && !alpha && aw.size() > 1)
        for (size_t j = 1; j < aw.size(); j++)
            if (aw[j] != aw[j - 1] + 1) throw Error(ErrorKind::Domain, "ravel takes adjacent axes in order");
    if ((glyph == "↑" || glyph == "↓") && alpha && alpha->count() != static_cast<int64_t>(aw.size()))
        throw Error(ErrorKind::Length, "one count per listed axis");
    int64_t r = w.rank();
    std::vector<int64_t> others;
    for (int64_t j = 0; j < r; j++)
        if (std::find(aw.begin(), aw.end(), j) == aw.end()) others.push_back(j);
    // v with its axes reordered: others first, then `cells` (listed order)
    auto to_cells = [&](const Value& v, const std::vector<int64_t>& rest, const std::vector<int64_t>& cells) {
        std::vector<Value> where(static_cast<size_t>(v.rank()));
        int64_t k = 0;
        for (int64_t j : rest) where[static_cast<size_t>(j)] = Value::integer(k++);
        for (int64_t j : cells) where[static_cast<size_t>(j)] = Value::integer(k++);
        if (v.rank() < 2) return v;
        return prim::call(prim::Prim::Transpose, value::make_array({v.rank()}, std::move(where)), v);
    };
    auto ints = [](std::vector<int64_t> xs) {
        std::vector<Value> v;
        for (int64_t x : xs) v.push_back(Value::integer(x));
        int64_t n = static_cast<int64_t>(v.size());
        return value::make_array({n}, std::move(v));
    };
    int64_t na = static_cast<int64_t>(aw.size());
    Value wt = to_cells(w, others, aw);
    Value result;
    int64_t cell_rank;
    if (reduction && kind == "reduce") { // one cell ravelled in the listed order, reduced
        Shape s = wt.shape();
        Shape flat(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(r - na));
        flat.push_back(value::count_of(Shape(s.begin() + static_cast<std::ptrdiff_t>(r - na), s.end())));
        std::vector<int64_t> fs(flat.begin(), flat.end());
        Value cells = prim::call(prim::Prim::Rho, ints(fs), wt);
        Shape frame(flat.begin(), flat.end() - 1);
        if (value::count_of(frame) == 0 && flat.back() > 0) {
            // an empty frame reduces its prototype cell once (its calls are visible), then
            // gives an empty array of the frame's shape (reduce-axes-prototype)
            Value lane = fill_cell(cells, frame.size());
            Value r = reduce(ex, base, alpha, lane, false);
            return value::make_array(frame, {}, value::fill_of(r.read()));
        }
        Value r = reduce(ex, base, alpha, cells, false);
        // each cell receives the whole seed: the lanes' results are the major cells
        if (alpha && !frame.empty()) return prim::call(prim::Prim::Disclose, r);
        // the axes not reduced keep their labels (reduce-axes-keys)
        const value::Layout* l = value::layout_of(w);
        if (!l || !l->labelled() || r.rank() != static_cast<int64_t>(others.size())) return r;
        std::vector<value::AxisLayout> kept;
        for (int64_t j : others) kept.push_back(j < l->rank() ? l->axis(j) : value::AxisLayout{});
        return prim::relabel(r, value::Layout::of(std::move(kept)));
    }
    if (reduction) { // a scan along one axis
        if (na != 1) throw Error(ErrorKind::Length, "a scan takes one axis");
        result = scan(ex, base, alpha, wt, false);
        cell_rank = 1;
    } else {
        Value at;
        std::vector<Value> ranks{Value::integer(na)};
        if (alpha) {
            std::vector<int64_t> aa;
            Value a = *alpha;
            if (glyph == "," && a.rank() + 1 == r && na == 1) { // one slice along the axis
                Shape sa = a.shape();
                sa.insert(sa.begin() + aw[0], 1);
                a = prim::call(prim::Prim::Rho, ints(std::vector<int64_t>(sa.begin(), sa.end())), a);
            }
            if (a.rank() >= 1 && resolve(a.rank(), aa)) {
                std::vector<int64_t> ao;
                for (int64_t j = 0; j < a.rank(); j++)
                    if (std::find(aa.begin(), aa.end(), j) == aa.end()) ao.push_back(j);
                at = to_cells(a, ao, aa);
                ranks.insert(ranks.begin(), Value::integer(na));
            } else {
                at = a;
                ranks.insert(ranks.begin(), Value::integer(a.rank()));
            }
        }
        int64_t nr = static_cast<int64_t>(ranks.size()); // before the move
        Value rspec = value::make_array({nr}, std::move(ranks));
        result = rank(ex, f, rspec, alpha ? &at : nullptr, wt);
        cell_rank = -1;
    }
    // back: result axes are the frame (the other axes of w) then the result cells
    int64_t fr = static_cast<int64_t>(others.size()), rr = result.rank();
    int64_t cr = cell_rank >= 0 ? cell_rank : rr - fr;
    if (cr < 0 || rr < 2) return result;
    std::vector<int64_t> dest(static_cast<size_t>(rr));
    if (cr == na) {
        for (int64_t i = 0; i < fr; i++) dest[static_cast<size_t>(i)] = others[static_cast<size_t>(i)];
        for (int64_t j = 0; j < cr; j++) dest[static_cast<size_t>(fr + j)] = aw[static_cast<size_t>(j)];
    } else { // the cells start where the first listed axis was (at the end for ⍬)
        int64_t q = aw.empty() ? fr : static_cast<int64_t>(std::count_if(others.begin(), others.end(), [&](int64_t o) { return o < aw[0]; }));
        for (int64_t i = 0; i < fr; i++) dest[static_cast<size_t>(i)] = i < q ? i : i + cr;
        for (int64_t j = 0; j < cr; j++) dest[static_cast<size_t>(fr + j)] = q + j;
    }
    return prim::call(prim::Prim::Transpose, ints(dest), result);
}

// s⍚fs (§15): one case of the function vector fs, chosen by the unit index s (negative from the
// end; $f and $t are 0 and 1) or by the function s on the arguments (called once), called with
// the original arguments; an array among the cases is a constant. Only the chosen case runs.
// The case a unit index picks among n (§15's index errors).
int64_t agenda_index(const Value& pick, int64_t n) {
    if (pick.is_function()) throw Error(ErrorKind::Domain, "agenda's index is a number");
    if (pick.rank() != 0) throw Error(ErrorKind::Rank, "agenda's index is a unit");
    std::vector<int64_t> i = integers_of(pick, "agenda");
    if (i.size() != 1) throw Error(ErrorKind::Rank, "agenda's index is a unit");
    int64_t k = i[0] < 0 ? i[0] + n : i[0];
    if (k < 0 || k >= n) throw Error(ErrorKind::Index, "no such case");
    return k;
}
// The cases, and an array index, are checked when s⍚fs is derived (core:720–751).
void agenda_operands(const Value& s, const Value& fs) {
    if (fs.is_function() || fs.rank() != 1) throw Error(ErrorKind::Rank, "agenda's cases are a vector");
    if (fs.count() == 0) throw Error(ErrorKind::Domain, "agenda needs a case");
    if (!s.is_function()) agenda_index(s, fs.count());
}
Value agenda(Exec& ex, const Value& s, const Value& fs, const Value* alpha, const Value& w) {
    agenda_operands(s, fs);
    std::vector<Value> cases = items_of(fs.read());
    Value pick = s.is_function() ? apply(ex, s, alpha, w) : s;
    int64_t k = agenda_index(pick, static_cast<int64_t>(cases.size()));
    const Value& chosen = cases[static_cast<size_t>(k)];
    return chosen.is_function() ? apply(ex, chosen, alpha, w) : chosen;
}

// f⍣n: n applications (a bound left argument stays), the inverse for negative n, ±∞ until the
// state stops changing; f⍣g: until (f x) g x holds; f⍣[g]: the states through that one.
Value power(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    if (g.is_function()) {
        Value x = w;
        for (;;) {
            Value next = apply(ex, f, alpha, x);
            if (truth(apply(ex, g, &next, x))) return next;
            x = next;
        }
    }
    if (g.rank() == 1 && g.count() == 1) { // f⍣[p]: every state from w through the first p holds
        Value p = items_of(g.read())[0];
        if (p.is_function()) {
            std::vector<Value> states{w};
            for (bool done = false; !done;) {
                Value next = apply(ex, f, alpha, states.back());
                done = truth(apply(ex, p, &next, states.back()));
                states.push_back(next);
            }
            return vector_of(std::move(states));
        }
    }
    std::vector<int64_t> n = integers_of(g, "power");
    // The states after each wanted count in one direction, from w: one pass up to the largest,
    // so repeated and ordered counts reuse iterates (core:2142); ∞ runs to a fixed point.
    auto states = [&](bool back, std::vector<int64_t> counts) {
        auto step = [&](const Value& x) {
            return back ? apply_inverse(ex, f, alpha, x) : apply(ex, f, alpha, x);
        };
        std::sort(counts.begin(), counts.end());
        counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
        std::vector<std::pair<int64_t, Value>> out;
        Value x = w;
        int64_t done = 0;
        for (int64_t count : counts) {
            if (count >= INT64_MAX / 2) { // ∞: a fixed point
                for (;;) {
                    Value next = step(x).read();
                    if (value::match(next, x)) break;
                    x = next;
                }
            } else {
                for (; done < count; done++) x = step(x);
            }
            out.emplace_back(count, x);
        }
        return out;
    };
    auto split = [&](bool back) {
        std::vector<int64_t> c;
        for (int64_t k : n)
            if (k != 0 && (k < 0) == back) c.push_back(back ? -k : k);
        return states(back, c);
    };
    if (g.rank() == 0) return n[0] == 0 ? w : split(n[0] < 0)[0].second;
    // An array of counts: the state after each, one item each, in the counts' shape; no counts
    // never call f, and take w's fill as prototype (core:2082–2115).
    auto up = split(false), down = split(true);
    auto state_at = [&](int64_t k) -> const Value& {
        if (k == 0) return w;
        const auto& side = k > 0 ? up : down;
        int64_t want = k > 0 ? k : -k;
        return std::lower_bound(side.begin(), side.end(), want,
                                [](const auto& s, int64_t v) { return s.first < v; })->second;
    };
    std::vector<Value> items;
    for (int64_t k : n) items.push_back(state_at(k));
    Value r = w.read();
    return value::make_array(g.shape(), std::move(items), value::fill_of(r));
}

// α f⊗ ω: every item of α with every item of ω; shape (⍴α),⍴ω. Two atoms call f directly.
Value outer(Exec& ex, const Value& f, const Value&, const Value* alpha, const Value& w) {
    if (!alpha) throw Error(ErrorKind::Nonce, "monadic ⊗ is not supported yet");
    if (alpha->rank() == 0 && w.rank() == 0) return apply(ex, f, alpha, w);
    std::vector<Value> ia = items_of(*alpha), iw = items_of(w);
    Shape shape = alpha->shape();
    Shape sw = w.shape();
    shape.insert(shape.end(), sw.begin(), sw.end());
    std::vector<Value> out;
    for (const Value& x : ia)
        for (const Value& y : iw) out.push_back(item_of_call(apply(ex, f, &x, y)));
    Value proto;
    if (out.empty()) { // prototype mode: one call, on α's prototype and ω's first item (§8)
        auto first = [](const Value& v, const std::vector<Value>& items) {
            if (!items.empty()) return items[0];
            Value r = v.read();
            return r.is_stored_array() ? value::fill_of(r.array_data().prototype()) : r;
        };
        Value fa = first(*alpha, ia);
        proto = call_on_prototypes(ex, f, &fa, first(w, iw));
    }
    return value::make_array(shape, std::move(out), proto);
}

// X f.g Y: f/ over X's rows g Y's columns (last axis of X with the first of Y). Primitive
// scalar operands on native arguments are one Product node (prim::product); this host loop
// serves the rest.
Value inner(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    if (!alpha) throw Error(ErrorKind::Syntax, "inner product takes two arguments");
    if (auto pf = primitive_operand(f))
        if (auto pg = primitive_operand(g))
            if (auto r = prim::product(*pf, *pg, *alpha, w)) return *r;
    Shape sa = alpha->shape(), sw = w.shape();
    // the contraction lengths; an atom or a length-1 axis extends to the other side's
    int64_t na = sa.empty() ? 1 : sa.back(), nw = sw.empty() ? 1 : sw[0];
    if (na != nw && na != 1 && nw != 1) throw Error(ErrorKind::Length, "inner product lengths differ");
    int64_t n = na == 1 ? nw : na;
    std::vector<Value> ia = items_of(*alpha), iw = items_of(w);
    int64_t rows = sa.empty() ? 1 : value::count_of(Shape(sa.begin(), sa.end() - 1));
    int64_t cols = sw.empty() ? 1 : value::count_of(Shape(sw.begin() + 1, sw.end()));
    Shape shape(sa.begin(), sa.empty() ? sa.end() : sa.end() - 1);
    if (!sw.empty()) shape.insert(shape.end(), sw.begin() + 1, sw.end());
    std::vector<Value> out;
    for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j < cols; j++) {
            // g on each pair (§10: "g on pairs"), then f/ on the pair vector
            std::vector<Value> pairs;
            for (int64_t k = 0; k < n; k++) {
                const Value& x = ia[static_cast<size_t>(i * na + (na == 1 ? 0 : k))];
                const Value& y = iw[static_cast<size_t>((nw == 1 ? 0 : k) * cols + j)];
                pairs.push_back(item_of_call(apply(ex, g, &x, y)));
            }
            out.push_back(reduce(ex, f, nullptr, vector_of(std::move(pairs)), false));
        }
    if (shape.empty()) return out[0];
    return value::make_array(shape, std::move(out));
}

// --- inverses (operators-and-system.md §13): each derived function's from its operands ---

// The count of f⍣n as a negated scalar operand; count arrays and predicates have no inverse.
Value negated_count(const Value& g) {
    if (g.is_function() || g.rank() > 0)
        throw Error(ErrorKind::Domain, "only a single count of ⍣ has an inverse");
    std::vector<int64_t> n = integers_of(g, "power");
    return Value::real(-static_cast<double>(n[0]), number::Kind::F64, true);
}
Value power_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w) {
    return power(ex, f, negated_count(g), a, w);
}
Value power_inverse_left(Exec& ex, const Value& f, const Value& g, const Value& r, const Value& w) {
    Value n = negated_count(g);
    if (n.as_f64() != -1) throw Error(ErrorKind::Domain, "only f⍣1 inverts with its right argument held");
    return apply_inverse_left(ex, f, r, w);
}

Value inverse_call(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    return apply_inverse(ex, f, a, w);
}
Value inverse_inverse(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    return apply(ex, f, a, w);
}
// Z f⁻ R ≡ Y means Z f Y ≡ R.
Value inverse_inverse_left(Exec& ex, const Value& f, const Value&, const Value& r, const Value& w) {
    return apply_inverse_left(ex, f, w, r);
}

// f\⁻: each item from its predecessor through f's inverse with the left argument held (a seed
// X stands before the first). A primitive operand inverts a whole axis at once.
std::vector<Value> unscan_items(Exec& ex, const Value& f, const Value* seed,
                                const std::vector<Value>& ys) {
    std::vector<Value> out;
    for (size_t i = 0; i < ys.size(); i++) {
        const Value* prev = i > 0 ? &ys[i - 1] : seed;
        out.push_back(prev ? apply_inverse(ex, f, prev, ys[i]) : ys[i]);
    }
    return out;
}
Value unscan(Exec& ex, const Value& f, const Value* alpha, const Value& w, bool first_axis) {
    need_function(f, "scan");
    if (w.rank() == 0) return alpha ? apply_inverse(ex, f, alpha, w) : w;
    auto p = primitive_operand(f);
    if (p && prim::info(*p).dyadic_fn && (first_axis || w.rank() == 1) && w.shape()[0] > 0) {
        Value one = Value::integer(1), last = Value::integer(-1);
        Value prev = prim::call(prim::Prim::Drop, last, w);
        if (alpha) { // the seed as one major cell before the rest
            std::vector<Value> dims{Value::integer(1)};
            Shape s = w.shape();
            for (size_t i = 1; i < s.size(); i++) dims.push_back(Value::integer(s[i]));
            Value seed = prim::call(prim::Prim::Rho, vector_of(std::move(dims)), *alpha);
            prev = prim::call(prim::Prim::Table, seed, prev);
            return apply_inverse(ex, f, &prev, w);
        }
        Value rest = apply_inverse(ex, f, &prev, prim::call(prim::Prim::Drop, one, w));
        return prim::call(prim::Prim::Table, prim::call(prim::Prim::Take, one, w), rest);
    }
    if (first_axis || w.rank() == 1) {
        std::vector<Value> cells = unscan_items(ex, f, alpha, major_cells(w));
        if (w.rank() == 1) return value::make_array(w.shape(), std::move(cells));
        return cells.empty() ? w : assemble(cells);
    }
    Rows rows = last_axis_rows(w);
    std::vector<Value> out;
    for (const auto& row : rows.rows)
        for (Value& v : unscan_items(ex, f, alpha, row)) out.push_back(std::move(v));
    return value::make_array(w.shape(), std::move(out));
}
Value unscan_last(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    return unscan(ex, f, a, w, false);
}
Value unscan_first(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    return unscan(ex, f, a, w, true);
}

// X f⊗ Z ≡ Y with X held: Y is (⍴X),⍴Z; every item of X must recover the same Z from its
// cell of Y. With the right argument R held, Y is (⍴Z),⍴R and each item of R recovers Z from
// the values along the trailing axes. The agreement is a read of the recovered values.
Value outer_recover(Exec& ex, const Value& f, const Value& held, const Value& w, bool right) {
    Shape sh = held.shape(), sw = w.shape();
    if (sh.size() > sw.size()) throw Error(ErrorKind::Domain, "the result has too few axes");
    size_t split = right ? sw.size() - sh.size() : sh.size();
    Shape lead(sw.begin(), sw.begin() + static_cast<std::ptrdiff_t>(split));
    Shape trail(sw.begin() + static_cast<std::ptrdiff_t>(split), sw.end());
    if ((right ? trail : lead) != sh)
        throw Error(ErrorKind::Domain, "the result's axes do not match the held argument");
    int64_t n = value::count_of(sh);
    if (n == 0) throw Error(ErrorKind::Domain, "an empty held argument recovers nothing");
    const Shape& zs = right ? lead : trail;
    int64_t m = value::count_of(zs);
    Value table = prim::call(prim::Prim::Rho,
                             vector_of(right ? std::vector<Value>{Value::integer(m), Value::integer(n)}
                                             : std::vector<Value>{Value::integer(n), Value::integer(m)}),
                             w);
    if (right) table = prim::call(prim::Prim::Transpose, table);
    Value items = prim::call(prim::Prim::Comma, held);
    Value first;
    for (int64_t j = 0; j < n; j++) {
        Value h = prim::call(prim::Prim::Squad, Value::integer(j), items);
        Value cell = prim::call(prim::Prim::Squad, Value::integer(j), table);
        Value z = (right ? apply_inverse_left(ex, f, h, cell) : apply_inverse(ex, f, &h, cell)).read();
        if (j == 0) first = z;
        else if (!value::match(z, first))
            throw Error(ErrorKind::Domain, "the outer product's cells recover different arguments");
    }
    std::vector<Value> dims;
    for (int64_t d : zs) dims.push_back(Value::integer(d));
    return prim::call(prim::Prim::Rho, vector_of(std::move(dims)), first);
}
Value outer_inverse(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    if (!a) throw Error(ErrorKind::Domain, "monadic ⊗ has no inverse");
    return outer_recover(ex, f, *a, w, false);
}
Value outer_inverse_left(Exec& ex, const Value& f, const Value&, const Value& r, const Value& w) {
    return outer_recover(ex, f, r, w, true);
}

// (f¨)⁻ is f⁻¨.
Value each_inverse(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    return each(ex, inverse_function(f), Value(), a, w);
}
Value each_inverse_left(Exec& ex, const Value& f, const Value&, const Value& r, const Value& w) {
    return each(ex, left_inverse_function(f), Value(), &r, w);
}

// Z with `Z f Z ≡ w` for a derived f whose operator has that inverse (defined with DerivedFn).
Value derived_inverse_self(Exec& ex, const Value& f, const Value& w);

// f⍨ inverts on the other side; monadically `Y f Y` needs the row's self inverse (a primitive's,
// or a derived function's from its operator's column); a constant gives back only itself.
Value commute_inverse(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    if (!f.is_function()) {
        if (!value::match(f.read(), w.read())) throw Error(ErrorKind::Domain, "not the constant");
        return w;
    }
    if (a) return apply_inverse_left(ex, f, *a, w);
    if (auto p = primitive_operand(f)) return prim::inverse_self(*p, w);
    return derived_inverse_self(ex, f, w);
}
Value commute_inverse_left(Exec& ex, const Value& f, const Value&, const Value& r, const Value& w) {
    return apply_inverse(ex, f, &r, w);
}

// (f∘g)⁻ is g⁻∘f⁻.
Value atop_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w) {
    return apply_inverse(ex, g, a, apply_inverse(ex, f, nullptr, w));
}
Value atop_inverse_left(Exec& ex, const Value& f, const Value& g, const Value& r, const Value& w) {
    return apply_inverse_left(ex, g, r, apply_inverse(ex, f, nullptr, w));
}
// f⍥g: through g of the held side, then g⁻.
Value over_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w) {
    if (!a) return apply_inverse(ex, g, nullptr, apply_inverse(ex, f, nullptr, w));
    Value l = apply(ex, g, nullptr, *a);
    return apply_inverse(ex, g, nullptr, apply_inverse(ex, f, &l, w));
}
Value over_inverse_left(Exec& ex, const Value& f, const Value& g, const Value& r, const Value& w) {
    Value gr = apply(ex, g, nullptr, r);
    return apply_inverse(ex, g, nullptr, apply_inverse_left(ex, f, gr, w));
}
// f↣g: the left argument f X is held; A↣f holds A. Monadic (f Y) g Y uses Y twice: none.
Value before_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w) {
    if (!f.is_function()) {
        if (a) throw Error(ErrorKind::Syntax, "a bound function takes one argument");
        return apply_inverse(ex, g, &f, w);
    }
    if (!a) throw Error(ErrorKind::Domain, "monadic f↣g has no inverse");
    Value l = apply(ex, f, nullptr, *a);
    return apply_inverse(ex, g, &l, w);
}
Value before_inverse_left(Exec& ex, const Value& f, const Value& g, const Value& r, const Value& w) {
    if (!f.is_function()) throw Error(ErrorKind::Syntax, "a bound function takes one argument");
    return apply_inverse(ex, f, nullptr, apply_inverse_left(ex, g, r, w));
}
// Z with `Z f (g Z) ≡ w`: monadic f↢g and (f↢g)⍨ alike; by the pair of rows (prim/inverse.h).
Value after_inverse_self(Exec&, const Value& f, const Value& g, const Value& w) {
    auto pf = primitive_operand(f), pg = primitive_operand(g);
    if (!pf || !pg) throw Error(ErrorKind::Domain, "monadic f↢g has no inverse");
    return prim::inverse_self_after(*pf, *pg, w);
}
// f↢g: X f⁻ first, then g⁻; f↢A holds A on the right; monadically Y f (g Y).
Value after_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w) {
    if (!g.is_function()) {
        if (a) throw Error(ErrorKind::Syntax, "a bound function takes one argument");
        return apply_inverse_left(ex, f, g, w);
    }
    if (!a) return after_inverse_self(ex, f, g, w);
    return apply_inverse(ex, g, nullptr, apply_inverse(ex, f, a, w));
}
Value after_inverse_left(Exec& ex, const Value& f, const Value& g, const Value& r, const Value& w) {
    if (!g.is_function()) throw Error(ErrorKind::Syntax, "a bound function takes one argument");
    return apply_inverse_left(ex, f, apply(ex, g, nullptr, r), w);
}
// (f⊘g)⁻ inverts each valence.
Value valences_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w) {
    return a ? apply_inverse(ex, g, a, w) : apply_inverse(ex, f, nullptr, w);
}
Value valences_inverse_left(Exec& ex, const Value&, const Value& g, const Value& r, const Value& w) {
    return apply_inverse_left(ex, g, r, w);
}
// (f⍤k)⁻ is f⁻⍤k; with the right argument held the ranks trade places.
Value rank_inverse(Exec& ex, const Value& f, const Value& spec, const Value* a, const Value& w) {
    return rank(ex, inverse_function(f), spec, a, w);
}
Value rank_inverse_left(Exec& ex, const Value& f, const Value& spec, const Value& r, const Value& w) {
    std::vector<int64_t> k = integers_of(spec, "rank");
    if (k.empty() || k.size() > 3) throw Error(ErrorKind::Length, "rank takes one to three numbers");
    int64_t kl = k.size() == 1 ? k[0] : k[k.size() - 2], kr = k.back();
    Value swapped = vector_of({Value::integer(kr), Value::integer(kl)});
    return rank(ex, left_inverse_function(f), swapped, &r, w);
}
// (⊂⍠K)⁻ and (↓⍠K)⁻: the mix that places the item axes back at K (core:2376, core:2379).
Value variant_inverse(Exec& ex, const Value& f, const Value& spec, const Value* a, const Value& w) {
    char32_t g = primitive_glyph(f);
    if (a || (g != U'⊂' && g != U'↓')) throw Error(ErrorKind::Domain, spelling(f) + "⍠ has no inverse");
    return variant(ex, primitive_function(U'⊃'), spec, nullptr, w);
}
Value swap_call(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    return apply(ex, f, a, w);
}
// (f⇄g)⁻ is g⇄f; with the right argument held there is none (pair the bound monad instead).
Value swap_inverse(Exec& ex, const Value&, const Value& g, const Value* a, const Value& w) {
    return apply(ex, g, a, w);
}

// clang-format off
const OperatorInfo OPERATORS[] = {
    // glyph  dyadic  name        call          inverse           inverse, right held    self (Z f Z)  check
    {U'/',  false, "reduce",     reduce_last,  nullptr,          nullptr,                nullptr},
    {U'⌿',  false, "reduce",     reduce_first, nullptr,          nullptr,                nullptr},
    {U'\\', false, "scan",       scan_last,    unscan_last,      nullptr,                nullptr},
    {U'⍀',  false, "scan",       scan_first,   unscan_first,     nullptr,                nullptr},
    {U'¨',  false, "each",       each,         each_inverse,     each_inverse_left,      nullptr},
    {U'⍨',  false, "commute",    commute,      commute_inverse,  commute_inverse_left,   nullptr},
    {U'⊗',  false, "outer",      outer,        outer_inverse,    outer_inverse_left,     nullptr},
    {U'⌸',  false, "key",        key,          nullptr,          nullptr,                nullptr},
    {U'∂',  false, "derivative", nullptr,      nullptr,          nullptr,                nullptr},
    {U'⁻',  false, "inverse",    inverse_call, inverse_inverse,  inverse_inverse_left,   nullptr},
    {U'∘',  true,  "atop",       atop_op,      atop_inverse,     atop_inverse_left,      nullptr},
    {U'⍤',  true,  "rank",       rank,         rank_inverse,     rank_inverse_left,      nullptr},
    {U'⍥',  true,  "over",       over,         over_inverse,     over_inverse_left,      nullptr},
    {U'↣',  true,  "before",     before,       before_inverse,   before_inverse_left,    nullptr},
    {U'↢',  true,  "after",      after,        after_inverse,    after_inverse_left,     after_inverse_self},
    {U'⍣',  true,  "power",      power,        power_inverse,    power_inverse_left,     nullptr},
    {U'⇄',  true,  "swap",       swap_call,    swap_inverse,     nullptr,                nullptr},
    {U'⍚',  true,  "agenda",     agenda,       nullptr,          nullptr,                nullptr,  agenda_operands},
    {U'@',  true,  "under",      under,        nullptr,          nullptr,                nullptr},
    {U'⌺',  true,  "stencil",    stencil,      nullptr,          nullptr,                nullptr},
    {U'⍠',  true,  "variant",    variant,      variant_inverse,  nullptr,                nullptr},
    {U'⊘',  true,  "valences",   valences,     valences_inverse, valences_inverse_left,  nullptr},
    {U'.',  true,  "inner",      inner,        nullptr,          nullptr,                nullptr},
};
// clang-format on

std::string glyph_text(char32_t g) {
    std::string s;
    base::append_utf8(s, g);
    return s;
}

class DerivedFn final : public Fn {
  public:
    DerivedFn(const OperatorInfo& info, Value l, Value r)
        : info_(info), left_(std::move(l)), right_(std::move(r)) {
        if (info_.check) info_.check(left_, right_);
    }
    std::string source() const override {
        return spelling(left_) + glyph_text(info_.glyph) + spelling(right_);
    }
    bool same(const value::Function& o) const override {
        auto* d = dynamic_cast<const DerivedFn*>(&o);
        if (!d || &d->info_ != &info_ || !value::match(left_, d->left_)) return false;
        return right_.is_none() ? d->right_.is_none() : value::match(right_, d->right_);
    }
    Value call(Exec& ex, const Value* alpha, const Value& omega) const override {
        if (!info_.call)
            throw Error(ErrorKind::Unsupported,
                        std::string("the ") + info_.name + " operator is not supported yet");
        return info_.call(ex, left_, right_, alpha, omega);
    }
    Value inverse(Exec& ex, const Value* alpha, const Value& omega) const override {
        if (!info_.inverse) throw Error(ErrorKind::Domain, source() + " has no inverse");
        return info_.inverse(ex, left_, right_, alpha, omega);
    }
    Value inverse_left(Exec& ex, const Value& held, const Value& omega) const override {
        if (!info_.inverse_left)
            throw Error(ErrorKind::Domain, source() + " has no inverse with its right argument held");
        return info_.inverse_left(ex, left_, right_, held, omega);
    }
    // Z with `Z (left op right) Z ≡ omega`.
    Value inverse_self(Exec& ex, const Value& omega) const {
        if (!info_.inverse_self) throw Error(ErrorKind::Domain, "(" + source() + ")⍨ has no inverse");
        return info_.inverse_self(ex, left_, right_, omega);
    }

    void parts(std::string* name, Value* left) const {
        *name = info_.name;
        *left = left_;
    }
    // The operator is the node; its operands (one for a monadic operator) are the parts.
    std::vector<Value> tree_parts(std::string* label) const override {
        *label = glyph_text(info_.glyph);
        if (right_.is_none()) return {left_};
        return {left_, right_};
    }

  private:
    const OperatorInfo& info_;
    Value left_, right_;
};

Value commuted(const Value& f) {
    for (const OperatorInfo& op : OPERATORS)
        if (op.glyph == U'⍨') return Value::function(base::Ref<value::Function>(new DerivedFn(op, f, Value())));
    throw Error(ErrorKind::Internal, "no commute operator");
}

bool derived_parts(const Value& f, std::string* name, Value* left) {
    auto* d = f.is_function() ? dynamic_cast<const DerivedFn*>(&f.function_obj()) : nullptr;
    if (!d) return false;
    d->parts(name, left);
    return true;
}

Value derived_inverse_self(Exec& ex, const Value& f, const Value& w) {
    auto* d = f.is_function() ? dynamic_cast<const DerivedFn*>(&f.function_obj()) : nullptr;
    if (!d) throw Error(ErrorKind::Domain, spelling(f) + "⍨ has no inverse");
    return d->inverse_self(ex, w);
}

class OperatorFn final : public Fn {
  public:
    explicit OperatorFn(const OperatorInfo& info) : info_(info) {}
    Role role() const override { return info_.dyadic ? Role::DyadicOp : Role::MonadicOp; }
    std::string source() const override { return glyph_text(info_.glyph); }
    bool same(const value::Function& o) const override {
        auto* p = dynamic_cast<const OperatorFn*>(&o);
        return p && &p->info_ == &info_;
    }
    Value call(Exec&, const Value*, const Value&) const override {
        throw Error(ErrorKind::Syntax, "an operator needs its operands");
    }
    Value derive(const Value&, Value left, Value right) const override {
        require_value(left, "an operand");
        if (info_.dyadic) require_value(right, "an operand");
        return Value::function(base::Ref<value::Function>(
            new DerivedFn(info_, std::move(left), std::move(right))));
    }

  private:
    const OperatorInfo& info_;
};

class RightBoundOp final : public Fn {
  public:
    RightBoundOp(Value op, Value right) : op_(std::move(op)), right_(std::move(right)) {}
    Role role() const override { return Role::MonadicOp; }
    std::string source() const override { return spelling(op_) + spelling(right_); }
    bool same(const value::Function& o) const override {
        auto* p = dynamic_cast<const RightBoundOp*>(&o);
        return p && fn_of(op_).same(fn_of(p->op_)) && value::match(right_, p->right_);
    }
    Value call(Exec&, const Value*, const Value&) const override {
        throw Error(ErrorKind::Syntax, "an operator needs its operands");
    }
    Value derive(const Value&, Value left, Value) const override {
        return fn_of(op_).derive(op_, std::move(left), right_);
    }

  private:
    Value op_, right_;
};

} // namespace

// Function marks (operators-and-system.md §17, functions.md 0.6): `fₐ` is the real form (the
// real part of f's principal value; `÷ₐ` divides as floats at the operands' width), `÷ₓ` floors
// to a machine integer, `÷ᵣ` divides exactly, and any other mark converts f's result to its kind.
namespace {

struct FnMark {
    bool real; // ₐ
    Kind kind; // the kind of the other marks
};

std::string mark_text(FnMark m) {
    if (m.real) return "ₐ";
    return m.kind == Kind::F64 ? "ₚ" : number::mark(m.kind);
}

// v's numbers (nested too) as items of `to(kind of each)`: the mark's conversion.
template <class To>
Value convert_numbers(const Value& v, const To& to) {
    if (v.is_function()) throw Error(ErrorKind::Domain, "a marked function's result must be numbers");
    if (v.is_stored_array() && v.array_data().is_boxed()) {
        const value::ArrayData& a = v.array_data();
        std::vector<Value> items;
        for (const Value& x : a.boxed_items()) items.push_back(convert_numbers(x, to));
        Value proto = a.count() == 0 ? convert_numbers(a.prototype(), to) : Value();
        return value::make_array(a.shape(), std::move(items), proto);
    }
    Kind from = v.is_exact() ? Kind::Exact : v.kind();
    Kind k = to(from);
    if (from == k) return v.is_exact() ? v : v.with_weak(false);
    if (from == Kind::Char) throw Error(ErrorKind::Domain, "a mark converts numbers, not characters");
    if (number::is_complex(from) && !number::is_complex(k))
        throw Error(ErrorKind::Domain, "a complex number has no value of this kind");
    if (k == Kind::Exact) {
        Value r = v.read();
        std::vector<Value> items;
        for (const Value& x : items_of(r)) {
            double d = x.as_f64();
            if (!std::isfinite(d)) throw Error(ErrorKind::Domain, "an exact number must be finite");
            items.push_back(Value::exact(number::is_integer(x.kind()) ? number::Exact::of(x.as_i64())
                                                                      : number::Exact::of_double(d)));
        }
        if (r.is_atom()) return items[0];
        return value::make_array(r.shape(), std::move(items), Value::exact(number::Exact::of(0)));
    }
    if (from == Kind::Exact) return prim::convert_to(prim::exact_as(v, Kind::F64), k).with_weak(false);
    return prim::convert_to(v, k).with_weak(false);
}

Value to_kind(const Value& v, Kind k) {
    return convert_numbers(v, [k](Kind) { return k; });
}

// The real part of every number of v (a real number is its own).
Value real_part(const Value& v) { return prim::pervade_fn(math::Fn::Real, v); }

// ₐ's operands: numbers at their own float width (ₓ₁ ₓ₂ → float32, wider → float64, exact →
// float64); a weak literal stays weak, to take its partner's width.
Value floats(const Value& x) {
    if (x.weak()) return x;
    return convert_numbers(x, [](Kind k) {
        if (k == Kind::Bool || k == Kind::I8 || k == Kind::I16) return Kind::F32; // ₓ₁ ₓ₂
        return k == Kind::Exact ? Kind::F64 : number::float_of(k);
    });
}

// pₐ through its real object (prim::real_form) on the operands at their float width, where p
// has a real form for this valence and the operands are real numbers; nullopt otherwise.
std::optional<Value> real_form(std::optional<prim::Prim> p, bool inverse, const Value* alpha,
                               const Value& omega) {
    if (!p || !prim::has_real_form(*p, inverse, alpha != nullptr)) return std::nullopt;
    auto number = [](const Value& v) { return (v.is_native() && !v.is_function()) || v.is_exact(); };
    if (!number(omega) || (alpha && !number(*alpha))) return std::nullopt;
    std::optional<Value> a;
    if (alpha) a = floats(*alpha);
    return prim::real_form(*p, inverse, a ? &*a : nullptr, floats(omega));
}

class MarkedFn final : public Fn {
  public:
    MarkedFn(Value f, FnMark m) : f_(std::move(f)), mark_(m) {}
    std::string source() const override { return spelling(f_) + mark_text(mark_); }
    bool same(const value::Function& o) const override {
        auto* m = dynamic_cast<const MarkedFn*>(&o);
        return m && m->mark_.real == mark_.real && m->mark_.kind == mark_.kind &&
               value::match(m->f_, f_);
    }
    Value call(Exec& ex, const Value* alpha, const Value& omega) const override {
        std::optional<prim::Prim> p = prim::of_glyph(primitive_glyph(f_));
        bool divide = alpha && p == prim::Prim::Divide;
        if (mark_.real) {
            // operands at their own float width (a weak literal takes its partner's); then ÷ₐ
            // divides as floats and √ₐ ⍟ₐ *ₐ ○ₐ resolve to their real objects (prim/marks.h)
            if (divide) {
                Value a = floats(*alpha);
                return apply(ex, f_, &a, floats(omega));
            }
            if (std::optional<Value> r = real_form(p, false, alpha, omega)) return *r;
            return real_part(apply(ex, f_, alpha, omega));
        }
        if (p && mark_.kind == Kind::Int)
            if (std::optional<Value> r = prim::integer_form(*p, alpha, omega)) return to_kind(*r, Kind::Int);
        if (divide && mark_.kind == Kind::Exact) {
            Value a = to_kind(*alpha, Kind::Exact);
            return apply(ex, f_, &a, to_kind(omega, Kind::Exact));
        }
        return to_kind(apply(ex, f_, alpha, omega), mark_.kind);
    }
    // The inverse keeps the mark on the result (`○ₐ⁻` is the real part of `○⁻`), through the
    // real objects where the row has them (K○ₐ⁻Y, *ₐ⁻Y).
    Value inverse(Exec& ex, const Value* alpha, const Value& omega) const override {
        if (mark_.real) {
            std::optional<prim::Prim> p = prim::of_glyph(primitive_glyph(f_));
            if (std::optional<Value> r = real_form(p, true, alpha, omega)) return *r;
        }
        Value r = apply_inverse(ex, f_, alpha, omega);
        return mark_.real ? real_part(r) : to_kind(r, mark_.kind);
    }

  private:
    Value f_;
    FnMark mark_;
};

// The mark as a monadic operator value: the binder applies it to the function before it.
class MarkOp final : public Fn {
  public:
    explicit MarkOp(FnMark m) : mark_(m) {}
    Role role() const override { return Role::MonadicOp; }
    std::string source() const override { return mark_text(mark_); }
    bool same(const value::Function& o) const override {
        auto* m = dynamic_cast<const MarkOp*>(&o);
        return m && m->mark_.real == mark_.real && m->mark_.kind == mark_.kind;
    }
    Value call(Exec&, const Value*, const Value&) const override {
        throw Error(ErrorKind::Syntax, "a mark needs a function before it");
    }
    Value derive(const Value&, Value left, Value) const override {
        if (!left.is_function()) throw Error(ErrorKind::Syntax, "a function mark needs a function");
        return Value::function(base::Ref<value::Function>(new MarkedFn(std::move(left), mark_)));
    }

  private:
    FnMark mark_;
};

} // namespace

Value mark_operator(bool real, Kind kind) {
    return Value::function(base::Ref<value::Function>(new MarkOp(FnMark{real, kind})));
}

Value operator_with_right(char32_t glyph, Value right) {
    return Value::function(
        base::Ref<value::Function>(new RightBoundOp(operator_value(glyph), std::move(right))));
}

Value inverse_function(Value f) {
    return fn_of(operator_value(U'⁻')).derive(Value(), std::move(f), Value());
}

const OperatorInfo* operator_info(char32_t glyph) {
    for (const OperatorInfo& row : OPERATORS)
        if (row.glyph == glyph) return &row;
    return nullptr;
}

Value operator_value(char32_t glyph) {
    const OperatorInfo* info = operator_info(glyph);
    if (!info) throw Error(ErrorKind::Internal, "operator glyph without a row");
    return Value::function(base::Ref<value::Function>(new OperatorFn(*info)));
}

} // namespace bpl::lang
