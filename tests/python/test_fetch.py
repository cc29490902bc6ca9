"""•fetch (operators-and-system.md §21.1) against an HTTP server this test starts on 127.0.0.1
(Python's http.server, the oracle for what was sent): GET and POST, request headers, status
codes that are results (404), binary bodies, and no response as IO ERROR. Runs $BPL, else
build/reldebug/bpl."""
import http.server
import json
import os
import pathlib
import socket
import subprocess
import threading

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BPL = os.environ.get("BPL", str(ROOT / "build" / "reldebug" / "bpl"))

pytestmark = pytest.mark.skipif(not os.access(BPL, os.X_OK), reason="bpl is not built")


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, body, ctype="text/plain; charset=utf-8"):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("X-Echo-Method", self.command)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_GET(self):
        if self.path == "/hello":
            self.reply(200, "héllo".encode())
        elif self.path == "/bytes":
            self.reply(200, bytes([0, 1, 255]), "application/octet-stream")
        elif self.path == "/headers":
            self.reply(200, json.dumps({k.lower(): v for k, v in self.headers.items()}).encode())
        elif self.path == "/redirect":
            self.send_response(302)
            self.send_header("Location", "/hello")
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            self.reply(404, b"missing")

    def do_POST(self):
        n = int(self.headers.get("Content-Length", 0))
        self.reply(201, self.rfile.read(n)[::-1])


@pytest.fixture(scope="module")
def server():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def bpl(expr):
    out = subprocess.run([BPL, "-e", expr], capture_output=True, text=True, timeout=60)
    return out.returncode, out.stdout.strip(), out.stderr


def test_get_gives_status_headers_and_text(server):
    rc, out, err = bpl(f'r←•fetch "{server}/hello" ⋄ r.status ⋄ r.body ⋄ "x-echo-method"⊃r.headers')
    assert rc == 0, err
    assert out.splitlines() == ["200ₓ", "héllo", "GET"]


def test_a_404_is_a_result(server):
    rc, out, err = bpl(f'r←•fetch "{server}/nothing" ⋄ r.status ⋄ r.body')
    assert rc == 0, err
    assert out.splitlines() == ["404ₓ", "missing"]


def test_redirects_are_followed(server):
    rc, out, err = bpl(f'r←•fetch "{server}/redirect" ⋄ r.status ⋄ r.body')
    assert rc == 0, err
    assert out.splitlines() == ["200ₓ", "héllo"]


def test_binary_bodies_are_bytes(server):
    rc, out, err = bpl(f'(["binary":$t] •fetch "{server}/bytes").body')
    assert rc == 0, err
    assert out == "[0 1 255]ₓ"


def test_post_sends_the_body(server):
    rc, out, err = bpl(f'r←["method":"POST" "body":"abc"] •fetch "{server}/echo" ⋄ r.status ⋄ r.body')
    assert rc == 0, err
    assert out.splitlines() == ["201ₓ", "cba"]


def test_request_headers_are_sent(server):
    rc, out, err = bpl(f'(["headers":["X-Test":"yes"]] •fetch "{server}/headers").body')
    assert rc == 0, err
    assert json.loads(out)["x-test"] == "yes"


def test_no_response_is_a_file_error():
    with socket.socket() as s:  # a port nothing listens on: bound, never listening
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        rc, out, err = bpl(f'•fetch "http://127.0.0.1:{port}/"')
    assert rc == 1
    assert err.startswith("IO ERROR"), err


def test_unknown_options_are_domain_errors(server):
    rc, out, err = bpl(f'["colour":1] •fetch "{server}/hello"')
    assert rc == 1
    assert err.startswith("DOMAIN ERROR"), err
