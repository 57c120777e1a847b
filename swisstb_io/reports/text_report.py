"""Fixed-width text: the calculator's own table and crosstable, then one table per group."""

from __future__ import annotations

from ..tiebreaks.report import WIDTH, to_text
from ._options import ReportOptions
from ._table import Group, Report


def _group_table(report: Report, group: Group, labels: bool) -> list[str]:
    rows = group.rows
    heads = ["Pl", "No", "Name", "Rtg", "Pts",
             *(c.label if labels else c.key for c in report.columns)]
    table = [
        [r.place_text, str(r.start_no), r.name, "unr" if r.rating is None else str(r.rating),
         r.points_text, *(c.text for c in r.cells)]
        for r in rows
    ]
    widths = [max([len(h), *(len(line[k]) for line in table)]) for k, h in enumerate(heads)]
    fixed = sum(w + 2 for k, w in enumerate(widths) if k != 2)
    widths[2] = max(10, min(widths[2], WIDTH - fixed))

    def fmt(cells: list[str]) -> str:
        parts = [
            (cells[k][: widths[k]].ljust(widths[k]) if k == 2 else cells[k].rjust(widths[k]))
            for k in range(len(cells))
        ]
        return "  ".join(parts).rstrip()

    out = [f"{group.title} ({len(rows)} player{'s' if len(rows) != 1 else ''})"]
    head = fmt(heads)
    out += [head, "-" * len(head)]
    out += [fmt(line) for line in table]
    return out


def render(report: Report, options: ReportOptions) -> bytes:
    text = to_text(report.result, source=report.source)
    if report.groups:
        lines = ["", "Groups (places counted inside each group)"]
        for group in report.groups:
            lines.append("")
            lines.extend(_group_table(report, group, bool(options.labels)))
        text += "\n".join(lines) + "\n"
    return text.encode("utf-8")
