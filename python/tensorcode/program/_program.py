"""Program (spec §12–14): a validated, immutable circuit with its settings, bindings and default
verification reference; runs, gradients and verification go through the C++ core (_core)."""

import copy
import itertools
import math

from ._domain import Domain, real
from ._errors import (ArtifactError, CompileError, EvaluationError, ProgramError,
                      VerificationError, from_failure)


def _core():
    from . import _core_module
    return _core_module()


class Program:
    """A compiled circuit. Made by compile, Builder.build or Program.from_json; immutable."""

    def __init__(self, *args, **kwargs):
        raise TypeError("Programs are made by compile(), Builder.build() or Program.from_json()")

    @classmethod
    def _of(cls, art, *, bindings=None, reference=None, max_nodes=100000, core=None, loaded=False):
        p = object.__new__(cls)
        if core is None:
            mod = _core()
            try:
                core = mod.Circuit(art, max(max_nodes, len(art["nodes"])) if not loaded else max_nodes)
            except mod.ArtifactError as e:
                raise (ArtifactError if loaded else CompileError)(str(e)) from None
        p._core = core
        p._art = art
        p._bindings = dict(bindings or {})
        p._reference = reference
        p._index()
        return p

    def _index(self):
        art = self._art
        self._input_ids, self._param_ids, self._state_ids = {}, {}, {}
        for n in art["nodes"]:
            kind = n["op"]
            if kind == "input":
                self._input_ids[n["name"]] = n["id"]
            elif kind == "parameter":
                self._param_ids[n["name"]] = n["id"]
            elif kind == "state":
                self._state_ids[n["name"]] = n["id"]
        self._output_names = tuple(art["outputs"])
        names = {n["id"]: n.get("name") for n in art["nodes"] if n["op"] in ("input", "parameter")}
        self._reported = [names[i] for i in self._core.reported]

    # --- attributes ----------------------------------------------------------------------------

    semantics = property(lambda self: self._art["semantics"])
    surrogate = property(lambda self: self._art["surrogate"])
    temperature = property(lambda self: float(self._art["temperature"]))
    dtype = property(lambda self: self._art["dtype"])

    def _node(self, i):
        return self._art["nodes"][i]

    @property
    def inputs(self):
        return {k: Domain.from_dict(self._node(i)["domain"]) for k, i in self._input_ids.items()}

    @property
    def outputs(self):
        return self._output_names

    @property
    def parameters(self):
        return {k: float(self._node(i)["value"]) for k, i in self._param_ids.items()}

    @property
    def initial_state(self):
        return {k: float(self._node(i)["value"]) for k, i in self._state_ids.items()}

    def __repr__(self):
        return (f"<Program {len(self._art['nodes'])} nodes, inputs {list(self._input_ids)}, "
                f"outputs {list(self._output_names)}>")

    # --- evaluation ----------------------------------------------------------------------------

    def _values(self, supplied, ids, what):
        if type(supplied) is dict and len(supplied) == len(ids):
            try:  # fast path: exactly the names, plain finite floats
                vals = [supplied[k] for k in ids]
                if all(type(v) is float and v - v == 0.0 for v in vals):
                    return vals
            except KeyError:
                pass
        if not isinstance(supplied, dict):
            raise ProgramError(f"{what} must be a dict from names to numbers")
        missing = [k for k in ids if k not in supplied]
        unknown = [k for k in supplied if k not in ids]
        if missing or unknown:
            raise ProgramError(f"{what}: missing names {missing}, unknown names {unknown}")
        return [real(supplied[k], f"{what[:-1] if what.endswith('s') else what} {k!r}", ids[k])
                for k in ids]

    def _leaves(self, inputs, state, params=None):
        ins = self._values(inputs, self._input_ids, "inputs")
        sts = [] if state is None else self._values(state, self._state_ids, "state")
        return ins, (params or []), sts

    def _call(self, fn, *args):
        try:
            return fn(*args)
        except _core().Failure as e:
            raise from_failure(e) from None

    def run(self, inputs, *, state=None, _params=None):
        """Outputs only, as {name: float}; state=None uses the initial values."""
        ins, ps, sts = self._leaves(inputs, state, _params)
        outs, _ = self._call(self._core.run, ins, ps, sts, False, self._bindings)
        return dict(zip(self._output_names, outs))

    def step(self, inputs, *, state=None, _params=None):
        """(outputs, next_state) from one event; nothing is mutated."""
        ins, ps, sts = self._leaves(inputs, state, _params)
        outs, nxt = self._call(self._core.run, ins, ps, sts, True, self._bindings)
        return dict(zip(self._output_names, outs)), dict(zip(self._state_ids, nxt))

    def _cotangents(self, output, cotangents):
        if cotangents is not None:
            if not isinstance(cotangents, dict):
                raise ProgramError("cotangents must be a dict from output names to numbers")
            unknown = [k for k in cotangents if k not in self._output_names]
            if unknown:
                raise ProgramError(f"unknown output names in cotangents: {unknown}")
            return [real(cotangents.get(k, 0.0), f"cotangent {k!r}") for k in self._output_names]
        if output is None:
            if len(self._output_names) != 1:
                raise ProgramError("name the output to differentiate (the program has several)")
            return [1.0]
        if output not in self._output_names:
            raise ProgramError(f"unknown output {output!r}")
        return [1.0 if k == output else 0.0 for k in self._output_names]

    def _gradients_full(self, inputs, state=None, output=None, cotangents=None, params=None):
        cot = self._cotangents(output, cotangents)
        ins, ps, sts = self._leaves(inputs, state, params)
        outs, grads = self._call(self._core.gradients, ins, ps, sts, cot, self._bindings)
        return dict(zip(self._output_names, outs)), dict(zip(self._reported, grads))

    def gradients(self, inputs, *, state=None, output=None, cotangents=None):
        """VJP of one output (or Σ cotangents·outputs) w.r.t. differentiable inputs and parameters."""
        return self._gradients_full(inputs, state, output, cotangents)[1]

    # --- artifacts -----------------------------------------------------------------------------

    def artifact(self):
        """A fresh artifact v1 dict (spec §20)."""
        return copy.deepcopy(self._art)

    def to_json(self, *, indent=None):
        """Artifact JSON text, formatted exactly as JavaScript's JSON.stringify would."""
        return self._core.to_json(0 if indent is None else int(indent))

    @classmethod
    def from_json(cls, text, *, bindings=None, max_nodes=100000):
        """Loads and validates an artifact (str, bytes or dict); raises ArtifactError."""
        if isinstance(text, (bytes, bytearray)):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as e:
                raise ArtifactError(f"artifact: not UTF-8 ({e})") from None
        if not isinstance(text, (str, dict)):
            raise ArtifactError("artifact must be JSON text or a dict")
        mod = _core()
        try:
            core = mod.Circuit(text, max_nodes)
        except mod.ArtifactError as e:
            raise ArtifactError(str(e)) from None
        return cls._of(core.artifact(), bindings=bindings, core=core, loaded=True, max_nodes=max_nodes)

    def graph(self):
        """The IR as plain data: nodes, outputs and updates (int keys)."""
        art = self.artifact()
        return {"nodes": art["nodes"], "outputs": art["outputs"],
                "updates": {int(k): v for k, v in art["updates"].items()}}

    # --- transformations -----------------------------------------------------------------------

    def _derive(self, art, reference=None):
        return Program._of(art, bindings=self._bindings, reference=reference,
                           max_nodes=max(100000, len(art["nodes"])))

    def with_parameters(self, values):
        """A copy with some parameter values replaced."""
        from ._builder import accept

        if not isinstance(values, dict):
            raise ProgramError("values must be a dict from parameter names to numbers")
        unknown = [k for k in values if k not in self._param_ids]
        if unknown:
            raise ProgramError(f"unknown parameter names {unknown}")
        art = self.artifact()
        for k, v in values.items():
            node = art["nodes"][self._param_ids[k]]
            node["value"] = accept(Domain.from_dict(node["domain"]), self.dtype, v, f"parameter {k!r}",
                                   node["id"])
        return self._derive(art)

    def freeze(self, names=None):
        """Parameters (all, or those named) become constants with the same ids and values."""
        names = list(self._param_ids) if names is None else list(names)
        unknown = [k for k in names if k not in self._param_ids]
        if unknown:
            raise ProgramError(f"unknown parameter names {unknown}")
        art = self.artifact()
        for k in names:
            old = art["nodes"][self._param_ids[k]]
            art["nodes"][old["id"]] = {"id": old["id"], "op": "constant", "args": [], "shape": [],
                                       "domain": old["domain"], "differentiable": False,
                                       "source": old["source"], "value": old["value"]}
        return self._derive(art, self._reference)

    def optimize(self):
        """Checked constant folding, affine packing, dead-code elimination (spec §15.1)."""
        from ._analysis import optimize
        return self._derive(optimize(self), self._reference)

    def schedule(self):
        """Dependency layers of node ids (spec §15.2)."""
        return self._core.schedule()

    def to_tensor_module(self):
        """A torch.nn.Module over this program (imports torch now)."""
        from ._torch import tensor_module
        return tensor_module(self)

    # --- verification --------------------------------------------------------------------------

    def _exhaustive_cases(self, max_cases):
        doms = self.inputs
        ranges = []
        total = 1
        for name, d in doms.items():
            if not d.is_integer():
                raise VerificationError(f"input {name!r} has a floating domain; supply cases")
            lo, hi = int(d.lo()), int(d.hi())
            ranges.append(range(lo, hi + 1))
            total *= hi - lo + 1
            if total > max_cases:
                raise VerificationError(f"the exhaustive enumeration exceeds max_cases ({max_cases})")
        names = list(doms)
        return [dict(zip(names, combo)) for combo in itertools.product(*ranges)]

    def _reference_kwargs(self, case):
        out = {}
        for name, d in self.inputs.items():
            v = case[name]
            try:
                f = float(v)
                if d.type == "int32" and f.is_integer():
                    v = int(f)
                elif d.type == "boolean" and f in (0.0, 1.0):
                    v = bool(f)
                elif d.type in ("float32", "float64"):
                    v = f
            except (TypeError, ValueError, OverflowError):
                pass
            out[name] = v
        return out

    @staticmethod
    def _as_outputs(value):
        if isinstance(value, dict):
            return dict(value)
        if isinstance(value, (list, tuple)):
            return {str(k): v for k, v in enumerate(value)}
        return {"result": value}

    def verify(self, reference=None, *, cases=None, max_cases=100000, atol=0, rtol=0):
        """Checks runs against an independent reference (spec §14.1); returns a report dict."""
        reference = reference if reference is not None else self._reference
        if reference is None:
            raise VerificationError("no reference: supply an independent function")
        if cases is None:
            case_list, exhaustive = self._exhaustive_cases(max_cases), True
        else:
            case_list, exhaustive = [], False
            for c in cases:
                case_list.append(c)
                if len(case_list) > max_cases:
                    raise VerificationError(f"more than max_cases ({max_cases}) cases")
            for c in case_list:
                if not isinstance(c, dict) or set(c) != set(self._input_ids):
                    raise ProgramError("each case must be a dict with exactly the input names")
        failures, both_failed, failed = [], 0, 0
        for case in case_list:
            actual = expected = error = None
            try:
                actual = self.run(case)
            except EvaluationError as e:
                error = f"{type(e).__name__}: {e}"
            try:
                expected = self._as_outputs(reference(**self._reference_kwargs(case)))
                ref_failed = not all(
                    not isinstance(v, (int, float)) or math.isfinite(v) for v in expected.values())
            except Exception as e:  # the reference's own failure is data here
                ref_failed, expected = True, None
                ref_error = f"reference raised {type(e).__name__}: {e}"
            else:
                ref_error = None
            if actual is None and ref_failed:
                both_failed += 1
                continue
            ok = actual is not None and not ref_failed and self._agree(actual, expected, atol, rtol)
            if not ok:
                failed += 1
                if len(failures) < 10:
                    failures.append({"inputs": dict(case), "expected": expected, "actual": actual,
                                     "error": error or ref_error})
        return {"passed": failed == 0, "cases": len(case_list), "exhaustive": exhaustive,
                "both_failed": both_failed, "failures": failures}

    @staticmethod
    def _agree(actual, expected, atol, rtol):
        if set(actual) != set(expected):
            return False
        for k, a in actual.items():
            e = expected[k]
            if isinstance(e, bool):
                e = int(e)
            if not isinstance(e, (int, float)):
                try:
                    e = float(e)
                except (TypeError, ValueError):
                    return False
            if not abs(a - e) <= atol + rtol * abs(e):
                return False
        return True

    def verified_replacement(self, candidate, *, max_cases=100000):
        """``candidate`` if it agrees with this program on the whole finite domain (spec §14.3)."""
        if not isinstance(candidate, Program):
            raise ProgramError("candidate must be a Program")
        for p, who in ((self, "the program"), (candidate, "the candidate")):
            if p._param_ids:
                raise VerificationError(f"{who} has parameters; freeze them first")
        for p, who in ((self, "the program"), (candidate, "the candidate")):
            if p._state_ids or any(n["op"] == "call" for n in p._art["nodes"]):
                raise VerificationError(f"{who} has state or call nodes")
        if list(self.inputs.items()) != list(candidate.inputs.items()) or \
                self.outputs != candidate.outputs:
            raise VerificationError("the signatures differ (input names, domains or output names)")
        cases = self._exhaustive_cases(max_cases)
        for case in cases:
            a = b = None
            try:
                a = self.run(case)
            except EvaluationError:
                pass
            try:
                b = candidate.run(case)
            except EvaluationError:
                pass
            if a != b:
                raise VerificationError(f"the candidate differs at {case}: {b} instead of {a}")
        return candidate


def relu(x):
    """Plain-Python relu with the circuit's formula: x if x > 0 else 0.0."""
    return x if x > 0 else 0.0


def sigmoid(x):
    """Plain-Python logistic function with the circuit's formula (spec §7)."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)
