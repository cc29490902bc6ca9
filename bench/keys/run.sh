#!/bin/sh
# Runs bench/keys/keys.bpl a few times (timings on a shared machine vary; read the fastest).
# Usage: bench/keys/run.sh [BUILD_DIR] [RUNS]
build=${1:-build/reldebug}
runs=${2:-3}
here=$(dirname "$0")
i=0
while [ "$i" -lt "$runs" ]; do
    timeout 300 "$build/bpl" "$here/keys.bpl"
    echo
    i=$((i + 1))
done
