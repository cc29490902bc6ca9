#!/usr/bin/env bash
# Runs each fuzz target for FUZZ_SECONDS (default 60) from corpora seeded from the conformance
# cases; fails on any crash, leak, timeout or sanitizer report. Usage: run.sh [SECONDS] [TARGET...]
# Artifacts (inputs that failed) go to build/fuzz/artifacts/; each run's last lines to
# build/fuzz/logs/.
set -uo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-${FUZZ_SECONDS:-60}}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parse eval cases readers)
build=build/fuzz
conformance="${FUZZ_CONFORMANCE:-../shared/conformance}" # the corpus the seeds come from
[ -d "$conformance" ] || { echo "fuzz: $conformance is absent (no seeds)"; exit 1; }
python3 tests/fuzz/seed.py "$conformance" "$build/seeds" >/dev/null || exit 1
mkdir -p "$build/artifacts" "$build/logs"
# A single allocation past 1 GiB fails (std::bad_alloc, a LIMIT ERROR) instead of being
# reported as an out-of-memory crash; halt on the first sanitizer report.
export ASAN_OPTIONS="allocator_may_return_null=1:max_allocation_size_mb=1024:detect_leaks=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
failed=()
for t in "${targets[@]}"; do
  seeds="$build/seeds/code.seed"
  [ "$t" = cases ] && seeds="$build/seeds/cases.seed"
  [ "$t" = readers ] && seeds="$build/seeds/readers.seed"
  work="$build/corpus/$t"
  mkdir -p "$work"
  log="$build/logs/$t.log"
  echo "=== fuzz_$t for ${seconds}s"
  "$build/fuzz_$t" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=3072 -malloc_limit_mb=4096 \
    -max_len=4096 -dict="$build/seeds/bpl.dict" -print_final_stats=1 \
    -artifact_prefix="$build/artifacts/$t-" "$work" "$seeds" >"$log" 2>&1
  rc=$?
  grep -E '^#[0-9]+.*(DONE|pulse)|stat::number_of_executed_units|stat::peak_rss_mb|cov:' "$log" | tail -3
  [ $rc -eq 0 ] || { failed+=("$t"); tail -40 "$log"; }
done
if [ ${#failed[@]} -gt 0 ]; then echo "fuzz FAILED: ${failed[*]}"; exit 1; fi
echo "fuzz: all targets ran clean"
