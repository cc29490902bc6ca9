"""Runtime (spec §16): transactional event state, the step budget, snapshots (§21), replay."""

from ._errors import ArtifactError, ProgramError, StepLimitError


class Runtime:
    """Owns one program's event state; commits only after a whole event succeeds."""

    def __init__(self, program, max_steps=10000, *, state=None):
        from ._program import Program

        if not isinstance(program, Program):
            raise ProgramError("Runtime needs a Program")
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 0:
            raise ProgramError("max_steps must be a non-negative integer")
        self._program = program
        self._max_steps = max_steps
        self._steps = 0
        if state is None:
            self._state = program.initial_state
        else:
            # Checked per §5.1 by running the state through the core's acceptance.
            self._state = self._checked_state(state)

    def _checked_state(self, state):
        from ._builder import accept
        from ._domain import Domain

        p = self._program
        if not isinstance(state, dict):
            raise ProgramError("state must be a dict from state names to numbers")
        missing = [k for k in p._state_ids if k not in state]
        unknown = [k for k in state if k not in p._state_ids]
        if missing or unknown:
            raise ProgramError(f"state: missing names {missing}, unknown names {unknown}")
        out = {}
        for k, i in p._state_ids.items():
            node = p._art["nodes"][i]
            out[k] = accept(Domain.from_dict(node["domain"]), p.dtype, state[k], f"state {k!r}", i)
        return out

    program = property(lambda self: self._program)
    steps = property(lambda self: self._steps)
    max_steps = property(lambda self: self._max_steps)

    @property
    def state(self):
        return dict(self._state)

    def dispatch(self, inputs):
        """Runs one event; returns its outputs and commits the next state."""
        if self._steps >= self._max_steps:
            raise StepLimitError(f"the step budget ({self._max_steps} events) is exhausted")
        outputs, nxt = self._program.step(inputs, state=self._state)
        self._state = nxt
        self._steps += 1
        return outputs

    def replay(self, events):
        """Dispatches each event in order; a failing event k raises with ``event_index = k``."""
        results = []
        for k, event in enumerate(events):
            try:
                results.append(self.dispatch(event))
            except (ProgramError, StepLimitError) as e:
                e.event_index = k
                raise
        return results

    def snapshot(self):
        """The snapshot v1 dict: program, state, consumed steps and budget."""
        return {"format": "tensorcode.snapshot", "version": 1, "program": self._program.artifact(),
                "state": dict(self._state), "steps": self._steps, "max_steps": self._max_steps}

    @classmethod
    def restore(cls, snapshot, *, bindings=None):
        """A new runtime from a snapshot dict or JSON text (validated; ArtifactError)."""
        from . import _core_module
        from ._errors import DomainError
        from ._program import Program

        if isinstance(snapshot, (bytes, bytearray)):
            snapshot = snapshot.decode("utf-8")
        if isinstance(snapshot, str):
            try:
                snapshot = _core_module().loads(snapshot)
            except ValueError as e:
                raise ArtifactError(f"snapshot: {e}") from None
        if not isinstance(snapshot, dict):
            raise ArtifactError("snapshot must be an object")
        keys = ["format", "version", "program", "state", "steps", "max_steps"]
        if set(snapshot) != set(keys):
            raise ArtifactError(f"snapshot: the fields must be exactly {keys}")
        if snapshot["format"] != "tensorcode.snapshot":
            raise ArtifactError("snapshot.format: must be \"tensorcode.snapshot\"")
        if snapshot["version"] != 1 or isinstance(snapshot["version"], bool):
            raise ArtifactError("snapshot.version: unsupported snapshot version")
        program = Program.from_json(snapshot["program"], bindings=bindings)
        steps, max_steps = snapshot["steps"], snapshot["max_steps"]
        for v, what in ((steps, "steps"), (max_steps, "max_steps")):
            if isinstance(v, bool) or not isinstance(v, (int, float)) or v != int(v) or v < 0:
                raise ArtifactError(f"snapshot.{what}: must be a non-negative integer")
        if steps > max_steps:
            raise ArtifactError("snapshot.steps: must be <= max_steps")
        rt = cls(program, int(max_steps))
        try:
            rt._state = rt._checked_state(snapshot["state"])
        except (DomainError, ProgramError) as e:
            raise ArtifactError(f"snapshot.state: {e}") from None
        rt._steps = int(steps)
        return rt

    def snapshot_json(self, *, indent=None):
        """Snapshot text formatted like JavaScript's JSON.stringify (shared with TypeScript)."""
        from . import _core_module
        return _core_module().dumps(self.snapshot(), 0 if indent is None else int(indent))


