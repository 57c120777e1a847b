"""Tiny hand-built tournaments for the FIDE tie-break tests.

``build({1: ["W2", "H", "X3"], 2: ["L1b", ...], ...})``: one list of round cells per start
number.  Cells: ``W<n>``/``D<n>``/``L<n>`` played (suffix ``b`` = black, else white),
``X<n>`` forfeit win, ``F<n>`` forfeit loss, ``PAB``, ``FPB``, ``H`` (half-point bye),
``Z`` (zero-point bye), ``-`` (not paired).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence

from swisstb_io.model import Color, DateText, Outcome, Player, PointSystem, RoundResult, Tournament

_GAME = re.compile(r"^([WDLXF])(\d+)([wb]?)$")
_KIND = {"W": Outcome.WIN, "D": Outcome.DRAW, "L": Outcome.LOSS, "X": Outcome.FORFEIT_WIN,
         "F": Outcome.FORFEIT_LOSS}
_BYES = {"PAB": Outcome.PAIRING_BYE, "FPB": Outcome.FULL_BYE, "H": Outcome.HALF_BYE,
         "Z": Outcome.ZERO_BYE, "-": Outcome.NOT_PAIRED}


def cell(text: str) -> RoundResult:
    m = _GAME.match(text)
    if m:
        kind, opp, col = m.groups()
        color = Color.BLACK if col == "b" else Color.WHITE
        return RoundResult(_KIND[kind], int(opp), color)
    return RoundResult(_BYES[text])


def build(
    rows: Mapping[int, Sequence[str]],
    *,
    ratings: Mapping[int, int | None] | None = None,
    start: dt.date | None = dt.date(2024, 8, 1),
    pairing_system: str = "",
    points: PointSystem | None = None,
    rounds: int | None = None,
) -> Tournament:
    players = tuple(
        Player(start_no=sno, name=f"P{sno}", results=tuple(cell(c) for c in cells),
               fide_rating=2000 - 10 * sno if ratings is None else ratings.get(sno))
        for sno, cells in sorted(rows.items())
    )
    return Tournament(
        name="test", players=players,
        start_date=DateText.from_date(start) if start else None,
        pairing_system=pairing_system, total_rounds=rounds,
        point_system=points or PointSystem(),
    )
