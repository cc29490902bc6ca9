// Roll, deal (functions.md §2.16) and a distribution's sample (operators-and-system.md §20.3):
// one Draw node over math's random streams, whose items are taken from a generator when the call
// is built (the session generator for ¿; •rand's own), so the node's reads are repeatable and
// two calls never share items. Boxed arguments pervade on the host; exact arguments draw machine
// integers and give exact results.
#include "prim/random.h"

#include "math/distribution.h"
#include "math/random.h"
#include "number/exact.h"
#include "prim/factory.h"
#include "prim/rows.h"
#include "value/array.h"

#include <algorithm>

namespace bpl::prim {

using base::ErrorKind;
using value::ArrayData;

namespace {

constexpr const char* BAD_BOUND = "roll's bound must be a nonnegative integer";

// A Draw node of routine d over `operands`, with the key of the items g hands out as the last
// operand and their first item as params[2]. A result with no items takes nothing (key 0).
Value draw_node(math::Generator& g, math::Draw d, Kind compute, std::vector<Value> operands,
                int64_t param, Desc out) {
    math::DrawSpan span = g.take(static_cast<uint64_t>(out.count()));
    graph::Origin o;
    o.step = graph::Step::Draw;
    o.compute = compute;
    o.operands = std::move(operands);
    o.operands.push_back(Value::integer(static_cast<int64_t>(span.key)));
    o.params = {static_cast<int64_t>(d), param, static_cast<int64_t>(span.first)};
    return build(std::move(o), std::move(out));
}

template <class T>
bool any_zero(const ArrayData& a) {
    const T* p = a.items_as<T>();
    return std::any_of(p, p + a.count(), [](T x) { return x == 0; });
}

// Whether an integer-kind native value holds a 0, whose roll is a float (an observing read, as
// dynamic kinds read √'s operand, D5).
bool has_zero(const Value& n) {
    Value x = n.read();
    if (!x.is_stored_array()) return x.as_i64() == 0;
    const ArrayData& a = x.array_data();
    switch (a.kind()) {
    case Kind::Bool:
        return any_zero<uint8_t>(a);
    case Kind::I8:
        return any_zero<int8_t>(a);
    case Kind::I16:
        return any_zero<int16_t>(a);
    case Kind::I32:
        return any_zero<int32_t>(a);
    default:
        return any_zero<int64_t>(a);
    }
}

// ¿N on a native value: the result kind follows N's (a Boolean bound rolls as ₓ), except that an
// integer bound holding a 0 gives float64, the kind of ¿0's draw.
Value roll_native(math::Generator& g, const Value& w) {
    Kind k = w.kind();
    if (!number::is_real(k)) fail(ErrorKind::Domain, BAD_BOUND);
    Kind compute = k == Kind::Bool ? Kind::Int : k;
    Kind out = compute;
    if (number::is_integer(k) && w.count() > 0 && has_zero(w)) out = Kind::F64;
    bool weak = w.weak() && number::is_float(out);
    return draw_node(g, math::Draw::Roll, compute, {convert_to(w, compute)}, 0,
                     Desc{out, weak, w.is_atom(), w.shape()});
}

// ¿N on an exact atom: an exact whole number below N (¿0ᵣ is a float, as ¿0).
Value roll_exact(math::Generator& g, const Value& w) {
    const number::Exact& e = w.exact();
    std::optional<int64_t> n = e.is_integer() ? e.try_i64() : std::nullopt;
    if (!n || *n < 0) fail(ErrorKind::Domain, BAD_BOUND);
    if (*n == 0) return roll_native(g, Value::real(0));
    Value drawn = roll_native(g, Value::integer(*n)).read();
    return Value::exact(number::Exact::of(drawn.as_i64()));
}


// The one number of a deal's argument: exactly one item (a unit or a one-item array), real.
// Reads it: both counts are parameters (M decides the length).
Value deal_argument(const Value& x) {
    if (x.is_function()) fail(ErrorKind::Domain, "a function is not a number");
    if (x.count() != 1) fail(ErrorKind::Length, "deal takes one number on each side");
    if (x.is_native() && !number::is_real(x.kind()))
        fail(ErrorKind::Domain, "deal takes nonnegative integers");
    Value r = x.read();
    return r.is_stored_array() ? r.array_data().item(0) : r;
}

} // namespace

// ¿N: pervasive. A boxed array rolls item by item; an empty one keeps its prototype, drawing
// nothing (functions.md §2.16).
Value roll(const Value& w, math::Generator& g) {
    if (w.is_function()) fail(ErrorKind::Domain, "a function is not a number");
    if (w.is_exact()) return roll_exact(g, w);
    if (w.is_native()) return roll_native(g, w);
    const ArrayData& a = w.array_data();
    std::vector<Value> items;
    items.reserve(static_cast<size_t>(a.count()));
    for (int64_t i = 0; i < a.count(); i++)
        items.push_back(roll(a.item(i), g));
    return value::make_array(a.shape(), std::move(items), a.count() == 0 ? a.prototype() : Value{});
}

// M¿N: M distinct integers of ⍳N in random order. The result's kind follows N beside M (D3:
// 13ₓ¿52 is ₓ, 13¿52 float64); an exact N (or an exact M beside a literal N) gives exact items.
Value deal(const Value& a, const Value& w, math::Generator& g) {
    Value ai = deal_argument(a), wi = deal_argument(w);
    int64_t m = read_int(ai), n = read_int(wi);
    if (m < 0 || m > n) fail(ErrorKind::Domain, "deal needs 0 ≤ M ≤ N");
    check_count(m);
    bool exact = wi.is_exact() || (ai.is_exact() && wi.weak());
    Kind k = exact ? Kind::Int : effective_kind(wi, ai);
    if (k == Kind::Bool) k = Kind::Int;
    bool weak = ai.weak() && wi.weak() && number::is_float(k);
    Value drawn =
        draw_node(g, math::Draw::Deal, Kind::Int, {Value::integer(n)}, m, Desc{k, weak, false, {m}});
    if (!exact) return drawn;
    Value r = drawn.read();
    std::vector<Value> items;
    items.reserve(static_cast<size_t>(m));
    for (int64_t i = 0; i < m; i++)
        items.push_back(Value::exact(number::Exact::of(r.array_data().item(i).as_i64())));
    return value::make_array({m}, std::move(items), Value::exact(number::Exact::of(0)));
}

Value sample(const math::Distribution& d, const Value& shape, math::Generator& g) {
    if (shape.is_function()) fail(ErrorKind::Domain, "a sample's shape must be whole numbers");
    if (shape.rank() > 1) fail(ErrorKind::Rank, "a sample's shape must be a vector");
    Shape s;
    for (int64_t n : read_ints(shape)) {
        if (n < 0) fail(ErrorKind::Domain, "a sample's shape must be nonnegative");
        s.push_back(n);
    }
    // the item count, saturating above the limit (a zero axis empties any shape)
    int64_t count = 1;
    for (int64_t n : s) count = n == 0 || count == 0 ? 0 : count > MAX_ITEMS / n ? MAX_ITEMS + 1 : count * n;
    if (std::find(s.begin(), s.end(), 0) != s.end()) count = 0;
    check_count(count);
    Kind out = math::family_row(d.family).discrete ? Kind::Int : Kind::F64;
    bool atom = s.empty();
    return draw_node(g, math::Draw::Sample, Kind::F64, {distribution_operand(d)}, 0,
                     Desc{out, false, atom, std::move(s)});
}

namespace {

Value roll_rule(const Value& w) { return roll(w, math::session_generator()); }
Value deal_rule(const Value& a, const Value& w) { return deal(a, w, math::session_generator()); }

} // namespace

// clang-format off
const std::vector<Rule>& draw_rules() {
    static const std::vector<Rule> RULES = {
        //  row         monadic    dyadic
        {Prim::Roll,    roll_rule, deal_rule},
    };
    return RULES;
}
// clang-format on

} // namespace bpl::prim
