// Kind: what an item is (Boolean, a fixed or ordinary integer, a float, a complex, a character),
// and the one join of kinds (decisions.md D1–D3). The enum's names and order are shared by value/,
// math/ and prim/; math owns the arithmetic on items.
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
// Real machine numbers: Boolean, integers and floats (not complex, character or exact).
constexpr bool is_real(Kind k) { return k <= Kind::F64; }

// Bits of one real component: Bool 1, I8 8 ... Int 64, F16 16, F32 32, F64 64, C64 32, C128 64;
// Char 32; Exact 0 (unbounded).
int bits(Kind k);
// The real kind of a complex kind's parts (C64 -> F32, C128 -> F64); other kinds unchanged.
Kind real_part(Kind k);
// The complex kind holding a real kind's values: F64, Int, I64, I32 -> C128; others -> C64.
Kind complex_of(Kind k);
// The float kind an integer computes in when a function needs a float (Bool..Int -> F64);
// floats and complex unchanged.
Kind float_of(Kind k);

// A kind with the weak-literal flag of D3: a bare numeral is a weak F64; `integral` says the
// literal (or every literal joined into it) is a whole number.
struct Typed {
    Kind kind = Kind::F64;
    bool weak = false;
    bool integral = false;
    static Typed strong(Kind k) { return {k, false, false}; }
    static Typed literal(double v);
};

// Kind::join of two strong kinds (D1–D3): the kind both convert to for arithmetic and storage.
// Integers: the wider width; Int with a narrower fixed width is Int, I64 with Int is I64 (the
// fixed domain is kept); Bool with Bool is Bool (arithmetic widens later, see math::operand_kind).
// A float beats an integer at the float's width; the wider float wins; a complex beats a real at
// the wider component width; Exact beats integers and loses to floats and complex. Char with Char
// is Char; Char with a number is Char (not a numeric join: the caller boxes or reports DOMAIN).
Kind join(Kind a, Kind b);
// The join with weak literals: an integral weak literal takes an integer partner's kind (Bool
// partner: Int), a non-integral one gives F64; a weak literal takes a float or complex partner's
// width; Exact keeps an integral literal exact; two weak literals give a weak F64.
Typed join(Typed a, Typed b);

// "Bool", "I8", ... for messages and tests.
const char* name(Kind k);
// The kind's mark as written after a numeral: "", "ₓ₁", "ₓ₂", "ₓ₄", "ₓ₈", "ₓ", "ₕ", "ₛ", "", "",
// "", "", "ᵣ" (Bool, F64, complex and Char have none).
const char* mark(Kind k);

} // namespace bpl::number
