// Internal to math/: the Ops interface that every shared formula (formulas.h) is written
// against, and its scalar instantiation ScalarOps (one double per call; the host route, repairs
// and tests). The SIMD instantiation VecOps<W> lives in vec_impl.h, compiled once per ISA.
// An Ops type O provides: E (the item type), V (values), I (integers of the same shape), M
// (comparison result), HAS_FMA (whether fma rounds once: a formula may then take a shorter
// reduction, chosen at compile time, so each route still runs one formula), and static fma,
// select, selecti, min and max (x86's: a < b ? a : b, b where unordered), bits, from_bits, sqrt,
// abs, copysign, to_v (integer to float), to_i (float64 to int64, for values in range), any, and
// lookup16 (t[j & 15] for a 16-entry table: only j's low four bits are read, one permute on
// AVX-512).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

namespace bpl::math {

struct ScalarOps {
    using E = double; // the item type
    using V = double;
    using I = int64_t;
    using M = bool;
    static constexpr bool HAS_FMA = true; // std::fma rounds once on every machine
    static V fma(V a, V b, V c) { return std::fma(a, b, c); }
    static V select(M m, V a, V b) { return m ? a : b; }
    static I selecti(M m, I a, I b) { return m ? a : b; }
    static V min(V a, V b) { return a < b ? a : b; } // b where unordered, as x86's minpd
    static V max(V a, V b) { return a > b ? a : b; }
    static I bits(V v) { return std::bit_cast<I>(v); }
    static V from_bits(I i) { return std::bit_cast<V>(i); }
    static V sqrt(V v) { return std::sqrt(v); }
    static V abs(V v) { return std::fabs(v); }
    static V copysign(V m, V s) { return std::copysign(m, s); }
    static V to_v(I i) { return static_cast<V>(i); }
    static I to_i(V v) { return static_cast<I>(v); }
    static bool any(M m) { return m; }
    static V lookup16(const double* t, I j) { return t[j & 15]; }
};

// The float32 scalar instantiation (formulas32.h).
struct ScalarOps32 {
    using E = float;
    using V = float;
    using I = int32_t;
    using M = bool;
    static constexpr bool HAS_FMA = true; // std::fma rounds once on every machine
    static V fma(V a, V b, V c) { return std::fma(a, b, c); }
    static V select(M m, V a, V b) { return m ? a : b; }
    static I selecti(M m, I a, I b) { return m ? a : b; }
    static V min(V a, V b) { return a < b ? a : b; }
    static V max(V a, V b) { return a > b ? a : b; }
    static I bits(V v) { return std::bit_cast<I>(v); }
    static V from_bits(I i) { return std::bit_cast<V>(i); }
    static V abs(V v) { return std::fabs(v); }
    static V sqrt(V v) { return std::sqrt(v); }
    static V copysign(V m, V s) { return std::copysign(m, s); }
    static V to_v(I i) { return static_cast<V>(i); }
    static bool any(M m) { return m; }
    static V lookup16(const float* t, I j) { return t[j & 15]; }
};

} // namespace bpl::math
