// Selective assignment and f@positions (select.h): a flat array's positions and the write at a
// selection of them; the tree of positions at every depth and the write of a selection made on it.
#include "lang/select.h"

#include "base/error.h"
#include "base/interrupt.h"
#include "lang/cells.h"
#include "lang/exec.h"
#include "number/kind.h"
#include "prim/factory.h"
#include "prim/keys.h"
#include "prim/prim.h"
#include "prim/write.h"
#include "value/array.h"
#include "value/layout.h"

#include <map>

namespace bpl::lang {

using base::Error;
using base::ErrorKind;
using value::ArrayData;

namespace {

using Path = std::vector<int64_t>;

Value build(const Value& v, Path& path, DeepPositions& d, bool root) {
    base::check_interrupt();
    Value r = v.read();
    if (!r.is_stored_array()) {
        d.atoms.push_back(path);
        return Value::integer(static_cast<int64_t>(d.atoms.size()));
    }
    const ArrayData& a = r.array_data();
    std::vector<Value> items;
    items.reserve(static_cast<size_t>(a.count()));
    for (int64_t i = 0; i < a.count(); i++) {
        path.push_back(i);
        items.push_back(build(a.item(i), path, d, false));
        path.pop_back();
    }
    Value t = value::make_array(a.shape(), std::move(items), Value::integer(0));
    // every level carries its array's keys, so a selection by key finds its positions inside
    if (!root && a.layout()) t = value::with_layout(t, a.layout_ref());
    // The root is not an item: a selection that gives it back whole must fit it.
    if (!root && t.is_stored_array()) d.items[&t.array_data()] = path;
    return t;
}

// One write of the selection: the path it lands on and the value it writes there.
struct Write {
    const Path* path;
    Value value;
};

void pair(const DeepPositions& at, const Value& where, const Value& now, std::vector<Write>& out);

// The items of `w` (an atom is its own one item) paired with `now`'s, or each with `now`'s one
// item when it is a unit or atom.
void pair_items(const DeepPositions& at, const Value& w, const Value& now, std::vector<Write>& out) {
    std::vector<Value> ws = items_of(w);
    Value x = now.read();
    if (x.is_atom() || x.rank() == 0) {
        Value each = x.is_atom() ? x : items_of(x)[0];
        for (const Value& wi : ws) pair(at, wi, each, out);
        return;
    }
    if (x.shape() != w.shape()) throw Error(ErrorKind::Length, "the value does not fit the selection");
    std::vector<Value> xs = items_of(x);
    for (size_t k = 0; k < ws.size(); k++) pair(at, ws[k], xs[k], out);
}

void pair(const DeepPositions& at, const Value& where, const Value& now, std::vector<Write>& out) {
    base::check_interrupt();
    Value w = where.read();
    if (!w.is_stored_array()) {
        if (!w.is_number() || !number::is_integer(w.kind()))
            throw Error(ErrorKind::Domain, "this selection cannot be assigned");
        int64_t p = w.as_i64();
        if (p < 0 || p > static_cast<int64_t>(at.atoms.size()))
            throw Error(ErrorKind::Domain, "this selection cannot be assigned");
        if (p > 0) out.push_back({&at.atoms[static_cast<size_t>(p - 1)], now});
        return;
    }
    auto item = at.items.find(&w.array_data());
    if (item != at.items.end()) {
        out.push_back({&item->second, now});
        return;
    }
    pair_items(at, w, now, out);
}

// v with the writes (all below this depth's prefix) applied in order: a write of v itself drops
// the ones before it; the rest go to the items they reach, each item rebuilt once.
Value apply_writes(const Value& v, const std::vector<const Write*>& writes, size_t depth) {
    Value cur = v;
    size_t from = 0;
    for (size_t k = 0; k < writes.size(); k++)
        if (writes[k]->path->size() == depth) {
            cur = writes[k]->value;
            from = k + 1;
        }
    if (from == writes.size()) return cur;
    cur = cur.read();
    if (!cur.is_stored_array()) return cur; // replaced by an atom: nothing below it to write
    std::map<int64_t, std::vector<const Write*>> by_item;
    for (size_t k = from; k < writes.size(); k++) {
        int64_t i = (*writes[k]->path)[depth];
        if (i < cur.count()) by_item[i].push_back(writes[k]);
    }
    std::vector<Value> items = items_of(cur);
    for (auto& [i, ws] : by_item) items[static_cast<size_t>(i)] = apply_writes(items[static_cast<size_t>(i)], ws, depth + 1);
    // the array written keeps its keys (and renderer) at every depth
    return value::with_layout(written(cur, std::move(items)), cur.array_data().layout_ref());
}

} // namespace

bool holds_arrays(const Value& cur) {
    Value r = cur.read();
    if (!r.is_stored_array() || !r.array_data().is_boxed()) return false;
    for (const Value& v : r.array_data().boxed_items())
        if (v.is_stored_array() || v.is_pending()) return true;
    return false;
}

Value flat_positions(const Value& cur) {
    if (!cur.is_stored_array()) return Value::integer(1);
    const ArrayData& a = cur.array_data();
    if (cur.rank() == 0) { // one item, no axis to shape
        auto one = ArrayData::compact(number::Kind::Int, {});
        one->items_as<int64_t>()[0] = 1;
        return Value::array(ArrayData::relayout(std::move(one), a.layout_ref()));
    }
    // 1↓⍳n+1: a read of an Iota, which selections compose with (a Copy of a Copy, a Gather
    // of a Copy: one read of the Iota at the positions they select)
    Value p = prim::call(prim::Prim::Drop, Value::integer(1),
                         prim::call(prim::Prim::Iota, Value::integer(cur.count() + 1)));
    if (cur.rank() > 1) {
        auto shape = ArrayData::compact(number::Kind::Int, {cur.rank()});
        for (int64_t j = 0; j < cur.rank(); j++) shape->items_as<int64_t>()[j] = cur.shape()[static_cast<size_t>(j)];
        p = prim::call(prim::Prim::Rho, Value::array(std::move(shape)), p);
    }
    return prim::relabel(p, a.layout_ref());
}

Value checked_positions(const Value& where, int64_t n) {
    Value ints = where.is_atom() ? value::make_array({1}, {where}) : where;
    bool compact = ints.is_stored_array() && !ints.array_data().is_boxed() && number::is_integer(ints.kind());
    if (!compact) {
        std::vector<Value> listed = items_of(where);
        for (const Value& pos : listed)
            if (!pos.is_number() || !number::is_integer(pos.kind()))
                throw Error(ErrorKind::Domain, "this selection cannot be assigned");
        ints = listed.empty() ? Value::array(ArrayData::compact(number::Kind::Int, {0}))
                              : value::make_array({static_cast<int64_t>(listed.size())}, std::move(listed));
    }
    Value positions = prim::convert_to(ints, number::Kind::Int).read();
    const int64_t* ps = positions.array_data().items_as<int64_t>();
    for (int64_t k = 0, count = positions.count(); k < count; k++)
        if (ps[k] < 0 || ps[k] > n) throw Error(ErrorKind::Domain, "this selection cannot be assigned");
    return positions;
}

Value write_flat(const Value& cur, const Value& positions, const Written& x, std::optional<math::Fn> accumulate,
                 const std::function<Value(const Value&, const Value&)>& each) {
    base::Ref<const value::Layout> labels;
    if (cur.is_stored_array()) labels = cur.array_data().layout_ref();
    // a unit that is an array nests at every position: the host route's
    if (cur.is_stored_array() && !cur.array_data().is_boxed() && (!each || accumulate) &&
        (!x.unit || x.values.is_atom()))
        if (std::optional<Value> r = prim::write_at(cur, positions, x.values, accumulate))
            return prim::relabel(*r, labels);
    std::vector<Value> items = items_of(cur), xs;
    if (!x.unit) xs = items_of(x.values);
    const int64_t* ps = positions.array_data().items_as<int64_t>();
    for (int64_t k = 0, count = positions.count(); k < count; k++) {
        if (ps[k] <= 0) continue;
        Value& item = items[static_cast<size_t>(ps[k] - 1)];
        const Value& v = x.unit ? x.values : xs[static_cast<size_t>(k)];
        item = each ? each(item, v) : v;
    }
    return cur.is_stored_array() ? prim::relabel(written(cur, std::move(items)), labels) : items[0];
}

DeepPositions deep_positions(const Value& cur) {
    DeepPositions d;
    Path path;
    d.tree = build(cur, path, d, true);
    return d;
}

Value write_deep(const Value& cur, const DeepPositions& at, const Value& where, const Value& now, bool items) {
    std::vector<Write> writes;
    Value w = where.read();
    // One item selected by a scalar position reads as that item itself: what is written
    // replaces it, a unit's content (april:1608, 1773).
    bool one = !w.is_stored_array() || at.items.count(&w.array_data());
    if (items && one) {
        Value x = now.read();
        pair(at, w, !x.is_atom() && x.rank() == 0 ? items_of(x)[0] : x, writes);
    } else if (items) {
        pair_items(at, w, now, writes);
    } else {
        pair(at, w, now, writes);
    }
    std::vector<const Write*> all;
    all.reserve(writes.size());
    for (const Write& w : writes) all.push_back(&w);
    return apply_writes(cur, all, 0);
}

} // namespace bpl::lang
