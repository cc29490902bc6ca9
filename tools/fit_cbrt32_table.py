#!/usr/bin/env python3
"""Derives float32 cbrt's tables and polynomial in src/math/formulas32.h (cbrt_fast) with mpmath.

m in [1, 2) falls in one of 8 subintervals (its top three mantissa bits j); rc_j = 1/c_j rounded
to 5 significant bits (c_j the centre), so r = m·rc_j − 1 is exact in one float fma and
|r| ≤ 1/16. T1_j = ∛(1/rc_j) and T2_s = 2^(s/3) (s = 0, 1, 2) are rounded to float, and
∛(1+r) − 1 = r·Q(r) with Q the Chebyshev fit of degree 4 over the range r takes. The tables are
printed as the formula reads them: rc and T1 twice (the lookup's index holds the exponent's low
bit above j), T2 at (s + 127) mod 16.
Run: /usr/bin/python3 tools/fit_cbrt32_table.py (needs Debian's python3-mpmath; a derivation aid,
not part of the build or the tests).
"""
import struct

import mpmath as m

m.mp.prec = 200


def f32(x):
    return struct.unpack("f", struct.pack("f", float(x)))[0]


def round_bits(v, bits):
    e = m.floor(m.log(v, 2))
    q = m.mpf(2) ** (e - bits + 1)
    return m.nint(v / q) * q


rc = [round_bits(1 / (1 + (j + m.mpf(0.5)) / 8), 5) for j in range(8)]
t1 = [f32(m.cbrt(1 / r)) for r in rc]
t2 = [f32(m.cbrt(m.mpf(2) ** s)) for s in range(3)]
lo = min(m.mpf(1 + j / 8) * rc[j] - 1 for j in range(8))
hi = max(m.mpf(1 + (j + 1) / 8) * rc[j] - 1 for j in range(8))


def q(r):
    return (m.cbrt(1 + r) - 1) / r if r != 0 else m.mpf(1) / 3


coef, err = m.chebyfit(q, [lo, hi], 5, error=True)
print("rc (×2):", ", ".join(float(x).hex() for x in rc))
print("T1 (×2):", ", ".join(float(x).hex() for x in t1))
print("T2 at 15, 0, 1:", ", ".join(float(x).hex() for x in t2))
print("r range:", float(lo), float(hi))
print("Q, highest degree first:", ", ".join(float(f32(c)).hex() for c in coef))
print("fit error of Q (relative):", float(err))
