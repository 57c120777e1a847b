r"""Markdown (GitHub-flavoured tables) for club websites and repositories.

Every text taken from the file is escaped: ``|`` and the inline-markup characters
(``\ ` * _ [ ] ~``) get a backslash, ``<``/``>``/``&`` become entities, line breaks
become spaces, and control characters (an escape sequence, a bell, a NUL, a right-to-left
override) are shown as the text report shows them (``\x1b``).  No text from the file starts
a line, so block markup cannot be triggered.
"""

from __future__ import annotations

from ..textsafe import shown
from ._model import Report, Row
from ._options import PrizeColumn, RatingColumn, ReportOptions
from ._team_md import team_lines

_SPECIAL = "\\`*_[]|~"


def esc(text: str) -> str:
    """``text`` safe inside a Markdown table cell or heading (control characters as the
    text report shows them: :func:`~swisstb_io.textsafe.shown`)."""
    out = []
    for ch in shown(" ".join(text.split())):
        if ch in _SPECIAL:
            out.append("\\" + ch)
        elif ch == "<":
            out.append("&lt;")
        elif ch == ">":
            out.append("&gt;")
        elif ch == "&":
            out.append("&amp;")
        else:
            out.append(ch)
    return "".join(out)


def _table(heads: list[str], rows: list[list[str]], right: set[int]) -> list[str]:
    lines = ["| " + " | ".join(heads) + " |"]
    lines.append("|" + "|".join("---:" if k in right else "---" for k in range(len(heads))) + "|")
    lines.extend("| " + " | ".join(cells) + " |" for cells in rows)
    return lines


def _standings(report: Report, rows: tuple[Row, ...], prizes: PrizeColumn | None = None,
               ratings: RatingColumn | None = None) -> list[str]:
    heads = ["Place", "No", "Name", "Rating", "Points", *(esc(c.label) for c in report.columns)]
    if prizes is not None:
        heads.append("Prize")
    if ratings is not None:
        heads.append(esc(ratings.label))
    body = []
    for r in rows:
        name = esc(r.name) + ("\\*" if not r.scored_in_play and report.actual_play_rule
                              else "")
        body.append([r.place_text, str(r.start_no), name,
                     "unr" if r.rating is None else str(r.rating), r.points_text,
                     *(esc(c.text) for c in r.cells)])
        if prizes is not None:
            body[-1].append(esc(prizes.cells.get(r.start_no, "")))
        if ratings is not None:
            body[-1].append(esc(ratings.cells.get(r.start_no, "")))
    right = {0, 1, 3, 4, *range(5, 5 + len(report.columns))}
    if ratings is not None:
        right.add(len(heads) - 1)
    return _table(heads, body, right)


def _crosstable(report: Report) -> list[str]:
    heads = ["No", "Name", "Points",
             *(f"R{k}" for k in range(1, report.rounds + report.ahead_rounds + 1))]
    body = [
        [str(r.start_no), esc(r.name), r.points_text,
         *(esc(c) or " " for c in (*line.cells, *line.ahead))]
        for r, line in zip(report.rows, report.crosstable_rows(), strict=True)
    ]
    return _table(heads, body, {0, 2})


def render(report: Report, options: ReportOptions) -> bytes:
    teams = report.teams
    if teams is None:
        lines = _individual(report, options, f"# {esc(report.title)}", "##")
    else:
        lines = team_lines(teams, report.title, esc, _table)
        if teams.individual:
            lines += ["", *_individual(report, options, "## Board players", "###")]
    return ("\n".join(lines) + "\n").encode("utf-8")


def _individual(report: Report, options: ReportOptions, title: str, h2: str) -> list[str]:
    """The players' part: ``title`` first, ``h2`` the level of its section headings."""
    h3 = h2 + "#"
    lines = [title, ""]
    lines.extend(f"- **{esc(k)}:** {esc(v)}" for k, v in report.header)
    if report.fide_rules:
        lines.append(f"- **FIDE tie-break rules:** C.07, {esc(report.fide_rules)} edition")
    lines.append("")
    if report.columns:
        lines.append("Tie-breaks, in order:")
        lines.append("")
        lines.extend(f"{n}. **{esc(c.label)}**: {esc(c.name)} ({esc(c.rule)})"
                     for n, c in enumerate(report.columns, 1))
        lines.append("")
    lines.extend([f"{h2} Standings", "", *_standings(report, report.rows, options.prizes,
                                                        options.ratings)])
    if report.notes:
        lines.append("")
        lines.extend(f"- {esc(n)}" for n in report.notes)
    if report.groups:
        lines.extend(["", f"{h2} Groups", "", "Places are counted inside each group."])
        for g in report.groups:
            lines.extend(["", f"{h3} {esc(g.title)}", "", *_standings(report, g.rows)])
    lines.extend(["", f"{h2} Crosstable", "", esc(report.legend) + ".", "",
                  *_crosstable(report)])
    return lines
