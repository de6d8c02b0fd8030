"""The computers of the par, made deterministic: Casual (``noisy``) and Beginner (``greedy``).

Beginner is :func:`game.strategy.players.decide` itself: it uses no randomness, and its
move is looked up among the coach's options (:func:`greedy_option`).

Casual chooses an option losing ``loss`` points with weight ``exp(-loss / T)``
(``players.NOISY_TEMPERATURE``), as ``players.decide`` does. Here the weights come from
:func:`exp_neg`, built from IEEE additions, products and divisions only: ``math.exp``
calls the platform's C library, which may differ in the last bit between CPython on
Linux and Pyodide's, and a weight one bit off could (very rarely) flip a draw and so a
whole day's puzzle. With these weights, :func:`casual_pick` draws with the day's
generator (``game.daily.prng``) and :func:`casual_loss` is the expected loss, exactly.

>>> from game.strategy.options import Option
>>> options = [Option("score", 250.0, 0.0, box="yahtzee", points=50),
...            Option("score", 249.0, 1.0, box="chance", points=30)]
>>> round(casual_loss(options), 4)      # 1 / (1 + e): the second option's share
0.2689
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core import rules
from game.daily.prng import SplitMix64
from game.strategy.moves import HoldDice
from game.strategy.options import Option
from game.strategy.players import NOISY_TEMPERATURE, decide

#: exp(-1) as a literal: parsed to the same double by every Python.
E_INV = 0.36787944117144233
#: Beyond this loss a weight is 0: e**-60 is 1e-26 of the best option's weight.
NEGLIGIBLE_WEIGHT_LOSS = 60.0
TAYLOR_TERMS = 20  # 1/20! < 1e-18: the series for e**-f, 0 <= f < 1, is exact to the last bit or two


def exp_neg(x: float) -> float:
    """``e ** -x`` for ``x >= 0``, from basic IEEE operations only (the same bits everywhere).

    The whole part of ``x`` multiplies in ``E_INV`` that many times; the fraction
    (exact: ``x - int(x)``) goes through a fixed Taylor series.

    >>> import math
    >>> all(abs(exp_neg(x) - math.exp(-x)) <= 1e-15 * math.exp(-x) for x in (0.0, 0.3, 1.0, 2.5, 17.25))
    True
    >>> exp_neg(100.0)
    0.0
    """
    if x < 0.0:
        raise ValueError(f"exp_neg takes x >= 0, not {x!r}")
    if x > NEGLIGIBLE_WEIGHT_LOSS:
        return 0.0
    whole = int(x)
    frac = x - whole
    term = total = 1.0
    for k in range(1, TAYLOR_TERMS):
        term = term * -frac / k
        total += term
    for _ in range(whole):
        total *= E_INV
    return total


def casual_weights(options: Sequence[Option]) -> list[float]:
    """Casual's weight for each option: ``exp(-loss / T)``, the best option's weight 1."""
    return [exp_neg(o.loss / NOISY_TEMPERATURE) for o in options]


def casual_pick(options: Sequence[Option], rng: SplitMix64) -> Option:
    """One option as Casual chooses it, drawn with ``rng``."""
    return rng.choices(options, casual_weights(options))[0]


def casual_loss(options: Sequence[Option]) -> float:
    """Casual's expected loss on one decision: the weighted mean of the options' losses.

    The par uses this mean rather than one draw: a draw would make the par a matter of
    luck (one unlucky blunder of 20 points), the mean says what Casual loses there.
    """
    weights = casual_weights(options)
    total = lost = 0.0
    for option, weight in zip(options, weights, strict=True):
        total += weight
        lost += weight * option.loss
    return lost / total


def option_of_hold(options: Sequence[Option], held_faces: Sequence[int]) -> Option | None:
    """The hold option that keeps these faces (any order), or None (holding all five dice
    is no option: the coach does not list it).

    >>> option_of_hold([Option("hold", 1.0, 0.0, held_faces=(2, 6))], [6, 2]).held_faces
    (2, 6)
    """
    faces = tuple(sorted(held_faces))
    return next((o for o in options if o.kind == "hold" and o.held_faces == faces), None)


def option_of_box(options: Sequence[Option], box: str) -> Option | None:
    """The option that fills ``box``, or None when the rules do not let it be filled now."""
    return next((o for o in options if o.kind == "score" and o.box == box), None)


def greedy_option(options: Sequence[Option], filled: Mapping[str, int], dice: rules.Dice,
                  rolls_left: int, ruleset: str = rules.DEFAULT_PRESET) -> Option | None:
    """Beginner's choice among ``options`` (the coach's ranking of this moment, in a game of
    ``ruleset``), or None when it holds all five dice (a five of a kind no box takes for
    points), which no option is.

    >>> from game.strategy.coach import rank_options
    >>> from game.strategy.tables import load_preset
    >>> options = rank_options(load_preset("official"), {}, (2, 5, 5, 1, 5), 2)
    >>> greedy_option(options, {}, (2, 5, 5, 1, 5), 2).held_faces
    (5, 5, 5)
    """
    # Beginner draws nothing: the generator passed is never used (a fresh one, so that
    # nothing a caller draws could depend on it).
    move = decide("greedy", ruleset, filled, dice, rolls_left, SplitMix64(0))
    if isinstance(move, HoldDice):
        return option_of_hold(options, [d for d, h in zip(dice, move.held, strict=True) if h])
    return option_of_box(options, move.box)
