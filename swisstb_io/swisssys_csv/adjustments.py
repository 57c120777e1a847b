"""The ``Adjustments`` column: a player's bonus and penalty points (TRF-2026 299), so
that converting to CSV keeps them (project issue 15: write what the format can hold).

A cell holds the player's adjustments in order, separated by ``; ``: each is its points
with their sign, then `` round N`` when it belongs to a round, then `` (note)`` when it
has one, e.g. ``-1.0 round 3 (arrived late); +0.5 (best game prize)``.  Points are written
as the Total column writes them (``0.5``, ``1/3``).
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..errors import WriteError
from ..model import PointAdjustment
from ..us_notation import format_points

_ITEM = re.compile(r"([+-](?:\d{1,15}(?:\.\d{1,15})?|\d{1,15}/\d{1,15}))"
                   r"(?: round (\d{1,9}))?(?: \((.*)\))?", re.S)
_NEXT = re.compile(r"; (?=[+-]\d)")
"""Where one item ends and the next begins."""

EXPECTED = ("expected items such as '-1.0 round 3 (arrived late)' or '+0.5', separated "
            "by '; ': signed points, then ' round N' and ' (note)' if any")


def adjustments_text(adjustments: tuple[PointAdjustment, ...], who: str) -> str:
    """The cell of ``adjustments`` (``who``: the player, for the error a note that
    cannot be written gets)."""
    items = []
    for adj in adjustments:
        text = ("+" if adj.points >= 0 else "") + format_points(adj.points)
        if adj.round is not None:
            if adj.round < 1:
                raise WriteError(f"{who}: adjustment round {adj.round} is not a round number "
                                 "(1 or more; None for the whole event)")
            text += f" round {adj.round}"
        if adj.note:
            if _NEXT.search(adj.note):
                raise WriteError(f"{who}: the adjustment note {adj.note!r} cannot be told "
                                 "apart from the next item in the CSV Adjustments column; "
                                 "write XML or TRF-2026, or change the note")
            text += f" ({adj.note})"
        items.append(text)
    return "; ".join(items)


def parse_adjustments(text: str) -> tuple[PointAdjustment, ...] | None:
    """The adjustments of a cell (``()`` for an empty one); ``None`` when it is not one
    (the caller says :data:`EXPECTED`)."""
    if not text.strip():
        return ()
    out = []
    for item in _NEXT.split(text.strip()):
        m = _ITEM.fullmatch(item)
        if m is None or (m[2] is not None and int(m[2]) < 1) or m[1].endswith("/0"):
            return None
        out.append(PointAdjustment(Fraction(m[1]), None if m[2] is None else int(m[2]),
                                   m[3] or ""))
    return tuple(out)
