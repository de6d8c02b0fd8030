"""The final score of a game under perfect play: its exact distribution, per preset.

``tools/score_distribution.py`` computes it at build time from the strategy tables and
writes ``assets/strategy/distribution.json``; this module only reads it. The asset, per
preset: ``table_sha256`` (the table the policy came from), ``mean``, ``sd``,
``percentiles`` ({"5": score, "25", "50", "75", "95"}), ``upper_bonus`` and
``yahtzee_50`` (the chances that the upper bonus is earned and that the Yahtzee box holds
50), and the cumulative distribution in millionths: ``cumulative_ppm[i]`` =
round(1e6 * P(final score <= ``first`` + i)), from the lowest score whose share rounds
above 0 up to the first that rounds to 1e6 (which ends the list). The end screen says
what share of perfectly played games a score beats; the Statistics dialog draws the
histogram a player with perfect play would have.

>>> d = parse_distribution(_EXAMPLE, "official")
>>> d.share_beaten(251), d.share_beaten(252), d.share_beaten(900)
(0.0, 0.5, 1.0)
>>> d.bin_shares(25)
((250, 1.0),)
>>> load_distribution('{"format": 1, "presets": {}}', "official")
Traceback (most recent call last):
...
game.strategy.distribution.DistributionError: the score distribution has no preset 'official'
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core import rules
from game.core.rulesets import check_ruleset

FORMAT = 1
PPM = 1_000_000
#: The percentiles the asset states, in order.
PERCENTILES = (5, 25, 50, 75, 95)
ASSET = Path(__file__).resolve().parents[2] / "assets" / "strategy" / "distribution.json"
#: Where the page fetches the asset (the service worker precaches it: it is small).
URL = "./assets/strategy/distribution.json"

_EXAMPLE: dict[str, Any] = {"format": 1, "presets": {"official": {
    "table_sha256": "0" * 64, "mean": 251.5, "sd": 0.5, "percentiles": {"5": 251, "25": 251, "50": 251, "75": 252,
                                                                         "95": 252},
    "upper_bonus": 0.5, "yahtzee_50": 0.25, "first": 251, "cumulative_ppm": [500000, 1000000]}}}


class DistributionError(ValueError):
    """The distribution asset is damaged or is not one this code reads; the message says what is wrong."""


@dataclass(frozen=True)
class ScoreDistribution:
    """The final score of one preset under perfect play (see the module's docstring).

    ``percentiles`` holds (percent, score) pairs in :data:`PERCENTILES` order: the lowest
    score that at least that percent of games do not exceed.
    """

    preset: str
    table_sha256: str
    mean: float
    sd: float
    percentiles: tuple[tuple[int, int], ...]
    upper_bonus: float
    yahtzee_50: float
    first: int
    cumulative_ppm: tuple[int, ...]

    @property
    def last(self) -> int:
        """The lowest score that 100% of games (rounded to millionths) do not exceed."""
        return self.first + len(self.cumulative_ppm) - 1

    @property
    def median(self) -> int:
        return dict(self.percentiles)[50]

    def ppm_at_most(self, score: int) -> int:
        """Millionths of perfectly played games that end on ``score`` points or fewer.

        >>> parse_distribution(_EXAMPLE, "official").ppm_at_most(251)
        500000
        """
        if score < self.first:
            return 0
        if score > self.last:
            return PPM
        return self.cumulative_ppm[score - self.first]

    def score_at(self, ppm: int) -> int:
        """The lowest score that at least ``ppm`` millionths of perfectly played games do not exceed.

        >>> parse_distribution(_EXAMPLE, "official").score_at(500_000)
        251
        """
        return self.first + bisect_left(self.cumulative_ppm, ppm)

    def share_beaten(self, score: int) -> float:
        """The share (0.0 to 1.0) of perfectly played games whose final score is strictly lower than ``score``."""
        return self.ppm_at_most(score - 1) / PPM

    def bin_shares(self, width: int) -> tuple[tuple[int, float], ...]:
        """(bin start, share of perfectly played games ending in it) per bin of ``width``
        points (bin 225 holds 225 to 249 when ``width`` is 25), for every bin from the one
        holding :attr:`first` to the one holding :attr:`last`; the shares add up to 1.

        >>> parse_distribution(_EXAMPLE, "official").bin_shares(2)
        ((250, 0.5), (252, 0.5))
        """
        if width < 1:
            raise ValueError(f"a bin is at least 1 point wide, not {width}")
        starts = range(self.first // width * width, self.last + 1, width)
        return tuple((start, (self.ppm_at_most(start + width - 1) - self.ppm_at_most(start - 1)) / PPM)
                     for start in starts)


def load_distribution(text: str | bytes, preset: str) -> ScoreDistribution:
    """Decode the asset's JSON text and read ``preset`` from it (:func:`parse_distribution`)."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as err:  # json.JSONDecodeError is a ValueError
        raise DistributionError(f"the score distribution is not JSON: {err}") from None
    return parse_distribution(data, preset)


def load_preset(preset: str, path: Path = ASSET) -> ScoreDistribution:
    """CPython convenience: the shipped asset's distribution of ``preset``."""
    return load_distribution(path.read_bytes(), preset)


def parse_distribution(data: object, preset: str) -> ScoreDistribution:
    """The distribution of ``preset`` in the asset ``data`` (decoded JSON).

    Raises :class:`DistributionError`, naming the preset and the field, for anything that
    is missing, of the wrong type, out of range or inconsistent: shares outside 0..1, a
    cumulative list that decreases or does not end at 1e6, percentiles out of order or
    that the cumulative list contradicts.
    """
    yahtzee = preset in rules.PRESETS  # else another game's rule set ("yatzy"), under "games"
    check_ruleset(preset)
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise DistributionError(f"the score distribution is not of format {FORMAT}")
    presets = data.get("presets" if yahtzee else "games")
    if not isinstance(presets, Mapping) or preset not in presets:
        raise DistributionError(f"the score distribution has no preset {preset!r}")
    entry = presets[preset]
    if not isinstance(entry, Mapping):
        raise DistributionError(f"the score distribution of {preset!r} is not a JSON object")
    field = _Fields(preset, entry)
    digest = entry.get("table_sha256")
    if not (isinstance(digest, str) and len(digest) == 64 and all(c in "0123456789abcdef" for c in digest)):
        raise field.error("table_sha256", "is not a SHA-256 in lowercase hex")
    first = field.integer("first", 0, rules.MAX_SCORE)
    ppm = _cumulative(field, first)
    found = ScoreDistribution(
        preset, digest, field.number("mean", 0, rules.MAX_SCORE), field.number("sd", 0, rules.MAX_SCORE),
        _percentiles(field, first, first + len(ppm) - 1), field.number("upper_bonus", 0, 1),
        field.number("yahtzee_50", 0, 1) if yahtzee else 0.0, first, ppm)
    if not first <= found.mean <= found.last:
        raise field.error("mean", f"lies outside the scores the distribution holds ({first} to {found.last})")
    for percent, score in found.percentiles:  # the lowest score with F(score) >= percent, rounding aside
        target = percent * PPM // 100
        if found.ppm_at_most(score) < target - 1 or found.ppm_at_most(score - 1) > target + 1:
            raise field.error("percentiles", f"{percent}% ({score}) disagrees with cumulative_ppm")
    return found


class _Fields:
    """Reads one preset's fields, with errors that name the preset and the field."""

    def __init__(self, preset: str, entry: Mapping[str, Any]) -> None:
        self.preset, self.entry = preset, entry

    def error(self, name: str, problem: str) -> DistributionError:
        return DistributionError(f"the score distribution of {self.preset!r}: {name} {problem}")

    def get(self, name: str) -> object:
        if name not in self.entry:
            raise self.error(name, "is missing")
        return self.entry[name]

    def integer(self, name: str, low: int, high: int) -> int:
        return self.whole(name, self.get(name), low, high)

    def whole(self, name: str, value: object, low: int, high: int) -> int:
        if type(value) is not int or not low <= value <= high:
            raise self.error(name, f"must be a whole number from {low} to {high}, not {value!r}")
        return value

    def number(self, name: str, low: float, high: float) -> float:
        value = self.get(name)
        if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
            raise self.error(name, f"must be a number from {low} to {high}, not {value!r}")
        return float(value)  # NaN fails the range check above; infinity is out of range


def _cumulative(field: _Fields, first: int) -> tuple[int, ...]:
    values = field.get("cumulative_ppm")
    if not isinstance(values, list) or not values:
        raise field.error("cumulative_ppm", "must be a non-empty list")
    if first + len(values) - 1 > rules.MAX_SCORE:
        raise field.error("cumulative_ppm", f"goes past the highest score there is ({rules.MAX_SCORE})")
    ppm = tuple(field.whole(f"cumulative_ppm[{i}]", v, 0, PPM) for i, v in enumerate(values))
    if ppm[0] < 1:
        raise field.error("cumulative_ppm", f"must start above 0 (at first, {first})")
    for i in range(1, len(ppm)):
        if ppm[i] < ppm[i - 1]:
            raise field.error("cumulative_ppm", f"decreases at score {first + i} ({ppm[i]} after {ppm[i - 1]})")
    if ppm[-1] != PPM or PPM in ppm[:-1]:
        raise field.error("cumulative_ppm", f"must end at {PPM}, and only there")
    return ppm


def _percentiles(field: _Fields, first: int, last: int) -> tuple[tuple[int, int], ...]:
    value = field.get("percentiles")
    if not isinstance(value, Mapping) or set(value) != {str(p) for p in PERCENTILES}:
        raise field.error("percentiles", f"must give the scores at {', '.join(map(str, PERCENTILES))} percent")
    scores = tuple((p, field.whole(f"percentiles[{p}]", value[str(p)], first, last)) for p in PERCENTILES)
    if any(a[1] > b[1] for a, b in zip(scores, scores[1:], strict=False)):
        raise field.error("percentiles", "must not decrease")
    return scores
