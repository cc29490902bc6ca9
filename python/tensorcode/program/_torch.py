"""The PyTorch bridge (spec §18): a torch.nn.Module whose forward runs the CPU circuit evaluator and
whose backward uses the circuit's reverse pass. torch is imported only when this module is used."""

import torch

from ._errors import ProgramError


def _scalar(name, value):
    """(float, tensor or None) for one supplied input."""
    if isinstance(value, torch.Tensor):
        if value.numel() != 1:
            raise ValueError(f"input {name!r} has {value.numel()} elements; this API takes scalars")
        if not value.is_floating_point():
            raise TypeError(f"input {name!r} must be a floating tensor, not {value.dtype}")
        return float(value.detach().cpu().reshape(()).item()), value
    return value, None


class _Run(torch.autograd.Function):
    @staticmethod
    def forward(ctx, module, values, state, *tensors):
        program = module._program
        params = [float(w.detach().cpu().item()) for w in module.weights]
        outputs = program.run(values, state=state, _params=params or None)
        ctx.module, ctx.values, ctx.state, ctx.params = module, values, state, params
        ctx.input_names = module._input_names
        ctx.input_tensors = tensors[: len(module._input_names)]
        return tuple(torch.tensor(outputs[k], dtype=module._dtype) for k in program.outputs)

    @staticmethod
    def backward(ctx, *grad_outputs):
        module = ctx.module
        program = module._program
        cot = {k: (0.0 if g is None else float(g.item())) for k, g in zip(program.outputs, grad_outputs)}
        _, grads = program._gradients_full(ctx.values, ctx.state, cotangents=cot,
                                           params=ctx.params or None)
        result = [None, None, None]
        for name, t in zip(ctx.input_names, ctx.input_tensors):
            if t is not None and t.requires_grad and name in grads:
                result.append(torch.tensor(grads[name], dtype=t.dtype, device=t.device))
            else:
                result.append(None)
        for name, w in zip(module.parameter_names, module.weights):
            result.append(torch.tensor(grads[name], dtype=w.dtype))
        return tuple(result)


class ProgramModule(torch.nn.Module):
    """A program as a torch module: ``weights`` holds its parameters in program order."""

    def __init__(self, program):
        super().__init__()
        self._program = program
        self._dtype = torch.float32 if program.dtype == "float32" else torch.float64
        self._input_names = tuple(program.inputs)
        self.parameter_names = tuple(program.parameters)
        self.weights = torch.nn.ParameterList(
            [torch.nn.Parameter(torch.tensor(v, dtype=self._dtype))
             for v in program.parameters.values()])

    def forward(self, inputs, state=None):
        if not isinstance(inputs, dict):
            raise ProgramError("inputs must be a dict from input names to scalars")
        values, tensors = {}, []
        for name, value in inputs.items():
            values[name], t = _scalar(name, value)
        for name in self._input_names:
            t = inputs.get(name)
            tensors.append(t if isinstance(t, torch.Tensor) else None)
        placeholders = [t if t is not None else torch.zeros(()) for t in tensors]
        outs = _Run.apply(self, values, state, *placeholders, *self.weights)
        return dict(zip(self._program.outputs, outs))

    def program(self):
        """The program with the current parameter values."""
        if not self.parameter_names:
            return self._program
        return self._program.with_parameters(
            {k: float(w.detach().cpu().item()) for k, w in zip(self.parameter_names, self.weights)})

    def artifact(self):
        """The artifact dict of program() (trained weights included)."""
        return self.program().artifact()


def tensor_module(program):
    return ProgramModule(program)
