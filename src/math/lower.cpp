// lower(): tracing a function's own formula with symbolic items. TraceOps is the Ops interface
// (ops.h) over symbolic values, so the shared formulas (formulas.h) trace as they are written.
#include "math/lower.h"

#include "math/ops_table.h"

namespace bpl::math {

namespace {

thread_local Trace* g_trace = nullptr;

int record(TracedOp op) {
    g_trace->ops.push_back(op);
    return g_trace->arity + static_cast<int>(g_trace->ops.size()) - 1;
}
// The constant a value is, if it is one (arguments are not).
const TracedOp* constant(int v) {
    int at = v - g_trace->arity;
    if (at < 0) return nullptr;
    const TracedOp& op = g_trace->ops[static_cast<size_t>(at)];
    return op.op == MachineOp::Const || op.op == MachineOp::IConst ? &op : nullptr;
}

struct SymM {
    int v = 0;
};
struct SymI;

// A symbolic float vector. Arithmetic records an operation; one on constants alone is computed
// now (each rounds once, in float64, as the vector operation would), so `V{} + c` is c.
struct SymV {
    int v = 0;
    SymV() : v(record({MachineOp::Const})) {} // V{}: zero
    SymV(double c) : v(record({MachineOp::Const, 0, 0, 0, c})) {}
    static SymV of(int value) {
        SymV s(0.0, value);
        return s;
    }

  private:
    SymV(double, int value) : v(value) {}
};

inline SymV binary(MachineOp op, SymV x, SymV y) {
    const TracedOp* a = constant(x.v);
    const TracedOp* b = constant(y.v);
    if (a && b && a->op == MachineOp::Const && b->op == MachineOp::Const) {
        double r = op == MachineOp::Add ? a->k + b->k : op == MachineOp::Sub ? a->k - b->k
                 : op == MachineOp::Mul ? a->k * b->k : a->k / b->k;
        return SymV(r);
    }
    return SymV::of(record({op, x.v, y.v}));
}
inline SymV operator+(SymV x, SymV y) { return binary(MachineOp::Add, x, y); }
inline SymV operator-(SymV x, SymV y) { return binary(MachineOp::Sub, x, y); }
inline SymV operator*(SymV x, SymV y) { return binary(MachineOp::Mul, x, y); }
inline SymV operator/(SymV x, SymV y) { return binary(MachineOp::Div, x, y); }
inline SymV operator+(SymV x, double c) { return x + SymV(c); }
inline SymV operator-(SymV x, double c) { return x - SymV(c); }
inline SymV operator*(SymV x, double c) { return x * SymV(c); }
inline SymV operator-(SymV x) { return SymV::of(record({MachineOp::Neg, x.v})); }
inline SymM compare(MachineOp op, SymV x, SymV y) { return {record({op, x.v, y.v})}; }
inline SymM operator<(SymV x, SymV y) { return compare(MachineOp::Less, x, y); }
inline SymM operator<=(SymV x, SymV y) { return compare(MachineOp::LessEqual, x, y); }
inline SymM operator>(SymV x, SymV y) { return compare(MachineOp::Greater, x, y); }
inline SymM operator>=(SymV x, SymV y) { return compare(MachineOp::GreaterEqual, x, y); }
inline SymM operator==(SymV x, SymV y) { return compare(MachineOp::Equal, x, y); }
inline SymM operator!=(SymV x, SymV y) { return compare(MachineOp::NotEqual, x, y); }
inline SymM operator<(SymV x, double c) { return x < SymV(c); }
inline SymM operator<=(SymV x, double c) { return x <= SymV(c); }
inline SymM operator>(SymV x, double c) { return x > SymV(c); }
inline SymM operator>=(SymV x, double c) { return x >= SymV(c); }
inline SymM operator|(SymM x, SymM y) { return {record({MachineOp::MaskOr, x.v, y.v})}; }
inline SymM operator&(SymM x, SymM y) { return {record({MachineOp::MaskAnd, x.v, y.v})}; }
inline SymM operator!(SymM x) { return {record({MachineOp::MaskNot, x.v})}; }
inline SymM operator~(SymM x) { return !x; }

// A symbolic vector of int64 lanes.
struct SymI {
    static constexpr bool SYMBOLIC = true; // formulas.h's wrapping arithmetic: machine integers wrap
    int v = 0;
    SymI() : v(record({MachineOp::IConst})) {}
    SymI(int64_t c) : v(record({MachineOp::IConst, 0, 0, 0, 0, c})) {}
    static SymI of(int value) {
        SymI s(value, 0);
        return s;
    }

  private:
    SymI(int value, int) : v(value) {}
};
inline SymI operator+(SymI x, SymI y) { return SymI::of(record({MachineOp::IAdd, x.v, y.v})); }
inline SymI operator*(SymI x, SymI y) { return SymI::of(record({MachineOp::IMul, x.v, y.v})); }
inline SymI operator-(SymI x, SymI y) { return SymI::of(record({MachineOp::ISub, x.v, y.v})); }
inline SymI operator-(SymI x) { return SymI() - x; } // wraps, as 0 − x
inline SymI operator&(SymI x, SymI y) { return SymI::of(record({MachineOp::IAnd, x.v, y.v})); }
inline SymI operator|(SymI x, SymI y) { return SymI::of(record({MachineOp::IOr, x.v, y.v})); }
inline SymI operator+(SymI x, int64_t c) { return x + SymI(c); }
inline SymI operator-(SymI x, int64_t c) { return x - SymI(c); }
inline SymI operator&(SymI x, int64_t c) { return x & SymI(c); }
inline SymI operator<<(SymI x, int n) { return SymI::of(record({MachineOp::IShl, x.v, 0, 0, 0, n})); }
inline SymI operator>>(SymI x, int n) { return SymI::of(record({MachineOp::ISra, x.v, 0, 0, 0, n})); }
inline SymM operator>(SymI x, SymI y) { return {record({MachineOp::IGreater, x.v, y.v})}; }

// The Ops interface (ops.h) over symbolic lanes of item type E (the emitter picks the width), as
// the AVX-512 vector kernels instantiate it: fma rounds once (HAS_FMA).
template <class E_>
struct TraceOpsOf {
    using E = E_;
    using V = SymV;
    using I = SymI;
    using M = SymM;
    static constexpr bool HAS_FMA = true;
    static V fma(V a, V b, V c) { return V::of(record({MachineOp::Fma, a.v, b.v, c.v})); }
    static V select(M m, V a, V b) { return V::of(record({MachineOp::Select, m.v, a.v, b.v})); }
    static I selecti(M m, I a, I b) { return I::of(record({MachineOp::Select, m.v, a.v, b.v})); }
    static I bits(V v) { return I::of(v.v); }
    static V from_bits(I i) { return V::of(i.v); }
    static V abs(V v) { return V::of(record({MachineOp::Abs, v.v})); }
    static V sqrt(V v) { return V::of(record({MachineOp::Sqrt, v.v})); }
    static V lookup16(const double* t, I j) {
        static_assert(std::is_same_v<E, double>, "a float64 table");
        TracedOp op{MachineOp::Lookup16, 0, j.v};
        op.table = t;
        return V::of(record(op));
    }
};
using TraceOps = TraceOpsOf<double>;

// The object's facts: its float formula is plain arithmetic (ops_table.h's `lowers`), or it has
// a float64 vector recipe (`vector_recipe`).
template <class F>
constexpr bool plain() {
    if constexpr (requires { F::lowers; }) return F::lowers;
    else return false;
}
// Its integer formula wraps (ops_table.h's `lowers_int`): on 64-bit integer lanes it is their
// machine arithmetic.
template <class F>
constexpr bool plain_int() {
    if constexpr (requires { F::lowers_int; }) return F::lowers_int;
    else return false;
}
template <class F>
constexpr bool has_recipe() {
    return requires { typename F::vector_recipe; };
}

// A recipe serves float64; float32 too where its float32 kernel runs the same recipe (FLOAT32).
template <class R>
constexpr bool recipe_float32() {
    if constexpr (requires { R::FLOAT32; }) return R::FLOAT32;
    else return false;
}
constexpr bool is_int64(Kind k) { return k == Kind::Int || k == Kind::I64; }
template <class F>
constexpr bool lowers_on(Kind k) {
    if (is_int64(k)) return plain_int<F>();
    if constexpr (plain<F>()) return true;
    else if constexpr (has_recipe<F>()) return k == Kind::F64 || (k == Kind::F32 && recipe_float32<typename F::vector_recipe>());
    else return false;
}


// Drops the operations the result does not depend on (constants a fold left behind), keeping
// the others in order.
void prune(Trace& t) {
    auto n = static_cast<int>(t.ops.size());
    std::vector<char> live(static_cast<size_t>(n), 0);
    auto mark = [&](int v) {
        if (v >= t.arity) live[static_cast<size_t>(v - t.arity)] = 1;
    };
    mark(t.result);
    for (int q = n - 1; q >= 0; q--) {
        if (!live[static_cast<size_t>(q)]) continue;
        const TracedOp& op = t.ops[static_cast<size_t>(q)];
        if (op.op == MachineOp::Const || op.op == MachineOp::IConst) continue;
        mark(op.a);
        if (op.op != MachineOp::Neg && op.op != MachineOp::Abs && op.op != MachineOp::Sqrt && op.op != MachineOp::MaskNot &&
            op.op != MachineOp::IShl && op.op != MachineOp::IShr && op.op != MachineOp::ISra)
            mark(op.b);
        if (op.op == MachineOp::Fma || op.op == MachineOp::Select) mark(op.c);
    }
    std::vector<int> renamed(static_cast<size_t>(t.arity + n));
    for (int v = 0; v < t.arity; v++) renamed[static_cast<size_t>(v)] = v;
    std::vector<TracedOp> kept;
    auto name = [&](int v) { return renamed[static_cast<size_t>(v)]; };
    for (int q = 0; q < n; q++) {
        if (!live[static_cast<size_t>(q)]) continue;
        TracedOp op = t.ops[static_cast<size_t>(q)];
        if (op.op != MachineOp::Const && op.op != MachineOp::IConst) {
            op.a = name(op.a);
            op.b = name(op.b);
            if (op.op == MachineOp::Fma || op.op == MachineOp::Select) op.c = name(op.c);
        }
        renamed[static_cast<size_t>(t.arity + q)] = t.arity + static_cast<int>(kept.size());
        kept.push_back(op);
    }
    t.result = name(t.result);
    t.ops = std::move(kept);
}

// Records body(arguments...) into t.
template <class Body>
void trace_into(Trace& t, int arity, Body body) {
    t = Trace{};
    t.arity = arity;
    g_trace = &t;
    t.result = body();
    g_trace = nullptr;
    prune(t);
}

// Traces recipe R over item type E into out.
template <class R, class E>
bool trace_recipe(int arity, Lowered& out) {
    using O = TraceOpsOf<E>;
    if constexpr (requires { R::template common<O>(SymV::of(0), SymV::of(1)); }) {
        if (arity != 2) return false;
        trace_into(out.common, 2, [] { return R::template common<O>(SymV::of(0), SymV::of(1)).v; });
    } else {
        if (arity != 1) return false;
        trace_into(out.common, 1, [] { return R::template common<O>(SymV::of(0)).v; });
        if constexpr (requires { R::ABOVE; }) {
            trace_into(out.key, 1, [] { return R::template key<O>(SymV::of(0)).v; });
            trace_into(out.full, 1, [] { return R::template full<O>(SymV::of(0)).v; });
            out.repairs = true;
            out.above = R::ABOVE;
        }
    }
    return true;
}

template <class F>
bool trace(int arity, Kind k, Lowered& out) {
    out = Lowered{};
    if constexpr (plain_int<F>()) {
        if (is_int64(k)) {
            ErrorSlot slot; // wrapping arithmetic records nothing
            trace_into(out.common, arity, [&] {
                if constexpr (requires { F::apply(SymI::of(0), SymI::of(1), slot); })
                    return F::apply(SymI::of(0), SymI::of(1), slot).v;
                else
                    return F::apply(SymI::of(0), slot).v;
            });
            return true;
        }
    }
    if (is_int64(k)) return false;
    if constexpr (plain<F>()) {
        ErrorSlot slot; // a float formula that lowers records nothing
        trace_into(out.common, arity, [&] {
            if constexpr (requires { F::apply(SymV::of(0), SymV::of(1), slot); })
                return F::apply(SymV::of(0), SymV::of(1), slot).v;
            else
                return F::apply(SymV::of(0), slot).v;
        });
        return true;
    } else if constexpr (has_recipe<F>()) {
        using R = typename F::vector_recipe;
        if (!lowers_on<F>(k)) return false;
        if constexpr (recipe_float32<R>()) {
            if (k == Kind::F32) return trace_recipe<R, float>(arity, out);
        }
        return trace_recipe<R, double>(arity, out);
    } else {
        return false;
    }
}

} // namespace

// SymV stands for a float item in the per-item formulas' kind tests.
template <>
inline constexpr bool is_flt_v<SymV> = true;

bool lowers(Fn f, Kind k) noexcept {
    if (k != Kind::F64 && k != Kind::F32 && !is_int64(k)) return false;
    switch (f) {
#define BPL_CASE(Name)                                                                             \
    case Fn::Name: return lowers_on<scalar::Name>(k);
        BPL_MONADIC(BPL_CASE)
        BPL_DYADIC(BPL_CASE)
#undef BPL_CASE
    default: return false;
    }
}

bool lower(Fn f, Kind k, Lowered& out) noexcept {
    if (!lowers(f, k)) return false;
    try {
        switch (f) {
#define BPL_CASE(Name)                                                                             \
    case Fn::Name: return trace<scalar::Name>(1, k, out);
            BPL_MONADIC(BPL_CASE)
#undef BPL_CASE
#define BPL_CASE(Name)                                                                             \
    case Fn::Name: return trace<scalar::Name>(2, k, out);
            BPL_DYADIC(BPL_CASE)
#undef BPL_CASE
        default: return false;
        }
    } catch (...) { // no room to record the trace: the kernels serve
        g_trace = nullptr;
        return false;
    }
}

} // namespace bpl::math
