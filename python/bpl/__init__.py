"""BPL for Python (docs/python.md): ``s = bpl.Session(); s.eval("+/⍳10")``, or the process-wide
workspace through ``bpl.workspace()`` and late-bound callables ``bpl.fn("+/÷≢")``."""
import sys
import threading
import types

from bpl import _core
from bpl._core import Array, BplError, BplTimeout, Function, Session, glyph_keys, interrupt

__all__ = ["Array", "BplError", "BplTimeout", "Function", "Session", "fn", "glyph_keys", "interrupt",
           "timeout", "workspace"]


class _Module(types.ModuleType):
    """The bpl module, with ``bpl.timeout`` as a setting the engine holds (bpl._core)."""

    @property
    def timeout(self):
        """Seconds each evaluation (eval, repl, a Function's call) may run before it stops with
        BplTimeout (kind "TIMEOUT"), or None for no limit (the default). Names bound before stay."""
        return _core.get_timeout()

    @timeout.setter
    def timeout(self, seconds):
        _core.set_timeout(seconds)


sys.modules[__name__].__class__ = _Module

_workspace = None
_lock = threading.Lock()


def workspace():
    """The process-wide Session that ``fn`` uses (made on first use)."""
    global _workspace
    with _lock:
        if _workspace is None:
            _workspace = Session()
        return _workspace


class fn:
    """A late-bound callable: ``fn(src)(y)`` evaluates ``src`` in the process-wide workspace at
    each call (so it sees the names as they are then) and applies the function it gives: one
    argument monadic, two dyadic."""

    def __init__(self, src):
        self.src = src

    def __call__(self, *args):
        f = workspace().eval(self.src)
        if not isinstance(f, Function):
            raise TypeError(f"bpl.fn: {self.src!r} is not a function")
        return f(*args)

    def __repr__(self):
        return f"bpl.fn({self.src!r})"
