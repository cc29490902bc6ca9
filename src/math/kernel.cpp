// The engine's entry points (kernel.h): kind rules, and elementwise, conversion and fold loops
// that run each Fn's formula (ops_table.h) over buffers. Vector routes for floats: vec.h.
#include "math/kernel.h"
#include "math/object.h"

#include "math/ops_table.h"
#include "math/vec.h"

#include <cstring>

namespace bpl::math {

using number::is_complex;
using number::is_float;
using number::is_integer;


bool is_dyadic(Fn f) {
    return (f >= Fn::Add && f <= Fn::Nor) || f == Fn::Root || f == Fn::Binomial ||
           f == Fn::PiRatio || f == Fn::ResidueExact || f == Fn::CodePoint || f == Fn::RealPow ||
           f == Fn::RealRoot || f == Fn::RealLog;
}

const char* name(Fn f) {
    switch (f) {
#define BPL_NAME(Name)                                                                             \
    case Fn::Name: return #Name;
        BPL_MONADIC(BPL_NAME)
        BPL_DYADIC(BPL_NAME)
#undef BPL_NAME
    }
    return "?";
}

Kind result_kind(Fn f, Kind k) {
    switch (f) {
    case Fn::Equal: case Fn::NotEqual: case Fn::Less: case Fn::LessEqual: case Fn::Greater:
    case Fn::GreaterEqual: case Fn::Not: case Fn::Nand: case Fn::Nor:
        return Kind::Bool;
    case Fn::Direction: case Fn::Floor: case Fn::Ceiling:
        return is_float(k) ? Kind::Int : k;
    case Fn::Magnitude: case Fn::Real: case Fn::Imag: case Fn::Phase:
    case Fn::RealSqrt: case Fn::RealLn: case Fn::RealCircle0: case Fn::RealCircle8:
    case Fn::RealAsin: case Fn::RealAcos: case Fn::RealAcosh: case Fn::RealAtanh:
    case Fn::RealCircle4Inv: case Fn::RealCircle8Inv: case Fn::RealPow: case Fn::RealRoot:
    case Fn::RealLog:
        return number::real_part(k);
    case Fn::CodePoint:
        return Kind::Char;
    default:
        return k;
    }
}

Kind operand_kind(Fn f, Kind a) {
    switch (f) {
    case Fn::Negate: case Fn::Reciprocal: case Fn::Factorial:
        return a == Kind::Bool ? Kind::Int : a;
    case Fn::Exp: case Fn::Ln: case Fn::Sqrt: case Fn::PiTimes: case Fn::Sin: case Fn::Cos:
    case Fn::Tan: case Fn::Asin: case Fn::Acos: case Fn::Atan: case Fn::Sinh: case Fn::Cosh:
    case Fn::Tanh: case Fn::Asinh: case Fn::Acosh: case Fn::Atanh: case Fn::Cbrt: case Fn::Log1p:
    case Fn::Expm1: case Fn::Circle0: case Fn::Circle4: case Fn::Circle8: case Fn::Circle4Inv:
    case Fn::Circle8Inv: case Fn::Phase: case Fn::LambertW:
    case Fn::RealSqrt: case Fn::RealLn: case Fn::RealCircle0: case Fn::RealCircle8:
    case Fn::RealAsin: case Fn::RealAcos: case Fn::RealAcosh: case Fn::RealAtanh:
    case Fn::RealCircle4Inv: case Fn::RealCircle8Inv:
        return number::float_of(a);
    default:
        return a;
    }
}

Kind operand_kind(Fn f, Kind a, Kind b) {
    Kind j = number::join(a, b);
    switch (f) {
    case Fn::Add: case Fn::Subtract: case Fn::Multiply: case Fn::Divide: case Fn::Residue:
    case Fn::ResidueExact: case Fn::Power:
        return j == Kind::Bool ? Kind::Int : j;
    case Fn::Log: case Fn::Root: case Fn::PiRatio: case Fn::RealPow: case Fn::RealRoot:
    case Fn::RealLog:
        return number::float_of(j);
    case Fn::Binomial:
        return j == Kind::Bool ? Kind::Int : j;
    case Fn::CodePoint: // by the offset's kind alone: a Char X converts to it
        return is_complex(b) ? Kind::C128 : is_float(b) ? Kind::F64 : Kind::Int;
    default:
        return j;
    }
}

int item_size(Kind k) {
    // clang-format off
    static constexpr int SIZES[number::KIND_COUNT] = {1, 1, 2, 4, 8, 8, 2, 4, 8, 8, 16, 4, 0};
    // clang-format on
    return SIZES[static_cast<int>(k)];
}

namespace {

template <class Op, class S>
void unary_loop(const S* a, int64_t sa, void* out_v, int64_t n, ErrorSlot& slot) {
    using O = typename Op::template Out<S>;
    O* out = static_cast<O*>(out_v);
    for (int64_t i = 0; i < n; ++i) out[i] = store<O>(Op::apply(load<S>(a[i * sa]), slot));
}

template <class Op, class S>
void binary_loop(const S* a, int64_t sa, const S* b, int64_t sb, void* out_v, int64_t n,
                 ErrorSlot& slot) {
    using O = typename Op::template Out<S>;
    O* out = static_cast<O*>(out_v);
    // contiguous and broadcast operands get their own loops, which the compiler vectorizes
    if (sa == 1 && sb == 1) {
#pragma GCC ivdep
        for (int64_t i = 0; i < n; ++i)
            out[i] = store<O>(Op::apply(load<S>(a[i]), load<S>(b[i]), slot));
    } else if (sa == 1 && sb == 0) {
        const auto y = load<S>(*b);
#pragma GCC ivdep
        for (int64_t i = 0; i < n; ++i) out[i] = store<O>(Op::apply(load<S>(a[i]), y, slot));
    } else {
        for (int64_t i = 0; i < n; ++i)
            out[i] = store<O>(Op::apply(load<S>(a[i * sa]), load<S>(b[i * sb]), slot));
    }
}

} // namespace

void unsupported(Kind k, void* out, int64_t n, ErrorSlot& slot, Fn f) {
    slot.record(k == Kind::Exact ? base::ErrorKind::Nonce : base::ErrorKind::Domain,
                k == Kind::Exact ? "exact numbers have no machine kernel"
                                 : "this function does not take characters");
    int sz = item_size(result_kind(f, k));
    if (out && n > 0 && sz > 0) std::memset(out, 0, static_cast<size_t>(n) * sz);
}

namespace {

template <class Op>
void run_unary(Fn f, Kind k, const void* a, int64_t sa, void* out, int64_t n, ErrorSlot& slot) {
    with_kind(k, [&](auto tag) {
        using S = typename decltype(tag)::type;
        if constexpr (std::is_void_v<S>) {
            unsupported(k, out, n, slot, f);
        } else if constexpr (is_chr_v<S> && !Op::chars) {
            unsupported(k, out, n, slot, f);
        } else {
            unary_loop<Op, S>(static_cast<const S*>(a), sa, out, n, slot);
        }
    });
}

template <class Op>
void run_binary(Fn f, Kind k, const void* a, int64_t sa, const void* b, int64_t sb, void* out,
                int64_t n, ErrorSlot& slot) {
    with_kind(k, [&](auto tag) {
        using S = typename decltype(tag)::type;
        if constexpr (std::is_void_v<S>) {
            unsupported(k, out, n, slot, f);
        } else if constexpr (is_chr_v<S> && !Op::chars) {
            unsupported(k, out, n, slot, f);
        } else {
            binary_loop<Op, S>(static_cast<const S*>(a), sa, static_cast<const S*>(b), sb, out,
                               n, slot);
        }
    });
}

// The scalar loops, where no vector route serves (f, k); out of line, so the callers that try a
// route first stay small.
[[gnu::noinline]] void unary_scalar(Fn f, Kind k, const void* a, int64_t sa, void* out, int64_t n, ErrorSlot& slot) {
    switch (f) {
#define BPL_CASE(Name)                                                                             \
    case Fn::Name: return run_unary<scalar::Name>(f, k, a, sa, out, n, slot);
        BPL_MONADIC(BPL_CASE)
#undef BPL_CASE
    default:
        slot.record(base::ErrorKind::Internal, "a dyadic function called monadically");
    }
}

// The functions whose every route gives the correctly rounded result on floats (+ − × ÷), so one
// item need not enter the vector route, whose dispatch and tail cost more than the item itself.
bool is_exact_on_floats(Fn f) {
    return f == Fn::Add || f == Fn::Subtract || f == Fn::Multiply || f == Fn::Divide;
}

[[gnu::noinline]] void binary_scalar(Fn f, Kind k, const void* a, int64_t sa, const void* b, int64_t sb, void* out,
                   int64_t n, ErrorSlot& slot) {
    switch (f) {
#define BPL_CASE(Name)                                                                             \
    case Fn::Name: return run_binary<scalar::Name>(f, k, a, sa, b, sb, out, n, slot);
        BPL_DYADIC(BPL_CASE)
#undef BPL_CASE
    default:
        slot.record(base::ErrorKind::Internal, "a monadic function called dyadically");
    }
}

} // namespace

void unary(Fn f, Kind k, const void* a, int64_t sa, void* out, int64_t n, ErrorSlot& slot) {
    if (n <= 0) return;
    UnaryRoute route = vec::unary_route(k);
    if (route && route(f, a, sa, out, n)) return;
    unary_scalar(f, k, a, sa, out, n, slot);
}

void binary(Fn f, Kind k, const void* a, int64_t sa, const void* b, int64_t sb, void* out,
            int64_t n, ErrorSlot& slot) {
    if (n <= 0) return;
    if (!(n == 1 && is_exact_on_floats(f))) {
        BinaryRoute route = vec::binary_route(k);
        if (route && route(f, a, sa, b, sb, out, n)) return;
    }
    binary_scalar(f, k, a, sa, b, sb, out, n, slot);
}

Kernel kernel(Fn f, Kind k) {
    Kernel kk{f, k};
    if (is_dyadic(f)) kk.binary_route = vec::binary_route(k);
    else kk.unary_route = vec::unary_route(k);
    return kk;
}

void Kernel::unary(const void* a, int64_t sa, void* out, int64_t n, ErrorSlot& slot) const {
    if (n <= 0) return;
    if (unary_route && unary_route(f, a, sa, out, n)) return;
    unary_scalar(f, k, a, sa, out, n, slot);
}

void Kernel::binary(const void* a, int64_t sa, const void* b, int64_t sb, void* out, int64_t n,
                    ErrorSlot& slot) const {
    if (n <= 0) return;
    if (binary_route && binary_route(f, a, sa, b, sb, out, n)) return;
    binary_scalar(f, k, a, sa, b, sb, out, n, slot);
}

namespace {
template <class Op, class S>
void binary_item(Fn, Kind, const void* a, const void* b, void* out, ErrorSlot& slot) {
    using O = typename Op::template Out<S>;
    *static_cast<O*>(out) =
        store<O>(Op::apply(load<S>(*static_cast<const S*>(a)), load<S>(*static_cast<const S*>(b)), slot));
}
void unary_one(Fn f, Kind k, const void* a, const void*, void* out, ErrorSlot& slot) {
    unary(f, k, a, 0, out, 1, slot);
}
void binary_one(Fn f, Kind k, const void* a, const void* b, void* out, ErrorSlot& slot) {
    binary(f, k, a, 0, b, 0, out, 1, slot);
}
template <class Op>
ItemKernel exact_item(Fn f, Kind k) {
    return with_kind(k, [&](auto tag) {
        using S = typename decltype(tag)::type;
        if constexpr (std::is_void_v<S> || (is_chr_v<S> && !Op::chars)) return ItemKernel{&binary_one, f, k};
        else return ItemKernel{&binary_item<Op, S>, f, k};
    });
}
} // namespace

// The functions of is_exact_on_floats (below) run their formula; the rest take binary's route.
ItemKernel item_kernel(Fn f, Kind k) {
    switch (f) {
    case Fn::Add: return exact_item<scalar::Add>(f, k);
    case Fn::Subtract: return exact_item<scalar::Subtract>(f, k);
    case Fn::Multiply: return exact_item<scalar::Multiply>(f, k);
    case Fn::Divide: return exact_item<scalar::Divide>(f, k);
    default: return ItemKernel{is_dyadic(f) ? &binary_one : &unary_one, f, k};
    }
}

namespace {

// True when f's real formula gives the principal value at (x, y) (else the complex one differs).
bool real_at(Fn f, double x, double y) {
    auto integral = [](double v) { return std::isfinite(v) && v == std::floor(v); };
    switch (f) {
    case Fn::Sqrt: case Fn::Ln: return !(x < 0);
    case Fn::Log: return !(x < 0) && !(y < 0);
    case Fn::Power: return !(x < 0) || !std::isfinite(y) || integral(y);
    case Fn::Root: return !(y < 0) || (integral(x) && std::fmod(x, 2) != 0) || integral(1 / x);
    case Fn::Asin: case Fn::Acos: case Fn::Atanh: case Fn::Circle0: return !(std::fabs(x) > 1);
    case Fn::Acosh: return !(x < 1);
    case Fn::Circle4Inv: return !(std::fabs(x) < 1);
    case Fn::Circle8: case Fn::Circle8Inv: return x != x;
    default: return true;
    }
}

} // namespace

bool is_value_dependent(Fn f) {
    switch (f) {
    case Fn::Sqrt: case Fn::Ln: case Fn::Log: case Fn::Power: case Fn::Root: case Fn::Asin:
    case Fn::Acos: case Fn::Atanh: case Fn::Acosh: case Fn::Circle0: case Fn::Circle4Inv:
    case Fn::Circle8: case Fn::Circle8Inv: // real_at may be false
    case Fn::Factorial:                    // a negative integer is a pole: float ∞ or NaN
        return true;
    default: return false;
    }
}

bool is_real_result(Fn f, Kind k, const void* a, int64_t sa, const void* b, int64_t sb,
                    int64_t n) {
    if (!number::is_real(k)) return true;
    bool real = true;
    with_kind(k, [&](auto tag) {
        using S = typename decltype(tag)::type;
        if constexpr (!std::is_void_v<S> && !is_chr_v<S> && !is_cpx_v<S>) {
            const S* pa = static_cast<const S*>(a);
            const S* pb = static_cast<const S*>(b);
            for (int64_t i = 0; i < n && real; ++i) {
                double x = static_cast<double>(load<S>(pa[i * sa]));
                double y = pb ? static_cast<double>(load<S>(pb[i * sb])) : 0.0;
                real = real_at(f, x, y);
            }
        }
    });
    return real;
}

bool real_on(Fn f, Kind k, double xlo, double xhi, double ylo, double yhi) {
    if (!number::is_real(k) || !is_value_dependent(f)) return true;
    if (std::isnan(xlo) || std::isnan(xhi) || std::isnan(ylo) || std::isnan(yhi)) return false;
    bool ints = number::is_integer(k);
    switch (f) {
    // real on a half-line: its end decides
    case Fn::Sqrt: case Fn::Ln: case Fn::Acosh: return real_at(f, xlo, 0);
    case Fn::Log: return real_at(f, xlo, ylo);
    // real on [-1, 1]: both ends inside
    case Fn::Asin: case Fn::Acos: case Fn::Atanh: case Fn::Circle0:
        return real_at(f, xlo, 0) && real_at(f, xhi, 0);
    case Fn::Circle4Inv: return xlo >= 1 || xhi <= -1;
    // a nonnegative base, or one exponent the base's sign cannot make complex; integer powers
    // also need a nonnegative exponent (2ₓ*¯1ₓ is 0.5)
    case Fn::Power:
        if (ints) return ylo >= 0;
        return xlo >= 0 || (ylo == yhi && real_at(f, -1, ylo));
    case Fn::Root: return ylo >= 0 || (xlo == xhi && real_at(f, xlo, -1));
    case Fn::Factorial: return !ints || xlo >= 0;
    default: return false;
    }
}

Kind dynamic_kind(Fn f, Kind k, const void* a, int64_t sa, const void* b, int64_t sb,
                  int64_t n) {
    if (!is_real_result(f, k, a, sa, b, sb, n)) return number::complex_of(k);
    // An integer power with a negative exponent (2ₓ*¯1ₓ is 0.5) and an integer factorial at a
    // pole (!¯2ₓ is $n) leave the integers.
    const void* signs = f == Fn::Power ? b : f == Fn::Factorial ? a : nullptr;
    int64_t ss = f == Fn::Power ? sb : sa;
    if (signs && number::is_integer(k)) {
        bool negative = false;
        with_kind(k, [&](auto tag) {
            using S = typename decltype(tag)::type;
            if constexpr (is_int_v<S>) {
                const S* p = static_cast<const S*>(signs);
                for (int64_t i = 0; i < n && !negative; ++i)
                    negative = static_cast<double>(p[i * ss]) < 0;
            }
        });
        if (negative) return number::float_of(k);
    }
    return k;
}

namespace {

// One item converted between item types; floats to integers round to nearest and saturate,
// NaN gives 0; complex to real keeps the real part; anything to Bool tests for nonzero.
template <class T, class F>
T convert_item(F f) {
    auto v = load<F>(f);
    using V = decltype(v);
    if constexpr (std::is_same_v<T, uint8_t> && !std::is_same_v<F, uint8_t>) {
        if constexpr (is_cpx_v<V>) return v != V(0);
        else return v != V(0);
    } else if constexpr (is_cpx_v<T>) {
        using R = typename T::value_type;
        if constexpr (is_cpx_v<V>) return T(static_cast<R>(v.real()), static_cast<R>(v.imag()));
        else return T(static_cast<R>(v), R(0));
    } else if constexpr (is_cpx_v<V>) {
        return convert_item<T>(v.real());
    } else if constexpr (is_flt_v<V> && (is_int_v<T> || is_chr_v<T>)) {
        if (std::isnan(v)) return T(0);
        V r = std::nearbyint(v);
        using L = std::numeric_limits<std::conditional_t<is_chr_v<T>, int32_t, T>>;
        if (r >= V(static_cast<double>(L::max()))) return static_cast<T>(L::max());
        if (r <= V(static_cast<double>(L::min()))) return static_cast<T>(L::min());
        return static_cast<T>(static_cast<int64_t>(r)); // via int64: no float → unsigned UB
    } else {
        return store<T>(v);
    }
}

} // namespace

void convert(Kind from, const void* in, Kind to, void* out, int64_t n) {
    if (n <= 0) return;
    if (from == to) {
        std::memcpy(out, in, static_cast<size_t>(n) * item_size(from));
        return;
    }
    with_kind(from, [&](auto ft) {
        using F = typename decltype(ft)::type;
        if constexpr (!std::is_void_v<F>) {
            with_kind(to, [&](auto tt) {
                using T = typename decltype(tt)::type;
                if constexpr (!std::is_void_v<T>) {
                    const F* src = static_cast<const F*>(in);
                    T* dst = static_cast<T*>(out);
                    for (int64_t i = 0; i < n; ++i) dst[i] = convert_item<T, F>(src[i]);
                }
            });
        }
    });
}

Kind identity_kind(Fn f, Kind k) {
    if ((f == Fn::Min || f == Fn::Max) && number::is_integer(k) && k != Kind::Bool) return Kind::F64;
    return result_kind(f, k);
}

bool identity(Fn f, Kind k, void* out) {
    Kind rk = result_kind(f, k);
    if (rk == Kind::Exact || rk == Kind::Char) return false;
    double v = object(f).identity;
    if (std::isnan(v)) return false;
    if (rk == Kind::Bool && std::isinf(v)) v = v > 0 ? 1 : 0;
    convert(Kind::F64, &v, rk, out, 1); // ±∞ saturates to the integer kind's extremes
    return true;
}

} // namespace bpl::math
