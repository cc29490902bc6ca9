"""Reads the `PEER <side> <workload> <ms>|over-budget|failed...` lines of one bench/peers/run.sh
run on stdin and prints one Markdown table of the medians with the ratios BPL/C++ and NumPy/BPL."""
import sys

SIDES = ['c++', 'numpy', 'torch', 'bpl']
WORKLOADS = [  # id, label (BPL spelling; 10⁷ float64 unless noted)
    ('exp', '`3+2×*-x×x`'),
    ('rational', '`((0.5×x×x)+(1.5×x)+2)÷1+x×x`'),
    ('sum', '`+/x`'),
    ('max', '`⌈/x`'),
    ('dot', '`+/x×y`'),
    ('mm64', '`A+.×B` 1024² f64 (BLAS 2 thr)'),
    ('mm32', '`A+.×B` 1024² f32 (BLAS 2 thr)'),
    ('mlp', 'MLP fwd `(7○X+.×W1)+.×W2` 1024×256×256×10 f64 (BLAS 2 thr)'),
    ('mean3', '3×3 mean, 9 shifted `↑ ↓`, 2048² f32'),
    ('transpose', '`⍉M` 4096² f64'),
    ('reverse', '`⌽M` 4096² f64'),
    ('sort', '`<x` sort'),
    ('grade', '`⍋x` grade'),
    ('write', '`w.[p]←v`: copy of x, 10⁶ items written'),
]


def cell(v):
    if v is None:
        return '–'
    if isinstance(v, str):
        return v.replace('-', ' ')
    return f'{v:.3g}' if v < 100 else f'{v:.0f}'


def ratio(a, b):
    if isinstance(a, float) and isinstance(b, float) and b > 0:
        return f'{a / b:.2g}' if a / b < 10 else f'{a / b:.0f}'
    return '–'


def main():
    got = {}
    notes = []
    for line in sys.stdin:
        parts = line.split()
        if line.startswith('#'):
            notes.append(line.strip())
        if len(parts) < 4 or parts[0] != 'PEER':
            continue
        side, work, value = parts[1], parts[2], ' '.join(parts[3:])
        try:
            got[(side, work)] = float(value)
        except ValueError:
            got[(side, work)] = value
    print('| workload (ms, median) | C++ -O3 | NumPy | PyTorch | BPL | BPL/C++ | NumPy/BPL |')
    print('|---|---:|---:|---:|---:|---:|---:|')
    for work, label in WORKLOADS:
        v = [got.get((s, work)) for s in SIDES]
        if all(x is None for x in v):
            continue  # not run (PEERS_ONLY)
        print(f'| {label} | ' + ' | '.join(cell(x) for x in v) +
              f' | {ratio(v[3], v[0])} | {ratio(v[1], v[3])} |')


if __name__ == '__main__':
    main()
