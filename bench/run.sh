#!/usr/bin/env bash
# Runs every benchmark (make bench): math kernels beside glibc and NumPy, the circuit core beside
# a pure-Python evaluator, the TypeScript SDK's WebAssembly beside its CPU evaluator, and the
# skeleton's instruction counts under callgrind. Never part of make test.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "=== math kernels (ns/item, ratios)"; bash bench/math/run.sh build/release
echo "=== circuit core vs pure Python"; PYTHONPATH=python /usr/bin/python3 bench/circuit/bench_circuit.py
echo "=== TypeScript SDK: WebAssembly vs CPU evaluator"; (cd ts && npm run --silent bench)
echo "=== •csv and •json vs Python"; bash bench/data/run.sh build/release
echo "=== skeleton instruction counts (callgrind)"; bash bench/skeleton/callgrind.sh build/release
