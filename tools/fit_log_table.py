#!/usr/bin/env python3
"""Derives ln's tables and polynomial in src/math/formulas.h (log_table) with mpmath.

For each of the 16 subintervals of z in [0.703125, 1.40625): d = 1/c rounded to 9 significant
bits (c the centre; 1 for the interval holding 1), −ln d rounded (ln's table) and split into a
multiple of 2^-37 and the rest (the two-part table pow's EXTRA form reads), then the Chebyshev fit of degree 7 to (ln(1+r) − r)/r² over the range r = z·d − 1 takes,
and the worst relative error of r + r²·P(r) with the rounded coefficients on a fine grid.
Run: /usr/bin/python3 tools/fit_log_table.py (needs Debian's python3-mpmath; a derivation aid,
not part of the build or the tests).
"""
import mpmath as m

m.mp.prec = 300
C = [0.71875 + j / 32 for j in range(9)] + [1.0] + [1.0625 + (j - 10) / 16 for j in range(10, 16)]
LO = [0.703125 + j / 32 for j in range(9)] + [0.984375] + [1.03125 + (j - 10) / 16 for j in range(10, 16)]
HI = LO[1:] + [1.40625]


def round_bits(v, bits):
    e = m.floor(m.log(v, 2))
    q = m.mpf(2) ** (e - bits + 1)
    return m.nint(v / q) * q


def show(name, xs):
    print(name)
    for i in range(0, 16, 4):
        print("    " + ", ".join(float(x).hex() for x in xs[i:i + 4]) + ",")


d = [round_bits(1 / m.mpf(c), 9) for c in C]
r_lo = min(LO[j] * d[j] - 1 for j in range(16))
r_hi = max(HI[j] * d[j] - 1 for j in range(16))
q = m.mpf(2) ** -37
hi = [m.nint(-m.log(v) / q) * q for v in d]
lo = [-m.log(v) - h for v, h in zip(d, hi)]
show("LOG_D", d)
show("LOG_NEG_LN_D", [-m.log(v) for v in d])
show("LOG_NEG_LN_D_HI", hi)
show("LOG_NEG_LN_D_LO", lo)
print("r in", float(r_lo), float(r_hi))
poly = m.chebyfit(lambda r: (m.log(1 + r) - r) / r**2 if r != 0 else m.mpf(-0.5), [r_lo, r_hi], 8)
coeffs = [m.mpf(float(c)) for c in poly]
print("P (highest degree first):", ", ".join(float(c).hex() for c in coeffs))
worst = 0
for i in range(4001):
    r = r_lo + (r_hi - r_lo) * i / 4000
    if r == 0:
        continue
    p = 0
    for c in coeffs:
        p = p * r + c
    worst = max(worst, abs((r + r * r * p) - m.log(1 + r)) / abs(m.log(1 + r)))
print("worst relative error of r + r²P: %.3f ulp" % float(worst / m.mpf(2) ** -53))
