"""Property tests over random games of 1-6 players under every preset."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import rules
from game.core.errors import IllegalAction
from game.core.save import dumps, loads
from game.core.state import TURNS, GameState, new_game

games = st.tuples(
    st.integers(1, 6), st.sampled_from(rules.PRESETS), st.text(min_size=1, max_size=12),
    st.randoms(use_true_random=False),
)


def illegal_actions(state: GameState, rng: random.Random):
    """Actions the rules must refuse in ``state``: yields (description, thunk)."""
    if state.over:
        yield "roll after the end", lambda: state.roll()
        yield "score after the end", lambda: state.score("chance")
        return
    if state.rolls_used == 0:
        yield "score before rolling", lambda: state.score(rng.choice(rules.BOXES))
        yield "hold before rolling", lambda: state.toggle_hold(rng.randrange(5))
    if state.rolls_used == 3:
        yield "a fourth roll", lambda: state.roll()
    card = state.cards[state.current_seat]
    if state.dice is not None:
        for box in card.filled:
            yield f"filled box {box}", lambda box=box: state.score(box)
        for box, why in state.box_options().items():
            if not isinstance(why, int):
                yield f"Joker-closed {box}", lambda box=box: state.score(box)
    if state.rolls_used < 3:
        yield "a face of 7", lambda: state.enter_roll([7, 1, 2, 3, 4], held=(False,) * 5)
    yield "an unknown box", lambda: state.score("bonus")


def check_refused(state: GameState, rng: random.Random) -> None:
    options = list(illegal_actions(state, rng))
    what, action = rng.choice(options)
    before = dumps(state)
    try:
        action()
    except IllegalAction as err:
        assert str(err), what
    else:
        raise AssertionError(f"{what} was accepted")
    assert dumps(state) == before


def check_card(state: GameState) -> None:
    for card in state.cards:
        t = card.totals
        filled = card.filled
        assert t.upper_subtotal == sum(filled.get(b, 0) for b in rules.UPPER_BOXES)
        assert t.upper_bonus == (35 if t.upper_subtotal >= 63 else 0)
        assert t.upper_total == t.upper_subtotal + t.upper_bonus
        assert t.lower_total == sum(filled.get(b, 0) for b in rules.LOWER_BOXES) + 100 * card.yahtzee_bonuses
        assert t.grand_total == t.upper_total + t.lower_total <= rules.MAX_SCORE
        assert card.yahtzee_bonuses == 0 or filled.get("yahtzee") == 50


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_follow_the_rules(game):
    players, preset, seed, rng = game
    state = new_game([f"P{i}" for i in range(players)], preset, seed)
    turns = 0
    while not state.over:
        seat = state.current_seat
        filled_before = len(state.cards[seat].filled)
        state = state.roll()
        if rng.random() < 0.3:
            check_refused(state, rng)
        while state.rolls_left and rng.random() < 0.6:
            state = state.roll(held=[rng.random() < 0.5 for _ in range(5)])
        if rng.random() < 0.2:
            check_refused(state, rng)
        legal = state.legal_scores()
        assert legal, "a player always has a box to fill"
        state = state.score(rng.choice(sorted(legal)))
        turns += 1
        assert len(state.cards[seat].filled) == filled_before + 1
        check_card(state)
        if rng.random() < 0.1:
            assert dumps(loads(dumps(state))) == dumps(state)
    assert turns == TURNS * players
    assert all(len(card.filled) == TURNS for card in state.cards)
    assert dumps(loads(dumps(state))) == dumps(state)
    assert loads(dumps(state)) == state
    check_refused(state, rng)
    best = max(state.grand_totals())
    assert state.winners() == tuple(i for i, t in enumerate(state.grand_totals()) if t == best)
