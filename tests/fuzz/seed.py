#!/usr/bin/env python3
"""Seeds the fuzz corpora from the conformance cases, at run time (the corpus is not copied into
the tree): one file per case's code for the parse and eval targets, one per record file for the
cases target, and a libFuzzer dictionary of every glyph, system name and multi-character token
the cases use. Usage: seed.py CONFORMANCE_DIR OUT_DIR"""
import pathlib
import re
import sys


def main():
    conformance, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    sys.path.insert(0, str(conformance))
    from cases import parse  # the corpus's own record parser

    files = sorted((conformance / "tests" / "reference").glob("*.bpl"))
    code_dir, cases_dir = out / "code.seed", out / "cases.seed"
    for d in (code_dir, cases_dir):
        d.mkdir(parents=True, exist_ok=True)
    tokens = set()
    n = 0
    for f in files:
        text = f.read_text(encoding="utf-8")
        (cases_dir / f.name).write_text(text, encoding="utf-8")
        for case in parse(text):
            code = case["code"] if isinstance(case, dict) else case.code
            (code_dir / f"{n:05d}.bpl").write_text(code, encoding="utf-8")
            n += 1
        tokens.update(c for c in text if ord(c) > 127)
        tokens.update(re.findall(r"•[A-Za-z_][A-Za-z0-9_]*", text))
        tokens.update(re.findall(r"::|←|⍝|\$[a-z]", text))
    with open(out / "bpl.dict", "w", encoding="utf-8") as d:
        for t in sorted(tokens):
            escaped = "".join(f"\\x{b:02x}" for b in t.encode("utf-8"))
            d.write(f'"{escaped}"\n')
    print(f"{n} code seeds, {len(files)} record files, {len(tokens)} dictionary entries")


if __name__ == "__main__":
    main()
