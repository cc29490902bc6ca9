// A distribution's density, cdf and quantile over arrays (operators-and-system.md §20.3): one
// Call node per native array over math's distribution routines; boxed arrays pervade on the host.
#include "math/distribution.h"
#include "math/search.h"
#include "prim/factory.h"
#include "prim/keys.h"
#include "prim/random.h"
#include "value/array.h"

#include <cmath>

namespace bpl::prim {

using base::ErrorKind;
using value::ArrayData;

namespace {

// Whether any item of a native value is 1 (an observing read: it decides the result's kind, as
// roll's bound decides its kind by its zeros).
bool holds_one(const Value& x) {
    Value r = convert_to(x, Kind::F64).read();
    if (!r.is_stored_array()) return r.as_f64() == 1;
    const double* p = r.array_data().items_as<double>();
    for (int64_t i = 0; i < r.count(); i++)
        if (p[i] == 1) return true;
    return false;
}

Value evaluate_native(math::Routine r, const math::Distribution& d, const Value& x) {
    if (!number::is_real(x.kind()) || x.kind() == Kind::Char)
        fail(ErrorKind::Domain, "a distribution takes real numbers");
    Value f = routine(r, Kind::F64, {convert_to(x, Kind::F64), distribution_operand(d)}, 1,
                      Desc{Kind::F64, false, x.is_atom(), x.shape()});
    if (r != math::Routine::Quantile || !math::family_row(d.family).discrete) return f;
    // a discrete family's quantiles are integers, but an unbounded support's quantile at 1 is ∞
    if (!std::isinf(math::quantile(d, 1)) || !holds_one(x)) return convert_to(f, Kind::Int);
    Value q = f.read();
    if (q.is_atom()) return q;
    const ArrayData& a = q.array_data();
    std::vector<Value> items;
    for (int64_t i = 0; i < a.count(); i++) {
        double v = a.items_as<double>()[i];
        items.push_back(std::isinf(v) ? Value::real(v) : Value::integer(static_cast<int64_t>(v)));
    }
    return value::make_array(a.shape(), std::move(items));
}

} // namespace

Value distribution_operand(const math::Distribution& d) {
    base::Ref<ArrayData> params = ArrayData::compact(Kind::F64, {3});
    double* p = params->items_as<double>();
    p[0] = static_cast<double>(d.family);
    p[1] = d.theta[0];
    p[2] = d.theta[1];
    return Value::array(std::move(params));
}

namespace {
Value evaluate_by_position(math::Routine r, const math::Distribution& d, const Value& x);
} // namespace

// A distribution's functions pervade as a monadic scalar function does: a keyed argument's keys
// stay on the result (pervade_fn's rule), nested items keep theirs.
Value evaluate(math::Routine r, const math::Distribution& d, const Value& x) {
    if (!x.is_function())
        if (const value::Layout* l = value::layout_of(x))
            return relabel(evaluate_by_position(r, d, x), base::Ref<const value::Layout>(l));
    return evaluate_by_position(r, d, x);
}

namespace {
Value evaluate_by_position(math::Routine r, const math::Distribution& d, const Value& x) {
    if (x.is_function()) fail(ErrorKind::Domain, "a distribution takes real numbers, not functions");
    if (x.is_exact()) return evaluate_native(r, d, convert_to(x, Kind::F64));
    if (x.is_char() || x.is_complex()) fail(ErrorKind::Domain, "a distribution takes real numbers");
    if (x.is_native()) return evaluate_native(r, d, x);
    const ArrayData& a = x.array_data();
    std::vector<Value> items;
    items.reserve(static_cast<size_t>(a.count()));
    for (int64_t i = 0; i < a.count(); i++) items.push_back(evaluate(r, d, a.item(i)));
    Value proto = a.count() == 0 ? value::fill_of(evaluate(r, d, value::fill_of(a.prototype()))) : Value();
    return value::make_array(a.shape(), std::move(items), proto);
}
} // namespace

} // namespace bpl::prim
