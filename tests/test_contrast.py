"""WCAG AA contrast (4.5:1 for text, 3:1 for the parts of controls) for every colour pair the
stylesheet uses, in the light and the dark palette (assets/style.css)."""

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parent.parent / "assets" / "style.css").read_text(encoding="utf-8")


def block(selector: str) -> str:
    """The declarations of the first rule whose selector is exactly ``selector``."""
    match = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS)
    assert match, f"no rule {selector!r} in style.css"
    return match.group(1)


def palette(selector: str) -> dict[str, str]:
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;", block(selector)))


LIGHT = palette(":root")
DARK = palette('html[data-theme="dark"]')
PALETTES = {"light": LIGHT, "dark": DARK}

# (text, background, where): each pair as style.css combines them.
TEXT = [
    ("ink", "paper", "body text"),
    ("muted", "paper", "hints, key help, roll-off"),
    ("ink", "sheet", "the pad, dialogs"),
    ("muted", "sheet", "small print in dialogs"),
    ("accent", "sheet", "box previews, outlined buttons"),
    ("on-accent", "accent", "Roll, the current player's name, primary buttons"),
    ("on-bar", "bar", "the header and its menu"),
    ("accent", "accent-soft", "box previews in the current column"),
    ("accent", "hover", "a box under the pointer"),
    ("ink", "accent-soft", "filled boxes in the current column"),
    ("held-face", "held-ink", "the Held tag on a held die"),
    ("held-ink", "held-face", "the pips of a held die"),
    ("held", "held-bg", "a high score just made"),
    ("closed", "sheet", "a closed box's mark"),
    ("closed", "accent-soft", "a closed box in the current column"),
    ("closed", "notice-bg", "storage notices"),
    ("paper", "closed", "the error notice"),
    ("on-disabled", "disabled", "a disabled Roll button"),
    ("ink", "held-bg", "the score to beat"),
    ("ink", "total-bg", "totals rows"),
    ("on-felt", "felt", "dice-entry label and the coach's star on the tray"),
    ("on-felt", "felt-edge", "the keys over the dice"),
    ("pip", "die", "a die's pips"),
]
# Non-text contrast (WCAG 1.4.11): what shows a control or its state against what surrounds it.
PARTS = [
    ("die", "felt", "a die on the tray"),
    ("held-face", "felt", "a held die on the tray"),
    ("focus", "paper", "the focus ring"),
    ("focus", "sheet", "the focus ring on the pad"),
    ("accent", "paper", "the Roll button on the page"),
    ("rule", "sheet", "the pad's section rules"),
]


def luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_both_palettes_name_the_same_colours():
    assert {"ink", "paper", "sheet", "accent", "held", "held-bg", "closed", "felt", "die"} <= set(LIGHT)
    assert set(DARK) == set(LIGHT)


def test_the_dark_palette_is_written_the_same_in_its_two_places():
    """Chosen in Settings (html[data-theme=dark]) or followed from the system (the media query)."""
    system = re.search(r'@media \(prefers-color-scheme: dark\)\s*\{\s*html:not\(\[data-theme="light"\]\)\s*'
                       r"\{([^}]*)\}", CSS)
    assert system, "no system dark palette in style.css"
    assert system.group(1).split() == block('html[data-theme="dark"]').split()


def test_contrast_itself():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # the classic near miss


@pytest.mark.parametrize("theme", PALETTES)
@pytest.mark.parametrize(("text", "background", "where"), TEXT, ids=[p[2] for p in TEXT])
def test_text_meets_wcag_aa(theme, text, background, where):
    colours = PALETTES[theme]
    ratio = contrast(colours[text], colours[background])
    assert ratio >= 4.5, f"{theme}: {where}: {ratio:.2f}:1"


@pytest.mark.parametrize("theme", PALETTES)
@pytest.mark.parametrize(("part", "background", "where"), PARTS, ids=[p[2] for p in PARTS])
def test_controls_stand_out(theme, part, background, where):
    colours = PALETTES[theme]
    ratio = contrast(colours[part], colours[background])
    assert ratio >= 3.0, f"{theme}: {where}: {ratio:.2f}:1"
