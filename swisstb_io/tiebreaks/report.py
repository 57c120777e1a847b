"""Standings reports: a text table with a US-notation crosstable, and the JSON contract.

The JSON layout (``swisstb-report/1``) is documented in ``formats/report-json.md``.
Numbers: exact when the value is a multiple of 1/4, else rounded half-up to the digits
the system's rule gives (2 when it gives none); ``null`` where a value is undefined.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from .core import JSON, Spec, paused_gc
from .standings import Standing, StandingsResult

try:  # the C function json.encoder uses, without importing json's decoder and regexes
    from _json import encode_basestring as _enc
except ImportError:  # pragma: no cover - an interpreter without the C accelerator
    from json.encoder import encode_basestring as _enc

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
    """:func:`decimal` with ``digits``, remembered per value *object* for one document: the
    values of a report are a few shared Fractions (``ctx.frac``), and hashing a Fraction
    runs Python code.  The memo keeps each value alive, so its ``id`` stays unique."""
    memo: dict[int, tuple[Fraction, Decimal]] = {}

    def fmt(value: Fraction | None) -> Decimal | None:
        if value is None:
            return None
        hit = memo.get(id(value))
        if hit is None:
            hit = memo[id(value)] = (value, decimal(value, digits))
        return hit[1]

    return fmt


# --------------------------------------------------------------------------- JSON


def to_json(
    result: StandingsResult, *, source: str, format: str, explain: bool = False
) -> dict[str, JSON]:
    """The ``swisstb-report/1`` document (Decimal numbers; serialise with :func:`dumps`)."""
    with paused_gc():  # many small dicts and lists, no cycles (see paused_gc)
        return _to_json(result, source, format, explain)


def _to_json(result: StandingsResult, source: str, format: str, explain: bool
             ) -> dict[str, JSON]:
    ctx = result.context
    t = ctx.tournament
    specs = result.chain
    number = [(s.key, _number(s.system.decimals)) for s in specs]  # once, not per player
    points = _number(2)
    # The same conversion as ``number``, inlined in the loop below (one call per value
    # costs more than the lookup): spec key, digits, memo by value object (see _number).
    memos: dict[int, dict[int, tuple[Fraction, Decimal]]] = {}
    inline = [(s.key, s.system.decimals, memos.setdefault(s.system.decimals, {}))
              for s in specs]
    standings = []
    for row in result.rows:
        values = row.values
        tiebreaks: dict[str, JSON] = {}
        for key, digits, memo in inline:
            value = values[key].value
            if value is None:
                tiebreaks[key] = None
                continue
            hit = memo.get(id(value))
            if hit is None:
                hit = memo[id(value)] = (value, decimal(value, digits))
            tiebreaks[key] = hit[1]
        entry: dict[str, JSON] = {
            "place": row.place,
            "start_no": row.start_no,
            "name": row.name,
            "rating": row.rating,
            "points": points(row.points),
            "tiebreaks": tiebreaks,
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
    with paused_gc():
        return _text(doc, indent, 0) + "\n"


def _text(value: JSON, indent: int, level: int) -> str:
    """``value`` as indented JSON: containers one item a line, except lists of scalars,
    which stay on one line.

    A dict is written through a ``%``-template made once per key sequence (a report has a
    few shapes repeated thousands of times), so each value costs one conversion and the
    joining happens in C.
    """
    kind = type(value)
    scalar = _SCALAR
    if kind is dict:
        if not value:
            return "{}"
        keys = tuple(value)
        template = _TEMPLATES.get((indent, level, keys))
        if template is None:
            template = _template(keys, indent, level)
        deeper = level + 1
        return template % tuple([
            write(v) if (write := scalar.get(type(v))) is not None else _text(v, indent, deeper)
            for v in value.values()
        ])
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        writers: list[Any] = [scalar.get(type(v)) for v in value]
        if None not in writers:
            return "[" + ", ".join([w(v) for w, v in zip(writers, value, strict=True)]) + "]"
        pad = "\n" + " " * (indent * (level + 1))
        return ("[" + pad + ("," + pad).join([
            _text(v, indent, level + 1) if w is None else w(v)
            for w, v in zip(writers, value, strict=True)
        ]) + "\n" + " " * (indent * level) + "]")
    write = scalar.get(kind)
    if write is None:
        raise TypeError(f"cannot write {kind.__name__} in a report")  # floats never appear
    return write(value)  # type: ignore[no-any-return]


def _template(keys: tuple[object, ...], indent: int, level: int) -> str:
    """``{"a": %s, "b": %s}`` laid out one item a line at ``level``, for :func:`_text`."""
    pad = "\n" + " " * (indent * (level + 1))
    items = [(_enc(str(k)) + ": ").replace("%", "%%") + "%s" for k in keys]
    template = "{" + pad + ("," + pad).join(items) + "\n" + " " * (indent * level) + "}"
    if len(_TEMPLATES) < 1000 and all(type(k) is str for k in keys):
        _TEMPLATES[indent, level, keys] = template
    return template


_TEMPLATES: dict[tuple[int, int, tuple[object, ...]], str] = {}


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _null(value: None) -> str:
    return "null"


_SCALAR: dict[type, Any] = {str: _enc, int: int.__repr__, Decimal: Decimal.__str__,
                            bool: _bool, type(None): _null}
"""How each scalar type is written (exact: a Decimal as its plain text; floats never appear)."""


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
