"""Building the neutral report table (:mod:`._model`) from the standings, once.

The standings are never computed here: the table is made from the
:class:`~swisstb_io.tiebreaks.StandingsResult` it is given (with explanations if the
caller computed them).  Each distinct value of a column is printed once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from itertools import accumulate

from ..errors import UnknownFormatError, readable_path
from ..model import Color, DateText, Outcome, Tournament
from ..numbers import rule_decimal, rule_text
from ..registry import find
from ..tiebreaks import Context, Spec, StandingsResult, TiebreakValue
from ..tiebreaks.chain_policy import ChainChoice
from ..tiebreaks.values import JSON
from ..us_notation import OUTCOME_TO_CODE
from ._groups import make_groups
from ._labels import ReportError, label_for, parse_labels
from ._model import NOTATIONS, Cell, ChainSource, Column, CrossRow, Report, Row, place_text

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

_FIDE_SUFFIX: Mapping[Color, Mapping[Outcome, str]] = {
    c: {o: ((c.value if c.value in ("w", "b") else "-") + char if o.has_opponent else char)
        for o, char in _FIDE_CHAR.items()}
    for c in Color
}
"""What follows the opponent's start number in a FIDE cell, by colour and outcome."""


def fide_cell(outcome: Outcome, opponent: int | None, color: Color) -> str:
    """A FIDE crosstable cell: ``12w1``, ``7b½``, ``+`` for a forfeit win without opponent."""
    if opponent is None or not outcome.has_opponent:
        return _FIDE_CHAR[outcome]
    return f"{opponent}{_FIDE_SUFFIX[color][outcome]}"


def chain_source(choice: ChainChoice, input_format: str,
                 subject: str = "Tie-break order") -> ChainSource:
    """Where the chain of ``choice`` came from, in the words of the input's format
    (``record 212``: :attr:`~swisstb_io.registry.FormatSpec.chain_records`)."""
    where = ""
    if choice.declared and input_format:
        try:
            where = find(input_format).chain_records.get(choice.declared, "")
        except UnknownFormatError:
            where = ""
    return ChainSource(choice.origin.value, choice.text, choice.words(where, subject),
                       choice.hint)


def printed(values: Sequence[Fraction], digits: int
             ) -> dict[tuple[int, int], tuple[Fraction, str, Decimal]]:
    """Each distinct value of one column as ``(value, text, decimal)``, keyed by its
    ``(numerator, denominator)``; the column's decimal places show its every multiple of
    1/4 exactly."""
    return _printed({v.as_integer_ratio(): v for v in values}, digits)


def _printed(distinct: dict[tuple[int, int], Fraction], digits: int
             ) -> dict[tuple[int, int], tuple[Fraction, str, Decimal]]:
    """:func:`printed` of the distinct values, keyed by their ratios."""
    dens = {den for _, den in distinct}
    places = 2 if 4 in dens else 1 if 2 in dens else 0
    return {ratio: (value, rule_text(value, digits, places), rule_decimal(value, digits))
            for ratio, value in distinct.items()}


def column_cells(values: Sequence[TiebreakValue], digits: int, explained: bool = True
                 ) -> list[Cell]:
    """The cells of one column: one shared :class:`Cell` per distinct value, a cell of its
    own for a value with an explanation (``explained``: the values may have one).  The
    distinct values are keyed by their ``(numerator, denominator)``."""
    ratios: list[tuple[int, int] | None] = []
    distinct: dict[tuple[int, int], Fraction] = {}
    for tv in values:
        value = tv.value
        if value is None:
            ratios.append(None)
        else:
            ratio = value.as_integer_ratio()
            ratios.append(ratio)
            distinct.setdefault(ratio, value)
    shared: dict[tuple[int, int] | None, Cell] = {None: Cell(None, "-", None)}
    for ratio, (shown, text, number) in _printed(distinct, digits).items():
        shared[ratio] = Cell(shown, text, number)
    cells = list(map(shared.__getitem__, ratios))
    if not explained:
        return cells
    return [cell if tv.explanation is None
            else Cell(cell.value, cell.text, cell.decimal, tv.explanation)
            for cell, tv in zip(cells, values, strict=True)]


def date_text(date: DateText | None) -> str:
    """A date of the event as the reports print it: ``2026-04-11`` when the file's text is
    a date (whatever its notation: ``2026/04/11``, ``2026.04.11``), else the text as the
    file writes it (``Spring 2026``); ``""`` for none."""
    if date is None:
        return ""
    return date.value.isoformat() if date.value is not None else date.text.strip()


def _header(t: Tournament, result: StandingsResult) -> tuple[tuple[str, str], ...]:
    ctx = result.context
    items = [
        ("Section", t.section),
        ("City", t.city),
        ("Federation", t.federation),
        ("Dates", " to ".join(d for d in map(date_text, (t.start_date, t.end_date)) if d)),
        ("Chief arbiter", t.chief_arbiter),
        ("Time control", t.time_control),
        ("Players", str(len(result.rows))),
        ("Rounds", f"{ctx.scheduled} ({ctx.n_rounds} played)"),
    ]
    return tuple((k, v) for k, v in items if v)


Entered = tuple[tuple[int, int, Outcome], ...]
""":meth:`~swisstb_io.model.Tournament.entered_ahead`: ``(round, start_no, outcome)``."""


def _ahead(entered: Entered, paired: int, width: int
           ) -> dict[int, tuple[list[str], list[str]]]:
    """The crosstable cells of the byes entered ahead (``width`` rounds from ``paired +
    1``), by start number: ``(cells, US cells)``, each ``(H)`` or ``""``."""
    cells: dict[int, tuple[list[str], list[str]]] = {}
    for rnd, start_no, outcome in entered:
        fide, us = cells.setdefault(start_no, ([""] * width, [""] * width))
        fide[rnd - paired - 1] = f"({_FIDE_CHAR[outcome]})"
        us[rnd - paired - 1] = f"({OUTCOME_TO_CODE[outcome]})"
    return cells


def _crosstable(ctx: Context, order: list[int], notation: str, entered: Entered,
                width: int) -> tuple[CrossRow, ...]:
    """The crosstable lines of the players ``order`` (context indexes), with the cells
    in ``notation``; the byes ``entered`` ahead (``width`` columns) after them."""
    sno: list[int | None] = [*ctx.start_nos, None]  # opponent index -1: none
    us = ctx.us_codes()
    frac: dict[int, Fraction] = {}

    def points(units: int) -> Fraction:
        value = frac.get(units)
        if value is None:
            value = frac[units] = Fraction(units, ctx.unit)
        return value

    ahead = _ahead(entered, ctx.n_rounds, width)
    none = ("",) * width
    out = []
    for i in order:
        opponents = tuple(sno[j] for j in ctx.opp[i])
        us_cells = tuple(us[i])
        cells = (us_cells if notation == "us"
                 else tuple(map(fide_cell, ctx.outcome[i], opponents, ctx.color[i])))
        fide_ahead, us_ahead = ahead.get(ctx.start_nos[i], (none, none))
        out.append(CrossRow(start_no=ctx.start_nos[i], cells=cells, us=us_cells,
                            opponents=opponents,
                            progression=tuple(map(points, accumulate(ctx.pts[i]))),
                            ahead=tuple(us_ahead if notation == "us" else fide_ahead),
                            ahead_us=tuple(us_ahead)))
    return tuple(out)


def _entered_ahead(entered: Entered) -> list[str]:
    """One note per future round that holds byes entered ahead (counted nowhere)."""
    by_round: dict[int, list[str]] = {}
    for rnd, start_no, outcome in entered:
        by_round.setdefault(rnd, []).append(f"{start_no} {OUTCOME_TO_CODE[outcome]}")
    return [f"Entered ahead for round {rnd} (not paired yet, counted nowhere): "
            + ", ".join(cells) for rnd, cells in by_round.items()]


def build(
    result: StandingsResult,
    *,
    notation: str = "us",
    labels: str | None = None,
    groups: str | tuple[str, ...] | None = None,
    source: str = "",
    input_format: str = "",
    crosstable: bool = True,
) -> Report:
    """The neutral table for ``result`` (see :mod:`._model`); ``crosstable=False`` leaves
    out the crosstable, which the JSON and CSV reports do not print."""
    if notation not in NOTATIONS:
        raise ReportError(f"unknown notation {notation!r}; use us or fide")
    source = readable_path(source)  # a file name that is not UTF-8 prints as caf%E9.trf
    ctx = result.context
    t = ctx.tournament
    specs: tuple[Spec, ...] = result.chain
    overrides = parse_labels(labels)
    columns = tuple(
        Column(s.key, label_for(s, overrides), s.system.name, s.system.rule,
               s.system.decimals, s.system.direction) for s in specs
    )
    standings = result.rows
    by_column = [column_cells([r.values[s.key] for r in standings], s.system.decimals,
                              ctx.explain) for s in specs]
    cells = list(zip(*by_column, strict=True)) if by_column else [()] * len(standings)
    points = printed([r.points for r in standings], 2)
    order = [ctx.index[r.start_no] for r in standings]
    players = t.players
    section = t.section
    board_of = {m: f"Board {k}" for team in t.teams for k, m in enumerate(team.members, 1)}
    rows = []
    for r, row_cells, i in zip(standings, cells, order, strict=True):
        p = players[i]
        _, points_text, points_decimal = points[r.points.as_integer_ratio()]
        rows.append(Row(
            place=r.place, place_text=place_text(r.place, r.last_place), start_no=r.start_no,
            name=r.name, rating=r.rating, points=r.points, points_text=points_text,
            points_decimal=points_decimal, cells=row_cells, last_place=r.last_place,
            scored_in_play=r.scored_in_play,
            fields={"team": p.team, "state": p.extras.get("uscf:state", ""),
                    "section": section, "federation": p.federation, "title": p.title,
                    "board": board_of.get(p.start_no, "")}))
    reasons = tuple(str(v) for k, v in ctx.decisions.items() if k.endswith("_reason"))
    opts = ctx.options
    notes = []
    if result.actual_play_rule and any(not r.scored_in_play for r in rows):
        notes.append("* whole score from unplayed games: ranked below tied players who "
                     "scored in play (US Chess 34E)")
    if opts.playoff:
        notes.append("Play-off order (US Chess 34E12): " + ",".join(map(str, opts.playoff)))
    if opts.lot_seed is not None:
        notes.append(f"Remaining ties decided by lot (US Chess 34E13), seed {opts.lot_seed}")
    entered = t.entered_ahead()
    ahead = max((rnd for rnd, _, _ in entered), default=ctx.n_rounds) - ctx.n_rounds
    notes.extend(_entered_ahead(entered))
    decisions: dict[str, JSON] = {
        "actual_play_rule": result.actual_play_rule,
        "playoff": list(opts.playoff) if opts.playoff else None,
        "lot_seed": opts.lot_seed,
        **ctx.decisions,
    }
    fide_rules = ctx.decisions.get("fide_rules")
    frozen_rows = tuple(rows)
    return Report(
        title=t.name or source or "Standings",
        event_name=t.name,
        header=_header(t, result),
        columns=columns,
        rows=frozen_rows,
        groups=make_groups(frozen_rows, groups),
        crosstable=_crosstable(ctx, order, notation, entered, ahead) if crosstable else None,
        rounds=ctx.n_rounds,
        scheduled_rounds=ctx.scheduled,
        notation=notation,
        reasons=reasons,
        ranking_notes=tuple(notes),
        decisions=decisions,
        actual_play_rule=result.actual_play_rule,
        fide_rules=(str(fide_rules) if fide_rules is not None
                    and any(s.system.family == "FIDE" for s in specs) else None),
        explained=ctx.explain,
        result=result,
        source=source,
        input_format=input_format,
        ahead_rounds=ahead if crosstable else 0,
        chain=None if result.choice is None else chain_source(result.choice, input_format),
        start_date=date_text(t.start_date),
        end_date=date_text(t.end_date),
    )
