"""The Jupyter kernel (python/bpl/kernel.py), installed into a temporary prefix and driven by
jupyter_client as a notebook would: values, ⎕← output, errors, names across cells, completion
and inspection, boxed results, interrupts."""
import os

import pytest

jupyter_client = pytest.importorskip("jupyter_client")
pytest.importorskip("ipykernel")
bpl_kernel = pytest.importorskip("bpl.kernel")


@pytest.fixture(scope="module")
def kernel(tmp_path_factory):
    prefix = tmp_path_factory.mktemp("jupyter")
    bpl_kernel.install(prefix=str(prefix))
    old = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = str(prefix / "share" / "jupyter")
    km, kc = jupyter_client.manager.start_new_kernel(kernel_name="bpl", startup_timeout=120)
    yield km, kc
    kc.stop_channels()
    km.shutdown_kernel(now=True)
    if old is None:
        del os.environ["JUPYTER_PATH"]
    else:
        os.environ["JUPYTER_PATH"] = old


@pytest.fixture
def client(kernel):
    return kernel[1]


@pytest.fixture
def kernel_manager(kernel):
    return kernel[0]


def run(kc, code):
    """The reply's content and the iopub messages (type, content) of one cell."""
    seen = []
    reply = kc.execute_interactive(code, timeout=60,
                                   output_hook=lambda m: seen.append((m["msg_type"], m["content"])))
    return reply["content"], seen


def test_values_and_output(client):
    reply, seen = run(client, "+/⍳10")
    assert reply["status"] == "ok"
    results = [c["data"]["text/plain"] for t, c in seen if t == "execute_result"]
    assert results == [f"{sum(range(10))}ₓ"]
    reply, seen = run(client, '⎕←"hi"⋄x←6×7')
    assert reply["status"] == "ok"
    assert [c["text"] for t, c in seen if t == "stream"] == ["┌→─┐\n│hi│\n└──┘\n"]  # boxed, as at the terminal
    assert not [c for t, c in seen if t == "execute_result"]  # an assignment shows nothing
    reply, seen = run(client, "x")
    assert [c["data"]["text/plain"] for t, c in seen if t == "execute_result"] == ["42"]


def test_errors(client):
    reply, seen = run(client, "1 2+1 2 3")
    assert reply["status"] == "error" and reply["ename"] == "LENGTH ERROR"
    errors = [c for t, c in seen if t == "error"]
    assert errors and "^" in errors[0]["traceback"][-1]
    reply, _ = run(client, "x+1")
    assert reply["status"] == "ok"  # the workspace goes on


def test_completion_and_inspection(client):
    run(client, "quantity←1")
    reply = client.complete("quan", 4, reply=True, timeout=30)["content"]
    assert reply["matches"] == ["quantity"] and reply["cursor_start"] == 0
    reply = client.complete("1+`iot", 6, reply=True, timeout=30)["content"]
    assert reply["matches"] == ["⍳"] and reply["cursor_start"] == 2
    reply = client.inspect("⍳", 1, reply=True, timeout=30)["content"]
    assert reply["found"] and "iota" in reply["data"]["text/plain"]


def test_plot_shows_as_svg(client, tmp_path):
    import shutil
    import subprocess
    import xml.etree.ElementTree as ET
    reply, seen = run(client, '["legend":"end"] •plot ["city":"NY" "LA";"month":"Jan" "Feb" "Mar"]:[10 20 30⋄40 50 60]')
    assert reply["status"] == "ok"
    data = [c["data"] for t, c in seen if t == "execute_result"][0]
    assert "text/plain" in data
    svg = data["image/svg+xml"]
    root = ET.fromstring(svg)  # valid XML
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(root.findall(".//{http://www.w3.org/2000/svg}polyline")) == 2
    if shutil.which("rsvg-convert"):  # a real renderer draws it
        path = tmp_path / "plot.svg"
        path.write_text(svg)
        png = subprocess.run(["rsvg-convert", str(path)], capture_output=True, check=True, timeout=60).stdout
        assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_image_shows_as_png(client):
    import base64
    import io
    reply, seen = run(client, "•image 2 3⍴0 0.5 1 1 0.5 0")
    assert reply["status"] == "ok"
    data = [c["data"] for t, c in seen if t == "execute_result"][0]
    png = base64.b64decode(data["image/png"])
    from PIL import Image
    im = Image.open(io.BytesIO(png))
    assert im.size == (3, 2) and list(im.tobytes()) == [0, 128, 255, 255, 128, 0]


def test_results_are_boxed_and_functions_are_trees(client):
    reply, seen = run(client, "2 2⍴⍳4")
    assert [c["data"]["text/plain"] for t, c in seen if t == "execute_result"] == ["┌→──┐\n↓0 1│\n│2 3│\n└ₓ──┘"]
    reply, seen = run(client, "+/÷≢")
    assert [c["data"]["text/plain"] for t, c in seen if t == "execute_result"] == [
        "fork\n├─ /\n│  └─ +\n├─ ÷\n└─ ≢"]


def test_interrupt_stops_a_cell_and_keeps_the_workspace(client, kernel_manager):
    import threading
    import time
    run(client, "kept←11")
    done = threading.Event()

    def interrupt_until_done():  # again each second: on a loaded machine the cell may start late
        while not done.wait(1.0):
            kernel_manager.interrupt_kernel()

    t = threading.Thread(target=interrupt_until_done)
    t.start()
    start = time.monotonic()
    try:
        reply, seen = run(client, "{⍵+1}⍣1E9⊢0")
    finally:
        done.set()
        t.join()
    assert reply["status"] == "error" and reply["ename"] == "INTERRUPT"
    assert time.monotonic() - start < 30
    reply, seen = run(client, "kept")
    assert [c["data"]["text/plain"] for t, c in seen if t == "execute_result"] == ["11"]
