#!/usr/bin/env bash
# The Product step against NumPy on the same OpenBLAS, 2 threads each side: A+.×B 1024² float64
# and float32, the MLP forward 1024×256×256×10 float64, and two generic products. The sides
# alternate for ROUNDS rounds of REPS timed calls (the machine is shared: alternating spreads
# its load over both); product_table.py prints each side's median and fastest and the ratios.
# Usage: bench/peers/product.sh [BUILD_DIR] [ROUNDS] [REPS].
# OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE (set on some machines for old OpenBLAS builds) slow a
# current OpenBLAS; both sides run without them, in this command only. Not a test.
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${1:-build/reldebug}"
rounds="${2:-5}"
reps="${3:-11}"
cmake --build "$build" --target bpl >/dev/null
libs=()
for l in cli session lang prim program graph value math number base; do
  libs+=("$build/src/$l/libbpl_$l.a")
done
bin="$build/bench_peers_product"
g++ -std=c++20 -O2 -Isrc bench/peers/product_bench.cpp -o "$bin" \
  -Wl,--start-group "${libs[@]}" -Wl,--end-group -lgmp -lopenblas -lpthread
run() { env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE OPENBLAS_NUM_THREADS=2 "$@"; }
for ((i = 0; i < rounds; i++)); do
  run "$bin" "$reps" | sed 's/^/BPL\t/'
  run /usr/bin/python3 bench/peers/product_numpy.py "$reps" | sed 's/^/NumPy\t/'
done | /usr/bin/python3 bench/peers/product_table.py
