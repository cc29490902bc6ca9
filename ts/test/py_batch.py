"""Batch driver for the TypeScript SDK's live cross-language tests.

Starting Python costs seconds on a loaded machine, so the TypeScript suite
sends every request in one process. Each request mirrors
`python -m tensorcode.program run|gradients` (spec §25), using only the
public API; the suite also calls the real CLI once per command.

stdin: {"requests": [{"kind": "run"|"gradients", "artifact", "cases"} |
                     {"kind": "compiled"} |
                     {"kind": "snapshot", "snapshot", "events"} |
                     {"kind": "optimize"|"analyze", "artifact"}]}
stdout: {"responses": [...]} in the same order.
"""
import json
import sys

from tensorcode.program import (Builder, EvaluationError, Program, ProgramError, Runtime, analyze, boolean,  # noqa: F401
                                compile, float32, float64, int32, relu, sigmoid)


# One case exactly as `python -m tensorcode.program run|gradients` evaluates it (one home).
from tensorcode.program.__main__ import _case as one_case, _kind as kind  # noqa: E402


# Functions compiled by the Python frontend; their artifacts go to TypeScript.
def choose(a):
    return 10 if a > 4 else 12


def poly(x, n):
    acc = 0.0
    for i in range(4):
        acc = acc * x + i
    if n > 2:
        return [acc, relu(x - n)]
    return [acc / (x + 3), sigmoid(x)]


def index(i, a, b):
    v = [a, b, a * b]
    return v[i] + i // 2


def compiled():
    out = []
    sets = [
        (choose, {"a": int32(min=-128, max=127)}, [{"a": v} for v in (-128, 0, 4, 5, 127)]),
        (poly, {"n": int32(min=0, max=5)}, [{"x": x, "n": n} for x in (-3.0, -1.5, 0.0, 2.25) for n in (0, 3, 5)]),
        (index, {"i": int32(min=-3, max=3)}, [{"i": i, "a": 1.5, "b": -2.0} for i in range(-4, 4) if -3 <= i <= 3]),
    ]
    for fn, doms, cases in sets:
        p = compile(fn, inputs=doms)
        res = []
        for c in cases:
            try:
                res.append({"outputs": p.run(c)})
            except ProgramError as e:
                res.append({"error": kind(e)})
        out.append({"name": fn.__name__, "artifact": json.loads(p.to_json()), "cases": cases, "results": res})
    return out


def builder_artifacts():
    """Programs built with the Python Builder; the TypeScript suite builds the same ones."""
    out = {}
    b = Builder(semantics="hybrid", surrogate="sigmoid")
    x = b.input("x", float64())
    w = b.parameter("weight", 0.0)
    out["hybrid"] = json.loads(b.build(b.select(x > 4, w * x, 0)).to_json())
    b = Builder()
    event = b.input("event", int32(min=0, max=1))
    count = b.state("count", 0, int32(min=0, max=100))
    b.update(count, count + event)
    out["state"] = json.loads(b.build(count).to_json())
    b = Builder(semantics="relaxed", dtype="float32", temperature=0.5)
    xs = [b.input("a"), b.input("b", float32(min=-1, max=1)), b.input("c", boolean())]
    i = b.input("i", int32(min=0, max=2))
    oh = b.one_hot(i, 3)
    r = b.affine(xs, [[1, 2, 3], [0.5, 0, -1]], [1, None])
    s = b.sparse_affine(xs, {2: 2, 0: 1}, 0.5)
    g = b.gather_one_hot([xs[0], xs[1], 7], oh)
    q = b.op("eq", xs[0], xs[1])
    out["mix"] = json.loads(b.build([r[0], r[1], s, g, q, b.gather(xs, i), b.op("not", xs[2])]).to_json())
    rules = Builder()
    a = rules.input("a")
    algorithm = rules.build(rules.select(a > 4, 10, 12))
    b = Builder()
    x = b.input("x")
    correction = b.parameter("correction", 0.0)
    region = b.include(algorithm, {"a": x}, prefix="algorithm")
    out["include"] = json.loads(b.build(region["result"] + correction * x).to_json())
    return out


def snapshot(req):
    rt = Runtime.restore(req["snapshot"])
    outs = [rt.dispatch(ev) for ev in req["events"]]
    return {"outputs": outs, "steps": rt.steps, "snapshot": rt.snapshot()}


def main():
    request = json.loads(sys.stdin.read())
    responses = []
    for req in request["requests"]:
        k = req["kind"]
        if k in ("run", "gradients"):
            program = Program.from_json(req["artifact"])
            responses.append([one_case(program, k, c) for c in req["cases"]])
        elif k == "compiled":
            responses.append(compiled())
        elif k == "builder":
            responses.append(builder_artifacts())
        elif k == "optimize":
            responses.append(Program.from_json(req["artifact"]).optimize().artifact())
        elif k == "analyze":
            a = analyze(Program.from_json(req["artifact"]))
            fin = lambda v: "nan" if v != v else v if v not in (float("inf"), float("-inf")) else ("inf" if v > 0 else "-inf")  # noqa: E731
            responses.append({"intervals": [[fin(lo), fin(hi)] for lo, hi in a["intervals"]],
                              "issues": [[i["node"], i["kind"]] for i in a["issues"]]})
        elif k == "snapshot":
            responses.append(snapshot(req))
        else:
            raise SystemExit("unknown request kind %r" % k)
    sys.stdout.write(json.dumps({"responses": responses}) + "\n")


if __name__ == "__main__":
    main()
