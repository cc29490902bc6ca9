// The complex item kinds: C64 (two float32) and C128 (two float64), stored real part first, laid
// out as std::complex. Complex arithmetic itself belongs to math/.
#pragma once

#include <complex>

namespace bpl::number {

using c64 = std::complex<float>;
using c128 = std::complex<double>;
static_assert(sizeof(c64) == 8 && sizeof(c128) == 16);

} // namespace bpl::number
