#!/usr/bin/env python3
"""Derives tan's rational approximations in src/math/formulas.h and formulas32.h with mpmath.

tan r = r·N(z)/D(z), z = r², on |r| ≤ π/4 (tan reduces by π/2 to this range), N/D the Padé
approximant of tan r / r in z (the truncated Lambert continued fraction): degrees 4/4 for
float64, 2/2 for float32. Prints N's and D's coefficients rounded to the format, highest degree
first, and the worst relative error of r·N/D with the rounded coefficients (evaluated exactly)
on a fine grid, in units of 2^-53 (float64) and 2^-24 (float32).
Run: /usr/bin/python3 tools/fit_tan.py (needs Debian's python3-mpmath; a derivation aid, not part
of the build or the tests).
"""
import struct

import mpmath as m

m.mp.dps = 60
R = m.pi / 4 * m.mpf("1.0001")  # a hair past π/4: r's rounding


def to_float32(v):
    return struct.unpack("f", struct.pack("f", float(v)))[0]


def fit(p, q, rnd, unit, name):
    taylor = m.taylor(lambda r: m.tan(r) / r if r != 0 else m.mpf(1), 0, 2 * (p + q + 2))
    num, den = m.pade([taylor[2 * k] for k in range(p + q + 1)], p, q)
    num = [m.mpf(rnd(c)) for c in num]
    den = [m.mpf(rnd(c)) for c in den]
    worst = 0
    for i in range(1, 4001):
        r = R * i / 4000
        z = r * r
        approx = r * m.polyval(num[::-1], z) / m.polyval(den[::-1], z)
        worst = max(worst, abs(approx / m.tan(r) - 1))
    print(name, "N:", ", ".join(float(c).hex() for c in num[::-1]))
    print(name, "D:", ", ".join(float(c).hex() for c in den[::-1]))
    print(name, "worst relative error: %.4f units" % float(worst / unit))


fit(4, 4, float, m.mpf(2) ** -53, "float64")
fit(2, 2, to_float32, m.mpf(2) ** -24, "float32")
