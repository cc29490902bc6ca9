"""Sort and grade of random float64 (default 10⁷ items): BPL's `<x` and `⍋x` against NumPy's np.sort
and np.argsort, in one run on the same machine. A benchmark, not a test: it prints milliseconds.

BPL is timed through its CLI, each figure the time of a program that makes x, reads +/x and then
reads +/<x (or +/⍋x) REPS times, less the time of the same program without the sorts, divided by
REPS; the median of RUNS such differences. NumPy: the median of RUNS calls on one array
(np.random.default_rng(0).random(n)), each on a fresh copy for np.sort's sake. Both sides are
measured in CPU time (user + system: the shared machine's other jobs do not count) and in wall
time.

Usage: /usr/bin/python3 bench/peers/sort_numpy.py [BPL_BINARY] [N]   (default build/release/bpl,
falling back to build/reldebug/bpl; N 10000000). RUNS=5 and REPS=5 by environment (more REPS:
less noise from making x on a busy machine).
"""
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

RUNS = int(os.environ.get("RUNS", "5"))
REPS = int(os.environ.get("REPS", "5"))


def bpl_binary():
    if len(sys.argv) > 1:
        return sys.argv[1]
    for b in ("build/release/bpl", "build/reldebug/bpl"):
        if os.path.exists(b):
            return b
    sys.exit("no bpl binary: build one or pass its path")


def wall(binary, program):
    with tempfile.NamedTemporaryFile("w", suffix=".bpl", delete=False, encoding="utf-8") as f:
        f.write(program)
        path = f.name
    def cpu():
        u = resource.getrusage(resource.RUSAGE_CHILDREN)
        return u.ru_utime + u.ru_stime
    try:
        c, t = cpu(), time.perf_counter()
        r = subprocess.run([binary, path], capture_output=True, text=True, timeout=600)
        elapsed, used = time.perf_counter() - t, cpu() - c
    finally:
        os.unlink(path)
    if r.returncode != 0:
        sys.exit(f"bpl failed: {r.stderr.strip()}")
    return used, elapsed


def bpl_ms(binary, n, op):
    make = f"x←¿{n}⍴0\n+/x\n"
    cpus, walls = [], []
    for _ in range(RUNS):
        base = wall(binary, make)
        full = wall(binary, make + f"+/{op}x\n" * REPS)
        cpus.append((full[0] - base[0]) / REPS * 1e3)
        walls.append((full[1] - base[1]) / REPS * 1e3)
    return statistics.median(cpus), statistics.median(walls)


def numpy_ms(n, f):
    x = np.random.default_rng(0).random(n)
    cpus, walls = [], []
    for _ in range(RUNS):
        y = x.copy()
        c, t = time.process_time(), time.perf_counter()
        f(y)
        cpus.append((time.process_time() - c) * 1e3)
        walls.append((time.perf_counter() - t) * 1e3)
    return statistics.median(cpus), statistics.median(walls)


def main():
    binary = bpl_binary()
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000_000
    print(f"sort and grade of {n} random float64, ms (median of {RUNS}); bpl = {binary}")
    print("ratio = NumPy cpu / BPL cpu (above 1: BPL is faster)")
    print(f"{'':8}{'BPL cpu':>10}{'NumPy cpu':>10}{'ratio':>7}{'BPL wall':>10}{'NumPy wall':>11}")
    for name, op, f in (("sort", "<", np.sort), ("grade", "⍋", lambda y: np.argsort(y, kind="stable")),
                        ("grade*", "⍋", np.argsort)):
        ours = bpl_ms(binary, n, op) if name != "grade*" else None
        theirs = numpy_ms(n, f)
        if ours is None:
            print(f"{name:8}{'':>10}{theirs[0]:10.1f}{'':>7}{'':>10}{theirs[1]:11.1f}"
                  "   (np.argsort's default quicksort, not stable)")
        else:
            print(f"{name:8}{ours[0]:10.1f}{theirs[0]:10.1f}{theirs[0] / ours[0]:7.2f}{ours[1]:10.1f}{theirs[1]:11.1f}")


if __name__ == "__main__":
    main()
