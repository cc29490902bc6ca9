"""Builder, Program, Runtime and artifacts (spec §5, §11–16, §20–23), against hand-computed values."""
import json
import math

import pytest

from tensorcode.program import (ArtifactError, Builder, CompileError, Domain, DomainError,
                                EvaluationError, Program, ProgramError, Runtime, StepLimitError,
                                VerificationError, boolean, compile, float32, float64, int32)


# --- domains -----------------------------------------------------------------------------------

def test_domains():
    assert int32(min=0, max=3) == int32(0, 3)
    assert int32(0, 4.0).max == 4 and isinstance(int32(0, 4.0).max, int)
    assert boolean() == Domain("boolean", 0, 1) and boolean().type == "boolean"
    assert float64(max=2).min is None and float64(max=2).max == 2.0
    assert "int32" in repr(int32(1, 2))
    for bad in (lambda: int32(0, 2.5), lambda: int32(3, 1), lambda: int32(0, 2 ** 31),
                lambda: float32(0, 1e39), lambda: float64(math.nan, 1), lambda: float64(2, 1)):
        with pytest.raises(CompileError):
            bad()
    with pytest.raises(AttributeError):
        int32().min = 3


def test_supplied_values():
    b = Builder()
    i = b.input("i", int32(0, 9))
    f = b.input("f", float32(max=1.0))
    t = b.input("t", boolean())
    p = b.build([i, f, t])
    assert p.run({"i": 5.0, "f": 0.1, "t": True}) == {"0": 5, "1": 0.10000000149011612, "2": 1}
    for bad in ({"i": "5"}, {"i": 1 + 2j}, {"i": math.nan}, {"i": math.inf}, {"i": 2.5},
                {"i": -1}, {"t": 0.5}, {"f": 2.0}, {"f": 1e39}, {"i": 10 ** 400}):
        with pytest.raises(DomainError):
            p.run({"i": 1, "f": 0.5, "t": 0, **bad})
    with pytest.raises(ProgramError) as e:
        p.run({"i": 1, "f": 0.5})
    assert not isinstance(e.value, EvaluationError)
    with pytest.raises(ProgramError):
        p.run({"i": 1, "f": 0.5, "t": 0, "extra": 1})


# --- builder -----------------------------------------------------------------------------------

def test_value_operators():
    b = Builder()
    x = b.input("x")
    p = b.build({"sum": 1 + x + 2, "diff": 10 - x - 1, "prod": 3 * x * 2, "quot": 1 / x / 2,
                 "neg": -x, "pos": +x, "lt": 4 < x, "le": x <= 4, "ge": x >= 5})
    assert p.run({"x": 4.0}) == {"sum": 7, "diff": 5, "prod": 24, "quot": 0.125, "neg": -4,
                                 "pos": 4, "lt": 0, "le": 1, "ge": 0}
    for bad in (lambda: x == 1, lambda: x != 1, lambda: bool(x), lambda: float(x), lambda: int(x),
                lambda: [1, 2][x], lambda: x // 2, lambda: x % 2, lambda: x ** 2, lambda: abs(x)):
        with pytest.raises(TypeError):
            bad()
    assert {x: 1}[x] == 1 and x.id == 0
    other = Builder().input("y")
    with pytest.raises(CompileError):
        x + other


def test_op_select_gather():
    b = Builder()
    x = b.input("x", int32(-2, 5))
    p = b.build({"eq": b.op("eq", x, 3), "ne": b.op("ne", x, 3), "fd": b.op("floordiv", x, 2),
                 "mod": b.op("mod", x, 3), "min": b.op("min", x, 1), "max": b.op("max", x, 1),
                 "relu": b.op("relu", x), "abs": b.op("abs", x),
                 "and": b.op("and", x > 0, x < 4), "or": b.op("or", x > 4, x < 0),
                 "not": b.op("not", x > 0), "sel": b.select(x > 0, 7, 8),
                 "g": b.gather([10, 20, 30], b.op("min", b.op("max", x, 0), 2))})
    assert p.run({"x": -1}) == {"eq": 0, "ne": 1, "fd": -1, "mod": 2, "min": -1, "max": 1,
                                "relu": 0, "abs": 1, "and": 0, "or": 1, "not": 1, "sel": 8, "g": 10}
    assert p.run({"x": 3})["g"] == 30 and p.run({"x": 3})["and"] == 1
    for bad in (lambda: b.op("pow", x, 2), lambda: b.op("add", x), lambda: b.op("input"),
                lambda: b.op("affine", x), lambda: b.gather([], x)):
        with pytest.raises(CompileError):
            bad()


def test_sigmoid_values():
    b = Builder()
    x = b.input("x")
    p = b.build(b.op("sigmoid", x))
    assert p.run({"x": 0.0}) == {"result": 0.5}
    assert p.run({"x": 1.0})["result"] == 1 / (1 + math.exp(-1))
    assert p.run({"x": -800.0})["result"] == 0.0


def test_one_hot_and_gather_one_hot():
    b = Builder()
    i = b.input("i", int32(0, 3))
    hot = b.one_hot(i, 3)
    p = b.build([*hot, b.gather_one_hot([5, 6, 7], hot)])
    assert p.run({"i": 1}) == {"0": 0, "1": 1, "2": 0, "3": 6}
    with pytest.raises(EvaluationError) as e:
        p.run({"i": 3})
    assert e.value.kind == "invalid_index"
    b = Builder()
    s = [b.input(f"s{k}", boolean()) for k in range(2)]
    q = b.build(b.gather_one_hot([1.5, 2.5], s))
    assert q.run({"s0": 0, "s1": 1}) == {"result": 2.5}
    with pytest.raises(EvaluationError) as e:
        q.run({"s0": 1, "s1": 1})
    assert e.value.kind == "one_hot"
    with pytest.raises(CompileError):
        b.gather_one_hot([1], s)
    with pytest.raises(CompileError):
        b.one_hot(s[0], 0)


def test_affine_and_sparse_affine():
    b = Builder()
    x, y = b.input("x"), b.input("y")
    p = b.build([b.affine([x, y], [2, 3], 1), *b.affine([x, y], [[1, 0], [0, 1]], [0, 5]),
                 b.sparse_affine([x, y, 4], {2: 1.0, 0: 0.5}), b.sparse_affine([x], [], 7)])
    assert p.run({"x": 2.0, "y": 1.0}) == {"0": 8, "1": 2, "2": 6, "3": 5, "4": 7}
    node = p.artifact()["nodes"][-2]
    assert node["op"] == "sparse_affine"
    assert node["value"] == {"indices": [0, 2], "weights": [0.5, 1.0], "bias": None}
    with pytest.raises(CompileError):
        b.affine([x], [x])
    with pytest.raises(CompileError):
        b.affine([x, y], [1])
    with pytest.raises(CompileError):
        b.sparse_affine([x], {1: 2.0})
    with pytest.raises(CompileError):
        b.sparse_affine([x, y], [(0, 1.0), (0, 2.0)])


def test_scan():
    b = Builder()
    x = b.input("x")
    carry, ys = b.scan(lambda c, v: (c + v, c * 2), 0, [x, 1, 2])
    p = b.build([carry, *ys])
    assert p.run({"x": 5.0}) == {"0": 8, "1": 0, "2": 10, "3": 12}
    (c1, c2), _ = b.scan(lambda c, i: ((c[0] + i, c[1] * 2), None), (0, 1), length=4)
    assert b.build([c1, c2]).run({"x": 0}) == {"0": 6, "1": 16}
    with pytest.raises(CompileError):
        b.scan(lambda c, i: ((c, c), None), 0, length=2)
    small = Builder(max_iterations=5)
    small.scan(lambda c, i: (c, None), 0, length=3)
    calls = []
    with pytest.raises(CompileError):
        small.scan(lambda c, i: calls.append(i) or (c, None), 0, length=3)
    assert calls == []


def test_call_bindings_and_errors():
    calls = {"f": (lambda a, b: a * b, lambda args, r: (args[1], args[0]))}
    b = Builder(bindings=calls)
    x, y = b.input("x"), b.input("y")
    p = b.build(b.call("f", x, y) + 1)
    assert p.run({"x": 2.0, "y": 3.0}) == {"result": 7}
    assert p.gradients({"x": 2.0, "y": 3.0}) == {"x": 3.0, "y": 2.0}
    unbound = Program.from_json(p.to_json())
    with pytest.raises(EvaluationError) as e:
        unbound.run({"x": 2.0, "y": 3.0})
    assert e.value.kind == "unbound_call"
    for bad in ((lambda a, b: "x", None), (lambda a, b: math.inf, None),
                (lambda a, b: 1 / 0, None)):
        q = Program.from_json(p.to_json(), bindings={"f": bad})
        with pytest.raises(EvaluationError) as e:
            q.run({"x": 2.0, "y": 3.0})
        assert e.value.kind == "binding" and e.value.node == 2
    wrong = Program.from_json(p.to_json(), bindings={"f": (lambda a, b: 1.0, lambda args, r: (1.0,))})
    with pytest.raises(EvaluationError) as e:
        wrong.gradients({"x": 2.0, "y": 3.0})
    assert e.value.kind == "binding"
    # forward-only binding whose arguments do not need derivatives: gradients still work
    b = Builder(bindings={"g": (lambda: 4.0, None)})
    x = b.input("x")
    assert b.build(x * b.call("g")).gradients({"x": 1.0}) == {"x": 4.0}


def test_leaf_rules():
    b = Builder()
    b.input("x")
    with pytest.raises(CompileError):
        b.input("x")
    with pytest.raises(CompileError):
        b.parameter("x", 1.0)
    with pytest.raises(CompileError):
        b.parameter("p", 1.0, int32())
    with pytest.raises(CompileError):
        b.parameter("p", math.nan)
    with pytest.raises(CompileError):
        b.constant(math.inf)
    s = b.state("s", 1, int32(0, 3))
    b.update(s, s + 1)
    with pytest.raises(CompileError):
        b.update(s, s)
    with pytest.raises(CompileError):
        b.update(b.input("z"), 1)
    with pytest.raises(CompileError):
        Builder(dtype="float32").input("big", int32())
    with pytest.raises(CompileError):
        Builder(semantics="fuzzy")
    with pytest.raises(CompileError):
        Builder(temperature=0)


def test_node_limit_100000():
    b = Builder()
    x = b.input("x")
    acc = x
    for _ in range(49999):
        acc = b.op("neg", acc)
    acc = b.op("add", acc, acc)
    p = b.build(acc)  # 50,001 nodes: fine
    assert p.run({"x": 1.0}) == {"result": -2.0}
    big = Builder(max_nodes=100000)
    y = big.input("y")
    v = y
    with pytest.raises(CompileError, match="max_nodes"):
        for _ in range(100000):
            v = big.op("neg", v)
    text = p.to_json()
    with pytest.raises(ArtifactError):
        Program.from_json(text, max_nodes=50000)
    assert Program.from_json(text).run({"x": 1.0}) == {"result": -2.0}


# --- program -----------------------------------------------------------------------------------

def make_program():
    b = Builder()
    x = b.input("x")
    i = b.input("i", int32(0, 3))
    w = b.parameter("w", 2.0)
    s = b.state("s", 1.0)
    b.update(s, s + x)
    return b.build({"y": w * x + s, "z": i * x})


def test_attributes_and_step():
    p = make_program()
    assert p.inputs == {"x": float64(), "i": int32(0, 3)}
    assert p.outputs == ("y", "z")
    assert p.parameters == {"w": 2.0} and p.initial_state == {"s": 1.0}
    assert (p.semantics, p.surrogate, p.temperature, p.dtype) == ("exact", "sigmoid", 1.0, "float64")
    assert p.run({"x": 3.0, "i": 2}) == {"y": 7.0, "z": 6.0}
    assert p.run({"x": 3.0, "i": 2}, state={"s": 0.0}) == {"y": 6.0, "z": 6.0}
    assert p.step({"x": 3.0, "i": 2}) == ({"y": 7.0, "z": 6.0}, {"s": 4.0})
    with pytest.raises(ProgramError):
        p.run({"x": 3.0, "i": 2}, state={})
    assert p.gradients({"x": 3.0, "i": 1}, output="y") == {"x": 2.0, "w": 3.0}
    assert p.gradients({"x": 3.0, "i": 1}, cotangents={"y": 1.0, "z": 2.0}) == {"x": 4.0, "w": 3.0}
    with pytest.raises(ProgramError):
        p.gradients({"x": 3.0, "i": 1})
    with pytest.raises(ProgramError):
        p.gradients({"x": 3.0, "i": 1}, cotangents={"nope": 1.0})


def test_with_parameters_freeze_graph_schedule():
    p = make_program()
    q = p.with_parameters({"w": 5.0})
    assert q.run({"x": 1.0, "i": 0})["y"] == 6.0 and p.parameters == {"w": 2.0}
    with pytest.raises(ProgramError):
        p.with_parameters({"nope": 1.0})
    f = p.freeze()
    assert f.parameters == {} and f.run({"x": 1.0, "i": 0}) == p.run({"x": 1.0, "i": 0})
    node = f.artifact()["nodes"][2]
    assert node["op"] == "constant" and node["differentiable"] is False and "name" not in node
    with pytest.raises(ProgramError):
        p.freeze(["nope"])
    g = p.graph()
    assert set(g) == {"nodes", "outputs", "updates"} and g["updates"] == {3: 4}
    layers = p.schedule()
    assert layers[0] == [0, 1, 2, 3]
    assert sorted(i for layer in layers for i in layer) == list(range(len(g["nodes"])))


def test_artifact_round_trip_and_format():
    p = make_program()
    text = p.to_json()
    assert json.loads(text) == json.loads(json.dumps(p.artifact()))
    assert list(json.loads(text)) == ["format", "version", "semantics", "dtype", "surrogate",
                                      "temperature", "nodes", "outputs", "updates"]
    assert list(p.artifact()["nodes"][2]) == ["id", "op", "args", "shape", "domain",
                                              "differentiable", "source", "name", "value"]
    assert Program.from_json(text).to_json() == text
    assert Program.from_json(text.encode()).to_json() == text
    assert Program.from_json(p.artifact()).to_json() == text
    assert p.to_json(indent=2).startswith('{\n  "format": "tensorcode.program",')
    assert ", " not in text


def test_artifact_validation_errors():
    art = make_program().artifact()

    def broken(edit):
        a = json.loads(json.dumps(art))
        edit(a)
        return a

    cases = {
        "version": lambda a: a.update(version=2),
        "nodes[4].args[1]": lambda a: a["nodes"][4].update(args=[0, 9]),
        "nodes[1].name": lambda a: a["nodes"][1].update(name="x"),
        "nodes[2].domain": lambda a: a["nodes"][2].update(domain={"type": "int32", "min": 0, "max": 3}),
        "updates": lambda a: a.update(updates={"0": 1}),
        "outputs": lambda a: a.update(outputs={}),
        "nodes[0]": lambda a: a["nodes"][0].update(extra=1),
        "nodes[4].op": lambda a: a["nodes"][4].update(op="pow"),
        "nodes[4].args[0]": lambda a: a["nodes"][4].update(args=[True, 1]),
        "artifact": lambda a: a.update(more=1),
        "temperature": lambda a: a.update(temperature=-1),
        "nodes[3]: missing field": lambda a: a["nodes"][3].pop("value"),
    }
    for path, edit in cases.items():
        with pytest.raises(ArtifactError, match=path.replace("[", r"\[").replace("]", r"\]")):
            Program.from_json(broken(edit))
    with pytest.raises(ArtifactError, match="unsupported artifact version"):
        Program.from_json(broken(cases["version"]))
    for text in ("{", '{"format": NaN}', "[]", b"\xff", 12):
        with pytest.raises(ArtifactError):
            Program.from_json(text)
    nan_art = broken(lambda a: a["nodes"][2].update(value=math.nan))
    with pytest.raises(ArtifactError):
        Program.from_json(nan_art)


def test_signed_zero():
    b = Builder()
    x = b.input("x")
    p = b.build({"neg": -x, "abs": b.op("abs", x), "sum": x + 0.0})
    r = p.run({"x": 0.0})
    assert math.copysign(1, r["neg"]) == -1 and math.copysign(1, r["abs"]) == 1
    r = p.run({"x": -0.0})
    assert math.copysign(1, r["sum"]) == 1  # -0.0 + 0.0 is +0.0
    b = Builder()
    y = b.input("y")
    q = b.build(y * b.constant(-0.0))
    assert math.copysign(1, q.run({"y": 1.0})["result"]) == -1
    assert math.copysign(1, q.artifact()["nodes"][1]["value"]) == -1  # kept in memory
    assert math.copysign(1, Program.from_json(q.artifact()).run({"y": 1.0})["result"]) == -1
    b = Builder()
    z = b.input("z")
    assert b.build(b.op("eq", z, 0.0)).run({"z": -0.0}) == {"result": 1}


def test_float32_per_node_rounding():
    b = Builder(dtype="float32")
    x = b.input("x")
    y = b.input("y", float64())
    p = b.build({"chain": (x + 0.1) * 3 - y, "div": x / 3})
    f = __import__("struct")

    def r32(v):
        return f.unpack("f", f.pack("f", v))[0]

    xv, yv = 1.7, 0.3
    exp_chain = r32(r32(r32(r32(xv) + r32(0.1)) * 3) - r32(yv))
    assert p.run({"x": xv, "y": yv}) == {"chain": exp_chain, "div": r32(r32(xv) / 3)}
    with pytest.raises(EvaluationError) as e:
        p.run({"x": 3e38, "y": -3e38})
    assert e.value.kind == "non_finite"


def test_domain_checks_on_computed_nodes():
    text = make_program().to_json()
    a = json.loads(text)
    a["nodes"][5]["domain"] = {"type": "float64", "min": 0, "max": 10}  # w * x
    p = Program.from_json(a)
    assert p.run({"x": 1.0, "i": 0})["y"] == 3.0
    with pytest.raises(DomainError) as e:
        p.run({"x": 6.0, "i": 0})
    assert e.value.node == 5


def test_verify_reports():
    p = compile("def f(a):\n    return a // 2\n", inputs={"a": int32(-3, 3)})
    assert p.verify(lambda a: a // 2)["passed"]
    bad = p.verify(lambda a: a / 2)
    assert not bad["passed"] and bad["cases"] == 7 and len(bad["failures"]) == 4
    assert bad["failures"][0] == {"inputs": {"a": -3}, "expected": {"result": -1.5},
                                  "actual": {"result": -2.0}, "error": None}
    assert p.verify(lambda a: a / 2, atol=0.5)["passed"]
    with pytest.raises(VerificationError):
        p.verify()
    with pytest.raises(VerificationError):
        p.verify(lambda a: a, max_cases=6)
    with pytest.raises(VerificationError):
        p.verify(lambda a: a, cases=[{"a": 1}] * 3, max_cases=2)
    with pytest.raises(ProgramError):
        p.verify(lambda a: a // 2, cases=[{"b": 1}])
    r = p.verify(lambda a: a // 2, cases=[{"a": 1}, {"a": 2}])
    assert r["passed"] and not r["exhaustive"] and r["cases"] == 2
    q = compile("def f(x):\n    return 1 / x\n")
    with pytest.raises(VerificationError):
        q.verify(lambda x: 1 / x)
    r = q.verify(lambda x: 1 / x, cases=[{"x": 0.0}, {"x": 2.0}])
    assert r["passed"] and r["both_failed"] == 1
    many = compile("def f(a, b):\n    return a\n", inputs={"a": int32(0, 999), "b": int32(0, 999)})
    with pytest.raises(VerificationError):
        many.verify(lambda a, b: a)


def test_verify_reference_argument_types():
    seen = []
    p = compile("def f(i, t, x):\n    return i\n",
                inputs={"i": int32(0, 1), "t": boolean(), "x": float64()})
    p.verify(lambda i, t, x: seen.append((type(i), type(t), type(x))) or i,
             cases=[{"i": 1.0, "t": 1, "x": 2}])
    assert seen == [(int, bool, float)]


def test_verified_replacement_refusals():
    def prog(with_param=False, with_state=False, lo=0):
        b = Builder()
        a = b.input("a", int32(lo, 3))
        out = a + 1
        if with_param:
            out = out + b.parameter("p", 0.0)
        if with_state:
            out = out + b.state("s", 0.0)
        return b.build(out)

    base = prog()
    for bad in (prog(with_param=True), prog(with_state=True), prog(lo=1)):
        with pytest.raises(VerificationError):
            base.verified_replacement(bad)
    assert base.verified_replacement(prog(with_param=True).freeze()) is not None
    f = Builder()
    f.input("a", float64())
    with pytest.raises(VerificationError):
        compile("def f(a):\n    return a\n").verified_replacement(f.build(1.0))
    with pytest.raises(VerificationError):
        base.verified_replacement(prog(), max_cases=2)


def test_include_keeps_region_settings():
    inner = Builder(semantics="relaxed", temperature=0.5)
    a = inner.input("a")
    k = inner.parameter("k", 1.0)
    s = inner.state("n", 0.0)
    inner.update(s, s + 1)
    region_program = inner.build({"soft": a > 0, "scaled": k * a})
    outer = Builder()
    x = outer.input("x")
    region = outer.include(region_program, {"a": x}, prefix="r")
    p = outer.build({"soft": region["soft"], "sum": region["scaled"] + x})
    assert p.parameters == {"r.k": 1.0} and p.initial_state == {"r.n": 0.0}
    nodes = p.artifact()["nodes"]
    soft = [n for n in nodes if n["op"] == "gt"][0]
    assert soft["semantics"] == "relaxed" and soft["temperature"] == 0.5
    assert p.run({"x": 0.0})["soft"] == 0.5
    assert p.step({"x": 1.0})[1] == {"r.n": 1.0}
    with pytest.raises(CompileError):
        outer.include(region_program, {}, prefix="q")
    with pytest.raises(CompileError):
        outer.include(region_program, {"a": x}, prefix="r")
    with pytest.raises(CompileError):
        Builder(dtype="float32").include(region_program, {"a": 1.0})


def test_relaxed_forward_values():
    b = Builder(semantics="relaxed", temperature=2.0)
    x, y = b.input("x"), b.input("y")
    p = b.build({"gt": x > y, "lt": x < y, "eq": b.op("eq", x, y), "ne": b.op("ne", x, y),
                 "sel": b.select(b.op("gt", x, y), 10, 20), "g": b.gather([1.0, 5.0], b.op("min", b.op("max", x, 0), 1))})
    r = p.run({"x": 1.0, "y": 0.0})
    s = 1 / (1 + math.exp(-0.5))
    assert r["gt"] == pytest.approx(s, rel=1e-15) and r["lt"] == pytest.approx(1 - s, rel=1e-15)
    assert r["eq"] == pytest.approx(math.exp(-0.25), rel=1e-15)
    assert r["ne"] == pytest.approx(1 - math.exp(-0.25), rel=1e-15)
    assert r["sel"] == pytest.approx(s * 10 + (1 - s) * 20, rel=1e-15)
    assert r["g"] == pytest.approx(math.exp(-0.25) * 1 + 1 * 5, rel=1e-15)
    art = p.artifact()
    assert [n["domain"] for n in art["nodes"] if n["op"] == "gt"][0] == {
        "type": "float64", "min": 0, "max": 1}


# --- runtime -----------------------------------------------------------------------------------

def counter(limit=3):
    b = Builder()
    e = b.input("event", int32(0, 5))
    c = b.state("count", 0, int32(0, limit))
    other = b.state("other", 10.0)
    b.update(c, c + e)
    b.update(other, other - e)
    return b.build({"count": c, "other": other})


def test_runtime_transactions_and_budget():
    rt = Runtime(counter(), max_steps=4)
    assert rt.dispatch({"event": 2}) == {"count": 0, "other": 10.0}
    assert rt.state == {"count": 2, "other": 8.0} and rt.steps == 1
    with pytest.raises(DomainError):
        rt.dispatch({"event": 2})  # count would become 4 > 3
    assert rt.state == {"count": 2, "other": 8.0} and rt.steps == 1
    with pytest.raises(ProgramError):
        rt.dispatch({})
    assert rt.steps == 1
    rt.dispatch({"event": 0})
    snap = rt.snapshot()
    assert snap == {"format": "tensorcode.snapshot", "version": 1, "program": rt.program.artifact(),
                    "state": {"count": 2, "other": 8.0}, "steps": 2, "max_steps": 4}
    again = Runtime.restore(json.dumps(snap))
    again.dispatch({"event": 1})
    again.dispatch({"event": 0})
    with pytest.raises(StepLimitError):
        again.dispatch({"event": 0})
    assert again.steps == 4 and again.state == {"count": 3, "other": 7.0}
    assert rt.steps == 2
    with pytest.raises(ProgramError):
        Runtime(counter(), max_steps=-1)
    assert Runtime(counter(), state={"count": 1, "other": 0}).state == {"count": 1, "other": 0}
    with pytest.raises(DomainError):
        Runtime(counter(), state={"count": 9, "other": 0})


def test_runtime_replay_and_swap():
    rt = Runtime(counter())
    with pytest.raises(DomainError) as e:
        rt.replay([{"event": 1}, {"event": 1}, {"event": 5}, {"event": 1}])
    assert e.value.event_index == 2 and rt.steps == 2 and rt.state["count"] == 2
    b = Builder()
    x, y = b.state("x", 1.0), b.state("y", 2.0)
    b.update(x, y)
    b.update(y, x)
    swap = Runtime(b.build(x))
    assert swap.replay([{}, {}, {}]) == [{"result": 1.0}, {"result": 2.0}, {"result": 1.0}]
    assert swap.state == {"x": 2.0, "y": 1.0} and swap.steps == 3


def test_snapshot_validation():
    rt = Runtime(counter(), max_steps=5)
    good = rt.snapshot()
    for edit in (lambda s: s.update(steps=6), lambda s: s.update(version=2),
                 lambda s: s.update(state={"count": 1}), lambda s: s.update(state={"count": 9, "other": 0}),
                 lambda s: s.update(extra=1), lambda s: s.update(format="x"),
                 lambda s: s["program"].update(version=3), lambda s: s.update(steps=-1)):
        s = json.loads(json.dumps(good))
        edit(s)
        with pytest.raises(ArtifactError):
            Runtime.restore(s)
    with pytest.raises(ArtifactError):
        Runtime.restore("{bad")
    text = rt.snapshot_json()
    assert text.startswith('{"format":"tensorcode.snapshot","version":1,"program":{')
    assert Runtime.restore(text).snapshot() == good


def test_float32_affine_weights_are_float32_constants():
    b = Builder(dtype="float32")
    x, y = b.input("x"), b.input("y")
    packed = b.affine([x, y], [0.1, 0.3], 0.7)
    chain = 0.7 + 0.1 * x + 0.3 * y
    p = b.build({"packed": packed, "chain": chain})
    assert p.artifact()["nodes"][2]["value"]["weights"] == [0.10000000149011612, 0.30000001192092896]
    for xv, yv in ((1.3, -2.7), (1e3, 3.3), (-0.1, 0.2)):
        r = p.run({"x": xv, "y": yv})
        assert r["packed"] == r["chain"]


def test_plain_python_relu_and_sigmoid():
    from tensorcode.program import relu, sigmoid
    assert relu(2.5) == 2.5 and relu(-1) == 0.0 and relu(0) == 0.0
    assert sigmoid(0.0) == 0.5 and sigmoid(-800.0) == 0.0 and sigmoid(800.0) == 1.0
    assert sigmoid(1.0) == 1 / (1 + math.exp(-1)) and sigmoid(-1.0) == math.exp(-1) / (1 + math.exp(-1))
    b = Builder()
    x = b.input("x")
    p = b.build(b.op("sigmoid", x))
    for v in (-3.0, -0.5, 0.25, 7.0):
        assert p.run({"x": v})["result"] == sigmoid(v)


def test_public_names():
    import tensorcode.program as tp
    assert set(tp.__all__) == {
        "compile", "Builder", "Program", "Runtime", "Value", "Domain", "int32", "float32", "float64",
        "boolean", "analyze", "relu", "sigmoid", "ProgramError", "CompileError", "ArtifactError",
        "EvaluationError", "DomainError", "GradientError", "StepLimitError", "VerificationError"}
    for name in ("CompileError", "ArtifactError", "EvaluationError", "StepLimitError", "VerificationError"):
        assert issubclass(getattr(tp, name), tp.ProgramError) and issubclass(getattr(tp, name), ValueError)
    assert issubclass(tp.DomainError, tp.EvaluationError) and issubclass(tp.GradientError, tp.EvaluationError)
