// Agreement by key and by axis name for the pervasive rows, each and the rank operator's frames
// (language.md §11.3, §11.5): the two layouts planned once into one selection per argument.
#include "prim/keys.h"

#include "base/error.h"
#include "base/interrupt.h"
#include "prim/factory.h"
#include "value/array.h"
#include "value/layout.h"

#include <algorithm>

namespace bpl::prim {

using base::ErrorKind;
using base::Ref;
using value::AxisLayout;
using value::Layout;

namespace {

const AxisLayout NO_LABELS;

const AxisLayout& axis_of(const Layout* l, int64_t ax) {
    return l && ax >= 0 && ax < l->rank() ? l->axis(ax) : NO_LABELS;
}

// The positions of one result axis in each argument (-1: the argument's fill) and the result's
// keys there, for axis `ia` of the left (length n) against axis `iw` of the right (length m),
// both keyed: the left's positions first (a keyed one finds the right's position by key, an
// unkeyed one takes the right's next unkeyed position: both have as many, else LENGTH ERROR),
// then what only the right has.
struct Alignment {
    std::vector<int64_t> left, right;
    std::vector<std::optional<std::string>> keys;
};
Alignment align(const Layout& la, int64_t ia, int64_t n, const Layout& lw, int64_t iw, int64_t m) {
    Alignment out;
    std::vector<uint8_t> used(static_cast<size_t>(m), 0);
    std::vector<int64_t> unkeyed; // the right's positions without a key, in order
    for (int64_t j = 0; j < m; j++)
        if (!lw.key(iw, j)) unkeyed.push_back(j);
    size_t left_unkeyed = 0;
    for (int64_t i = 0; i < n; i++) left_unkeyed += !la.key(ia, i);
    if (left_unkeyed != unkeyed.size()) fail(ErrorKind::Length, "unkeyed positions do not agree");
    size_t next = 0;
    for (int64_t i = 0; i < n; i++) {
        const std::optional<std::string>& k = la.key(ia, i);
        std::optional<int64_t> j;
        if (k) j = lw.find(iw, *k);
        else if (next < unkeyed.size()) j = unkeyed[next++];
        if (j) used[static_cast<size_t>(*j)] = 1;
        out.left.push_back(i);
        out.right.push_back(j ? *j : -1);
        out.keys.push_back(k);
    }
    for (int64_t j = 0; j < m; j++) {
        if (used[static_cast<size_t>(j)]) continue;
        out.left.push_back(-1);
        out.right.push_back(j);
        out.keys.push_back(lw.key(iw, j));
    }
    return out;
}

// One axis of the result: the argument axes it pairs (-1: that argument lacks it and reads a
// unit axis there), the positions each reads along it (empty: its whole axis in order), and the
// result's labels on it.
struct ResultAxis {
    int64_t left = -1, right = -1;
    std::vector<int64_t> from_left, from_right;
    AxisLayout labels;
};

// The result's axes: by name when both arguments name an axis (equal names pair wherever they
// are, then unnamed axes in leading order; the right's order when every left axis pairs and
// the right has more, else the left's axes first, then the right's unpaired ones), else by
// position (the first `frame` axes when frame >= 0).
std::vector<ResultAxis> pair_axes(const Layout* la, int64_t ra, const Layout* lw, int64_t rw, int64_t frame) {
    auto named = [](const Layout* l, int64_t r) {
        for (int64_t ax = 0; ax < r; ax++)
            if (axis_of(l, ax).name) return true;
        return false;
    };
    std::vector<ResultAxis> out;
    if (frame >= 0 || !named(la, ra) || !named(lw, rw)) {
        int64_t n = frame >= 0 ? std::min({frame, ra, rw}) : std::max(ra, rw);
        for (int64_t k = 0; k < n; k++) {
            ResultAxis r;
            r.left = k < ra ? k : -1;
            r.right = k < rw ? k : -1;
            out.push_back(std::move(r));
        }
        return out;
    }
    std::vector<int64_t> of_left(static_cast<size_t>(ra), -1), of_right(static_cast<size_t>(rw), -1);
    for (int64_t i = 0; i < ra; i++)
        if (const std::optional<std::string>& name = axis_of(la, i).name)
            for (int64_t j = 0; j < rw; j++)
                if (axis_of(lw, j).name == name) of_left[static_cast<size_t>(i)] = j, of_right[static_cast<size_t>(j)] = i;
    for (int64_t i = 0, j = 0; i < ra; i++) { // the unnamed axes, in leading order
        if (axis_of(la, i).name) continue;
        while (j < rw && axis_of(lw, j).name) j++;
        if (j == rw) break;
        of_left[static_cast<size_t>(i)] = j, of_right[static_cast<size_t>(j)] = i;
        j++;
    }
    bool every_left = std::find(of_left.begin(), of_left.end(), -1) == of_left.end();
    auto add = [&](int64_t i, int64_t j) {
        ResultAxis r;
        r.left = i, r.right = j;
        out.push_back(std::move(r));
    };
    if (every_left && rw > ra) {
        for (int64_t j = 0; j < rw; j++) add(of_right[static_cast<size_t>(j)], j);
    } else {
        for (int64_t i = 0; i < ra; i++) add(i, of_left[static_cast<size_t>(i)]);
        for (int64_t j = 0; j < rw; j++)
            if (of_right[static_cast<size_t>(j)] < 0) add(-1, j);
    }
    return out;
}

// The positions each argument reads along each result axis, and the result's labels there.
void plan_axes(std::vector<ResultAxis>& axes, const Layout* la, const Shape& sa, const Layout* lw, const Shape& sw) {
    for (ResultAxis& r : axes) {
        const AxisLayout& x = axis_of(la, r.left);
        const AxisLayout& y = axis_of(lw, r.right);
        int64_t n = r.left >= 0 ? sa[static_cast<size_t>(r.left)] : 1;
        int64_t m = r.right >= 0 ? sw[static_cast<size_t>(r.right)] : 1;
        r.labels.name = x.name ? x.name : y.name;
        if (x.keyed && y.keyed) {
            Alignment al = align(*la, r.left, n, *lw, r.right, m);
            if (!is_identity(al.left, n)) r.from_left = std::move(al.left);
            if (!is_identity(al.right, m)) r.from_right = std::move(al.right);
            r.labels.keyed = true;
            r.labels.keys = std::move(al.keys);
        } else if (x.keyed || y.keyed) { // by position; a keyed singleton that stretches loses its keys
            bool left = x.keyed;
            bool stretched = (left ? n : m) == 1 && (left ? r.right : r.left) >= 0 && (left ? m : n) != 1;
            if (!stretched) {
                r.labels.keyed = true;
                r.labels.keys = (left ? x : y).keys;
            }
        }
    }
    // two result axes with one name both lose it
    for (size_t i = 0; i < axes.size(); i++)
        for (size_t j = i + 1; j < axes.size(); j++)
            if (axes[i].labels.name && axes[i].labels.name == axes[j].labels.name) {
                std::optional<std::string> gone = axes[i].labels.name;
                for (ResultAxis& r : axes)
                    if (r.labels.name == gone) r.labels.name.reset();
            }
}

// v read along the result's axes (its own, moved to their result positions, with the planned
// positions; a unit axis where it lacks one; axes no result axis names, a rank frame's cells,
// after them whole), or v as it is when that changes nothing (its axes in order first, whole,
// any it lacks after them: the leading-axis rule makes those unit).
Value view(const Value& v, std::vector<ResultAxis> axes, bool left) {
    int64_t rv = v.rank();
    for (int64_t ax = 0; ax < rv; ax++) {
        bool named = false;
        for (const ResultAxis& r : axes) named = named || (left ? r.left : r.right) == ax;
        if (named) continue;
        ResultAxis r;
        (left ? r.left : r.right) = ax;
        axes.push_back(std::move(r));
    }
    auto source = [&](const ResultAxis& r) { return left ? r.left : r.right; };
    auto from = [&](const ResultAxis& r) -> const std::vector<int64_t>& { return left ? r.from_left : r.from_right; };
    bool same = true;
    for (size_t k = 0; k < axes.size(); k++) {
        int64_t s = source(axes[k]);
        int64_t want = static_cast<int64_t>(k) < rv ? static_cast<int64_t>(k) : -1;
        same = same && s == want && from(axes[k]).empty();
    }
    if (same) return v;
    Shape sv = v.shape(), shape;
    std::vector<int64_t> stride(static_cast<size_t>(rv), 1);
    for (int64_t ax = rv - 2; ax >= 0; ax--) stride[static_cast<size_t>(ax)] = stride[static_cast<size_t>(ax + 1)] * sv[static_cast<size_t>(ax + 1)];
    // per result axis: the flat offsets (-1: fill) its positions read
    std::vector<std::vector<int64_t>> offsets;
    for (const ResultAxis& r : axes) {
        int64_t s = source(r);
        std::vector<int64_t> o;
        if (s < 0) o.push_back(0);
        else if (from(r).empty())
            for (int64_t p = 0; p < sv[static_cast<size_t>(s)]; p++) o.push_back(p * stride[static_cast<size_t>(s)]);
        else
            for (int64_t p : from(r)) o.push_back(p < 0 ? -1 : p * stride[static_cast<size_t>(s)]);
        shape.push_back(static_cast<int64_t>(o.size()));
        offsets.push_back(std::move(o));
    }
    int64_t n = value::count_of(shape);
    std::vector<int64_t> idx = reserve_positions(n);
    std::vector<int64_t> at(axes.size(), 0);
    for (int64_t i = 0; i < n; i++) {
        base::poll_interrupt(static_cast<uint64_t>(i));
        int64_t flat = 0;
        for (size_t k = 0; k < axes.size() && flat >= 0; k++) {
            int64_t o = offsets[k][static_cast<size_t>(at[k])];
            flat = o < 0 ? -1 : flat + o;
        }
        idx.push_back(flat);
        for (size_t k = axes.size(); k-- > 0;) { // the next coordinate, last axis fastest
            if (++at[k] < shape[k]) break;
            at[k] = 0;
        }
    }
    return gather(v, std::move(shape), std::move(idx));
}

} // namespace

Value keyed_dyad(const Value& a, const Value& w, const PlainDyad& plain, int64_t frame) {
    const Layout* la = value::layout_of(a);
    const Layout* lw = value::layout_of(w);
    Value renderer = shared_renderer(la, lw); // itemwise results keep it
    if (value::same_layout(la, lw) && frame < 0) { // nothing to align
        Value r = plain(a, w);
        return relabel(r, rendered(fit(la && la->labelled() ? la : lw, r.rank()), r.rank(), renderer));
    }
    std::vector<ResultAxis> axes = pair_axes(la, a.rank(), lw, w.rank(), frame);
    plan_axes(axes, la, a.shape(), lw, w.shape());
    Value r = plain(view(a, axes, true), view(w, axes, false));
    std::vector<AxisLayout> labels(static_cast<size_t>(r.rank()));
    for (size_t k = 0; k < axes.size() && static_cast<int64_t>(k) < r.rank(); k++) labels[k] = axes[k].labels;
    return relabel(r, rendered(Layout::of(std::move(labels)), r.rank(), renderer));
}

void align_for_join(Value& a, Value& w, bool first) {
    const Layout* la = value::layout_of(a);
    const Layout* lw = value::layout_of(w);
    int64_t r = a.rank();
    if (!la || !lw || r < 2 || w.rank() != r || value::same_layout(la, lw)) return;
    int64_t joined = first ? 0 : r - 1;
    std::vector<ResultAxis> axes = pair_axes(nullptr, r, nullptr, r, -1); // by position
    std::vector<AxisLayout> at_a = la->axes(), at_w = lw->axes();
    bool moved = false;
    for (int64_t k = 0; k < r; k++) {
        if (k == joined || !la->is_keyed(k) || !lw->is_keyed(k)) continue;
        Alignment al = align(*la, k, a.shape()[static_cast<size_t>(k)], *lw, k, w.shape()[static_cast<size_t>(k)]);
        ResultAxis& ax = axes[static_cast<size_t>(k)];
        if (!is_identity(al.left, a.shape()[static_cast<size_t>(k)])) ax.from_left = std::move(al.left);
        if (!is_identity(al.right, w.shape()[static_cast<size_t>(k)])) ax.from_right = std::move(al.right);
        moved = moved || !ax.from_left.empty() || !ax.from_right.empty();
        at_a[static_cast<size_t>(k)].keys = al.keys;
        at_w[static_cast<size_t>(k)].keys = std::move(al.keys);
    }
    if (!moved) return;
    Value x = view(a, axes, true), y = view(w, axes, false);
    a = relabel(x, rendered(Layout::of(std::move(at_a)), r, la->renderer()));
    w = relabel(y, rendered(Layout::of(std::move(at_w)), r, lw->renderer()));
}

} // namespace bpl::prim
