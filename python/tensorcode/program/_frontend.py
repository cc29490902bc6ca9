"""compile (spec §10): reads one bounded Python function with ``ast`` and builds its circuit through
a Builder. Branches become ``select``, loops over literal ranges are unrolled, early returns become
select chains; integer arithmetic is tracked with intervals so nothing inexact is compiled."""

import ast
import inspect
import textwrap
import types

from ._builder import Builder, Value
from ._domain import Domain, float64
from ._errors import CompileError

_REJECTED_STATEMENTS = {
    ast.While: "while loops", ast.Break: "break", ast.Continue: "continue", ast.Try: "try",
    ast.With: "with", ast.Raise: "raise", ast.Assert: "assert", ast.Delete: "del",
    ast.Global: "global", ast.Nonlocal: "nonlocal", ast.Import: "import",
    ast.ImportFrom: "import", ast.ClassDef: "class definitions",
    ast.FunctionDef: "nested functions", ast.AsyncFunctionDef: "nested functions",
    ast.AsyncFor: "async for", ast.AsyncWith: "async with", ast.AnnAssign: "annotated assignment",
}
if hasattr(ast, "Match"):
    _REJECTED_STATEMENTS[ast.Match] = "match"
if hasattr(ast, "TryStar"):
    _REJECTED_STATEMENTS[ast.TryStar] = "try"

_BINOPS = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div",
           ast.FloorDiv: "floordiv", ast.Mod: "mod"}
_CMPOPS = {ast.Lt: "lt", ast.LtE: "le", ast.Gt: "gt", ast.GtE: "ge", ast.Eq: "eq", ast.NotEq: "ne"}
_BUILTINS = ("relu", "sigmoid", "abs", "min", "max", "len")


class Sym:
    """A symbolic scalar: its wire, whether Python would hold an int (with an interval) or a bool."""

    __slots__ = ("v", "is_int", "lo", "hi", "is_bool")

    def __init__(self, v, is_int=False, lo=None, hi=None, is_bool=False):
        self.v, self.is_int, self.lo, self.hi, self.is_bool = v, is_int, lo, hi, is_bool


class _Undefined:
    """A variable assigned on only some paths."""


UNDEF = _Undefined()


def _is_const(x):
    return isinstance(x, (bool, int, float))


def _fail(what, node=None, offset=0):
    line = getattr(node, "lineno", None)
    where = f" (line {line + offset})" if line is not None else ""
    raise CompileError(f"{what}{where}")


class _State:
    __slots__ = ("env", "returned", "result")

    def __init__(self, env, returned=False, result=None):
        self.env, self.returned, self.result = env, returned, result

    def copy(self):
        return _State(dict(self.env), self.returned, self.result)


class _Compiler:
    def __init__(self, builder, fn_node, file, line_offset, col_offset, bindings, max_iterations):
        self.b = builder
        self.fn = fn_node
        self.file = file
        self.line_offset = line_offset
        self.col_offset = col_offset
        self.bindings = bindings or {}
        self.max_iterations = max_iterations
        self.iterations = 0
        self.bound = 2 ** 24 if builder.dtype == "float32" else 2 ** 53

    # --- helpers -------------------------------------------------------------------------------

    def fail(self, what, node=None):
        _fail(what, node, self.line_offset)

    def src(self, node):
        return {"file": self.file, "line": node.lineno + self.line_offset,
                "column": node.col_offset + self.col_offset}

    def wire(self, x, node):
        if isinstance(x, Sym):
            return x.v.id
        if isinstance(x, tuple):
            self.fail("an array cannot be used as a scalar", node)
        return self.b._number(x, source=self.src(node)).id

    def emit(self, op, args, node, **kw):
        ids = [self.wire(a, node) for a in args]
        return self.b._emit(op, ids, domain=self.b._domain(op), source=self.src(node), **kw)

    def check_int(self, lo, hi, node):
        if max(abs(lo), abs(hi)) > self.bound:
            self.fail("potentially inexact integer arithmetic; narrow the input domains", node)

    @staticmethod
    def interval(x):
        if isinstance(x, Sym):
            return (x.lo, x.hi) if x.is_int else None
        if isinstance(x, bool) or isinstance(x, int):
            return (int(x), int(x))
        return None

    def scalar(self, x, node, what="value"):
        if isinstance(x, tuple):
            self.fail(f"arrays are not allowed as {what}", node)
        return x

    # --- entry ---------------------------------------------------------------------------------

    def compile(self, params):
        st = _State(dict(params))
        body = self.fn.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            body = body[1:]
        self.block(body, st)
        if st.returned is not True:
            self.fail("every path must end in return (the function can fall off its end)", self.fn)
        return st.result

    def block(self, stmts, st):
        for s in stmts:
            if st.returned is True:
                return
            self.stmt(s, st)

    # --- statements ----------------------------------------------------------------------------

    def stmt(self, s, st):
        for cls, what in _REJECTED_STATEMENTS.items():
            if isinstance(s, cls):
                self.fail(f"{what} are not supported" if what.endswith("s") else
                          f"'{what}' is not supported", s)
        if isinstance(s, ast.Pass):
            return
        if isinstance(s, ast.Expr):
            self.fail("expression statements are host side effects and are not supported", s)
        if isinstance(s, ast.Return):
            if s.value is None:
                self.fail("return needs a value", s)
            self.do_return(self.expr(s.value, st.env), st, s)
            return
        if isinstance(s, ast.Assign):
            value = self.expr(s.value, st.env)
            for t in s.targets:
                self.assign(t, value, st, s)
            return
        if isinstance(s, ast.AugAssign):
            op = _BINOPS.get(type(s.op))
            if op is None:
                self.fail(f"augmented operator {type(s.op).__name__} is not supported", s)
            if isinstance(s.target, ast.Name):
                cur = self.load(s.target.id, st.env, s.target)
            elif isinstance(s.target, ast.Subscript):
                arr, k = self.element_target(s.target, st.env)
                cur = arr[k]
            else:
                self.fail("augmented assignment needs a name or array element", s)
            value = self.binop(op, cur, self.expr(s.value, st.env), s)
            self.assign(s.target, value, st, s)
            return
        if isinstance(s, ast.If):
            self.do_if(s, st)
            return
        if isinstance(s, ast.For):
            self.do_for(s, st)
            return
        self.fail(f"statement {type(s).__name__} is not supported", s)

    def load(self, name, env, node):
        if name not in env:
            if name in _BUILTINS or name in self.bindings:
                self.fail(f"{name} can only be called", node)
            self.fail(f"name {name!r} is not assigned before use (free variables are rejected;"
                      " pass inputs explicitly)", node)
        v = env[name]
        if v is UNDEF:
            self.fail(f"variable {name!r} may be unassigned on some path", node)
        return v

    def element_target(self, t, env):
        if not isinstance(t.value, ast.Name):
            self.fail("only array variables can be assigned element-wise", t)
        arr = self.load(t.value.id, env, t.value)
        if not isinstance(arr, tuple):
            self.fail(f"{t.value.id!r} is not an array", t)
        k = self.expr(t.slice, env)
        if isinstance(k, bool) or not isinstance(k, int):
            self.fail("an element assignment needs a compile-time integer index", t)
        if not -len(arr) <= k < len(arr):
            self.fail(f"index {k} is out of range for an array of length {len(arr)}", t)
        return arr, k % len(arr)

    def assign(self, t, value, st, node):
        if isinstance(t, ast.Name):
            st.env[t.id] = value
        elif isinstance(t, (ast.Tuple, ast.List)):
            if not isinstance(value, tuple) or len(value) != len(t.elts):
                self.fail("unpacking needs an array of the same length", node)
            for sub, v in zip(t.elts, value):
                if not isinstance(sub, ast.Name):
                    self.fail("unpacking targets must be plain names", node)
                st.env[sub.id] = v
        elif isinstance(t, ast.Subscript):
            arr, k = self.element_target(t, st.env)
            if isinstance(value, tuple):
                self.fail("nested arrays are not supported", node)
            st.env[t.value.id] = arr[:k] + (value,) + arr[k + 1:]
        else:
            self.fail("assignment to attributes or other targets is not supported", node)

    def do_return(self, value, st, node):
        if isinstance(value, tuple) and not value:
            self.fail("cannot return an empty array", node)
        if st.returned is False:
            st.result = value
        else:  # symbolic: earlier returns win
            st.result = self.merge(st.returned, st.result, value, node, "return")
        st.returned = True

    def truth(self, c, node):
        """A condition as a compile-time bool or a boolean-valued Sym."""
        if isinstance(c, tuple):
            self.fail("an array has no truth value here", node)
        if _is_const(c):
            return bool(c)
        if c.is_bool:
            return c
        return Sym(self.emit("ne", [c, 0], node), True, 0, 1, True)

    def do_if(self, s, st):
        c = self.truth(self.expr(s.test, st.env), s.test)
        if isinstance(c, bool):
            self.block(s.body if c else s.orelse, st)
            return
        a, b = st.copy(), st.copy()
        self.block(s.body, a)
        self.block(s.orelse, b)
        # Environment: an arm that has surely returned contributes nothing.
        if a.returned is True and b.returned is True:
            env = a.env
        elif a.returned is True:
            env = b.env
        elif b.returned is True:
            env = a.env
        else:
            env = {}
            for name in set(a.env) | set(b.env):
                va, vb = a.env.get(name, UNDEF), b.env.get(name, UNDEF)
                if va is UNDEF or vb is UNDEF:
                    env[name] = UNDEF
                else:
                    env[name] = self.merge(c, va, vb, s, f"variable {name!r}")
        # Returned condition and pending result.
        ra, rb = a.returned, b.returned
        if ra is False and rb is False:
            returned = False
        elif ra is True and rb is True:
            returned = True
        elif ra is True and rb is False:
            returned = c
        elif ra is False and rb is True:
            returned = Sym(self.emit("not", [c], s), True, 0, 1, True)
        else:
            returned = self.merge(c, ra if ra is not False else 0, rb if rb is not False else 0, s, "return")
            if ra is True:
                returned = self.merge(c, 1, rb, s, "return")
            elif rb is True:
                returned = self.merge(c, ra, 1, s, "return")
            if isinstance(returned, Sym):
                returned.is_bool, returned.is_int, returned.lo, returned.hi = True, True, 0, 1
        if a.result is not None and b.result is not None and a.result is not b.result:
            result = self.merge(c, a.result, b.result, s, "return") if ra is not False and rb is not False \
                else (a.result if rb is False else b.result)
        else:
            result = a.result if a.result is not None else b.result
        st.env, st.returned, st.result = env, returned, result

    def merge(self, c, x, y, node, what):
        """select(c, x, y), element-wise for arrays."""
        if isinstance(x, tuple) or isinstance(y, tuple):
            if not (isinstance(x, tuple) and isinstance(y, tuple)) or len(x) != len(y):
                self.fail(f"{what}: arrays of different lengths (or array and scalar) cannot be merged", node)
            return tuple(self.merge(c, p, q, node, what) for p, q in zip(x, y))
        if x is y or (_is_const(x) and _is_const(y) and type(x) is type(y) and x == y
                      and str(x) == str(y)):
            return x
        if c is True:
            return x
        if c is False:
            return y
        return self.select(c, x, y, node)

    def select(self, c, x, y, node):
        v = self.emit("select", [c, x, y], node)
        ix, iy = self.interval(x), self.interval(y)
        if ix and iy:
            both_bool = all((isinstance(z, Sym) and z.is_bool) or isinstance(z, bool) for z in (x, y))
            return Sym(v, True, min(ix[0], iy[0]), max(ix[1], iy[1]), both_bool)
        return Sym(v)

    def do_for(self, s, st):
        if s.orelse:
            self.fail("for-else is not supported", s)
        if not isinstance(s.target, ast.Name):
            self.fail("the loop variable must be a plain name", s)
        it = s.iter
        if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range"
                and not it.keywords and 1 <= len(it.args) <= 3):
            self.fail("only 'for ... in range(...)' loops with compile-time bounds are supported", s)
        bounds = [self.expr(a, st.env) for a in it.args]
        for bnd in bounds:
            if isinstance(bnd, bool) or not isinstance(bnd, int):
                self.fail("range bounds must be compile-time integers (unbounded loops are rejected)", s)
        r = range(*bounds) if bounds[-1] != 0 or len(bounds) < 3 else None
        if r is None:
            self.fail("range step must not be zero", s)
        for i in r:
            if st.returned is True:
                break
            self.iterations += 1
            if self.iterations > self.max_iterations:
                self.fail(f"loop expansion exceeds max_iterations ({self.max_iterations})", s)
            st.env[s.target.id] = i
            self.block(s.body, st)

    # --- expressions ---------------------------------------------------------------------------

    def expr(self, e, env):
        if isinstance(e, ast.Constant):
            v = e.value
            if isinstance(v, bool):
                return v
            if isinstance(v, int):
                if abs(v) > self.bound:
                    self.fail("potentially inexact integer literal; narrow it", e)
                return v
            if isinstance(v, float):
                return v
            self.fail(f"{type(v).__name__} literals are not supported", e)
        if isinstance(e, ast.Name):
            return self.load(e.id, env, e)
        if isinstance(e, ast.BinOp):
            op = _BINOPS.get(type(e.op))
            if op is None:
                what = "'**' (write x * x)" if isinstance(e.op, ast.Pow) else type(e.op).__name__
                self.fail(f"operator {what} is not supported", e)
            return self.binop(op, self.expr(e.left, env), self.expr(e.right, env), e)
        if isinstance(e, ast.UnaryOp):
            x = self.scalar(self.expr(e.operand, env), e, "operands")
            if isinstance(e.op, ast.UAdd):
                return x
            if isinstance(e.op, ast.USub):
                if _is_const(x):
                    return -x if not isinstance(x, bool) else -int(x)
                iv = self.interval(x)
                return Sym(self.emit("neg", [x], e), bool(iv), -iv[1] if iv else None,
                           -iv[0] if iv else None)
            if isinstance(e.op, ast.Not):
                c = self.truth(x, e)
                if isinstance(c, bool):
                    return not c
                return Sym(self.emit("not", [c], e), True, 0, 1, True)
            self.fail(f"operator {type(e.op).__name__} is not supported", e)
        if isinstance(e, ast.Compare):
            return self.compare(e, env)
        if isinstance(e, ast.BoolOp):
            op = "and" if isinstance(e.op, ast.And) else "or"
            vals = [self.scalar(self.expr(v, env), v, "operands") for v in e.values]
            for v, n in zip(vals, e.values):
                if not (isinstance(v, bool) or (isinstance(v, Sym) and v.is_bool)):
                    self.fail(f"'{op}' needs boolean operands (comparisons, not, booleans)", n)
            acc = vals[0]
            for v in vals[1:]:
                if isinstance(acc, bool) and isinstance(v, bool):
                    acc = (acc and v) if op == "and" else (acc or v)
                else:
                    acc = Sym(self.emit(op, [acc, v], e), True, 0, 1, True)
            return acc
        if isinstance(e, ast.IfExp):
            c = self.truth(self.expr(e.test, env), e.test)
            if isinstance(c, bool):
                return self.expr(e.body if c else e.orelse, env)
            return self.merge(c, self.expr(e.body, env), self.expr(e.orelse, env), e, "conditional")
        if isinstance(e, ast.Call):
            return self.call(e, env)
        if isinstance(e, (ast.List, ast.Tuple)):
            items = []
            for el in e.elts:
                if isinstance(el, ast.Starred):
                    self.fail("starred expressions are not supported", el)
                v = self.expr(el, env)
                if isinstance(v, tuple):
                    self.fail("nested arrays are not supported", el)
                items.append(v)
            return tuple(items)
        if isinstance(e, ast.Subscript):
            return self.subscript(e, env)
        names = {ast.Attribute: "attribute access", ast.Lambda: "lambda", ast.Dict: "dict literals",
                 ast.Set: "set literals", ast.ListComp: "comprehensions",
                 ast.SetComp: "comprehensions", ast.DictComp: "comprehensions",
                 ast.GeneratorExp: "generator expressions", ast.Await: "await",
                 ast.Yield: "yield", ast.YieldFrom: "yield", ast.JoinedStr: "f-strings",
                 ast.NamedExpr: "':=' (walrus)", ast.Starred: "starred expressions",
                 ast.Slice: "slices"}
        self.fail(f"{names.get(type(e), type(e).__name__)} is not supported", e)

    def binop(self, op, x, y, node):
        if isinstance(x, tuple) or isinstance(y, tuple):
            self.fail("arithmetic on arrays is not supported", node)
        if op in ("div", "floordiv", "mod") and _is_const(y) and y == 0:
            self.fail("division by the constant zero is outside the finite numeric contract", node)
        ix, iy = self.interval(x), self.interval(y)
        if _is_const(x) and _is_const(y) and ix and iy and op != "div":
            a, b = int(x), int(y)
            r = {"add": a + b, "sub": a - b, "mul": a * b,
                 "floordiv": a // b if b else 0, "mod": a % b if b else 0}[op]
            self.check_int(r, r, node)
            return r
        v = self.emit(op, [x, y], node)
        if ix and iy and op != "div":
            if op == "add":
                lo, hi = ix[0] + iy[0], ix[1] + iy[1]
            elif op == "sub":
                lo, hi = ix[0] - iy[1], ix[1] - iy[0]
            elif op == "mul":
                ps = [p * q for p in ix for q in iy]
                lo, hi = min(ps), max(ps)
            elif op == "floordiv":
                m = max(abs(ix[0]), abs(ix[1]))
                lo, hi = -m, m
            else:
                m = max(abs(iy[0]), abs(iy[1]))
                lo, hi = -m, m
            self.check_int(lo, hi, node)
            return Sym(v, True, lo, hi)
        return Sym(v)

    def compare(self, e, env):
        operands = [self.expr(e.left, env)] + [self.expr(c, env) for c in e.comparators]
        for o, n in zip(operands, [e.left] + e.comparators):
            self.scalar(o, n, "comparison operands")
        results = []
        for k, opnode in enumerate(e.ops):
            op = _CMPOPS.get(type(opnode))
            if op is None:
                self.fail(f"comparison {type(opnode).__name__} is not supported", e)
            a, b = operands[k], operands[k + 1]
            exact_fold = self.b.dtype == "float64" or (self.interval(a) and self.interval(b))
            if _is_const(a) and _is_const(b) and exact_fold:
                results.append({"lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b,
                                "eq": a == b, "ne": a != b}[op])
            else:
                results.append(Sym(self.emit(op, [a, b], e), True, 0, 1, True))
        acc = results[0]
        for r in results[1:]:
            if isinstance(acc, bool) and isinstance(r, bool):
                acc = acc and r
            elif acc is False or r is False:
                acc = False
            elif acc is True:
                acc = r
            elif r is not True:
                acc = Sym(self.emit("and", [acc, r], e), True, 0, 1, True)
        return acc

    def call(self, e, env):
        if not isinstance(e.func, ast.Name):
            self.fail("method calls and calls of expressions are not supported", e)
        name = e.func.id
        if e.keywords:
            self.fail("keyword arguments are not supported", e)
        if any(isinstance(a, ast.Starred) for a in e.args):
            self.fail("starred arguments are not supported", e)
        if name in env and name not in self.bindings:
            self.fail(f"{name!r} is not callable", e)
        args = [self.expr(a, env) for a in e.args]
        if name == "len":
            if len(args) != 1 or not isinstance(args[0], tuple):
                self.fail("len takes one array", e)
            return len(args[0])
        if name in ("relu", "sigmoid", "abs"):
            if len(args) != 1:
                self.fail(f"{name} takes one argument", e)
            x = self.scalar(args[0], e, "arguments")
            if name == "abs":
                if _is_const(x):
                    return abs(x) if not isinstance(x, bool) else int(x)
                iv = self.interval(x)
                if iv:
                    lo = 0 if iv[0] <= 0 <= iv[1] else min(abs(iv[0]), abs(iv[1]))
                    return Sym(self.emit("abs", [x], e), True, lo, max(abs(iv[0]), abs(iv[1])))
                return Sym(self.emit("abs", [x], e))
            return Sym(self.emit(name, [x], e))
        if name in ("min", "max"):
            if len(args) == 1 and isinstance(args[0], tuple):
                args = list(args[0])
            if len(args) < 2:
                self.fail(f"{name} needs at least two values", e)
            acc = self.scalar(args[0], e, "arguments")
            for x in args[1:]:
                x = self.scalar(x, e, "arguments")
                if _is_const(acc) and _is_const(x):
                    acc = min(acc, x) if name == "min" else max(acc, x)
                    continue
                ia, ix = self.interval(acc), self.interval(x)
                v = self.emit(name, [acc, x], e)
                if ia and ix:
                    f = min if name == "min" else max
                    acc = Sym(v, True, f(ia[0], ix[0]), f(ia[1], ix[1]))
                else:
                    acc = Sym(v)
            return acc
        if name in self.bindings:
            for a in args:
                self.scalar(a, e, "call arguments")
            entry = self.bindings[name]
            diff = not (entry is not None and entry[1] is None)
            ids = [self.wire(a, e) for a in args]
            return Sym(self.b._emit("call", ids, differentiable=diff, name=name, source=self.src(e)))
        self.fail(f"call to {name!r} is not supported (only relu, sigmoid, abs, min, max, len and"
                  " bound calls; pass inputs explicitly)", e)

    def subscript(self, e, env):
        if isinstance(e.slice, ast.Slice):
            self.fail("slices are not supported", e)
        arr = self.expr(e.value, env)
        if not isinstance(arr, tuple):
            self.fail("only arrays can be indexed", e)
        k = self.expr(e.slice, env)
        if isinstance(k, tuple):
            self.fail("an array cannot be an index", e)
        n = len(arr)
        if _is_const(k):
            if isinstance(k, float) or isinstance(k, bool):
                if isinstance(k, float):
                    self.fail("array indices must be integers", e)
                k = int(k)
            if not -n <= k < n:
                self.fail(f"index {k} is out of range for an array of length {n}", e)
            return arr[k]
        if not k.is_int:
            self.fail("a symbolic index must be integer-valued", e)
        idx = k
        if k.lo < 0:
            neg = Sym(self.emit("lt", [k, 0], e), True, 0, 1, True)
            idx = self.select(neg, Sym(self.emit("add", [k, n], e), True, k.lo + n, k.hi + n), k, e)
        v = self.emit("gather", [idx, *arr], e)
        ivs = [self.interval(x) for x in arr]
        if all(ivs):
            return Sym(v, True, min(i[0] for i in ivs), max(i[1] for i in ivs),
                       all((isinstance(x, Sym) and x.is_bool) or isinstance(x, bool) for x in arr))
        return Sym(v)


def _source_of(source):
    """(module ast, function node, file, line offset, column offset, reference or None)."""
    if isinstance(source, str):
        try:
            tree = ast.parse(source)
        except SyntaxError as e:
            raise CompileError(f"source does not parse: {e}") from None
        body = list(tree.body)
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            body = body[1:]
        if len(body) != 1:
            raise CompileError("source text must contain exactly one top-level def")
        return body[0], "<string>", 0, 0, None
    if not isinstance(source, types.FunctionType):
        raise CompileError(f"cannot inspect the source of {type(source).__name__} objects; use "
                           "self-contained source text or Builder")
    if source.__name__ == "<lambda>":
        raise CompileError("lambdas are not supported; write a def")
    if source.__closure__:
        raise CompileError("closures are rejected; pass inputs explicitly")
    try:
        text = inspect.getsource(source)
        file = inspect.getsourcefile(source) or source.__code__.co_filename
    except (OSError, TypeError) as e:
        raise CompileError(f"the function's source cannot be inspected ({e}); use source text or "
                           "Builder") from None
    lines = text.splitlines(True)
    indent = len(lines[0]) - len(lines[0].lstrip()) if lines else 0
    try:
        tree = ast.parse(textwrap.dedent(text))
    except SyntaxError as e:
        raise CompileError(f"source does not parse: {e}") from None
    if len(tree.body) != 1:
        raise CompileError("expected one function definition")
    first = source.__code__.co_firstlineno
    return tree.body[0], file, first - tree.body[0].lineno, indent, source


def compile(source, inputs=None, *, semantics="exact", surrogate="sigmoid", temperature=1.0,
            dtype="float64", bindings=None, max_iterations=1024, max_nodes=100000):
    """Compiles one bounded Python function (object or source text) into a Program (spec §10)."""
    fn, file, line_offset, col_offset, reference = _source_of(source)
    if isinstance(fn, ast.AsyncFunctionDef):
        _fail("async def is not supported", fn, line_offset)
    if isinstance(fn, ast.Lambda) or (isinstance(fn, ast.Expr) and isinstance(fn.value, ast.Lambda)):
        _fail("lambdas are not supported; write a def", fn, line_offset)
    if not isinstance(fn, ast.FunctionDef):
        _fail("expected a function definition (def)", fn, line_offset)
    if fn.decorator_list:
        _fail("decorators are rejected", fn, line_offset)
    a = fn.args
    if a.defaults or a.kw_defaults:
        _fail("default values are rejected", fn, line_offset)
    if a.kwonlyargs or a.posonlyargs or a.vararg or a.kwarg:
        _fail("only plain positional-or-keyword parameters are supported", fn, line_offset)
    for node in ast.walk(fn):
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            _fail("generators are not supported", node, line_offset)
        if node is not fn and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                                ast.ClassDef)):
            _fail("nested functions, lambdas and classes are not supported", node, line_offset)
    names = [p.arg for p in a.args]
    inputs = dict(inputs or {})
    unknown = [k for k in inputs if k not in names]
    if unknown:
        raise CompileError(f"inputs names {unknown} are not parameters of {fn.name}")
    b = Builder(semantics, surrogate, temperature, dtype, bindings=bindings,
                max_iterations=max_iterations, max_nodes=max_nodes)
    comp = _Compiler(b, fn, file, line_offset, col_offset, bindings, max_iterations)
    params = {}
    for p in a.args:
        d = inputs.get(p.arg, float64())
        if not isinstance(d, Domain):
            raise CompileError(f"input {p.arg!r}: domain must be a Domain")
        v = b.input(p.arg, d, source=comp.src(p))
        if d.type == "boolean":
            params[p.arg] = Sym(v, True, 0, 1, True)
        elif d.type == "int32":
            params[p.arg] = Sym(v, True, int(d.lo()), int(d.hi()))
        else:
            params[p.arg] = Sym(v)
    result = comp.compile(params)
    if isinstance(result, tuple):
        outputs = {str(k): Value(b, comp.wire(x, fn)) for k, x in enumerate(result)}
    else:
        outputs = {"result": Value(b, comp.wire(result, fn))}
    program = b.build(outputs)
    program._reference = reference
    return program
