"""tensorcode.program: compile bounded Python numerical functions into a portable scalar circuit,
run, verify, differentiate and train it (spec: ../shared/spec/tensorcode-program.md). The circuit
core is C++ (src/circuit) behind tensorcode._core. Importing this package never imports torch."""

from ._domain import Domain, boolean, float32, float64, int32
from ._errors import (ArtifactError, CompileError, DomainError, EvaluationError, GradientError,
                      ProgramError, StepLimitError, VerificationError)


def _core_module():
    """The C++ extension (tensorcode._core); built by `make python`."""
    global _CORE
    if _CORE is None:
        try:
            from .. import _core
        except ImportError as e:  # pragma: no cover - a build problem, not a user error
            raise ImportError("tensorcode._core is not built; run `make python` "
                              "(or build the tensorcode_core target)") from e
        _CORE = _core
    return _CORE


_CORE = None

from ._builder import Builder, Value  # noqa: E402
from ._program import Program, relu, sigmoid  # noqa: E402
from ._runtime import Runtime  # noqa: E402
from ._frontend import compile  # noqa: E402
from ._analysis import analyze  # noqa: E402

__all__ = [
    "compile", "Builder", "Program", "Runtime", "Value", "Domain", "int32", "float32", "float64",
    "boolean", "analyze", "relu", "sigmoid", "ProgramError", "CompileError", "ArtifactError",
    "EvaluationError", "DomainError", "GradientError", "StepLimitError", "VerificationError",
]
