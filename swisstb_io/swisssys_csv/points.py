"""The ``# Point system:`` metadata line: a point system other than 1-½-0, written out
whole so it comes back exactly (project issue 15: write what the format can hold).

``# Point system: win 3.0, draw 1.0, loss 0.0, forfeit win 3.0, forfeit loss 0.0,
pairing bye 3.0, full bye 3.0, half bye 1.0, zero bye 0.0`` (one line).  A value is a
number as the Total column writes it (``2.5``, ``7/3``).  A hand-written line may name
fewer: a forfeit win and the pairing and full-point byes are then worth a win, a half-point
bye a draw, a forfeit loss and a zero-point bye a loss (as TRF-2026 record 162 has it).
"""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction

from ..errors import quoted
from ..model import PointSystem
from ..us_notation import format_points, parse_points

_NAMES = tuple(f.name for f in fields(PointSystem))
_LIKE = {"forfeit_win": "win", "pairing_bye": "win", "full_bye": "win", "half_bye": "draw",
         "forfeit_loss": "loss", "zero_bye": "loss"}
"""What a value the line leaves out is worth."""


def point_text(ps: PointSystem) -> str:
    """The line's value for ``ps``: every outcome's points, in the model's order."""
    return ", ".join(f"{name.replace('_', ' ')} {format_points(getattr(ps, name))}"
                     for name in _NAMES)


def parse_point_text(text: str) -> PointSystem:
    """The point system of a ``# Point system:`` value; a :class:`ValueError` says what
    is wrong and what is allowed."""
    given: dict[str, Fraction] = {}
    for item in (part.strip() for part in text.split(",")):
        name, _, value = item.rpartition(" ")
        key = "_".join(name.lower().split())
        if key not in _NAMES:
            allowed = ", ".join(n.replace("_", " ") for n in _NAMES)
            raise ValueError(f"{quoted(item)} is not an outcome and its points (outcomes: "
                             f"{allowed}; e.g. 'win 3.0, draw 1.0, loss 0.0')")
        if key in given:
            raise ValueError(f"{name!r} is given twice")
        points = parse_points(value)  # the Total column's numbers (no 1e999999999)
        if points is None:
            raise ValueError(f"{quoted(value)} is not a number of points (write 1.0, 0.5 or "
                             "1/3)")
        given[key] = points
    for name in ("win", "draw", "loss"):
        given.setdefault(name, getattr(PointSystem(), name))
    for name, like in _LIKE.items():
        given.setdefault(name, given[like])
    return PointSystem(**given)
