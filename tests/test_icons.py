"""The app icons and the web app manifest: the committed PNGs are what tools/make_icons.py
draws (pixel for pixel), and the manifest names them with the right sizes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support import load_tool

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"




make_icons = load_tool("make_icons")


@pytest.mark.parametrize("icon", make_icons.ICONS, ids=lambda icon: icon.name)
def test_committed_icon_is_what_the_script_draws(icon) -> None:
    path = make_icons.OUT / icon.name
    assert path.is_file(), "run python3 tools/make_icons.py"
    channels, pixels = make_icons.render(icon)
    assert make_icons.read_png(path.read_bytes()) == (icon.size, icon.size, channels, pixels), (
        f"{path.name} is out of date: run python3 tools/make_icons.py")


def test_png_round_trip_and_opaque_icons() -> None:
    for icon in make_icons.ICONS:
        channels, pixels = make_icons.render(icon)
        assert make_icons.read_png(make_icons.png(icon.size, channels, pixels)) == (
            icon.size, icon.size, channels, pixels)
        # Maskable and Apple icons fill their square (no transparency): RGB only.
        assert (channels == 3) == (icon.background is not None)


def test_manifest() -> None:
    manifest = json.loads((ASSETS / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Dice Pad" and manifest["short_name"]
    # URLs in a manifest are relative to the manifest (assets/): "../" is the site's top,
    # wherever the site is served from.
    assert manifest["start_url"] == "../" and manifest["scope"] == "../"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#1d4e89" and manifest["background_color"] == "#fdfbf4"
    icons = {(i["sizes"], i["type"], i.get("purpose", "any")): i["src"] for i in manifest["icons"]}
    assert icons[("any", "image/svg+xml", "any")] == "favicon.svg"
    for size, purpose in ((192, "any"), (512, "any"), (512, "maskable")):
        src = icons[(f"{size}x{size}", "image/png", purpose)]
        width, height, _, _ = make_icons.read_png((ASSETS / src).read_bytes())
        assert (width, height) == (size, size), src
    for src in icons.values():
        assert (ASSETS / src).is_file(), src


def test_page_links_the_manifest_and_the_apple_icon() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="./assets/manifest.webmanifest">' in html
    assert '<link rel="apple-touch-icon" href="./assets/icons/apple-touch-icon.png">' in html
    assert make_icons.read_png((ASSETS / "icons" / "apple-touch-icon.png").read_bytes())[:2] == (180, 180)
