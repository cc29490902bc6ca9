#!/usr/bin/env python3
"""Derives sin's polynomial in src/math/formulas.h (sin_half_period) with mpmath.

sin r = r + r·z·S(z), z = r², on |r| ≤ π/2 (sin and cos both reduce to this range). S has degree
6 and minimises the largest relative error of sin r, |z·(S(z) − h(z))|·r / sin r with
h(z) = (sin r − r)/(r·z), by the Remez exchange over a Chebyshev grid. Prints the coefficients
rounded to float64, highest degree first, and the worst relative error of r + r·z·S(z) with the
rounded coefficients (in units of 2^-53) on a fine grid.
Run: /usr/bin/python3 tools/fit_sin.py (needs Debian's python3-mpmath; a derivation aid, not part
of the build or the tests).
"""
import mpmath as m

m.mp.dps = 60
DEGREE = 6
Z = (m.pi / 2 * m.mpf("1.000001")) ** 2  # a hair past (π/2)²: r's rounding


def g(z):  # sin r / r
    return m.sin(m.sqrt(z)) / m.sqrt(z) if z > 0 else m.mpf(1)


def h(z):  # the function S approximates
    return (g(z) - 1) / z if z > m.mpf(10) ** -30 else -m.mpf(1) / 6 + z / 120


def weight(z):  # relative error of sin r per unit error in S
    return z / g(z) if z > 0 else m.mpf(10) ** -40


def remez(n, a, b, iterations=30, grid=6000):
    """Coefficients (lowest degree first) of the degree n − 1 polynomial minimising
    max |weight·(P − h)| on [a, b]."""
    xs = [a + (b - a) * (1 - m.cos(m.pi * i / n)) / 2 for i in range(n + 1)]
    pts = [a + (b - a) * (1 - m.cos(m.pi * i / grid)) / 2 for i in range(grid + 1)]
    hs = [h(z) for z in pts]
    ws = [weight(z) for z in pts]
    for _ in range(iterations):
        A = m.matrix(n + 1, n + 1)
        rhs = m.matrix(n + 1, 1)
        for i, z in enumerate(xs):
            for k in range(n):
                A[i, k] = z ** k
            A[i, n] = (-1) ** i / weight(z)
            rhs[i] = h(z)
        sol = m.lu_solve(A, rhs)
        c = [sol[k] for k in range(n)]
        err = [ws[i] * (m.polyval(c[::-1], pts[i]) - hs[i]) for i in range(len(pts))]
        runs, cur = [], [0]
        for j in range(1, len(pts)):
            if (err[j] >= 0) == (err[cur[0]] >= 0):
                cur.append(j)
            else:
                runs.append(cur)
                cur = [j]
        runs.append(cur)
        ext = [max(run, key=lambda j: abs(err[j])) for run in runs]
        while len(ext) > n + 1:
            ext = ext[1:] if abs(err[ext[0]]) < abs(err[ext[-1]]) else ext[:-1]
        xs = [pts[j] for j in ext]
    return c


coef = [float(c) for c in remez(DEGREE + 1, m.mpf(0), Z)]
worst = 0
for i in range(1, 4001):
    r = m.pi / 2 * i / 4000
    z = r * r
    s = r + r * z * m.polyval([m.mpf(c) for c in coef[::-1]], z)
    worst = max(worst, abs(s - m.sin(r)) / m.sin(r))
print("S, highest degree first:", ", ".join(c.hex() for c in coef[::-1]))
print("worst relative error of r + r·z·S(z), in units of 2^-53:", float(worst * 2 ** 53))
