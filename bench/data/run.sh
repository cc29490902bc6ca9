#!/usr/bin/env bash
# •csv and •json throughput: generates a numeric CSV (10 columns, SIZE_MB megabytes) and a JSON
# array of records (objects of an integer, a float, a string and a Boolean; SIZE_MB megabytes),
# then times (CPU seconds) reading each in one bpl process, less the time to read the file alone
# (•nget), beside Python's csv and json modules. RUNS rounds alternate the four commands (bpl
# without and with the reader, Python without and with it); the figures are medians over the
# rounds, of user+system and of user time alone (system time, page faults, swings most on a
# shared machine). A benchmark, never a test.
# Usage: bench/data/run.sh [BUILD_DIR] [SIZE_MB] [RUNS] [KINDS]   (KINDS: "csv json", the default)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/release}
size=${2:-100}
runs=${3:-5}
kinds=${4:-csv json}
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
# CPU seconds of a command: "user+system user" (steadier on a shared machine than wall time).
seconds() { python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
r = resource.getrusage(resource.RUSAGE_CHILDREN); print(f"{r.ru_utime + r.ru_stime:.3f} {r.ru_utime:.3f}")' "$@"; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
for kind in $kinds; do
    file="$dir/b.$kind"
    mb=$(du -m "$file" | cut -f1)
    if [ "$kind" = csv ]; then read_py="import csv; list(csv.reader(open('$file')))"
    else read_py="import json; json.loads(open('$file').read())"; fi
    : > "$dir/ours" ; : > "$dir/theirs"
    for ((r = 0; r < runs; r++)); do
        read -r bt bu <<< "$(seconds "$build/bpl" -e "x←•nget \"$file\" ⋄ ≢x")"
        read -r ft fu <<< "$(seconds "$build/bpl" -e "x←•nget \"$file\" ⋄ t←•$kind x ⋄ ≢t")"
        read -r pbt pbu <<< "$(seconds python3 -c "open('$file').read()")"
        read -r pt pu <<< "$(seconds python3 -c "$read_py")"
        echo "$(echo "$ft - $bt" | bc) $(echo "$fu - $bu" | bc)" >> "$dir/ours"
        echo "$(echo "$pt - $pbt" | bc) $(echo "$pu - $pbu" | bc)" >> "$dir/theirs"
    done
    ours=$(cut -d' ' -f1 "$dir/ours" | median); ours_u=$(cut -d' ' -f2 "$dir/ours" | median)
    theirs=$(cut -d' ' -f1 "$dir/theirs" | median); theirs_u=$(cut -d' ' -f2 "$dir/theirs" | median)
    echo "$kind: $mb MB, $runs runs (medians): •$kind $ours s user+sys, $ours_u s user ($(echo "$mb / $ours" | bc) MB/s); python $theirs s, $theirs_u s user; ratio $(echo "scale=2; $ours / $theirs" | bc) (user $(echo "scale=2; $ours_u / $theirs_u" | bc))"
    echo "  per run (user+sys user): ours $(tr '\n' ';' < "$dir/ours") python $(tr '\n' ';' < "$dir/theirs")"
done
