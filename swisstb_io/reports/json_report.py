"""JSON: the ``swisstb-report/2`` document (``formats/report-json.md``), from the table.

Numbers are exact when the value is a multiple of 1/4, else rounded half-up to the
digits the system's rule gives (2 when it gives none); ``null`` where a value is
undefined.  With groups asked for, ``groups`` lists each group's ranked entries
(``{"title": …, "standings": [{"place": 1, "last_place": 2, "start_no": 7}…]}``); the
player data stays in the main ``standings`` list.  A shared place is the range ``place`` to
``last_place``, and the players sharing it are the entries with the same ``place`` (linear
in the number of tied players: ``swisstb-report/1`` listed every other member per entry).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from ..tiebreaks.core import JSON
from ._json_text import dumps
from ._model import Report
from ._numbers import decimal
from ._options import ReportOptions

SCHEMA = "swisstb-report/2"


def _number(digits: int) -> Callable[[Fraction | None], Decimal | None]:
    """How an explanation's numbers are written: as the column's values."""
    def number(value: Fraction | None) -> Decimal | None:
        return None if value is None else decimal(value, digits)
    return number


def document(report: Report, explain: bool = False) -> dict[str, JSON]:
    """The ``swisstb-report/2`` document of ``report`` (Decimal numbers: write it with
    :func:`~._json_text.dumps`); ``explain`` adds every value's explanation."""
    keys = [c.key for c in report.columns]
    numbers = [_number(c.digits) for c in report.columns]
    standings: list[JSON] = []
    for row in report.rows:
        entry: dict[str, JSON] = {
            "place": row.place,
            "last_place": row.last_place,
            "start_no": row.start_no,
            "name": row.name,
            "rating": row.rating,
            "points": row.points_decimal,
            "tiebreaks": dict(zip(keys, [c.decimal for c in row.cells], strict=True)),
        }
        if explain:
            entry["explain"] = {
                key: None if cell.explanation is None else cell.explanation.to_json(number)
                for key, cell, number in zip(keys, row.cells, numbers, strict=True)
            }
        standings.append(entry)
    doc: dict[str, JSON] = {
        "schema": SCHEMA,
        "event": {
            "name": report.event_name,
            "rounds": report.scheduled_rounds,
            "rounds_played": report.rounds,
            "source": report.source,
            "format": report.input_format,
        },
        "tiebreaks": [{"code": c.key, "name": c.name, "rule": c.rule} for c in report.columns],
        "decisions": dict(report.decisions),
        "standings": standings,
    }
    if report.groups:
        doc["groups"] = [
            {"title": g.title,
             "standings": [{"place": r.place, "last_place": r.last_place,
                            "start_no": r.start_no} for r in g.rows]}
            for g in report.groups
        ]
    return doc


def render(report: Report, options: ReportOptions) -> bytes:
    doc = document(report, options.explain and report.teams is None)
    if report.teams is not None:
        from ._team_json import add_team_parts  # a team event's only

        add_team_parts(doc, report.teams, options.explain)
    if options.prizes is not None and options.prizes.json is not None:
        doc["prizes"] = dict(options.prizes.json)
    if options.ratings is not None and options.ratings.json is not None:
        doc["ratings"] = dict(options.ratings.json)
    return dumps(doc).encode("utf-8")
