"""One SwissSys 11 result string (``Result;Opponent;Colour;Board;Logical op 1;Logical op 2;
Game points``) as a round of the model.

Result letters: ``+ = -`` played win, draw, loss (also ``W D L``; ``-`` with no opponent is
"not paired"), ``X``/``F``/``Z`` forfeit win/loss/draw, ``Bye`` the program's pairing bye,
``B`` a full-point bye, ``H`` a half-point bye, ``U`` a zero-point bye, ``~`` paired with the
result still to come, an empty letter (or SwissSys's NUL, a slot never filled) nothing.
"No opponent" is ``0`` (SwissSys 11.52) or ``-1`` (later saves: ``H;-1;-;0;-1;-1;0``).
The colour is ``W``, ``B``, ``-`` or ``*``: SwissSys writes ``*`` on a forfeit whose colour
was never set (``F;23;*;11;23;23;0``), read as no colour.

A string that is none of these is not an error of the whole file: :func:`read_cell` says
why, and the reader gives that one round a located diagnostic.
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import quoted
from ..model import Color, Outcome, RoundResult

CODES: dict[str, Outcome] = {
    "+": Outcome.WIN,
    "W": Outcome.WIN,
    "=": Outcome.DRAW,
    "D": Outcome.DRAW,
    "-": Outcome.LOSS,
    "L": Outcome.LOSS,
    "X": Outcome.FORFEIT_WIN,
    "F": Outcome.FORFEIT_LOSS,
    "Z": Outcome.FORFEIT_DRAW,
    "BYE": Outcome.PAIRING_BYE,
    "B": Outcome.FULL_BYE,
    "H": Outcome.HALF_BYE,
    "U": Outcome.ZERO_BYE,
    "~": Outcome.NOT_PAIRED,
    "": Outcome.NOT_PAIRED,
}
ALLOWED = "+ = - W D L X F Z Bye B H U ~"
"""The result codes, as messages list them."""
NO_OPPONENT = ("0", "-1")
"""How SwissSys writes "no opponent": 0 in 11.52, -1 in later 11.5x saves."""
COLOURS = {"W": Color.WHITE, "B": Color.BLACK, "-": Color.NONE, "*": Color.NONE, "": Color.NONE}
"""``*``: a colour SwissSys never set (forfeits)."""
EXPECTED = (f'expected "RESULT;OPPONENT;COLOUR;…" with RESULT one of {ALLOWED}, OPPONENT a '
            'pair number or 0 or -1 for none, COLOUR W, B, - or *, e.g. "+;2;W;1;2;2;0"')


class Cell(NamedTuple):
    """What one result string says: the round, or (``result`` None) why it cannot be read."""

    result: RoundResult | None
    problem: str = ""
    no_opponent: str = ""
    """How the string wrote "no opponent" (``0`` or ``-1``), if it did."""


def _int(text: str) -> int | None:
    t = text.strip()
    return int(t) if t.isdecimal() and len(t) <= 9 else None


def read_cell(raw: object) -> Cell:
    """The round ``raw`` (a result string) records, or why it cannot be read."""
    if not isinstance(raw, str):
        return Cell(None, f'expected a result string such as "+;2;W;1;2;2;0", got {quoted(raw)}')
    parts = [p.strip() for p in raw.split(";")]
    code = parts[0].strip("\x00").upper()  # a NUL letter: a slot SwissSys never filled
    opp_text = parts[1] if len(parts) > 1 else ""
    colour = parts[2].upper() if len(parts) > 2 else ""
    outcome = CODES.get(code)
    none_as = opp_text if opp_text in NO_OPPONENT else ""
    opponent = 0 if none_as or not opp_text else _int(opp_text)
    color = COLOURS.get(colour)
    if outcome is None or opponent is None or color is None:
        return Cell(None, f"cannot read the result {quoted(raw)} ({EXPECTED})")
    if code == "~":  # paired, result not in yet
        pending = RoundResult(Outcome.NOT_PAIRED, opponent or None,
                              color if opponent else Color.NONE)
        return Cell(pending, no_opponent=none_as)
    if (code == "-" and not opponent) or not outcome.has_opponent:
        return Cell(RoundResult(Outcome.NOT_PAIRED if code == "-" else outcome),
                    no_opponent=none_as)
    return Cell(RoundResult(outcome, opponent or None, color), no_opponent=none_as)
