"""JSON: the calculator's ``swisstb-report/1`` document, plus ``groups`` when asked for.

A group is ``{"title": …, "standings": [{"place": 1, "start_no": 7, "shared_with": []}…]}``
in ranked order; the player data stays in the main ``standings`` list.
"""

from __future__ import annotations

from ..tiebreaks.core import JSON
from ..tiebreaks.report import dumps, to_json
from ._options import ReportOptions
from ._table import Report


def render(report: Report, options: ReportOptions) -> bytes:
    doc = to_json(report.result, source=report.source, format=report.input_format,
                  explain=options.explain)
    if report.groups:
        groups: list[JSON] = []
        for g in report.groups:
            by_place: dict[int, list[int]] = {}
            for r in g.rows:
                by_place.setdefault(r.place, []).append(r.start_no)
            entries: list[JSON] = [
                {"place": r.place, "start_no": r.start_no,
                 "shared_with": [sn for sn in by_place[r.place] if sn != r.start_no]}
                for r in g.rows
            ]
            groups.append({"title": g.title, "standings": entries})
        doc["groups"] = groups
    return dumps(doc).encode("utf-8")
