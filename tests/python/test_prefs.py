"""•prefs settings a program's displayed results show (operators-and-system.md §19.5): the
elision limit and edges. Runs $BPL, else build/reldebug/bpl."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BPL = os.environ.get("BPL", str(ROOT / "build" / "reldebug" / "bpl"))

pytestmark = pytest.mark.skipif(not os.access(BPL, os.X_OK), reason="bpl is not built")


def shown(source):
    out = subprocess.run([BPL, "-e", source], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_default_elision_shows_a_short_vector_whole():
    assert shown("⍳10") == "[" + " ".join(str(i) for i in range(10)) + "]ₓ\n"


def test_limit_and_edges_decide_the_elision():
    # more items than the limit: one position kept at each end
    assert shown('_←•prefs ["limit":4;"edges":1] ⋄ ⍳10') == "[0 … 9]ₓ\n"
    # two kept at each end
    assert shown('_←•prefs ["limit":4;"edges":2] ⋄ ⍳10') == "[0 1 … 8 9]ₓ\n"


def test_an_infinite_limit_elides_nothing():
    n = 2000  # above the default limit of 1000
    assert shown(f'_←•prefs ["limit":∞] ⋄ ⍳{n}') == "[" + " ".join(str(i) for i in range(n)) + "]ₓ\n"
