"""The bpl program under hostile conditions (issue 19): a directory as the script, Ctrl-C, and
runaway programs under a 2 GiB address-space limit. Runs $BPL, else build/reldebug/bpl."""
import os
import pathlib
import shutil
import signal
import subprocess
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BPL = os.environ.get("BPL", str(ROOT / "build" / "reldebug" / "bpl"))
# AddressSanitizer reserves terabytes of address space: an address-space limit cannot apply.
SANITIZED = "debug" in pathlib.Path(BPL).parts

pytestmark = pytest.mark.skipif(not os.access(BPL, os.X_OK), reason="bpl is not built")


def run(*args, limit_bytes=None, timeout=120):
    cmd = [BPL, *args]
    if limit_bytes:
        cmd = [shutil.which("prlimit"), f"--as={limit_bytes}", *cmd]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def test_a_directory_as_the_script_is_an_io_error(tmp_path):
    out = run(str(tmp_path))
    assert out.returncode == 1
    assert out.stderr.startswith("IO ERROR")
    assert "directory" in out.stderr


def test_a_missing_script_is_an_io_error(tmp_path):
    out = run(str(tmp_path / "nothing.bpl"))
    assert out.returncode == 1
    assert out.stderr.startswith("IO ERROR")


def test_sigint_is_an_interrupt_error_with_status_1(tmp_path):
    script = tmp_path / "loop.bpl"
    script.write_text('⎕←"started"\nx←{⍵+1}⍣1E9⊢0\n⎕←"not reached"\n', encoding="utf-8")
    p = subprocess.Popen([BPL, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline() == "started\n"
        time.sleep(0.3)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 1
    assert err.startswith("INTERRUPT")
    assert "not reached" not in out


GIB2 = 2 * 1024 ** 3

# Each would need far more than 2 GiB (or more items than an array may hold).
RUNAWAY = [
    "5E8⍴1.5",                     # reshape: 4 GB of float64
    "{⍵,⍵}⍣28⊢1.5 2.5",            # catenate in a loop: 2²⁹ items
    "{⍵,⍵}⍣40⊢1 2",                # … past 10⁹ items
    "⍳10⍴5",                       # 5¹⁰ nested coordinate vectors
    "⊂⍣2147483648\"x\"",           # deep nesting, one box a level
    "≢(⍳30000)×⍤0 1⍳30000",        # a huge outer product: 9·10⁸ items
]


@pytest.mark.skipif(SANITIZED or not shutil.which("prlimit"), reason="needs prlimit and no ASan")
@pytest.mark.parametrize("program", RUNAWAY)
def test_runaway_programs_end_in_limit_error(program):
    out = run("-e", "x←⍳3 ⋄ " + program, limit_bytes=GIB2)
    assert out.returncode == 1, out.stderr
    assert out.stderr.startswith("LIMIT ERROR"), out.stderr[:300]
    # The workspace is intact: a guard catches the same LIMIT ERROR and the session goes on.
    out = run("-e", "x←⍳3 ⋄ ⎕←{\"LIMIT\"::\"caught\" ⋄ " + program + "}0 ⋄ x", limit_bytes=GIB2)
    assert out.returncode == 0, out.stderr[:300]
    assert out.stdout == "caught\n[0 1 2]ₓ\n"


@pytest.mark.skipif(SANITIZED or not shutil.which("prlimit"), reason="needs prlimit and no ASan")
def test_a_10_mb_line_is_an_error_not_an_abort(tmp_path):
    script = tmp_path / "long.bpl"
    script.write_text("1+" * 5_000_000 + "1\n")
    out = run(str(script), limit_bytes=GIB2)
    assert out.returncode == 1
    assert out.stderr.startswith("LIMIT ERROR")
