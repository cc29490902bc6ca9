// Reduce and scan with a primitive operand: one Fold or Scan node over the row's math object,
// when the object has fold facts for the operand kind.
#include "prim/factory.h"
#include "value/array.h"

namespace bpl::prim {

namespace {

// The axis a reduction runs along, and the operand converted so the fold stays in one kind.
std::optional<Value> along(Prim p, const Value& w, bool first_axis, bool scan) {
    std::optional<math::Fn> fn = info(p).dyadic_fn;
    if (!fn || !w.is_native()) return std::nullopt;
    Shape s = w.shape();
    int64_t axis = first_axis ? 0 : static_cast<int64_t>(s.size()) - 1;
    bool empty_lane = !s.empty() && s[axis] == 0 && !scan;
    // Characters have no arithmetic; an empty character lane reads as empty numbers (+/"" is 0).
    if (w.kind() == Kind::Char && !empty_lane) return std::nullopt;
    Kind wk = w.kind() == Kind::Char ? Kind::F64 : w.kind(); // the domain of ⍬
    Kind k = math::operand_kind(*fn, wk, wk);
    if (s.empty()) return w; // a unit: its one item (no call)
    if (empty_lane) {
        // An empty reduction is the object's identity, spread over the remaining axes.
        Kind ik = math::identity_kind(*fn, k);
        auto item = value::ArrayData::compact(ik, {1});
        if (!math::identity(*fn, ik, item->data()))
            fail(base::ErrorKind::Domain, "no identity for an empty reduction");
        Shape r = s;
        r.erase(r.begin() + axis);
        Value identity = item->item(0);
        if (r.empty()) return identity;
        int64_t n = value::count_of(r);
        return copy(identity, math::Mapping::reshape(1, n), std::move(r));
    }
    if (s[axis] == 1 && !scan) {
        // A one-item lane returns its item without a call (operators-and-system.md §4.1), so
        // the item keeps its kind (+/,$t is $t).
        Shape r = s;
        r.erase(r.begin() + axis);
        int64_t n = value::count_of(r);
        bool atom = r.empty();
        return copy(w, math::Mapping::identity(n), std::move(r), atom);
    }
    if (math::result_kind(*fn, k) != k) return std::nullopt; // e.g. comparisons: generic loop
    // Float16 totals accumulate in float32 and round once at the end: a float16 running sum
    // stops growing at 256 when the items are 0.1.
    Kind acc = k == Kind::F16 ? Kind::F32 : k;
    graph::Origin o;
    o.step = scan ? graph::Step::Scan : graph::Step::Fold;
    o.fn = *fn;
    o.compute = acc;
    o.operands = {convert_to(w, acc)};
    o.params = {axis};
    bool weak = w.weak() && number::is_float(k);
    Shape r = s;
    if (!scan) r.erase(r.begin() + axis);
    bool atom = !scan && r.empty();
    Value total = build(std::move(o), Desc{acc, weak, atom, std::move(r)});
    return acc == k ? total : convert_to(total, k);
}

} // namespace

std::optional<Value> reduce(Prim p, const Value& omega, bool first_axis) {
    return along(p, omega, first_axis, false);
}

std::optional<Value> scan(Prim p, const Value& omega, bool first_axis) {
    return along(p, omega, first_axis, true);
}

} // namespace bpl::prim
