// Ranges in descriptions: one pass over a step's origin and its operands' descriptions.
#include "prim/range.h"

#include "math/object.h"

#include <algorithm>
#include <cmath>

namespace bpl::prim {

using value::Desc;
using value::Range;

namespace {

constexpr double INF = HUGE_VAL;

Range hull(Range a, Range b) { return {std::fmin(a.lo, b.lo), std::fmax(a.hi, b.hi)}; }

// A range made safe for kind k: integers rounded outward (floor division, rounding conversions)
// and held within the kind's bounds (a result past them may have wrapped: the whole kind);
// floats narrower than float64 widened by their rounding; NaN ends (∞−∞) unknown.
Range fit(Range r, number::Kind k) {
    if (!number::is_real(k) || std::isnan(r.lo) || std::isnan(r.hi)) return {};
    if (!number::is_integer(k)) {
        double rel = k == number::Kind::F32 ? 0x1p-21 : k == number::Kind::F16 ? 0x1p-8 : 0;
        if (std::isfinite(r.lo)) r.lo -= rel * std::fabs(r.lo);
        if (std::isfinite(r.hi)) r.hi += rel * std::fabs(r.hi);
        return r;
    }
    Range bounds = Range::of_kind(k);
    r = {std::floor(r.lo), std::ceil(r.hi)};
    // a margin below 2^63: the rule's float64 arithmetic may round a wrapped sum onto the bound
    double margin = number::bits(k) > 50 ? std::ldexp(1.0, number::bits(k) - 3) : 0;
    if (r.lo < bounds.lo + margin || r.hi > bounds.hi - margin) return bounds;
    return r;
}

Range operand_range(const value::Value& v) {
    if (v.is_number() && number::is_real(v.kind())) return Range::of(v.as_f64()); // an atom: its value
    if (!v.is_native()) return {};
    return Desc::range_of(v);
}

} // namespace

Range range_of_step(const graph::Origin& o, const Desc& desc) {
    Range r;
    switch (o.step) {
    case graph::Step::Map: {
        if (!number::is_real(o.compute)) break;
        Range x = operand_range(o.operands[0]);
        Range y = o.operands.size() > 1 ? operand_range(o.operands[1]) : Range{};
        math::Interval i = math::range_of(math::object(o.fn), o.compute, {x.lo, x.hi}, {y.lo, y.hi});
        r = {i.lo, i.hi};
        // a float operand's NaN items give 0 in an integer result (⌊, ×)
        if (number::is_float(o.compute) && number::is_integer(desc.kind)) r = hull(r, {0, 0});
        break;
    }
    case graph::Step::Convert: {
        r = operand_range(o.operands[0]);
        if (desc.kind == number::Kind::Bool) r = {0, 1};
        else if (number::is_integer(desc.kind) && !number::is_integer(o.compute))
            r = hull(r, {0, 0}); // NaN converts to 0; saturation stays within the kind (fit)
        break;
    }
    case graph::Step::Gather: {
        // the sources before the index vector, and the fill (0) that a position of -1 reads
        if (!number::is_real(desc.kind)) break;
        r = {0, 0};
        for (size_t i = 0; i + 1 < o.operands.size(); i++) r = hull(r, operand_range(o.operands[i]));
        break;
    }
    case graph::Step::Join: {
        // a catenation keeps its operands' items, no fill
        if (!number::is_real(desc.kind)) break;
        r = hull(operand_range(o.operands[0]), operand_range(o.operands[1]));
        break;
    }
    case graph::Step::Copy: {
        // a rearrangement keeps its operand's items; padding reads the kind's fill (0)
        if (!number::is_real(desc.kind)) break;
        r = hull(operand_range(o.operands[0]), {0, 0});
        break;
    }
    case graph::Step::At: {
        // a write replaces items by the written ones; an accumulating write computes new ones
        if (!number::is_real(desc.kind) || o.params.empty() || o.params[0] != 0) break;
        r = hull(operand_range(o.operands[0]), operand_range(o.operands[2]));
        break;
    }
    case graph::Step::Iota: {
        double n = o.params.empty() ? 0 : static_cast<double>(o.params[0]);
        r = {0, std::max(n - 1, 0.0)};
        break;
    }
    default: break;
    }
    return fit(r, desc.kind);
}

} // namespace bpl::prim
