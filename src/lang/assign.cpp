// Assignment through selections and dot paths (language.md §5, §11.4): selective assignment on
// positions (flat arrays) or the positions tree (arrays of arrays, select.h), appending keys a
// plain assignment names (prim::grow_path), and `T.a.b←v` through prim::assign_path.
#include "lang/exec.h"

#include "lang/cells.h"
#include "lang/select.h"
#include "prim/factory.h"
#include "prim/keys.h"
#include "value/array.h"
#include "value/layout.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace bpl::lang {

using base::Error;
using base::ErrorKind;
using number::Kind;

// The array `cur` with its items replaced by `items` (§5): mixed storage stays mixed
// (core:3145); compact storage takes the join of its kind with every written number's, as
// catenation does (D3: `x←⍳3ₓ ⋄ x₁←0.5` is float64, a 2ₓ written into floats is a float).
Value written(const Value& cur, std::vector<Value> items) {
    const value::ArrayData& a = cur.array_data();
    if (a.is_boxed()) return Value::array(value::ArrayData::mixed(cur.shape(), std::move(items), a.prototype()));
    number::Typed t{a.kind(), a.weak(), a.weak() && prim::is_integral(cur)};
    bool numbers = a.kind() != Kind::Char;
    for (const Value& x : items) {
        numbers = numbers && (x.is_number() || x.is_complex());
        if (numbers) t = number::join(t, number::Typed{x.kind(), x.weak(), x.weak() && prim::is_integral(x)});
    }
    if (numbers)
        for (Value& x : items) x = prim::convert_to(x, t.kind).read().with_weak(t.weak);
    return value::make_array(cur.shape(), std::move(items), a.prototype());
}

namespace {

// A selection whose function is a whole-item one (⊣ ⊢, or Pick: language.md §5) applied to the
// selected name directly.
bool whole_item(const Instr& sel) {
    if ((sel.op != Op::Monad && sel.op != Op::Dyad) || sel.kids.size() < 2) return false;
    const Instr& f = sel.kids[0];
    if (sel.kids[1].op != Op::SelectSource) return false;
    // ⍬↣⊃: the empty pick path bound (core:1025)
    if (sel.op == Op::Monad && f.op == Op::Derive && f.kids.size() == 3) {
        const Instr &op = f.kids[0], &path = f.kids[1], &g = f.kids[2];
        return op.op == Op::Const && op.value.is_function() && op.value.function_obj().source() == "↣" &&
               path.op == Op::Const && !path.value.is_atom() && path.value.count() == 0 &&
               g.op == Op::Const && g.value.is_function() && primitive_glyph(g.value) == U'⊃';
    }
    if (f.op != Op::Const || !f.value.is_function()) return false;
    char32_t g = primitive_glyph(f.value);
    return g == U'⊣' || g == U'⊢' || (g == U'⊃' && sel.op == Op::Dyad);
}

// A primitive that applies item by item (a scalar function): modifying a selection with it
// whole is modifying each item.
bool itemwise(const Value& fn, bool monadic) {
    char32_t g = primitive_glyph(fn);
    std::optional<prim::Prim> p = g ? prim::of_glyph(g) : std::nullopt;
    return p && (monadic ? prim::info(*p).monadic_fn : prim::info(*p).dyadic_fn);
}

// A step `K⌷…` or `K⊃…` of a selection (its kind: ⌷ or ⊃), 0 for any other.
char32_t key_step(const Instr& s) {
    if (s.op != Op::Dyad || s.kids.size() != 3) return 0;
    const Instr& f = s.kids[0];
    if (f.op != Op::Const || !f.value.is_function()) return 0;
    char32_t g = primitive_glyph(f.value);
    return g == U'⌷' || g == U'⊃' ? g : 0;
}

// Whether a and b are the one same array (stored or pending), not equal ones.
bool same_object(const Value& a, const Value& b) {
    if (a.is_stored_array() && b.is_stored_array()) return &a.array_data() == &b.array_data();
    if (a.is_pending() && b.is_pending()) return &a.pending_node() == &b.pending_node();
    return false;
}

// Whether a position from 1 to n occurs twice among the `count` checked positions `ps` (0, fill,
// never counts). Memory and time follow the count, not n: a bit per item of the target where
// those bits take no more room than the positions do (n ≤ 64·count), else a sorted copy.
bool repeated(const int64_t* ps, int64_t count, int64_t n) {
    if (count < 2) return false;
    if (n / 64 <= count) {
        std::vector<uint64_t> seen(static_cast<size_t>(n / 64 + 1), 0);
        for (int64_t k = 0; k < count; k++) {
            uint64_t p = static_cast<uint64_t>(ps[k]), bit = uint64_t{1} << (p % 64);
            uint64_t& word = seen[p / 64];
            if (p > 0 && (word & bit)) return true;
            word |= bit;
        }
        return false;
    }
    std::vector<int64_t> sorted(ps, ps + count);
    std::sort(sorted.begin(), sorted.end());
    for (size_t k = 1; k < sorted.size(); k++)
        if (sorted[k] > 0 && sorted[k] == sorted[k - 1]) return true;
    return false;
}

} // namespace

// Runs the selection on the positions (1-based, so a fill 0 from overtake writes nothing), then
// writes the value at those positions and stores the array in the nearest binding (§5).
Value Exec::select_assign(const Instr& i, Frame& fr) {
    Value v = eval(i.kids[1], fr);
    bool monadic = v.is_none() && i.kids[1].op == Op::Const;
    if ((v.is_none() && !monadic) || is_absent(v)) throw Error(ErrorKind::Value, "no result to assign", i.site);
    Value fn = i.kids.size() > 2 ? eval(i.kids[2], fr) : Value();
    // What is written: the name's nearest binding, or in a dfn its call's own ⍵.
    bool omega = i.name == "⍵";
    if (omega && !fr.in_dfn) throw Error(ErrorKind::Syntax, "⍵ outside a dfn", i.site);
    Scope* home = omega ? nullptr : fr.scope->owner(i.name);
    if (!omega && !home) throw Error(ErrorKind::Value, "undefined name: " + i.name, i.site);
    auto store = [&](const Value& x) {
        if (omega) fr.omega = to_bind(x);
        else home->set(i.name, to_bind(x));
    };
    Value cur = (omega ? fr.omega : *home->find_local(i.name)).read();
    // `(K⌷name)←v`, `T.a.[K]←v` append the keys the name lacks (§11.4), then write as any
    // selection; the selection then runs with its key selectors' values (evaluated once)
    std::optional<Instr> once;
    if (fn.is_none()) try {
        if (std::optional<Value> grown = grow_selected(i, fr, cur, once)) cur = grown->read();
    } catch (Error& e) {
        e.at(i.site);
        throw;
    }
    const Instr& sel = once ? *once : i.kids[0];
    if (holds_arrays(cur)) return select_nested(i, sel, fr, v, fn, store, cur);
    int64_t n = cur.count();
    // the positions carry the target's keys, so a selection by key finds its positions, and
    // the written value keeps them; pending, so only the selected ones are computed
    Value saved = select_source_;
    try {
        select_source_ = flat_positions(cur);
        Value selected = eval(sel, fr);
        bool everything = same_object(selected, select_source_); // the positions whole (⊣a ⍬⊃a)
        // the positions let go before the read: held outside it, they would be stored whole
        select_source_ = saved;
        Value where = selected.read();
        selected = Value();
        v = prim::align_to(where, v); // a keyed right side by the selection's keys (§11.4)
        // Every position is checked before anything changes.
        Value positions = checked_positions(where, n);
        const int64_t* ps_at = positions.array_data().items_as<int64_t>();
        int64_t count = positions.count();
        // One whole item that is only fill (↑ or ⊃ of an empty array) has nothing to replace.
        if (where.is_atom() && count == 1 && ps_at[0] == 0) throw Error(ErrorKind::Index, "no item to replace");
        Value now = v;
        // repeated positions matter only to a modified assignment, which accumulates every
        // repeat; a replacing one keeps any of them (language.md §5)
        bool each_item = !fn.is_none() && repeated(ps_at, count, n);
        if (!fn.is_none() && !each_item) {
            select_source_ = cur;
            Value old = eval(sel, fr);
            now = monadic ? apply(*this, fn, nullptr, old) : apply(*this, fn, &old, v);
        }
        select_source_ = saved;
        // A whole-item selection of the name itself that gives the whole array (⊣a, ⍬⊃a) may
        // replace it with any shape (language.md §5); others (,a ⍬⌷a ⍬⊃,a) must fit.
        if (cur.is_stored_array() && !now.is_atom() && now.rank() > 0 && now.shape() != cur.shape() &&
            everything && whole_item(sel)) {
            store(now);
            return monadic ? now : v;
        }
        if (!where.is_atom() && !now.is_atom() && now.rank() > 0 && now.shape() != where.shape())
            throw Error(ErrorKind::Length, "the value does not fit the selection");
        // A native array takes the write as one At node, accumulating with a primitive;
        // boxed and mixed ones the host loop, which applies any other modifier item by item
        std::optional<math::Fn> accumulate;
        std::function<Value(const Value&, const Value&)> each;
        if (each_item) {
            char32_t g = primitive_glyph(fn);
            std::optional<prim::Prim> p = g ? prim::of_glyph(g) : std::nullopt;
            if (p && !monadic) accumulate = prim::info(*p).dyadic_fn;
            each = [&](const Value& old, const Value& x) {
                return monadic ? apply(*this, fn, nullptr, old) : apply(*this, fn, &old, x);
            };
        }
        // one position (an atom selection) takes the value whole: an array written there nests
        Written x{now, true};
        if (!where.is_atom() && !now.is_atom()) {
            if (now.rank() == 0) x.values = items_of(now)[0];
            else x.unit = false;
        }
        store(write_flat(cur, positions, x, accumulate, each));
        return monadic ? now : v;
    } catch (Error& e) {
        select_source_ = saved;
        e.at(i.site);
        throw;
    }
}

// The key steps of a plain selective assignment's selection nearest the name (`K⌷` `K⊃`),
// their selectors evaluated once into `once` (a copy of the selection), and the name's value
// with the keys they name that it lacks (prim::grow_path); nullopt when none is missing.
std::optional<Value> Exec::grow_selected(const Instr& i, Frame& fr, const Value& cur, std::optional<Instr>& once) {
    size_t depth = 0; // steps from the outermost to the name
    const Instr* s = &i.kids[0];
    for (; s->op == Op::Monad || s->op == Op::Dyad; s = &s->kids[1]) depth++;
    if (s->op != Op::SelectSource || depth == 0) return std::nullopt;
    once = i.kids[0];
    std::vector<Instr*> chain; // outermost first
    for (Instr* c = &*once; c->op == Op::Monad || c->op == Op::Dyad; c = &c->kids[1]) chain.push_back(c);
    std::vector<prim::KeyStep> steps; // from the name outward
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        char32_t g = key_step(**it);
        if (!g) break;
        Instr& k = (*it)->kids[2];
        Value sel = eval(k, fr);
        Instr c;
        c.op = Op::Const;
        c.site = k.site;
        c.value = sel;
        k = std::move(c);
        steps.push_back({g == U'⊃', std::move(sel)});
    }
    if (steps.empty()) return std::nullopt;
    return prim::grow_path(cur, steps, 0);
}

// Selective assignment into an array that holds arrays: the selection runs on the positions at
// every depth (select.h), so one that reaches inside items writes there.
Value Exec::select_nested(const Instr& i, const Instr& sel, Frame& fr, const Value& v, const Value& fn, const std::function<void(const Value&)>& store, const Value& cur) {
    bool monadic = v.is_none();
    DeepPositions at = deep_positions(cur);
    // the tree carries the target's keys, as select_assign's positions do (relabelled in place:
    // the tree's own object stays the one its paths name)
    base::Ref<const value::Layout> labels;
    if (cur.is_stored_array()) labels = cur.array_data().layout_ref();
    if (labels && at.tree.is_stored_array()) {
        base::Ref<value::ArrayData> t = at.tree.array_ref();
        at.tree = Value();
        at.tree = Value::array(value::ArrayData::relayout(std::move(t), labels));
    }
    Value saved = select_source_;
    try {
        select_source_ = at.tree;
        Value where = eval(sel, fr).read();
        Value given = prim::align_to(where, v); // a keyed right side by the selection's keys (§11.4)
        Value now = given;
        if (!fn.is_none()) {
            select_source_ = cur;
            Value old = eval(sel, fr);
            if (!where.is_atom() && where.rank() > 0 && holds_arrays(where) && !itemwise(fn, monadic)) {
                // whole items selected (positions that hold arrays): a function that is not
                // itemwise (∩ ~ ,) modifies each with its own item of the right side, as an
                // accumulating write does at every repeat; a selection of atoms, or of one
                // item's atoms (`a₁,←5`, core:5609), is modified whole
                std::vector<Value> olds = items_of(old), out;
                std::vector<Value> gs = monadic ? std::vector<Value>() : items_of(given);
                bool one = !monadic && (given.is_atom() || given.rank() == 0);
                if (!monadic && !one && given.shape() != old.shape())
                    throw Error(ErrorKind::Length, "the value does not fit the selection");
                for (size_t k = 0; k < olds.size(); k++)
                    out.push_back(monadic ? apply(*this, fn, nullptr, olds[k])
                                          : apply(*this, fn, &olds[k], one ? (given.is_atom() ? given : gs[0]) : gs[k]));
                now = value::make_array(old.shape(), std::move(out));
            } else {
                now = monadic ? apply(*this, fn, nullptr, old) : apply(*this, fn, &old, given);
            }
        }
        select_source_ = saved;
        // ⊣a, ⍬⊃a: the whole array, replaced with any shape (as select_assign's)
        bool whole = where.is_stored_array() && &where.array_data() == &at.tree.array_data() && whole_item(sel);
        store(whole ? now : prim::relabel(write_deep(cur, at, where, now, false), labels));
        return monadic ? now : v;
    } catch (Error& e) {
        select_source_ = saved;
        e.at(i.site);
        throw;
    }
}

// `T.a.b←v`, `T.a+←v` (§11.4): the binding's new value built whole, then set; modified
// assignment to a missing key is INDEX ERROR.
Value Exec::path_assign(const Instr& i, Frame& fr) {
    Value v = eval(i.kids[0], fr);
    bool monadic = v.is_none() && i.kids[0].op == Op::Const && i.kids.size() > 1;
    if ((v.is_none() && !monadic) || is_absent(v)) throw Error(ErrorKind::Value, "no result to assign", i.site);
    Value fn = i.kids.size() > 1 ? eval(i.kids[1], fr) : Value();
    Scope* home = fr.scope->owner(i.name);
    if (!home) throw Error(ErrorKind::Value, "undefined name: " + i.name, i.site);
    std::vector<std::string> path;
    for (const Value& k : i.value.array_data().boxed_items()) path.push_back(*prim::key_text(k));
    try {
        Value now = prim::assign_path(*home->find_local(i.name), path, 0, [&](const std::optional<Value>& old) {
            if (fn.is_none()) return to_bind(v);
            if (!old) throw Error(ErrorKind::Index, "no key \"" + path.back() + "\" to modify");
            return to_bind(monadic ? apply(*this, fn, nullptr, *old) : apply(*this, fn, &*old, v));
        });
        home->set(i.name, to_bind(now));
    } catch (Error& e) {
        e.at(i.site);
        throw;
    }
    return v;
}

} // namespace bpl::lang
