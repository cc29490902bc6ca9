// Internal to math/: the C++ item type of each Kind, how items load into and store from their
// compute type (binary16 computes in float), and run-time Kind -> type dispatch.
#pragma once

#include "number/complex.h"
#include "number/f16.h"
#include "number/kind.h"

#include <cstdint>
#include <type_traits>

namespace bpl::math {

using number::c128;
using number::c64;
using number::f16;
using number::Kind;

template <class T>
struct Tag {
    using type = T;
};

// The compute type of a stored item type.
template <class S>
struct CalcOf {
    using type = S;
};
template <>
struct CalcOf<f16> {
    using type = float;
};
template <class S>
using calc_t = typename CalcOf<S>::type;

template <class T>
inline constexpr bool is_cpx_v = std::is_same_v<T, c64> || std::is_same_v<T, c128>;
template <class T>
inline constexpr bool is_flt_v = std::is_floating_point_v<T>;
template <class T>
inline constexpr bool is_chr_v = std::is_same_v<T, char32_t>;
template <class T>
inline constexpr bool is_int_v = std::is_integral_v<T> && !is_chr_v<T>;
template <class T>
inline constexpr bool is_bool_v = std::is_same_v<T, uint8_t>;

template <class S>
inline calc_t<S> load(S s) {
    if constexpr (std::is_same_v<S, f16>) return number::to_float(s);
    else return s;
}

// Stores a computed value into an item of type S (float -> binary16 rounds; others convert).
template <class S, class R>
inline S store(R r) {
    if constexpr (std::is_same_v<S, f16>) return number::to_f16(static_cast<float>(r));
    else if constexpr (std::is_same_v<S, R>) return r;
    else return static_cast<S>(r);
}

// Calls f(Tag<T>{}) with T the item type of k; Exact has none and gets Tag<void>.
template <class F>
decltype(auto) with_kind(Kind k, F&& f) {
    switch (k) {
    case Kind::Bool: return f(Tag<uint8_t>{});
    case Kind::I8: return f(Tag<int8_t>{});
    case Kind::I16: return f(Tag<int16_t>{});
    case Kind::I32: return f(Tag<int32_t>{});
    case Kind::I64: return f(Tag<int64_t>{});
    case Kind::Int: return f(Tag<int64_t>{});
    case Kind::F16: return f(Tag<f16>{});
    case Kind::F32: return f(Tag<float>{});
    case Kind::F64: return f(Tag<double>{});
    case Kind::C64: return f(Tag<c64>{});
    case Kind::C128: return f(Tag<c128>{});
    case Kind::Char: return f(Tag<char32_t>{});
    case Kind::Exact: break;
    }
    return f(Tag<void>{});
}

} // namespace bpl::math
