"""The circuit's scalar math against Python's own (spec §6.1, §7, §7.1, §10.6, §14.1): sigmoid and
the relaxed Gaussian use the platform exp that math.exp uses, bit for bit, so verify() with its
default atol=0 passes against the plain-Python sigmoid; // and % are CPython's exact float rules."""

import math
import random

from tensorcode.program import Builder, compile, relu, sigmoid


def test_sigmoid_equals_plain_python_bit_for_bit():
    b = Builder()
    x = b.input("x")
    p = b.build(b.op("sigmoid", x))
    rng = random.Random(1)
    values = [rng.uniform(-40.0, 40.0) for _ in range(4000)] + [rng.uniform(-1.0, 1.0) for _ in range(1000)]
    for v in values:
        assert p.run({"x": v})["result"] == sigmoid(v), v


def smooth(x, y):
    return relu(x * y) - sigmoid(y - x) * 3 + sigmoid(x) / (abs(y) + 1)


def test_verify_with_sigmoid_passes_exactly_on_random_cases():
    rng = random.Random(2)
    cases = [{"x": rng.uniform(-6.0, 6.0), "y": rng.uniform(-6.0, 6.0)} for _ in range(3000)]
    report = compile(smooth).verify(cases=cases)
    assert report["passed"], report["failures"][:3]


def test_relaxed_equality_is_the_gaussian_over_math_exp():
    b = Builder(semantics="relaxed", temperature=0.5)
    x, y = b.input("x"), b.input("y")
    p = b.build(b.op("eq", x, y))
    rng = random.Random(3)
    for _ in range(2000):
        xv, yv = rng.uniform(-2.0, 2.0), rng.uniform(-2.0, 2.0)
        z = (xv - yv) / 0.5
        assert p.run({"x": xv, "y": yv})["result"] == math.exp(-(z * z))


def test_floordiv_and_mod_are_cpythons_exact_rules():
    b = Builder()
    x, y = b.input("x"), b.input("y")
    p = b.build({"q": b.op("floordiv", x, y), "r": b.op("mod", x, y)})
    pairs = [(0.3, 0.1), (1.0, 0.1), (2.9999999999999996, 1.0), (-1e-20, 1.0), (1e-20, -1.0),
             (-0.0, 5.0), (0.0, -2.0), (7.5, -2.0), (-7.5, 2.0), (6.0, -3.0)]
    rng = random.Random(4)
    pairs += [(rng.uniform(-50, 50), rng.choice([-1, 1]) * rng.uniform(0.01, 7)) for _ in range(2000)]
    for a, d in pairs:
        r = p.run({"x": a, "y": d})
        assert (r["q"], r["r"]) == (a // d, a % d), (a, d)
        assert (math.copysign(1, r["q"]), math.copysign(1, r["r"])) == \
            (math.copysign(1, a // d), math.copysign(1, a % d)), (a, d)
