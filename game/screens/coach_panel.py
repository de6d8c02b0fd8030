"""The coach panel: the best move, how sure the coach is, and on demand every option's value."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.language import _, pgettext
from game.core.numbers import decimal, percent
from game.screens.choice_words import choice_words, confidence_words
from game.screens.markup import escape

if TYPE_CHECKING:  # advice exists once a table is here, with the later archive (tools/python_archives.py)
    from game.strategy.advice import Advice


def coach_html(enabled: bool, advice: Advice | None, show_values: bool, loading: bool = False,
               given_up: float | None = None, finish: tuple[int, int] | None = None) -> str:
    """The panel's HTML (our own text only: no player input reaches it); ``given_up``: the
    points the player to move has given up against perfect play so far, once known, and
    ``finish`` their finish range.

    >>> coach_html(False, None, False)
    ''
    """
    if not enabled:
        return ""
    tally = ""
    if given_up is not None:  # known only once a table is here, with the later archive
        from game.screens.given_up_words import given_up_line

        tally = given_up_line(given_up)
    if finish is not None:  # likewise
        from game.screens.range_bar import range_line

        tally += range_line(finish)
    if loading or advice is None:
        waiting = _("Coach: loading the strategy…") if loading else _("Coach: roll, and the best move shows here.")
        return f'<p class="coach-line">{escape(waiting)}</p>{tally}'
    from game.screens.reason_words import reason_words  # later.zip's, as the reasons are (game/strategy/advice.py)

    best = advice.best
    # Translators: the coach's best move, in bold, then how sure it is ("clear", "close"...).
    said = escape(_("Coach: %(move)s (%(confidence)s)")) % {
        "move": f"<strong>{escape(choice_words(best, advice.game))}</strong>",
        "confidence": f'<span class="confidence">{escape(confidence_words(advice.confidence))}</span>'}
    line = (f'<p class="coach-line" data-confidence="{advice.confidence}">{said}</p>'
            f'<p class="coach-reason" data-coach-reason>{escape(reason_words(advice.reason, advice.game))}</p>'
            + aim_html(advice) + tally)
    shown = _("Hide the value of every choice") if show_values else _("Show the value of every choice")
    toggle = (f'<button type="button" id="coach-values" aria-expanded="{"true" if show_values else "false"}">'
              f"{escape(shown)}</button>")
    if not show_values:
        return line + toggle
    best_word = escape(pgettext("loss", "best"))
    aim = advice.aim
    rows = "".join(
        f'<tr data-option="{i}" class="{"best" if i == 0 else ""}"><td>{escape(choice_words(o, advice.game))}</td>'
        f'<td data-value="{o.value:.4f}">{decimal(o.value, 2)}</td><td data-loss="{o.loss:.4f}">'
        f'{best_word if o.loss == 0 else "−" + decimal(o.loss, 2)}</td>'
        + (f'<td data-chance="{aim.chance_of(o):.4f}">{percent(aim.chance_of(o), 1)}</td>' if aim else "")
        + "</tr>"
        for i, o in enumerate(advice.options)
    )
    columns = [_("Choice"), _("Expected final score"), _("Loss")]
    if aim is not None:
        columns.append(_("Chance to win") if aim.beat is None else
                       _("Chance to beat %(score)d") % {"score": aim.beat})
    heads = "".join(f'<th scope="col">{escape(head)}</th>' for head in columns)
    table = f'<table class="coach-values"><thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>'
    return line + toggle + table


def aim_html(advice: Advice) -> str:
    """The best choice for the goal (to win, or to beat a score), set against the average's
    when they differ; nothing without a goal.

    >>> from game.strategy.advice import Advice, Aim
    >>> from game.strategy.options import Option
    >>> from game.strategy.to_win import Ranked
    >>> score, hold = Option("score", 32.3, 0.0, box="full_house", points=25), Option(
    ...     "hold", 22.8, 9.5, hold=(True, True, True, False, False), held_faces=(3, 3, 3))
    >>> aim = Aim(54, (Ranked(hold, 0.135), Ranked(score, 0.046)))
    >>> html = aim_html(Advice((score, hold), None, aim))  # no reason needed here
    >>> html[:html.index(">") + 1]
    '<p class="coach-aim" data-aim="beat" data-differs="true" data-aim-chance="0.1350">'
    >>> print(html[html.index(">") + 1:])
    To beat 54: <strong>Hold 3-3-3, roll 2</strong>, 13.5% against 4.6%; for the average: Score 25 in Full house.</p>
    >>> close = Aim(None, (Ranked(hold, 0.20154), Ranked(score, 0.20110)))  # the goal's best a hair ahead
    >>> aim_html(Advice((score, hold), None, close)).endswith("For the best chance to win, the same: 20.1%.</p>")
    True
    """
    aim = advice.aim
    if aim is None:
        return ""
    best, average = aim.best, advice.best
    differs = aim.differs(average)
    # "The same" is the average's choice: its chance, as the table gives it, even where the
    # goal's best is another option a hair ahead (under SAME_CHANCE: not worth a word).
    values = {"score": aim.beat, "chance": percent(best.chance if differs else aim.chance_of(average), 1)}
    if differs:
        values |= {"move": f"<strong>{escape(choice_words(best.option, advice.game))}</strong>",
                   "other": percent(aim.chance_of(average), 1), "average": escape(choice_words(average, advice.game))}
        # Translators: the coach in a game of several; e.g. "To win: Hold 6-6-6, roll 2, 18.0% against
        # 9.0%; for the average: Score 25 in Full house." (the chances to win of the two choices)
        if aim.beat is None:
            text = escape(_("To win: %(move)s, %(chance)s against %(other)s; for the average: %(average)s."))
        elif aim.own:
            # Translators: a solo game with hints on; %(score)d is the player's best score so far.
            text = escape(_("To beat your best, %(score)d: %(move)s, %(chance)s against %(other)s; for the "
                            "average: %(average)s."))
        else:
            text = escape(_("To beat %(score)d: %(move)s, %(chance)s against %(other)s; for the average: "
                            "%(average)s."))
    elif aim.beat is None:
        text = escape(_("For the best chance to win, the same: %(chance)s."))
    elif aim.own:
        text = escape(_("For the best chance to beat your best, %(score)d, the same: %(chance)s."))
    else:
        text = escape(_("For the best chance to beat %(score)d, the same: %(chance)s."))
    kind = "win" if aim.beat is None else "best" if aim.own else "beat"
    return (f'<p class="coach-aim" data-aim="{kind}" data-differs="{"true" if differs else "false"}" '
            f'data-aim-chance="{best.chance:.4f}">{text % values}</p>')
