"""Builder and Value (spec §11): constructing circuits node by node. Node dicts are created here in
artifact key order (§20.2); the C++ core validates every built program."""

import math
import struct

from ._domain import Domain, float64, real
from ._errors import CompileError, DomainError

SEMANTICS = ("exact", "relaxed", "hybrid")
DTYPES = ("float64", "float32")
BOOLEAN_OPS = frozenset(("lt", "le", "gt", "ge", "eq", "ne", "and", "or", "not", "one_hot"))
ARITY = {
    "add": 2, "sub": 2, "mul": 2, "div": 2, "floordiv": 2, "mod": 2, "neg": 1, "abs": 1,
    "min": 2, "max": 2, "relu": 1, "sigmoid": 1, "lt": 2, "le": 2, "gt": 2, "ge": 2, "eq": 2,
    "ne": 2, "and": 2, "or": 2, "not": 1, "select": 3, "gather": None, "gather_one_hot": None,
}
I24 = 16777216


def round_f32(v):
    """Nearest float32 (as a Python float); OverflowError when out of range."""
    return struct.unpack("f", struct.pack("f", v))[0]


def check_settings(semantics, surrogate, temperature, dtype):
    if semantics not in SEMANTICS:
        raise CompileError(f"semantics must be one of {SEMANTICS}, not {semantics!r}")
    if surrogate != "sigmoid":
        raise CompileError(f"surrogate must be 'sigmoid', not {surrogate!r}")
    if isinstance(temperature, bool) or not isinstance(temperature, (int, float)) or not (
        math.isfinite(temperature) and temperature > 0
    ):
        raise CompileError("temperature must be a finite number > 0")
    if dtype not in DTYPES:
        raise CompileError(f"dtype must be 'float64' or 'float32', not {dtype!r}")


def accept(domain, dtype, value, what, node=None):
    """§5.1 for a supplied value against ``domain`` (a Domain); returns the accepted float."""
    from . import _core_module

    f = real(value, what, node)
    core = _core_module()
    try:
        return core.accept(domain.type, domain.min, domain.max, dtype, f, -1 if node is None else node)
    except core.Failure as e:
        raise DomainError(f"{what}: {e.args[2]}", "domain", node) from None


class Value:
    """A symbolic wire of one Builder; ``id`` is its node id. Not constructed by users."""

    __slots__ = ("_builder", "id")
    __hash__ = object.__hash__

    def __init__(self, builder, id):
        self._builder = builder
        self.id = id

    def __repr__(self):
        op = self._builder._nodes[self.id]["op"]
        return f"<Value {self.id}: {op}>"

    def _bin(self, op, other, reflected=False):
        b = self._builder
        return b.op(op, other, self) if reflected else b.op(op, self, other)

    def __add__(self, o): return self._bin("add", o)
    def __radd__(self, o): return self._bin("add", o, True)
    def __sub__(self, o): return self._bin("sub", o)
    def __rsub__(self, o): return self._bin("sub", o, True)
    def __mul__(self, o): return self._bin("mul", o)
    def __rmul__(self, o): return self._bin("mul", o, True)
    def __truediv__(self, o): return self._bin("div", o)
    def __rtruediv__(self, o): return self._bin("div", o, True)
    def __neg__(self): return self._builder.op("neg", self)
    def __pos__(self): return self
    def __lt__(self, o): return self._bin("lt", o)
    def __le__(self, o): return self._bin("le", o)
    def __gt__(self, o): return self._bin("gt", o)
    def __ge__(self, o): return self._bin("ge", o)

    def __eq__(self, o):
        raise TypeError("symbolic values do not support ==; use builder.op('eq', x, y)")

    def __ne__(self, o):
        raise TypeError("symbolic values do not support !=; use builder.op('ne', x, y)")

    def __bool__(self):
        raise TypeError("a symbolic value has no Python truth value; use builder.select")

    def __float__(self):
        raise TypeError("a symbolic value has no Python number; run the program instead")

    def __int__(self):
        raise TypeError("a symbolic value has no Python number; run the program instead")

    def __index__(self):
        raise TypeError("a symbolic value cannot be used as a Python index; use builder.gather")


class Builder:
    """Constructs a circuit directly (spec §11)."""

    def __init__(self, semantics="exact", surrogate="sigmoid", temperature=1.0, dtype="float64",
                 *, bindings=None, max_iterations=1024, max_nodes=100000):
        check_settings(semantics, surrogate, temperature, dtype)
        for v, what in ((max_iterations, "max_iterations"), (max_nodes, "max_nodes")):
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise CompileError(f"{what} must be a non-negative integer")
        self.semantics = semantics
        self.surrogate = surrogate
        self.temperature = float(temperature)
        self.dtype = dtype
        self.max_iterations = max_iterations
        self.max_nodes = max_nodes
        self._bindings = dict(bindings or {})
        for name, entry in self._bindings.items():
            if not (isinstance(entry, (tuple, list)) and len(entry) == 2 and callable(entry[0])
                    and (entry[1] is None or callable(entry[1]))):
                raise CompileError(f"binding {name!r} must be a (forward, vjp-or-None) pair")
        self._nodes = []
        self._leaf_names = set()
        self._updates = {}
        self._scan_steps = 0

    # --- node creation -------------------------------------------------------------------------

    def _domain(self, op, semantics=None):
        sem = semantics or self.semantics
        if op in BOOLEAN_OPS:
            if sem == "relaxed":
                return {"type": self.dtype, "min": 0, "max": 1}
            return {"type": "boolean", "min": 0, "max": 1}
        return {"type": self.dtype, "min": None, "max": None}

    def _emit(self, op, args, *, domain=None, differentiable=True, name=None, value=None,
              source=None, extra=None):
        if len(self._nodes) >= self.max_nodes:
            raise CompileError(f"the program exceeds max_nodes ({self.max_nodes}) nodes")
        node = {"id": len(self._nodes), "op": op, "args": list(args), "shape": [],
                "domain": domain if domain is not None else self._domain(op),
                "differentiable": differentiable, "source": source}
        if name is not None:
            node["name"] = name
        if value is not None:
            node["value"] = value
        if extra:
            node.update(extra)
        self._nodes.append(node)
        return Value(self, node["id"])

    def _number(self, v, source=None):
        if isinstance(v, bool):
            v = int(v)
        if not isinstance(v, (int, float)) or not math.isfinite(v):
            raise CompileError(f"expected a symbolic value or a finite number, not {v!r}")
        v = float(v)
        if self.dtype == "float32":
            try:
                v = round_f32(v)
            except OverflowError:
                raise CompileError(f"constant {v!r} overflows float32") from None
        return self._emit("constant", [], differentiable=False, value=v, source=source)

    def _wire(self, x):
        """The node id of ``x``: a Value of this builder or a number (a constant node)."""
        if isinstance(x, Value):
            if x._builder is not self:
                raise CompileError("a Value from another builder cannot be used here")
            return x.id
        if isinstance(x, (bool, int, float)):
            return self._number(x).id
        raise CompileError(f"expected a symbolic value or a number, not {type(x).__name__}")

    def _leaf_name(self, name):
        if not isinstance(name, str) or not name:
            raise CompileError("leaf names must be non-empty strings")
        if name in self._leaf_names:
            raise CompileError(f"duplicate leaf name {name!r}")

    def _check_int_range(self, domain, name):
        if self.dtype == "float32" and domain.type == "int32" and (
            domain.lo() < -I24 or domain.hi() > I24
        ):
            raise CompileError(f"{name!r}: int32 bounds beyond ±2^24 are not exact in a float32 program;"
                               " narrow the domain")

    # --- leaves --------------------------------------------------------------------------------

    def input(self, name, domain=None, *, source=None):
        domain = float64() if domain is None else domain
        if not isinstance(domain, Domain):
            raise CompileError("domain must be a Domain (int32(), boolean(), float32(), float64())")
        self._leaf_name(name)
        self._check_int_range(domain, name)
        v = self._emit("input", [], domain=domain.to_dict(), differentiable=not domain.is_integer(),
                       name=name, source=source)
        self._leaf_names.add(name)
        return v

    def parameter(self, name, value, domain=None):
        domain = float64() if domain is None else domain
        if not isinstance(domain, Domain) or domain.type not in ("float32", "float64"):
            raise CompileError("parameter domains must be float32() or float64()")
        self._leaf_name(name)
        try:
            v = accept(domain, self.dtype, value, f"parameter {name!r}")
        except DomainError as e:
            raise CompileError(str(e)) from None
        out = self._emit("parameter", [], domain=domain.to_dict(), differentiable=True, name=name, value=v)
        self._leaf_names.add(name)
        return out

    def constant(self, value):
        return self._number(value)

    def state(self, name, initial, domain=None):
        domain = float64() if domain is None else domain
        if not isinstance(domain, Domain):
            raise CompileError("domain must be a Domain")
        self._leaf_name(name)
        self._check_int_range(domain, name)
        try:
            v = accept(domain, self.dtype, initial, f"state {name!r}")
        except DomainError as e:
            raise CompileError(str(e)) from None
        out = self._emit("state", [], domain=domain.to_dict(), differentiable=not domain.is_integer(),
                         name=name, value=v)
        self._leaf_names.add(name)
        return out

    def update(self, state, next_value):
        if not isinstance(state, Value) or state._builder is not self or \
                self._nodes[state.id]["op"] != "state":
            raise CompileError("update needs a state Value of this builder")
        if state.id in self._updates:
            raise CompileError(f"state {self._nodes[state.id]['name']!r} is already updated")
        self._updates[state.id] = self._wire(next_value)

    # --- operations ----------------------------------------------------------------------------

    def op(self, name, *args, source=None):
        if name not in ARITY:
            raise CompileError(f"unknown or special opcode {name!r} for op()")
        n = ARITY[name]
        if n is not None and len(args) != n:
            raise CompileError(f"{name} takes {n} arguments, not {len(args)}")
        if name == "gather" and len(args) < 2:
            raise CompileError("gather takes an index and at least one value")
        if name == "gather_one_hot" and (len(args) < 2 or len(args) % 2):
            raise CompileError("gather_one_hot takes m selectors and m values")
        ids = [self._wire(a) for a in args]
        return self._emit(name, ids, source=source)

    def select(self, cond, yes, no):
        return self.op("select", cond, yes, no)

    def gather(self, values, index):
        values = list(values)
        if not values:
            raise CompileError("gather needs a non-empty list of values")
        return self.op("gather", index, *values)

    def one_hot(self, index, size):
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise CompileError("one_hot size must be an integer >= 1")
        i = self._wire(index)
        return [self._emit("one_hot", [i], value={"position": k, "size": size}) for k in range(size)]

    def gather_one_hot(self, values, selector):
        values, selector = list(values), list(selector)
        if not values or len(values) != len(selector):
            raise CompileError("gather_one_hot needs equally long, non-empty values and selector")
        return self.op("gather_one_hot", *selector, *values)

    def _literal(self, w, what):
        """A literal weight or bias; rounded to float32 in float32 programs, as constants are."""
        if isinstance(w, Value):
            raise CompileError(f"{what} must be literal numbers; use parameter and * for learned weights")
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w):
            raise CompileError(f"{what} must be finite numbers")
        if self.dtype == "float32":
            try:
                return round_f32(float(w))
            except OverflowError:
                raise CompileError(f"{what} {w!r} overflows float32") from None
        return float(w)

    def affine(self, values, weights, bias=None):
        values = list(values)
        weights = list(weights)
        if weights and isinstance(weights[0], (list, tuple)):
            biases = [None] * len(weights) if bias is None else list(bias)
            if len(biases) != len(weights):
                raise CompileError("affine needs one bias per row")
            return [self.affine(values, row, b) for row, b in zip(weights, biases)]
        if not values or len(weights) != len(values):
            raise CompileError("affine needs one weight per value (at least one)")
        ws = [self._literal(w, "affine weights") for w in weights]
        b = None if bias is None else self._literal(bias, "affine bias")
        ids = [self._wire(v) for v in values]
        return self._emit("affine", ids, value={"weights": ws, "bias": b})

    @staticmethod
    def _is_coefficient_set(c):
        if isinstance(c, dict):
            return True
        return isinstance(c, (list, tuple)) and all(
            isinstance(p, (list, tuple)) and len(p) == 2 for p in c)

    def sparse_affine(self, values, coefficients, bias=None):
        values = list(values)
        if isinstance(coefficients, (list, tuple)) and coefficients and all(
                self._is_coefficient_set(c) for c in coefficients) and not all(
                isinstance(p, (list, tuple)) and len(p) == 2 and not isinstance(p[0], (list, tuple, dict))
                for p in coefficients):
            biases = [None] * len(coefficients) if bias is None else list(bias)
            if len(biases) != len(coefficients):
                raise CompileError("sparse_affine needs one bias per coefficient set")
            return [self.sparse_affine(values, c, b) for c, b in zip(coefficients, biases)]
        pairs = list(coefficients.items()) if isinstance(coefficients, dict) else list(coefficients)
        seen = {}
        for pair in pairs:
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise CompileError("sparse_affine coefficients are (index, weight) pairs")
            i, w = pair
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(values):
                raise CompileError(f"sparse_affine index {i!r} is not in [0, {len(values) - 1}]")
            if i in seen:
                raise CompileError(f"duplicate sparse_affine index {i}")
            seen[i] = self._literal(w, "sparse_affine weights")
        indices = sorted(seen)
        b = None if bias is None else self._literal(bias, "sparse_affine bias")
        ids = [self._wire(values[i]) for i in indices]
        return self._emit("sparse_affine", ids, value={"indices": indices,
                                                       "weights": [seen[i] for i in indices], "bias": b})

    def call(self, name, *args, differentiable=None, source=None):
        if not isinstance(name, str) or not name:
            raise CompileError("call names must be non-empty strings")
        if differentiable is None:
            entry = self._bindings.get(name)
            differentiable = not (entry is not None and entry[1] is None)
        ids = [self._wire(a) for a in args]
        return self._emit("call", ids, differentiable=bool(differentiable), name=name, source=source)

    def scan(self, step, init, xs=None, *, length=None):
        if xs is None:
            if isinstance(length, bool) or not isinstance(length, int) or length < 0:
                raise CompileError("scan needs xs or an integer length")
            items = list(range(length))
        else:
            items = list(xs)
        if self._scan_steps + len(items) > self.max_iterations:
            raise CompileError(f"scan expansion exceeds max_iterations ({self.max_iterations})")
        self._scan_steps += len(items)

        def shape(c):
            return (type(c) is list or type(c) is tuple, len(c) if isinstance(c, (list, tuple)) else 0)

        carry, ys = init, []
        first = shape(carry)
        for x in items:
            out = step(carry, x)
            if not isinstance(out, (tuple, list)) or len(out) != 2:
                raise CompileError("scan step must return (new_carry, y)")
            carry, y = out
            if shape(carry) != first:
                raise CompileError("scan carry changed structure between steps")
            ys.append(y)
        return carry, ys

    def include(self, program, inputs, prefix="region"):
        from ._program import Program

        if not isinstance(program, Program):
            raise CompileError("include needs a Program")
        if program.dtype != self.dtype:
            raise CompileError("the included program's dtype differs from the builder's")
        if not isinstance(prefix, str) or not prefix:
            raise CompileError("prefix must be a non-empty string")
        inputs = dict(inputs)
        names = list(program.inputs)
        missing = [n for n in names if n not in inputs]
        unknown = [n for n in inputs if n not in program.inputs]
        if missing or unknown:
            raise CompileError(f"include inputs: missing {missing}, unknown {unknown}")
        for name, entry in program._bindings.items():
            mine = self._bindings.get(name)
            if mine is not None and tuple(mine) != tuple(entry):
                raise CompileError(f"binding {name!r} is bound to two different functions")
        art = program._art
        new_names = [f"{prefix}.{n['name']}" for n in art["nodes"] if n["op"] in ("parameter", "state")]
        for n in new_names:
            if n in self._leaf_names:
                raise CompileError(f"included name {n!r} collides with an existing leaf")
        if len(self._nodes) + len(art["nodes"]) > self.max_nodes:
            raise CompileError(f"the program exceeds max_nodes ({self.max_nodes}) nodes")
        self._bindings.update(program._bindings)
        wires = {k: self._wire(v) for k, v in inputs.items()}
        mapping = {}
        for node in art["nodes"]:
            if node["op"] == "input":
                mapping[node["id"]] = wires[node["name"]]
                continue
            copy = {k: v for k, v in node.items() if k not in ("semantics", "surrogate", "temperature")}
            copy["id"] = len(self._nodes)
            copy["args"] = [mapping[a] for a in node["args"]]
            copy["domain"] = dict(node["domain"])
            if "name" in copy and node["op"] in ("parameter", "state"):
                copy["name"] = f"{prefix}.{node['name']}"
                self._leaf_names.add(copy["name"])
            sem = node.get("semantics", art["semantics"])
            temp = float(node.get("temperature", art["temperature"]))
            if sem != self.semantics:
                copy["semantics"] = sem
            if temp != self.temperature:
                copy["temperature"] = temp
            self._nodes.append(copy)
            mapping[node["id"]] = copy["id"]
        for s, nxt in art["updates"].items():
            self._updates[mapping[int(s)]] = mapping[nxt]
        return {name: Value(self, mapping[i]) for name, i in art["outputs"].items()}

    def build(self, outputs):
        from ._program import Program

        if isinstance(outputs, dict):
            items = list(outputs.items())
            for k, _ in items:
                if not isinstance(k, str) or not k:
                    raise CompileError("output names must be non-empty strings")
        elif isinstance(outputs, (list, tuple)):
            items = [(str(k), v) for k, v in enumerate(outputs)]
        else:
            items = [("result", outputs)]
        if not items:
            raise CompileError("a program needs at least one output")
        outs = {k: self._wire(v) for k, v in items}
        art = {
            "format": "tensorcode.program", "version": 1, "semantics": self.semantics,
            "dtype": self.dtype, "surrogate": self.surrogate, "temperature": self.temperature,
            "nodes": list(self._nodes), "outputs": outs,
            "updates": {str(s): n for s, n in sorted(self._updates.items())},
        }
        return Program._of(art, bindings=dict(self._bindings), max_nodes=self.max_nodes)
