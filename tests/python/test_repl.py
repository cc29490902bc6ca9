"""The bpl program's REPL and command line (operators-and-system.md §24), driven as a user would:
the interactive REPL through a pseudo terminal (pexpect), the other invocations as subprocesses.
Expected texts are written out by hand from the spec's display rules (language.md §12)."""
import os
import pathlib
import subprocess
import tempfile
import time

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = pathlib.Path(__file__).resolve().parents[2]
BPL = os.environ.get("BPL", str(ROOT / "build" / "reldebug" / "bpl"))
pytestmark = pytest.mark.skipif(not os.path.exists(BPL), reason="bpl is not built")

UP = "\x1b[A"


def ints(values):
    """A compact integer vector's display: `[0 1 2]ₓ`."""
    return "[" + " ".join(str(v) for v in values) + "]ₓ"


def boxed_ints(values):
    """A compact integer vector boxed, as the terminal REPL shows it (language.md §12.4): the
    last axis `→` on the top edge, the storage `ₓ` on the bottom edge, drawn by hand."""
    row = " ".join(str(v) for v in values)
    n = len(row)
    return "┌→" + "─" * (n - 1) + "┐\r\n│" + row + "│\r\n└ₓ" + "─" * (n - 1) + "┘"


@pytest.fixture
def config_home():
    with tempfile.TemporaryDirectory() as d:
        yield d


def spawn(config_home):
    env = dict(os.environ, XDG_CONFIG_HOME=config_home, TERM="xterm", LANG="C.UTF-8")
    return pexpect.spawn(BPL, env=env, encoding="utf-8", timeout=10)


def result(p, text):
    """Waits for `text` on a line of its own (the echo of typed input never is one)."""
    p.expect_exact("\r\n" + text + "\r\n")


def quit_repl(p):
    p.send("\x04")
    p.expect(pexpect.EOF)
    p.close()
    assert p.exitstatus == 0


def test_backtick_key_types_a_glyph(config_home):
    p = spawn(config_home)
    p.send("`i5\r")
    result(p, boxed_ints(range(5)))
    p.send("11``22\r")  # `` is ⋄: two statements
    result(p, "11")
    p.expect_exact("22\r\n")
    quit_repl(p)


def test_up_recalls_the_previous_line(config_home):
    p = spawn(config_home)
    p.send("100+23\r")
    result(p, "123")
    p.send(UP + "\r")
    result(p, "123")
    quit_repl(p)


def test_dfn_typed_across_three_lines(config_home):
    p = spawn(config_home)
    p.send("f←{\r")
    p.send("⍵×1000\r")
    p.send("}\r")
    p.send("f 7\r")
    result(p, "7000")
    quit_repl(p)


def test_alt_chord_and_glyph_name_completion(config_home):
    p = spawn(config_home)
    p.send("\x1bi4\r")  # Alt-i: ⍳
    result(p, boxed_ints(range(4)))
    p.send("`rho\t")  # `rho then Tab: ⍴ (the key r types ⍴, "ho" completes its name)
    p.send(" 2 3⍴7\r")  # ⍴ 2 3⍴7 is the shape
    result(p, boxed_ints([2, 3]))
    p.send("` tally\t[4 5 6]\r")  # a literal backtick, then a name: ≢
    result(p, "3ₓ")
    quit_repl(p)


def test_name_completion(config_home):
    p = spawn(config_home)
    p.send("quantity←321\r")
    p.send("quan\t\r")
    result(p, "321")
    quit_repl(p)


def test_error_shows_a_caret_and_returns_to_the_prompt(config_home):
    p = spawn(config_home)
    p.send("keep←55\r")
    p.send("1 2+1 2 3\r")
    p.expect_exact("LENGTH ERROR")
    p.expect_exact("\r\n1 2+1 2 3\r\n   ^\r\n")
    p.send("keep\r")
    result(p, "55")
    quit_repl(p)


def test_ctrl_c_drops_the_input(config_home):
    p = spawn(config_home)
    p.send("kept←8\r")
    p.send("g←{\r")  # a continuation, then Ctrl-C: both lines dropped
    p.send("\x03")
    p.send("kept+1\r")
    result(p, "9")
    quit_repl(p)


def test_ctrl_c_interrupts_a_computation(config_home):
    """Ctrl-C while `{⍵+1}⍣1E9⊢0` runs: INTERRUPT within a second, then the prompt, with the
    names bound before still there."""
    p = spawn(config_home)
    p.send("kept←42\r")
    p.send("{⍵+1}⍣1E9⊢0\r")
    p.expect_exact("{⍵+1}⍣1E9⊢0\r\n")  # the line was taken: the loop runs now
    time.sleep(0.5)
    sent = time.monotonic()
    p.send("\x03")
    p.expect_exact("INTERRUPT", timeout=5)
    assert time.monotonic() - sent < 1.0
    p.send("kept\r")
    result(p, "42")
    quit_repl(p)


def test_ctrl_c_interrupts_one_long_stage(config_home):
    """A read of one fused stage over 9E8 items: the blocks check the flag, not only the stages."""
    p = spawn(config_home)
    p.send("+/÷1+⍳9E8\r")
    p.expect_exact("+/÷1+⍳9E8\r\n")
    time.sleep(0.3)
    sent = time.monotonic()
    p.send("\x03")
    p.expect_exact("INTERRUPT", timeout=10)
    assert time.monotonic() - sent < 1.0
    p.send("6×7\r")
    result(p, "42")
    quit_repl(p)


LONG_READ = "+/⍋⍋⍋1E6⍴3 1 4 1 5 9 2 6"  # one read of five stages


def test_progress_line_on_a_terminal_is_erased(config_home):
    """BPL_PROGRESS_AFTER=0 stands in for a read longer than the 2 s delay: the line counts
    stages on the terminal and is erased before the result."""
    env = dict(os.environ, XDG_CONFIG_HOME=config_home, TERM="xterm", LANG="C.UTF-8", BPL_PROGRESS_AFTER="0")
    p = pexpect.spawn(BPL, env=env, encoding="utf-8", timeout=30)
    p.send(LONG_READ + "\r")
    p.expect_exact("\r\x1b[K" + f"{sum(range(10**6))}ₓ\r\n")  # erased, then the result
    assert " of 5 stages\x1b[K" in p.before
    quit_repl(p)


def test_no_progress_line_for_a_short_read(config_home):
    p = spawn(config_home)  # the 2 s delay: a quick read draws nothing
    p.send(LONG_READ + "\r")
    result(p, f"{sum(range(10**6))}ₓ")
    assert "stages" not in p.before
    quit_repl(p)


def test_no_progress_line_in_pipes_or_files(tmp_path):
    env = dict(os.environ, BPL_PROGRESS_AFTER="0")
    out = subprocess.run([BPL, "-e", LONG_READ], capture_output=True, text=True, timeout=60, env=env)
    assert (out.stdout, out.stderr) == (f"{sum(range(10**6))}ₓ\n", "")
    with open(tmp_path / "err.txt", "w") as err:
        subprocess.run([BPL, "-e", LONG_READ], stdout=subprocess.DEVNULL, stderr=err, timeout=60, env=env)
    assert (tmp_path / "err.txt").read_text() == ""


def test_help_and_clear(config_home):
    p = spawn(config_home)
    p.send("]help ⍳\r")
    p.expect_exact("iota")
    p.send("gone←1\r")
    p.send("]clear\r")
    p.send("gone\r")
    p.expect_exact("VALUE ERROR")
    quit_repl(p)


def test_terminal_boxes_results_and_shows_function_trees(config_home):
    p = spawn(config_home)
    p.send("2 2⍴⍳4\r")
    result(p, "┌→──┐\r\n↓0 1│\r\n│2 3│\r\n└ₓ──┘")
    p.send("+/÷≢\r")
    result(p, "fork\r\n├─ /\r\n│  └─ +\r\n├─ ÷\r\n└─ ≢")
    p.send("]box off -trains=def\r")
    result(p, "OFF -style=max -trains=def -fns=on")
    p.send("⍳3\r")
    result(p, ints(range(3)))
    p.send("+/÷≢\r")
    result(p, "+/÷≢")
    p.send("]display ⍳3\r")  # the boxed diagram whatever the settings say
    result(p, boxed_ints(range(3)))
    p.send("(•prefs ⍬).box\r")  # ]box and •prefs change the same setting
    result(p, "$f")
    p.send("]box on\r")
    result(p, "ON -style=max -trains=def -fns=on")
    p.send("]box sideways\r")
    p.expect_exact("not sideways")
    quit_repl(p)


def test_history_persists(config_home):
    p = spawn(config_home)
    p.send("2×333\r")
    result(p, "666")
    quit_repl(p)
    assert (pathlib.Path(config_home) / "basedpl" / "history").exists()
    p = spawn(config_home)
    p.send(UP + "\r")
    result(p, "666")
    quit_repl(p)


def run(args, stdin=""):
    return subprocess.run([BPL, *args], input=stdin, capture_output=True, text=True, timeout=60)


def test_piped_lines_run_as_a_repl():
    out = run([], "v←⍳10\n1 2+1 2 3\n+/v\nh←{\n⍵+1\n}\nh 1\n")
    assert out.stdout.splitlines() == [f"{sum(range(10))}ₓ", "2"]
    assert "LENGTH ERROR" in out.stderr
    assert out.returncode == 1
    assert run([], "+/⍳4\n").returncode == 0


def test_dash_reads_the_whole_program():
    out = run(["-"], "v←⍳4\n+/v\n")
    assert (out.stdout, out.returncode) == ("6ₓ\n", 0)


def test_shebang_line_and_exit_statuses(tmp_path):
    script = tmp_path / "s.bpl"
    script.write_text("#!/usr/bin/env bpl\n+/⍳5\n")
    out = run([str(script), "arg1"])
    assert (out.stdout, out.returncode) == ("10ₓ\n", 0)
    script.write_text("#!/usr/bin/env bpl\n1 2+1 2 3\n")
    out = run([str(script)])
    assert out.returncode == 1 and ":2:4" in out.stderr  # the error keeps its line number
    assert run([str(tmp_path / "missing.bpl")]).returncode == 1
    assert run([str(tmp_path)]).returncode == 1  # a directory is an I/O error
    (tmp_path / "empty.bpl").write_text("")
    assert run([str(tmp_path / "empty.bpl")]).returncode == 0
    assert run(["--no-such-flag"]).returncode == 2
    assert run(["--help"]).returncode == 0 and "usage" in run(["--help"]).stdout
    assert run(["--version"]).stdout.startswith("bpl ")


def test_closed_output_pipe_ends_with_status_0():
    p = subprocess.Popen([BPL, "-e", "⎕←⍳1E6"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.read(10)
    p.stdout.close()
    assert p.wait(timeout=60) == 0


def test_results_are_elided_and_quad_shows_all():
    n = 2000
    out = run(["-e", f"⍳{n}"]).stdout.strip()
    assert out == "[0 1 2 … 1997 1998 1999]ₓ"
    full = run(["-e", f"⎕←⍳{n}"]).stdout.strip()
    assert full == ints(range(n))


def test_key_table_has_one_glyph_per_key():
    rows = [line.split("  ") for line in run(["--keys"]).stdout.splitlines()]
    keys = [r[0] for r in rows]
    glyphs = [r[1] for r in rows]
    assert len(set(keys)) == len(keys) and len(set(glyphs)) == len(glyphs)
    assert dict(zip(keys, glyphs))["i"] == "⍳"


def test_docs_key_table_is_the_programs():
    doc = (ROOT / "docs" / "repl.md").read_text().split("| key | glyph | name | help |")[1]
    rows = [line.split(" | ") for line in doc.splitlines() if line.startswith("| ") and "---" not in line]
    documented = [(r[1], r[2]) for r in rows]
    table = [tuple(line.split("  ")[1:3]) for line in run(["--keys"]).stdout.splitlines()]
    assert documented == table


def test_prefs_save_writes_pictures_and_plots(tmp_path):
    """•prefs "save": each ⎕← (and shown result) of a plot or a picture also writes a file."""
    import xml.etree.ElementTree as ET
    from PIL import Image
    out = tmp_path / "shots"
    code = (f'_←•prefs ["save":"{out}"] ⋄ ⎕←•plot 1 4 9 16 ⋄ ⎕←•image 2 3⍴0 0.5 1 1 0.5 0 ⋄ '
            f'⎕←1 2 3 ⋄ •plot 3 2 1')
    res = run(["-e", code])
    assert res.returncode == 0, res.stderr
    saved = [line for line in res.stdout.splitlines() if line.startswith("saved ")]
    assert saved == [f"saved {out}/bpl-1.svg (image/svg+xml)", f"saved {out}/bpl-1.png (image/png)",
                     f"saved {out}/bpl-2.svg (image/svg+xml)"]  # 1 2 3 renders as text only
    root = ET.parse(out / "bpl-1.svg").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    im = Image.open(out / "bpl-1.png")
    assert im.size == (3, 2) and list(im.tobytes()) == [0, 128, 255, 255, 128, 0]
    assert sorted(p.name for p in out.iterdir()) == ["bpl-1.png", "bpl-1.svg", "bpl-2.svg"]
    off = run(["-e", f'_←•prefs ["save":""] ⋄ ⎕←•plot 1 2'])
    assert "saved" not in off.stdout


def test_script_arguments_and_version_through_host(tmp_path):
    script = tmp_path / "args.bpl"
    script.write_text('⎕←•host "args" ⋄ ⎕←≢•host "args" ⋄ ⎕←•host "version"\n')
    out = run([str(script), "one", "two words"])
    version = run(["--version"]).stdout.split()[1]
    assert out.stdout.splitlines() == ['"one" "two words"', "2ₓ", version]
    out = run([str(script)])
    assert out.stdout.splitlines()[:2] == ['0⍴⊂""', "0ₓ"]
