"""The PyTorch bridge and Trainer (spec §18–19)."""
import pytest

torch = pytest.importorskip("torch")

from tensorcode.program import Builder, DomainError, Program, ProgramError, int32  # noqa: E402
from tensorcode.program.operation import ProgramOperation, Trainer  # noqa: E402


def line():
    b = Builder()
    x = b.input("x")
    k = b.input("k", int32(0, 3))
    w = b.parameter("w", 0.5)
    c = b.parameter("c", 0.0)
    b.constant(7.0)
    return b.build({"y": w * x + c + k})


def test_module_parameters_and_outputs():
    p = line()
    m = p.to_tensor_module()
    assert m.parameter_names == ("w", "c")
    assert [t.item() for t in m.parameters()] == [0.5, 0.0]
    assert list(m.state_dict()) == ["weights.0", "weights.1"]
    out = m({"x": torch.tensor(2.0, dtype=torch.float64), "k": torch.tensor(1.0)})
    assert out["y"].dtype == torch.float64 and out["y"].shape == () and out["y"].item() == 2.0
    with pytest.raises(ValueError):
        m({"x": torch.tensor([1.0, 2.0]), "k": 0})
    with pytest.raises(TypeError):
        m({"x": torch.tensor(1), "k": 0})
    with pytest.raises(DomainError):
        m({"x": 1.0, "k": torch.tensor(0.5)})
    m.load_state_dict({"weights.0": torch.tensor(3.0, dtype=torch.float64),
                       "weights.1": torch.tensor(1.0, dtype=torch.float64)})
    assert m.program().parameters == {"w": 3.0, "c": 1.0}


def test_backward_matches_program_gradients():
    p = line()
    m = p.to_tensor_module()
    x = torch.tensor(1.5, dtype=torch.float64, requires_grad=True)
    y = m({"x": x, "k": 2})["y"]
    (3 * y).backward()
    g = p.gradients({"x": 1.5, "k": 2})
    assert x.grad.item() == 3 * g["x"]
    assert [w.grad.item() for w in m.weights] == [3 * g["w"], 3 * g["c"]]


def test_sgd_changes_only_declared_parameters():
    p = line()
    m = p.to_tensor_module()
    opt = torch.optim.SGD(m.parameters(), lr=0.1)
    for _ in range(200):
        opt.zero_grad()
        loss = sum((m({"x": float(x), "k": 0})["y"] - (2 * x + 1)) ** 2 for x in (-1, 0, 1, 2))
        loss.backward()
        opt.step()
    trained = Program.from_json(m.artifact())
    assert trained.parameters == {"w": pytest.approx(2.0, abs=1e-6), "c": pytest.approx(1.0, abs=1e-6)}
    before, after = p.artifact()["nodes"], trained.artifact()["nodes"]
    assert len(before) == len(after)
    for n0, n1 in zip(before, after):
        if n0["op"] != "parameter":
            assert n0["op"] == n1["op"] and n0["args"] == n1["args"] and n0.get("value") == n1.get("value")
    assert p.parameters == {"w": 0.5, "c": 0.0}


def test_float32_module():
    b = Builder(dtype="float32")
    x = b.input("x")
    w = b.parameter("w", 0.1)
    m = b.build(w * x).to_tensor_module()
    out = m({"x": torch.tensor(3.0)})["result"]
    assert out.dtype == torch.float32 and out.item() == pytest.approx(0.3, rel=1e-6)
    assert m.weights[0].dtype == torch.float32


def test_module_ignores_event_state():
    b = Builder()
    x = b.input("x")
    s = b.state("s", 1.0)
    b.update(s, s + x)
    m = b.build(s + x).to_tensor_module()
    assert m({"x": 1.0})["result"].item() == 2.0
    assert m({"x": 1.0})["result"].item() == 2.0
    assert m({"x": 1.0}, state={"s": 5.0})["result"].item() == 6.0


def test_trainer():
    def op(name, start):
        b = Builder()
        x = b.input("x")
        a = b.parameter("a", start)
        return ProgramOperation(b.build(a * x), name=name)

    trainer = Trainer.from_ops([op("double", 1.0), op("triple", 1.0)], lr=0.05)
    assert len(trainer.parameters()) == 2
    examples = [("double", {"x": 1.0}, {"result": 2.0}), ("triple", {"x": 1.0}, {"result": 3.0})]
    first = trainer.evaluate(examples)
    assert first == pytest.approx((1 + 4) / 2)
    assert trainer.step(examples) == pytest.approx(first)
    for _ in range(300):
        trainer.step(examples)
    assert trainer.evaluate(examples) < 1e-10
    ops = trainer.operations()
    assert ops["double"].parameters == {"a": pytest.approx(2.0)}
    assert trainer.artifacts()["triple"]["nodes"][1]["value"] == pytest.approx(3.0)
    with pytest.raises(ProgramError):
        Trainer.from_ops([op("same", 1.0), op("same", 2.0)])
    custom = Trainer.from_ops({"d": op("d", 0.0)}, optimizer=lambda ps: torch.optim.Adam(ps, lr=0.1))
    custom.step([("d", {"x": 1.0}, {"result": 1.0})])
    assert custom.operations()["d"].parameters["a"] > 0


def test_program_operation_members():
    b = Builder()
    x = b.input("x")
    op = ProgramOperation(b.build(x + 1).to_json(), name="inc")
    assert op.name == "inc" and op.outputs == ("result",) and op.parameters == {}
    assert op({"x": 1.0}) == {"result": 2.0} and op.artifact()["version"] == 1
    assert op.to_tensor_module()({"x": 1.0})["result"].item() == 2.0
