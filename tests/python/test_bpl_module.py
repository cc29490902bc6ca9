"""The Python module `bpl` (operators-and-system.md §25.1; docs/python.md): sessions, bindings,
NumPy in and out without copies (checked by buffer address), conversions of every kind, errors
and the GIL released while BPL computes. Expected values come from Python and NumPy."""
import sys
import threading
import time
from fractions import Fraction

import numpy as np
import pytest

bpl = pytest.importorskip("bpl")


def aligned(n, dtype=np.float64, align=64):
    """A NumPy array whose buffer starts on an `align`-byte boundary (NumPy's own allocations
    are 16-byte aligned) and does not end near a page's end."""
    item = np.dtype(dtype).itemsize
    buf = np.empty(n + 2 * align // item + 4096 // item, dtype=dtype)
    off = (-buf.ctypes.data % align) // item
    a = buf[off:off + n]
    end = a.ctypes.data + a.nbytes
    if (end - 1) // 4096 != (end + 63) // 4096:
        # the 64 bytes past the end cross a page: start one alignment step later, so the end
        # moves off the boundary (a whole page later would end at the same offset in its page)
        off += align // item
        a = buf[off:off + n]
        end = a.ctypes.data + a.nbytes
    assert a.ctypes.data % align == 0 and (end - 1) // 4096 == (end + 63) // 4096
    return a


def test_eval_bind_and_read():
    s = bpl.Session()
    assert s.eval("+/⍳10").py == sum(range(10))
    s["v"] = [3, 1, 4]
    assert s["v"].py == [3, 1, 4]
    assert s.eval("v×w", w=[2, 2, 2]).py == [6, 2, 8]
    assert s.eval("q←7").py == 7  # the last statement's value, shy or not
    assert s["q"].py == 7
    with pytest.raises(KeyError):
        s["nothing"]
    assert s.eval("⎕←42⋄1").py == 1 and s.output == ["42"]
    assert s.eval("⍳0").shape == (0,)


def test_sessions_are_separate():
    a, b = bpl.Session(), bpl.Session()
    a["x"] = 1
    with pytest.raises(KeyError):
        b["x"]


def test_numpy_out_is_a_read_only_view():
    s = bpl.Session()
    r = s.eval("2 3⍴⍳6")
    x, y = r.np, r.np
    assert x.ctypes.data == y.ctypes.data  # both views of the array's one buffer
    assert not x.flags.writeable
    np.testing.assert_array_equal(x, np.arange(6).reshape(2, 3))
    with pytest.raises(ValueError):
        x[0, 0] = 9


def test_numpy_in_and_out_without_a_copy():
    n = 10**7
    a = aligned(n)
    a[:] = np.arange(n) * 0.5
    s = bpl.Session()
    s["big"] = a
    assert s["big"].np.ctypes.data == a.ctypes.data  # in and out: the same buffer
    assert s.eval("z", z=a).np.ctypes.data == a.ctypes.data
    assert s.eval("+/big").py == pytest.approx(float(a.sum()))
    before = a.copy()
    s.eval("bigger←big+1")
    np.testing.assert_array_equal(a, before)  # never written through
    np.testing.assert_array_equal(s["bigger"].np, before + 1)


def test_adopted_buffer_is_kept_alive():
    s = bpl.Session()
    a = aligned(1000)
    a[:] = np.arange(1000)
    s["kept"] = a
    ref = sys.getrefcount(a)
    del a
    np.testing.assert_array_equal(s["kept"].np, np.arange(1000.0))
    assert ref >= 3  # the session holds it beside our name and the call's


def test_unaligned_or_strided_arrays_are_copied():
    s = bpl.Session()
    base = aligned(1001)
    base[:] = np.arange(1001)
    odd = base[1:]  # 8 bytes past a 64-byte boundary
    got = s.eval("x", x=odd).np
    assert got.ctypes.data != odd.ctypes.data
    np.testing.assert_array_equal(got, odd)
    strided = np.arange(20.0)[::2]
    np.testing.assert_array_equal(s.eval("x", x=strided).np, strided)


@pytest.mark.parametrize("dtype,mark", [
    (np.bool_, None), (np.int8, "ₓ₁"), (np.int16, "ₓ₂"), (np.int32, "ₓ₄"), (np.int64, "ₓ"),
    (np.float16, "ₕ"), (np.float32, "ₛ"), (np.float64, None), (np.complex64, None),
    (np.complex128, None)])
def test_every_numeric_dtype_round_trips(dtype, mark):
    s = bpl.Session()
    x = np.array([1, 0, 1], dtype=dtype)
    r = s.eval("x", x=x)
    assert r.np.dtype == x.dtype
    np.testing.assert_array_equal(r.np, x)
    if mark:
        assert r.bpl.endswith(mark)


def test_characters_round_trip():
    s = bpl.Session()
    x = np.array(list("héllo"), dtype="<U1")
    r = s.eval("x", x=x)
    assert r.py == "héllo"
    np.testing.assert_array_equal(r.np, x)
    assert s.eval("⌽x", x="abc").py == "cba"


def test_python_values_in_and_out():
    s = bpl.Session()
    assert s.eval("x", x=5).bpl == "5ᵣ"  # a Python int is exact
    assert s.eval("x", x=Fraction(1, 3)).py == Fraction(1, 3)
    assert s.eval("x÷3", x=1).py == Fraction(1, 3)
    assert s.eval("x", x=2.5).py == 2.5
    assert s.eval("x", x=3 + 4j).py == 3 + 4j
    assert s.eval("x", x=True).py is True
    assert s.eval("x", x=[1.5, "ab", [2.0, 3.0]]).py == [1.5, "ab", [2.0, 3.0]]
    assert s.eval("2 2⍴⍳4").py == [[0, 1], [2, 3]]
    assert s.eval("(1 2)(3 4)").shape == (2,)
    f = s.eval("{⍵+1}")
    assert isinstance(f, bpl.Function) and f.source == "{⍵+1}"
    assert s.eval("g 1", g=f).py == 2
    with pytest.raises(TypeError):
        s.eval("x", x=object())


def test_functions_are_callable():
    s = bpl.Session()
    mean = s.eval("+/÷≢")
    assert mean([1, 2, 4]).py == Fraction(7, 3)  # Python ints are exact (§25.1's example)
    minus = s.eval("-")
    assert minus(10, 3).py == 7  # two arguments: dyadic, the first is ⍺
    s.eval("k←100")
    assert s.eval("{⍵+k}")(1).py == 101  # runs in its session
    with pytest.raises(bpl.BplError) as e:
        s.eval("+")([1, 2], [1, 2, 3])
    assert e.value.kind == "LENGTH ERROR"
    with pytest.raises(TypeError):
        mean()


def test_late_bound_fn():
    mean = bpl.fn("+/÷≢")
    assert mean([1, 2, 4]).py == Fraction(7, 3)
    scale = bpl.fn("{⍵×factor}")
    bpl.workspace()["factor"] = 10
    assert scale(4).py == 40
    bpl.workspace()["factor"] = 100  # late-bound: the name is read at each call
    assert scale(4).py == 400
    with pytest.raises(TypeError):
        bpl.fn("1 2 3")(1)


def test_errors_carry_kind_message_and_span():
    s = bpl.Session()
    text = "1 2+1 2 3"
    with pytest.raises(bpl.BplError) as e:
        s.eval(text)
    assert e.value.kind == "LENGTH ERROR"
    assert e.value.message
    begin = text.encode().index(b"+")
    assert e.value.span == (begin, begin + 1)
    with pytest.raises(bpl.BplError) as e:
        s.eval("undefined_name")
    assert e.value.kind == "VALUE ERROR"
    s["ok"] = 1  # the session goes on
    assert s["ok"].py == 1


def test_gil_is_released_while_bpl_computes():
    s = bpl.Session()
    count = [0]
    stop = threading.Event()

    def spin():
        while not stop.is_set():
            count[0] += 1
            time.sleep(0)  # gives the GIL back each turn

    old = sys.getswitchinterval()
    sys.setswitchinterval(10.0)  # while we hold the GIL, the spinner never gets it
    t = threading.Thread(target=spin)
    t.start()
    try:
        c0 = count[0]
        assert s.eval("{⍵+1}⍣20000⊢0").py == 20000
        c1 = count[0]
    finally:
        stop.set()
        t.join()
        sys.setswitchinterval(old)
    assert c1 > c0


def test_interrupt_from_another_thread_keeps_the_session():
    s = bpl.Session()
    s.eval("kept←5")
    timer = threading.Timer(0.3, bpl.interrupt)
    timer.start()
    start = time.monotonic()
    with pytest.raises(bpl.BplError) as e:
        s.eval("{⍵+1}⍣1E9⊢0")
    timer.join()
    assert e.value.kind == "INTERRUPT"
    assert time.monotonic() - start < 3
    assert s["kept"].py == 5
    assert s.eval("kept+1").py == 6  # the next evaluation is not interrupted


def test_ctrl_c_interrupts_bpl_and_python_keeps_its_handler():
    import os
    import signal
    s = bpl.Session()
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(bpl.BplError) as e:
        s.eval("{⍵+1}⍣1E9⊢0")
    timer.join()
    assert e.value.kind == "INTERRUPT"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    with pytest.raises(KeyboardInterrupt):  # outside BPL, SIGINT is Python's again
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)


@pytest.fixture
def timeout_reset():
    yield
    bpl.timeout = None


def test_timeout_stops_a_long_evaluation_and_keeps_the_names(timeout_reset):
    s = bpl.Session()
    s.eval("kept←5")
    assert bpl.timeout is None  # the default: no limit
    bpl.timeout = 0.3
    assert bpl.timeout == 0.3
    start = time.monotonic()
    with pytest.raises(bpl.BplTimeout) as e:
        s.eval("{⍵+1}⍣1E9⊢0")
    elapsed = time.monotonic() - start
    assert 0.25 < elapsed < 3
    assert isinstance(e.value, bpl.BplError) and isinstance(e.value, TimeoutError)
    assert e.value.kind == "TIMEOUT"
    assert "bpl.timeout" in e.value.message and "0.3" in e.value.message
    assert e.value.report.startswith("TIMEOUT: ") and "^" in e.value.report
    assert s["kept"].py == 5
    assert s.eval("kept+1").py == 6  # a short evaluation under the limit runs to its end
    bpl.timeout = None
    assert s.eval("+/⍳10").py == 45


def test_timeout_applies_to_repl_and_function_calls(timeout_reset):
    s = bpl.Session()
    loop = s.eval("{{⍵+1}⍣1E9⊢⍵}")
    bpl.timeout = 0.2
    with pytest.raises(bpl.BplTimeout):
        loop(0)
    with pytest.raises(bpl.BplTimeout) as e:
        s.repl("⎕←1 ⋄ {⍵+1}⍣1E9⊢0")
    assert e.value.events == [("explicit", "1")]  # output before the timeout is kept


def test_interrupt_under_a_timeout_is_still_an_interrupt(timeout_reset):
    s = bpl.Session()
    bpl.timeout = 30
    timer = threading.Timer(0.2, bpl.interrupt)
    timer.start()
    with pytest.raises(bpl.BplError) as e:
        s.eval("{⍵+1}⍣1E9⊢0")
    timer.join()
    assert e.value.kind == "INTERRUPT" and not isinstance(e.value, bpl.BplTimeout)


@pytest.mark.parametrize("bad, error", [(-1, ValueError), (float("nan"), ValueError),
                                        (float("inf"), ValueError), ("1", TypeError), (True, TypeError)])
def test_timeout_takes_seconds_or_none(timeout_reset, bad, error):
    bpl.timeout = 2
    with pytest.raises(error):
        bpl.timeout = bad
    assert bpl.timeout == 2  # a bad value changes nothing
