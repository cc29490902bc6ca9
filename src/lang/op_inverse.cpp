// Inverses of derived functions (operators-and-system.md §13), each from its operands: power,
// ⁻ itself, scans, outer product, each, commute, the compositions, rank, variant and ⇄.
#include "lang/operators_internal.h"

#include "base/interrupt.h"
#include "base/utf8.h"
#include "lang/cells.h"
#include "lang/exec.h"
#include "lang/select.h"
#include "math/random.h"
#include "number/exact.h"
#include "prim/keys.h"
#include "prim/exact.h"
#include "prim/factory.h"
#include "prim/scalar.h"
#include "prim/inverse.h"
#include "prim/marks.h"
#include "prim/prim.h"
#include "program/plan.h"
#include "value/array.h"
#include "value/match.h"

#include <cmath>
#include <cstdint>

namespace bpl::lang::ops {

using base::Error;
using base::ErrorKind;
using value::Shape;
using number::Kind;

// --- inverses (operators-and-system.md §13): each derived function's from its operands ---

// The count of f⍣n as a negated scalar operand; count arrays and predicates have no inverse.
Value negated_count(const Value& g) {
    if (g.is_function() || g.rank() > 0)
        throw Error(ErrorKind::Domain, "only a single count of ⍣ has an inverse");
    std::vector<int64_t> n = integers_of(g, "power");
    return Value::real(-static_cast<double>(n[0]), number::Kind::F64, true);
}
Value power_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w) {
    return power(ex, f, negated_count(g), a, w);
}
Value power_inverse_left(Exec& ex, const Value& f, const Value& g, const Value& r, const Value& w) {
    Value n = negated_count(g);
    if (n.as_f64() != -1) throw Error(ErrorKind::Domain, "only f⍣1 inverts with its right argument held");
    return apply_inverse_left(ex, f, r, w);
}

Value inverse_call(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    return apply_inverse(ex, f, a, w);
}
Value inverse_inverse(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    return apply(ex, f, a, w);
}
// Z f⁻ R ≡ Y means Z f Y ≡ R.
Value inverse_inverse_left(Exec& ex, const Value& f, const Value&, const Value& r, const Value& w) {
    return apply_inverse_left(ex, f, w, r);
}

// f\⁻: each item from its predecessor through f's inverse with the left argument held (a seed
// X stands before the first). A primitive operand inverts a whole axis at once.
std::vector<Value> unscan_items(Exec& ex, const Value& f, const Value* seed,
                                const std::vector<Value>& ys) {
    std::vector<Value> out;
    for (size_t i = 0; i < ys.size(); i++) {
        const Value* prev = i > 0 ? &ys[i - 1] : seed;
        out.push_back(prev ? apply_inverse(ex, f, prev, ys[i]) : ys[i]);
    }
    return out;
}
Value unscan(Exec& ex, const Value& f, const Value* alpha, const Value& w, bool first_axis) {
    need_function(f, "scan");
    if (w.rank() == 0) return alpha ? apply_inverse(ex, f, alpha, w) : w;
    auto p = primitive_operand(f);
    if (p && prim::info(*p).dyadic_fn && (first_axis || w.rank() == 1) && w.shape()[0] > 0) {
        Value one = Value::integer(1), last = Value::integer(-1);
        Value prev = prim::call(prim::Prim::Drop, last, w);
        if (alpha) { // the seed as one major cell before the rest
            std::vector<Value> dims{Value::integer(1)};
            Shape s = w.shape();
            for (size_t i = 1; i < s.size(); i++) dims.push_back(Value::integer(s[i]));
            Value seed = prim::call(prim::Prim::Rho, vector_of(std::move(dims)), *alpha);
            prev = prim::call(prim::Prim::Table, seed, prev);
            return apply_inverse(ex, f, &prev, w);
        }
        Value rest = apply_inverse(ex, f, &prev, prim::call(prim::Prim::Drop, one, w));
        return prim::call(prim::Prim::Table, prim::call(prim::Prim::Take, one, w), rest);
    }
    if (first_axis || w.rank() == 1) {
        std::vector<Value> cells = unscan_items(ex, f, alpha, major_cells(w));
        if (w.rank() == 1) return value::make_array(w.shape(), std::move(cells));
        return cells.empty() ? w : assemble(cells);
    }
    Rows rows = last_axis_rows(w);
    std::vector<Value> out;
    for (const auto& row : rows.rows)
        for (Value& v : unscan_items(ex, f, alpha, row)) out.push_back(std::move(v));
    return value::make_array(w.shape(), std::move(out));
}
Value unscan_last(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    return unscan(ex, f, a, w, false);
}
Value unscan_first(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    return unscan(ex, f, a, w, true);
}

// X f⊗ Z ≡ Y with X held: Y is (⍴X),⍴Z; every item of X must recover the same Z from its
// cell of Y. With the right argument R held, Y is (⍴Z),⍴R and each item of R recovers Z from
// the values along the trailing axes. The agreement is a read of the recovered values.
Value outer_recover(Exec& ex, const Value& f, const Value& held, const Value& w, bool right) {
    Shape sh = held.shape(), sw = w.shape();
    if (sh.size() > sw.size()) throw Error(ErrorKind::Domain, "the result has too few axes");
    size_t split = right ? sw.size() - sh.size() : sh.size();
    Shape lead(sw.begin(), sw.begin() + static_cast<std::ptrdiff_t>(split));
    Shape trail(sw.begin() + static_cast<std::ptrdiff_t>(split), sw.end());
    if ((right ? trail : lead) != sh)
        throw Error(ErrorKind::Domain, "the result's axes do not match the held argument");
    int64_t n = value::count_of(sh);
    if (n == 0) throw Error(ErrorKind::Domain, "an empty held argument recovers nothing");
    const Shape& zs = right ? lead : trail;
    int64_t m = value::count_of(zs);
    Value table = prim::call(prim::Prim::Rho,
                             vector_of(right ? std::vector<Value>{Value::integer(m), Value::integer(n)}
                                             : std::vector<Value>{Value::integer(n), Value::integer(m)}),
                             w);
    if (right) table = prim::call(prim::Prim::Transpose, table);
    Value items = prim::call(prim::Prim::Comma, held);
    Value first;
    for (int64_t j = 0; j < n; j++) {
        Value h = prim::call(prim::Prim::Squad, Value::integer(j), items);
        Value cell = prim::call(prim::Prim::Squad, Value::integer(j), table);
        Value z = (right ? apply_inverse_left(ex, f, h, cell) : apply_inverse(ex, f, &h, cell)).read();
        if (j == 0) first = z;
        else if (!value::match(z, first))
            throw Error(ErrorKind::Domain, "the outer product's cells recover different arguments");
    }
    std::vector<Value> dims;
    for (int64_t d : zs) dims.push_back(Value::integer(d));
    return prim::call(prim::Prim::Rho, vector_of(std::move(dims)), first);
}
Value outer_inverse(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    if (!a) throw Error(ErrorKind::Domain, "monadic ⊗ has no inverse");
    return outer_recover(ex, f, *a, w, false);
}
Value outer_inverse_left(Exec& ex, const Value& f, const Value&, const Value& r, const Value& w) {
    return outer_recover(ex, f, r, w, true);
}

// (f¨)⁻ is f⁻¨.
Value each_inverse(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    return each(ex, inverse_function(f), Value(), a, w);
}
Value each_inverse_left(Exec& ex, const Value& f, const Value&, const Value& r, const Value& w) {
    return each(ex, left_inverse_function(f), Value(), &r, w);
}

// Z with `Z f Z ≡ w` for a derived f whose operator has that inverse (defined with DerivedFn).
Value derived_inverse_self(Exec& ex, const Value& f, const Value& w);

// f⍨ inverts on the other side; monadically `Y f Y` needs the row's self inverse (a primitive's,
// or a derived function's from its operator's column); a constant gives back only itself.
Value commute_inverse(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    if (!f.is_function()) {
        if (!value::match(f.read(), w.read())) throw Error(ErrorKind::Domain, "not the constant");
        return w;
    }
    if (a) return apply_inverse_left(ex, f, *a, w);
    if (auto p = primitive_operand(f)) return prim::inverse_self(*p, w);
    return derived_inverse_self(ex, f, w);
}
Value commute_inverse_left(Exec& ex, const Value& f, const Value&, const Value& r, const Value& w) {
    return apply_inverse(ex, f, &r, w);
}

// (f∘g)⁻ is g⁻∘f⁻.
Value atop_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w) {
    return apply_inverse(ex, g, a, apply_inverse(ex, f, nullptr, w));
}
Value atop_inverse_left(Exec& ex, const Value& f, const Value& g, const Value& r, const Value& w) {
    return apply_inverse_left(ex, g, r, apply_inverse(ex, f, nullptr, w));
}
// f⍥g: through g of the held side, then g⁻.
Value over_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w) {
    if (!a) return apply_inverse(ex, g, nullptr, apply_inverse(ex, f, nullptr, w));
    Value l = apply(ex, g, nullptr, *a);
    return apply_inverse(ex, g, nullptr, apply_inverse(ex, f, &l, w));
}
Value over_inverse_left(Exec& ex, const Value& f, const Value& g, const Value& r, const Value& w) {
    Value gr = apply(ex, g, nullptr, r);
    return apply_inverse(ex, g, nullptr, apply_inverse_left(ex, f, gr, w));
}
// f↣g: the left argument f X is held; A↣f holds A. Monadic (f Y) g Y uses Y twice: none.
Value before_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w) {
    if (!f.is_function()) {
        if (a) throw Error(ErrorKind::Syntax, "a bound function takes one argument");
        return apply_inverse(ex, g, &f, w);
    }
    if (!a) throw Error(ErrorKind::Domain, "monadic f↣g has no inverse");
    Value l = apply(ex, f, nullptr, *a);
    return apply_inverse(ex, g, &l, w);
}
Value before_inverse_left(Exec& ex, const Value& f, const Value& g, const Value& r, const Value& w) {
    if (!f.is_function()) throw Error(ErrorKind::Syntax, "a bound function takes one argument");
    return apply_inverse(ex, f, nullptr, apply_inverse_left(ex, g, r, w));
}
// Z with `Z f (g Z) ≡ w`: monadic f↢g and (f↢g)⍨ alike; by the pair of rows (prim/inverse.h).
Value after_inverse_self(Exec&, const Value& f, const Value& g, const Value& w) {
    auto pf = primitive_operand(f), pg = primitive_operand(g);
    if (!pf || !pg) throw Error(ErrorKind::Domain, "monadic f↢g has no inverse");
    return prim::inverse_self_after(*pf, *pg, w);
}
// f↢g: X f⁻ first, then g⁻; f↢A holds A on the right; monadically Y f (g Y).
Value after_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w) {
    if (!g.is_function()) {
        if (a) throw Error(ErrorKind::Syntax, "a bound function takes one argument");
        return apply_inverse_left(ex, f, g, w);
    }
    if (!a) return after_inverse_self(ex, f, g, w);
    return apply_inverse(ex, g, nullptr, apply_inverse(ex, f, a, w));
}
Value after_inverse_left(Exec& ex, const Value& f, const Value& g, const Value& r, const Value& w) {
    if (!g.is_function()) throw Error(ErrorKind::Syntax, "a bound function takes one argument");
    return apply_inverse_left(ex, f, apply(ex, g, nullptr, r), w);
}
// (f⊘g)⁻ inverts each valence.
Value valences_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w) {
    return a ? apply_inverse(ex, g, a, w) : apply_inverse(ex, f, nullptr, w);
}
Value valences_inverse_left(Exec& ex, const Value&, const Value& g, const Value& r, const Value& w) {
    return apply_inverse_left(ex, g, r, w);
}
// (f⍤k)⁻ is f⁻⍤k; with the right argument held the ranks trade places.
Value rank_inverse(Exec& ex, const Value& f, const Value& spec, const Value* a, const Value& w) {
    return rank(ex, inverse_function(f), spec, a, w);
}
Value rank_inverse_left(Exec& ex, const Value& f, const Value& spec, const Value& r, const Value& w) {
    std::vector<int64_t> k = integers_of(spec, "rank");
    if (k.empty() || k.size() > 3) throw Error(ErrorKind::Length, "rank takes one to three numbers");
    int64_t kl = k.size() == 1 ? k[0] : k[k.size() - 2], kr = k.back();
    Value swapped = vector_of({Value::integer(kr), Value::integer(kl)});
    return rank(ex, left_inverse_function(f), swapped, &r, w);
}
// (⊂⍠K)⁻ and (↓⍠K)⁻: the mix that places the item axes back at K (core:2376, core:2379).
Value variant_inverse(Exec& ex, const Value& f, const Value& spec, const Value* a, const Value& w) {
    char32_t g = primitive_glyph(f);
    if (a || (g != U'⊂' && g != U'↓')) throw Error(ErrorKind::Domain, spelling(f) + "⍠ has no inverse");
    return variant(ex, primitive_function(U'⊃'), spec, nullptr, w);
}
Value swap_call(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w) {
    return apply(ex, f, a, w);
}
// (f⇄g)⁻ is g⇄f; with the right argument held there is none (pair the bound monad instead).
Value swap_inverse(Exec& ex, const Value&, const Value& g, const Value* a, const Value& w) {
    return apply(ex, g, a, w);
}

} // namespace bpl::lang::ops
