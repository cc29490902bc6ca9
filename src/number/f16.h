// f16: binary16 items stored as 16 bits and computed in float32 (Kind::F16). Only conversion lives
// here; arithmetic is float arithmetic followed by a rounding store.
#pragma once

#include <cstdint>

namespace bpl::number {

// One binary16 item (bit pattern). Layout: exactly 2 bytes.
struct f16 {
    uint16_t bits = 0;
};

// Exact widening of a binary16 to float (subnormals, ±∞ and NaN kept).
float to_float(f16 h);
// Rounds a float to the nearest binary16, ties to even; overflow gives ±∞, NaN stays NaN.
f16 to_f16(float f);

} // namespace bpl::number
