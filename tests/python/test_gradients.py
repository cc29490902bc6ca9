"""Gradients (spec §8.2, §13) against central finite differences and against torch.autograd on
the same formulas written in torch, for exact, relaxed and hybrid semantics."""
import math
import random

import pytest

from tensorcode.program import Builder, compile, relu, sigmoid


def build(semantics, temperature=0.7):
    b = Builder(semantics=semantics, temperature=temperature)
    x, y = b.input("x"), b.input("y")
    w = b.parameter("w", 0.8)
    c = x > y
    hot = b.select(c, w * x * x, b.op("sigmoid", x) * w)
    close = b.op("eq", x, w)
    out = hot + b.op("relu", x - w) - close * y / (b.op("abs", y) + 2) + b.op("min", x, 3 * y)
    return b.build(out)


def run_at(p, x, y, w):
    return p.with_parameters({"w": w}).run({"x": x, "y": y})["result"]


def finite_differences(p, x, y, w, h=1e-6):
    pts = {"x": (x, y, w), "y": (x, y, w), "w": (x, y, w)}
    out = {}
    for k, (a, b, c) in pts.items():
        def f(d):
            return run_at(p, a + d * (k == "x"), b + d * (k == "y"), c + d * (k == "w"))
        out[k] = (f(h) - f(-h)) / (2 * h)
    return out


POINTS = [(random.Random(s).uniform(-2, 2), random.Random(s + 100).uniform(-2, 2)) for s in range(12)]


@pytest.mark.parametrize("semantics", ["exact", "relaxed"])
def test_gradients_match_finite_differences(semantics):
    p = build(semantics)
    for x, y in POINTS:
        if semantics == "exact" and (abs(x - y) < 1e-3 or abs(x - 0.8) < 1e-3 or abs(x - 3 * y) < 1e-3):
            continue  # finite differences straddle a decision boundary
        g = p.gradients({"x": x, "y": y})
        fd = finite_differences(p, x, y, 0.8)
        for k in ("x", "y", "w"):
            assert g[k] == pytest.approx(fd[k], rel=1e-5, abs=1e-6), (semantics, x, y, k)


def torch_reference(semantics, x, y, w, t=0.7):
    torch = pytest.importorskip("torch")
    x, y, w = (torch.tensor(v, dtype=torch.float64, requires_grad=True) for v in (x, y, w))
    hard = (x > y).double()
    soft = torch.sigmoid((x - y) / t)
    c = {"exact": hard, "relaxed": soft, "hybrid": hard + (soft - soft.detach())}[semantics]
    hot = c * (w * x * x) + (1 - c) * (torch.sigmoid(x) * w)
    if semantics == "exact":
        hot = torch.where(x > y, w * x * x, torch.sigmoid(x) * w)
    e_hard = (x == w).double()
    e_soft = torch.exp(-((x - w) / t) ** 2)
    close = {"exact": e_hard, "relaxed": e_soft, "hybrid": e_hard + (e_soft - e_soft.detach())}[semantics]
    out = hot + torch.relu(x - w) - close * y / (torch.abs(y) + 2) + torch.minimum(x, 3 * y)
    out.backward()
    return out.item(), {"x": x.grad.item(), "y": y.grad.item(), "w": w.grad.item()}


@pytest.mark.parametrize("semantics", ["exact", "relaxed", "hybrid"])
def test_gradients_match_torch_autograd(semantics):
    p = build(semantics)
    for x, y in POINTS + [(0.8, 0.1), (1.0, 1.0)]:
        value, expected = torch_reference(semantics, x, y, 0.8)
        assert p.run({"x": x, "y": y})["result"] == pytest.approx(value, rel=1e-12)
        g = p.gradients({"x": x, "y": y})
        for k in ("x", "y", "w"):
            assert g[k] == pytest.approx(expected[k], rel=1e-9, abs=1e-12), (semantics, x, y, k)


def test_relaxed_index_ops_match_finite_differences():
    b = Builder(semantics="relaxed", temperature=0.9)
    i, v = b.input("i", ), b.input("v")
    hot = b.one_hot(i, 3)
    out = b.gather([v, 2 * v, v * v], i) + hot[1] * v + b.gather_one_hot([v, 3.0], [hot[0], hot[2]])
    p = b.build(out)
    for iv, vv in ((0.3, 1.2), (1.5, -0.4), (1.9, 0.7)):
        g = p.gradients({"i": iv, "v": vv})
        for k in ("i", "v"):
            h = 1e-6

            def f(d):
                args = {"i": iv, "v": vv}
                args[k] += d
                return p.run(args)["result"]

            assert g[k] == pytest.approx((f(h) - f(-h)) / (2 * h), rel=1e-6, abs=1e-7)


def test_exact_and_hybrid_index_gradients():
    for sem in ("exact", "hybrid"):
        b = Builder(semantics=sem)
        from tensorcode.program import int32
        i, v = b.input("i", int32(0, 2)), b.input("v")
        p = b.build(b.gather([v, 2 * v, v * v], i) + b.one_hot(i, 3)[1] * v)
        assert p.gradients({"i": 1, "v": 3.0}) == {"v": 3.0}
        assert p.gradients({"i": 2, "v": 3.0}) == {"v": 6.0}


def test_mod_floordiv_abs_min_max_rules():
    b = Builder()
    x, y = b.input("x"), b.input("y")
    p = b.build({"mod": b.op("mod", x, y), "fd": b.op("floordiv", x, y), "abs": b.op("abs", x),
                 "min": b.op("min", x, y), "max": b.op("max", x, y)})
    assert p.gradients({"x": 7.5, "y": 2.0}, output="mod") == {"x": 1.0, "y": -3.0}
    assert p.gradients({"x": 7.5, "y": 2.0}, output="fd") == {"x": 0.0, "y": 0.0}
    assert p.gradients({"x": 0.0, "y": 2.0}, output="abs") == {"x": 0.0, "y": 0.0}
    assert p.gradients({"x": 2.0, "y": 2.0}, output="min") == {"x": 1.0, "y": 0.0}
    assert p.gradients({"x": 2.0, "y": 2.0}, output="max") == {"x": 1.0, "y": 0.0}


def smooth(x, y):
    t = x * y + sigmoid(x - y)
    if x > 0:
        t = t + relu(y)
    return t / (1 + abs(x))


def test_compiled_function_gradient_matches_finite_differences():
    p = compile(smooth)
    for x, y in POINTS:
        if abs(x) < 1e-3 or abs(y) < 1e-3:
            continue
        g = p.gradients({"x": x, "y": y})
        h = 1e-6
        assert g["x"] == pytest.approx((smooth(x + h, y) - smooth(x - h, y)) / (2 * h), rel=1e-5)
        assert g["y"] == pytest.approx((smooth(x, y + h) - smooth(x, y - h)) / (2 * h), rel=1e-5)


def test_hybrid_spec_example_with_nonzero_weight():
    b = Builder(semantics="hybrid")
    x = b.input("x")
    w = b.parameter("weight", 2.0)
    p = b.build(b.select(x > 4, w * x, 0))
    s = 1 / (1 + math.exp(-1))
    assert p.gradients({"x": 5}) == {"x": pytest.approx(2 + 10 * s * (1 - s), rel=1e-15),
                                     "weight": 5.0}
    assert s * (1 - s) == pytest.approx(0.19661193324148185, rel=1e-15)


def test_non_finite_gradient_raises():
    from tensorcode.program import EvaluationError
    b = Builder()
    x = b.input("x")
    p = b.build(1 / x)
    with pytest.raises(EvaluationError) as e:
        p.gradients({"x": 1e-170})
    assert e.value.kind == "non_finite"
