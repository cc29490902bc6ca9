"""Runtime (spec §16): the Python face of the C++ state runtime (src/circuit/runtime.*), which owns
the state, the transactional commit, the step budget, snapshots (§21), restore and replay. This
module only maps names to values and the core's exceptions to those of §22."""

from ._errors import ArtifactError, ProgramError, StepLimitError, from_failure


def _core():
    from . import _core_module
    return _core_module()


def _translated(e):
    """The §22 exception for one of the core's (keeping replay's event_index), else ``e``."""
    core = _core()
    if isinstance(e, core.Failure):
        err = from_failure(e)
    elif isinstance(e, core.StepLimitError):
        err = StepLimitError(str(e))
    elif isinstance(e, core.ArtifactError):
        err = ArtifactError(str(e))
    else:
        return e
    if hasattr(e, "event_index"):
        err.event_index = e.event_index
    return err


def _call(fn, *args):
    try:
        return fn(*args)
    except Exception as e:
        err = _translated(e)
        if err is e:
            raise
        raise err from None


class Runtime:
    """Owns one program's event state; commits only after a whole event succeeds."""

    def __init__(self, program, max_steps=10000, *, state=None):
        from ._program import Program

        if not isinstance(program, Program):
            raise ProgramError("Runtime needs a Program")
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or not 0 <= max_steps <= 2**53:
            raise ProgramError("max_steps must be a non-negative integer (at most 2**53)")
        values = None if state is None else program._values(state, program._state_ids, "state")
        self._program = program
        self._core = _call(_core().Runtime, program._core, max_steps, values)

    program = property(lambda self: self._program)
    steps = property(lambda self: self._core.steps)
    max_steps = property(lambda self: self._core.max_steps)

    @property
    def state(self):
        return dict(zip(self._program._state_ids, self._core.state))

    def _inputs(self, event):
        p = self._program
        return p._values(event, p._input_ids, "inputs")

    def dispatch(self, inputs):
        """Runs one event; returns its outputs and commits the next state."""
        outs = _call(self._core.dispatch, inputs, self._inputs, self._program._bindings)
        return dict(zip(self._program._output_names, outs))

    def replay(self, events):
        """Dispatches each event in order; a failing event k raises with ``event_index = k``."""
        results = _call(self._core.replay, events, self._inputs, self._program._bindings)
        names = self._program._output_names
        return [dict(zip(names, outs)) for outs in results]

    def snapshot(self):
        """The snapshot v1 dict: program, state, consumed steps and budget."""
        return self._core.snapshot()

    @classmethod
    def restore(cls, snapshot, *, bindings=None):
        """A new runtime from a snapshot dict or JSON text (validated; ArtifactError)."""
        from ._program import Program

        if isinstance(snapshot, (bytes, bytearray)):
            try:
                snapshot = snapshot.decode("utf-8")
            except UnicodeDecodeError as e:
                raise ArtifactError(f"snapshot: not UTF-8 ({e})") from None
        core = _call(_core().Runtime.restore, snapshot)
        circuit = core.circuit
        rt = object.__new__(cls)
        rt._program = Program._of(circuit.artifact(), bindings=bindings, core=circuit, loaded=True)
        rt._core = core
        return rt

    def snapshot_json(self, *, indent=None):
        """Snapshot text formatted like JavaScript's JSON.stringify (shared with TypeScript)."""
        return self._core.snapshot_text(0 if indent is None else int(indent))
