"""Reads bench_math's rows, times NumPy on the same function, kind and input range, and prints
ns/item with ratios (glibc/ours and numpy/ours: above 1 means ours is faster)."""
import sys
import time

import numpy as np

RANGES = {
    "exp": (np.exp, -50, 50), "log": (np.log, 1e-3, 1e3), "sin": (np.sin, -100, 100),
    "cos": (np.cos, -100, 100), "tan": (np.tan, -100, 100), "tanh": (np.tanh, -5, 5),
    "atan": (np.arctan, -10, 10), "sqrt": (np.sqrt, 1e-3, 1e3), "cbrt": (np.cbrt, -1e3, 1e3),
    "log1p": (np.log1p, -0.5, 100), "expm1": (np.expm1, -5, 5), "asin": (np.arcsin, -1, 1),
    "sinh": (np.sinh, -5, 5), "pow": (np.power, 1e-3, 10),
}


def numpy_ns(name, kind, n, reps=7):
    fn, lo, hi = RANGES[name]
    rng = np.random.default_rng(42)
    dt = np.float64 if kind == "f64" else np.float32
    x = rng.uniform(lo, hi, n).astype(dt)
    out = np.empty_like(x)
    args = (x, rng.uniform(-5, 5, n).astype(dt)) if name == "pow" else (x,)
    best = 1e30
    for _ in range(reps):
        t0 = time.perf_counter()
        fn(*args, out=out)
        best = min(best, time.perf_counter() - t0)
    return best * 1e9 / n


def main():
    rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
    n = int(sys.argv[2])
    print(f"numpy {np.__version__}, {n} items, ns/item (best of 7); ratios >1: ours faster")
    print("| function | kind | ours | glibc loop | numpy | glibc/ours | numpy/ours |")
    print("|---|---|---|---|---|---|---|")
    for name, kind, ours, glibc in rows:
        ours, glibc = float(ours), float(glibc)
        npy = numpy_ns(name, kind, n)
        print(f"| {name} | {kind} | {ours:.2f} | {glibc:.2f} | {npy:.2f} | "
              f"{glibc / ours:.1f}x | {npy / ours:.1f}x |")


main()
