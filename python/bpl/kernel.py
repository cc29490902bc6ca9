"""A Jupyter kernel for BPL on the bpl module (docs/python.md).

``python -m bpl.kernel install [--prefix DIR | --user]`` writes the kernel spec; Jupyter then
starts ``python -m bpl.kernel -f CONNECTION_FILE``. A cell runs as the REPL runs a line: ``⎕←``
output goes to stdout, each non-shy result is an execute result (its display text, elided as in
the REPL, boxed, functions as trees, and what its renderer gives: plots as image/svg+xml,
pictures as image/png), an error is a Jupyter error with the REPL's report; an interrupt (SIGINT)
stops the running cell with INTERRUPT and keeps the workspace. Completion offers workspace names
and glyphs by `name, from the REPL's key table (src/cli/keys.cpp through bpl.glyph_keys)."""
import base64
import json
import os
import pathlib
import re
import sys

import bpl
from bpl._core import glyph_keys

NAME_CHARS = r"A-Za-z0-9_∆⍙"


def _glyphs_named(prefix):
    """Rows whose name or alias starts with prefix; an exact name alone when one matches."""
    rows = glyph_keys()
    exact = [r for r in rows if prefix in [r[2], *r[3].split()]]
    if len(exact) == 1:
        return exact
    return [r for r in rows if any(n.startswith(prefix) for n in [r[2], *r[3].split()])]


def complete(session, code, cursor):
    """(matches, start, end) for the text before cursor: `glyph names, else workspace names."""
    before = code[:cursor]
    m = re.search(r"`([A-Za-z-]*)$", before)
    if m:
        return [r[1] for r in _glyphs_named(m.group(1))], m.start(), cursor
    m = re.search(f"[{NAME_CHARS}]*$", before)
    prefix = m.group(0)
    return [n for n in session.names() if n.startswith(prefix)], m.start(), cursor


def rich_results(events):
    """The REPL's events as Jupyter output: ("explicit", text) and ("display", MIME data), a
    display's data holding text/plain and each ("rich:TYPE", bytes) event after it (image/png
    base64-encoded, as Jupyter carries binary data; other types as text)."""
    out = []
    for kind, data in events:
        if kind.startswith("rich:") and out and out[-1][0] == "display":
            mime = kind[len("rich:"):]
            out[-1][1][mime] = (base64.b64encode(data).decode("ascii") if mime.startswith("image/") and
                                not mime.endswith("+xml") else data.decode("utf-8"))
        elif kind == "display":
            out.append(("display", {"text/plain": data}))
        elif kind == "explicit":
            out.append(("explicit", data))
    return out


def _kernel_class():
    from ipykernel.kernelbase import Kernel

    class BplKernel(Kernel):
        implementation = "bpl"
        implementation_version = "0.1"
        language = "bpl"
        language_version = "0.1"
        language_info = {"name": "bpl", "mimetype": "text/x-bpl", "file_extension": ".bpl"}
        banner = "BPL: an APL-family array language"

        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.workspace = bpl.Session()
            # as at the terminal: boxed results and function trees (operators-and-system.md §19.5)
            self.workspace.eval('_←•prefs ["box":$t;"trees":$t;"fns":$t]')

        def _events(self, events, silent):
            if silent:
                return
            for kind, data in rich_results(events):
                if kind == "explicit":
                    self.send_response(self.iopub_socket, "stream", {"name": "stdout", "text": data + "\n"})
                else:
                    self.send_response(self.iopub_socket, "execute_result", {
                        "execution_count": self.execution_count, "data": data, "metadata": {}})

        def do_execute(self, code, silent, store_history=True, user_expressions=None,
                       allow_stdin=False):
            try:
                events = self.workspace.repl(code)
            except bpl.BplError as e:
                self._events(getattr(e, "events", []), silent)
                content = {"ename": e.kind, "evalue": e.message, "traceback": e.report.split("\n")}
                if not silent:
                    self.send_response(self.iopub_socket, "error", content)
                return {"status": "error", "execution_count": self.execution_count, **content}
            self._events(events, silent)
            return {"status": "ok", "execution_count": self.execution_count, "payload": [],
                    "user_expressions": {}}

        def do_complete(self, code, cursor_pos):
            matches, start, end = complete(self.workspace, code, cursor_pos)
            return {"status": "ok", "matches": matches, "cursor_start": start, "cursor_end": end,
                    "metadata": {}}

        def do_inspect(self, code, cursor_pos, detail_level=0, omit_sections=()):
            glyph = code[cursor_pos - 1:cursor_pos] if cursor_pos else ""
            rows = [r for r in glyph_keys() if r[1] == glyph]
            if not rows:
                return {"status": "ok", "found": False, "data": {}, "metadata": {}}
            key, glyph, name, _, text = rows[0]
            return {"status": "ok", "found": True, "metadata": {},
                    "data": {"text/plain": f"{glyph} {name} (`{key}): {text}"}}

    return BplKernel


def install(prefix=None, user=False):
    """Writes the kernel spec (kernel.json) and returns its folder."""
    from jupyter_client.kernelspec import KernelSpecManager
    import tempfile

    spec = {
        "argv": [sys.executable, "-m", "bpl.kernel", "-f", "{connection_file}"],
        "display_name": "BPL",
        "language": "bpl",
        "env": {"PYTHONPATH": str(pathlib.Path(__file__).resolve().parents[1])},
    }
    with tempfile.TemporaryDirectory() as d:
        (pathlib.Path(d) / "kernel.json").write_text(json.dumps(spec, indent=1))
        return KernelSpecManager().install_kernel_spec(d, "bpl", user=user, prefix=prefix)


def main(argv):
    if argv[:1] == ["install"]:
        prefix = argv[argv.index("--prefix") + 1] if "--prefix" in argv else None
        print(install(prefix=prefix, user="--user" in argv or (prefix is None and os.geteuid() != 0)))
        return 0
    from ipykernel.kernelapp import IPKernelApp
    IPKernelApp.launch_instance(kernel_class=_kernel_class(), argv=argv)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
