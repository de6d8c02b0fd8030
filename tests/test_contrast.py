"""WCAG AA contrast (4.5:1 for text) for every text/background pair the stylesheet uses."""

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parent.parent / "assets" / "style.css").read_text(encoding="utf-8")
VARS = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", CSS))

# (text, background, where): each pair as style.css combines them.
PAIRS = [
    ("ink", "paper", "body text"),
    ("muted", "paper", "hints, key help, roll-off"),
    ("accent", "#ffffff", "box previews, outlined buttons"),
    ("#ffffff", "accent", "header, Roll button, current player's name"),
    ("accent", "accent-soft", "box previews in the current column"),
    ("held", "held-bg", "the Held tag on a held die"),
    ("held", "paper", "the Held tag under a die"),
    ("closed", "paper", "a closed box's mark"),
    ("closed", "accent-soft", "a closed box in the current column"),
    ("closed", "#fff4f1", "storage notices"),
    ("#ffffff", "#6b7280", "a disabled Roll button"),
    ("ink", "held-bg", "the score to beat"),
    ("ink", "#f3efe3", "totals rows"),
]


def luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def colour(name: str) -> str:
    return name if name.startswith("#") else VARS[name]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(colour(a)), luminance(colour(b))), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_palette_is_read_from_the_stylesheet():
    assert {"ink", "paper", "muted", "accent", "held", "held-bg", "closed"} <= set(VARS)


@pytest.mark.parametrize(("text", "background", "where"), PAIRS, ids=[p[2] for p in PAIRS])
def test_text_meets_wcag_aa(text, background, where):
    assert contrast(text, background) >= 4.5, f"{where}: {contrast(text, background):.2f}:1"
