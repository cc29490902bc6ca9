#!/usr/bin/env bash
# •csv and •json throughput: generates a numeric CSV (10 columns, SIZE_MB megabytes) and a JSON
# array of records (objects of an integer, a float, a string and a Boolean; SIZE_MB megabytes),
# then times (CPU seconds) reading each in one bpl process, less the time to
# read the file alone (•nget), beside Python's csv and json modules. A benchmark, never a test.
# Usage: bench/data/run.sh [BUILD_DIR] [SIZE_MB]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/release}
size=${2:-100}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$dir" "$size" <<'PY'
import json, random, sys
d, size = sys.argv[1], int(sys.argv[2])
random.seed(1)
rows = size * 1024 * 1024 // 75
with open(f"{d}/b.csv", "w") as f:
    f.write(",".join(f"c{i}" for i in range(10)) + "\n")
    for _ in range(rows):
        f.write(",".join(f"{random.random() * 1000:.3f}" if i % 2 else str(random.randint(0, 10**6)) for i in range(10)) + "\n")
with open(f"{d}/b.json", "w") as f:
    records = size * 1024 * 1024 // 70
    json.dump([{"id": i, "x": random.random() * 1000, "name": f"n{random.randint(0, 10**6)}",
                "ok": i % 3 == 0} for i in range(records)], f)
PY
# CPU seconds (user + system) of a command: steady on a shared machine, unlike wall time.
seconds() { python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
r = resource.getrusage(resource.RUSAGE_CHILDREN); print(f"{r.ru_utime + r.ru_stime:.3f}")' "$@"; }
for kind in csv json; do
    file="$dir/b.$kind"
    mb=$(du -m "$file" | cut -f1)
    base=$(seconds "$build/bpl" -e "x←•nget \"$file\" ⋄ ≢x")
    full=$(seconds "$build/bpl" -e "x←•nget \"$file\" ⋄ t←•$kind x ⋄ ≢t")
    if [ "$kind" = csv ]; then read_py="import csv; list(csv.reader(open('$file')))"
    else read_py="import json; json.loads(open('$file').read())"; fi
    py_base=$(seconds python3 -c "open('$file').read()")
    py=$(seconds python3 -c "$read_py")
    ours=$(echo "$full - $base" | bc)
    theirs=$(echo "$py - $py_base" | bc)
    echo "$kind: $mb MB, •$kind $ours s ($(echo "$mb / $ours" | bc) MB/s); python $theirs s; ratio $(echo "scale=2; $ours / $theirs" | bc)"
done
