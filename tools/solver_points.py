"""The points each roll scores in each box, for tools/strategy_solver.py: written out from
the rules here, independently of game.core.rules, which the tests check them against.
Rows are the 252 rolls in canonical order (game.strategy.rolls), columns the 13 boxes
(bit i = ``rules.BOXES[i]``)."""

from __future__ import annotations

import numpy as np

from game.strategy import rolls as R

N_BOXES = 13
YAHTZEE = 11  # bit of the Yahtzee box


def plain_scores() -> np.ndarray:
    """(252, 13) points of each roll (canonical order) in each box, no Joker; independent of game.core.rules."""
    out = np.zeros((len(R.ROLLS), N_BOXES))
    for r, roll in enumerate(R.ROLLS):
        counts = R.face_counts(roll)
        total, most, faces = sum(roll), max(counts), set(roll)
        out[r, :6] = [f * c for f, c in zip(R.FACES, counts, strict=True)]
        out[r, 6] = total if most >= 3 else 0
        out[r, 7] = total if most >= 4 else 0
        out[r, 8] = 25 if sorted(c for c in counts if c) == [2, 3] else 0
        out[r, 9] = 30 if any({a, a + 1, a + 2, a + 3} <= faces for a in (1, 2, 3)) else 0
        out[r, 10] = 40 if faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0
        out[r, 11] = 50 if most == 5 else 0
        out[r, 12] = total
    return out


SCORES = plain_scores()


def joker_scores(preset: str) -> np.ndarray:
    """(6 faces, own box open?, any lower box open?, 13) points of a Joker, -inf where closed.

    A Joker is five of a face when the Yahtzee box is filled. Whether an *open* box takes
    it, and for how much, depends only on the preset, the face, whether the upper box of
    that face is open and whether any lower box is open (tests check this against rules).
    """
    out = np.full((6, 2, 2, N_BOXES), -np.inf)
    for f in R.FACES:
        plain = SCORES[R.ROLL_INDEX[(f,) * 5]]
        full = plain.copy()
        full[8:11] = (25, 30, 40)  # the pattern boxes at full value
        for own_open in (0, 1):
            for lower_open in (0, 1):
                row = out[f - 1, own_open, lower_open]
                if preset in ("official", "upper_or_kind"):
                    if own_open:
                        allowed = [f - 1] if preset == "official" else [f - 1, 6, 7]
                        row[allowed] = plain[allowed]
                    else:
                        row[6:] = full[6:]
                        if not lower_open:
                            row[:6] = 0.0  # every lower box filled: any upper box as a 0
                elif preset == "free_choice":
                    row[:6], row[6:] = plain[:6], full[6:]
                elif preset == "wild_after_upper":
                    row[:] = plain if own_open else np.concatenate([plain[:6], full[6:]])
                else:
                    raise ValueError(f"unknown preset {preset!r}")
                row[YAHTZEE] = -np.inf  # filled whenever a Joker exists
    return out
