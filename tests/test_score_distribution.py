"""Your game against perfect play: the shipped distribution of the final score under optimal
play (assets/strategy/distribution.json) and its reader (game/strategy/distribution.py)
(docs/strategy.md, "Your game against perfect play"). The end screen's line and the
statistics overlay are tests/test_versus_screens.py, the browser side
tests/browser/test_versus_optimal.py."""

from __future__ import annotations

import hashlib
import json
import math
import re
from typing import Any

import pytest

from game import rules
from game.records.statistics import BIN_WIDTH
from game.strategy import distribution as D
from game.strategy.tables import load_table, table_path
from tests.support import small_asset


@pytest.fixture(scope="module")
def asset() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(D.ASSET.read_text(encoding="utf-8"))
    return data


# --- the reader --------------------------------------------------------------------------


def test_a_distribution_reads_its_fields_and_answers_shares() -> None:
    d = D.parse_distribution(small_asset(), "official")
    assert (d.first, d.last, d.median, d.mean) == (100, 130, 101, 115.3)
    assert dict(d.percentiles) == {5: 100, 25: 101, 50: 101, 75: 130, 95: 130}
    assert [d.share_beaten(s) for s in (0, 100, 101, 102, 130, 131, 1575)] == [0, 0, 0.2, 0.5, 0.5, 1, 1]
    assert d.bin_shares(25) == ((100, 0.5), (125, 0.5))
    assert d.bin_shares(1)[:3] == ((100, 0.2), (101, 0.3), (102, 0.0))
    assert [d.score_at(p) for p in (1, 200_000, 200_001, 500_000, 500_001, 1_000_000)] == [100, 100, 101, 101, 130,
                                                                                            130]
    assert D.load_distribution(json.dumps(small_asset()).encode(), "official") == d


def damaged(change: str) -> Any:
    """The small asset with one thing broken, described by ``change``."""
    data = small_asset()
    entry = data["presets"]["official"]
    field, _, value = change.partition("=")
    if change == "format":
        data["format"] = 2
    elif change == "presets":
        data["presets"] = []
    elif change == "entry":
        data["presets"]["official"] = [1]
    elif change.startswith("-"):
        del entry[change[1:]]
    elif field.startswith("ppm["):
        entry["cumulative_ppm"][int(field[4:-1])] = json.loads(value)
    elif field.startswith("p"):
        entry["percentiles"][field[1:]] = json.loads(value)
    else:
        entry[field] = json.loads(value)
    return data


@pytest.mark.parametrize("change, words", [
    ("format", "not of format 1"),
    ("presets", "has no preset 'official'"),
    ("entry", "'official' is not a JSON object"),
    ("-mean", "mean is missing"),
    ("-cumulative_ppm", "cumulative_ppm is missing"),
    ("-percentiles", "percentiles is missing"),
    ('table_sha256="ABAB"', "table_sha256 is not a SHA-256"),
    ("first=-1", "first must be a whole number from 0 to 1575"),
    ("first=1.0", "first must be a whole number"),
    ("first=true", "first must be a whole number"),
    ("mean=NaN", "mean must be a number"),
    ("mean=1e999", "mean must be a number"),
    ('mean="254"', "mean must be a number"),
    ("mean=99", "mean lies outside the scores"),
    ("sd=-1", "sd must be a number from 0"),
    ("upper_bonus=1.5", "upper_bonus must be a number from 0 to 1"),
    ("yahtzee_50=-0.1", "yahtzee_50 must be a number from 0 to 1"),
    ("yahtzee_50=false", "yahtzee_50 must be a number"),
    ("cumulative_ppm=[]", "cumulative_ppm must be a non-empty list"),
    ("cumulative_ppm={}", "cumulative_ppm must be a non-empty list"),
    ("ppm[0]=0", "must start above 0"),
    ("ppm[1]=150000", "decreases at score 101 (150000 after 200000)"),
    ("ppm[5]=1000001", "cumulative_ppm[5] must be a whole number from 0 to 1000000"),
    ("ppm[5]=500000.0", "cumulative_ppm[5] must be a whole number"),
    ("ppm[5]=null", "cumulative_ppm[5] must be a whole number"),
    ("ppm[30]=999999", "must end at 1000000"),
    ("ppm[29]=1000000", "must end at 1000000, and only there"),
    ("first=1560", "goes past the highest score there is"),
    ("percentiles=[]", "percentiles must give the scores at 5, 25, 50, 75, 95 percent"),
    ("p50=101.5", "percentiles[50] must be a whole number from 100 to 130"),
    ("p95=131", "percentiles[95] must be a whole number from 100 to 130"),
    ("p25=130", "percentiles must not decrease"),
    ("p75=101", "75% (101) disagrees with cumulative_ppm"),
    ("p5=101", "5% (101) disagrees with cumulative_ppm"),
])
def test_damaged_data_is_refused_with_what_is_wrong(change: str, words: str) -> None:
    with pytest.raises(D.DistributionError, match=re.escape(words)) as caught:
        D.parse_distribution(damaged(change), "official")
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("text", [b"", b"{", b"\xff\xfe", b"[]", b"null", b'{"format": 1}'])
def test_text_that_is_no_asset_is_refused(text: bytes) -> None:
    with pytest.raises(D.DistributionError):
        D.load_distribution(text, "official")


def test_an_unknown_preset_is_a_caller_error() -> None:
    with pytest.raises(rules.RulesError):
        D.parse_distribution(small_asset(), "maxi")


def test_yatzys_distribution_is_read_from_the_games_section() -> None:
    """Another game's rule set ("yatzy") is under "games"; it has no Yahtzee box to be 50."""
    found = D.load_preset("yatzy")
    assert found.mean == pytest.approx(248.4399894) and found.yahtzee_50 == 0.0
    assert dict(found.percentiles)[50] == 249
    with pytest.raises(D.DistributionError, match="no preset 'yatzy'"):
        D.parse_distribution(small_asset(), "yatzy")  # a file without the games section


# --- the shipped asset ---------------------------------------------------------------------


def probabilities(entry: dict[str, Any]) -> dict[int, float]:
    """{score: its chance} from the raw JSON, by differences of the cumulative list."""
    ppm, first = entry["cumulative_ppm"], entry["first"]
    return {first + i: (ppm[i] - (ppm[i - 1] if i else 0)) / 1e6 for i in range(len(ppm))}


@pytest.mark.parametrize("preset", rules.PRESETS)
def test_the_asset_goes_with_the_shipped_table(asset: dict[str, Any], preset: str) -> None:
    entry = asset["presets"][preset]
    data = table_path(preset).read_bytes()
    assert entry["table_sha256"] == hashlib.sha256(data).hexdigest()
    # The distribution's mean is the table's exact start value (the expected final score).
    assert abs(entry["mean"] - load_table(preset, data).start) < 1e-3
    assert abs(D.load_preset(preset).mean - load_table(preset, data).start) < 1e-3


@pytest.mark.parametrize("preset", rules.PRESETS)
def test_the_asset_moments_agree_with_its_cumulative_shares(asset: dict[str, Any], preset: str) -> None:
    entry = asset["presets"][preset]
    ppm = entry["cumulative_ppm"]
    assert all(b >= a for a, b in zip(ppm, ppm[1:], strict=False)) and ppm[-1] == 1_000_000 and ppm[0] > 0
    p = probabilities(entry)
    mean = sum(s * q for s, q in p.items())
    sd = math.sqrt(sum((s - mean) ** 2 * q for s, q in p.items()))
    assert abs(mean - entry["mean"]) < 0.01
    assert abs(sd - entry["sd"]) < 0.05
    # Each percentile: the lowest score that at least that share of games do not exceed.
    running, cumulative = 0.0, {}
    for score in sorted(p):
        running += p[score]
        cumulative[score] = running
    for q, score in entry["percentiles"].items():
        assert cumulative[score] >= int(q) / 100 - 1e-6 and cumulative.get(score - 1, 0) < int(q) / 100 + 1e-6
    assert 0.5 < entry["upper_bonus"] < 0.9 and 0.2 < entry["yahtzee_50"] < 0.5
    assert D.load_preset(preset) == D.parse_distribution(asset, preset)


@pytest.mark.parametrize("preset", rules.PRESETS)
def test_share_beaten_and_bins_recomputed_from_the_json(asset: dict[str, Any], preset: str) -> None:
    entry = asset["presets"][preset]
    d = D.parse_distribution(asset, preset)
    p = probabilities(entry)
    for score in range(0, d.last + 30):
        lower = sum(q for s, q in p.items() if s < score)  # strictly lower: a tie beats nobody
        assert d.share_beaten(score) == pytest.approx(lower, abs=1e-9), score
    assert d.share_beaten(rules.MAX_SCORE) == 1.0
    bins = d.bin_shares(BIN_WIDTH)
    assert sum(share for _, share in bins) == pytest.approx(1.0, abs=1e-9)
    for start, share in bins:
        assert share == pytest.approx(sum(q for s, q in p.items() if start <= s < start + BIN_WIDTH), abs=1e-9)
