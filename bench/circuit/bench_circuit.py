"""Benchmark for tensorcode.program (issue 4): one 1,000-node circuit evaluated through the C++ core
versus a pure-Python reference evaluator of the same artifact, and the compile time of a 100-line
bounded function. Prints ratios. Run from the repository root after `make python`:

    PYTHONPATH=python /usr/bin/python3 bench/circuit/bench_circuit.py

Never part of `make test`."""

import math
import random
import sys
import time

from tensorcode.program import Builder, compile, float64


def circuit(n_nodes=1000, seed=1):
    """A 1,000-node exact program: arithmetic, comparisons, selects, sigmoid, relu."""
    rng = random.Random(seed)
    b = Builder()
    pool = [b.input(f"x{k}", float64(min=-1, max=1)) for k in range(8)]
    while len(b._nodes) < n_nodes - 1:
        a, c = rng.choice(pool[-40:]), rng.choice(pool)
        kind = rng.randrange(7)
        if kind == 0:
            v = a + c
        elif kind == 1:
            v = a - c * 0.5
        elif kind == 2:
            v = b.op("sigmoid", a * c)
        elif kind == 3:
            v = b.select(a > c, a, c * 0.25)
        elif kind == 4:
            v = b.op("relu", a) - c
        elif kind == 5:
            v = a / (b.op("abs", c) + 1)
        else:
            v = b.op("max", a, c) * 0.75
        pool.append(v)
    return b.build({"r": pool[-1] + pool[-2]})


def python_evaluator(artifact):
    """A straightforward pure-Python evaluator of an exact float64 artifact (the comparison point):
    demand-driven select, finiteness checks on every evaluated node."""
    nodes = artifact["nodes"]

    def sig(a):
        if a >= 0:
            return 1.0 / (1.0 + math.exp(-a))
        e = math.exp(a)
        return e / (1.0 + e)

    binary = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
              "div": lambda a, b: a / b, "min": lambda a, b: b if b < a else a,
              "max": lambda a, b: b if b > a else a, "gt": lambda a, b: float(a > b),
              "lt": lambda a, b: float(a < b)}
    unary = {"neg": lambda a: -a, "abs": abs, "relu": lambda a: a if a > 0 else 0.0, "sigmoid": sig}
    outputs = artifact["outputs"]

    def run(inputs):
        values = {}

        def value(i):
            if i in values:
                return values[i]
            stack = [i]
            while stack:
                k = stack[-1]
                if k in values:
                    stack.pop()
                    continue
                n = nodes[k]
                op, args = n["op"], n["args"]
                if op == "input":
                    v = float(inputs[n["name"]])
                elif op == "constant":
                    v = n["value"]
                elif op == "select":
                    c = args[0]
                    if c not in values:
                        stack.append(c)
                        continue
                    chosen = args[1] if values[c] == 1.0 else args[2]
                    if chosen not in values:
                        stack.append(chosen)
                        continue
                    v = values[chosen]
                else:
                    missing = [a for a in args if a not in values]
                    if missing:
                        stack.extend(missing)
                        continue
                    if op in binary:
                        a, b = values[args[0]], values[args[1]]
                        if op == "div" and b == 0:
                            raise ZeroDivisionError
                        v = binary[op](a, b)
                    else:
                        v = unary[op](values[args[0]])
                if not math.isfinite(v):
                    raise ArithmeticError(f"node {k} is not finite")
                values[k] = v
                stack.pop()
            return values[i]

        return {name: value(i) for name, i in outputs.items()}

    return run


def per_call(fn, arg, min_time=0.5):
    n, best = 1, math.inf
    while True:
        t0 = time.perf_counter()
        for _ in range(n):
            fn(arg)
        dt = time.perf_counter() - t0
        if dt >= min_time:
            best = min(best, dt / n)
            break
        n *= 2
    for _ in range(2):
        t0 = time.perf_counter()
        for _ in range(n):
            fn(arg)
        best = min(best, (time.perf_counter() - t0) / n)
    return best


def hundred_line_source():
    lines = ["def f(a, b, c):"]
    for k in range(24):
        lines += [f"    t{k} = a * {k + 1} - b / {k + 2}",
                  f"    if t{k} > c:",
                  f"        c = c + t{k} * 0.5",
                  "    else:"]
        lines += [f"        c = c - {k}"]
    lines += ["    acc = 0.0", "    for i in range(3):", "        acc = acc + relu(c - i)",
              "    return acc + sigmoid(a)"]
    assert len(lines) >= 100, len(lines)
    return "\n".join(lines) + "\n"


def main():
    p = circuit()
    art = p.artifact()
    n_nodes = len(art["nodes"])
    rng = random.Random(2)
    inputs = {name: rng.uniform(-1, 1) for name in p.inputs}
    reference = python_evaluator(art)
    expected = reference(inputs)["r"]
    got = p.run(inputs)["r"]
    assert got == expected, (got, expected)

    core = p._core
    ins = [inputs[k] for k in p.inputs]
    t_py = per_call(reference, inputs)
    t_api = per_call(p.run, inputs)
    t_core = per_call(lambda x: core.run(x, [], [], False, None), ins)
    t_grad = per_call(p.gradients, inputs)

    src = hundred_line_source()
    compile(src)  # warm up imports and caches
    times = []
    for _ in range(20):
        t0 = time.perf_counter()
        compile(src)
        times.append(time.perf_counter() - t0)
    t_compile = min(times)
    median_compile = sorted(times)[len(times) // 2]

    print(f"circuit: {n_nodes} nodes, result {got!r}")
    print(f"pure-Python reference evaluator  {t_py * 1e6:10.1f} us/eval")
    print(f"Program.run (C++ core + API)     {t_api * 1e6:10.1f} us/eval   {t_py / t_api:6.1f}x faster")
    print(f"C++ core call alone              {t_core * 1e6:10.1f} us/eval   {t_py / t_core:6.1f}x faster")
    print(f"Program.gradients (fwd + rev)    {t_grad * 1e6:10.1f} us/eval")
    print(f"compile of a {src.count(chr(10))}-line function   {t_compile * 1e3:10.2f} ms (median "
          f"{median_compile * 1e3:.2f} ms; target < 50 ms)")
    ok = t_py / t_api >= 20 and t_compile < 0.050
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
