"""`bpl --worker` (operators-and-system.md §25.2) driven as a client program would: one JSON
request per line on stdin, one flushed reply line each. Replies are parsed with Python's json
module (the oracle for the JSON); expected values are written out by hand from the spec."""
import json
import os
import pathlib
import subprocess
import threading
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BPL = os.environ.get("BPL", str(ROOT / "build" / "reldebug" / "bpl"))
pytestmark = pytest.mark.skipif(not os.path.exists(BPL), reason="bpl is not built")


class Worker:
    def __init__(self):
        self.p = subprocess.Popen([BPL, "--worker"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, encoding="utf-8")
        self.next_id = 0

    def send(self, payload):
        self.p.stdin.write((payload if isinstance(payload, str) else json.dumps(payload)) + "\n")
        self.p.stdin.flush()

    def reply(self):
        line = self.p.stdout.readline()
        assert line, self.p.stderr.read()
        return json.loads(line)

    def request(self, **payload):
        self.next_id += 1
        self.send(dict(id=self.next_id, **payload))
        r = self.reply()
        assert r["id"] == self.next_id
        return r["result"]

    def close(self):
        self.p.stdin.close()
        assert self.p.wait(timeout=10) == 0


@pytest.fixture
def w():
    worker = Worker()
    yield worker
    worker.close()


def vec(data, proto):
    return {"shape": [len(data)], "data": data, "prototype": proto}


def test_code_output_and_value(w):
    r = w.request(code="v←⍳3 ⋄ ⎕←+/v ⋄ v×2")
    assert r["error"] is None
    assert r["value"] == vec([0, 2, 4], 0)
    assert r["output"] == [{"kind": "explicit", "data": {"text/plain": "3ₓ"}},
                           {"kind": "display", "data": {"text/plain": "[0 2 4]ₓ"}}]
    # echo false drops the displays, not ⎕←; names persist between requests
    r = w.request(code="⎕←v ⋄ v", echo=False)
    assert r["output"] == [{"kind": "explicit", "data": {"text/plain": "[0 1 2]ₓ"}}]
    assert r["value"] == vec([0, 1, 2], 0)


def test_bindings_and_calls(w):
    x = vec([1, 2, 3], 0)
    assert w.request(bindings={"x": x}) == {"value": None, "output": [], "error": None}
    assert w.request(code="+/x", echo=False)["value"] == 6
    assert w.request(call="-", args=[x, x], echo=False)["value"] == vec([0, 0, 0], 0)
    assert w.request(call="{⍵×⍵}", args=[x], echo=False)["value"] == vec([1, 4, 9], 0)


@pytest.mark.parametrize("code, encoded", [
    ("2ᵣ*100", 2 ** 100),                               # exact integers of any size
    ("1÷3ᵣ", {"rational": ["1", "3"]}),
    ("0.5", 0.5),
    ("1ⱼ2", {"complex": [1.0, 2.0]}),
    ("'a'", "a"),
    ("∞ ¯∞", vec([{"infinity": 1}, {"infinity": -1}], 0.0)),
    ("$t $f", vec([True, False], False)),
    ('"ab"', vec(["a", "b"], " ")),
    ("2 2⍴⍳4", {"shape": [2, 2], "data": [0, 1, 2, 3], "prototype": 0}),
    ("⊂1.5 2", {"shape": [], "data": [vec([1.5, 2.0], 0.0)], "prototype": vec([0.0, 0.0], 0.0)}),
    ("0⍴0", vec([], 0.0)),
    ('["a":1.5 "b":2]', {**vec([1.5, 2.0], 0.0), "axis_keys": [["a", "b"]]}),
])
def test_values_round_trip(w, code, encoded):
    r = w.request(code=code, echo=False)
    assert r["error"] is None and r["value"] == encoded
    back = w.request(bindings={"v": encoded}, call="⊢", args=[encoded], echo=False)
    assert back["value"] == encoded
    assert w.request(code="v", echo=False)["value"] == encoded


def test_nan_and_bad_floats(w):
    assert w.request(code="0÷0", echo=False)["value"] == {"nan": 1}  # functions.md: 0÷0 is NaN
    assert w.request(call="⊢", args=[{"nan": 1}], echo=False)["value"] == {"nan": 1}


@pytest.mark.parametrize("payload", [
    {"bindings": {"x←99": 1}},
    {"bindings": {"x": vec([1, 2], 0) | {"shape": [1]}}},
    {"bindings": {"x": {"rational": ["1", "0"]}}},
    {"bindings": {"x": "ab"}},
    {"bindings": []},
    {"call": "+"},
    {"args": [1]},
    {"code": "1", "call": "+", "args": [1]},
    {"bindings": {"x": {"infinity": 0}}},
    {"call": "1 2", "args": [1]},
    {"code": 5},
    {"code": "1", "echo": "yes"},
    {"code": "1", "timeout_ms": -1},
    {},
])
def test_bad_requests(w, payload):
    r = w.request(**payload)
    assert r["error"]["kind"] == "REQUEST ERROR" and r["value"] is None
    assert w.request(code="1+1", echo=False)["value"] == 2.0  # the worker goes on


def test_not_json_is_a_request_error(w):
    w.send("nonsense")
    r = w.reply()
    assert r["id"] is None and r["result"]["error"]["kind"] == "REQUEST ERROR"


def test_errors_carry_kind_span_and_output(w):
    r = w.request(code="⎕←7 ⋄ 1 2+1 2 3")
    assert r["output"] == [{"kind": "explicit", "data": {"text/plain": "7"}}]
    e = r["error"]
    assert e["kind"] == "LENGTH ERROR" and e["message"]
    # the span is UTF-8 byte offsets into the code: it covers the `+`
    code = "⎕←7 ⋄ 1 2+1 2 3".encode()
    assert code[e["span"][0]:e["span"][1]] == b"+"
    assert "^" in e["report"]


def test_timeout_keeps_the_workspace(w):
    w.request(code="keep←42")
    start = time.monotonic()
    r = w.request(code="{⍵+1}⍣1E9⊢0", timeout_ms=200)
    assert r["error"]["kind"] == "TIMEOUT"
    assert time.monotonic() - start < 3
    assert w.request(code="keep+1", echo=False)["value"] == 43.0


def test_interrupt_stops_the_running_request(w):
    w.request(code="keep←7")
    w.send({"id": "long", "code": "{⍵+1}⍣1E9⊢0"})
    time.sleep(0.3)
    sent = time.monotonic()
    w.send({"interrupt": "long"})
    r = w.reply()
    assert r["id"] == "long" and r["result"]["error"]["kind"] == "INTERRUPT"
    assert time.monotonic() - sent < 1
    assert w.request(code="keep", echo=False)["value"] == 7.0


def test_replies_come_in_order_and_eof_ends():
    p = subprocess.run([BPL, "--worker"], input="".join(json.dumps({"id": i, "code": f"{i}×2", "echo": False}) + "\n"
                                                         for i in range(20)),
                       capture_output=True, text=True, timeout=30)
    assert p.returncode == 0
    replies = [json.loads(line) for line in p.stdout.splitlines()]
    assert [r["id"] for r in replies] == list(range(20))
    assert [r["result"]["value"] for r in replies] == [2.0 * i for i in range(20)]


def test_a_plot_displays_as_svg(w):
    import xml.etree.ElementTree as ET
    r = w.request(code="•plot 1 4 9")
    data = r["output"][0]["data"]
    assert "text/plain" in data
    root = ET.fromstring(data["image/svg+xml"])
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
