"""•load from a script run by the bpl program (operators-and-system.md §19.3): relative paths
resolve against the script's folder, and a module loading the script back is a cycle. Runs
$BPL, else build/reldebug/bpl."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BPL = os.environ.get("BPL", str(ROOT / "build" / "reldebug" / "bpl"))

pytestmark = pytest.mark.skipif(not os.access(BPL, os.X_OK), reason="bpl is not built")


def run_script(script, cwd):
    return subprocess.run([BPL, str(script)], capture_output=True, text=True, timeout=60, cwd=cwd)


def test_a_relative_path_resolves_against_the_scripts_folder(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "inc.bpl").write_text("inc←{⍵+1}\n")
    (tmp_path / "main.bpl").write_text('[inc]←•load "lib/inc.bpl"\ninc 41\n')
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = run_script(tmp_path / "main.bpl", cwd=elsewhere)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "42\n"


def test_a_module_loading_the_script_back_is_a_domain_error(tmp_path):
    (tmp_path / "main.bpl").write_text('_←•load "back.bpl"\n')
    (tmp_path / "back.bpl").write_text('_←•load "main.bpl"\n')
    out = run_script(tmp_path / "main.bpl", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stderr.startswith("DOMAIN ERROR")
