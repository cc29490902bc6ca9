#!/usr/bin/env python3
"""Derives cbrt's tables and polynomials (src/math/formulas.h and formulas32.h, cbrt_fast) with
mpmath.

m in [1, 2) falls in one of N subintervals (its top mantissa bits j; N = 16 for float64, 8 for
float32). rc_j is 1/c_j (c_j the centre), rounded to float64, or for float32 to 5 significant
bits so that r = m·rc_j − 1 is exact in one float fma. T1_j = ∛(1/rc_j) and T2_s = 2^(s/3)
(s = 0, 1, 2) are rounded to the kind, and ∛(1+r) − 1 = r·Q(r) with Q the Chebyshev fit over the
range r takes (degree 7 for float64, 4 for float32). The formulas read the tables through a
16-entry lookup of the index's low four bits: float32's rc and T1 are stored twice (the exponent's
low bit sits above j) and T2 sits at (s + bias) mod 16 = s − 1 mod 16 for both kinds.
Run: /usr/bin/python3 tools/fit_cbrt_table.py (needs Debian's python3-mpmath; a derivation aid,
not part of the build or the tests).
"""
import struct

import mpmath as m

m.mp.prec = 300


def f32(x):
    return struct.unpack("f", struct.pack("f", float(x)))[0]


def round_bits(v, bits):
    e = m.floor(m.log(v, 2))
    q = m.mpf(2) ** (e - bits + 1)
    return m.nint(v / q) * q


def q(r):
    r = m.mpf(r)
    return (m.cbrt(1 + r) - 1) / r if abs(r) > m.mpf(2) ** -200 else m.mpf(1) / 3


def derive(name, n, rnd, rc_bits, degree):
    rc = [1 / (1 + (j + m.mpf(0.5)) / n) for j in range(n)]
    rc = [rnd(round_bits(r, rc_bits) if rc_bits else r) for r in rc]
    t1 = [rnd(m.cbrt(1 / m.mpf(r))) for r in rc]
    t2 = [rnd(m.cbrt(m.mpf(2) ** s)) for s in range(3)]
    e1 = [rnd((m.cbrt(1 / m.mpf(r)) - t) / t) for r, t in zip(rc, t1)]
    e2 = [rnd((m.cbrt(m.mpf(2) ** s) - t) / t) for s, t in enumerate(t2)]
    lo = min(m.mpf(1 + m.mpf(j) / n) * rc[j] - 1 for j in range(n))
    hi = max(m.mpf(1 + m.mpf(j + 1) / n) * rc[j] - 1 for j in range(n))
    coef = [rnd(c) for c in m.chebyfit(q, [lo, hi], degree + 1)]
    worst = max(abs(r * (m.polyval(coef, r) - q(r))) for r in m.linspace(lo, hi, 2001))
    print(name)
    print("  rc:", ", ".join(float(x).hex() for x in rc))
    print("  T1:", ", ".join(float(x).hex() for x in t1))
    print("  T2 (s = 0, 1, 2):", ", ".join(float(x).hex() for x in t2))
    print("  E1 = (∛(1/rc) − T1)/T1:", ", ".join(float(x).hex() for x in e1))
    print("  E2 = (2^(s/3) − T2)/T2:", ", ".join(float(x).hex() for x in e2))
    print("  r range:", float(lo), float(hi))
    print("  Q, highest degree first:", ", ".join(float(c).hex() for c in coef))
    print("  worst |r·(Q − q)| with rounded coefficients:", float(worst))


derive("float64", 16, float, 0, 7)
derive("float32", 8, f32, 5, 4)
