"""optimize, schedule and analyze (spec §15) through the Python API."""
import math
import random
import struct

import pytest

from tensorcode.program import (Builder, EvaluationError, ProgramError, analyze, compile, float64,
                                int32)


def bits(v):
    return struct.pack("d", v)


def chain_program(dtype="float64"):
    b = Builder(dtype=dtype)
    x, y, z = b.input("x"), b.input("y"), b.input("z")
    dead = x * 100  # noqa: F841 - removed by dead-code elimination
    folded = b.op("add", 2.0, 3.0)
    return b.build({"r": 0.5 + x * 0.1 - 3 * y + b.op("neg", z) - folded + 1 / x, "s": x * y})


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_optimize_is_bit_identical(dtype):
    p = chain_program(dtype)
    o = p.optimize()
    ops = [n["op"] for n in o.artifact()["nodes"]]
    assert "affine" in ops and len(ops) < len(p.artifact()["nodes"])
    assert p.inputs == o.inputs and p.outputs == o.outputs
    rng = random.Random(5)
    for _ in range(200):
        case = {k: rng.uniform(-1e3, 1e3) for k in "xyz"}
        a, b = p.run(case), o.run(case)
        assert all(bits(a[k]) == bits(b[k]) for k in a)
        ga, gb = p.gradients(case, output="r"), o.gradients(case, output="r")
        assert all(bits(ga[k]) == bits(gb[k]) for k in ga)
    for prog in (p, o):
        with pytest.raises(EvaluationError) as e:
            prog.run({"x": 0.0, "y": 1.0, "z": 1.0})
        assert e.value.kind == "division_by_zero"


def test_optimize_keeps_failing_folds_and_default_reference():
    p = compile("def f(a):\n    return a + 1\n", inputs={"a": int32(0, 3)})
    assert p.optimize().verify(lambda a: a + 1)["passed"]
    b = Builder()
    x = b.input("x")
    bad = b.op("div", 1.0, b.op("sub", 1.0, 1.0))
    q = b.build(b.select(x > 0, x, bad)).optimize()
    assert q.run({"x": 1.0}) == {"result": 1.0}
    with pytest.raises(EvaluationError):
        q.run({"x": -1.0})

    def ref(a):
        return a * 2

    r = compile(ref, inputs={"a": int32(0, 3)})
    assert r.optimize().verify()["passed"] and r.freeze().verify()["passed"]


def test_schedule_layers():
    p = chain_program()
    layers = p.schedule()
    nodes = p.artifact()["nodes"]
    where = {i: k for k, layer in enumerate(layers) for i in layer}
    assert sorted(where) == list(range(len(nodes)))
    for n in nodes:
        expected = 0 if not n["args"] else 1 + max(where[a] for a in n["args"])
        assert where[n["id"]] == expected
    assert all(layer == sorted(layer) for layer in layers)


def test_analyze_examples():
    b = Builder()
    x = b.input("x", float64(min=0, max=3))
    report = analyze(b.build(x * 2 + 1))
    assert report["intervals"][-1] == [1.0, 7.0] and report["issues"] == []
    b = Builder()
    x = b.input("x", float64(min=-1, max=1))
    report = analyze(b.build(1 / x))
    assert report["issues"] == [{"node": 2, "op": "div", "kind": "division_by_zero",
                                 "message": report["issues"][0]["message"]}]
    assert report["intervals"][2] == [-math.inf, math.inf]


def test_analyze_issue_kinds():
    b = Builder(bindings={"f": (lambda v: v, None)})
    i = b.input("i", int32(0, 5))
    big = b.input("big", float64(min=0, max=1e300))
    s = b.state("s", 0, int32(0, 3))
    b.update(s, s + i)
    sel = [b.input(f"q{k}", int32(0, 1)) for k in range(2)]
    p = b.build([b.gather([1, 2, 3], i), big * big, b.call("f", i), b.gather_one_hot([1, 2], sel)])
    kinds = {(issue["op"], issue["kind"]) for issue in analyze(p)["issues"]}
    assert kinds == {("gather", "invalid_index"), ("mul", "non_finite"), ("call", "unknown"),
                     ("gather_one_hot", "one_hot"), ("state", "domain")}
    with pytest.raises(ProgramError):
        analyze("not a program")


def test_optimize_packs_typical_chains_and_keeps_gradient_bits():
    b = Builder()
    x, y = b.input("x"), b.input("y")
    used_before = b.op("sigmoid", x) * y
    chain = 0.5 * x + 1.5 * y - 2 * x + b.op("neg", y) + 3.0
    p = b.build({"a": used_before + chain, "b": x * chain})
    o = p.optimize()
    assert [n["op"] for n in o.artifact()["nodes"]].count("affine") == 1
    rng = random.Random(9)
    for _ in range(100):
        case = {"x": rng.uniform(-5, 5), "y": rng.uniform(-5, 5)}
        cot = {"a": rng.uniform(-2, 2), "b": rng.uniform(-2, 2)}
        assert p.run(case) == o.run(case)
        ga, gb = p.gradients(case, cotangents=cot), o.gradients(case, cotangents=cot)
        assert all(bits(ga[k]) == bits(gb[k]) for k in ga)
