// Writes into native arrays: one At node (the step that selective and indexed assignment, f@[p]
// and x.[p]← share), never a host loop over items. Positions are read and checked at the call;
// the values written may stay pending.
#include "prim/write.h"

#include "prim/factory.h"
#include "value/array.h"

#include <vector>

namespace bpl::prim {

std::optional<Value> write_at(const Value& target, const Value& positions, const Value& values,
                              std::optional<math::Fn> accumulate) {
    if (!target.is_native() || target.is_atom() || !values.is_native() || !positions.is_native())
        return std::nullopt;
    bool chars = target.kind() == Kind::Char;
    if (chars != (values.kind() == Kind::Char) || target.kind() == Kind::Exact ||
        values.kind() == Kind::Exact)
        return std::nullopt; // characters into numbers: the host route makes a mixed array
    if (accumulate && chars) return std::nullopt;
    int64_t n = positions.count();
    if (!values.is_atom() && values.rank() > 0 && values.count() != n) return std::nullopt;
    // The written array takes the join of its kind and the values' (D3), as catenation does.
    Kind k = target.kind();
    bool weak = target.weak();
    if (!chars) {
        number::Typed t{target.kind(), target.weak(), target.weak() && is_integral(target)};
        t = number::join(t, number::Typed{values.kind(), values.weak(), values.weak() && is_integral(values)});
        k = t.kind;
        weak = t.weak;
    }
    // An accumulation stays in the array's kind (+ ⌈ ⌊ × on numbers), else the host route.
    if (accumulate && (math::operand_kind(*accumulate, k, k) != k || math::result_kind(*accumulate, k) != k))
        return std::nullopt;
    graph::Origin o;
    o.step = graph::Step::At;
    o.fn = accumulate.value_or(math::Fn::Add);
    o.compute = k;
    o.operands = {convert_to(target, k), convert_to(positions, Kind::Int), convert_to(values, k)};
    o.params = {accumulate ? 1 : 0};
    return build(std::move(o), Desc{k, weak, false, target.shape()});
}

} // namespace bpl::prim
