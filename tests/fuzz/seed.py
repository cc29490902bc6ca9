#!/usr/bin/env python3
"""Seeds the fuzz corpora from the conformance cases, at run time (the corpus is not copied into
the tree): one file per case's code for the parse and eval targets, one per record file for the
cases target, and a libFuzzer dictionary of every glyph, system name and multi-character token
the cases use; and for the readers target, each string literal the cases give •json, •csv, •r
or •date, behind the byte that picks that reader's program in readers_fuzz.cpp, and again behind
option bytes for its programs with options (•csv, •csv⁻ of •csv, •date; •date⁻ with patterns of
its own). Usage:
seed.py CONFORMANCE_DIR OUT_DIR"""
import pathlib
import re
import struct
import sys

# The index of each reader's first program in readers_fuzz.cpp's PROGRAMS.
READERS = {"json": 0, "csv": 2, "r": 3, "date": 4}
# Seeds for the programs with options (readers_fuzz.cpp's OptionBytes): each is the program's
# byte, then option bytes, ahead of a literal. •csv: two mask bytes (0: the main option, here the
# first separator ","), then each option's pick; •csv⁻ of •csv: •csv's bytes then •csv⁻'s.
# •date: a mask byte (bit 0 pattern, 1 zone, 2 locale) and picks (zone 10 America/New_York,
# locale 4 fr_FR).
OPTIONS = {
    "csv": [bytes([6, 0, 0, 0]), bytes([6, 0x81, 0, 1, 1]), bytes([7, 0, 0, 0, 0, 0, 0])],
    "date": [bytes([8, 0x02, 10]), bytes([8, 0x06, 10, 4])],
}
# •date⁻ (program 9): the mask and picks, an edge moment's pick, a strftime pattern, NUL, moments.
DATE_FORMATS = [bytes([9, 0x07, 10, 4, 0]) + "%A %d %B %Y %H:%M:%S %z %Z".encode() + b"\0" +
                struct.pack("<2d", 1.7e9, -1e9),
                bytes([9, 0x02, 13, 5]) + b"\0" + struct.pack("<d", 1.6e9),
                bytes([9, 0x01, 0]) + "%c %x %X %j %U %G-W%V-%u %s".encode() + b"\0"]
LITERAL = re.compile(r'•(json|csv|r|date)\s*"((?:[^"\n]|"")*)"')


def main():
    conformance, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    sys.path.insert(0, str(conformance))
    from cases import parse  # the corpus's own record parser

    files = sorted((conformance / "tests" / "reference").glob("*.bpl"))
    code_dir, cases_dir, readers_dir = out / "code.seed", out / "cases.seed", out / "readers.seed"
    for d in (code_dir, cases_dir, readers_dir):
        d.mkdir(parents=True, exist_ok=True)
    tokens = set()
    n = 0
    readers = set()
    for f in files:
        text = f.read_text(encoding="utf-8")
        (cases_dir / f.name).write_text(text, encoding="utf-8")
        for case in parse(text):
            code = case["code"] if isinstance(case, dict) else case.code
            (code_dir / f"{n:05d}.bpl").write_text(code, encoding="utf-8")
            n += 1
            for name, lit in LITERAL.findall(code):
                seed = bytes([READERS[name]]) + lit.replace('""', '"').encode("utf-8")
                if name == "r":  # a pattern, NUL, a subject
                    seed += "\0ab12 cd3 Ünïcode 😀\nx".encode("utf-8")
                readers.add(seed)
                for prefix in OPTIONS.get(name, []):
                    readers.add(prefix + seed[1:])
        tokens.update(c for c in text if ord(c) > 127)
        tokens.update(re.findall(r"•[A-Za-z_][A-Za-z0-9_]*", text))
        tokens.update(re.findall(r"::|←|⍝|\$[a-z]", text))
    readers.update(DATE_FORMATS)
    for i, seed in enumerate(sorted(readers)):
        (readers_dir / f"{i:05d}").write_bytes(seed)
    with open(out / "bpl.dict", "w", encoding="utf-8") as d:
        for t in sorted(tokens):
            escaped = "".join(f"\\x{b:02x}" for b in t.encode("utf-8"))
            d.write(f'"{escaped}"\n')
    print(f"{n} code seeds, {len(files)} record files, {len(readers)} reader seeds, "
          f"{len(tokens)} dictionary entries")


if __name__ == "__main__":
    main()
