#!/usr/bin/env bash
# Math kernel benchmark: our kernels vs a plain glibc scalar loop vs NumPy, ns/item, in one run,
# with a plain copy of the same buffers as the bandwidth floor.
# Usage: bench/math/run.sh [build-dir] [items] [rows]   (default build/release, 1000000 items,
# all rows; rows is a comma-separated list such as copy,exp,sin)
# RUNS=3 whole runs by default (ours then NumPy, alternating), each cell its best. Builds bench_math if needed; NumPy is Debian's (/usr/bin/python3). Not part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${1:-build/release}
N=${2:-1000000}
ROWS=${3:-}
REPS=11
RUNS=${RUNS:-3} # whole runs; each cell keeps its best (other jobs on a shared machine)
cmake --build "$BUILD" --target bench_math >/dev/null
# Both sides on one CPU (BENCH_CPU, default 0): the machine's CPUs differ in speed from one
# moment to the next (a busy neighbour on the same core), and a process placed on the slow one
# ran 20-30% slower than on the other.
PIN=()
if command -v taskset >/dev/null; then PIN=(taskset -c "${BENCH_CPU:-0}"); fi
OURS=() NPY=()
# ours and NumPy alternate, run by run, so both sample the same stretches of a shared machine
for r in $(seq "$RUNS"); do
    "${PIN[@]}" "$BUILD/bench_math" "$N" "$REPS" "$ROWS" > "$BUILD/bench_math.$r.txt"
    "${PIN[@]}" /usr/bin/python3 bench/math/numpy_ratios.py time "$N" "$REPS" "$BUILD/bench_math.$r.txt" \
        > "$BUILD/bench_numpy.$r.txt"
    OURS+=("$BUILD/bench_math.$r.txt") NPY+=("$BUILD/bench_numpy.$r.txt")
done
/usr/bin/python3 bench/math/numpy_ratios.py report "$N" "$REPS" "${OURS[@]}" -- "${NPY[@]}"
