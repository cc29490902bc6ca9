"""Run-time error situations of spec §9.3 and §22 not covered elsewhere."""
import json

import pytest

from tensorcode.program import (Builder, CompileError, DomainError, EvaluationError, GradientError,
                                Program, ProgramError, Runtime, boolean, float64, int32)


def with_domain(program, node, domain):
    art = json.loads(program.to_json())
    art["nodes"][node]["domain"] = domain
    return Program.from_json(art)


def test_select_and_logical_arguments_must_be_bits():
    b = Builder()
    c, x = b.input("c"), b.input("x")
    p = b.build({"sel": b.select(c, x, 0), "and": b.op("and", c, 1), "not": b.op("not", c)})
    with pytest.raises(DomainError) as e:
        p.run({"c": 0.5, "x": 1.0})
    assert e.value.kind == "domain" and e.value.node == 3
    assert p.run({"c": 1.0, "x": 2.0}) == {"sel": 2.0, "and": 1.0, "not": 0.0}
    r = Builder(semantics="relaxed")
    c, x = r.input("c"), r.input("x")
    q = r.build(r.op("or", c, 0.25))
    assert q.run({"c": 0.5, "x": 0.0}) == {"result": 0.5 + 0.25 - 0.125}
    with pytest.raises(DomainError):
        q.run({"c": 1.5, "x": 0.0})


def test_relaxed_index_ranges():
    b = Builder(semantics="relaxed")
    i = b.input("i")
    p = b.build({"g": b.gather([1.0, 2.0, 3.0], i), "h": b.one_hot(i, 3)[0]})
    p.run({"i": 1.5})
    for bad in (-0.1, 2.1):
        with pytest.raises(EvaluationError) as e:
            p.run({"i": bad})
        assert e.value.kind == "invalid_index"


def test_exact_gather_needs_an_integer_index():
    b = Builder()
    i = b.input("i")
    p = b.build(b.gather([1.0, 2.0], i))
    with pytest.raises(EvaluationError) as e:
        p.run({"i": 0.5})
    assert e.value.kind == "invalid_index"


def test_step_checks_next_state_and_returns_nothing():
    b = Builder()
    x = b.input("x")
    s = b.state("s", 0.0, float64(min=0, max=1))
    b.update(s, x)
    p = b.build(s + 1)
    assert p.step({"x": 1.0}) == ({"result": 1.0}, {"s": 1.0})
    with pytest.raises(DomainError) as e:
        p.step({"x": 2.0})
    assert e.value.node == 1
    assert p.run({"x": 2.0}) == {"result": 1.0}  # run does not evaluate updates
    with pytest.raises(DomainError):
        p.run({"x": 0.0}, state={"s": 3.0})


def test_computed_node_domains_from_artifacts():
    b = Builder()
    x = b.input("x")
    p = b.build(x + 1)
    q = with_domain(p, 2, {"type": "int32", "min": 0, "max": 5})
    assert q.run({"x": 2.0}) == {"result": 3.0}
    for bad in (2.5, 5.0):
        with pytest.raises(DomainError):
            q.run({"x": bad})
    r = with_domain(p, 2, {"type": "boolean", "min": 0, "max": 1})
    with pytest.raises(DomainError):
        r.run({"x": 1.0})


def test_bindings_through_artifacts_and_snapshots():
    b = Builder(bindings={"sq": (lambda v: v * v, None)})
    x = b.input("x")
    s = b.state("s", 0.0)
    sq = b.call("sq", x)
    b.update(s, s + sq)
    p = b.build(s + sq)
    assert p.artifact()["nodes"][2]["differentiable"] is False
    with pytest.raises(GradientError):
        p.gradients({"x": 2.0})
    rt = Runtime(p)
    rt.dispatch({"x": 3.0})
    again = Runtime.restore(rt.snapshot(), bindings={"sq": (lambda v: v * v, None)})
    again.dispatch({"x": 1.0})
    assert again.state == {"s": 10.0}
    unbound = Runtime.restore(rt.snapshot())
    with pytest.raises(EvaluationError) as e:
        unbound.dispatch({"x": 1.0})
    assert e.value.kind == "unbound_call" and unbound.steps == 1


def test_include_binding_conflicts_and_dtype():
    inner = Builder(bindings={"f": (abs, None)})
    y = inner.input("y")
    prog = inner.build(inner.call("f", y))
    outer = Builder(bindings={"f": (round, None)})
    with pytest.raises(CompileError):
        outer.include(prog, {"y": 1.0})
    same = Builder(bindings={"f": (abs, None)})
    assert same.build(same.include(prog, {"y": -2.0})["result"]).run({}) == {"result": 2.0}


def test_verify_output_mapping():
    b = Builder()
    a = b.input("a", boolean())
    p = b.build({"x": a + 1, "y": a * 2})
    assert p.verify(lambda a: {"x": a + 1, "y": a * 2})["passed"]
    bad = p.verify(lambda a: {"x": a + 1})
    assert not bad["passed"] and bad["failures"][0]["expected"] == {"x": 1}
    assert p.verify(lambda a: {"x": True, "y": 0} if not a else {"x": 2, "y": 2})["passed"]


def test_program_cannot_be_constructed_directly():
    with pytest.raises(TypeError):
        Program()


def test_bad_api_arguments():
    b = Builder()
    x = b.input("x", int32(0, 1))
    p = b.build(x)
    with pytest.raises(ProgramError):
        p.run([1])
    with pytest.raises(ProgramError):
        p.gradients({"x": 1}, output="nope")
    with pytest.raises(ProgramError):
        Runtime("not a program")
