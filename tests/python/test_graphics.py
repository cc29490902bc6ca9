"""§22's pictures and drawings checked by independent readers: PNG and APNG bytes from `•image⁻`
decoded by hand (zlib + struct, the PNG specification's filters) and by PIL; JPEG by PIL; SVG
parsed by Python's xml.etree and rendered by rsvg-convert where it is installed."""
import io
import os
import pathlib
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BPL = os.environ.get("BPL", str(ROOT / "build" / "reldebug" / "bpl"))
pytestmark = pytest.mark.skipif(not os.path.exists(BPL), reason="bpl is not built")


def bpl_bytes(tmp_path, expr):
    """The bytes BPL's expression gives, written by •nput to a file."""
    out = tmp_path / f"out{len(list(tmp_path.iterdir()))}.bin"
    r = subprocess.run([BPL, "-e", f'_←"{out}" •nput {expr}'], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return out.read_bytes()


def chunks(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, out = 8, []
    while at < len(data):
        (n,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + n]
        (crc,) = struct.unpack(">I", data[at + 8 + n:at + 12 + n])
        assert crc == zlib.crc32(kind + body)
        out.append((kind.decode(), body))
        at += 12 + n
    return out


def unfilter(raw, width, bpp, height):
    """The PNG specification's five filters undone (section 9)."""
    stride, rows, prev, at = width * bpp, [], bytearray(width * bpp), 0
    for _ in range(height):
        f, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return rows


def test_png_decodes_by_hand_and_by_pil(tmp_path):
    data = bpl_bytes(tmp_path, "•image⁻ 2 3 3⍴(0.5×⍳18)÷8.5")
    cs = chunks(data)
    ihdr = struct.unpack(">IIBBBBB", cs[0][1])
    assert cs[0][0] == "IHDR" and ihdr[:4] == (3, 2, 8, 2)  # 3 wide, 2 high, 8 bits, RGB
    raw = zlib.decompress(b"".join(b for k, b in cs if k == "IDAT"))
    pixels = b"".join(unfilter(raw, 3, 3, 2))
    assert list(pixels) == [round(i / 17 * 255) for i in range(18)]
    from PIL import Image  # python3-pil
    im = Image.open(io.BytesIO(data))
    assert im.size == (3, 2) and im.mode == "RGB"
    assert list(im.tobytes()) == list(pixels)


def test_grey_and_alpha_modes(tmp_path):
    from PIL import Image
    grey = Image.open(io.BytesIO(bpl_bytes(tmp_path, "•image⁻ 2 2⍴0 0.5 1 0.25")))
    assert grey.mode == "L" and list(grey.tobytes()) == [0, 128, 255, 64]
    la = Image.open(io.BytesIO(bpl_bytes(tmp_path, "•image⁻ 1 1 2⍴1 0.5")))
    assert la.mode == "LA" and list(la.tobytes()) == [255, 128]


def test_apng_frames_and_sequence_numbers(tmp_path):
    data = bpl_bytes(tmp_path, "•image⁻ 3 2 2 1⍴(0.5×⍳12)÷5.5")
    cs = chunks(data)
    kinds = [k for k, _ in cs]
    assert kinds == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"]
    assert struct.unpack(">II", cs[1][1]) == (3, 0)
    seqs = [struct.unpack(">I", b[:4])[0] for k, b in cs if k in ("fcTL", "fdAT")]
    assert seqs == list(range(5))  # one sequence shared by fcTL and fdAT
    frames = []
    for k, b in cs:
        if k == "IDAT":
            frames.append(zlib.decompress(b))
        elif k == "fdAT":
            frames.append(zlib.decompress(b[4:]))
    for i, raw in enumerate(frames):
        got = list(b"".join(unfilter(raw, 2, 1, 2)))
        assert got == [round((4 * i + j) / 11 * 255) for j in range(4)]
    from PIL import Image
    im = Image.open(io.BytesIO(data))
    assert getattr(im, "n_frames", 1) == 3  # PIL reads APNG


def test_jpeg_by_pil(tmp_path):
    from PIL import Image
    im = Image.open(io.BytesIO(bpl_bytes(tmp_path, '"jpeg" •image⁻ 8 8 3⍴0.8 0.2 0.2')))
    assert im.format == "JPEG" and im.size == (8, 8) and im.mode == "RGB"
    r, g, b = im.getpixel((3, 3))
    assert abs(r - 204) < 8 and abs(g - 51) < 8 and abs(b - 51) < 8


def test_pil_png_reads_back(tmp_path):
    from PIL import Image
    path = tmp_path / "pil.png"
    Image.frombytes("RGB", (2, 1), bytes([255, 0, 51, 0, 102, 255])).save(path)
    r = subprocess.run([BPL, "-e", f'255×•image "{path}"'], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["255", "0", "51", "0", "102", "255"]


PLOTS = {
    "lines": '["legend":"end" "title":"Rain"] •plot ["city":"NY" "LA";"month":"Jan" "Feb" "Mar"]:[10 20 30⋄40 50 60]',
    "points": '["mark":"point" "grid":$t "x":["label":"x"] "y":["label":"y²"]] •plot ["x":(⍳8) "y":(×⍨⍳8)]',
    "bars": '["mark":"bar" "labels":$t "flip":$t] •plot ["a":3 "b":5 "c":2]',
    "cells": '["mark":"cell" "title":"a<b & c"] •plot 3 4⍴⍳12',
    "log": '["y":["scale":"log"]] •plot 1 10 100 1000',
    "figure": 'x←(•plot 1 2 3) ("bar" •plot 3 1 2) ("point" •plot 2 2 1) ("cell" •plot 2 2⍴⍳4) ⋄ y←2 2⍴x ⋄ ["share":"y"] •plot y',
}


@pytest.mark.parametrize("name", sorted(PLOTS))
def test_plot_svg_is_valid_and_renders(tmp_path, name):
    svg = tmp_path / f"{name}.svg"
    *setup, plot = PLOTS[name].split(" ⋄ ")
    expr = " ⋄ ".join(setup + [f'_←"{svg}" •nput "image/svg+xml"⊃•mime {plot}'])
    r = subprocess.run([BPL, "-e", expr], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    root = ET.parse(svg).getroot()  # well-formed XML
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    width, height = float(root.get("width")), float(root.get("height"))
    assert width > 0 and height > 0
    if shutil.which("rsvg-convert") is None:
        pytest.skip("rsvg-convert (librsvg2-bin) is not installed")
    png = tmp_path / f"{name}.png"
    subprocess.run(["rsvg-convert", "-o", str(png), str(svg)], check=True, timeout=60)
    from PIL import Image
    im = Image.open(png).convert("RGB")
    assert im.size == (int(width), int(height))
    colours = set(im.getdata())
    assert len(colours) > 3  # something besides the white background was drawn


def test_element_svg_renders(tmp_path):
    svg = tmp_path / "circle.svg"
    expr = (f'c←•element "circle" ⋄ p←•svg ["cx":50 "cy":50 "r":30 "fill":"red"] c ⍬ ⋄ '
            f'_←"{svg}" •nput "image/svg+xml"⊃•mime p')
    r = subprocess.run([BPL, "-e", expr], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    root = ET.parse(svg).getroot()
    assert root.get("viewBox") == "0 0 100 100"
    circle = root.find("{http://www.w3.org/2000/svg}circle")
    assert circle is not None and circle.get("r") == "30"
    if shutil.which("rsvg-convert"):
        png = tmp_path / "circle.png"
        subprocess.run(["rsvg-convert", "-w", "100", "-h", "100", "-o", str(png), str(svg)], check=True, timeout=60)
        from PIL import Image
        assert Image.open(png).convert("RGB").getpixel((50, 50)) == (255, 0, 0)


def test_repl_save_writes_a_plot_and_a_picture(tmp_path):
    svg, png = tmp_path / "p.svg", tmp_path / "i.png"
    lines = f'p←"bar" •plot 3 1 4\n]save {svg} p\n]save {png} •image 2 3⍴0 0.5 1 1 0.5 0\n]save {svg} p\n]save {tmp_path}/x.gif p\n'
    r = subprocess.run([BPL], input=lines, capture_output=True, text=True, timeout=60)
    assert r.stdout.splitlines() == [f"saved {svg} (image/svg+xml)", f"saved {png} (image/png)"]
    assert "will not replace" in r.stderr and "extension" in r.stderr and r.returncode == 1
    assert len(ET.parse(svg).getroot().findall(".//{http://www.w3.org/2000/svg}rect")) == 4  # background, 3 bars
    from PIL import Image
    im = Image.open(png)
    assert im.size == (3, 2) and list(im.tobytes()) == [0, 128, 255, 255, 128, 0]
