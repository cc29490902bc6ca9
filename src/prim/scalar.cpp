// Scalar (pervasive) rows: one Map node per call on native operands, through the row's math
// object; host recursion through containers for boxed operands (functions.md §0.3).
#include "prim/scalar.h"

#include "prim/factory.h"
#include "value/array.h"

namespace bpl::prim {

using value::ArrayData;

namespace {

bool is_compare(math::Fn f) { return f == math::Fn::Equal || f == math::Fn::NotEqual; }

Value map_node(math::Fn fn, Kind k, std::vector<Value> operands, Shape shape, bool atom,
               bool weak) {
    graph::Origin o;
    o.step = graph::Step::Map;
    o.fn = fn;
    o.compute = k;
    o.operands = std::move(operands);
    return build(std::move(o), Desc{math::result_kind(fn, k), weak, atom, std::move(shape)});
}

// A Boolean array of `shape` all `b` (characters compared with numbers).
Value constant_bool(bool b, Shape shape, bool atom) {
    if (atom) return Value::boolean(b);
    int64_t n = value::count_of(shape);
    return gather(Value::boolean(b), std::move(shape), std::vector<int64_t>(n, 0));
}

Value native_monad(math::Fn fn, const Value& w) {
    if (w.kind() == Kind::Char) fail(base::ErrorKind::Domain, "expected numeric elements");
    Kind k = math::operand_kind(fn, w.kind());
    bool weak = w.weak() && number::is_float(math::result_kind(fn, k));
    return map_node(fn, k, {convert_to(w, k)}, w.shape(), w.is_atom(), weak);
}

Value native_dyad(math::Fn fn, const Value& a, const Value& w) {
    Shape shape = agree(a.shape(), w.shape());
    bool atom = a.is_atom() && w.is_atom();
    bool ca = a.kind() == Kind::Char, cw = w.kind() == Kind::Char;
    if (ca || cw) {
        if (!is_compare(fn)) fail(base::ErrorKind::Domain, "expected numeric elements");
        if (!(ca && cw)) return constant_bool(fn == math::Fn::NotEqual, std::move(shape), atom);
        // Characters compare as their code points; char32_t storage reads as I32 directly.
        return map_node(fn, Kind::I32, {a, w}, std::move(shape), atom, false);
    }
    Kind ka = effective_kind(a, w), kw = effective_kind(w, a);
    Kind k = math::operand_kind(fn, ka, kw);
    bool weak = a.weak() && w.weak() && number::is_float(math::result_kind(fn, k));
    return map_node(fn, k, {convert_to(a, k), convert_to(w, k)}, std::move(shape), atom, weak);
}

// Items of a value for host pervasion: an atom is its own single item.
struct Cells {
    Value stored;
    Shape shape;
    bool atom;
    Value item(int64_t i) const {
        return atom ? stored : stored.array_data().item(i);
    }
};
Cells cells_of(const Value& v) {
    Value x = v.read();
    return Cells{x, x.shape(), !x.is_stored_array()};
}

} // namespace

Value pervade_fn(math::Fn fn, const Value& w) {
    if (w.is_function()) fail(base::ErrorKind::Domain, "a function is not a number");
    if (w.is_native()) return native_monad(fn, w);
    const ArrayData& a = w.array_data();
    std::vector<Value> items;
    items.reserve(static_cast<size_t>(a.count()));
    for (int64_t i = 0; i < a.count(); i++) items.push_back(pervade_fn(fn, a.item(i)));
    Value proto = a.count() == 0 ? pervade_fn(fn, a.prototype()) : Value{};
    return value::make_array(a.shape(), std::move(items), proto);
}

Value pervade(Prim p, const Value& w) { return pervade_fn(*info(p).monadic_fn, w); }

Value pervade(Prim p, const Value& a, const Value& w) {
    const PrimInfo& row = info(p);
    if (a.is_function() || w.is_function()) fail(base::ErrorKind::Domain, "a function is not a number");
    if (a.is_native() && w.is_native()) return native_dyad(*row.dyadic_fn, a, w);
    // Host pervasion: pair items by leading-axis agreement; containers are kept.
    Cells x = cells_of(a), y = cells_of(w);
    Shape shape = agree(x.shape, y.shape);
    int64_t n = value::count_of(shape);
    std::vector<Value> items;
    items.reserve(static_cast<size_t>(n));
    // Position of result item i in each argument (missing trailing axes repeat, 1s stretch).
    auto source = [&](const Shape& s, int64_t i) {
        int64_t pos = 0, rest = i;
        std::vector<int64_t> coord(shape.size());
        for (size_t j = shape.size(); j-- > 0;) {
            coord[j] = rest % shape[j];
            rest /= shape[j];
        }
        for (size_t j = 0; j < s.size(); j++) pos = pos * s[j] + (s[j] == 1 ? 0 : coord[j]);
        return pos;
    };
    for (int64_t i = 0; i < n; i++)
        items.push_back(call(p, x.item(x.atom ? 0 : source(x.shape, i)),
                             y.item(y.atom ? 0 : source(y.shape, i))));
    if (x.atom && y.atom) return items[0];
    Value proto;
    if (n == 0) {
        Value px = x.atom ? x.stored : x.stored.array_data().prototype();
        Value py = y.atom ? y.stored : y.stored.array_data().prototype();
        proto = call(p, px, py);
    }
    return value::make_array(std::move(shape), std::move(items), proto);
}

} // namespace bpl::prim
