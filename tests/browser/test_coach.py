"""Coach mode in Chromium: hints that match the coach engine, undo, assisted games, real dice."""

from __future__ import annotations

import pytest

from game.core.games import YAHTZEE
from game.screens.choice_words import choice_words as describe
from game.screens.reason_words import reason_words
from game.strategy.advice import confidence_word
from game.strategy.coach import rank_options
from game.strategy.reasons import explain
from game.strategy.tables import load_preset
from tests.browser import board

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def official():
    return load_preset("official")


def hinted_dice(page) -> tuple[bool, ...]:
    return tuple(page.eval_on_selector_all("#dice [data-die]", "els => els.map(e => e.classList.contains('hint'))"))


def shown_values(page) -> list[tuple[str, float, float]]:
    rows = page.eval_on_selector_all(
        "#coach .coach-values tbody tr",
        "rows => rows.map(r => [r.cells[0].innerText, r.cells[1].dataset.value, r.cells[2].dataset.loss])")
    return [(text, float(value), float(loss)) for text, value, loss in rows]


def test_hints_match_the_coach_engine(site, official):
    page = site.page
    board.new_game(page, ["Learner"])
    page.click("#hints")
    assert page.get_attribute("#hints", "aria-pressed") == "true"
    for _turn in range(3):
        board.roll_button(page).click()
        page.locator("#coach .coach-line[data-confidence]").first.wait_for()
        if page.locator("#coach-values").get_attribute("aria-expanded") == "false":
            page.click("#coach-values")
        filled = board.filled(page, 0)
        options = rank_options(official, filled, board.dice(page), 2)
        best = options[0]
        assert shown_values(page) == [(describe(o, YAHTZEE), round(o.value, 4), round(o.loss, 4)) for o in options]
        line = page.locator("#coach .coach-line").inner_text()
        gap = options[1].loss if len(options) > 1 else float("inf")
        assert line == f"Coach: {describe(best, YAHTZEE)} ({confidence_word(gap)})"
        # The reason in words, as the pure coach words it for this very position.
        reason = page.locator("#coach [data-coach-reason]").inner_text()
        assert reason == reason_words(explain(filled, options, 2), YAHTZEE)
        if best.kind == "hold":
            assert hinted_dice(page) == best.hold
        else:
            assert page.locator(f'#scorecard button.hint[data-box="{best.box}"]').count() == 1
        board.play_turn_by_clicks(page)
    page.click("#hints")  # off again for the next test


def test_undo_takes_back_a_box_until_the_next_roll(site):
    page = site.page
    board.new_game(page, ["Undoer"])
    board.roll_button(page).click()
    page.click('#scorecard button[data-box="chance"]')
    assert "chance" in board.filled(page, 0)
    page.click("#undo")
    assert "chance" not in board.filled(page, 0)
    assert page.locator("#announce").inner_text() == "Took back Chance. Choose again."
    page.click('#scorecard button[data-box="ones"]')
    board.roll_button(page).click()
    assert page.locator("#undo").count() == 0  # the roll ended the chance to take it back
    page.keyboard.press("u")
    assert page.locator("#announce").inner_text().startswith("Nothing to undo")


def test_an_assisted_game_is_marked_in_the_high_scores(site):
    page = site.page
    board.new_game(page, ["Helped"])
    page.click("#hints")
    board.roll_button(page).click()
    page.locator("#coach .coach-line[data-confidence]").first.wait_for()
    page.click("#hints")
    page.click("#scorecard button[data-preview]")
    for _ in range(12):
        board.play_turn_by_clicks(page)
    page.click("#name-form button[type=submit]")
    row = page.locator("#scores-table tr.just-made")
    assert "Helped" in row.inner_text() and "assisted" in row.inner_text()
    board.close_end_dialogs(page)


def test_real_dice_mode_keeps_the_card_and_advises(site, official):
    page = site.page
    page.click("#new-game")
    page.select_option("#player-count", "1")
    page.fill('[data-name="0"]', "Table")
    page.check("#setup-real-dice")
    page.click("#setup-start")
    page.fill("#dice-input", "66612")
    page.press("#dice-input", "Enter")
    assert board.dice(page) == (6, 6, 6, 1, 2)
    page.locator("#coach .coach-line[data-confidence]").first.wait_for()
    best = rank_options(official, {}, (6, 6, 6, 1, 2), 2)[0]
    assert page.locator("#coach .coach-line").inner_text().startswith(f"Coach: {describe(best, YAHTZEE)}")
    for i in (0, 1, 2):
        page.click(f'#dice [data-die="{i}"]')
    page.fill("#dice-input", "66")  # only the two dice re-rolled
    page.press("#dice-input", "Enter")
    assert board.dice(page) == (6, 6, 6, 6, 6)
    page.fill("#dice-input", "7")
    page.press("#dice-input", "Enter")
    assert page.locator("#announce").inner_text().startswith("Not allowed")
    assert board.previews(page)["yahtzee"] == 50
    page.click('#scorecard button[data-box="yahtzee"]')
    assert board.filled(page, 0) == {"yahtzee": 50}


def open_review_of_this_game(page) -> None:
    board.close_end_dialogs(page)
    page.click("#review-game")
    page.locator("#review-body [data-total-loss]").first.wait_for(timeout=30_000)


def test_a_deliberate_mistake_shows_in_the_review_with_its_loss(site, official):
    page = site.page
    board.new_game(page, ["Mistaken"])
    board.roll_button(page).click()
    options = rank_options(official, {}, board.dice(page), 2)
    blunder = max((o for o in options if o.kind == "score"), key=lambda o: o.loss)
    page.click(f'#scorecard button[data-box="{blunder.box}"]')
    for _ in range(12):
        board.play_turn_by_clicks(page)
    open_review_of_this_game(page)
    first = page.locator('#review-body tr[data-decision="1"]')
    assert abs(float(first.get_attribute("data-loss")) - blunder.loss) < 1e-6
    assert page.locator('#review-body .costliest li[data-decision="1"]').count() == 1
    assert f"lost {blunder.loss:.2f}" in page.locator('#review-body .costliest li[data-decision="1"]').inner_text()
    # Why the best was better, against what the player chose, in the costliest list and the table.
    why = reason_words(explain({}, options, 2, versus=blunder), YAHTZEE)
    assert page.locator('#review-body .costliest li[data-decision="1"] [data-coach-reason]').inner_text() == why
    assert "Your choice" in why or "open" in why
    assert first.locator("[data-coach-reason]").text_content() == why
    assert page.locator("#review-body svg").count() == 1
    page.click("#review-dialog [data-close]")


def test_the_review_of_the_optimal_computer_shows_no_loss(site):
    page = site.page
    board.new_game(page, ["Oracle"], ["optimal"])
    page.locator("#skip").first.click()
    page.locator("#status .result").first.wait_for(timeout=60_000)
    open_review_of_this_game(page)
    assert float(page.get_attribute("#review-body [data-total-loss]", "data-total-loss")) == 0.0
    assert page.locator("#review-body .flawless").count() == 1
    assert page.locator("#review-body .review-summary").inner_text().startswith("Oracle: 0.00 points")
    page.click("#review-dialog [data-close]")
