"""The Product step's peer benchmark, NumPy side: the workloads of product_bench.cpp, timed per
call; one line per workload: name, median ms, fastest ms (tab-separated). Run by
bench/peers/product.sh. Not a test."""
import sys
import time

import numpy as np


def times_ms(fn, reps):
    fn()
    fn()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t0) * 1e3)
    ts.sort()
    return ts[len(ts) // 2], ts[0]


def main():
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    rng = np.random.default_rng(1)
    a64, b64 = rng.random((1024, 1024)), rng.random((1024, 1024))
    a32, b32 = a64.astype(np.float32), b64.astype(np.float32)
    x = rng.random((1024, 256))
    w1, w2, w3 = (rng.random(s) - 0.5 for s in ((256, 256), (256, 256), (256, 10)))
    ai, bi = rng.integers(0, 10, (256, 256)), rng.integers(0, 10, (256, 256))
    am, bm = rng.random((256, 256)), rng.random((256, 256))
    work = [
        ("matmul 1024² f64", lambda: a64 @ b64),
        ("matmul 1024² f32", lambda: a32 @ b32),
        ("MLP fwd 1024×256×256×10 f64",
         lambda: np.maximum(0, np.maximum(0, x @ w1) @ w2) @ w3),
        ("matmul 256² int", lambda: ai @ bi),
        ("⌈.+ 256² f64 (generic)", lambda: (am[:, :, None] + bm[None, :, :]).max(axis=1)),
    ]
    for name, fn in work:
        med, fastest = times_ms(fn, reps)
        print(f"{name}\t{med:.3f}\t{fastest:.3f}")


if __name__ == "__main__":
    main()
