"""The neutral report table: built once from the standings, rendered by the backends.

Nothing here knows about Markdown, CSV or HTML (pybtex's style/backend split): a
:class:`Report` holds the event header, the tie-break columns, one :class:`Row` per player
(values as exact Fractions *and* as the text every backend prints), the crosstable cells in
US and FIDE notation, each player's running score, and the prize groups.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import accumulate, chain, compress, count, cycle, repeat
from operator import attrgetter, itemgetter, mul
from typing import NamedTuple

from ..model import Color, Outcome, Tournament
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


_SLOTS = {name: Row.__dict__[name] for name in Row.__slots__}
"""The slot descriptors of :class:`Row`: :func:`build` fills rows field by field."""


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


# The table is built column by column over the whole field (map, zip, tuple slicing): a
# report holds a row per player, a cell per player and column and a round cell per
# player and round, and per-object Python code (NamedTuple.__new__, the frozen
# dataclass's __init__) was most of the cost.
_new_tuple = tuple.__new__
"""``_new_tuple(Cell, (value, text, explanation))``: a named tuple made in C (its own
``__new__`` is Python code)."""
_value = attrgetter("value")
_explanation = attrgetter("explanation")
_TEXTS: dict[tuple[int, int, int, int], str] = {}
""":func:`number_text` by ``(numerator, denominator, digits, places)``: values recur
from event to event."""


def _column(
    values: list[Fraction | None], digits: int
) -> tuple[list[Fraction | None], list[str]]:
    """``values`` and their texts (:func:`number_text`, with the decimal places of
    :func:`places_needed` for the column).  Each distinct value object is printed once
    (keyed by id(): a Fraction hashes in Python code; the calculator hands out one shared
    Fraction for a value that recurs), and each value once per process (:data:`_TEXTS`)."""
    ids = list(map(id, values))
    distinct = dict(zip(ids, values, strict=True))
    distinct.pop(id(None), None)
    ratios = [v.as_integer_ratio() for v in distinct.values() if v is not None]
    dens = {den for _, den in ratios}
    places = 2 if 4 in dens else 1 if 2 in dens else 0
    texts = {id(None): "-"}
    for key, v, ratio in zip(distinct, distinct.values(), ratios, strict=True):
        memo = (*ratio, digits, places)
        text = _TEXTS.get(memo)
        if text is None:
            text = number_text(v, digits, places)
            if len(_TEXTS) < 100_000:
                _TEXTS[memo] = text
        texts[key] = text
    return values, list(map(texts.__getitem__, ids))


# Enum members hash in Python code: the lookups below are keyed by the member's value
# (``_value_``, a plain attribute: the same string objects, so a lookup is cheap).
_FIDE_BY_VALUE = {o.value: char for o, char in _FIDE_CHAR.items()}
_FIDE_SUFFIX = {
    c.value: {o.value: (colour + char if o.has_opponent else char)
              for o, char in _FIDE_CHAR.items()}
    for c, colour in ((c, c.value if c.value in ("w", "b") else "-") for c in Color)
}
"""What follows the opponent's start number in a FIDE cell, by colour and outcome."""


def _fide_flat(ctx: Context) -> list[str]:
    """:func:`fide_cell` of every cell ``i * n_rounds + r`` that counts."""
    sno = [str(s) for s in ctx.start_nos]
    sno.append("")  # opponent -1 (none)
    # A cell with an opponent (index >= 0: the context gives -1 to an outcome without one)
    # prints start number, colour and result; the others only the result (fixed below).
    suffix = _FIDE_SUFFIX
    opp = ctx.flat_opp
    outcomes = ctx.flat_outcome
    out = [sno[j] + suffix[c._value_][o._value_]
           for o, j, c in zip(outcomes, opp, chain.from_iterable(ctx.color), strict=True)]
    for k in compress(count(), map((-1).__eq__, opp)):
        out[k] = _FIDE_BY_VALUE[outcomes[k]._value_]
    return out


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
    rs = result.rows
    n = len(rs)
    # the tie-break cells, one column at a time, then one tuple per row
    values_of = [r.values for r in rs]
    cell_columns = []
    for s in specs:
        tvs = list(map(itemgetter(s.key), values_of))
        values, texts = _column(list(map(_value, tvs)), s.system.decimals)
        cell_columns.append(list(map(_new_tuple, repeat(Cell),
                                     zip(values, texts, map(_explanation, tvs), strict=True))))
    cells = list(zip(*cell_columns, strict=True)) if cell_columns else [()] * n
    points, points_texts = _column([r.points for r in rs], 2)
    # every round cell of the field, then each player's slice (a tuple slice)
    nr = ctx.n_rounds
    fracs = _Fractions(ctx.unit)
    flat_pts = ctx.flat_pts
    opp_nos: list[int | None] = [*ctx.start_nos, None]  # opponent -1: none
    round_cells = tuple(map(_new_tuple, repeat(RoundCell), zip(
        cycle(range(1, nr + 1)), chain.from_iterable(ctx.us_codes()), _fide_flat(ctx),
        map(fracs.__getitem__, flat_pts), map(opp_nos.__getitem__, ctx.flat_opp))))
    order = list(map(ctx.index.__getitem__, [r.start_no for r in rs]))
    firsts = list(map(mul, order, repeat(nr)))
    players = t.players
    section = t.section
    pts = ctx.pts
    by_field: dict[str, Iterable[object]] = {
        "place": [r.place for r in rs],
        "place_text": [f"{r.place}-{r.place + len(r.shared_with)}" if r.shared_with
                       else str(r.place) for r in rs],
        "start_no": [r.start_no for r in rs],
        "name": [r.name for r in rs],
        "rating": [r.rating for r in rs],
        "points": points,
        "points_text": points_texts,
        "cells": cells,
        "rounds": [round_cells[k:k + nr] for k in firsts],
        "progression": [tuple(map(fracs.__getitem__, accumulate(pts[i]))) for i in order],
        "scored_in_play": [r.scored_in_play for r in rs],
        "fields": [{"team": p.team, "state": p.extras.get("uscf:state", ""),
                    "section": section, "federation": p.federation, "title": p.title}
                   for p in map(players.__getitem__, order)],
    }
    # Rows made without Row.__init__ (twelve object.__setattr__ calls each), then filled
    # one field at a time; every field is set (a new one raises KeyError here).
    rows: list[Row] = list(map(object.__new__, repeat(Row, n)))
    for name, descriptor in _SLOTS.items():
        deque(map(descriptor.__set__, rows, by_field[name]), 0)
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
