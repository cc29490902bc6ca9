// Inner products with primitive operands: one Product node over the rows' math objects, with
// the kinds f/ X g Y would give. Boxed arguments, characters beside numbers and value-dependent
// kinds are the caller's (lang's generic host product).
#include "prim/factory.h"
#include "value/array.h"

namespace bpl::prim {

std::optional<Value> product(Prim fp, Prim gp, const Value& a, const Value& w) {
    std::optional<math::Fn> f = info(fp).dyadic_fn, g = info(gp).dyadic_fn;
    if (!f || !g || !a.is_native() || !w.is_native()) return std::nullopt;
    // Characters take part only compared with characters, as their code points (char32_t
    // storage reads as I32 directly, as the scalar rows read it).
    bool ca = a.kind() == Kind::Char, cw = w.kind() == Kind::Char;
    bool compare = *g == math::Fn::Equal || *g == math::Fn::NotEqual;
    if ((ca || cw) && !(ca && cw && compare)) return std::nullopt;
    if (math::is_value_dependent(*g)) return std::nullopt;
    Shape sa = a.shape(), sw = w.shape();
    // The contraction lengths; an atom or a length-1 axis extends to the other side's.
    int64_t na = sa.empty() ? 1 : sa.back(), nw = sw.empty() ? 1 : sw[0];
    if (na != nw && na != 1 && nw != 1) fail(base::ErrorKind::Length, "inner product lengths differ");
    int64_t n = na == 1 ? nw : na;
    // g's kinds as the scalar row gives them, then f's as its reduction gives them.
    Kind k = ca ? Kind::I32 : math::operand_kind(*g, effective_kind(a, w), effective_kind(w, a));
    Kind r = math::result_kind(*g, k);
    Kind kf = math::operand_kind(*f, r, r);
    if (math::result_kind(*f, kf) != kf) return std::nullopt; // e.g. comparisons: generic loop
    bool pairs_weak = a.weak() && w.weak() && number::is_float(r);
    bool weak = pairs_weak && number::is_float(kf);

    Shape head(sa.begin(), sa.empty() ? sa.end() : sa.end() - 1);
    Shape tail(sw.empty() ? sw.begin() : sw.begin() + 1, sw.end());
    int64_t rows = value::count_of(head), cols = value::count_of(tail);
    if (rows != 0 && cols > MAX_ITEMS / rows) check_count(MAX_ITEMS + 1);
    Shape shape = head;
    shape.insert(shape.end(), tail.begin(), tail.end());
    bool atom = shape.empty();

    if (n == 0) {
        // An empty contraction is f's identity in every result item.
        Kind ik = math::identity_kind(*f, kf);
        auto item = value::ArrayData::compact(ik, {1});
        if (!math::identity(*f, ik, item->data()))
            fail(base::ErrorKind::Domain, "no identity for an empty reduction");
        Value identity = item->item(0);
        if (atom) return identity;
        return gather(identity, std::move(shape), std::vector<int64_t>(static_cast<size_t>(rows * cols), 0));
    }
    // A one-item contraction is g's result (a one-item reduction makes no call, §4.1).
    // Float16 totals accumulate in float32 and round once at the end, as fold does.
    Kind want = n == 1 ? r : kf;
    Kind acc = want == Kind::F16 && n > 1 ? Kind::F32 : want;
    // Float16 +.× multiplies in float32 as well: a fused multiply-add (§4.5), so the runner's
    // BLAS route (sgemm) serves it.
    if (n > 1 && *f == math::Fn::Add && *g == math::Fn::Multiply && k == Kind::F16) k = Kind::F32;
    graph::Origin o;
    o.step = graph::Step::Product;
    o.fn = *f;
    o.compute = k;
    o.operands = ca ? std::vector<Value>{a, w} : std::vector<Value>{convert_to(a, k), convert_to(w, k)};
    o.params = {static_cast<int64_t>(*g), rows, n, cols, na, nw};
    Value total = build(std::move(o), Desc{acc, n == 1 ? pairs_weak : weak, atom, std::move(shape)});
    return acc == want ? total : convert_to(total, want);
}

} // namespace bpl::prim
