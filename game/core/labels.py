"""The names of the boxes, in the language spoken now (:mod:`game.core.language`).

Each country's players know the boxes by their own names (German ``Dreierpasch``, French
``Brelan``): the catalogs give them, with a short form for a phone's card. The English
names stay in :data:`game.core.rules.BOX_LABELS` for code outside the game.

>>> from game.core.language import activate
>>> activate(None)
>>> box_label("small_straight"), box_label("small_straight", short=True)
('Sm. straight', 'Sm. str.')
"""

from __future__ import annotations

from game.core.language import pgettext


def N_(context: str, name: str) -> str:  # noqa: N802 (gettext's name for a marker)
    """Marks ``name`` for the catalogs, in ``context``; it is looked up when shown."""
    return name


#: Each box's name as the catalogs know it (translators: the name on the country's score sheet).
BOX_NAMES: dict[str, str] = {
    "ones": N_("box", "Ones"), "twos": N_("box", "Twos"), "threes": N_("box", "Threes"),
    "fours": N_("box", "Fours"), "fives": N_("box", "Fives"), "sixes": N_("box", "Sixes"),
    "three_of_a_kind": N_("box", "3 of a kind"), "four_of_a_kind": N_("box", "4 of a kind"),
    "full_house": N_("box", "Full house"), "small_straight": N_("box", "Sm. straight"),
    "large_straight": N_("box", "Lg. straight"), "yahtzee": N_("box", "Yahtzee"), "chance": N_("box", "Chance"),
}
#: Short names for a phone's card (at most about 9 characters).
SHORT_NAMES: dict[str, str] = {
    "ones": N_("box, short", "Ones"), "twos": N_("box, short", "Twos"), "threes": N_("box, short", "Threes"),
    "fours": N_("box, short", "Fours"), "fives": N_("box, short", "Fives"), "sixes": N_("box, short", "Sixes"),
    "three_of_a_kind": N_("box, short", "3 kind"), "four_of_a_kind": N_("box, short", "4 kind"),
    "full_house": N_("box, short", "Full ho."), "small_straight": N_("box, short", "Sm. str."),
    "large_straight": N_("box, short", "Lg. str."), "yahtzee": N_("box, short", "Yahtzee"),
    "chance": N_("box, short", "Chance"),
}

#: Each Joker preset's name (game.core.rules.PRESET_LABELS is this table: its English).
PRESET_NAMES: dict[str, str] = {
    "official": N_("preset", "Official (forced Joker)"),
    "free_choice": N_("preset", "Free-choice Joker"),
    "wild_after_upper": N_("preset", "Wild after its upper box"),
    "upper_or_kind": N_("preset", "Upper box or a kind"),
}
#: One line per preset, for the new-game dialog and the README (game.core.rules.PRESET_HELP).
PRESET_HELP: dict[str, str] = {
    "official": N_("preset help", "A further Yahtzee must go in its upper box if open; else any lower box "
                                  "at full value; else 0 in an upper box."),
    "free_choice": N_("preset help", "A further Yahtzee may go in any open box; lower boxes take it at "
                                     "full value."),
    "wild_after_upper": N_("preset help", "Nothing is forced; straights and Full House take a further "
                                          "Yahtzee at full value only once its upper box is filled."),
    "upper_or_kind": N_("preset help", "While its upper box is open, a further Yahtzee goes there or in "
                                       "3/4 of a kind; after that, any lower box at full value."),
}


def preset_label(preset: str) -> str:
    """A preset's name; an unknown one (from a damaged record) as it is."""
    return pgettext("preset", PRESET_NAMES[preset]) if preset in PRESET_NAMES else preset


def preset_help(preset: str) -> str:
    return pgettext("preset help", PRESET_HELP[preset])


def box_label(box: str, short: bool = False) -> str:
    """The name of ``box`` (``short``: the phone card's form)."""
    if short:
        return pgettext("box, short", SHORT_NAMES[box])
    return pgettext("box", BOX_NAMES[box])
