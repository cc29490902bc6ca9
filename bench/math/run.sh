#!/usr/bin/env bash
# Math kernel benchmark: our kernels vs a plain glibc scalar loop vs NumPy, ns/item, in one run.
# Usage: bench/math/run.sh [build-dir] [items]   (default build/release, 1000000 items)
# Builds bench_math if needed; NumPy is Debian's (/usr/bin/python3). Not part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${1:-build/release}
N=${2:-1000000}
cmake --build "$BUILD" --target bench_math >/dev/null
"$BUILD/bench_math" "$N" > "$BUILD/bench_math.txt"
/usr/bin/python3 bench/math/numpy_ratios.py "$BUILD/bench_math.txt" "$N"
