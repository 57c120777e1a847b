"""Standings reports: a text table with a US-notation crosstable, and the JSON contract.

The JSON layout (``swisstb-report/1``) is documented in ``formats/report-json.md``.
Numbers: exact when the value is a multiple of 1/4, else rounded half-up to the digits
the system's rule gives (2 when it gives none); ``null`` where a value is undefined.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from json.encoder import encode_basestring as _enc
from typing import Any

from .core import JSON, Spec
from .standings import Standing, StandingsResult

SCHEMA = "swisstb-report/1"
WIDTH = 100


def decimal(value: Fraction, digits: int = 2) -> Decimal:
    """``value`` as a Decimal: exact for multiples of 1/4, else rounded half-up to ``digits``."""
    den = value.denominator
    key = (value.numerator, den, digits)  # ints hash in C; a Fraction hashes in Python
    hit = _DECIMALS.get(key)
    if hit is not None:
        return hit
    if den == 1:
        out = Decimal(value.numerator)
    elif 4 % den == 0:
        out = Decimal(value.numerator) / Decimal(den)
    else:
        quantum = Decimal(1).scaleb(-digits)
        out = (Decimal(value.numerator) / Decimal(den)).quantize(quantum, rounding=ROUND_HALF_UP)
    if len(_DECIMALS) < 100_000:
        _DECIMALS[key] = out
    return out


_DECIMALS: dict[tuple[int, int, int], Decimal] = {}


def _number(digits: int) -> Any:
    def fmt(value: Fraction | None) -> Decimal | None:
        return None if value is None else decimal(value, digits)

    return fmt


# --------------------------------------------------------------------------- JSON


def to_json(
    result: StandingsResult, *, source: str, format: str, explain: bool = False
) -> dict[str, JSON]:
    """The ``swisstb-report/1`` document (Decimal numbers; serialise with :func:`dumps`)."""
    ctx = result.context
    t = ctx.tournament
    specs = result.chain
    number = [(s.key, _number(s.system.decimals)) for s in specs]  # once, not per player
    standings = []
    for row in result.rows:
        entry: dict[str, JSON] = {
            "place": row.place,
            "start_no": row.start_no,
            "name": row.name,
            "rating": row.rating,
            "points": decimal(row.points),
            "tiebreaks": {key: fmt(row.values[key].value) for key, fmt in number},
            "shared_with": list(row.shared_with),
        }
        if explain:
            entry["explain"] = {
                key: None if (e := row.values[key].explanation) is None else e.to_json(fmt)
                for key, fmt in number
            }
        standings.append(entry)
    opts = ctx.options
    return {
        "schema": SCHEMA,
        "event": {
            "name": t.name,
            "rounds": ctx.scheduled,
            "rounds_played": ctx.n_rounds,
            "source": source,
            "format": format,
        },
        "tiebreaks": [_describe(s) for s in specs],
        "decisions": {
            "actual_play_rule": result.actual_play_rule,
            "playoff": list(opts.playoff) if opts.playoff else None,
            "lot_seed": opts.lot_seed,
            **ctx.decisions,
        },
        "standings": standings,
    }


def _describe(spec: Spec) -> dict[str, JSON]:
    system = spec.system
    return {"code": spec.key, "name": system.name, "rule": system.rule}


def dumps(doc: JSON, indent: int = 2) -> str:
    """JSON text with :class:`~decimal.Decimal` written as plain numbers (never floats)."""
    out: list[str] = []
    _dump(doc, out, indent, 0)
    return "".join(out) + "\n"


def _dump(value: JSON, out: list[str], indent: int, level: int) -> None:
    kind = type(value)
    if kind is dict:
        if not value:
            out.append("{}")
            return
        pad = "\n" + " " * (indent * (level + 1))
        sep = "{"
        for k, v in value.items():
            out.append(sep + pad + _enc(str(k)) + ": ")
            _dump(v, out, indent, level + 1)
            sep = ","
        out.append("\n" + " " * (indent * level) + "}")
    elif kind is list or kind is tuple:
        if not value:
            out.append("[]")
            return
        if all(type(v) in _SCALARS for v in value):
            out.append("[" + ", ".join(_scalar(v) for v in value) + "]")
            return
        pad = "\n" + " " * (indent * (level + 1))
        sep = "["
        for v in value:
            out.append(sep + pad)
            _dump(v, out, indent, level + 1)
            sep = ","
        out.append("\n" + " " * (indent * level) + "]")
    else:
        out.append(_scalar(value))


_SCALARS = frozenset({str, int, bool, Decimal, type(None)})


def _scalar(value: JSON) -> str:
    kind = type(value)
    if kind is str:
        return _enc(value)
    if kind is Decimal or kind is int:
        return str(value)
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    raise TypeError(f"cannot write {kind.__name__} in a report")  # floats never appear


# --------------------------------------------------------------------------- text


def number_text(value: Fraction | None, digits: int, places: int) -> str:
    """``value`` printed: ``-`` when undefined; multiples of 1/4 with ``places`` decimals,
    anything else rounded half-up to the rule's ``digits``."""
    if value is None:
        return "-"
    d = decimal(value, digits)
    if (value * 4).denominator == 1:
        return f"{d:.{places}f}"
    return str(d)


def _places_needed(values: list[Fraction | None]) -> int:
    places = 0
    for v in values:
        if v is None:
            continue
        if v.denominator in (2,):
            places = max(places, 1)
        elif v.denominator == 4:
            places = 2
    return places


def _place_text(row: Standing) -> str:
    if not row.shared_with:
        return str(row.place)
    return f"{row.place}-{row.place + len(row.shared_with)}"


def to_text(result: StandingsResult, *, source: str = "") -> str:
    """Standings table (one column per tie-break) and a crosstable in US wall-chart notation."""
    ctx = result.context
    t = ctx.tournament
    rows = result.rows
    specs = result.chain
    lines = [t.name or source or "Standings"]
    lines.append(f"{len(rows)} players, {ctx.scheduled} rounds ({ctx.n_rounds} played)")
    if specs:
        lines.append("Tie-breaks:")
        key_w = max(len(s.key) for s in specs)
        lines.extend(f"  {s.key:<{key_w}}  {s.system.name}, {s.system.rule}" for s in specs)
    lines.extend(v for k, v in ctx.decisions.items() if k.endswith("_reason"))
    lines.append("")
    columns: list[tuple[str, list[str]]] = []
    pts_places = _places_needed([r.points for r in rows])
    columns.append(("Pts", [number_text(r.points, 2, pts_places) for r in rows]))
    for s in specs:
        vals = [r.values[s.key].value for r in rows]
        places = max(_places_needed(vals), 0)
        columns.append((s.key, [number_text(v, s.system.decimals, places) for v in vals]))
    widths = [max([len(h), *(len(c) for c in cells)]) for h, cells in columns]
    place_w = max(2, *(len(_place_text(r)) for r in rows)) if rows else 2
    no_w = max(2, *(len(str(r.start_no)) for r in rows)) if rows else 2
    rtg_w = 4
    fixed = place_w + 1 + no_w + 2 + 2 + rtg_w + sum(w + 2 for w in widths)
    name_w = max(12, min(30, WIDTH - fixed, max((len(r.name) for r in rows), default=4)))
    head = (f"{'Pl':>{place_w}} {'No':>{no_w}}  {'Name':<{name_w}}  {'Rtg':>{rtg_w}}"
            + "".join(f"  {h:>{w}}" for (h, _), w in zip(columns, widths, strict=True)))
    lines.append(head)
    lines.append("-" * len(head))
    marked = False
    for n, r in enumerate(rows):
        name = r.name[:name_w]
        if not r.scored_in_play and result.actual_play_rule:
            name = (r.name[: name_w - 2] + " *")
            marked = True
        rating = str(r.rating) if r.rating is not None else "unr"
        lines.append(
            f"{_place_text(r):>{place_w}} {r.start_no:>{no_w}}  {name:<{name_w}}  "
            f"{rating:>{rtg_w}}"
            + "".join(f"  {cells[n]:>{w}}" for (_, cells), w in zip(columns, widths, strict=True))
        )
    if marked:
        lines.append("* whole score from unplayed games: ranked below tied players who scored "
                     "in play (US Chess 34E)")
    opts = ctx.options
    if opts.playoff:
        lines.append("Play-off order (US Chess 34E12): " + ",".join(map(str, opts.playoff)))
    if opts.lot_seed is not None:
        lines.append(f"Remaining ties decided by lot (US Chess 34E13), seed {opts.lot_seed}")
    lines.append("")
    lines.extend(_crosstable(result, name_w))
    return "\n".join(lines) + "\n"


def _crosstable(result: StandingsResult, name_w: int) -> list[str]:
    ctx = result.context
    rows = result.rows
    cells = {r.start_no: [ctx.us_code(ctx.index[r.start_no], k) for k in range(ctx.n_rounds)]
             for r in rows}
    cell_w = max([3, *(len(c) for cs in cells.values() for c in cs)])
    no_w = max(2, *(len(str(r.start_no)) for r in rows)) if rows else 2
    pts_places = _places_needed([r.points for r in rows])
    pts = [number_text(r.points, 2, pts_places) for r in rows]
    pts_w = max([3, *(len(p) for p in pts)])
    fixed = no_w + 2 + 2 + pts_w + ctx.n_rounds * (cell_w + 1)
    name_w = max(10, min(name_w, WIDTH - fixed))
    out = ["Crosstable (opponents by start number): W/D/L played, X/F forfeit won/lost,",
           "B full-point bye, H half-point bye, U not played"]
    head = (f"{'No':>{no_w}}  {'Name':<{name_w}}  {'Pts':>{pts_w}}"
            + "".join(f" {'R' + str(k + 1):<{cell_w}}" for k in range(ctx.n_rounds)))
    out.append(head.rstrip())
    out.append("-" * len(head.rstrip()))
    for r, p in zip(rows, pts, strict=True):
        line = (f"{r.start_no:>{no_w}}  {r.name[:name_w]:<{name_w}}  {p:>{pts_w}}"
                + "".join(f" {c:<{cell_w}}" for c in cells[r.start_no]))
        out.append(line.rstrip())
    return out
