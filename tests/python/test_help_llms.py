"""`]help llms` (operators-and-system.md §24): a summary of BPL for language models. Its text's one
home is docs/llms.md, compiled into bpl; the glyph lines come from the key table. Every example
in docs/llms.md (`expr ⍝ r`, results worked out by hand from the spec) runs through the case
runner, so the summary cannot drift from the language."""
import os
import pathlib
import re
import subprocess
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BPL = os.environ.get("BPL", str(ROOT / "build" / "reldebug" / "bpl"))
DOC = ROOT / "docs" / "llms.md"
pytestmark = pytest.mark.skipif(not os.path.exists(BPL), reason="bpl is not built")


def help_llms(before=""):
    out = subprocess.run([BPL], input=before + "]help llms\n", capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    return out.stdout


def docs_key_glyphs():
    """The glyphs of docs/repl.md's key table (kept equal to the program's by test_repl)."""
    table = (ROOT / "docs" / "repl.md").read_text().split("| key | glyph | name | help |")[1]
    rows = [row.replace("\\|", "") for row in table.splitlines()[2:] if row.startswith("| `")]
    return [row.split("|")[2].strip() for row in rows]


def test_help_llms_prints_the_doc_then_every_glyph():
    text = help_llms()
    doc = DOC.read_text().rstrip("\n")
    assert text.startswith(doc + "\n\n## Glyphs\n\n")
    lines = text[len(doc):].splitlines()
    for glyph in docs_key_glyphs():
        assert any(line.startswith(f"- `{glyph}` ") for line in lines), glyph


def test_a_name_llms_does_not_hide_the_topic():
    assert help_llms("llms←5\n").startswith("# BPL for language models\n")


def test_every_example_in_the_doc_holds(tmp_path):
    blocks = re.findall(r"```bpl\n(.*?)```", DOC.read_text(), re.S)
    cases = [line for block in blocks for line in block.splitlines() if "⍝" in line]
    assert len(cases) >= 25
    path = tmp_path / "llms.bpl"
    path.write_text("\n".join(f"⍝ llms:{i} — docs/llms.md, example {i}\n{line}\n" for i, line in enumerate(cases)))
    out = subprocess.run([BPL, "--cases", str(path)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"{len(cases)} passed, 0 failed" in out.stdout + out.stderr


def test_terminal_help_llms():
    pexpect = pytest.importorskip("pexpect")
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, XDG_CONFIG_HOME=home, TERM="xterm", LANG="C.UTF-8")
        p = pexpect.spawn(BPL, env=env, encoding="utf-8", timeout=10)
        p.send("]help llms\r")
        p.expect_exact("\r\n# BPL for language models\r\n")
        p.expect_exact("## Glyphs")
        p.send("\x04")
        p.expect(pexpect.EOF)
        p.close()
        assert p.exitstatus == 0
