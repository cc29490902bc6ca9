#!/usr/bin/env bash
# Instruction counts of the walking skeleton under callgrind: a lone scalar call plus its read
# (`1+2`), building a 10-node scalar graph, and reading it with its plan cached. Usage:
#   bench/skeleton/callgrind.sh [BUILD_DIR]     (default build/reldebug; builds bench_skeleton)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build/reldebug}
reps=1000
command -v valgrind >/dev/null || { echo "callgrind.sh: valgrind is not installed" >&2; exit 2; }
cmake --build "$build" --target bench_skeleton >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count() { # total Ir collected between the toggles of one mode
    valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$out/$1.out" \
        "$build/bench_skeleton" "$1" >"$out/$1.log" 2>&1
    grep '^summary:' "$out/$1.out" | awk '{print $2}'
}
empty=$(count empty)
printf '%-44s %10s\n' "measure" "Ir/run"
for mode in scalar build10 read10; do
    total=$(count "$mode")
    # read10 toggles once per rep; the others once for all reps. Subtract the empty loop.
    per=$(( (total - empty) / reps ))
    case $mode in
        scalar)  label="1+2: one scalar call plus its read" ;;
        build10) label="build a 10-node scalar graph (10 calls)" ;;
        read10)  label="read the 10-node graph, plan cached" ;;
    esac
    printf '%-44s %10d\n' "$label" "$per"
done
echo "budgets (target design): scalar call+read 685; cached N-node read 150+235*N = 2500 for N=10"
