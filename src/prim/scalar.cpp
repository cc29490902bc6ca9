// Scalar (pervasive) rows: one Map node per call on native operands, through the row's math
// object; host recursion through containers for boxed operands (functions.md §0.3).
#include "prim/scalar.h"

#include "base/interrupt.h"
#include "prim/exact.h"
#include "prim/factory.h"
#include "prim/keys.h"
#include "prim/mode.h"
#include "program/plan.h"
#include "value/array.h"

#include <cmath>
#include <cstddef>
#include <utility>

namespace bpl::prim {

using value::ArrayData;

namespace {

bool is_compare(math::Fn f) { return f == math::Fn::Equal || f == math::Fn::NotEqual; }

// A native value's items read and converted to k, for a value-dependent kind decision. A boxed
// result (F16 atoms stay host values) leaves data null.
struct Items {
    Value stored;
    const std::byte* data = nullptr;
    int64_t count = 0;
};
Items items_in(const Value& x, Kind k) {
    Items it;
    it.stored = convert_to(x, k).read();
    if (!it.stored.is_stored_array()) it.stored = value::make_array({1}, {it.stored});
    const ArrayData& a = it.stored.array_data();
    if (!a.is_boxed()) it.data = static_cast<const std::byte*>(a.data());
    it.count = a.count();
    return it;
}

// The joined answer of two dynamic_kind calls: complex beats a float, which beats k.
Kind join_dynamic(Kind k, Kind x, Kind y) {
    if (number::is_complex(x) || number::is_complex(y)) return number::is_complex(x) ? x : y;
    return x != k ? x : y;
}

// X*Y stays in k whatever X holds when Y is known integral (and nonnegative for an integer k):
// then the base need not be read (x*2 on a pending x stays lazy).
bool is_plain_power(Kind k, const Value& y) {
    if (number::is_float(k) && number::is_integer(y.kind())) return true;
    if (!y.is_number()) return false;
    double e = y.as_f64();
    if (number::is_integer(k)) return e >= 0;
    return !std::isfinite(e) || e == std::floor(e);
}

// The kind to run fn in, given operands converted to k. Static kinds: k, from descriptions alone
// (a value outside the real domain gives NaN). Dynamic kinds (D5): k where the operands' ranges
// prove every result real; otherwise the operands of value-dependent functions on real kinds are
// read (an observing read, reported as forced) and decide.
Kind dynamic_kind(math::Fn fn, Kind k, const Value& a, const Value* w, const Shape& shape) {
    if (!number::is_real(k) || !math::is_value_dependent(fn)) return k;
    if (kinds() == Kinds::Static) return k;
    if (fn == math::Fn::Power && w && is_plain_power(k, *w)) return k;
    int64_t n = value::count_of(shape);
    if (n == 0) return k;
    value::Range rx = Desc::range_of(a), ry = w ? Desc::range_of(*w) : value::Range{};
    if (math::real_on(fn, k, rx.lo, rx.hi, ry.lo, ry.hi)) return k;
    program::ReadReason why("a kind that depends on values");
    Items x = items_in(a, k);
    if (!x.data) return k;
    if (!w) return math::dynamic_kind(fn, k, x.data, 1, nullptr, 0, x.count);
    Items y = items_in(*w, k);
    if (!y.data) return k;
    Shape sa = a.shape(), sw = w->shape();
    if ((x.count == 1 || sa == shape) && (y.count == 1 || sw == shape))
        return math::dynamic_kind(fn, k, x.data, x.count == 1 ? 0 : 1, y.data, y.count == 1 ? 0 : 1, n);
    // General leading-axis agreement: each result item's operand positions, one item at a time.
    int64_t size = math::item_size(k);
    auto source = [&](const Shape& s, int64_t i) {
        std::vector<int64_t> coord(shape.size());
        for (size_t j = shape.size(); j-- > 0;) {
            coord[j] = i % shape[j];
            i /= shape[j];
        }
        int64_t pos = 0;
        for (size_t j = 0; j < s.size(); j++) pos = pos * s[j] + (s[j] == 1 ? 0 : coord[j]);
        return pos;
    };
    Kind out = k;
    for (int64_t i = 0; i < n && !number::is_complex(out); i++) {
        Kind one = math::dynamic_kind(fn, k, x.data + source(sa, i) * size, 0,
                                      y.data + source(sw, i) * size, 0, 1);
        out = join_dynamic(k, out, one);
    }
    return out;
}

Value map_node(math::Fn fn, Kind k, graph::Operands operands, Shape shape, bool atom,
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
    return copy(Value::boolean(b), math::Mapping::reshape(1, n), std::move(shape));
}

// Empty text in arithmetic reads as empty numbers of its shape, in ⍬'s domain (-"" is ⍬).
Value empty_numbers(const Shape& shape) {
    return Value::array(value::ArrayData::compact(Kind::F64, shape, true));
}

Value native_monad(math::Fn fn, const Value& w) {
    if (w.kind() == Kind::Char) {
        if (fn == math::Fn::Conjugate) return w; // characters are returned unchanged
        if (w.count() != 0 || w.is_atom()) fail(base::ErrorKind::Domain, "expected numeric elements");
        return native_monad(fn, empty_numbers(w.shape()));
    }
    Kind k = math::operand_kind(fn, w.kind());
    k = dynamic_kind(fn, k, w, nullptr, w.shape());
    bool weak = w.weak() && number::is_float(math::result_kind(fn, k));
    return map_node(fn, k, {convert_to(w, k)}, w.shape(), w.is_atom(), weak);
}

Value native_dyad(math::Fn fn, const Value& a, const Value& w);

// Character arithmetic (functions.md 2.1, 2.2): a character plus or minus an integral offset is
// a character (CodePoint, whose kernel records a bad offset or result); character − character is
// the code-point difference, a machine integer. Other mixes are DOMAIN ERRORs.
Value char_arith(math::Fn fn, const Value& a, const Value& w, Shape shape, bool atom) {
    bool ca = a.kind() == Kind::Char, cw = w.kind() == Kind::Char;
    if (fn == math::Fn::Subtract && ca && cw) {
        Value d = map_node(fn, Kind::I32, {a, w}, std::move(shape), atom, false);
        return convert_to(d, Kind::Int);
    }
    bool add = fn == math::Fn::Add && ca != cw, sub = fn == math::Fn::Subtract && ca && !cw;
    if (!add && !sub) {
        if (value::count_of(shape) != 0 || atom) fail(base::ErrorKind::Domain, "expected numeric elements");
        return native_dyad(fn, ca ? empty_numbers(a.shape()) : a, cw ? empty_numbers(w.shape()) : w);
    }
    const Value& c = ca ? a : w;
    const Value& n = ca ? w : a;
    Kind k = math::operand_kind(math::Fn::CodePoint, Kind::Char, n.kind());
    Value offset = convert_to(n, k);
    if (sub) offset = map_node(math::Fn::Negate, k, {offset}, n.shape(), n.is_atom(), false);
    return map_node(math::Fn::CodePoint, k, {convert_to(c, k), offset}, std::move(shape), atom,
                    false);
}

Value native_dyad(math::Fn fn, const Value& a, const Value& w) {
    bool atom = a.is_atom() && w.is_atom();
    Shape shape = atom ? Shape{} : agree(a.shape(), w.shape()); // two atoms agree on no axes
    bool ca = a.kind() == Kind::Char, cw = w.kind() == Kind::Char;
    if (ca || cw) {
        if (!is_compare(fn)) return char_arith(fn, a, w, std::move(shape), atom);
        if (!(ca && cw)) return constant_bool(fn == math::Fn::NotEqual, std::move(shape), atom);
        // Characters compare as their code points; char32_t storage reads as I32 directly.
        return map_node(fn, Kind::I32, {a, w}, std::move(shape), atom, false);
    }
    Kind ka = effective_kind(a, w), kw = effective_kind(w, a);
    Kind k = math::operand_kind(fn, ka, kw);
    k = dynamic_kind(fn, k, a, &w, shape);
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

// Arithmetic builds fresh storage from its results (core:3159): a boxed operand whose items
// are numbers of one kind (mixed storage that was rearranged) computes as the compact array it
// equals; any other value is returned as is.
Value compacted(const Value& v) {
    if (!v.is_stored_array() || !v.array_data().is_boxed()) return v;
    const ArrayData& a = v.array_data();
    return value::make_array(a.shape(), a.boxed_items(), a.count() == 0 ? a.prototype() : Value{});
}

// Static kinds keep real floats as floats for ⌊ ⌈ and monadic × (functions.md 0.5): a row's
// function under static kinds. On other kinds the float-result objects act as the originals,
// and exact numbers round in their own domain. ⌊ₓ ⌈ₓ call Floor and Ceiling directly.
constexpr std::pair<math::Fn, math::Fn> STATIC_FORMS[] = {
    {math::Fn::Floor, math::Fn::FloorFloat},
    {math::Fn::Ceiling, math::Fn::CeilingFloat},
    {math::Fn::Direction, math::Fn::DirectionFloat},
};
math::Fn row_fn(math::Fn fn) {
    if (kinds() != Kinds::Static) return fn;
    for (auto [from, to] : STATIC_FORMS)
        if (fn == from) return to;
    return fn;
}

} // namespace

namespace {
Value monad_by_position(math::Fn fn, const Value& v);
Value dyad_by_position(Prim p, const Value& av, const Value& wv);
} // namespace

Value pervade_fn(math::Fn fn, const Value& v) {
    if (const value::Layout* l = value::layout_of(v)) // the keys stay on the result
        return relabel(monad_by_position(fn, v), base::Ref<const value::Layout>(l));
    return monad_by_position(fn, v);
}

namespace {
// The pervasive application itself: a labelled argument's labels are ignored here (its
// caller places them); nested items go back through pervade, which looks at theirs.
Value monad_by_position(math::Fn fn, const Value& v) {
    if (v.is_function()) fail(base::ErrorKind::Domain, "a function is not a number");
    if (v.is_native()) return native_monad(fn, v); // the common case: no copy of the operand
    Value w = compacted(v);
    if (w.is_native()) return native_monad(fn, w);
    if (w.is_exact()) {
        if (std::optional<Value> r = exact_monad(fn, w)) return *r;
        return native_monad(fn, exact_as(w, Kind::F64));
    }
    const ArrayData& a = w.array_data();
    std::vector<Value> items;
    items.reserve(static_cast<size_t>(a.count()));
    for (int64_t i = 0; i < a.count(); i++) {
        base::poll_interrupt(static_cast<uint64_t>(i));
        items.push_back(pervade_fn(fn, a.item(i)));
    }
    Value proto = a.count() == 0 ? pervade_fn(fn, a.prototype()) : Value{};
    return value::make_array(a.shape(), std::move(items), proto);
}
} // namespace

Value pervade(Prim p, const Value& w) { return pervade_fn(row_fn(*info(p).monadic_fn), w); }

Value pervade_fn(math::Fn fn, Prim p, const Value& a, const Value& w) {
    auto by_position = [&](const Value& x, const Value& y) {
        if (x.is_native() && y.is_native() && !x.is_function() && !y.is_function())
            return native_dyad(fn, x, y);
        return dyad_by_position(p, x, y);
    };
    if (value::layout_of(a) || value::layout_of(w)) return keyed_dyad(a, w, by_position);
    return by_position(a, w);
}

Value pervade(Prim p, const Value& av, const Value& wv) {
    if (value::layout_of(av) || value::layout_of(wv)) // agreement by key (§11.3)
        return keyed_dyad(av, wv, [p](const Value& x, const Value& y) { return dyad_by_position(p, x, y); });
    return dyad_by_position(p, av, wv);
}

namespace {
Value dyad_by_position(Prim p, const Value& av, const Value& wv) {
    const PrimInfo& row = info(p);
    if (av.is_function() || wv.is_function()) fail(base::ErrorKind::Domain, "a function is not a number");
    // the common case first: native operands need no compaction, so no copies
    if (av.is_native() && wv.is_native()) return native_dyad(*row.dyadic_fn, av, wv);
    Value a = compacted(av), w = compacted(wv);
    if (a.is_native() && w.is_native()) return native_dyad(*row.dyadic_fn, a, w);
    if ((a.is_exact() && w.is_atom()) || (w.is_exact() && a.is_atom())) {
        // an exact atom's step: computed exactly, or converted for the native route
        ExactStep step = exact_dyad(*row.dyadic_fn, a.read(), w.read());
        if (step.result) return *step.result;
        return native_dyad(*row.dyadic_fn, step.a, step.w);
    }
    // Host pervasion: pair items by leading-axis agreement; containers are kept.
    Cells x = cells_of(a), y = cells_of(w);
    Shape shape = agree(x.shape, y.shape);
    int64_t n = value::count_of(shape);
    // one host item per position, checked first: a boxed unit beside 10⁸ numbers asked for 1.5 GB
    program::check_memory(value::count_of({n, static_cast<int64_t>(sizeof(Value))}));
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
    for (int64_t i = 0; i < n; i++) {
        base::poll_interrupt(static_cast<uint64_t>(i));
        items.push_back(call(p, x.item(x.atom ? 0 : source(x.shape, i)),
                             y.item(y.atom ? 0 : source(y.shape, i))));
    }
    if (x.atom && y.atom) return items[0];
    Value proto;
    if (n == 0) {
        Value px = x.atom ? x.stored : x.stored.array_data().prototype();
        Value py = y.atom ? y.stored : y.stored.array_data().prototype();
        proto = call(p, px, py);
    }
    return value::make_array(std::move(shape), std::move(items), proto);
}

} // namespace

} // namespace bpl::prim
