"""Aggregates bench/peers/product.sh's rounds: one table of each side's median over rounds of the
per-round medians, the fastest call seen, and the ratios BPL ÷ NumPy. Input on stdin: lines
"side<TAB>name<TAB>median<TAB>fastest". Not a test."""
import statistics
import sys


def main():
    runs = {}
    order = []
    for line in sys.stdin:
        side, name, med, fastest = line.rstrip("\n").split("\t")
        if name not in order:
            order.append(name)
        runs.setdefault((side, name), []).append((float(med), float(fastest)))
    print(f"{'workload':<32} {'BPL med':>9} {'NumPy med':>9} {'ratio':>6} "
          f"{'BPL min':>9} {'NumPy min':>9} {'ratio':>6}   (ms)")
    for name in order:
        b, n = runs.get(("BPL", name), []), runs.get(("NumPy", name), [])
        if not b or not n:
            continue
        bm = statistics.median(x[0] for x in b)
        nm = statistics.median(x[0] for x in n)
        bf = min(x[1] for x in b)
        nf = min(x[1] for x in n)
        print(f"{name:<32} {bm:9.3f} {nm:9.3f} {bm / nm:6.2f} {bf:9.3f} {nf:9.3f} {bf / nf:6.2f}")


if __name__ == "__main__":
    main()
