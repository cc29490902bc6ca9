// Search and sort rows: grade, index of, member of, unique, union, without, sort. Native
// operands become one Call node over math's routine; boxed (host) operands compare cells as
// values (value::match, value::compare).
#include "math/search.h"
#include "prim/factory.h"
#include "prim/rows.h"
#include "value/array.h"
#include "value/match.h"

#include <algorithm>
#include <numeric>

namespace bpl::prim {

using base::ErrorKind;
using value::ArrayData;

namespace {

Value int_vector(const std::vector<int64_t>& xs, Shape shape) {
    auto a = ArrayData::compact(Kind::Int, std::move(shape));
    std::copy(xs.begin(), xs.end(), a->items_as<int64_t>());
    return Value::array(std::move(a));
}

Shape major_cell(const Value& w) {
    Shape s = w.shape();
    return Shape(s.begin() + 1, s.end());
}
int64_t major_count(const Value& w) { return w.rank() == 0 ? 1 : w.shape()[0]; }

// The major cells of a stored value, as values (host route).
std::vector<Value> host_cells(const Value& w) {
    int64_t n = major_count(w);
    std::vector<Value> cells;
    cells.reserve(static_cast<size_t>(n));
    if (w.rank() <= 1) {
        Value x = w.read();
        for (int64_t i = 0; i < n; i++) cells.push_back(x.is_stored_array() ? x.array_data().item(i) : x);
        return cells;
    }
    for (int64_t i = 0; i < n; i++) cells.push_back(select_cells(w, {i}, {}));
    return cells;
}

bool both_native(const Value& a, const Value& b) { return a.is_native() && b.is_native(); }

// The query frame of `query` searched against cells of shape `cell` (functions.md §4).
Shape query_frame(const Value& query, const Shape& cell) {
    Shape q = query.shape();
    if (q.size() < cell.size()) fail(ErrorKind::Rank, "query cells have a lower rank than the searched cells");
    if (!std::equal(cell.begin(), cell.end(), q.end() - static_cast<int64_t>(cell.size())))
        fail(ErrorKind::Length, "query cells' shape differs from the searched cells'");
    return Shape(q.begin(), q.end() - static_cast<int64_t>(cell.size()));
}

// The m query cells of shape `cell` in `query`, as values (host route).
std::vector<Value> query_cells(const Value& query, const Shape& cell, int64_t m) {
    Value q = query.read();
    std::vector<Value> out;
    if (cell.empty()) {
        for (int64_t j = 0; j < m; j++) out.push_back(q.is_stored_array() ? q.array_data().item(j) : q);
        return out;
    }
    std::vector<int64_t> s{m};
    s.insert(s.end(), cell.begin(), cell.end());
    return host_cells(call(Prim::Rho, int_vector(s, {static_cast<int64_t>(s.size())}), q));
}

// For each query cell, the first matching cell of `table`, or its count; the result frame.
Value positions(const Value& table, const Value& query, bool member) {
    if (table.rank() == 0) fail(ErrorKind::Rank, "the searched argument must not be a unit");
    Shape cell = major_cell(table);
    Shape frame = query_frame(query, cell);
    int64_t n = major_count(table), m = value::count_of(frame);
    bool atom = frame.empty();
    Kind out_kind = member ? Kind::Bool : Kind::Int;
    if (both_native(table, query)) {
        bool ct = table.kind() == Kind::Char, cq = query.kind() == Kind::Char;
        if (ct == cq) {
            Kind k = number::join(table.kind(), query.kind());
            int64_t items = value::count_of(cell);
            if (member)
                return routine(math::Routine::MemberOf, k, {convert_to(query, k), convert_to(table, k)},
                               items, Desc{out_kind, false, atom, frame});
            return routine(math::Routine::IndexOf, k, {convert_to(table, k), convert_to(query, k)},
                           items, Desc{out_kind, false, atom, frame});
        }
    }
    // Host route: compare cells as values.
    std::vector<Value> cells = host_cells(table);
    std::vector<Value> queries = query_cells(query, cell, m);
    std::vector<int64_t> out(static_cast<size_t>(m));
    for (int64_t j = 0; j < m; j++) {
        int64_t found = n;
        for (int64_t i = 0; i < n && found == n; i++)
            if (value::match(cells[i], queries[j])) found = i;
        out[j] = member ? found < n : found;
    }
    if (atom) return member ? Value::boolean(out[0] != 0) : Value::integer(out[0]);
    Value r = int_vector(out, frame);
    return member ? convert_to(r, Kind::Bool) : r;
}

Value index_of(const Value& a, const Value& w) { return positions(a, w, false); }
Value member_of(const Value& a, const Value& w) { return positions(w, a, true); }

Value grade(const Value& w, bool down) {
    if (w.rank() == 0) fail(ErrorKind::Rank, "grade needs an array");
    int64_t n = major_count(w);
    if (w.is_native())
        return routine(down ? math::Routine::GradeDown : math::Routine::GradeUp, w.kind(), {w},
                       value::count_of(major_cell(w)), Desc{Kind::Int, false, false, {n}});
    std::vector<Value> cells = host_cells(w);
    std::vector<int64_t> perm(static_cast<size_t>(n));
    std::iota(perm.begin(), perm.end(), 0);
    std::stable_sort(perm.begin(), perm.end(), [&](int64_t p, int64_t q) {
        int c = value::compare(cells[p], cells[q]);
        return down ? c > 0 : c < 0;
    });
    return int_vector(perm, {n});
}
// C⍋Y, C⍒Y (§5.1): characters collated by C. Along each axis of C, from the last, a character's
// key is its least coordinate there (characters C lacks take the axis length: after all of
// C's); Y's major cells are graded by those keys, the whole cell's key for C's last axis first.
Value grade_collated(const Value& c, const Value& w, bool down) {
    if (c.rank() == 0 || w.rank() == 0) fail(ErrorKind::Rank, "collated grade needs arrays");
    if (!c.is_native() || c.kind() != Kind::Char || !w.is_native() || w.kind() != Kind::Char)
        fail(ErrorKind::Domain, "collated grade takes characters");
    Value cv = c.read(), yv = w.read();
    const ArrayData& ca = cv.array_data();
    const Shape& sc = ca.shape();
    size_t rc = sc.size();
    std::vector<char32_t> listed;
    std::vector<std::vector<int64_t>> least; // per listed character, per axis of C
    std::vector<int64_t> coord(rc, 0);
    for (int64_t i = 0; i < ca.count(); i++) {
        char32_t ch = ca.items_as<char32_t>()[i];
        auto it = std::find(listed.begin(), listed.end(), ch);
        if (it == listed.end()) {
            listed.push_back(ch);
            least.push_back(coord);
        } else {
            std::vector<int64_t>& l = least[static_cast<size_t>(it - listed.begin())];
            for (size_t k = 0; k < rc; k++) l[k] = std::min(l[k], coord[k]);
        }
        for (size_t k = rc; k-- > 0;) {
            if (++coord[k] < sc[k]) break;
            coord[k] = 0;
        }
    }
    const ArrayData& ya = yv.array_data();
    int64_t n = major_count(w), per = value::count_of(major_cell(w));
    auto keys = ArrayData::compact(Kind::Int, {n, static_cast<int64_t>(rc), per});
    int64_t* out = keys->items_as<int64_t>();
    for (int64_t i = 0; i < ya.count(); i++) {
        char32_t ch = ya.items_as<char32_t>()[i];
        auto it = std::find(listed.begin(), listed.end(), ch);
        int64_t cell = i / per, at = i % per;
        for (size_t s = 0; s < rc; s++) { // key slot s: C's axis rc-1-s
            size_t axis = rc - 1 - s;
            out[(cell * static_cast<int64_t>(rc) + static_cast<int64_t>(s)) * per + at] =
                it == listed.end() ? sc[axis] : least[static_cast<size_t>(it - listed.begin())][axis];
        }
    }
    return grade(Value::array(std::move(keys)), down);
}
Value grade_up_collated(const Value& c, const Value& w) { return grade_collated(c, w, false); }
Value grade_down_collated(const Value& c, const Value& w) { return grade_collated(c, w, true); }
Value grade_up(const Value& w) { return grade(w, false); }
Value grade_down(const Value& w) { return grade(w, true); }

Value as_vector(const Value& w) { return w.rank() == 0 ? call(Prim::Comma, w) : w; }

// ≠Y: the first occurrence of each distinct major cell.
Value unique_mask(const Value& w) {
    Value v = as_vector(w);
    int64_t n = major_count(v);
    if (v.is_native())
        return routine(math::Routine::UniqueMask, v.kind(), {v}, value::count_of(major_cell(v)),
                       Desc{Kind::Bool, false, false, {n}});
    // Host route, as the native routine decides: an item is compared with every earlier item
    // (the tolerance chains), a wider cell only with the earlier distinct cells.
    std::vector<Value> cells = host_cells(v);
    bool items = v.rank() == 1;
    std::vector<Value> distinct, mask;
    for (size_t i = 0; i < cells.size(); i++) {
        const std::vector<Value>& against = items ? cells : distinct;
        size_t upto = items ? i : distinct.size();
        bool found = std::any_of(against.begin(), against.begin() + upto,
                                 [&](const Value& r) { return value::match(r, cells[i]); });
        if (!found && !items) distinct.push_back(cells[i]);
        mask.push_back(Value::boolean(!found));
    }
    return value::make_array({n}, std::move(mask));
}

// The cells of w where `mask` holds: the mask decides the length, so it is read here.
Value keep(const Value& mask, const Value& w) { return call(Prim::Hash, mask.read(), w); }

Value unique(const Value& w) { return keep(unique_mask(w), as_vector(w)); }

Value without(const Value& a, const Value& w) {
    Value x = as_vector(a);
    return keep(call(Prim::Tilde, member_of(x, w)), x);
}

Value union_(const Value& a, const Value& w) {
    if (a.rank() == 0) fail(ErrorKind::Rank, "the left argument must not be a unit");
    // Y is one cell of X's major-cell rank, or has X's rank (functions.md §4.4)
    if (w.rank() + 1 != a.rank() && w.rank() != a.rank())
        fail(ErrorKind::Rank, "the right argument is one major cell or has the left's rank");
    Value y = w;
    if (w.rank() + 1 == a.rank()) { // the one cell with a leading axis of 1 (⍪ would make rows of its items)
        Shape s = w.shape();
        s.insert(s.begin(), 1);
        y = call(Prim::Rho, int_vector(std::vector<int64_t>(s.begin(), s.end()), {static_cast<int64_t>(s.size())}), w);
    }
    Value fresh = keep(call(Prim::Tilde, member_of(y, a)), y);
    return call(Prim::Table, a, fresh);
}

// X⍸Y: how many major cells of X are ≤ each query cell (structural order, no tolerance).
Value interval_index(const Value& a, const Value& w) {
    if (a.rank() == 0) fail(ErrorKind::Rank, "the searched argument must not be a unit");
    Shape cell = major_cell(a);
    Shape frame = query_frame(w, cell);
    int64_t n = major_count(a), m = value::count_of(frame);
    if (both_native(a, w) && (a.kind() == Kind::Char) == (w.kind() == Kind::Char)) {
        Kind k = number::join(a.kind(), w.kind());
        return routine(math::Routine::IntervalIndex, k, {convert_to(a, k), convert_to(w, k)},
                       value::count_of(cell), Desc{Kind::Int, false, frame.empty(), frame});
    }
    std::vector<Value> cells = host_cells(a);
    std::vector<Value> queries = query_cells(w, cell, m);
    std::vector<int64_t> out(static_cast<size_t>(m));
    for (int64_t j = 0; j < m; j++) {
        const Value& query = queries[j];
        int64_t lo = 0, hi = n;
        while (lo < hi) {
            int64_t mid = (lo + hi) / 2;
            if (value::compare(cells[mid], query) <= 0) lo = mid + 1;
            else hi = mid;
        }
        out[j] = lo;
    }
    if (frame.empty()) return Value::integer(out[0]);
    return int_vector(out, frame);
}

// X∩Y: the cells of X found among Y's; ∩Y: distinct cells that occur more than once.
Value intersect(const Value& a, const Value& w) {
    if (w.rank() == 0) fail(ErrorKind::Rank, "the right argument must not be a unit");
    // a unit X acts as a one-item vector, so Y's cells are then units
    if (a.rank() == 0 && w.rank() != 1) fail(ErrorKind::Rank, "a unit left argument needs a vector right");
    Value x = as_vector(a);
    return keep(member_of(x, w), x);
}

Value duplicates(const Value& w) {
    Value v = as_vector(w);
    Value pos = positions(v, v, false).read();
    int64_t n = major_count(v);
    std::vector<int64_t> count(static_cast<size_t>(n), 0);
    auto at = [&](int64_t i) { return pos.is_stored_array() ? pos.array_data().item(i).as_i64() : pos.as_i64(); };
    for (int64_t i = 0; i < n; i++) count[at(i)]++;
    std::vector<Value> mask;
    for (int64_t i = 0; i < n; i++) mask.push_back(Value::boolean(at(i) == i && count[i] > 1));
    return call(Prim::Hash, value::make_array({n}, std::move(mask)), v);
}

// =Y (self-classify): one Boolean row per distinct major cell of Y, in order of first
// appearance, marking the cells equal to it: (∪i)∘.=i with i←Y⍳Y.
Value self_classify(const Value& w) {
    Value v = as_vector(w);
    Value i = positions(v, v, false);
    Value u = unique(i);
    int64_t m = major_count(u), n = major_count(v);
    Value rows = call(Prim::Rho, int_vector({m, n}, {2}), i);
    Value cols = call(Prim::Transpose, call(Prim::Rho, int_vector({n, m}, {2}), u));
    return call(Prim::Equal, cols, rows);
}

// ⍷Y (groups, functions.md §4.6): for each distinct major cell, in order of first appearance
// (∪Y's), the vector of its positions.
Value groups(const Value& w) {
    Value v = as_vector(w);
    Value pos = positions(v, v, false).read();
    int64_t n = major_count(v);
    auto at = [&](int64_t i) { return pos.is_stored_array() ? pos.array_data().item(i).as_i64() : pos.as_i64(); };
    std::vector<int64_t> slot(static_cast<size_t>(n), -1);
    std::vector<std::vector<int64_t>> found;
    for (int64_t i = 0; i < n; i++) {
        int64_t first = at(i);
        if (slot[first] < 0) {
            slot[first] = static_cast<int64_t>(found.size());
            found.emplace_back();
        }
        found[slot[first]].push_back(i);
    }
    std::vector<Value> items;
    for (const auto& g : found) items.push_back(int_vector(g, {static_cast<int64_t>(g.size())}));
    Shape shape{static_cast<int64_t>(items.size())}; // before the items move
    return value::make_array(std::move(shape), std::move(items), int_vector({}, {0}));
}

// X⍷Y (find, §4.6): a Boolean of Y's shape marking each position where the whole pattern X
// starts. X of lower rank aligns with Y's trailing axes; X of higher rank, or one that does not
// fit on some axis, marks nothing; an empty X matches wherever it fits. Native operands: for each
// pattern position q, Y shifted by q (a Copy) compared with X's item q, the comparisons ANDed
// (tolerant, as =); boxed operands compare items as values (value::match).
Value find(const Value& a, const Value& w) {
    Shape sy = w.shape(), sx = a.shape();
    int64_t n = value::count_of(sy);
    auto none = [&] { return copy(Value::boolean(false), math::Mapping::reshape(1, n), sy, w.is_atom()); };
    if (sx.size() > sy.size()) return none();
    sx.insert(sx.begin(), sy.size() - sx.size(), 1);
    for (size_t j = 0; j < sy.size(); j++)
        if (sx[j] > sy[j]) return none();
    int64_t m = value::count_of(sx);
    if (!both_native(a, w)) {
        // where the pattern fits, in ravel order; and the offset in Y of each pattern position
        std::vector<int64_t> ystride(sy.size()), starts, offsets;
        for (size_t j = sy.size(), k = 1; j-- > 0; k *= static_cast<size_t>(sy[j])) ystride[j] = static_cast<int64_t>(k);
        std::vector<int64_t> c(sy.size(), 0);
        for (int64_t i = 0; i < n; i++) {
            bool in = true;
            for (size_t j = 0; j < sy.size(); j++) in = in && c[j] + sx[j] <= sy[j];
            if (in) starts.push_back(i);
            for (size_t j = sy.size(); j-- > 0;) {
                if (++c[j] < sy[j]) break;
                c[j] = 0;
            }
        }
        std::fill(c.begin(), c.end(), 0);
        for (int64_t q = 0; q < m; q++) {
            int64_t off = 0;
            for (size_t j = 0; j < sy.size(); j++) off += c[j] * ystride[j];
            offsets.push_back(off);
            for (size_t j = sx.size(); j-- > 0;) {
                if (++c[j] < sx[j]) break;
                c[j] = 0;
            }
        }
        Value x = a.read(), y = w.read();
        auto item = [](const Value& v, int64_t i) { return v.is_stored_array() ? v.array_data().item(i) : v; };
        std::vector<Value> marks(static_cast<size_t>(n), Value::boolean(false));
        for (int64_t p : starts) {
            bool all = true;
            for (int64_t q = 0; q < m && all; q++) all = value::match(item(x, q), item(y, p + offsets[q]));
            marks[static_cast<size_t>(p)] = Value::boolean(all);
        }
        if (w.is_atom()) return marks[0];
        return value::make_array(sy, std::move(marks));
    }
    // Where the pattern fits: 1 read through a pad on each axis (c[j] ≤ sy[j] − sx[j]), else 0.
    math::Mapping fit{sy, std::vector<int64_t>(sy.size(), 0), 0, {}};
    for (size_t j = 0; j < sy.size(); j++) {
        math::Bound b{math::Bound::Mode::Pad, 0, sy[j] - sx[j] + 1, 0, std::vector<int64_t>(sy.size(), 0)};
        b.coef[j] = 1;
        fit.bounds.push_back(std::move(b));
    }
    fit.normalize();
    Value acc = copy(Value::boolean(true), std::move(fit), sy, w.is_atom());
    // Y shifted by each pattern position: a window (its items where the pattern does not fit
    // are masked by the fit)
    std::vector<int64_t> shift(sy.size(), 0);
    for (int64_t q = 0; q < m; q++) {
        Value shifted = copy(w, math::Mapping::window(sy, shift, sy), sy, w.is_atom());
        Value xq = copy(a, math::Mapping::strided({1}, {1}, q), {}, true);
        acc = call(Prim::And, acc, call(Prim::Equal, xq, shifted));
        for (size_t j = sx.size(); j-- > 0;) {
            if (++shift[j] < sx[j]) break;
            shift[j] = 0;
        }
    }
    return acc;
}

// <Y, >Y: native operands are one Call node (math's sort moves the cells itself); boxed ones take
// the host grade and select their cells.
Value sort(const Value& w, bool down) {
    if (w.rank() == 0) return w;
    if (w.is_native())
        return routine(down ? math::Routine::SortDown : math::Routine::SortUp, w.kind(), {w},
                       value::count_of(major_cell(w)), Desc{w.kind(), w.weak(), false, w.shape()});
    Value perm = grade(w, down).read();
    std::vector<int64_t> cells(static_cast<size_t>(perm.count()));
    for (int64_t i = 0; i < perm.count(); i++) cells[i] = perm.array_data().items_as<int64_t>()[i];
    return select_cells(w, cells, {perm.count()});
}
Value sort_up(const Value& w) { return sort(w, false); }
Value sort_down(const Value& w) { return sort(w, true); }

} // namespace

// clang-format off
const std::vector<Rule>& search_rules() {
    static const std::vector<Rule> RULES = {
        //  row               monadic       dyadic
        {Prim::GradeUp,      grade_up,     grade_up_collated},
        {Prim::GradeDown,    grade_down,   grade_down_collated},
        {Prim::Iota,         nullptr,      index_of},
        {Prim::Epsilon,      nullptr,      member_of},
        {Prim::Equal,        self_classify, nullptr},
        {Prim::NotEqual,     unique_mask,  nullptr},
        {Prim::Union,        unique,       union_},
        {Prim::Tilde,        nullptr,      without},
        {Prim::Less,         sort_up,      nullptr},
        {Prim::Greater,      sort_down,    nullptr},
        {Prim::Where,        nullptr,      interval_index},
        {Prim::Intersect,    duplicates,   intersect},
        {Prim::Find,         groups,       find},
    };
    return RULES;
}
// clang-format on

} // namespace bpl::prim
