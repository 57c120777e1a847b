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
from fractions import Fraction

from swisstb_io.model import Color, DateText, Outcome, Player, PointSystem, RoundResult, Tournament
from swisstb_io.tiebreaks import CalcOptions, Context, Explanation, parse_spec
from swisstb_io.tiebreaks.encounters import direct_encounter

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


def context(t: Tournament, *, edition: str | None = None, system: str | None = None,
            unrated: int | None = None, explain: bool = False,
            future_rounds: str = "skip") -> Context:
    """The calculator's context of ``t`` with the FIDE choices given."""
    return Context(t, CalcOptions(fide_rules=edition, system=system, unrated_rating=unrated,
                                  explain=explain, future_rounds=future_rounds))


def values(ctx: Context, code: str) -> dict[int, Fraction | None]:
    """Every player's value of the field system ``code``, by start number."""
    spec = parse_spec(code)
    assert spec.system.values is not None
    return dict(zip(ctx.start_nos, spec.system.values(ctx, spec), strict=True))


def explanation(ctx: Context, code: str, start_no: int) -> Explanation:
    """The explanation of player ``start_no``'s value of the field system ``code``."""
    spec = parse_spec(code)
    assert spec.system.explain is not None
    return spec.system.explain(ctx, spec, ctx.index[start_no])


def ranks(ctx: Context, code: str, group: Sequence[int]) -> tuple[dict[int, int], list[str]]:
    """Direct-encounter ranks within ``group`` (``code``: ``DE`` with its modifiers)."""
    return direct_encounter(ctx, parse_spec(code), tuple(group))
