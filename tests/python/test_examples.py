"""Spec §26: every acceptance example, as written."""
import json
import os
import pathlib
import subprocess
import sys

import pytest
from pytest import approx

from tensorcode.program import (Builder, CompileError, DomainError, EvaluationError, GradientError,
                                Program, ProgramError, Runtime, VerificationError, compile, float64,
                                int32, relu)
from tensorcode.program.operation import ProgramOperation


def choose(a):
    return 10 if a > 4 else 12


def test_26_1_compile_and_check_a_rule():
    program = compile(choose, inputs={"a": int32(min=-128, max=127)})
    assert program.run({"a": 5}) == {"result": 10}
    assert program.run({"a": 4}) == {"result": 12}
    report = program.verify()
    assert report["cases"] == 256 and report["exhaustive"] and report["passed"]
    artifact = program.to_json()
    data = json.loads(artifact)
    assert data["format"] == "tensorcode.program" and data["version"] == 1
    assert Program.from_json(artifact).run({"a": -3}) == {"result": 12}
    assert "10 if a > 4" not in artifact


def test_26_2_python_api_hybrid():
    pytest.importorskip("torch")
    b = Builder(semantics="hybrid", surrogate="sigmoid")
    x = b.input("x", float64())
    w = b.parameter("weight", 0.0)
    p = b.build(b.select(x > 4, w * x, 0))
    assert p.run({"x": 5}) == {"result": 0.0}
    assert p.gradients({"x": 5}) == {"x": 0.0, "weight": 5.0}
    model = p.to_tensor_module()
    assert [t.item() for t in model.parameters()] == [0.0]


def test_26_3_learned_correction():
    torch = pytest.importorskip("torch")
    rules = Builder()
    a = rules.input("a")
    algorithm = rules.build(rules.select(a > 4, 10, 12))
    b = Builder()
    x = b.input("x")
    correction = b.parameter("correction", 0.0)
    region = b.include(algorithm, {"a": x}, prefix="algorithm")
    program = b.build(region["result"] + correction * x)
    model = program.to_tensor_module()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    optimizer.zero_grad()
    output = model({"x": torch.tensor(5.0, dtype=torch.float64)})["result"]
    assert output.item() == 10.0
    (output - 11).square().backward()
    optimizer.step()
    trained_artifact = model.artifact()
    trained = Program.from_json(trained_artifact)
    assert trained.parameters == {"correction": approx(0.1)}
    assert trained.run({"x": 5}) == {"result": approx(10.5)}
    assert trained.run({"x": 3}) == {"result": approx(12.3)}
    assert program.parameters == {"correction": 0.0}


def test_26_4_state_and_events():
    b = Builder()
    event = b.input("event", int32(min=0, max=1))
    count = b.state("count", 0, int32(min=0, max=100))
    b.update(count, count + event)
    runtime = Runtime(b.build(count), max_steps=100)
    assert runtime.dispatch({"event": 1}) == {"result": 0}
    saved = runtime.snapshot()
    resumed = Runtime.restore(saved)
    assert resumed.dispatch({"event": 1}) == {"result": 1}
    assert resumed.steps == 2
    assert runtime.dispatch({"event": 0}) == {"result": 1}


def test_26_5_exact_comparison_is_an_instruction():
    b = Builder()
    x = b.input("x", float64())
    assert b.build(x > 4).run({"x": 4.5}) == {"result": 1}


def reciprocal_or_zero(semantics):
    b = Builder(semantics=semantics)
    x = b.input("x", float64())
    return b.build(b.select(x > 0, 1 / x, 0))


def test_26_5_exact_selection_runs_only_the_chosen_branch():
    p = reciprocal_or_zero("exact")
    assert p.run({"x": 0}) == {"result": 0}
    assert p.gradients({"x": 0}) == {"x": 0.0}


def test_26_5_hybrid_derivative_may_need_the_inactive_branch():
    p = reciprocal_or_zero("hybrid")
    assert p.run({"x": 0}) == {"result": 0}
    with pytest.raises(EvaluationError) as e:
        p.gradients({"x": 0})
    assert e.value.kind == "division_by_zero"


def relu_of(x):
    return relu(x)


def test_26_5_relu_derivative_at_zero():
    assert compile(relu_of).gradients({"x": 0}) == {"x": 0.0}


def test_26_5_integer_inputs_are_checked():
    b = Builder()
    i = b.input("i", int32(min=0, max=9))
    p = b.build(i + 1)
    for bad in (2.5, 10):
        with pytest.raises(DomainError):
            p.run({"i": bad})


def test_26_5_nan_inf_division_by_zero_are_errors():
    b = Builder()
    x = b.input("x")
    with pytest.raises(EvaluationError) as e:
        b.build(1 / x).run({"x": 0})
    assert e.value.kind == "division_by_zero"
    b = Builder()
    x = b.input("x")
    with pytest.raises(EvaluationError) as e:
        b.build(x * 1e308).run({"x": 10})
    assert e.value.kind == "non_finite"


def test_26_5_float32_rounds_every_node():
    b = Builder(dtype="float32")
    x = b.input("x")
    assert b.build(x * 0.1).run({"x": 3.0})["result"] == 0.30000001192092896
    b = Builder()
    x = b.input("x")
    assert b.build(x * 0.1).run({"x": 3.0})["result"] == 0.30000000000000004


LOOP_1025 = """
def f(x):
    acc = x
    for i in range(1025):
        acc = acc + 1
    return acc
"""


def test_26_5_loop_budget():
    with pytest.raises(CompileError):
        compile(LOOP_1025)
    assert compile(LOOP_1025, max_iterations=2000).run({"x": 0}) == {"result": 1025}


def square(a):
    return a * a


def test_26_5_inexact_integer_arithmetic():
    with pytest.raises(CompileError):
        compile(square, inputs={"a": int32()})


def pair(a):
    return [a + 1, a * 2]


def test_26_5_fixed_array_returns():
    p = compile(pair, inputs={"a": int32(min=-5, max=5)})
    assert p.outputs == ("0", "1")
    report = p.verify()
    assert report["passed"] and report["exhaustive"] and report["cases"] == 11


def uses_double(x):
    return double(x) + 1  # noqa: F821 - bound by name at compile time


def test_26_5_bindings():
    fwd = (lambda v: 2 * v)
    p = compile(uses_double, bindings={"double": (fwd, lambda args, r: (2.0,))})
    assert p.gradients({"x": 3.0}) == {"x": 2.0}
    q = compile(uses_double, bindings={"double": (fwd, None)})
    with pytest.raises(GradientError):
        q.gradients({"x": 3.0})
    assert q.run({"x": 3.0}) == {"result": 7.0}


def test_26_5_program_operation():
    with_state = Builder()
    s = with_state.state("s", 0.0)
    with pytest.raises(ProgramError):
        ProgramOperation(with_state.build(s))
    with_call = Builder()
    with pytest.raises(ProgramError):
        ProgramOperation(with_call.build(with_call.call("f", 1.0)))
    b = Builder()
    x = b.input("x")
    c = b.parameter("correction", 0.0)
    op = ProgramOperation(b.build(x + c * x))
    assert op({"x": 2.0}) == {"result": 2.0}


def test_26_5_verified_replacement():
    original = compile(choose, inputs={"a": int32(min=-128, max=127)})
    b = Builder()
    a = b.input("a", int32(min=-128, max=127))
    candidate = b.build(b.select(a > 4, 10, 12))
    assert original.verified_replacement(candidate) is candidate
    b = Builder()
    a = b.input("a", int32(min=-128, max=127))
    wrong = b.build(b.select(a > 5, 10, 12))
    with pytest.raises(VerificationError):
        original.verified_replacement(wrong)


def test_26_5_torch_is_optional():
    code = ("import sys, tensorcode.program, tensorcode.program.operation; "
            "print('torch' in sys.modules, 'numpy' in sys.modules)")
    env = dict(os.environ, PYTHONPATH=str(pathlib.Path(__file__).resolve().parents[2] / "python"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=env)
    assert out.stdout.split() == ["False", "False"]
