"""compile (spec §10): accepted constructs checked against running the same Python function,
and every listed rejection."""
import functools

import pytest

from tensorcode.program import (CompileError, EvaluationError, boolean, compile, float32, float64,
                                int32, relu, sigmoid)

SMALL = int32(min=-6, max=6)


def arith(a, b):
    x = a + b * 2 - 3
    y = x // 2 + x % 3
    z = -y
    z += 1
    z *= 2
    return abs(z) + min(a, b, 2) + max(a, b)


def branches(a, b):
    """Docstrings are allowed."""
    if a > b:
        r = a - b
    elif a == b:
        r = 0
    else:
        r = b - a
    if not (a < 0 or b < 0) and a != 3:
        r = r + 1
    return r if r < 5 else 5


def early(a):
    if a == 0:
        return 100
    for i in range(3):
        if a == i:
            return i * 10
    return 1 // a


def arrays(a, b):
    v = [a, b, 3]
    v[0] = v[0] + 1
    v[-1] += a
    p, q = b, a
    total = 0
    for i in range(len(v)):
        total = total + v[i]
    w = (1, 2, 3, 4)
    return [total + v[a % 3], w[b % 4] + p - q, v[a]]


def chained(a, b):
    return 1 if -2 < a <= b < 4 else 0


def truthy(a):
    if a:
        return 1
    return 2


def nested_loops(a):
    acc = 0
    for i in range(0, 6, 2):
        for j in range(i, 0, -1):
            acc = acc + a * j
    return acc


@pytest.mark.parametrize("fn, names", [(arith, "ab"), (branches, "ab"), (early, "a"),
                                       (chained, "ab"), (truthy, "a"), (nested_loops, "a")])
def test_integer_functions_agree_with_python(fn, names):
    p = compile(fn, inputs={n: SMALL for n in names})
    report = p.verify()
    assert report["exhaustive"] and report["passed"], report["failures"]
    assert report["cases"] == 13 ** len(names)


def test_arrays_agree_with_python_including_failures():
    p = compile(arrays, inputs={"a": SMALL, "b": SMALL})
    report = p.verify()
    # v[a] raises IndexError in Python exactly where the circuit raises invalid_index.
    assert report["passed"], report["failures"]
    assert report["both_failed"] == 13 * 7  # a in [-6, -4] or [3, 6]
    assert p.outputs == ("0", "1", "2")


def floats(x, y):
    if x > y:
        t = x * y + 0.5
    else:
        t = x / (abs(y) + 1)
    return relu(t) - sigmoid(y) + min(x, y) / 3


def test_float_function_agrees_with_python_on_cases():
    p = compile(floats)
    cases = [{"x": x / 4, "y": y / 3} for x in range(-8, 9) for y in range(-6, 7)]
    report = p.verify(cases=cases)
    assert report["passed"] and not report["exhaustive"] and report["cases"] == len(cases)


def after_return(x):
    if x == 0:
        return 0.0
    return 1 / x


def test_code_after_a_taken_early_return_cannot_raise():
    p = compile(after_return)
    assert p.run({"x": 0}) == {"result": 0.0}
    assert p.run({"x": 4}) == {"result": 0.25}


def symbolic_index(i):
    v = [10, 20, 30]
    return v[i]


def test_symbolic_negative_index_has_python_meaning():
    p = compile(symbolic_index, inputs={"i": int32(min=-3, max=2)})
    assert [p.run({"i": i})["result"] for i in range(-3, 3)] == [10, 20, 30, 10, 20, 30]
    q = compile(symbolic_index, inputs={"i": int32(min=-5, max=5)})
    with pytest.raises(EvaluationError) as e:
        q.run({"i": 3})
    assert e.value.kind == "invalid_index"


def test_source_strings_and_locations():
    src = "# comment\n\ndef f(a, b):\n    return a * b + 1\n"
    p = compile(src)
    nodes = p.artifact()["nodes"]
    assert nodes[0]["source"] == {"file": "<string>", "line": 3, "column": 6}
    assert all(n["source"]["file"] == "<string>" for n in nodes)
    mul = [n for n in nodes if n["op"] == "mul"][0]
    assert mul["source"]["line"] == 4 and mul["source"]["column"] == 11
    with pytest.raises(Exception):
        p.verify()  # no default reference for source text


def test_function_source_location_is_absolute():
    nodes = compile(chained).artifact()["nodes"]
    assert nodes[0]["source"]["file"].endswith("test_frontend.py")
    assert nodes[0]["source"]["line"] == chained.__code__.co_firstlineno


def test_inputs_rules():
    p = compile("def f(a, b):\n    return a + b\n", inputs={"a": boolean()})
    assert p.inputs == {"a": boolean(), "b": float64()}
    with pytest.raises(CompileError):
        compile("def f(a):\n    return a\n", inputs={"zz": float64()})


def test_integer_exactness_bounds():
    four = "def f(a):\n    return a * a * a * a\n"
    compile(four, inputs={"a": int32(min=-1000, max=1000)})
    with pytest.raises(CompileError, match="inexact"):
        compile(four, inputs={"a": int32(min=-10000, max=10000)})
    with pytest.raises(CompileError):
        compile("def f(a):\n    return a + 9007199254740993\n", inputs={"a": int32(0, 1)})
    # float32 programs use the 2^24 bound
    with pytest.raises(CompileError):
        compile("def f(a):\n    return a * a\n", inputs={"a": int32(-5000, 5000)}, dtype="float32")


def test_float_index_and_float_division_rules():
    with pytest.raises(CompileError):
        compile("def f(x):\n    v = [1, 2]\n    return v[x]\n")
    for op in ("/", "//", "%"):
        with pytest.raises(CompileError):
            compile(f"def f(x):\n    return x {op} 0\n")


REJECTED = {
    "closure_free_variable": "def f(x):\n    return x + K\n",
    "while": "def f(x):\n    while x > 0:\n        x = x - 1\n    return x\n",
    "break": "def f(x):\n    for i in range(3):\n        break\n    return x\n",
    "for_non_range": "def f(x):\n    for i in [1, 2]:\n        x = x + i\n    return x\n",
    "unbounded_range": "def f(x, n):\n    for i in range(n):\n        x = x + 1\n    return x\n",
    "zero_step": "def f(x):\n    for i in range(0, 3, 0):\n        x = x + 1\n    return x\n",
    "try": "def f(x):\n    try:\n        return x\n    except Exception:\n        return 0\n",
    "with": "def f(x):\n    with x:\n        return x\n",
    "raise": "def f(x):\n    raise ValueError()\n",
    "assert": "def f(x):\n    assert x\n    return x\n",
    "import": "def f(x):\n    import math\n    return x\n",
    "global": "def f(x):\n    global y\n    return x\n",
    "print_call": "def f(x):\n    print(x)\n    return x\n",
    "other_call": "def f(x):\n    return round(x)\n",
    "method_call": "def f(x):\n    return x.conjugate()\n",
    "attribute": "def f(x):\n    return x.real\n",
    "pow": "def f(x):\n    return x ** 2\n",
    "bitwise": "def f(a):\n    return a & 1\n",
    "string": "def f(x):\n    y = 'a'\n    return x\n",
    "comprehension": "def f(x):\n    return [x for i in range(2)]\n",
    "slice": "def f(x):\n    v = [x, x]\n    return v[0:1]\n",
    "nested_array": "def f(x):\n    return [[x]]\n",
    "array_arith": "def f(x):\n    return [x] + [x]\n",
    "dict": "def f(x):\n    return {'a': x}\n",
    "lambda": "def f(x):\n    g = lambda y: y\n    return x\n",
    "nested_def": "def f(x):\n    def g(y):\n        return y\n    return x\n",
    "defaults": "def f(x=1):\n    return x\n",
    "kwonly": "def f(*, x):\n    return x\n",
    "varargs": "def f(*xs):\n    return 1\n",
    "decorator": "@staticmethod\ndef f(x):\n    return x\n",
    "async": "async def f(x):\n    return x\n",
    "generator": "def f(x):\n    yield x\n",
    "falls_off": "def f(x):\n    if x > 0:\n        return 1\n",
    "maybe_unassigned": "def f(x):\n    if x > 0:\n        y = 1\n    return y\n",
    "bool_op_on_numbers": "def f(x):\n    return x and 1\n",
    "walrus": "def f(x):\n    return (y := x)\n",
    "is": "def f(x):\n    return 1 if x is None else 2\n",
    "keyword_args": "def f(x):\n    return min(x, key=1)\n",
    "two_functions": "def f(x):\n    return x\ndef g(x):\n    return x\n",
    "mismatched_returns": "def f(x):\n    if x > 0:\n        return [1, 2]\n    return 3\n",
    "expression_statement": "def f(x):\n    x + 1\n    return x\n",
    "fstring": "def f(x):\n    y = f'{x}'\n    return x\n",
    "starred": "def f(x):\n    v = [x]\n    return [*v]\n",
}


@pytest.mark.parametrize("name", sorted(REJECTED))
def test_rejections(name):
    with pytest.raises(CompileError):
        compile(REJECTED[name])


def test_rejected_callables():
    k = 3

    def closure(x):
        return x + k

    with pytest.raises(CompileError, match="closure"):
        compile(closure)
    with pytest.raises(CompileError):
        compile(functools.partial(arith, 1))
    with pytest.raises(CompileError):
        compile(abs)
    with pytest.raises(CompileError):
        compile(lambda x: x)

    class Callable:
        def __call__(self, x):
            return x

    with pytest.raises(CompileError):
        compile(Callable())


def test_nested_function_without_free_variables_is_dedented():
    def inner(x):
        return x * 2 + 1

    assert compile(inner).run({"x": 2.0}) == {"result": 5.0}


def test_float32_compile_rounds_every_node():
    p = compile("def f(x):\n    return x * 0.1\n", dtype="float32", inputs={"x": float32()})
    assert p.run({"x": 3.0})["result"] == 0.30000001192092896


def test_loop_budget_counts_nested_expansions():
    src = ("def f(x):\n    for i in range(32):\n        for j in range(32):\n"
           "            x = x + 1\n    return x\n")
    with pytest.raises(CompileError):
        compile(src)
    assert compile(src, max_iterations=1056).run({"x": 0}) == {"result": 1024}
    assert compile("def f(x):\n    for i in range(1024):\n        x = x + 1\n    return x\n").run(
        {"x": 0}) == {"result": 1024}


def test_node_limit():
    src = "def f(x):\n    for i in range(1000):\n        x = x * 1.5 + 1\n    return x\n"
    with pytest.raises(CompileError, match="max_nodes"):
        compile(src, max_nodes=500)
    assert len(compile(src).artifact()["nodes"]) > 1000


def test_every_compiled_node_has_a_source_location():
    for fn in (arith, branches, early, arrays, chained, truthy, nested_loops, symbolic_index):
        names = fn.__code__.co_varnames[:fn.__code__.co_argcount]
        nodes = compile(fn, inputs={k: SMALL for k in names}).artifact()["nodes"]
        assert all(n["source"] is not None and n["source"]["line"] >= fn.__code__.co_firstlineno
                   for n in nodes), fn.__name__
