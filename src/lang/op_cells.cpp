// Operators over cells: rank ⍤ (frames of cells, keyed frames aligned first), key ⌸, stencil
// ⌺ (over padded ↕ windows) and under @ (positions and predicates through selective
// assignment's write, other g through the inverse).
#include "lang/operators_internal.h"

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

namespace bpl::lang::ops {

using base::Error;
using base::ErrorKind;
using value::Shape;
using number::Kind;

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
    // (an empty array's frame may count past 10⁹ cells, or past int64: `⍳⊖⍳66`)
    prim::check_count(frames);
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
    // an empty frame may have long cells (⍤1 of 0 96059601⍴0 made 1.5 GB of fills unchecked)
    int64_t n = value::count_of(cell);
    program::check_memory(value::count_of({n, static_cast<int64_t>(sizeof(Value))}));
    return value::make_array(cell, std::vector<Value>(static_cast<size_t>(n), fill), fill);
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
    // the selection of the positions (select.h), which let go before the read: only the
    // selected ones are computed; the write is selective assignment's (write_flat), one At
    // node for a native array
    Value traced = prim::call(prim::Prim::Squad, index, flat_positions(cur));
    traced = traced.read();
    // an array f replaces the selection, which is then never made
    Value now = f.is_function() ? apply(ex, f, alpha, prim::call(prim::Prim::Squad, index, cur)) : f;
    now = prim::align_to(traced, now); // a keyed replacement by the selection's keys
    if (!now.is_atom() && now.rank() > 0 && now.shape() != traced.shape())
        throw Error(ErrorKind::Length, "the value does not fit the selection");
    // a unit's item goes to every position; the last write of a repeat stays
    Written x{now, true};
    if (!now.is_atom() && now.rank() == 0) x.values = items_of(now)[0];
    else if (!now.is_atom()) x.unit = false;
    return write_flat(cur, checked_positions(traced, cur.count()), x, std::nullopt, {});
}

} // namespace bpl::lang::ops
