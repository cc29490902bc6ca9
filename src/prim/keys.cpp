// The key row `:` (language.md §11.1): `K:Y` puts keys on Y's axes, `:Y` removes them; and the
// reading of key selectors (`"name"⊃R`) into positions for the selection rows.
#include "prim/keys.h"

#include "base/error.h"
#include "base/utf8.h"
#include "prim/factory.h"
#include "prim/rows.h"
#include "value/array.h"
#include "value/layout.h"

#include <cmath>

namespace bpl::prim {

using base::ErrorKind;
using value::AxisLayout;
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
    Value w = omega.read();
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
        return value::with_layout(w, Layout::of(std::move(axes)));
    }
    if (w.rank() == 0) fail(ErrorKind::Rank, "several keys need an axis to label");
    std::vector<AxisLayout> axes = axes_of(w);
    std::optional<std::string> name = axes[0].name;
    axes[0] = axis_keys(k, w.shape()[0]);
    axes[0].name = std::move(name);
    return value::with_layout(w, Layout::of(std::move(axes)));
}

// :Y.
Value drop_keys(const Value& omega) { return value::with_layout(omega, {}); }

} // namespace

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

const std::vector<Rule>& key_rules() {
    static const std::vector<Rule> rules = {{Prim::Key, drop_keys, put_keys}};
    return rules;
}

} // namespace bpl::prim
