// Kind: what an item is (Boolean, a fixed or ordinary integer, a float, a complex, a character).
// The enum's names and order are shared by value/, math/ and prim/; math owns the arithmetic.
#pragma once

#include <cstdint>

namespace bpl::number {

// clang-format off
enum class Kind : uint8_t {
    Bool,   // 0 or 1                                    $t $f
    I8,     // fixed signed 8-bit, wraps                 ₓ₁
    I16,    // fixed signed 16-bit                       ₓ₂
    I32,    // fixed signed 32-bit                       ₓ₄
    I64,    // fixed signed 64-bit                       ₓ₈
    Int,    // the ordinary machine integer (64-bit)     ₓ
    F16,    // binary16, computed in float32             ₕ
    F32,    // binary32                                  ₛ
    F64,    // binary64 (weak literals are F64)
    C64,    // complex of two F32
    C128,   // complex of two F64
    Char,   // a Unicode code point
    Exact,  // unbounded exact integer or rational (host, GMP)   ᵣ
};
// clang-format on
constexpr int KIND_COUNT = static_cast<int>(Kind::Exact) + 1;

constexpr bool is_integer(Kind k) { return k >= Kind::Bool && k <= Kind::Int; }
constexpr bool is_float(Kind k) { return k >= Kind::F16 && k <= Kind::F64; }
constexpr bool is_complex(Kind k) { return k == Kind::C64 || k == Kind::C128; }
constexpr bool is_numeric(Kind k) { return k != Kind::Char; }

} // namespace bpl::number
