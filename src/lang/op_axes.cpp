// Variant ⍠ (operators-and-system.md §9): f on the cells made of the listed axes, by number or
// name, and the primitives keeping their own axis meaning (reduce and scan along axes, ⊃⍠ ⌷⍠,
// rotate by a count array, partitions, pervasive functions, :⍠ and ⍳⍠).
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

} // namespace bpl::lang::ops
