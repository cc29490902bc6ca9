"""•time 0 is now in Unix seconds (operators-and-system.md §19.3), against Python's time.time()."""
import os
import pathlib
import subprocess
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def bpl_exe():
    """The bpl program: $BPL_EXE, else the first preset build that has one."""
    if os.environ.get("BPL_EXE"):
        return os.environ["BPL_EXE"]
    for preset in ("reldebug", "debug", "release"):
        exe = ROOT / "build" / preset / "bpl"
        if exe.exists():
            return str(exe)
    pytest.skip("no bpl build (set BPL_EXE)")


def test_time_zero_is_unix_now():
    before = time.time()
    out = subprocess.run([bpl_exe(), "-e", "⎕←•time 0"], capture_output=True, text=True,
                         check=True, timeout=60)
    after = time.time()
    now = float(out.stdout.splitlines()[0])
    # the clock is read between the two Python readings (allowing a second of rounding slack)
    assert before - 1 <= now <= after + 1
