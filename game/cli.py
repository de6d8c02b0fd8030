"""Command-line coach: rank every option of a situation by expected final score.

    python -m game.cli --preset official --filled "ones=3,yahtzee=50" \\
        --dice 3,3,4,5,6 --rolls-left 2 [--json] [--lang de]
    python -m game.cli --game yatzy --filled "one_pair=12" --dice 1,2,3,4,6 --rolls-left 1

An entry point, above every layer (tests/test_layers.py): it words its output with the
screens' words, in the language of ``--lang`` or else of the environment (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as GNU gettext reads them), from the repository's
``.po`` catalogs, compiled in memory by tools/catalogs.py with Babel (a development requirement).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path

from game.core import language, rules
from game.core.games import GAMES, YAHTZEE, Game
from game.core.labels import preset_label
from game.core.language import _, ngettext, pgettext
from game.core.numbers import percent
from game.core.rulesets import ruleset_of
from game.screens.reason_words import reason_words
from game.strategy import game_coach
from game.strategy.coach import rank_options
from game.strategy.finish_range import finish_range
from game.strategy.game_spread import load_ruleset_spread
from game.strategy.game_tables import GameTable, load_game, load_game_table
from game.strategy.options import Option
from game.strategy.reasons import explain
from game.strategy.tables import Table, TableError, load_preset, load_table
from game.strategy.to_win import Goal, rank_to_win

EPILOG = f"""\
boxes: {", ".join(rules.BOXES)} (Yahtzee)
       {", ".join(GAMES["yatzy"].names)} (--game yatzy)

The expected final score counts the points already on the card (and the Yahtzee bonuses
given with --yahtzee-bonuses) plus what optimal play is expected to add. "loss" is how
much less an option is expected to score than the best one. Holding all five dice is the
same as scoring now, so it is not listed as a hold.

--json gives the same and finish_range, [p10, p90]: the 10th and 90th percentiles of the final
score from this situation (these dice and re-rolls left) under optimal play (it needs
assets/strategy/<preset or game>.spread.bin).

Yatzy (--game yatzy) has no Joker presets and no Yahtzee bonus.

example:
  python -m game.cli --preset official --filled "ones=3,yahtzee=50" --dice 3,3,4,5,6 --rolls-left 2
  python -m game.cli --game yatzy --filled "one_pair=12" --dice 1,2,3,4,6 --rolls-left 1
"""


def parse_filled(text: str) -> dict[str, int]:
    """``"ones=3,yahtzee=50"`` -> ``{"ones": 3, "yahtzee": 50}`` (:func:`check_filled` then
    checks the boxes against the game's).

    >>> parse_filled("ones=3, yahtzee=50")
    {'ones': 3, 'yahtzee': 50}
    """
    filled: dict[str, int] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        box, sep, points = item.partition("=")
        box = box.strip()
        if not sep or not box:
            raise argparse.ArgumentTypeError(f"{item!r}: expected box=points")
        if box in filled:
            raise argparse.ArgumentTypeError(f"{box} is given twice")
        try:
            filled[box] = int(points)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{item!r}: points must be a whole number") from None
    return filled


def check_filled(filled: Mapping[str, int], game: Game) -> str | None:
    """What is wrong with ``filled`` as a card of ``game``, or None.

    >>> check_filled({"one_pair": 12}, GAMES["yatzy"]), check_filled({"one_pair": 12}, YAHTZEE)
    (None, 'one_pair: Yahtzee has no such box; its boxes: ones, twos, threes, fours, fives, sixes, \
three_of_a_kind, four_of_a_kind, full_house, small_straight, large_straight, yahtzee, chance')
    """
    for box, points in filled.items():
        if box not in game.names:
            return f"{box}: {game.key.capitalize()} has no such box; its boxes: {', '.join(game.names)}"
        if not game.can_hold(box, points):
            return f"{box} cannot hold {points}"
    return None


def parse_dice(text: str) -> tuple[int, ...]:
    """``"3,3,4,5,6"`` (or ``"33456"``) -> ``(3, 3, 4, 5, 6)``.

    >>> parse_dice("6 6,1 2 3")
    (6, 6, 1, 2, 3)
    """
    parts = text.replace(",", " ").split()
    if len(parts) == 1 and len(parts[0]) == 5:
        parts = list(parts[0])
    try:
        return rules.check_dice(int(p) for p in parts)
    except (ValueError, rules.RulesError) as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: {exc}") from None


LOCALE = Path(__file__).resolve().parents[1] / "locale"


def describe(option: Option, game: Game) -> str:
    """A short label: ``hold 3 4 5 6`` or ``score Chance: 21`` (the box by ``game``'s name)."""
    if option.box is not None:  # a score names its box, a hold has none
        label = game.box_label(option.box)
        # Translators: the command-line coach's short label of an option, e.g. "score Chance: 21".
        return _("score %(box)s: %(points)d") % {"box": label, "points": option.points}
    if not option.held_faces:
        return _("hold nothing")
    # Translators: the command-line coach's short label of a hold, e.g. "hold 3 4 5 6".
    return _("hold %(faces)s") % {"faces": " ".join(map(str, option.held_faces))}


def speak(code: str) -> None:
    """Word the output in ``code`` (a language the game speaks), from its ``.po`` in the repository."""
    if code == language.SOURCE:
        language.activate(None)
        return
    # The build's own compiler (tools/ is a folder of scripts): the catalog with its numbers' and dates' conventions.
    spec = importlib.util.spec_from_file_location("_catalogs", LOCALE.parent / "tools" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    catalogs = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(catalogs)
    except ImportError:
        raise SystemExit("--lang needs Babel: pip install -r requirements-build.txt") from None
    compiled = catalogs.write_mo_bytes(catalogs.read(LOCALE / code / "LC_MESSAGES" / "game.po"), code)
    language.activate(language.load(compiled), code)


def environment_language(environ: dict[str, str]) -> str:
    """The language the environment asks for, as GNU gettext reads it, among the game's.

    >>> environment_language({"LANG": "de_DE.UTF-8"}), environment_language({"LANGUAGE": "ja:nb", "LANG": "C"})
    ('de', 'nb')
    >>> environment_language({"LC_ALL": "C.UTF-8"})
    'en'
    """
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        tags = [tag.split(".")[0].split("@")[0] for tag in environ.get(name, "").split(":")]
        tags = [tag for tag in tags if tag and tag not in ("C", "POSIX")]
        if tags:
            return language.negotiate(tags)
    return language.SOURCE


def positions(option: Option) -> str:
    """The held dice positions as marks (``x.xxx``), blank for a box."""
    return "".join("x" if h else "." for h in option.hold) if option.hold else ""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game.cli", description="Rank every option of a situation by expected final "
        "score under optimal play (exact, from the precomputed tables).",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default=YAHTZEE.key, choices=sorted(GAMES),
                        help="the game: Yahtzee, or Yatzy as Scandinavia plays it (default: %(default)s)")
    parser.add_argument("--preset", choices=rules.PRESETS,
                        help=f"Yahtzee's Joker rules preset (default: {rules.DEFAULT_PRESET})")
    parser.add_argument("--filled", type=parse_filled, default={}, metavar="BOX=POINTS,...",
                        help='boxes already filled, e.g. "ones=3,yahtzee=50" (default: none)')
    parser.add_argument("--dice", type=parse_dice, required=True, metavar="D,D,D,D,D",
                        help="the five dice showing, e.g. 3,3,4,5,6")
    parser.add_argument("--rolls-left", type=int, choices=(0, 1, 2), required=True,
                        help="re-rolls still allowed this turn: 2 after the first roll, 0 after the third")
    parser.add_argument("--yahtzee-bonuses", type=int, default=0, metavar="N",
                        help="Yahtzee bonus check marks already earned (adds 100 each; default: 0)")
    parser.add_argument("--target", type=int, metavar="T",
                        help="rank by the chance to reach T points or more (this turn played for T, the "
                        "later turns for the average; needs assets/strategy/<preset or game>.spread.bin)")
    parser.add_argument("--top", type=int, default=0, metavar="N", help="show only the N best options")
    parser.add_argument("--table", type=Path, metavar="FILE",
                        help="strategy table to read (default: assets/strategy/<preset>.bin, or <game>.bin)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument("--lang", choices=sorted(language.LANGUAGES), metavar="CODE",
                        help="the language of the output (default: the environment's, as LANG; one of "
                        f"{', '.join(sorted(language.LANGUAGES))})")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    game = GAMES[args.game]
    if game is not YAHTZEE:  # Yatzy: no Jokers, no bonus check marks
        for flag, given in (("--preset", args.preset), ("--yahtzee-bonuses", args.yahtzee_bonuses)):
            if given:
                parser.error(f"{flag} is for Yahtzee only, not for --game {game.key}")
    args.preset = args.preset or rules.DEFAULT_PRESET
    if problem := check_filled(args.filled, game):
        parser.error(f"argument --filled: {problem}")
    try:
        speak(args.lang or environment_language(dict(os.environ)))
    except SystemExit:
        if args.lang:
            raise
        language.activate(None)  # the environment's language needs Babel: English without it
    try:
        options, on_card, table = _ranked(game, args)
        chances = _chances(table, game, args) if args.target is not None else {}
        span = finish_range(table, load_ruleset_spread(ruleset_of(game, args.preset)), args.filled, on_card,
                            args.dice, args.rolls_left) if args.json else None  # [p10, p90] in the JSON
    except (OSError, TableError, ValueError) as exc:
        parser.exit(2, f"{parser.prog}: error: {exc}\n")
    reason = explain(args.filled, options, args.rolls_left, game=game)  # the reason is the average's
    why = reason_words(reason, game)
    average = options[0]
    if chances:  # best chance first, as rank_to_win orders them
        options = sorted(options, key=lambda o: (-chances[describe(o, game)], -o.value))
    shown = options[:args.top] if args.top > 0 else options
    if args.json:
        json.dump({"game": game.key, "preset": args.preset if game is YAHTZEE else None, "filled": args.filled,
                   "dice": list(args.dice), "rolls_left": args.rolls_left, "on_card": on_card, "reason": why,
                   "finish_range": span, "target": args.target,
                   "options": [{"rank": i, "description": describe(o, game), **o.__dict__,
                                **({"chance": chances[describe(o, game)]} if chances else {})}
                               for i, o in enumerate(shown, start=1)]}, sys.stdout, indent=1)
        print()
        return 0
    situation = [preset_label(args.preset) if game is YAHTZEE else game.title_words(),
                 _("dice %(dice)s") % {"dice": " ".join(map(str, args.dice))},
                 ngettext("%(count)d re-roll left", "%(count)d re-rolls left", args.rolls_left) % {
                     "count": args.rolls_left},
                 ngettext("%(count)d point on the card", "%(count)d points on the card", on_card) % {
                     "count": on_card}]
    print("; ".join(situation))
    _print_table(shown, options[0], chances, game)
    print(_("Why: %(reason)s") % {"reason": why})
    if chances:
        print(target_words(args.target, options[0], average, chances, game))
    return 0


def _ranked(game: Game, args: argparse.Namespace) -> tuple[list[Option], int, Table | GameTable]:
    """The coach's ranking of the situation given, the points on the card, and the table read."""
    if game is YAHTZEE:
        table = load_table(args.preset, args.table.read_bytes()) if args.table else load_preset(args.preset)
        return (rank_options(table, args.filled, args.dice, args.rolls_left, args.yahtzee_bonuses),
                rules.grand_total(args.filled, args.yahtzee_bonuses), table)
    game_table = load_game_table(game, args.table.read_bytes()) if args.table else load_game(game)
    return (game_coach.rank_options(game_table, args.filled, args.dice, args.rolls_left),
            game_coach.on_card(game, args.filled), game_table)


def _print_table(shown: list[Option], best: Option, chances: Mapping[str, float], game: Game) -> None:
    columns = [pgettext("coach column", "rank"), pgettext("coach column", "option"), pgettext("coach column", "held"),
               pgettext("coach column", "expected"), pgettext("coach column", "loss")]
    if chances:
        # Translators: the command-line coach's column of the chance to reach the target (--target).
        columns.insert(3, pgettext("coach column", "chance"))
    width = max(len(describe(o, game)) for o in [*shown, best])
    width = max(width, len(columns[1]))
    held = max(5, len(columns[2]))
    chance = max(7, len(columns[3])) if chances else 0
    head = f"{columns[0]:>4}  {columns[1]:{width}}  {columns[2]:{held}}"
    print(head + (f"  {columns[3]:>{chance}}" if chances else "") + f"  {columns[-2]:>9}  {columns[-1]:>7}")
    for i, o in enumerate(shown, start=1):
        line = f"{i:4d}  {describe(o, game):{width}}  {positions(o):{held}}"
        line += f"  {100 * chances[describe(o, game)]:{chance}.2f}" if chances else ""
        print(f"{line}  {o.value:9.3f}  {o.loss:7.3f}")


def _chances(table: Table, game: Game, args: argparse.Namespace) -> dict[str, float]:
    """Each option's chance to reach ``--target``, by its label (:func:`describe`)."""
    spread = load_ruleset_spread(ruleset_of(game, args.preset))
    ranked = rank_to_win(table, spread, args.filled, args.dice, args.rolls_left, Goal.reach(args.target),
                         args.yahtzee_bonuses)
    return {describe(r.option, game): r.chance for r in ranked}


def target_words(target: int, best: Option, average: Option, chances: Mapping[str, float], game: Game) -> str:
    """The choice for the target beside the choice for the average, in a sentence."""
    best_words, average_words = describe(best, game), describe(average, game)
    if best_words == average_words:
        # Translators: --target; the best choice is the same for the target and for the expected score.
        return _("To reach %(target)d, as for the average: %(best)s (%(chance)s).") % {
            "target": target, "best": best_words, "chance": percent(chances[best_words], 1)}
    # Translators: --target; e.g. "To reach 231: hold 3 3 3 (13.5%); for the average: score Full House: 25 (4.6%)."
    return _("To reach %(target)d: %(best)s (%(chance)s); for the average: %(average)s (%(average_chance)s).") % {
        "target": target, "best": best_words, "chance": percent(chances[best_words], 1),
        "average": average_words, "average_chance": percent(chances[average_words], 1)}


if __name__ == "__main__":
    sys.exit(main())
