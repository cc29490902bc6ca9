"""ProgramOperation and Trainer (spec §19): pure, replayable program operations and a small
training loop over them. Importing this module does not import torch."""

from ._errors import ProgramError
from ._program import Program


class ProgramOperation:
    """A stateless, call-free program used as one operation."""

    def __init__(self, artifact, *, name="program"):
        if isinstance(artifact, Program):
            program = artifact
        else:
            program = Program.from_json(artifact)
        if program.initial_state or any(n["op"] == "call" for n in program._art["nodes"]):
            raise ProgramError("a ProgramOperation must have no state and no call nodes")
        if not isinstance(name, str) or not name:
            raise ProgramError("name must be a non-empty string")
        self.program = program
        self.name = name

    inputs = property(lambda self: self.program.inputs)
    outputs = property(lambda self: self.program.outputs)
    parameters = property(lambda self: self.program.parameters)

    def __call__(self, inputs):
        return self.program.run(inputs)

    def artifact(self):
        return self.program.artifact()

    def to_tensor_module(self):
        return self.program.to_tensor_module()

    def __repr__(self):
        return f"<ProgramOperation {self.name!r} {self.program!r}>"


class Trainer:
    """Trains the parameters of several operations with one torch optimizer."""

    def __init__(self, *args, **kwargs):
        raise TypeError("use Trainer.from_ops")

    @classmethod
    def from_ops(cls, ops, *, lr=0.01, optimizer=None):
        import torch

        if isinstance(ops, dict):
            items = list(ops.items())
        else:
            items = [(op.name, op) for op in ops]
            names = [n for n, _ in items]
            if len(set(names)) != len(names):
                raise ProgramError("operation names must be unique")
        for name, op in items:
            if not isinstance(op, ProgramOperation):
                raise ProgramError(f"{name!r} is not a ProgramOperation")
        t = object.__new__(cls)
        t._names = [n for n, _ in items]
        t._ops = dict(items)
        t._modules = {n: op.to_tensor_module() for n, op in items}
        params = t.parameters()
        if optimizer is None:
            t._optimizer = torch.optim.SGD(params, lr=lr) if params else None
        else:
            t._optimizer = optimizer(params)
        return t

    def parameters(self):
        return [p for n in self._names for p in self._modules[n].parameters()]

    def _loss(self, examples):
        import torch

        terms = []
        for op_name, inputs, targets in examples:
            if op_name not in self._modules:
                raise ProgramError(f"unknown operation {op_name!r}")
            out = self._modules[op_name](inputs)
            for k, target in targets.items():
                if k not in out:
                    raise ProgramError(f"operation {op_name!r} has no output {k!r}")
                terms.append((out[k] - float(target)) ** 2)
        if not terms:
            raise ProgramError("no (example, target) pairs")
        return torch.stack(terms).mean()

    def step(self, examples):
        """One zero_grad/backward/optimizer step; returns the loss before the update."""
        examples = list(examples)
        if self._optimizer is not None:
            self._optimizer.zero_grad()
        loss = self._loss(examples)
        if self._optimizer is not None and loss.requires_grad:
            loss.backward()
            self._optimizer.step()
        return float(loss.item())

    def evaluate(self, examples):
        import torch

        with torch.no_grad():
            return float(self._loss(list(examples)).item())

    def operations(self):
        return {n: ProgramOperation(self._modules[n].program(), name=self._ops[n].name)
                for n in self._names}

    def artifacts(self):
        return {n: op.artifact() for n, op in self.operations().items()}


__all__ = ["ProgramOperation", "Trainer"]
