"""Domains (spec §5): the Domain class, its constructors, and the Python-side part of accepting a
supplied value (is it a real number?). Range and integrality checks happen in the C++ core."""

import math

from ._errors import CompileError, DomainError

F32_MAX = 3.4028234663852886e38
F64_MAX = 1.7976931348623157e308
I32_MIN = -2147483648
I32_MAX = 2147483647


class Domain:
    """An immutable domain: ``type`` is "int32", "boolean", "float32" or "float64"; ``min`` and
    ``max`` are numbers or None."""

    __slots__ = ("_type", "_min", "_max")

    def __init__(self, type, min=None, max=None):
        object.__setattr__(self, "_type", type)
        object.__setattr__(self, "_min", min)
        object.__setattr__(self, "_max", max)

    def __setattr__(self, name, value):
        raise AttributeError("Domain is immutable")

    type = property(lambda self: self._type)
    min = property(lambda self: self._min)
    max = property(lambda self: self._max)

    def __eq__(self, other):
        if not isinstance(other, Domain):
            return NotImplemented
        return (self._type, self._min, self._max) == (other._type, other._min, other._max)

    def __hash__(self):
        return hash((self._type, self._min, self._max))

    def __repr__(self):
        if self._type == "boolean":
            return "boolean()"
        return f"{self._type}(min={self._min!r}, max={self._max!r})"

    def is_integer(self):
        return self._type in ("int32", "boolean")

    def lo(self):
        if self._min is not None:
            return self._min
        return {"int32": I32_MIN, "boolean": 0, "float32": -F32_MAX, "float64": -F64_MAX}[self._type]

    def hi(self):
        if self._max is not None:
            return self._max
        return {"int32": I32_MAX, "boolean": 1, "float32": F32_MAX, "float64": F64_MAX}[self._type]

    def to_dict(self):
        return {"type": self._type, "min": self._min, "max": self._max}

    @staticmethod
    def from_dict(d):
        lo, hi = d["min"], d["max"]
        if d["type"] in ("int32", "boolean"):
            lo = None if lo is None else int(lo)
            hi = None if hi is None else int(hi)
        else:
            lo = None if lo is None else float(lo)
            hi = None if hi is None else float(hi)
        return Domain(d["type"], lo, hi)


def _bound(v, what):
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise CompileError(f"{what} must be a number or None")
    return v


def int32(min=None, max=None):
    """Integers in [min, max] (defaults: the int32 range)."""
    bounds = []
    for v, what in ((min, "min"), (max, "max")):
        v = _bound(v, what)
        if v is not None:
            if isinstance(v, float):
                if not math.isfinite(v) or v != math.floor(v):
                    raise CompileError(f"int32 {what} must be an integer")
                v = int(v)
            if not I32_MIN <= v <= I32_MAX:
                raise CompileError(f"int32 {what} must lie in the int32 range")
        bounds.append(v)
    lo, hi = bounds
    if (I32_MIN if lo is None else lo) > (I32_MAX if hi is None else hi):
        raise CompileError("int32 domain needs min <= max")
    return Domain("int32", lo, hi)


def boolean():
    """Exactly 0 or 1."""
    return Domain("boolean", 0, 1)


def _float_domain(type, limit, min, max):
    bounds = []
    for v, what in ((min, "min"), (max, "max")):
        v = _bound(v, what)
        if v is not None:
            v = float(v)
            if not math.isfinite(v) or abs(v) > limit:
                raise CompileError(f"{type} {what} must be finite and in the {type} range")
        bounds.append(v)
    lo, hi = bounds
    if lo is not None and hi is not None and lo > hi:
        raise CompileError(f"{type} domain needs min <= max")
    return Domain(type, lo, hi)


def float32(min=None, max=None):
    """Finite float32 values in [min, max]."""
    return _float_domain("float32", F32_MAX, min, max)


def float64(min=None, max=None):
    """Finite binary64 values in [min, max]."""
    return _float_domain("float64", F64_MAX, min, max)


def real(value, what="value", node=None):
    """§5.1 step 1–2: ``value`` as a finite float, or DomainError."""
    if isinstance(value, (str, bytes, bytearray, complex)) or not (
        isinstance(value, (int, float)) or hasattr(value, "__float__")
    ):
        raise DomainError(f"{what} must be a real number, not {type(value).__name__}", node=node)
    try:
        f = float(value)
    except (OverflowError, TypeError, ValueError):
        raise DomainError(f"{what} is not representable as a finite number", node=node) from None
    if not math.isfinite(f):
        raise DomainError(f"{what} must be finite, not {f!r}", node=node)
    return f
