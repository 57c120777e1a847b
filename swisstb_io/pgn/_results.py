"""What a game's ``Result`` and ``Termination`` tags mean, both ways (formats/pgn/README.md).

The PGN standard (§8.2.6) has four results: ``1-0``, ``0-1``, ``1/2-1/2`` and ``*`` (not
over yet: it counts nowhere, like a future round).  An unplayed game has no standard
form; the conventions read here, each with where it was seen, are listed in the dossier:
``Termination "forfeit"`` or ``"unplayed"`` with a result, and the results ``+/-``,
``-/+``, ``-/-``, ``+:-``, ``-:+``, ``-:-`` and ``0-0``.  Other spellings of a played
result (``1:0``, ``½-½``) are read with a warning; anything else is a pending game, with a
warning.
"""

from __future__ import annotations

from typing import NamedTuple

from ..model import Outcome

_O = Outcome

STANDARD: dict[str, tuple[Outcome, Outcome]] = {
    "1-0": (_O.WIN, _O.LOSS),
    "0-1": (_O.LOSS, _O.WIN),
    "1/2-1/2": (_O.DRAW, _O.DRAW),
}
"""The standard results of a game played over the board (White's outcome, Black's)."""

FORFEITS: dict[str, tuple[Outcome, Outcome]] = {
    "+/-": (_O.FORFEIT_WIN, _O.FORFEIT_LOSS),
    "-/+": (_O.FORFEIT_LOSS, _O.FORFEIT_WIN),
    "-/-": (_O.DOUBLE_FORFEIT, _O.DOUBLE_FORFEIT),
    "+:-": (_O.FORFEIT_WIN, _O.FORFEIT_LOSS),
    "-:+": (_O.FORFEIT_LOSS, _O.FORFEIT_WIN),
    "-:-": (_O.DOUBLE_FORFEIT, _O.DOUBLE_FORFEIT),
    "0-0": (_O.DOUBLE_FORFEIT, _O.DOUBLE_FORFEIT),
}
"""Results that say the game was not played (read without a warning)."""

UNPLAYED_TERMINATIONS = frozenset({"forfeit", "unplayed"})
"""``Termination`` values (compared without case) that make a result a forfeit."""

_AS_FORFEIT: dict[str, tuple[Outcome, Outcome]] = {
    "1-0": (_O.FORFEIT_WIN, _O.FORFEIT_LOSS),
    "0-1": (_O.FORFEIT_LOSS, _O.FORFEIT_WIN),
    "1/2-1/2": (_O.FORFEIT_DRAW, _O.FORFEIT_DRAW),
    **FORFEITS,
}

NONSTANDARD: dict[str, str] = {
    "1:0": "1-0",
    "0:1": "0-1",
    "½-½": "1/2-1/2",
    "½:½": "1/2-1/2",
    "1/2:1/2": "1/2-1/2",
    "1/2": "1/2-1/2",
    "½": "1/2-1/2",
}
"""Other spellings of a played result, read as the standard one with a warning."""

PENDING = "*"


class Reading(NamedTuple):
    """What one game's result tags say."""

    white: Outcome
    black: Outcome
    """``NOT_PAIRED`` for both while the game is pending."""
    requested: bool
    """The ``Termination`` is :data:`REQUESTED_BYE`."""
    standard_as: str
    """The standard result it was read as when it was written another way (a warning),
    ``""`` when it was read as written."""
    unknown: bool
    """True when the result means nothing known: read as pending, with a warning."""


def reading(result: str, termination: str) -> Reading:
    """The outcomes ``result`` (with ``termination``) gives White and Black."""
    text = result.strip()
    said = termination.strip().casefold()
    unplayed, requested = said in UNPLAYED_TERMINATIONS, said == REQUESTED_BYE
    if text == PENDING:
        return Reading(_O.NOT_PAIRED, _O.NOT_PAIRED, requested, "", False)
    standard_as = ""
    if text in NONSTANDARD:
        text, standard_as = NONSTANDARD[text], NONSTANDARD[text]
    table = _AS_FORFEIT if unplayed else STANDARD | FORFEITS
    if text in table:
        white, black = table[text]
        return Reading(white, black, requested, standard_as, False)
    return Reading(_O.NOT_PAIRED, _O.NOT_PAIRED, requested, "", True)


REQUESTED_BYE = "requested bye"
"""The ``Termination`` (compared without case) of a game against ``BYE`` that the player
asked for: won, it is the requested full-point bye (swisstb's convention, as PGN has
none; without it, a won game against ``BYE`` is the pairing-allocated bye)."""

BYE_OUTCOMES: dict[Outcome, Outcome] = {
    _O.FULL_BYE: _O.FULL_BYE,
    _O.WIN: _O.PAIRING_BYE,
    _O.FORFEIT_WIN: _O.PAIRING_BYE,
    _O.NOT_PAIRED: _O.PAIRING_BYE,
    _O.DRAW: _O.HALF_BYE,
    _O.FORFEIT_DRAW: _O.HALF_BYE,
    _O.LOSS: _O.ZERO_BYE,
    _O.FORFEIT_LOSS: _O.ZERO_BYE,
    _O.DOUBLE_FORFEIT: _O.ZERO_BYE,
}
"""A game against the pseudo-player ``BYE``: the player's side of the result says which
bye (a win, or a pending game, is the pairing-allocated bye; :data:`REQUESTED_BYE` makes
it the full-point bye, ``FULL_BYE`` here)."""

_PLAIN: dict[Outcome, Outcome] = {
    _O.INCONSISTENT_WIN: _O.WIN,
    _O.INCONSISTENT_DRAW: _O.DRAW,
    _O.INCONSISTENT_LOSS: _O.LOSS,
}

WRITTEN: dict[Outcome, tuple[str, str]] = {
    _O.WIN: ("1-0", ""),
    _O.LOSS: ("0-1", ""),
    _O.DRAW: ("1/2-1/2", ""),
    _O.WIN_UNRATED: ("1-0", "unplayed"),
    _O.LOSS_UNRATED: ("0-1", "unplayed"),
    _O.DRAW_UNRATED: ("1/2-1/2", "unplayed"),
    _O.FORFEIT_WIN: ("1-0", "forfeit"),
    _O.FORFEIT_LOSS: ("0-1", "forfeit"),
    _O.FORFEIT_DRAW: ("1/2-1/2", "forfeit"),
    _O.DOUBLE_FORFEIT: ("0-0", "forfeit"),
    _O.NOT_PAIRED: (PENDING, ""),
}
"""White's outcome as the ``Result`` and ``Termination`` written (``""``: no
Termination tag)."""

BYE_WRITTEN: dict[Outcome, tuple[str, str]] = {
    _O.PAIRING_BYE: ("1-0", ""),
    _O.FULL_BYE: ("1-0", REQUESTED_BYE),
    _O.HALF_BYE: ("1/2-1/2", ""),
    _O.ZERO_BYE: ("0-1", ""),
}
"""A bye as the ``Result`` (of the player, White, against ``BYE``) and ``Termination``
written (``""``: no Termination tag)."""


def written(white: Outcome, black: Outcome) -> tuple[str, str] | None:
    """The ``Result`` and ``Termination`` of a game whose sides have these outcomes, or
    ``None`` when one result cannot say both (they do not mirror)."""
    white, black = _PLAIN.get(white, white), _PLAIN.get(black, black)
    tags = WRITTEN.get(white)
    if tags is None:
        return None
    back = reading(*tags)
    return tags if _PLAIN.get(back.black, back.black) is _read_back(black) else None


def _read_back(outcome: Outcome) -> Outcome:
    """What ``outcome`` comes back as through :data:`WRITTEN` and :func:`reading`."""
    tags = WRITTEN.get(outcome)
    return reading(*tags).white if tags is not None else outcome


__all__ = ["BYE_OUTCOMES", "BYE_WRITTEN", "FORFEITS", "NONSTANDARD", "PENDING", "REQUESTED_BYE",
           "STANDARD", "UNPLAYED_TERMINATIONS", "WRITTEN", "Reading", "reading", "written"]
