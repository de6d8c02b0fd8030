"""The review, its chart, the statistics' histogram and the games with friends, in the
player's language: every word from the catalogs (issue 30).

In the pseudo-locale every message is accented and bracketed, so a plain word on these
screens is English that no catalog gave (tests/test_catalogs.py: ``not_from_catalogs``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from game.core import numbers
from game.core.dice import ScriptedDice
from game.core.players import Player
from game.core.state import GameState, new_game
from game.core.turn_link import encode
from game.records.friends_games import friends_game
from game.records.history import FinishedGame
from game.records.statistics import GameResult, Stats
from game.screens import review_words
from game.screens.charts import review_svg
from game.screens.games_list import finished_options_html, friends_html
from game.screens.histogram import histogram_svg
from game.screens.review_report import review_html
from game.strategy import distribution
from game.strategy import review as R
from game.strategy.coach import rank_options
from game.strategy.tables import Table, load_preset
from tests.test_catalogs import not_from_catalogs, visible_text

Speak = Callable[[str], None]
NAMES = {"Ann", "Ben"}
#: The months' names come with the language's date conventions (CLDR's, in the catalog's
#: header), not from its messages: the pseudo-locale writes dates as English does.
MONTHS = set(numbers.ENGLISH["x-months"].split(","))


@pytest.fixture(scope="module")
def table() -> Table:
    return load_preset("official")


def coached(table: Table, state: GameState, turns: int) -> GameState:
    """``turns`` turns more, each played as the coach advises (no decision loses a point)."""
    for _ in range(turns):
        state = state.roll()
        while True:
            card = state.cards[state.current_seat or 0]
            assert state.dice is not None
            best = rank_options(table, card.filled, state.dice, state.rolls_left, card.yahtzee_bonuses)[0]
            if best.kind == "score":
                assert best.box is not None
                state = state.score(best.box)
                break
            state = state.roll(held=best.hold)
    return state


def costly(table: Table) -> R.Review:
    """A review with losses: Chance for five fives, then Ones for a large straight."""
    state = new_game(["Ann"], seed="words").roll(ScriptedDice([5, 5, 5, 5, 5])).score("chance")
    state = state.roll(ScriptedDice([1, 2, 3, 4, 6])).roll(ScriptedDice([5, 5, 5, 5, 5]),
                                                            held=[True, True, True, True, False])
    return R.review(state.score("ones"), 0, table)


def plain_words(pages: list[str], names: set[str] = NAMES) -> list[tuple[str, set[str]]]:
    """What of ``pages`` (HTML or SVG) a player reads that no catalog gave."""
    return [found for page in pages for found in not_from_catalogs(
        [f"⟦{t}⟧" for t in visible_text(page) if t.strip()], names=names | MONTHS)]


def test_a_review_with_losses_and_a_flawless_one_say_only_catalog_words(speak: Speak, table: Table) -> None:
    losses = costly(table)
    flawless = R.review(coached(table, new_game(["Ann"], seed="flawless"), 2), 0, table)
    nothing = R.review(new_game(["Ann"], seed="none"), 0, table)
    assert losses.costliest and not flawless.costliest and flawless.decisions and not nothing.decisions
    speak("en_XA")
    pages = [review_html(losses), review_html(flawless), review_svg(losses), review_svg(flawless),
             review_svg(nothing), review_html(nothing)]
    assert "⟦" in pages[0] and 'class="flawless"' in pages[1]
    found = plain_words(pages)
    assert not found, found[:5]


def test_the_review_dialog_says_only_catalog_words(speak: Speak) -> None:
    games = [FinishedGame("g1", "2026-11-26", "official", ("Ann", "Ben"), (250, 180), False, 1),
             FinishedGame("g2", "2026-01-02", "free_choice", ("Ann",), (199,), True, 2)]
    damaged = FinishedGame("g3", "not a date", "official", ("Ann",), (199,), False, 3)
    assert "November 26, 2026 · Official (forced Joker) · 250 / 180" in finished_options_html(games)
    assert ">not a date · " in finished_options_html([damaged])  # shown as it is kept
    speak("en_XA")
    pages = [review_words.no_games_html(), review_words.asking_html(), review_words.no_table_html(),
             finished_options_html(games)]
    found = plain_words(pages, names=set())
    assert not found, found


def test_every_rating_has_its_words(speak: Speak) -> None:
    codes = {code for _, code in R.RATINGS} | {R.LOWEST_RATING, R.NO_RATING}
    assert codes == set(review_words.RATING_NAMES)
    assert [review_words.rating_words(code) for code in sorted(codes)] == sorted(codes)  # English: the codes
    speak("en_XA")
    words = [review_words.rating_words(code) for code in sorted(codes)]
    assert len(set(words)) == len(codes)
    found = not_from_catalogs(words, names=set())
    assert not found, found


def test_the_histogram_says_only_catalog_words(speak: Speak) -> None:
    stats = Stats("official")
    for score in (180, 240, 190, 312):
        stats = stats.with_game(GameResult(score, 0, False))
    one = Stats("official").with_game(GameResult(212, 0, False))
    speak("en_XA")
    perfect = distribution.load_preset("official")
    pages = [histogram_svg(stats), histogram_svg(one), histogram_svg(stats, perfect=perfect),
             histogram_svg(Stats("free_choice", assisted=True))]
    found = plain_words(pages, names=set())
    assert not found, found[:5]


def test_the_games_with_friends_say_only_catalog_words(speak: Speak) -> None:
    start = new_game(["Ann", Player("Ben", "link")], seed="friends-words")
    scored = start.roll().score("chance")
    finished = start
    while not finished.over:
        finished = finished.roll()
        finished = finished.score(next(iter(finished.legal_scores())))
    day = 1_764_115_200_000  # 2025-11-26, milliseconds since 1970
    games = [friends_game(encode(start), [0], at=day), friends_game(encode(scored), [0], at=day),
             friends_game(encode(scored), [1], at=0), friends_game(encode(finished), [0], at=day)]
    speak("en_XA")
    found = plain_words([friends_html(games), friends_html([])])
    assert not found, found[:5]


def test_numbers_are_written_as_the_language_writes_them(speak: Speak, table: Table) -> None:
    losses = costly(table)
    speak("de")
    html = review_html(losses)
    assert "<strong>75,87</strong>" in html and 'data-loss="75.872070"' in html  # attributes stay a contract
    svg = histogram_svg(Stats("official").with_game(GameResult(212, 0, False)).with_game(GameResult(251, 0, False)))
    assert "231,5" in svg


def test_dice_in_the_review_table_never_break_at_a_hyphen(table: Table) -> None:
    # WebKit breaks "6-1-3-3-5" after a hyphen: each run of dice is kept whole (.faces).
    html = review_html(costly(table))
    table_html = html[html.index('<table class="decisions">'):html.index("</table>")]
    assert table_html.count('<span class="faces">') >= 3
    outside = re.sub(r'<span class="faces">[\d-]+</span>', "", table_html)
    assert not re.search(r"\d-\d", re.sub(r"<[^>]*>", "", outside))
