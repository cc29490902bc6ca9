// Prime and factor rows (functions.md §9.5, §9.6): `⍭` and `⨸` as Call nodes over math's number
// theory (math/primes.h), one routine per mode. The left argument is a parameter (read here);
// N is read only where the data decides a length (⨸'s cells), through a routine of its own.
#include "base/interrupt.h"
#include "math/search.h"
#include "number/exact.h"
#include "prim/factory.h"
#include "prim/rows.h"
#include "value/array.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace bpl::prim {

using base::ErrorKind;
using math::Routine;

namespace {

// An exact (ᵣ) atom as a machine integer: whole numbers within 64 bits only.
Value exact_integer(const Value& x) {
    if (!x.exact().is_integer()) fail(ErrorKind::Domain, "expected integers");
    std::optional<int64_t> i = x.exact().try_i64();
    if (!i) fail(ErrorKind::Limit, "integers beyond 64 bits are not supported");
    return Value::integer(*i);
}

// N as the routines read it: integer kinds (Booleans too) as Int, floats as F64, complex numbers
// as C128; the routines check integrality item by item. A boxed array of number atoms compacts
// first. Characters, nested arrays and functions are DOMAIN ERRORs.
Value operand(const Value& w) {
    if (w.is_function()) fail(ErrorKind::Domain, "expected integers, not a function");
    if (w.is_exact()) return exact_integer(w);
    Value x = w;
    if (!w.is_native()) {
        const value::ArrayData& a = w.array_data();
        if (a.count() == 0) return gather(Value::integer(0), a.shape(), {});
        std::vector<Value> items;
        std::vector<int64_t> idx;
        for (int64_t i = 0; i < a.count(); i++) {
            Value item = a.item(i);
            if (item.is_exact()) item = exact_integer(item);
            if (!item.is_atom() || !item.is_native() || item.kind() == Kind::Char)
                fail(ErrorKind::Domain, "expected integers");
            items.push_back(std::move(item));
            idx.push_back(i);
        }
        x = gather_many(items, a.shape(), std::move(idx));
    }
    Kind k = x.kind();
    if (k == Kind::Char) fail(ErrorKind::Domain, "expected integers, not characters");
    return convert_to(x, number::is_complex(k) ? Kind::C128 : number::is_float(k) ? Kind::F64 : Kind::Int);
}

// Routine r over every item of N (an operand()), giving `cell` items of kind `out` per item.
Value over(Routine r, const Value& n, Kind out, const Shape& cell = {}) {
    Shape s = n.shape();
    s.insert(s.end(), cell.begin(), cell.end());
    check_count(value::count_of(s));
    bool atom = n.is_atom() && cell.empty();
    return routine(r, n.kind(), {n}, 1, Desc{out, false, atom, std::move(s)});
}

// An empty Int array of `shape`: ⨸ over an empty frame (its prototype call ⨸0 fails, §0.2).
Value empty_ints(const Shape& shape) { return gather(Value::integer(0), shape, {}); }

// The position in an operand of shape `s` of each item of `frame` (leading-axis agreement).
std::vector<int64_t> sources(const Shape& s, const Shape& frame) {
    int64_t n = value::count_of(frame);
    std::vector<int64_t> out(static_cast<size_t>(n));
    std::vector<int64_t> c(frame.size(), 0);
    for (int64_t i = 0; i < n; i++) {
        int64_t pos = 0;
        for (size_t j = 0; j < s.size(); j++) pos = pos * s[j] + (s[j] == 1 ? 0 : c[j]);
        out[static_cast<size_t>(i)] = pos;
        for (size_t j = frame.size(); j-- > 0;) {
            if (++c[j] < frame[j]) break;
            c[j] = 0;
        }
    }
    return out;
}

// K f N over the agreed frame, where K's items choose how (a code, a count): the positions that
// share one key form a group; `one(key, N's items there)` gives each group's cells, and the
// groups' cells are assembled in frame order, padded with fill to a common cell shape (a cell
// of lower rank takes leading axes of length 1, §0.2). `keys` are K's items in ravel order.
template <class Key, class One>
Value by_key(const Value& a, const std::vector<Key>& keys, const Value& n, One one) {
    Shape frame = agree(a.shape(), n.shape());
    bool atom = a.is_atom() && n.is_atom(); // then one key: the direct call below
    if (keys.size() == 1 && n.shape() == frame && n.is_atom() == atom) return one(keys[0], n);
    std::vector<int64_t> from_k = sources(a.shape(), frame), from_n = sources(n.shape(), frame);
    std::vector<Key> distinct;
    std::vector<size_t> group(from_k.size());
    for (size_t i = 0; i < from_k.size(); i++) {
        const Key& key = keys[static_cast<size_t>(from_k[i])];
        auto it = std::find(distinct.begin(), distinct.end(), key);
        group[i] = static_cast<size_t>(it - distinct.begin());
        if (it == distinct.end()) distinct.push_back(key);
    }
    if (distinct.empty()) // an empty frame: K's first key decides the kind, if K has one
        return keys.empty() ? empty_ints(frame) : one(keys[0], gather(n, frame, {}));
    if (distinct.size() == 1 && n.shape() == frame && n.is_atom() == atom) return one(distinct[0], n);
    // One result per group over its own items, then one Gather through them all.
    std::vector<Value> parts;
    std::vector<Shape> cells;
    std::vector<int64_t> offset, rank_in_group(from_n.size());
    int64_t total = 0;
    for (size_t g = 0; g < distinct.size(); g++) {
        std::vector<int64_t> idx;
        for (size_t i = 0; i < from_n.size(); i++)
            if (group[i] == g) {
                rank_in_group[i] = static_cast<int64_t>(idx.size());
                idx.push_back(from_n[i]);
            }
        int64_t m = static_cast<int64_t>(idx.size());
        Value part = one(distinct[g], gather(n, {m}, std::move(idx)));
        Shape s = part.shape();
        cells.emplace_back(s.begin() + 1, s.end());
        offset.push_back(total);
        total += value::count_of(s);
        parts.push_back(std::move(part));
    }
    Shape cell;
    for (const Shape& c : cells) cell.resize(std::max(cell.size(), c.size()), 0);
    for (const Shape& c : cells)
        for (size_t j = 0; j < c.size(); j++) {
            size_t at = cell.size() - c.size() + j;
            cell[at] = std::max(cell[at], c[j]);
        }
    for (size_t j = 0; j < cell.size(); j++) // axes a lower-rank cell lacks have length 1 there
        for (const Shape& c : cells)
            if (j < cell.size() - c.size()) cell[j] = std::max<int64_t>(cell[j], 1);
    Shape shape = frame;
    shape.insert(shape.end(), cell.begin(), cell.end());
    int64_t per = value::count_of(cell);
    std::vector<int64_t> idx = reserve_positions(value::count_of(shape)); // cells padded to the largest
    std::vector<int64_t> c(cell.size());
    for (size_t i = 0; i < from_n.size(); i++) {
        const Shape& own = cells[group[i]];
        int64_t size = value::count_of(own), lead = static_cast<int64_t>(cell.size() - own.size());
        std::fill(c.begin(), c.end(), 0);
        for (int64_t q = 0; q < per; q++) {
            base::poll_interrupt(idx.size());
            int64_t pos = 0;
            bool inside = true;
            for (int64_t j = 0; j < static_cast<int64_t>(cell.size()); j++) {
                int64_t len = j < lead ? 1 : own[static_cast<size_t>(j - lead)];
                inside = inside && c[static_cast<size_t>(j)] < len;
                pos = pos * len + c[static_cast<size_t>(j)];
            }
            idx.push_back(inside ? offset[group[i]] + rank_in_group[i] * size + pos : -1);
            for (size_t j = cell.size(); j-- > 0;) {
                if (++c[j] < cell[j]) break;
                c[j] = 0;
            }
        }
    }
    return gather_many(parts, std::move(shape), std::move(idx));
}

// --- ⍭ ---

// The codes of K⍭N, as data: each picks one routine and its result kind.
struct PrimeCode {
    int64_t code;
    Routine routine;
    Kind out;
};
constexpr PrimeCode PRIME_CODES[] = {
    {-2, Routine::PrevPrime, Kind::Int}, // previous prime, strictly below
    {1, Routine::IsPrime, Kind::Bool},   // primality
    {2, Routine::NextPrime, Kind::Int},  // next prime, strictly above
    {3, Routine::Totient, Kind::Int},    // Euler's totient
};

const PrimeCode& prime_code(int64_t code) {
    for (const PrimeCode& c : PRIME_CODES)
        if (c.code == code) return c;
    fail(ErrorKind::Domain, "prime codes are ¯2, 1, 2 and 3");
}

Value nth_prime(const Value& w) { return over(Routine::NthPrime, operand(w), Kind::Int); }

Value prime_mode(const Value& a, const Value& w) {
    std::vector<int64_t> codes = read_ints(a);
    for (int64_t c : codes) prime_code(c);
    return by_key(a, codes, operand(w), [](int64_t code, const Value& n) {
        const PrimeCode& c = prime_code(code);
        return over(c.routine, n, c.out);
    });
}

// --- ⨸ ---

// What one K of K⨸N asks for: the exponents of the first `count` primes (K ≥ 0), those through
// the largest factor (∞), the last `count` distinct factors over their exponents (K < 0), or the
// whole table (¯∞).
struct FactorSpec {
    enum Mode : uint8_t { Exponents, Span, Last, Table } mode;
    int64_t count = 0;
    bool operator==(const FactorSpec&) const = default;
};

// K's items as specs (a parameter read). Non-integral finite K: DOMAIN ERROR.
std::vector<FactorSpec> factor_specs(const Value& a) {
    Value k = a.read();
    std::vector<FactorSpec> out;
    auto one = [&](const Value& item) {
        if (item.is_number() && std::isinf(item.as_f64())) {
            out.push_back({item.as_f64() > 0 ? FactorSpec::Span : FactorSpec::Table, 0});
            return;
        }
        int64_t c = read_int(item);
        out.push_back(c >= 0 ? FactorSpec{FactorSpec::Exponents, c} : FactorSpec{FactorSpec::Last, -c});
    };
    if (!k.is_stored_array()) one(k);
    else
        for (int64_t i = 0; i < k.count(); i++) one(k.array_data().item(i));
    return out;
}

// The cells of one spec over N: a length routine read where the data decides the width (an
// observing read), then the routine that fills the cells.
Value factor_cells(const FactorSpec& spec, const Value& n) {
    if (n.count() == 0) return empty_ints(n.shape());
    auto widest = [&](Routine length) {
        std::vector<int64_t> lens = read_ints(over(length, n, Kind::Int));
        return lens.empty() ? 0 : *std::max_element(lens.begin(), lens.end());
    };
    switch (spec.mode) {
    case FactorSpec::Exponents: return over(Routine::Exponents, n, Kind::Int, {spec.count});
    case FactorSpec::Span: return over(Routine::Exponents, n, Kind::Int, {widest(Routine::FactorSpan)});
    case FactorSpec::Last: {
        int64_t w = std::min(spec.count, widest(Routine::DistinctCount));
        return over(Routine::FactorTable, n, Kind::Int, {2, w});
    }
    case FactorSpec::Table: return over(Routine::FactorTable, n, Kind::Int, {2, widest(Routine::DistinctCount)});
    }
    return n;
}

Value factor(const Value& w) {
    Value n = operand(w);
    if (n.count() == 0) return empty_ints(n.shape());
    std::vector<int64_t> lens = read_ints(over(Routine::FactorCount, n, Kind::Int));
    int64_t width = *std::max_element(lens.begin(), lens.end());
    return over(Routine::Factors, n, Kind::Int, {width});
}

Value factor_spec(const Value& a, const Value& w) {
    Value n = operand(w);
    Shape frame = agree(a.shape(), n.shape());
    if (value::count_of(frame) == 0) return empty_ints(frame);
    return by_key(a, factor_specs(a), n, factor_cells);
}

} // namespace

Value prime_count(const Value& w) { return over(Routine::PrimeCount, operand(w), Kind::Int); }

// clang-format off
const std::vector<Rule>& prime_rules() {
    static const std::vector<Rule> RULES = {
        //  row          monadic     dyadic
        {Prim::Prime,   nth_prime,  prime_mode},
        {Prim::Factor,  factor,     factor_spec},
    };
    return RULES;
}
// clang-format on

} // namespace bpl::prim
