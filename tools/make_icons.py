#!/usr/bin/env python3
"""Draw the app icons (PNG) from the design of assets/favicon.svg, with the standard library only.

    python3 tools/make_icons.py            write assets/icons/*.png
    python3 tools/make_icons.py --check    exit 1 if a committed icon differs from what this draws

The die of favicon.svg (a red rounded square, three white pips on the diagonal) in a
64-unit design space, drawn per pixel with anti-aliasing from signed distances (no
supersampling, so a 512 px icon takes about a second). The output depends on nothing
but this file: the PNGs are committed, and tests/test_icons.py checks that they are
what this script draws (comparing pixels, so a different zlib cannot fail it).

- icon-192.png, icon-512.png: the die on a transparent background ("any" purpose);
- icon-maskable-512.png: opaque theme-blue background, the die inside the central
  circle of 40 % radius that every mask shape keeps ("maskable" purpose);
- apple-touch-icon.png (180 px): as the maskable one; iOS wants an opaque square and
  rounds its corners itself.
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icons"

Color = tuple[int, int, int]
DIE: Color = (0xC0, 0x39, 0x2B)   # favicon.svg's fill
PIP: Color = (0xFF, 0xFF, 0xFF)
THEME: Color = (0x1D, 0x4E, 0x89)  # theme_color of the manifest

# favicon.svg, in its 64-unit viewBox: the die's box and corner radius, and the pips.
DIE_BOX = (4.0, 4.0, 60.0, 60.0)
DIE_RADIUS = 12.0
PIPS = ((18.0, 18.0), (32.0, 32.0), (46.0, 46.0))
PIP_RADIUS = 6.0


@dataclass(frozen=True)
class Icon:
    name: str
    size: int
    die_fraction: float          # the die's width as a fraction of the icon's
    background: Color | None     # None: transparent


ICONS = (
    Icon("icon-192.png", 192, 56 / 64, None),
    Icon("icon-512.png", 512, 56 / 64, None),
    # 0.56: the die's half-diagonal is 0.56 * sqrt(2) / 2 = 0.396 of the size, inside the
    # 0.40 safe-zone radius of a maskable icon.
    Icon("icon-maskable-512.png", 512, 0.56, THEME),
    Icon("apple-touch-icon.png", 180, 0.56, THEME),
)


def _rounded_box_distance(x: float, y: float) -> float:
    """Signed distance (design units) from (x, y) to the die's rounded square."""
    x0, y0, x1, y1 = DIE_BOX
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hx, hy = (x1 - x0) / 2 - DIE_RADIUS, (y1 - y0) / 2 - DIE_RADIUS
    qx, qy = abs(x - cx) - hx, abs(y - cy) - hy
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - DIE_RADIUS


def _coverage(distance_px: float) -> float:
    """Fraction of a pixel covered by a shape, from the signed distance of its centre."""
    return min(1.0, max(0.0, 0.5 - distance_px))


def _over(top: Color, alpha: float, under: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """Porter-Duff "over" of a solid colour with coverage ``alpha`` on a premultiplied pixel."""
    r, g, b, a = under
    keep = 1.0 - alpha
    return (top[0] * alpha + r * keep, top[1] * alpha + g * keep, top[2] * alpha + b * keep, alpha + a * keep)


def render(icon: Icon) -> tuple[int, bytes]:
    """(channels, raw pixel rows without filter bytes) of an icon: RGB if opaque, else RGBA."""
    size = icon.size
    scale = icon.die_fraction * size / (DIE_BOX[2] - DIE_BOX[0])  # pixels per design unit
    offset = size / 2 - 32.0 * scale  # design point (32, 32) at the icon's centre
    channels = 3 if icon.background else 4
    rows = bytearray()
    for py in range(size):
        y = (py + 0.5 - offset) / scale
        for px in range(size):
            x = (px + 0.5 - offset) / scale
            pixel = (*icon.background, 1.0) if icon.background else (0.0, 0.0, 0.0, 0.0)
            box = _coverage(_rounded_box_distance(x, y) * scale)
            if box > 0.0:
                pixel = _over(DIE, box, pixel)
                for cx, cy in PIPS:
                    pip = _coverage((math.hypot(x - cx, y - cy) - PIP_RADIUS) * scale)
                    if pip > 0.0:
                        pixel = _over(PIP, pip, pixel)
            r, g, b, a = pixel
            if channels == 3:
                rows += bytes((round(r), round(g), round(b)))
            elif a == 0.0:
                rows += b"\0\0\0\0"
            else:  # un-premultiply
                rows += bytes((round(r / a), round(g / a), round(b / a), round(a * 255)))
    return channels, bytes(rows)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(size: int, channels: int, pixels: bytes) -> bytes:
    """An 8-bit RGB or RGBA PNG, every row with filter 0 (none)."""
    stride = size * channels
    raw = b"".join(b"\0" + pixels[i:i + stride] for i in range(0, len(pixels), stride))
    header = struct.pack(">IIBBBBB", size, size, 8, 2 if channels == 3 else 6, 0, 0, 0)
    chunks = _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + chunks


def read_png(data: bytes) -> tuple[int, int, int, bytes]:
    """(width, height, channels, pixels) of a PNG this script wrote (8-bit, filter 0, one IDAT)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, chunks = 8, {}
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        chunks[kind] = chunks.get(kind, b"") + data[pos + 8:pos + 8 + length]
        pos += 12 + length
    width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError("not an 8-bit RGB(A), non-interlaced PNG")
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = width * channels + 1
    rows = [raw[i:i + stride] for i in range(0, len(raw), stride)]
    if len(rows) != height or any(row[0] != 0 for row in rows):
        raise ValueError("rows with a filter other than 0")
    return width, height, channels, b"".join(row[1:] for row in rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed icons, write nothing")
    parser.add_argument("--out", type=Path, default=OUT, help="output directory (default: assets/icons/)")
    args = parser.parse_args(argv)
    stale = []
    for icon in ICONS:
        channels, pixels = render(icon)
        path = args.out / icon.name
        if args.check:
            try:
                same = read_png(path.read_bytes()) == (icon.size, icon.size, channels, pixels)
            except (OSError, ValueError):
                same = False
            if not same:
                stale.append(path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(png(icon.size, channels, pixels))
            print(f"make_icons.py: wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    if stale:
        print("make_icons.py: out of date (run python3 tools/make_icons.py): " + ", ".join(map(str, stale)),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
