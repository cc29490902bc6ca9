#!/usr/bin/env python3
"""Derives exp's polynomial in src/math/formulas.h (exp_table) with mpmath.

e^r − 1 = r + r²·Q(r) on |r| ≤ ln2/32 (x = (16m + j)·ln2/16 + r): Q is the Chebyshev fit of
degree 4 to (e^r − 1 − r)/r² over that range widened by 10^-4 (r's rounding). Prints the
coefficients rounded to float64, highest degree first, and the worst error of r + r²·Q(r) relative
to e^r with the rounded coefficients on a fine grid.
Run: /usr/bin/python3 tools/fit_exp.py (needs Debian's python3-mpmath; a derivation aid, not part
of the build or the tests).
"""
import mpmath as m

m.mp.dps = 50
A = m.log(2) / 32 * m.mpf("1.0001")


def q(r):
    return (m.expm1(r) - r) / r ** 2 if r != 0 else m.mpf(1) / 2


coef = [float(c) for c in m.chebyfit(q, [-A, A], 5)]
worst = 0
for i in range(2001):
    r = -A + 2 * A * i / 2000
    p = r + r * r * m.polyval([m.mpf(c) for c in coef], r)
    worst = max(worst, abs(p - m.expm1(r)) / m.exp(r))
print("Q, highest degree first:", ", ".join(c.hex() for c in coef))
print("worst error relative to e^r:", float(worst), "= 2^%.1f" % float(m.log(worst, 2)))
