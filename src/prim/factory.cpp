// The row factory: kinds, agreement, parameter reads and node construction for prim's rows.
#include "prim/factory.h"

#include "base/interrupt.h"
#include "math/search.h"
#include "number/exact.h"
#include "prim/exact.h"
#include "prim/range.h"
#include "program/plan.h"
#include "value/array.h"
#include "value/match.h"

#include <cmath>
#include <optional>

namespace bpl::prim {

using value::ArrayData;

void fail(base::ErrorKind kind, const char* message) { throw base::Error(kind, message); }

void check_count(int64_t n) {
    if (n > MAX_ITEMS) fail(base::ErrorKind::Limit, "more than 10⁹ items");
}

std::vector<int64_t> reserve_positions(int64_t n) {
    check_count(n);
    program::check_memory(2 * n * static_cast<int64_t>(sizeof(int64_t))); // the vector and index_array's copy
    std::vector<int64_t> idx;
    idx.reserve(static_cast<size_t>(n));
    return idx;
}

bool is_integral(const Value& x) {
    if (x.is_pending()) return false;
    if (x.is_number()) {
        double f = x.as_f64();
        return std::isfinite(f) && f == std::floor(f);
    }
    if (x.is_stored_array() && !x.array_data().is_boxed()) {
        const ArrayData& a = x.array_data();
        if (!number::is_float(a.kind())) return true;
        for (int64_t i = 0; i < a.count(); i++) {
            double f = a.item(i).as_f64();
            if (!std::isfinite(f) || f != std::floor(f)) return false;
        }
        return true;
    }
    return false;
}

Kind effective_kind(const Value& x, const Value& partner) {
    if (!x.weak() || partner.weak() || !partner.is_native()) return x.kind();
    number::Typed t = number::join(number::Typed{x.kind(), true, is_integral(x)},
                                   number::Typed::strong(partner.kind()));
    return t.kind;
}

Value convert_to(const Value& x, Kind k) {
    if (x.kind() == k) return x;
    if (x.is_exact()) {
        if (number::is_float(k) || number::is_complex(k)) return exact_as(x, k);
        return Value::integer(x.as_i64(), k); // callers convert whole values only
    }
    if (x.is_number() || x.is_complex()) {
        if (number::is_complex(k)) return Value::complex(x.re(), x.im(), k);
        // a complex atom to a real kind keeps its real part, as math::convert does
        if (number::is_float(k)) return Value::real(x.re(), k, false);
        if (x.is_complex()) return Value::integer(static_cast<int64_t>(std::nearbyint(x.re())), k);
        return Value::integer(x.as_i64(), k);
    }
    graph::Origin o;
    o.step = graph::Step::Convert;
    o.compute = x.kind();
    o.operands.push_back(x);
    Desc d = Desc::of(x);
    d.kind = k;
    d.weak = false;
    d.layout = {}; // the items converted; keys are the caller's (agreement by key) to place
    return build(std::move(o), std::move(d));
}

Shape agree(const Shape& a, const Shape& b) {
    const Shape& lo = a.size() <= b.size() ? a : b;
    const Shape& hi = a.size() <= b.size() ? b : a;
    Shape r = hi;
    for (size_t j = 0; j < lo.size(); j++) {
        if (lo[j] == hi[j]) continue;
        if (lo[j] == 1) r[j] = hi[j];
        else if (hi[j] == 1) r[j] = lo[j];
        else fail(base::ErrorKind::Length, "arguments' shapes do not agree");
    }
    return r;
}

std::vector<int64_t> read_ints(const Value& v) {
    Value x;
    {
        program::ReadReason why("a parameter read");
        x = v.read();
    }
    std::vector<int64_t> out;
    auto one = [&](const Value& item) {
        // A complex number counts only when its imaginary part is exactly zero (⍳3j0).
        bool real_complex = item.is_complex() && item.im() == 0;
        if (item.is_exact()) {
            std::optional<int64_t> i = item.exact().try_i64();
            if (!i) fail(base::ErrorKind::Domain, "expected integers");
            out.push_back(*i);
            return;
        }
        if (!item.is_number() && !real_complex) fail(base::ErrorKind::Domain, "expected integers");
        if (real_complex || number::is_float(item.kind())) {
            double f = item.re(), r = std::nearbyint(f);
            if (!std::isfinite(f) || !value::tolerant_equal(f, r) || std::fabs(r) > 9.2e18)
                fail(base::ErrorKind::Domain, "expected integers");
            out.push_back(static_cast<int64_t>(r));
        } else {
            out.push_back(item.as_i64());
        }
    };
    if (x.is_stored_array() && !x.array_data().is_boxed() && x.kind() == Kind::Int) {
        const int64_t* at = x.array_data().items_as<int64_t>(); // compact integers as they are
        return std::vector<int64_t>(at, at + x.count());
    }
    if (x.is_stored_array()) {
        const ArrayData& a = x.array_data();
        // A boxed array's items may still be pending (each's results): read them, one by one.
        program::ReadReason why("a parameter read");
        for (int64_t i = 0; i < a.count(); i++) one(a.item(i).read());
    } else {
        one(x);
    }
    return out;
}

int64_t read_int(const Value& v) {
    std::vector<int64_t> xs = read_ints(v);
    if (xs.size() != 1) fail(base::ErrorKind::Length, "expected one integer");
    return xs[0];
}

Value build(graph::Origin&& origin, Desc&& desc) {
    static const bool installed = (program::install_reader(), true);
    (void)installed;
    desc.range = range_of_step(origin, desc);
    return graph::make(std::move(origin), std::move(desc));
}

Value routine(math::Routine r, Kind k, std::vector<Value> operands, int64_t cell, Desc out) {
    graph::Origin o;
    o.step = graph::Step::Call;
    o.compute = k;
    o.operands = std::move(operands);
    o.params = {static_cast<int64_t>(r), cell};
    return build(std::move(o), std::move(out));
}

namespace {
// A gather's positions, made on the host: checked against the memory limit like a stage's result
// (a reduction by # can grow them past memory one step at a time).
Value index_array(std::vector<int64_t> idx) {
    program::check_memory(static_cast<int64_t>(idx.size() * sizeof(int64_t)));
    auto a = ArrayData::compact(Kind::Int, {static_cast<int64_t>(idx.size())});
    std::copy(idx.begin(), idx.end(), a->items_as<int64_t>());
    return Value::array(std::move(a));
}

// The one kind of an array assembled from native sources: the join with weak literals (D3), so
// an integral weak literal joined to integers stays integer. An empty weak source (⍬) has no
// items to widen the others' kind: ⍬,$t is Boolean. False for a boxed source, or characters
// mixed with numbers (a host selection assembles those).
bool assembled_kind(const std::vector<Value>& srcs, Kind& k, bool& weak) {
    for (const Value& s : srcs)
        if (!s.is_native()) return false;
    auto counts = [&](const Value& s) { return !(s.weak() && s.count() == 0); };
    size_t first = 0;
    while (first + 1 < srcs.size() && !counts(srcs[first])) first++;
    number::Typed t{srcs[first].kind(), srcs[first].weak(), is_integral(srcs[first])};
    for (size_t i = first + 1; i < srcs.size(); i++)
        if (counts(srcs[i])) t = number::join(t, number::Typed{srcs[i].kind(), srcs[i].weak(), is_integral(srcs[i])});
    k = t.kind;
    weak = t.weak;
    bool chars = false, numbers = false;
    for (const Value& s : srcs) (s.kind() == Kind::Char ? chars : numbers) = true;
    return !(chars && numbers);
}
} // namespace

Value gather_many(const std::vector<Value>& srcs, Shape shape, std::vector<int64_t> idx) {
    Kind k;
    bool weak;
    if (assembled_kind(srcs, k, weak)) {
        graph::Origin o;
        o.step = graph::Step::Gather;
        for (const Value& s : srcs) o.operands.push_back(convert_to(s, k));
        o.compute = k;
        o.operands.push_back(index_array(std::move(idx)));
        return build(std::move(o), Desc{k, weak, false, std::move(shape)});
    }
    // Host selection: boxed sources (or characters mixed with numbers). A boxed source's
    // storage is mixed, and the result keeps it (core:3156): it is not normalised.
    std::vector<Value> items_all;
    Value proto;
    bool mixed = false;
    for (const Value& s : srcs) {
        Value x = s.read();
        if (x.is_stored_array()) {
            const ArrayData& a = x.array_data();
            mixed = mixed || a.is_boxed();
            if (proto.is_none()) proto = a.prototype();
            for (int64_t i = 0; i < a.count(); i++) {
                base::poll_interrupt(items_all.size());
                items_all.push_back(a.item(i));
            }
        } else {
            if (proto.is_none()) proto = value::fill_of(x);
            items_all.push_back(x);
        }
    }
    std::vector<Value> items; // as many as the positions: checked against the limit first
    program::check_memory(static_cast<int64_t>(idx.size() * sizeof(Value)));
    items.reserve(idx.size());
    for (int64_t j : idx) {
        base::poll_interrupt(items.size());
        items.push_back(j >= 0 && j < static_cast<int64_t>(items_all.size()) ? items_all[j] : proto);
    }
    if (mixed) return Value::array(ArrayData::mixed(std::move(shape), std::move(items), proto));
    return value::make_array(std::move(shape), std::move(items), proto);
}

Value join(const Value& a, const Value& w, Shape shape, int64_t rows, int64_t run_a, int64_t run_w) {
    const bool unit_a = a.rank() == 0, unit_w = w.rank() == 0;
    check_count(value::count_of(shape)); // a unit repeated along a long frame of empty cells
    Kind k;
    bool weak;
    if (assembled_kind({a, w}, k, weak)) {
        graph::Origin o;
        o.step = graph::Step::Join;
        o.operands = {convert_to(a, k), convert_to(w, k)};
        o.compute = k;
        o.params = {rows, run_a, unit_a ? 0 : 1, run_w, unit_w ? 0 : 1};
        return build(std::move(o), Desc{k, weak, false, std::move(shape)});
    }
    // boxed sources, or characters beside numbers: the same positions, selected on the host
    std::vector<int64_t> idx = reserve_positions(value::count_of(shape));
    int64_t na = a.count();
    for (int64_t r = 0; r < rows; r++) {
        base::poll_interrupt(idx.size());
        for (int64_t j = 0; j < run_a; j++) idx.push_back(unit_a ? 0 : r * run_a + j);
        for (int64_t j = 0; j < run_w; j++) idx.push_back(na + (unit_w ? 0 : r * run_w + j));
    }
    return gather_many({a, w}, std::move(shape), std::move(idx));
}

// Selects major cells of w by position (-1: a cell of fill) into a frame of `frame` cells.
Value select_cells(const Value& w, const std::vector<int64_t>& cells, Shape frame) {
    Shape s = w.shape();
    Shape cell(s.begin() + 1, s.end());
    int64_t per = value::count_of(cell);
    std::vector<int64_t> idx = reserve_positions(value::count_of({static_cast<int64_t>(cells.size()), per}));
    for (int64_t c : cells)
        for (int64_t k = 0; k < per; k++) {
            base::poll_interrupt(idx.size());
            idx.push_back(c < 0 ? -1 : c * per + k);
        }
    frame.insert(frame.end(), cell.begin(), cell.end());
    return gather(w, std::move(frame), std::move(idx));
}

Value copy(const Value& src, math::Mapping m, Shape shape, bool atom) {
    if (!src.is_native()) {
        // host route: the positions the mapping reads, over a boxed source's items
        int64_t n = m.count(), none = -1;
        std::vector<int64_t> ids(static_cast<size_t>(src.count())), idx = reserve_positions(n);
        idx.resize(static_cast<size_t>(n)); // a reshape of one boxed item may ask for 10⁸
        for (size_t i = 0; i < ids.size(); i++) ids[i] = static_cast<int64_t>(i);
        math::copy(m, Kind::Int, ids.data(), idx.data(), 0, n, &none);
        return atom ? gather(src, {}, std::move(idx), true) : gather(src, std::move(shape), std::move(idx));
    }
    Value from = src;
    if (src.is_pending()) {
        const auto& inner = static_cast<const graph::Node&>(src.pending_node());
        const graph::Origin& io = inner.origin();
        if (!inner.is_forced() && io.step == graph::Step::Copy) {
            std::optional<math::Mapping> c =
                m.composed(math::Mapping::decode(io.params.data(), io.params.size()));
            if (c) {
                from = io.operands[0];
                m = std::move(*c);
            }
        }
    }
    Desc d{src.kind(), src.weak(), atom, atom ? Shape{} : std::move(shape)};
    // reading every item in order, in the source's own form, is the source itself
    if (from.is_native() && m == math::Mapping::identity(from.count()) && d == Desc::of(from))
        return from;
    graph::Origin o;
    o.step = graph::Step::Copy;
    o.compute = src.kind();
    o.operands = {from};
    m.encode(o.params);
    return build(std::move(o), std::move(d));
}

Value gather(const Value& src_given, Shape shape, std::vector<int64_t> idx, bool atom) {
    // A gather from a pending Copy reads the Copy's operand where the Copy maps the positions
    // (as copy() composes Copies), so a chain of selections is one read of its leaf.
    Value src = src_given;
    if (src.is_pending()) {
        const auto& inner = static_cast<const graph::Node&>(src.pending_node());
        const graph::Origin& io = inner.origin();
        if (!inner.is_forced() && io.step == graph::Step::Copy && io.operands[0].is_native() &&
            io.operands[0].kind() == src.kind() && io.operands[0].weak() == src.weak()) {
            math::Mapping m = math::Mapping::decode(io.params.data(), io.params.size());
            int64_t n = m.count();
            for (size_t k = 0; k < idx.size(); k++) {
                base::poll_interrupt(k);
                idx[k] = idx[k] < 0 || idx[k] >= n ? -1 : m.source_of(idx[k]);
            }
            src = io.operands[0];
        }
    }
    if (atom && src.is_native()) {
        graph::Origin o;
        o.step = graph::Step::Gather;
        o.compute = src.kind();
        o.operands = {src, index_array(std::move(idx))};
        return build(std::move(o), Desc{src.kind(), src.weak(), true, {}});
    }
    if (atom) {
        Value x = src.read();
        int64_t j = idx[0];
        if (!x.is_stored_array()) return x;
        const ArrayData& a = x.array_data();
        return j >= 0 && j < a.count() ? a.item(j) : a.prototype();
    }
    return gather_many({src}, std::move(shape), std::move(idx));
}

} // namespace bpl::prim
