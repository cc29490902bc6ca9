#!/usr/bin/env python3
"""Derives asin's polynomials (src/math/formulas.h and formulas32.h, asin) with mpmath.

asin w = w + w·z·P(z) with z = w² on [0, 1/4] (|w| ≤ 1/2, and the reflected argument
w = √((1 − |x|)/2) for |x| > 1/2); P is the Chebyshev fit to (asin √z − √z)/(z·√z), of degree 12
for float64 and 4 for float32. Prints the coefficients rounded to the kind, highest degree first,
and the worst relative error of w + w·z·P(z) on a grid. Also π/2 split for the reflection.
Run: /usr/bin/python3 tools/fit_asin.py (needs Debian's python3-mpmath; a derivation aid, not part
of the build or the tests).
"""
import struct

import mpmath as m

m.mp.prec = 300


def f32(x):
    return struct.unpack("f", struct.pack("f", float(x)))[0]


def p(z):
    z = m.mpf(z)
    if z < m.mpf(2) ** -400:
        return m.mpf(1) / 6
    w = m.sqrt(z)
    return (m.asin(w) - w) / (w * z)


for name, degree, rnd in (("float64", 12, float), ("float32", 4, f32)):
    coef = [rnd(c) for c in m.chebyfit(p, [0, m.mpf(1) / 4], degree + 1)]
    worst = max(abs((m.polyval(coef, z) - p(z)) * z * m.sqrt(z) / m.asin(m.sqrt(z)))
                for z in m.linspace(m.mpf(2) ** -60, m.mpf(1) / 4, 2001))
    print(name, "P, highest degree first:", ", ".join(float(c).hex() for c in coef))
    print(name, "worst relative error of w + w·z·P(z):", float(worst))
    hi = rnd(m.pi / 2)
    print(name, "π/2 = hi + lo:", float(hi).hex(), float(rnd(m.pi / 2 - m.mpf(hi))).hex())
