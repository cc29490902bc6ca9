"""`]dissect expr` and the •prefs `dissect` setting (operators-and-system.md §19.5, §24;
docs/repl.md): each statement's bound expression, a call written `left(f)right` (the outermost
without its parentheses) with the values its arguments had, or a tree of `call` nodes. The
expected texts are written out by hand from those rules: right-to-left binding gives the nesting,
the arguments' values are computed by hand."""
import os
import pathlib
import subprocess
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BPL = os.environ.get("BPL", str(ROOT / "build" / "reldebug" / "bpl"))
pytestmark = pytest.mark.skipif(not os.path.exists(BPL), reason="bpl is not built")


def piped(text):
    out = subprocess.run([BPL], input=text, capture_output=True, text=True, timeout=60)
    assert out.stderr == "", out.stderr
    return out.stdout.splitlines()


def test_dissect_shows_each_call_with_its_arguments_values():
    # 1+2×3 binds as 1+(2×3): the right argument of + is the call 2×3, 7 its result
    assert piped("]dissect 1+2×3\n") == ["1(+)(2(×)3)", "7"]
    # a name shows the value it held, a monadic call has no left argument
    assert piped("x←⍳3\n]dissect x×2\n]dissect +/⍳5\n") == [
        "[0 1 2]ₓ(×)2", "[0 2 4]ₓ",
        "(+/)((⍳)5)", "10ₓ"]
    # the derived function shows as its source, the value its right argument had from ⊢
    assert piped("]dissect {⍵+1}⍣3⊢0\n") == ["({⍵+1}⍣3)((⊢)0)", "3"]


def test_dissect_shows_a_strand_of_calls_item_by_item():
    assert piped("x←⍳3\n]dissect (x+1) (x×2)\n") == [
        "[([0 1 2]ₓ(+)1) ([0 1 2]ₓ(×)2)]", "(1 2 3⋄0 2 4)ₓ"]


def test_dissect_of_an_assignment_shows_its_value_expression_and_no_result():
    assert piped("]dissect y←10-4\ny\n") == ["10(-)4", "6"]


def test_an_argument_past_the_display_limit_shows_its_shape():
    # ⍳2000 has more items than the limit (1000): its shape, then ⍴…
    assert piped("v←⍳2000\n]dissect v×2\n")[0] == "2000⍴…(×)2"
    assert piped("m←2 600⍴0\n]dissect m+1\n")[0] == "(2 600⍴…)(+)1"  # a shape of two numbers in parentheses
    # the limit is •prefs "limit"
    assert piped('_←•prefs ["limit":2]\nv←⍳3\n]dissect v×2\n')[0] == "3⍴…(×)2"
    # the call's own argument 2000 is one item
    assert piped("]dissect 2×⍳2000\n")[0] == "2(×)((⍳)2000)"


def test_dissect_of_a_function_shows_it_once():
    assert piped("]dissect +/÷≢\n") == ["+/÷≢"]


def test_dissect_needs_an_expression_and_reports_errors():
    out = subprocess.run([BPL], input="]dissect\n]dissect 1 2+1 2 3\n", capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    assert "]dissect expr" in out.stderr and "LENGTH ERROR" in out.stderr
    assert out.stdout == ""


def test_the_setting_dissects_every_result_and_trees_draw_it_as_a_tree():
    lines = piped('_←•prefs ["dissect":$t]\n1-2-3\nz←5\n_←•prefs ["trees":$t]\n1+2×3\n')
    # an assignment's result is not shown, so neither is its bound expression
    assert lines == ["1(-)(2(-)3)", "2",
                     "call", "├─ +", "├─ 1", "└─ call", "   ├─ ×", "   ├─ 2", "   └─ 3", "7"]


def test_the_setting_applies_to_scripts_and_is_off_by_default():
    out = subprocess.run([BPL, "-e", "3×4"], capture_output=True, text=True, timeout=60)
    assert out.stdout == "12\n"
    out = subprocess.run([BPL, "-e", '_←•prefs ["dissect":$t] ⋄ 3×4'], capture_output=True, text=True, timeout=60)
    assert out.stdout == "3(×)4\n12\n"


def test_python_repl_events_dissect_with_the_setting():
    bpl = pytest.importorskip("bpl")
    s = bpl.Session()
    s.eval('_←•prefs ["dissect":$t]')
    try:
        assert s.repl("1+2×3") == [("display", "1(+)(2(×)3)"), ("display", "7")]
    finally:
        s.eval('_←•prefs ["dissect":$f]')
    assert s.repl("1+2×3") == [("display", "7")]


def test_terminal_dissect_draws_a_tree():
    pexpect = pytest.importorskip("pexpect")
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, XDG_CONFIG_HOME=home, TERM="xterm", LANG="C.UTF-8")
        p = pexpect.spawn(BPL, env=env, encoding="utf-8", timeout=10)
        p.send("]dissect 1+2×3\r")  # the terminal REPL has function trees on
        p.expect_exact("\r\ncall\r\n├─ +\r\n├─ 1\r\n└─ call\r\n   ├─ ×\r\n   ├─ 2\r\n   └─ 3\r\n7\r\n")
        p.send("\x04")
        p.expect(pexpect.EOF)
        p.close()
        assert p.exitstatus == 0
