"""The exception classes of tensorcode.program (spec §22) and the translation from the C++ core's
failures. No other module defines exception classes."""


class ProgramError(ValueError):
    """Missing/unknown names and bad arguments to API calls; base of every class here."""


class CompileError(ProgramError):
    """Frontend rejections, builder misuse and exceeded limits."""


class ArtifactError(ProgramError):
    """Artifact or snapshot validation failures; the message names the offending path."""


class EvaluationError(ProgramError):
    """A run-time numerical error; ``kind`` is one of the §9.3 strings, ``node`` a node id or None."""

    def __init__(self, message, kind="non_finite", node=None):
        super().__init__(message)
        self.kind = kind
        self.node = node


class DomainError(EvaluationError):
    """A value outside its domain (kind "domain")."""

    def __init__(self, message, kind="domain", node=None):
        super().__init__(message, kind, node)


class GradientError(EvaluationError):
    """Differentiation through a forward-only call (kind "gradient")."""

    def __init__(self, message, kind="gradient", node=None):
        super().__init__(message, kind, node)


class StepLimitError(ProgramError):
    """The Runtime's event budget is exhausted."""


class VerificationError(ProgramError):
    """No reference, too many cases, or a rejected replacement."""


def from_failure(exc):
    """The §22 exception for a ``_core.Failure`` (args: kind, node, message)."""
    kind, node, message = exc.args
    if kind == "domain":
        return DomainError(message, kind, node)
    if kind == "gradient":
        return GradientError(message, kind, node)
    return EvaluationError(message, kind, node)
