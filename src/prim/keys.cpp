// The key row `:` (language.md §11.1): `K:Y` puts keys on Y's axes, `:Y` removes them; and the
// reading of key selectors (`"name"⊃R`) into positions for the selection rows.
#include "prim/keys.h"

#include "base/error.h"
#include "base/utf8.h"
#include "prim/factory.h"
#include "prim/rows.h"
#include "graph/node.h"
#include "value/array.h"
#include "value/function.h"
#include "value/layout.h"

#include <algorithm>
#include <cmath>

namespace bpl::prim {

using base::ErrorKind;
using base::Ref;
using value::AxisLayout;
using value::Desc;
using value::Layout;

std::optional<std::string> key_text(const Value& k) {
    Value v = k.read();
    if (v.is_char()) {
        std::string s;
        base::append_utf8(s, v.as_char());
        return s;
    }
    if (!v.is_stored_array()) return std::nullopt;
    const value::ArrayData& a = v.array_data();
    if (a.rank() == 0 && a.is_boxed()) return key_text(a.item(0)); // ⊂"ab"
    if (a.rank() != 1 || a.is_boxed() || a.kind() != number::Kind::Char) return std::nullopt;
    std::string s;
    for (int64_t i = 0; i < a.count(); i++) base::append_utf8(s, a.items_as<char32_t>()[i]);
    return s;
}

namespace {

// One axis's keys from the items of K: strings are keys, a position's own number is no key.
AxisLayout axis_keys(const Value& k, int64_t length) {
    Value v = k.read();
    AxisLayout axis;
    axis.keyed = true;
    if (length == 1)
        if (std::optional<std::string> one = key_text(v)) { // one key for a one-position axis
            axis.keys.push_back(std::move(one));
            return axis;
        }
    int64_t n = v.is_stored_array() && v.rank() == 1 ? v.count() : -1;
    if (n < 0) fail(ErrorKind::Rank, "keys for an axis form a vector");
    if (n != length) fail(ErrorKind::Length, "one key per position of the axis");
    for (int64_t i = 0; i < n; i++) {
        Value item = v.array_data().item(i).read();
        if (std::optional<std::string> s = key_text(item)) {
            axis.keys.push_back(std::move(s));
            continue;
        }
        if (item.is_number() && std::isfinite(item.as_f64()) && item.as_f64() == double(i)) {
            axis.keys.emplace_back();
            continue;
        }
        fail(ErrorKind::Domain, "a key is a string, or the position's own number for no key");
    }
    return axis;
}

// Whether K holds one key vector per axis (items that are vectors but not strings).
bool per_axis(const Value& k) {
    if (!k.is_stored_array() || k.rank() != 1 || !k.array_data().is_boxed()) return false;
    for (const Value& item : k.array_data().boxed_items()) {
        Value it = item.read();
        if (it.is_stored_array() && it.rank() == 1 && !key_text(it)) return true;
    }
    return false;
}

// The existing axes of w's layout, or unlabelled ones.
std::vector<AxisLayout> axes_of(const Value& w) {
    if (const Layout* l = value::layout_of(w)) return l->axes();
    return std::vector<AxisLayout>(static_cast<size_t>(w.rank()));
}

// K:Y.
Value put_keys(const Value& alpha, const Value& omega) {
    Value k = alpha.read();
    if (std::optional<std::string> one = key_text(k)) { // a single key: Y is the one item
        return value::record({{std::move(*one), omega}});
    }
    const Value& w = omega;
    if (per_axis(k)) {
        const auto& items = k.array_data().boxed_items();
        if (static_cast<int64_t>(items.size()) > w.rank())
            fail(ErrorKind::Rank, "more key vectors than axes");
        std::vector<AxisLayout> axes = axes_of(w);
        Shape s = w.shape();
        for (size_t a = 0; a < items.size(); a++) {
            std::optional<std::string> name = axes[a].name;
            axes[a] = axis_keys(items[a], s[a]);
            axes[a].name = std::move(name);
        }
        return relabel(omega, Layout::of(std::move(axes)));
    }
    if (w.rank() == 0) fail(ErrorKind::Rank, "several keys need an axis to label");
    std::vector<AxisLayout> axes = axes_of(w);
    std::optional<std::string> name = axes[0].name;
    axes[0] = axis_keys(k, w.shape()[0]);
    axes[0].name = std::move(name);
    return relabel(omega, Layout::of(std::move(axes)));
}

// :Y.
Value drop_keys(const Value& omega) { return relabel(omega, {}); }

} // namespace

Value keys_along(const Value* k, const std::vector<int64_t>& at, const Value& w) {
    std::vector<AxisLayout> axes = axes_of(w);
    if (!k) {
        for (int64_t ax : at) {
            axes[static_cast<size_t>(ax)].keyed = false;
            axes[static_cast<size_t>(ax)].keys.clear();
        }
        return relabel(w, Layout::of(std::move(axes)));
    }
    Value kv = k->read();
    std::vector<Value> per; // one key vector per listed axis
    if (at.size() == 1 && !per_axis(kv)) per.push_back(kv);
    else if (kv.is_stored_array() && kv.rank() == 1 && kv.array_data().is_boxed())
        per = kv.array_data().boxed_items();
    else fail(ErrorKind::Domain, "one key vector per listed axis");
    if (per.size() != at.size()) fail(ErrorKind::Length, "one key vector per listed axis");
    for (size_t j = 0; j < at.size(); j++) {
        AxisLayout& axis = axes[static_cast<size_t>(at[j])];
        std::optional<std::string> name = axis.name;
        axis = axis_keys(per[j], w.shape()[static_cast<size_t>(at[j])]);
        axis.name = std::move(name);
    }
    return relabel(w, Layout::of(std::move(axes)));
}

Value keys_of_axes(const std::vector<int64_t>& at, const Value& w) {
    const Layout* l = value::layout_of(w);
    auto one = [&](int64_t ax) {
        int64_t n = w.shape()[static_cast<size_t>(ax)];
        std::vector<Value> items;
        bool keyed = l && l->is_keyed(ax);
        for (int64_t i = 0; i < n; i++) {
            const std::optional<std::string>* k = keyed ? &l->key(ax, i) : nullptr;
            items.push_back(k && *k ? value::char_vector(base::decode_utf8(**k)) : Value::integer(i));
        }
        return value::make_array({n}, std::move(items));
    };
    if (at.size() == 1) return one(at[0]);
    std::vector<Value> out;
    for (int64_t ax : at) out.push_back(one(ax));
    int64_t n = static_cast<int64_t>(out.size());
    return value::make_array({n}, std::move(out));
}

// The renderer a result of arguments with layouts la and lw keeps (operators-and-system.md
// §22): the one either carries, or theirs when both carry the same; none when they differ.
Value shared_renderer(const Layout* la, const Layout* lw) {
    const Value none;
    const Value& ra = la ? la->renderer() : none;
    const Value& rw = lw ? lw->renderer() : none;
    if (ra.is_none()) return rw;
    if (rw.is_none()) return ra;
    // The same renderer, or two of one kind giving the same rendering (one MIME type given by
    // separate calls): `same` is the function's own equality.
    bool same = ra.is_function() && rw.is_function() && ra.function_obj().same(rw.function_obj());
    return same ? ra : Value();
}

// Labels l (null: none) on a result of `rank` axes with `renderer` (none: no renderer).
Ref<const Layout> rendered(Ref<const Layout> l, int64_t rank, const Value& renderer) {
    if (renderer.is_none() || rank == 0) return l;
    if (l && l->renderer().is_function() && renderer.is_function() &&
        &l->renderer().function_obj() == &renderer.function_obj())
        return l;
    return Layout::with_renderer(l.get(), rank, renderer);
}

// Layout l's axes widened (unlabelled axes after them) to `rank` axes, its renderer kept; null
// when nothing is left.
Ref<const Layout> fit(const Layout* l, int64_t rank) {
    if (!l) return {};
    if (l->rank() == rank) return Ref<const Layout>(l); // shared as it is: no copy of its keys
    std::vector<AxisLayout> axes(l->axes().begin(), l->axes().begin() + std::min(rank, l->rank()));
    axes.resize(static_cast<size_t>(rank));
    return rendered(Layout::of(std::move(axes)), rank, l->renderer());
}

bool is_identity(const std::vector<int64_t>& p, int64_t n) {
    if (static_cast<int64_t>(p.size()) != n) return false;
    for (int64_t i = 0; i < n; i++)
        if (p[static_cast<size_t>(i)] != i) return false;
    return true;
}

std::optional<int64_t> key_position(const Value& sel, const Value& w, int64_t axis) {
    std::optional<std::string> k = key_text(sel);
    if (!k) return std::nullopt;
    const Layout* l = value::layout_of(w);
    std::optional<int64_t> pos = l ? l->find(axis, *k) : std::nullopt;
    if (!pos) throw base::Error(ErrorKind::Index, "no key \"" + *k + "\"");
    return pos;
}

std::optional<std::vector<int64_t>> key_positions(const Value& sel, const Value& w) {
    Value p = sel.read();
    if (std::optional<int64_t> one = key_position(p, w, 0)) return std::vector<int64_t>{*one};
    if (!p.is_stored_array() || p.rank() != 1 || !p.array_data().is_boxed()) return std::nullopt;
    bool any = false;
    for (const Value& item : p.array_data().boxed_items()) any = any || key_text(item).has_value();
    if (!any) return std::nullopt;
    std::vector<int64_t> out;
    int64_t a = 0;
    for (const Value& item : p.array_data().boxed_items()) {
        if (std::optional<int64_t> pos = key_position(item, w, a)) {
            out.push_back(*pos);
        } else {
            std::vector<int64_t> n = read_ints(item);
            if (n.size() != 1) fail(ErrorKind::Rank, "one key or position per axis");
            out.push_back(n[0]);
        }
        a++;
    }
    return out;
}

Value field_positions(const Value& field, const Value& w, int64_t axis) {
    Value f = field.read();
    if (!f.is_stored_array() || f.rank() == 0 || !f.array_data().is_boxed()) return field;
    std::vector<Value> items;
    bool keyed = false;
    for (int64_t i = 0; i < f.count(); i++) {
        Value x = f.array_data().item(i).read();
        std::optional<int64_t> p = key_position(x, w, axis);
        keyed = keyed || p.has_value();
        items.push_back(p ? Value::integer(*p) : x);
    }
    return keyed ? value::make_array(f.shape(), std::move(items)) : field;
}

Ref<const Layout> after_axes(const Value& w, int64_t k) {
    const Layout* l = value::layout_of(w);
    if (!l || k >= l->rank()) return {};
    return Layout::of(std::vector<AxisLayout>(l->axes().begin() + k, l->axes().end()));
}

std::optional<Value> keyed_squad(const Value& sel, const Value& w,
                                 Value (*plain)(const Value&, const Value&)) {
    Value s = sel.read();
    const Layout* l = value::layout_of(w);
    std::vector<Value> items;
    bool one_key = key_text(s).has_value();
    if (one_key || !s.is_stored_array()) items.push_back(s);
    else if (s.rank() == 1 && s.array_data().is_boxed())
        for (int64_t i = 0; i < s.count(); i++) items.push_back(s.array_data().item(i).read());
    else if (!l) return std::nullopt; // numbers only, nothing labelled
    else if (s.rank() == 1) for (int64_t i = 0; i < s.count(); i++) items.push_back(s.array_data().item(i));
    else return plain(s, relabel(w, {}));
    bool keys = false;
    for (const Value& it : items) {
        keys = keys || key_text(it).has_value();
        if (it.is_stored_array() && it.array_data().is_boxed())
            for (const Value& x : it.array_data().boxed_items()) keys = keys || key_text(x).has_value();
    }
    if (!keys && !l) return std::nullopt;
    if (static_cast<int64_t>(items.size()) > w.rank()) fail(ErrorKind::Length, "more selectors than axes");
    Shape shape = w.shape();
    std::vector<Value> positions;       // the selector by positions
    std::vector<AxisLayout> out;        // the result's axes, in order
    for (size_t j = 0; j < items.size(); j++) {
        int64_t ax = static_cast<int64_t>(j);
        const Value& it = items[j];
        static const AxisLayout NONE;
        const AxisLayout& here = l && ax < l->rank() ? l->axis(ax) : NONE;
        if (std::optional<int64_t> p = key_position(it, w, ax)) { // one key: the axis goes
            positions.push_back(Value::integer(*p));
            continue;
        }
        if (it.is_number() && number::is_float(it.kind()) && std::isinf(it.as_f64())) { // ∞, ¯∞
            positions.push_back(it);
            out.push_back(here);
            if (it.as_f64() < 0) std::reverse(out.back().keys.begin(), out.back().keys.end());
            continue;
        }
        if (it.is_stored_array() && it.array_data().is_boxed() && it.count() > 0 && !key_text(it)) {
            // an array of coordinates (one key or position per axis each; ⊂ of one): their
            // keys as positions, the array's shape kept
            std::vector<Value> coords;
            for (int64_t i = 0; i < it.count(); i++) {
                Value c = it.array_data().item(i).read();
                if (!c.is_stored_array() || c.rank() != 1 || key_text(c)) break;
                std::vector<Value> ps;
                for (int64_t a = 0; a < c.count(); a++) {
                    Value x = c.array_data().item(a).read();
                    std::optional<int64_t> p = key_position(x, w, a);
                    ps.push_back(p ? Value::integer(*p) : x.is_number() ? Value::integer(read_int(x)) : x);
                }
                int64_t m = static_cast<int64_t>(ps.size());
                coords.push_back(value::make_array({m}, std::move(ps)));
            }
            if (static_cast<int64_t>(coords.size()) == it.count()) {
                positions.push_back(value::make_array(it.shape(), std::move(coords)));
                out.resize(out.size() + static_cast<size_t>(it.rank()));
                continue;
            }
        }
        if (it.rank() == 0) { // a position: the axis goes
            positions.push_back(it);
            continue;
        }
        if (it.rank() > 1) { // an array of keys or positions: its axes, unlabelled
            // (its keys become positions here: the selector passed on holds none, so the plain
            // squad it reaches does not come back through this function)
            positions.push_back(field_positions(it, w, ax));
            out.resize(out.size() + static_cast<size_t>(it.rank()));
            continue;
        }
        std::vector<int64_t> ps; // a vector of keys or positions keeps the axis
        std::vector<std::string> named;
        for (int64_t i = 0; i < it.count(); i++)
            if (std::optional<std::string> k = key_text(it.read().array_data().item(i))) named.push_back(std::move(*k));
        std::sort(named.begin(), named.end()); // a key named twice, found or not
        if (std::adjacent_find(named.begin(), named.end()) != named.end())
            fail(ErrorKind::Domain, "a keyed position selected twice");
        for (int64_t i = 0; i < it.count(); i++) {
            Value x = it.read().array_data().item(i).read();
            if (std::optional<int64_t> p = key_position(x, w, ax)) ps.push_back(*p);
            else {
                int64_t q = read_int(x);
                ps.push_back(q < 0 ? q + shape[j] : q);
            }
        }
        AxisLayout kept;
        kept.name = here.name;
        if (here.keyed) {
            kept.keyed = true;
            std::vector<uint8_t> seen(static_cast<size_t>(shape[j]), 0);
            for (int64_t q : ps) {
                if (q < 0 || q >= shape[j]) fail(ErrorKind::Index, "position outside its axis");
                if (seen[static_cast<size_t>(q)] && here.keys[static_cast<size_t>(q)])
                    fail(ErrorKind::Domain, "a keyed position selected twice");
                seen[static_cast<size_t>(q)] = 1;
                kept.keys.push_back(here.keys[static_cast<size_t>(q)]);
            }
        }
        std::vector<Value> pv;
        for (int64_t q : ps) pv.push_back(Value::integer(q));
        int64_t count = static_cast<int64_t>(pv.size());
        positions.push_back(value::make_array({count}, std::move(pv)));
        out.push_back(std::move(kept));
    }
    if (l)
        for (int64_t ax = static_cast<int64_t>(items.size()); ax < l->rank(); ax++) out.push_back(l->axis(ax));
    int64_t n = static_cast<int64_t>(positions.size());
    Value selector = n == 1 && positions[0].rank() == 0 && !positions[0].is_stored_array()
                         ? positions[0]
                         : value::make_array({n}, std::move(positions));
    Value r = plain(selector, relabel(w, {}));
    if (out.empty()) return r; // every axis selected: the item itself, with its own labels
    out.resize(static_cast<size_t>(r.rank()));
    return relabel(r, Layout::of(std::move(out)));
}

Value assign_path(const Value& root, const std::vector<std::string>& path, size_t level,
                  const PathUpdate& update) {
    Value cur = root.read();
    if (!cur.is_stored_array() || cur.rank() != 1) fail(ErrorKind::Rank, "a dot path descends into a record");
    const Layout* l = cur.array_data().layout();
    const std::string& key = path[level];
    int64_t pos = -1; // the key's position, -1: missing
    if (l)
        if (std::optional<int64_t> p = l->find(0, key)) pos = *p;
    bool last = level + 1 == path.size();
    std::optional<Value> old;
    if (pos >= 0) old = cur.array_data().item(pos);
    Value now;
    if (last) now = update(old);
    else now = assign_path(old ? *old : value::record({}), path, level + 1, update);
    std::vector<Value> items;
    items.reserve(static_cast<size_t>(cur.count()) + 1);
    for (int64_t i = 0; i < cur.count(); i++) items.push_back(cur.array_data().item(i));
    std::vector<std::optional<std::string>> keys =
        l && l->is_keyed(0) ? l->axis(0).keys : std::vector<std::optional<std::string>>(items.size());
    if (pos >= 0) {
        items[static_cast<size_t>(pos)] = std::move(now);
    } else {
        items.push_back(std::move(now));
        keys.emplace_back(key);
    }
    int64_t n = static_cast<int64_t>(items.size());
    Value out = value::make_array({n}, std::move(items), cur.array_data().prototype());
    std::vector<AxisLayout> axes(1);
    if (l) axes[0].name = l->axis(0).name;
    axes[0].keyed = true;
    axes[0].keys = std::move(keys);
    // a record with a renderer (a plot, an element) keeps it: it is still that thing
    return value::with_layout(out, rendered(Layout::of(std::move(axes)), 1, l ? l->renderer() : Value()));
}

std::optional<Value> grow_keys(const Value& sel, const Value& w) {
    Value s = sel.read();
    std::vector<Value> items;
    if (key_text(s)) items.push_back(s);
    else if (s.is_stored_array() && s.rank() == 1 && s.array_data().is_boxed())
        for (int64_t i = 0; i < s.count(); i++) items.push_back(s.array_data().item(i).read());
    if (items.empty() || static_cast<int64_t>(items.size()) > w.rank()) return std::nullopt; // ⌷ reports it
    const Layout* l = value::layout_of(w);
    std::vector<AxisLayout> axes = axes_of(w);
    Shape shape = w.shape();
    bool grown = false;
    for (size_t j = 0; j < items.size(); j++) {
        int64_t ax = static_cast<int64_t>(j);
        std::vector<std::string> keys;
        if (std::optional<std::string> k = key_text(items[j])) keys.push_back(std::move(*k));
        else if (items[j].is_stored_array() && items[j].rank() == 1 &&
                 (items[j].array_data().is_boxed() || items[j].kind() == number::Kind::Char)) // numbers name none
            for (int64_t i = 0; i < items[j].count(); i++)
                if (std::optional<std::string> k = key_text(items[j].array_data().item(i))) keys.push_back(std::move(*k));
        AxisLayout& axis = axes[j];
        int64_t before = shape[j];
        for (std::string& k : keys) {
            if (l && l->find(ax, k)) continue;
            if (axis.keyed && std::find(axis.keys.begin() + before, axis.keys.end(), k) != axis.keys.end())
                continue; // named twice: added once
            if (!axis.keyed) {
                axis.keyed = true;
                axis.keys.assign(static_cast<size_t>(shape[j]), std::nullopt);
            }
            axis.keys.emplace_back(std::move(k));
            shape[j]++;
            grown = true;
        }
    }
    if (!grown) return std::nullopt;
    std::vector<Value> counts;
    for (int64_t n : shape) counts.push_back(Value::integer(n));
    int64_t r = static_cast<int64_t>(counts.size());
    Value taken = call(Prim::Take, value::make_array({r}, std::move(counts)), relabel(w, {}));
    return relabel(taken, Layout::of(std::move(axes)));
}

namespace {

// The one position of a vector that `sel` selects (a key, a number, or a one-item vector of
// either); nullopt for any other selector. INDEX ERROR for a missing key.
std::optional<int64_t> one_position(const Value& sel, const Value& w) {
    Value s = sel.read();
    if (key_text(s)) return key_position(s, w, 0);
    if (s.is_stored_array() && s.rank() <= 1 && s.count() == 1) s = s.array_data().item(0).read();
    if (key_text(s)) return key_position(s, w, 0);
    if (!s.is_number() || s.as_f64() != std::floor(s.as_f64())) return std::nullopt; // weak literals are floats
    int64_t p = s.as_i64(), n = w.shape()[0];
    if (p < 0) p += n;
    if (p < 0 || p >= n) return std::nullopt; // ⌷ reports it
    return p;
}

} // namespace

std::optional<Value> grow_path(const Value& w, const std::vector<KeyStep>& steps, size_t k) {
    const KeyStep& step = steps[k];
    std::optional<Value> grown =
        !step.pick || key_text(step.sel.read()) ? grow_keys(step.sel, w) : std::nullopt;
    if (k + 1 == steps.size()) return grown;
    Value cur = (grown ? *grown : w).read();
    if (!cur.is_stored_array() || cur.rank() != 1) return grown;
    std::optional<int64_t> pos = one_position(step.sel, cur);
    if (!pos) return grown;
    std::optional<Value> inner = grow_path(cur.array_data().item(*pos), steps, k + 1);
    if (!inner) return grown;
    std::vector<Value> items;
    for (int64_t i = 0; i < cur.count(); i++) items.push_back(i == *pos ? *inner : cur.array_data().item(i));
    Value out = value::make_array(cur.shape(), std::move(items), cur.array_data().prototype());
    return value::with_layout(out, cur.array_data().layout_ref());
}

Value align_to(const Value& sel, const Value& v) {
    const Layout* ls = value::layout_of(sel);
    const Layout* lv = value::layout_of(v);
    if (!ls || !lv || sel.rank() == 0 || v.rank() == 0) return v;
    int64_t rank = std::min(sel.rank(), v.rank());
    std::vector<std::vector<int64_t>> per_axis; // v's positions along each axis, in sel's order
    bool moved = false;
    for (int64_t ax = 0; ax < rank; ax++) {
        std::vector<int64_t> idx;
        if (!ls->is_keyed(ax) || !lv->is_keyed(ax)) { // by position
            for (int64_t i = 0; i < v.shape()[ax]; i++) idx.push_back(i);
            per_axis.push_back(std::move(idx));
            continue;
        }
        for (int64_t i = 0; i < sel.shape()[ax]; i++) {
            const std::optional<std::string>& k = ls->key(ax, i);
            std::optional<int64_t> p = k ? lv->find(ax, *k) : std::optional<int64_t>(i);
            if (!p) throw base::Error(ErrorKind::Index, "no key \"" + *k + "\" in the value assigned");
            idx.push_back(*p);
        }
        moved = moved || !is_identity(idx, v.shape()[ax]);
        per_axis.push_back(std::move(idx));
    }
    if (!moved) return v;
    if (rank == 1) {
        int64_t n = static_cast<int64_t>(per_axis[0].size());
        return select_cells(v, per_axis[0], {n});
    }
    std::vector<Value> selector; // one position vector per axis, for ⌷
    for (const std::vector<int64_t>& idx : per_axis) {
        std::vector<Value> ps;
        for (int64_t p : idx) ps.push_back(Value::integer(p));
        int64_t n = static_cast<int64_t>(ps.size());
        selector.push_back(value::make_array({n}, std::move(ps)));
    }
    return call(Prim::Squad, value::make_array({rank}, std::move(selector)), relabel(v, {}));
}

Value reduced_labels(const Value& w, Value r, int64_t axis) {
    const Layout* l = value::layout_of(w);
    if (!l || !l->labelled() || r.rank() != w.rank() - 1 || r.rank() == 0) return r;
    std::vector<AxisLayout> axes = l->axes();
    axes.erase(axes.begin() + axis);
    return relabel(r, Layout::of(std::move(axes)));
}

std::optional<std::vector<int64_t>> named_axes(const Value& spec, const Value& w, const Value* a) {
    Value s = spec.read();
    std::vector<Value> items;
    if (key_text(s)) items.push_back(s);
    else if (s.is_stored_array() && s.rank() == 1 && s.array_data().is_boxed())
        for (int64_t i = 0; i < s.count(); i++) items.push_back(s.array_data().item(i));
    bool named = false;
    for (const Value& it : items) named = named || key_text(it).has_value();
    if (!named) return std::nullopt;
    auto axis_named = [](const Value& v, const std::string& name) -> std::optional<int64_t> {
        if (const Layout* l = value::layout_of(v))
            for (int64_t ax = 0; ax < l->rank(); ax++)
                if (l->axis(ax).name == name) return ax;
        return std::nullopt;
    };
    std::vector<int64_t> out;
    for (const Value& it : items) {
        std::optional<std::string> k = key_text(it);
        if (!k) {
            out.push_back(read_int(it));
            continue;
        }
        std::optional<int64_t> ax = axis_named(w, *k);
        if (!ax && a) ax = axis_named(*a, *k);
        if (!ax) throw base::Error(ErrorKind::Domain, "no axis named \"" + *k + "\"");
        out.push_back(*ax);
    }
    return out;
}

Value relabel(const Value& v, Ref<const Layout> l) {
    if (v.rank() == 0) return v; // atoms and scalars have no axis to label
    if (!v.is_pending()) return value::with_layout(v, std::move(l));
    const auto& node = static_cast<const graph::Node&>(v.pending_node());
    if (node.is_forced()) return value::with_layout(node.result(), std::move(l));
    Desc d = node.desc();
    if (d.layout == l) return v;
    d.layout = std::move(l);
    // the same step under a labelled description: no extra read of the items
    graph::Origin o = node.origin();
    return build(std::move(o), std::move(d));
}

namespace {

// --- layout rules of the structural rows: the result's labels from the arguments' ---

// w's axes, or unlabelled ones.
std::vector<AxisLayout> axes_or_none(const Value& w) {
    if (const Layout* l = value::layout_of(w)) return l->axes();
    return std::vector<AxisLayout>(static_cast<size_t>(std::max<int64_t>(w.rank(), 1)));
}

// An axis's keys positions `from` (one per result position; -1: a position with no key).
AxisLayout keys_at(const AxisLayout& axis, const std::vector<int64_t>& from) {
    AxisLayout out;
    out.name = axis.name;
    if (!axis.keyed) return out;
    out.keyed = true;
    for (int64_t p : from) out.keys.push_back(p < 0 ? std::nullopt : axis.keys[static_cast<size_t>(p)]);
    return out;
}

Ref<const Layout> reverse_axis(const Value& w, int64_t ax) {
    if (w.rank() == 0) return {};
    std::vector<AxisLayout> axes = axes_or_none(w);
    std::reverse(axes[static_cast<size_t>(ax)].keys.begin(), axes[static_cast<size_t>(ax)].keys.end());
    return Layout::of(std::move(axes));
}
Ref<const Layout> reverse_layout(const Value& w, const Value&) { return reverse_axis(w, w.rank() - 1); }
Ref<const Layout> reverse_first_layout(const Value& w, const Value&) { return reverse_axis(w, 0); }
// N⌽Y and N⊖Y with one count: the rotated axis's keys rotate with its positions.
Ref<const Layout> rotate_axis(const Value& a, const Value& w, const Value& r, bool first) {
    Value n = a.read();
    if (!n.is_number() || w.rank() == 0 || r.shape() != w.shape()) return {};
    std::vector<AxisLayout> axes = axes_or_none(w);
    size_t ax = first ? 0 : axes.size() - 1;
    int64_t len = w.shape()[ax];
    if (len == 0 || !axes[ax].keyed) return Layout::of(std::move(axes));
    int64_t k = ((read_int(n) % len) + len) % len;
    std::rotate(axes[ax].keys.begin(), axes[ax].keys.begin() + k, axes[ax].keys.end());
    return Layout::of(std::move(axes));
}
Ref<const Layout> rotate_layout(const Value& a, const Value& w, const Value& r) { return rotate_axis(a, w, r, false); }
Ref<const Layout> rotate_first_layout(const Value& a, const Value& w, const Value& r) { return rotate_axis(a, w, r, true); }
Ref<const Layout> transpose_layout(const Value& w, const Value& r) {
    if (r.rank() != w.rank()) return {};
    std::vector<AxisLayout> axes = axes_or_none(w);
    std::reverse(axes.begin(), axes.end());
    return Layout::of(std::move(axes));
}

// n↑w and n↓w with one count: the leading axis's keys follow the positions kept.
Ref<const Layout> take_drop(const Value& a, const Value& w, const Value& r, bool take) {
    Value n = a.read();
    if (!n.is_number() || w.rank() == 0 || r.rank() != w.rank()) return {};
    int64_t c = n.as_i64(), len = w.shape()[0], out = r.shape()[0];
    std::vector<int64_t> from;
    for (int64_t i = 0; i < out; i++) {
        int64_t p = take ? (c >= 0 ? i : len + c + i) : (c >= 0 ? c + i : i);
        from.push_back(p >= 0 && p < len ? p : -1);
    }
    std::vector<AxisLayout> axes = axes_or_none(w);
    axes[0] = keys_at(axes[0], from);
    return Layout::of(std::move(axes));
}
Ref<const Layout> take_layout(const Value& a, const Value& w, const Value& r) { return take_drop(a, w, r, true); }
Ref<const Layout> drop_layout(const Value& a, const Value& w, const Value& r) { return take_drop(a, w, r, false); }

// N#Y along the leading axis: each position's key follows its one copy (a Boolean count
// filters); a keyed position repeated is DOMAIN ERROR, a negative count's fills have no key.
Ref<const Layout> replicate_layout(const Value& a, const Value& w, const Value& r) {
    if (w.rank() == 0 || r.rank() != w.rank()) return {};
    std::vector<int64_t> counts = read_ints(a);
    int64_t len = w.shape()[0];
    if (counts.size() == 1) counts.assign(static_cast<size_t>(len), counts[0]);
    if (static_cast<int64_t>(counts.size()) != len) return {};
    std::vector<AxisLayout> axes = axes_or_none(w);
    std::vector<int64_t> from;
    for (int64_t i = 0; i < len; i++) {
        int64_t c = counts[static_cast<size_t>(i)];
        if (c > 1 && axes[0].keyed && axes[0].keys[static_cast<size_t>(i)])
            fail(ErrorKind::Domain, "a keyed axis cannot repeat a position");
        for (int64_t k = 0; k < std::abs(c); k++) from.push_back(c > 0 ? i : -1);
    }
    if (static_cast<int64_t>(from.size()) != r.shape()[0]) return {};
    axes[0] = keys_at(axes[0], from);
    return Layout::of(std::move(axes));
}

// X,Y of vectors and units: the keys of both, in order (a key in both: DOMAIN ERROR). Of equal
// ranks 2 or more (the other axes aligned first, align_for_join): the joined axis's keys are
// both arguments' in order, the other axes keep theirs (the left's, or the right's where the
// left has none). `first`: joined along the first axis (⍪), else the last.
Ref<const Layout> join_layout(const Value& a, const Value& w, const Value& r, bool first) {
    if (r.rank() == 1 && a.rank() <= 1 && w.rank() <= 1) {
        std::vector<std::optional<std::string>> keys;
        for (const Value* v : {&a, &w}) {
            std::vector<std::optional<std::string>> k = keys_of(*v);
            if (k.empty()) k.resize(static_cast<size_t>(v->rank() == 0 ? 1 : v->shape()[0]));
            for (auto& x : k) keys.push_back(std::move(x));
        }
        return Layout::of_keys(std::move(keys));
    }
    int64_t rank = r.rank();
    if (rank < 2 || a.rank() != rank || w.rank() != rank) return {};
    int64_t joined = first ? 0 : rank - 1;
    std::vector<AxisLayout> xa = axes_or_none(a), xw = axes_or_none(w), out(static_cast<size_t>(rank));
    for (int64_t k = 0; k < rank; k++) {
        const AxisLayout& p = xa[static_cast<size_t>(k)];
        const AxisLayout& q = xw[static_cast<size_t>(k)];
        AxisLayout& o = out[static_cast<size_t>(k)];
        o.name = p.name ? p.name : q.name;
        if (k != joined) {
            if (p.keyed || q.keyed) o.keyed = true, o.keys = p.keyed ? p.keys : q.keys;
            continue;
        }
        if (!p.keyed && !q.keyed) continue;
        o.keyed = true;
        int64_t na = a.shape()[static_cast<size_t>(k)], nw = w.shape()[static_cast<size_t>(k)];
        for (int64_t i = 0; i < na; i++) o.keys.push_back(p.keyed ? p.keys[static_cast<size_t>(i)] : std::nullopt);
        for (int64_t i = 0; i < nw; i++) o.keys.push_back(q.keyed ? q.keys[static_cast<size_t>(i)] : std::nullopt);
    }
    return Layout::of(std::move(out));
}
Ref<const Layout> catenate_layout(const Value& a, const Value& w, const Value& r) { return join_layout(a, w, r, false); }
Ref<const Layout> catenate_first_layout(const Value& a, const Value& w, const Value& r) { return join_layout(a, w, r, true); }

// ⍴Y: the shape keyed by the axes' names (§11.5).
Ref<const Layout> shape_layout(const Value& w, const Value& r) {
    const Layout* l = value::layout_of(w);
    if (!l || r.rank() != 1) return {};
    std::vector<std::optional<std::string>> names;
    for (const AxisLayout& axis : l->axes()) names.push_back(axis.name);
    return Layout::of_keys(std::move(names));
}
// S⍴Y: the keys of S name the result's axes; Y's keys stay when the shape does.
Ref<const Layout> reshape_layout(const Value& a, const Value& w, const Value& r) {
    std::vector<AxisLayout> axes(static_cast<size_t>(r.rank()));
    if (r.shape() == w.shape()) axes = axes_or_none(w);
    std::vector<std::optional<std::string>> names = keys_of(a);
    for (size_t ax = 0; ax < names.size() && ax < axes.size(); ax++) axes[ax].name = names[ax];
    return Layout::of(std::move(axes));
}

using LayoutMonad = Ref<const Layout> (*)(const Value& w, const Value& r);
using LayoutDyad = Ref<const Layout> (*)(const Value& a, const Value& w, const Value& r);
struct LayoutRule {
    Prim prim;
    LayoutMonad monad;
    LayoutDyad dyad;
    bool renders; // keeps the arguments' renderer (axis-keeping rows, §22); ⍴ drops it
    int joins = 0; // joins along an axis (1 the last, 2 the first): the other axes align first
};
// clang-format off
const LayoutRule LAYOUT_RULES[] = {
    //  row                monadic                dyadic             renderer joins
    {Prim::Reverse,      reverse_layout,        rotate_layout,     true},
    {Prim::ReverseFirst, reverse_first_layout,  rotate_first_layout, true},
    {Prim::Transpose,    transpose_layout,      nullptr,           true},
    {Prim::Take,         nullptr,               take_layout,       true},
    {Prim::Drop,         nullptr,               drop_layout,       true},
    {Prim::Comma,        nullptr,               catenate_layout,   true,  1},
    {Prim::Table,        nullptr,               catenate_first_layout, true, 2},
    {Prim::Rho,          shape_layout,          reshape_layout,    false},
    {Prim::Hash,         nullptr,               replicate_layout,  true},
};
// clang-format on

// --- rows whose results are positions of a keyed axis: the keys instead (grades, searches) ---

} // namespace

Value as_keys(const Value& r, const Value& searched, int64_t offset, const Layout* labels) {
    const Layout* l = value::layout_of(searched);
    if (!l || !l->labelled() || searched.rank() == 0) return r;
    Value v = r.read();
    if (v.is_stored_array() && v.array_data().is_boxed() && offset == 0) { // ⍸ of a matrix: coordinates
        bool keyed = false;
        std::vector<Value> coords;
        for (int64_t i = 0; i < v.count(); i++) {
            Value c = v.array_data().item(i).read();
            if (!c.is_stored_array() || c.rank() != 1 || c.count() != searched.rank() || c.array_data().is_boxed())
                return r;
            Value ints = convert_to(c, number::Kind::Int).read();
            std::vector<Value> out;
            for (int64_t a = 0; a < c.count(); a++) {
                int64_t q = ints.array_data().items_as<int64_t>()[a];
                const std::optional<std::string>& k = l->key(a, q);
                keyed = keyed || k.has_value();
                out.push_back(k ? value::char_vector(base::decode_utf8(*k)) : Value::integer(q));
            }
            coords.push_back(value::make_array({c.count()}, std::move(out)));
        }
        return keyed ? value::make_array(v.shape(), std::move(coords)) : r;
    }
    if (!v.is_stored_array() || v.array_data().is_boxed() || !number::is_integer(v.kind())) return r;
    int64_t len = searched.shape()[0];
    Value ints = convert_to(v, number::Kind::Int).read();
    const int64_t* ps = ints.array_data().items_as<int64_t>();
    std::vector<Value> items;
    bool keyed = false;
    for (int64_t i = 0; i < v.count(); i++) {
        int64_t q = ps[i] + offset;
        const std::optional<std::string>& k = l->key(0, q);
        keyed = keyed || (q >= 0 && q < len && k);
        items.push_back(q >= 0 && q < len && k ? value::char_vector(base::decode_utf8(*k)) : Value::integer(ps[i]));
    }
    if (!keyed) return r;
    Value out = value::make_array(v.shape(), std::move(items));
    return labels && labels->rank() == out.rank() ? relabel(out, Ref<const Layout>(labels)) : out;
}

namespace {

struct KeyedPositions {
    Prim prim;
    bool dyadic;
    int64_t offset; // result number p is position p + offset of the searched axis
};
// clang-format off
const KeyedPositions KEYED_POSITIONS[] = {
    // row             dyadic  offset
    {Prim::GradeUp,    false,  0},  // ⍋Y: Y's keys in order
    {Prim::GradeDown,  false,  0},
    {Prim::Iota,       true,   0},  // X⍳Y: X's keys, labelled as Y
    {Prim::Where,      true,   -1}, // X⍸Y: the key of the interval's start
    {Prim::Where,      false,  0},  // ⍸Y: the keys of each position (coordinates' per axis)
};
// clang-format on

} // namespace

Value labelled_result(Prim p, const Value* a, const Value& w, Value r) {
    const Layout* lw = value::layout_of(w);
    const Layout* la = a ? value::layout_of(*a) : nullptr;
    if (!lw && !la) return r;
    for (const KeyedPositions& row : KEYED_POSITIONS)
        if (row.prim == p && row.dyadic == (a != nullptr))
            return as_keys(r, a ? *a : w, row.offset, a ? lw : nullptr);
    for (const LayoutRule& rule : LAYOUT_RULES) {
        if (rule.prim != p) continue;
        if (a ? !rule.dyad : !rule.monad) return r; // this valence keeps no labels
        Ref<const Layout> l = a ? rule.dyad(*a, w, r) : rule.monad(w, r);
        if (rule.renders) l = rendered(std::move(l), r.rank(), shared_renderer(la, lw));
        return relabel(r, std::move(l));
    }
    return r;
}

void aligned_for_row(Prim p, Value& a, Value& w) {
    for (const LayoutRule& rule : LAYOUT_RULES)
        if (rule.prim == p && rule.joins) return align_for_join(a, w, rule.joins == 2);
}

const std::vector<Rule>& key_rules() {
    static const std::vector<Rule> rules = {{Prim::Key, drop_keys, put_keys}};
    return rules;
}

} // namespace bpl::prim
