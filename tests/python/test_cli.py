"""python -m tensorcode.program run|gradients (spec §25)."""
import json
import os
import pathlib
import subprocess
import sys

from tensorcode.program import Builder, int32

PYTHONPATH = str(pathlib.Path(__file__).resolve().parents[2] / "python")


def cli(command, request):
    out = subprocess.run([sys.executable, "-m", "tensorcode.program", command],
                         input=json.dumps(request), capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=PYTHONPATH))
    return json.loads(out.stdout)


def program():
    b = Builder()
    e = b.input("e", int32(0, 5))
    x = b.input("x")
    s = b.state("s", 0, int32(0, 3))
    b.update(s, s + e)
    return b.build({"y": x * x + s})


def test_run_and_gradients():
    art = program().artifact()
    cases = [{"inputs": {"e": 1, "x": 2.0}}, {"inputs": {"e": 1, "x": 2.0}, "state": {"s": 3}},
             {"inputs": {"e": 1}}, {"inputs": {"e": 0.5, "x": 1.0}}]
    run = cli("run", {"artifact": art, "cases": cases})
    assert run == {"results": [{"outputs": {"y": 4}, "next_state": {"s": 1}},
                               {"error": "domain"}, {"error": "program"}, {"error": "domain"}]}
    grads = cli("gradients", {"artifact": art, "cases": cases[:1]})
    assert grads == {"results": [{"gradients": {"x": 4}}]}


def test_bad_usage():
    out = subprocess.run([sys.executable, "-m", "tensorcode.program", "nope"], capture_output=True,
                         text=True, env=dict(os.environ, PYTHONPATH=PYTHONPATH))
    assert out.returncode == 2
