#!/usr/bin/env bash
# The peer suite (`make bench-peers`): every workload of the peer table in BPL (timed with
# `F •time x` through the release build), NumPy, PyTorch (one intra-op thread) and plain C++
# loops (-O3 -march=native -mprefer-vector-width=512, OpenBLAS for the products), in one run,
# then one table of medians with the ratios BPL/C++ and NumPy/BPL.
#   bench/peers/run.sh [BPL_EXE]        (default build/release/bpl)
# Environment: PEERS_BPL_BUDGET (seconds per BPL workload, data included, default 30), PEERS_BPL_MEMORY_GIB
# (address-space cap per BPL workload, default 6), PEERS_ONLY (workload names, space-separated;
# default all), PEERS_RAW (also keep the raw lines there).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bpl=${1:-$root/build/release/bpl}
py=/usr/bin/python3 # Debian's python3-numpy and python3-torch live here
[ -x "$bpl" ] || { echo "run.sh: $bpl is not built (cmake --preset release; build target bpl)" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
g++ -O3 -march=native -mprefer-vector-width=512 -fopenmp-simd -std=c++20 \
    -I/usr/include/x86_64-linux-gnu/openblas-pthread "$here/peers.cpp" -o "$out/peers" -lopenblas
export OPENBLAS_NUM_THREADS=2 # the BLAS rows: 2 threads every side (the others use none)
load() { cut -d' ' -f1-3 /proc/loadavg; }
{
    echo "# $(date -u '+%Y-%m-%d %H:%M UTC') nproc=$(nproc) load=$(load) bpl=$(git -C "$root" rev-parse --short HEAD)"
    "$py" "$here/peers.py" run "$out/peers" "$bpl" ${PEERS_ONLY:-}
    echo "# end $(date -u '+%H:%M UTC') load=$(load)"
} | tee "$out/raw.txt"
echo
"$py" "$here/table.py" <"$out/raw.txt"
if [ -n "${PEERS_RAW:-}" ]; then cp "$out/raw.txt" "$PEERS_RAW"; fi
