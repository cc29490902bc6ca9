#!/usr/bin/env bash
# Runs every test: unit tests (CTest), the project's BPL cases, the conformance ratchet, the
# Python tests and the TypeScript SDK's tests. Usage: tools/test.sh [PRESET]. Exits non-zero when
# any part fails, after running them all.
set -uo pipefail
cd "$(dirname "$0")/.."
preset="${1:-reldebug}"
build="$PWD/build/$preset"
# A case's time limit: the sanitizer build (debug) runs several times slower than the others.
# The sanitizers' frames are larger too, so that build gets a larger stack: the deep-nesting cases
# (3000 levels of ⊂ formatted) then meet the same LIMIT ERROR margin as the other builds.
case_timeout=2
if [ "$preset" = debug ]; then
  case_timeout=20
  ulimit -s 65536 2>/dev/null || true
fi
failed=()

section() { echo; echo "=== $1"; }
run() { local name="$1"; shift; "$@" || failed+=("$name"); }

section "unit tests (ctest)"
run ctest ctest --test-dir "$build" --output-on-failure -j2 --timeout 600

if [ -x "$build/bpl" ]; then
  section "BPL cases (tests/bpl)"
  run bpl-cases "$build/bpl" --cases --jobs 2 --timeout "$case_timeout" tests/bpl/*.bpl
  if [ -d ../shared/conformance ]; then
    section "conformance corpus (ratchet: tests/conformance/passing.txt)"
    run conformance "$build/bpl" --cases --jobs 2 --timeout "$case_timeout" --base ../shared/conformance \
      --exclude ../shared/conformance/excluded.txt --expect tests/conformance/passing.txt \
      ../shared/conformance/tests/reference/*.bpl
  else
    section "conformance corpus: skipped, ../shared/conformance is absent"
  fi
fi

if [ -d tests/python ]; then
  section "Python tests (pytest)"
  run pytest env PYTHONPATH=python BPL="$build/bpl" /usr/bin/python3 -m pytest -q tests/python
fi

if [ -f ts/package.json ]; then
  section "TypeScript SDK tests"
  run ts bash -c 'cd ts && npm test'
fi

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
echo "all test sections passed"
