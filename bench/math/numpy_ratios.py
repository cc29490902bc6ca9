"""Reads bench_math's rows, times NumPy on the same arrays (same counter hash, checked by the
checksum bench_math printed), and prints ns/item with ratios (glibc/ours and numpy/ours: above 1
means ours is faster) and each row's distance from the copy floor (ours/copy, numpy/copy)."""
import sys
import time

import numpy as np

RANGES = {
    "copy": (None, -1, 1), "exp": (np.exp, -50, 50), "log": (np.log, 1e-3, 1e3),
    "sin": (np.sin, -100, 100), "cos": (np.cos, -100, 100), "tan": (np.tan, -100, 100),
    "tanh": (np.tanh, -5, 5), "atan": (np.arctan, -10, 10), "sqrt": (np.sqrt, 1e-3, 1e3),
    "cbrt": (np.cbrt, -1e3, 1e3), "log1p": (np.log1p, -0.5, 100), "expm1": (np.expm1, -5, 5),
    "asin": (np.arcsin, -1, 1), "sinh": (np.sinh, -5, 5), "add": (np.add, -1, 1),
    "mul": (np.multiply, -1, 1), "div": (np.divide, -1, 1), "pow": (np.power, 1e-3, 10),
}
Y_RANGES = {"add": (-1, 1), "mul": (-1, 1), "div": (1, 2), "pow": (-5, 5)}  # the dyads' y


def aligned(n, dt):
    """An n-item array whose data starts on a 64-byte boundary (as bench_math's buffers)."""
    raw = np.zeros(n + 64, dtype=dt)
    off = (-raw.ctypes.data % 64) // raw.itemsize
    return raw[off:off + n]


def unit(seed, n):
    """bench_math's counter hash: splitmix64 of seed + (i+1)·golden, top 53 bits, in [0, 1)."""
    with np.errstate(over="ignore"):
        z = np.uint64(seed) + (np.arange(n, dtype=np.uint64) + np.uint64(1)) \
            * np.uint64(0x9e3779b97f4a7c15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xbf58476d1ce4e5b9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94d049bb133111eb)
        z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)).astype(np.float64) * 2.0**-53


def inputs(seed, n, lo, hi, dt):
    x = aligned(n, dt)
    x[:] = (lo + (hi - lo) * unit(seed, n)).astype(dt)
    return x


def checksum(x):
    bits = x.view(np.uint64 if x.itemsize == 8 else np.uint32)
    return int(bits.sum(dtype=np.uint64))


def numpy_ns(name, kind, n, want_sum, reps):
    fn, lo, hi = RANGES[name]
    dt = np.float64 if kind == "f64" else np.float32
    x = inputs(1, n, lo, hi, dt)
    if checksum(x) != want_sum:
        sys.exit(f"{name} {kind}: NumPy's inputs differ from bench_math's")
    out = aligned(n, dt)
    if name == "copy":
        call = lambda: np.copyto(out, x)
    elif name in Y_RANGES:
        y = inputs(2, n, *Y_RANGES[name], dt)
        call = lambda: fn(x, y, out=out)
    else:
        call = lambda: fn(x, out=out)
    call()  # warm-up, as bench_math
    best = 1e30
    for _ in range(reps):
        t0 = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - t0)
    return best * 1e9 / n


def read_rows(path):
    return [line.split() for line in open(path) if line.strip()]


def time_numpy(n, reps, bench_file):
    """One NumPy run over bench_math's rows: 'name kind ns' lines."""
    for name, kind, _, _, want in read_rows(bench_file):
        print(name, kind, f"{numpy_ns(name, kind, n, int(want), reps):.4f}")


def report(n, reps, ours_files, numpy_files):
    """Each cell's best over the runs, with ratios."""
    runs = [read_rows(f) for f in ours_files]
    rows = []
    for cells in zip(*runs):
        name, kind, _, _, _ = cells[0]
        rows.append((name, kind, min(float(c[2]) for c in cells), min(float(c[3]) for c in cells)))
    npy_best = {}
    for f in numpy_files:
        for name, kind, ns in read_rows(f):
            npy_best[name, kind] = min(npy_best.get((name, kind), 1e30), float(ns))
    print(f"numpy {np.__version__}, {n} items, ns/item (best of {reps} x {len(ours_files)} runs, "
          "ours and NumPy alternating); ratios >1: ours faster; /copy: times the copy floor of "
          "the same kind")
    print("| function | kind | ours | glibc loop | numpy | glibc/ours | numpy/ours "
          "| ours/copy | numpy/copy |")
    print("|---|---|---|---|---|---|---|---|---|")
    floor = {}
    for name, kind, ours, glibc in rows:
        npy = npy_best[name, kind]
        if name == "copy":
            floor[kind] = (ours, npy)
            print(f"| copy (floor) | {kind} | {ours:.2f} | {glibc:.2f} | {npy:.2f} | | "
                  f"{npy / ours:.1f}x | 1.0 | 1.0 |")
            continue
        fo, fn_ = floor.get(kind, (float("nan"), float("nan")))
        print(f"| {name} | {kind} | {ours:.2f} | {glibc:.2f} | {npy:.2f} | "
              f"{glibc / ours:.1f}x | {npy / ours:.1f}x | {ours / fo:.1f} | {npy / fn_:.1f} |")


def main():
    # numpy_ratios.py time N REPS BENCH_FILE            (one NumPy run over bench_math's rows)
    # numpy_ratios.py report N REPS OURS... -- NUMPY... (the table)
    mode, n, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rest = sys.argv[4:]
    if mode == "time":
        time_numpy(n, reps, rest[0])
    else:
        cut = rest.index("--")
        report(n, reps, rest[:cut], rest[cut + 1:])


main()
