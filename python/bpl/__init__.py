"""BPL for Python (docs/python.md): ``s = bpl.Session(); s.eval("+/⍳10")``."""
from bpl._core import Array, BplError, Function, Session

__all__ = ["Array", "BplError", "Function", "Session"]
