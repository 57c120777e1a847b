"""The neutral report table: built once from the standings, rendered by the backends.

Nothing here knows about Markdown, CSV or HTML (pybtex's style/backend split): a
:class:`Report` holds the event header, the tie-break columns, one :class:`Row` per player
(values as exact Fractions *and* as the text every backend prints), the crosstable cells in
US and FIDE notation, each player's running score, and the prize groups.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import accumulate
from typing import NamedTuple

from ..model import Color, Outcome, Player, Tournament
from ..tiebreaks import Context, Explanation, Spec, StandingsResult, standings
from ..tiebreaks.report import number_text
from ._labels import ReportError, label_for, parse_labels

NOTATIONS = ("us", "fide")

#: FIDE (TRF) result characters, as in the 001 record's round columns.
_FIDE_CHAR: Mapping[Outcome, str] = {
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Outcome.WIN_UNRATED: "W",
    Outcome.DRAW_UNRATED: "D",
    Outcome.LOSS_UNRATED: "L",
    Outcome.INCONSISTENT_WIN: "1",
    Outcome.INCONSISTENT_DRAW: "½",
    Outcome.INCONSISTENT_LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-",
    Outcome.FORFEIT_DRAW: "=",
    Outcome.DOUBLE_FORFEIT: "-",
    Outcome.PAIRING_BYE: "U",
    Outcome.FULL_BYE: "F",
    Outcome.HALF_BYE: "H",
    Outcome.ZERO_BYE: "Z",
    Outcome.NOT_PAIRED: "",
}

LEGENDS: Mapping[str, str] = {
    "us": "W/D/L won, drew, lost against the player with that start number; X/F forfeit "
    "won/lost; Z unplayed half point; B full-point bye; H half-point bye; U not played",
    "fide": "opponent's start number, colour (w/b) and result (1, ½, 0; W/D/L under one "
    "move; +/- forfeit won/lost); U pairing-allocated bye, F full-point bye, H half-point "
    "bye, Z zero-point bye; blank not paired",
}


@dataclass(frozen=True, slots=True)
class Column:
    """One tie-break column."""

    key: str
    """The spec key (``BH/C1``, ``MM``): the column's identity and JSON key."""
    label: str
    """What the header prints (configurable, see :mod:`._labels`)."""
    name: str
    rule: str
    """Rule citation: ``"US Chess 34E1"``, ``"FIDE C.07 §8.1"``."""
    digits: int = 2
    """Decimals the rule gives for values that are not multiples of 1/4."""


class Cell(NamedTuple):
    """One tie-break value of one player (a named tuple: a report holds thousands)."""

    value: Fraction | None
    text: str
    """Printed value: exact for multiples of 1/4, else rounded half-up as the rule says."""
    explanation: Explanation | None = None


class RoundCell(NamedTuple):
    """One player's round in the crosstable (a named tuple: a report holds thousands)."""

    round: int
    us: str
    fide: str
    points: Fraction
    opponent: int | None

    def text(self, notation: str) -> str:
        return self.fide if notation == "fide" else self.us


@dataclass(frozen=True, slots=True)
class Row:
    place: int
    place_text: str
    """``"3"`` or ``"3-5"`` for a shared place."""
    start_no: int
    name: str
    rating: int | None
    points: Fraction
    points_text: str
    cells: tuple[Cell, ...]
    rounds: tuple[RoundCell, ...]
    progression: tuple[Fraction, ...]
    """Running score after each round that counts."""
    scored_in_play: bool
    fields: Mapping[str, str]
    """Grouping fields: ``team``, ``state``, ``section``, ``federation``, ``title``."""


@dataclass(frozen=True, slots=True)
class Group:
    """A prize group or section: its own ranked table."""

    title: str
    rows: tuple[Row, ...]


@dataclass(frozen=True, slots=True)
class Report:
    title: str
    header: tuple[tuple[str, str], ...]
    """Event facts as ``(label, value)`` pairs, only those known."""
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    groups: tuple[Group, ...]
    rounds: int
    """Rounds that count (crosstable width)."""
    notation: str
    notes: tuple[str, ...]
    """Decisions and rule notes printed under the header."""
    fide_rules: str | None
    """The FIDE C.07 edition used, when FIDE systems are in the chain."""
    result: StandingsResult
    source: str = ""
    input_format: str = ""

    @property
    def legend(self) -> str:
        return LEGENDS[self.notation]


def places_needed(values: Sequence[Fraction | None]) -> int:
    """Decimal places that show every multiple-of-1/4 value of a column exactly."""
    places = 0
    for v in values:
        if v is not None and v.denominator == 2:
            places = max(places, 1)
        elif v is not None and v.denominator == 4:
            places = 2
    return places


def fide_cell(outcome: Outcome, opponent: int | None, color: str) -> str:
    char = _FIDE_CHAR[outcome]
    if opponent is None or not outcome.has_opponent:
        return char
    col = color if color in ("w", "b") else "-"
    return f"{opponent}{col}{char}"


class _Fractions(dict[int, Fraction]):
    """``fracs[units]``: points in units as a Fraction, made once per distinct value."""

    def __init__(self, unit: int) -> None:
        super().__init__()
        self.unit = unit

    def __missing__(self, units: int) -> Fraction:
        value = self[units] = Fraction(units, self.unit)
        return value


def _fide_cells(ctx: Context) -> list[list[str]]:
    """:func:`fide_cell` of every player and round that counts, ``[i][r]``."""
    sno = ctx.start_nos
    # Enum members hash in Python code: look them up by id()
    chars = {id(o): (_FIDE_CHAR[o], o.has_opponent) for o in Outcome}
    colours = {id(c): c.value if c.value in ("w", "b") else "-" for c in Color}
    out = []
    for outs, opps, cols in zip(ctx.outcome, ctx.opp, ctx.color, strict=True):
        line = []
        for o, j, c in zip(outs, opps, cols, strict=True):
            char, has_opponent = chars[id(o)]
            line.append(f"{sno[j]}{colours[id(c)]}{char}" if j >= 0 and has_opponent else char)
        out.append(line)
    return out


def _fields(p: Player, t: Tournament) -> dict[str, str]:
    return {
        "team": p.team,
        "state": p.extras.get("uscf:state", ""),
        "section": t.section,
        "federation": p.federation,
        "title": p.title,
    }


def _place_text(place: int, shared: int) -> str:
    return str(place) if not shared else f"{place}-{place + shared}"


def _header(t: Tournament, result: StandingsResult) -> tuple[tuple[str, str], ...]:
    ctx = result.context
    items = [
        ("Section", t.section),
        ("City", t.city),
        ("Federation", t.federation),
        ("Dates", " to ".join(d.text for d in (t.start_date, t.end_date) if d is not None)),
        ("Chief arbiter", t.chief_arbiter),
        ("Time control", t.time_control),
        ("Players", str(len(result.rows))),
        ("Rounds", f"{ctx.scheduled} ({ctx.n_rounds} played)"),
    ]
    return tuple((k, v) for k, v in items if v)


def with_explanations(result: StandingsResult) -> StandingsResult:
    """``result`` again, computed with explanations if it was not."""
    ctx = result.context
    if ctx.explain:
        return result
    options = replace(ctx.options, explain=True)
    return standings(ctx.tournament, result.chain, options)


def build(
    result: StandingsResult,
    *,
    notation: str = "us",
    labels: str | None = None,
    groups: str | None = None,
    source: str = "",
    input_format: str = "",
) -> Report:
    """The neutral table for ``result`` (see the module docstring)."""
    from ._groups import make_groups

    if notation not in NOTATIONS:
        raise ReportError(f"unknown notation {notation!r}; use us or fide")
    ctx = result.context
    t = ctx.tournament
    specs: tuple[Spec, ...] = result.chain
    overrides = parse_labels(labels)
    columns = tuple(
        Column(s.key, label_for(s, overrides), s.system.name, s.system.rule,
               s.system.decimals) for s in specs
    )
    pts_places = places_needed([r.points for r in result.rows])
    keys = [s.key for s in specs]
    col_places = [places_needed([r.values[k].value for r in result.rows]) for k in keys]
    # Every value printed once per value object and column: the calculator often hands out
    # one shared Fraction for a value that recurs.  Keyed by id() (a Fraction hashes in
    # Python code); the values stay alive, held by the result, while this runs.
    col_texts: list[tuple[int, int, dict[int, str]]] = [
        (s.system.decimals, places, {id(None): "-"})
        for s, places in zip(specs, col_places, strict=True)
    ]
    us_codes = ctx.us_codes()
    fide_cells = _fide_cells(ctx)
    opp_nos = [[ctx.start_nos[j] if j >= 0 else None for j in opps] for opps in ctx.opp]
    fracs = _Fractions(ctx.unit)
    points_texts: dict[int, str] = {}
    round_numbers = range(1, ctx.n_rounds + 1)
    rows: list[Row] = []
    for r in result.rows:
        i = ctx.index[r.start_no]
        player = t.players[i]
        cells = []
        for key, (digits, places, texts) in zip(keys, col_texts, strict=True):
            tv = r.values[key]
            value = tv.value
            text = texts.get(id(value))
            if text is None:
                text = texts[id(value)] = number_text(value, digits, places)
            cells.append(Cell(value, text, tv.explanation))
        points_text = points_texts.get(id(r.points))
        if points_text is None:
            points_text = points_texts[id(r.points)] = number_text(r.points, 2, pts_places)
        # every array of the context has n_rounds entries per player
        pts = ctx.pts[i]
        rounds = tuple(map(RoundCell, round_numbers, us_codes[i], fide_cells[i],
                           map(fracs.__getitem__, pts), opp_nos[i]))
        rows.append(Row(
            place=r.place, place_text=_place_text(r.place, len(r.shared_with)),
            start_no=r.start_no, name=r.name, rating=r.rating, points=r.points,
            points_text=points_text, cells=tuple(cells), rounds=rounds,
            progression=tuple(map(fracs.__getitem__, accumulate(pts))),
            scored_in_play=r.scored_in_play, fields=_fields(player, t),
        ))
    notes = [v for k, v in ctx.decisions.items() if k.endswith("_reason")]
    opts = ctx.options
    if result.actual_play_rule and any(not r.scored_in_play for r in rows):
        notes.append("* whole score from unplayed games: ranked below tied players who "
                     "scored in play (US Chess 34E)")
    if opts.playoff:
        notes.append("Play-off order (US Chess 34E12): " + ",".join(map(str, opts.playoff)))
    if opts.lot_seed is not None:
        notes.append(f"Remaining ties decided by lot (US Chess 34E13), seed {opts.lot_seed}")
    fide_rules = (ctx.decisions.get("fide_rules")
                  if any(s.system.family == "FIDE" for s in specs) else None)
    frozen_rows = tuple(rows)
    return Report(
        title=t.name or source or "Standings",
        header=_header(t, result),
        columns=columns,
        rows=frozen_rows,
        groups=make_groups(frozen_rows, groups),
        rounds=ctx.n_rounds,
        notation=notation,
        notes=tuple(notes),
        fide_rules=fide_rules,
        result=result,
        source=source,
        input_format=input_format,
    )
