// Reduce, scan and each (language.md §4.5): with a primitive operand, reduce and scan first ask
// prim::reduce/scan (a Fold step); otherwise the generic loop calls the operand through apply(),
// reading the argument for its cells. Commute and the compositions ∘ ⍥ ↣ ↢ ⊘.
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

Rows last_axis_rows(const Value& w) {
    Value r = w.read();
    Rows out;
    Shape s = r.shape();
    out.frame.assign(s.begin(), s.end() - 1);
    int64_t n = s.back();
    std::vector<Value> items = items_of(r);
    // one host row per frame position, checked first: an empty array's frame may count past
    // 10⁹ rows (or past int64) with no item in any
    int64_t frames = value::count_of(out.frame);
    prim::check_count(frames);
    program::check_memory(frames * static_cast<int64_t>(sizeof(std::vector<Value>) + sizeof(Value)) +
                          static_cast<int64_t>(items.size() * sizeof(Value)));
    for (int64_t k = 0; k < frames; k++) {
        base::poll_interrupt(static_cast<uint64_t>(k));
        out.rows.emplace_back(items.begin() + k * n, items.begin() + (k + 1) * n);
    }
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

} // namespace bpl::lang::ops
