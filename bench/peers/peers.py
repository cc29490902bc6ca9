"""The peer suite's driver and its NumPy, PyTorch and BPL sides (bench/peers/run.sh runs it).

Usage: python3 peers.py run CPP_EXE BPL_EXE [WORKLOAD...]   all sides, workload by workload
       python3 peers.py serve numpy|torch                    one side: workload names on stdin
Prints `PEER <side> <workload> <ms>` (or `over-budget-(…)` / `failed…` for BPL). The sides run
one workload after another in turn (C++, NumPy, PyTorch, BPL), so each row's figures see about
the same load on a shared machine. Each figure is the median over rounds of the fastest call
within about 0.1 s (at least two calls): the statistic BPL's `F •time x` gives, which times the
BPL side; the C++ side (peers.cpp) takes the same. Rounds: 5, or 3 when the first round took
over 0.5 s, 1 over 2 s. Threads: one (torch.set_num_threads(1), BPL_THREADS=1); the BLAS rows
use OpenBLAS with OPENBLAS_NUM_THREADS (run.sh sets 2), the library NumPy and PyTorch call here.
"""
import os
import resource
import selectors
import statistics
import subprocess
import sys
import tempfile
import time

N = 10_000_000
WORKLOADS = ['exp', 'rational', 'sum', 'max', 'dot', 'mm64', 'mm32', 'mlp', 'mean3',
             'transpose', 'reverse', 'sort', 'grade', 'write']


def fastest(f):
    start = time.perf_counter()
    best = float('inf')
    calls = 0
    while True:
        t0 = time.perf_counter()
        f()
        t1 = time.perf_counter()
        calls += 1
        best = min(best, t1 - t0)
        if calls >= 2 and t1 - start >= 0.1:
            return best


def rounds_after(first):
    return 1 if first > 2.0 else 3 if first > 0.5 else 5


def median_ms(f):
    times = [fastest(f)]
    times += [fastest(f) for _ in range(rounds_after(times[0]) - 1)]
    return statistics.median(times) * 1e3


# Each side's workloads: name -> a maker that builds the data (the same sizes and ranges on
# every side) and returns the function timed.
def numpy_workload(name):
    import numpy as np
    rng = np.random.default_rng(1)
    vec = lambda: rng.uniform(-4, 4, N)
    if name in ('exp', 'rational', 'sum', 'max', 'sort', 'grade'):
        x = vec()
        return {
            'exp': lambda: 3 + 2 * np.exp(-x * x),
            'rational': lambda: ((0.5 * x * x) + (1.5 * x) + 2) / (1 + x * x),
            'sum': lambda: x.sum(),
            'max': lambda: x.max(),
            'sort': lambda: np.sort(x),
            'grade': lambda: np.argsort(x, kind='stable'),
        }[name]
    if name == 'dot':
        x, y = vec(), vec()
        return lambda: (x * y).sum()
    if name in ('mm64', 'mm32'):
        A, B = rng.uniform(0, 1, (1024, 1024)), rng.uniform(0, 1, (1024, 1024))
        if name == 'mm32':
            A, B = A.astype(np.float32), B.astype(np.float32)
        return lambda: A @ B
    if name == 'mlp':
        X = rng.uniform(-4, 4, (1024, 256))
        W1, W2 = rng.uniform(-4, 4, (256, 256)) / 16, rng.uniform(-4, 4, (256, 10)) / 16
        return lambda: np.tanh(X @ W1) @ W2
    if name == 'mean3':
        img = rng.uniform(0, 1, (2048, 2048)).astype(np.float32)

        def mean3():  # 9 shifted slices
            H, W = img.shape
            acc = img[0:H-2, 0:W-2].copy()
            for i in range(3):
                for j in range(3):
                    if i or j:
                        acc += img[i:H-2+i, j:W-2+j]
            return acc / np.float32(9)
        return mean3
    if name in ('transpose', 'reverse'):
        M = rng.uniform(0, 1, (4096, 4096))
        if name == 'transpose':
            return lambda: np.ascontiguousarray(M.T)
        return lambda: np.ascontiguousarray(M[:, ::-1])
    if name == 'write':
        x = vec()
        p = (7919 * np.arange(1_000_000)) % N
        v = np.arange(1_000_000, dtype=np.float64)

        def write():  # a copy with 10⁶ items replaced, as BPL's x.[p]←v makes
            w = x.copy()
            w[p] = v
            return w
        return write
    return None


def torch_workload(name):
    import torch
    torch.set_num_threads(1)
    g = torch.Generator().manual_seed(1)

    def uniform(lo, hi, *shape, dtype=torch.float64):
        return (torch.rand(*shape, generator=g, dtype=torch.float64) * (hi - lo) + lo).to(dtype)
    vec = lambda: uniform(-4, 4, N)
    if name in ('exp', 'rational', 'sum', 'max', 'sort', 'grade'):
        x = vec()
        return {
            'exp': lambda: 3 + 2 * torch.exp(-x * x),
            'rational': lambda: ((0.5 * x * x) + (1.5 * x) + 2) / (1 + x * x),
            'sum': lambda: x.sum(),
            'max': lambda: x.max(),
            'sort': lambda: torch.sort(x),  # values and positions: torch has no values-only sort
            'grade': lambda: torch.sort(x, stable=True).indices,
        }[name]
    if name == 'dot':
        x, y = vec(), vec()
        return lambda: (x * y).sum()
    if name in ('mm64', 'mm32'):
        A, B = uniform(0, 1, 1024, 1024), uniform(0, 1, 1024, 1024)
        if name == 'mm32':
            A, B = A.float(), B.float()
        return lambda: A @ B
    if name == 'mlp':
        X = uniform(-4, 4, 1024, 256)
        W1, W2 = uniform(-4, 4, 256, 256) / 16, uniform(-4, 4, 256, 10) / 16
        return lambda: torch.tanh(X @ W1) @ W2
    if name == 'mean3':
        img = uniform(0, 1, 2048, 2048, dtype=torch.float32)

        def mean3():
            H, W = img.shape
            acc = img[0:H-2, 0:W-2].clone()
            for i in range(3):
                for j in range(3):
                    if i or j:
                        acc += img[i:H-2+i, j:W-2+j]
            return acc / 9
        return mean3
    if name in ('transpose', 'reverse'):
        M = uniform(0, 1, 4096, 4096)
        if name == 'transpose':
            return lambda: M.t().contiguous()
        return lambda: M.flip(1)
    if name == 'write':
        x = vec()
        p = (7919 * torch.arange(1_000_000)) % N
        v = torch.arange(1_000_000, dtype=torch.float64)

        def write():
            w = x.clone()
            w[p] = v
            return w
        return write
    return None


def serve(side):
    maker = {'numpy': numpy_workload, 'torch': torch_workload}[side]
    for line in sys.stdin:
        name = line.strip()
        f = maker(name)
        if f is None:
            print(f'PEER {side} {name} unknown-workload', flush=True)
            continue
        print(f'PEER {side} {name} {median_ms(f):.4f}', flush=True)
        del f


# The BPL side: each workload is one program that makes its data, then prints `F •time x` (in
# ms) once per round; the driver reads the rounds as they come and stops the program once it has
# enough, or at the workload's budget. Data: the same sizes and ranges as the other sides.
# (Names are letters only: a digit after a name is not part of it.)
BPL_DATA = {
    'x': 'x←¯4+8×¿10000000⍴0',
    'y': 'y←¯4+8×¿10000000⍴0',
    'A': 'A←1024 1024⍴¿1048576⍴0',
    'B': 'B←1024 1024⍴¿1048576⍴0',
    'Af': 'Af←32 •float 1024 1024⍴¿1048576⍴0',
    'Bf': 'Bf←32 •float 1024 1024⍴¿1048576⍴0',
    'X': 'X←¯4+8×1024 256⍴¿262144⍴0',
    'Wa': 'Wa←(¯4+8×256 256⍴¿65536⍴0)÷16',
    'Wb': 'Wb←(¯4+8×256 10⍴¿2560⍴0)÷16',
    'I': 'I←32 •float 2048 2048⍴¿4194304⍴0',
    'M': 'M←4096 4096⍴¿16777216⍴0',
    'p': 'p←10000000|7919×⍳1000000',
    'v': 'v←•float ⍳1000000',
}
# workload: (function, argument, other data it reads, BLAS threads)
MEAN3 = '{(' + '+'.join(f'(2046 2046↑{i} {j}↓⍵)' for i in range(3) for j in range(3)) + ')÷9}'
BPL_WORKLOADS = {
    'exp': ('{3+2×*-⍵×⍵}', 'x', [], 1),
    'rational': ('{((0.5×⍵×⍵)+(1.5×⍵)+2)÷1+⍵×⍵}', 'x', [], 1),
    'sum': ('+/', 'x', [], 1),
    'max': ('⌈/', 'x', [], 1),
    'dot': ('{+/⍵×y}', 'x', ['y'], 1),
    'mm64': ('{⍵+.×B}', 'A', ['B'], 2),
    'mm32': ('{⍵+.×Bf}', 'Af', ['Bf'], 2),
    'mlp': ('{(7○⍵+.×Wa)+.×Wb}', 'X', ['Wa', 'Wb'], 2),
    'mean3': (MEAN3, 'I', [], 1),
    'transpose': ('⍉', 'M', [], 1),
    'reverse': ('⌽', 'M', [], 1),
    'sort': ('<', 'x', [], 1),
    'grade': ('⍋', 'x', [], 1),
    'write': ('{w←⍵ ⋄ w.[p]←v ⋄ w}', 'x', ['p', 'v'], 1),
}


def bpl_program(workload):
    fn, arg, others, _ = BPL_WORKLOADS[workload]
    lines = [BPL_DATA[name] for name in [arg] + others]
    lines.append(f'F←[{fn}]')
    lines += [f'⎕←1000×(F •time {arg})'] * 5
    return '\n'.join(lines) + '\n'


def bpl_number(text):
    # one time in a 1-item vector: [12.5], [1.2ₑ¯7]
    return float(text.strip().strip('[]').replace('¯', '-').replace('ₑ', 'e'))


def run_bpl(exe, workload, budget, memory):
    """The rounds' times (ms) of one workload, and why it stopped early ('' when it did not)."""
    with tempfile.NamedTemporaryFile('w', suffix='.bpl', encoding='utf-8', delete=False) as f:
        f.write(bpl_program(workload))
        path = f.name
    env = dict(os.environ, BPL_THREADS=str(BPL_WORKLOADS[workload][3]))

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    times, why = [], ''
    start = time.monotonic()
    proc = subprocess.Popen([exe, path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, preexec_fn=limit, text=True, encoding='utf-8')
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    try:
        while True:
            left = budget - (time.monotonic() - start)
            if left <= 0:
                why = f'over-budget-({budget:g}-s)'
                break
            if not sel.select(timeout=left):
                continue
            line = proc.stdout.readline()
            if not line:
                proc.wait()
                err = proc.stderr.read().strip().splitlines()
                if len(times) < 1:
                    why = 'failed' + (': ' + err[0] if err else f' (exit {proc.returncode})')
                break
            times.append(bpl_number(line) / 1e3)
            if len(times) >= rounds_after(times[0]):
                break
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.unlink(path)
    return [t * 1e3 for t in times], why


def bpl_row(exe, name):
    budget = float(os.environ.get('PEERS_BPL_BUDGET', '30'))
    memory = int(float(os.environ.get('PEERS_BPL_MEMORY_GIB', '6')) * 2**30)
    times, why = run_bpl(exe, name, budget, memory)
    if times:
        return f'PEER bpl {name} {statistics.median(times):.4f}'
    return f'PEER bpl {name} {why}'


def run_all(cpp, bpl, wanted):
    """Every workload on every side in turn; the servers keep their interpreters between rows."""
    here = os.path.abspath(__file__)
    servers = {
        'c++': subprocess.Popen([cpp], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True),
        'numpy': subprocess.Popen([sys.executable, here, 'serve', 'numpy'], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True),
        'torch': subprocess.Popen([sys.executable, here, 'serve', 'torch'], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True),
    }
    try:
        for name in wanted or WORKLOADS:
            for side, proc in servers.items():
                proc.stdin.write(name + '\n')
                proc.stdin.flush()
                line = proc.stdout.readline().strip()
                print(line or f'PEER {side} {name} failed', flush=True)
            print(bpl_row(bpl, name), flush=True)
    finally:
        for proc in servers.values():
            proc.stdin.close()
            proc.wait()


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ''
    if mode == 'run' and len(sys.argv) > 3:
        run_all(sys.argv[2], sys.argv[3], sys.argv[4:])
    elif mode == 'serve' and len(sys.argv) == 3 and sys.argv[2] in ('numpy', 'torch'):
        serve(sys.argv[2])
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
