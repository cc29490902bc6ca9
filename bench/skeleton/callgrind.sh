#!/usr/bin/env bash
# Instruction counts per operation under callgrind, beside their budgets: a lone scalar call plus
# its read (`1+2`), building a 10-node scalar graph, reading it with its plan cached, and a
# refill (the first read of a 10-node graph at a new length, less the same read cached). Usage:
#   bench/skeleton/callgrind.sh [BUILD_DIR]     (default build/reldebug; builds bench_skeleton)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build/reldebug}
reps=1000        # REPS in bench_skeleton.cpp
refill_reps=200  # REFILL_REPS
nodes=10
command -v valgrind >/dev/null || { echo "callgrind.sh: valgrind is not installed" >&2; exit 2; }
cmake --build "$build" --target bench_skeleton >/dev/null
exe=$(find "$build" -name bench_skeleton -type f -perm -u+x | head -n 1)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count() { # total Ir collected between the toggles of one mode
    valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$out/$1.out" \
        "$exe" "$1" >"$out/$1.log" 2>&1
    grep '^summary:' "$out/$1.out" | awk '{print $2}'
}
empty=$(count empty)
# Per run, less the empty loop's share (toggles once for all reps).
scalar=$(( ($(count scalar) - empty) / reps ))
build10=$(( ($(count build10) - empty) / reps ))
read10=$(( ($(count read10) - empty) / reps ))
refill_first=$(( $(count refill) / refill_reps ))
refill_cached=$(( $(count refill_cached) / refill_reps ))
refill=$(( refill_first - refill_cached ))
# Budgets: issue 15's acceptance (twice the Cost model's, except the lone call) and the seed's.
row() { printf '%-52s %10s %14s %12s\n' "$1" "$2" "$3" "$4"; }
row "measure (Ir per run)" "measured" "issue 15" "seed"
row "1+2: one scalar call plus its read" "$scalar" 2500 685
row "build a 10-node scalar graph (10 calls)" "$build10" "-" "-"
row "read the 10-node graph, plan cached" "$read10" $(( 2 * (150 + 235 * nodes) )) $(( 150 + 235 * nodes ))
row "refill: 10-node read at a new length, less cached" "$refill" $(( 2 * 130 * nodes )) $(( 130 * nodes ))
row "  (the first read at a new length)" "$refill_first" "" ""
row "  (the same read, plan cached)" "$refill_cached" "" ""
grep -h 'plans made' "$out/refill.log" "$out/refill_cached.log" | sed 's/^/# /'
