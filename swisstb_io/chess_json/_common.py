"""Shared pieces of the Chess-JSON reader and writer: result codes and a Decimal-exact dump."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction

from ..model import Outcome
from ..numbers import decimal_places, exact

FILETYPE = "Event"
VERSION = "1.0"

#: Outcome -> (code, played, rated), the TieBreakServer conventions: the pairing-allocated
#: bye is "P" and counts as played (so it is not a voluntarily unplayed round), forfeits
#: are unplayed W/L/D, a double forfeit is unplayed Z on both sides, "U" is a round
#: without a pairing.
CODES: Mapping[Outcome, tuple[str, bool, bool]] = {
    Outcome.WIN: ("W", True, True),
    Outcome.DRAW: ("D", True, True),
    Outcome.LOSS: ("L", True, True),
    Outcome.INCONSISTENT_WIN: ("W", True, True),
    Outcome.INCONSISTENT_DRAW: ("D", True, True),
    Outcome.INCONSISTENT_LOSS: ("L", True, True),
    Outcome.WIN_UNRATED: ("W", True, False),
    Outcome.DRAW_UNRATED: ("D", True, False),
    Outcome.LOSS_UNRATED: ("L", True, False),
    Outcome.FORFEIT_WIN: ("W", False, False),
    Outcome.FORFEIT_LOSS: ("L", False, False),
    Outcome.FORFEIT_DRAW: ("D", False, False),
    Outcome.DOUBLE_FORFEIT: ("Z", False, False),
    Outcome.PAIRING_BYE: ("P", True, False),
    Outcome.FULL_BYE: ("F", False, False),
    Outcome.HALF_BYE: ("H", False, False),
    Outcome.ZERO_BYE: ("Z", False, False),
    Outcome.NOT_PAIRED: ("U", False, False),
}

#: Outcomes that need a game partner: written with ``{"cid": 0}`` when the model has none.
PAIRED = frozenset(o for o in Outcome if o.has_opponent)

#: The point system: Chess-JSON score code -> PointSystem field.
SCORE_FIELDS: tuple[tuple[str, str], ...] = (
    ("W", "win"),
    ("D", "draw"),
    ("L", "loss"),
    ("Z", "zero_bye"),
    ("P", "pairing_bye"),
    ("F", "full_bye"),
    ("H", "half_bye"),
)

#: TieBreakServer's defaults: a number, or the code whose value it takes.
SCORE_DEFAULTS: Mapping[str, str | Decimal] = {
    "W": Decimal("1.0"),
    "D": Decimal("0.5"),
    "L": Decimal("0.0"),
    "Z": Decimal("0.0"),
    "F": "W",
    "H": "D",
    "P": "W",
    "A": "D",
    "U": "Z",
}


def decimal_text(value: Fraction) -> str | None:
    """``value`` as an exact decimal literal ("0.5", "3.0"), or None if it has none."""
    return None if decimal_places(value) is None else exact(value, places=1)


JsonValue = None | bool | int | str | Decimal | Sequence["JsonValue"] | Mapping[str, "JsonValue"]


_STR = json.JSONEncoder(ensure_ascii=False).encode
_WIDTH = 132


def _atom(value: JsonValue) -> str | None:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return _STR(value)
    if isinstance(value, int | Decimal):
        return str(value)
    return None


def _inline(value: JsonValue, depth: int = 0) -> str | None:
    """``value`` on one line if it is a scalar or a shallow container, else None."""
    atom = _atom(value)
    if atom is not None or depth >= 2:
        return atom
    parts: list[str] = []
    if isinstance(value, Mapping):
        for key, item in value.items():
            text = _inline(item, depth + 1)
            if text is None:
                return None
            parts.append(f"{_STR(key)}: {text}")
        return "{" + ", ".join(parts) + "}"
    assert isinstance(value, Sequence)
    for item in value:
        text = _inline(item, depth + 1)
        if text is None:
            return None
        parts.append(text)
    return "[" + ", ".join(parts) + "]"


def dump(value: JsonValue, indent: int = 0) -> str:
    """JSON text for ``value``; Decimals are written digit for digit (never through float).

    Short objects and lists (a game, a competitor) go on one line, the rest one item a line.
    """
    text = _inline(value)
    if text is not None and (len(text) + 2 * indent <= _WIDTH or _atom(value) is not None):
        return text
    pad = "  " * (indent + 1)
    end = "  " * indent
    if isinstance(value, Mapping):
        items = [f"{pad}{_STR(k)}: {dump(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    assert isinstance(value, Sequence) and not isinstance(value, str)
    return "[\n" + ",\n".join(pad + dump(v, indent + 1) for v in value) + "\n" + end + "]"
