// Kind facts that need code: widths, Kind::join with weak literals (D1–D3), names and marks,
// and binary16 conversion. Arithmetic on items lives in math/.
#include "number/kind.h"

#include "number/f16.h"

#include <cmath>
#include <cstring>

namespace bpl::number {

int bits(Kind k) {
    // clang-format off
    static constexpr int BITS[KIND_COUNT] = {1, 8, 16, 32, 64, 64, 16, 32, 64, 32, 64, 32, 0};
    // clang-format on
    return BITS[static_cast<int>(k)];
}

Kind real_part(Kind k) {
    if (k == Kind::C64) return Kind::F32;
    if (k == Kind::C128) return Kind::F64;
    return k;
}

Kind complex_of(Kind k) {
    if (is_complex(k)) return k;
    if (k == Kind::F64 || k == Kind::Int || k == Kind::I64 || k == Kind::I32 || k == Kind::Exact)
        return Kind::C128;
    return Kind::C64;
}

Kind float_of(Kind k) {
    if (is_integer(k) || k == Kind::Exact) return Kind::F64;
    return k;
}

namespace {
Kind float_width(int b) { return b <= 16 ? Kind::F16 : b <= 32 ? Kind::F32 : Kind::F64; }
} // namespace

Kind join(Kind a, Kind b) {
    if (a == b) return a;
    if (a == Kind::Char || b == Kind::Char) return Kind::Char;
    if (is_integer(a) && is_integer(b)) {
        if (a == Kind::Bool) return b;
        if (b == Kind::Bool) return a;
        if (bits(a) != bits(b)) return bits(a) > bits(b) ? a : b;
        return Kind::I64; // I64 with Int: the fixed domain is kept
    }
    if (a == Kind::Exact || b == Kind::Exact) {
        Kind o = a == Kind::Exact ? b : a;
        return is_integer(o) ? Kind::Exact : o;
    }
    if (is_complex(a) || is_complex(b)) {
        int wa = is_integer(a) ? 0 : bits(real_part(a));
        int wb = is_integer(b) ? 0 : bits(real_part(b));
        int w = wa > wb ? wa : wb;
        return w > 32 ? Kind::C128 : Kind::C64;
    }
    // at least one float, no complex
    int wa = is_float(a) ? bits(a) : 0;
    int wb = is_float(b) ? bits(b) : 0;
    return float_width(wa > wb ? wa : wb);
}

Typed Typed::literal(double v) {
    return {Kind::F64, true, std::isfinite(v) && std::floor(v) == v};
}

Typed join(Typed a, Typed b) {
    if (a.weak && b.weak) return {Kind::F64, true, a.integral && b.integral};
    if (!a.weak && !b.weak) return Typed::strong(join(a.kind, b.kind));
    const Typed& w = a.weak ? a : b;
    Kind s = a.weak ? b.kind : a.kind;
    if (s == Kind::Char) return Typed::strong(Kind::Char);
    if (is_integer(s)) {
        if (!w.integral) return Typed::strong(Kind::F64);
        return Typed::strong(s == Kind::Bool ? Kind::Int : s);
    }
    if (s == Kind::Exact) return Typed::strong(w.integral ? Kind::Exact : Kind::F64);
    return Typed::strong(s); // a float or complex partner keeps its width
}

const char* name(Kind k) {
    static const char* const NAMES[KIND_COUNT] = {"Bool", "I8",  "I16", "I32",  "I64",
                                                  "Int",  "F16", "F32", "F64",  "C64",
                                                  "C128", "Char", "Exact"};
    return NAMES[static_cast<int>(k)];
}

const char* mark(Kind k) {
    static const char* const MARKS[KIND_COUNT] = {"", "ₓ₁", "ₓ₂", "ₓ₄", "ₓ₈", "ₓ", "ₕ",
                                                  "ₛ", "", "", "", "", "ᵣ"};
    return MARKS[static_cast<int>(k)];
}

float to_float(f16 h) {
    uint32_t sign = static_cast<uint32_t>(h.bits & 0x8000u) << 16;
    uint32_t exp = (h.bits >> 10) & 0x1fu;
    uint32_t man = h.bits & 0x3ffu;
    uint32_t out;
    if (exp == 0x1f) {
        out = sign | 0x7f800000u | (man << 13); // ±∞ or NaN (payload kept)
    } else if (exp != 0) {
        out = sign | ((exp + 112) << 23) | (man << 13);
    } else {
        // zero or subnormal: man × 2^-24, exact in float
        float f = static_cast<float>(man) * 0x1p-24f;
        std::memcpy(&out, &f, 4);
        out |= sign;
    }
    float f;
    std::memcpy(&f, &out, 4);
    return f;
}

f16 to_f16(float f) {
    uint32_t x;
    std::memcpy(&x, &f, 4);
    uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
    uint32_t ax = x & 0x7fffffffu;
    if (ax >= 0x7f800000u) { // ∞ or NaN
        uint16_t nan = ax > 0x7f800000u ? static_cast<uint16_t>(0x200u | ((ax >> 13) & 0x3ffu)) : 0;
        return {static_cast<uint16_t>(sign | 0x7c00u | nan)};
    }
    if (ax >= 0x477ff000u) return {static_cast<uint16_t>(sign | 0x7c00u)}; // rounds past 65504
    if (ax < 0x38800000u) {
        // below the smallest normal (2^-14): round to a multiple of 2^-24; float addition of
        // 0.5 (2^-1) puts the wanted bits at the bottom of the mantissa with round-to-even.
        float a;
        std::memcpy(&a, &ax, 4);
        float t = a + 0.5f;
        uint32_t tb;
        std::memcpy(&tb, &t, 4);
        return {static_cast<uint16_t>(sign | (tb - 0x3f000000u))};
    }
    // normal: rebias and round the 13 dropped bits to nearest even
    uint32_t odd = (ax >> 13) & 1u;
    ax += 0xc8000fffu + odd; // -(112 << 23) + rounding
    return {static_cast<uint16_t>(sign | (ax >> 13))};
}

} // namespace bpl::number
