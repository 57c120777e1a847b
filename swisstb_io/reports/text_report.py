"""Fixed-width text: the standings table (one column per tie-break), a crosstable in US
wall-chart notation, then one table per group, on request every value's explanation, and
the prize list.  A team event: the team standings and the team crosstable first (then,
with ``--view both``, the board players)."""

from __future__ import annotations

from decimal import Decimal

from ..numbers import rule_decimal
from ..textsafe import shown
from ..tiebreaks import Explanation
from ._model import Column, CrossRow, Group, PrizeList, RatingChanges, Report, Row, Table, TeamTable
from ._options import ReportOptions

WIDTH = 100
"""The width the tables aim at (long names are cut to fit)."""


def _standings(report: Report, prizes: PrizeList | None = None,
               ratings: RatingChanges | None = None) -> list[str]:
    rows = report.rows
    lines = [report.title, *_event_lines(report),
             f"{len(rows)} players, {report.scheduled_rounds} rounds ({report.rounds} played)"]
    if report.chain is not None:
        lines.extend(report.chain.lines)
    lines.extend(_tiebreak_list(report.columns))
    lines.extend(report.reasons)
    lines.append("")
    columns = [("Pts", [r.points_text for r in rows])]
    columns += [(c.label, [r.cells[k].text for r in rows])
                for k, c in enumerate(report.columns)]
    if prizes is not None:
        columns.append(("Prize", [prizes.won.get(r.start_no, "") for r in rows]))
    if ratings is not None:
        columns.append((ratings.label, [ratings.cells.get(r.start_no, "") for r in rows]))
    widths = [max([len(h), *(len(c) for c in cells)]) for h, cells in columns]
    place_w = max(2, *(len(r.place_text) for r in rows)) if rows else 2
    no_w = max(2, *(len(str(r.start_no)) for r in rows)) if rows else 2
    rtg_w = 4
    fixed = place_w + 1 + no_w + 2 + 2 + rtg_w + sum(w + 2 for w in widths)
    name_w = max(12, min(30, WIDTH - fixed, max((len(r.name) for r in rows), default=4)))
    head = (f"{'Pl':>{place_w}} {'No':>{no_w}}  {'Name':<{name_w}}  {'Rtg':>{rtg_w}}"
            + "".join(f"  {h:>{w}}" for (h, _), w in zip(columns, widths, strict=True)))
    lines.append(head)
    lines.append("-" * len(head))
    for n, r in enumerate(rows):
        name = r.name[:name_w]
        if not r.scored_in_play and report.actual_play_rule:
            name = r.name[: name_w - 2] + " *"
        rating = str(r.rating) if r.rating is not None else "unr"
        lines.append((
            f"{r.place_text:>{place_w}} {r.start_no:>{no_w}}  {name:<{name_w}}  "
            f"{rating:>{rtg_w}}"
            + "".join(f"  {cells[n]:>{w}}" for (_, cells), w in zip(columns, widths, strict=True))
        ).rstrip())
    lines.extend(report.ranking_notes)
    lines.append("")
    lines.extend(_crosstable(report.rows, report.crosstable_rows(), report.rounds, name_w,
                             report.ahead_rounds))
    return lines


def _event_lines(report: Report) -> list[str]:
    """The lines under the title: the event's dates, and the standings' stage
    (``Standings after round 3 of 9``), each when there is one."""
    out = [f"Dates: {report.dates}"] if report.dates else []
    if report.stage:
        out.append(f"Standings{report.stage}")
    return out


def _tiebreak_list(columns: tuple[Column, ...]) -> list[str]:
    """``Tie-breaks:``, then each column's label, name and rule (and ``lower ranks
    higher`` where the lower value is the better)."""
    if not columns:
        return []
    label_w = max(len(c.label) for c in columns)
    return ["Tie-breaks:", *(f"  {c.label:<{label_w}}  {c.name}, {c.rule}"
                             + (f"; {c.order_note}" if c.order_note else "")
                             for c in columns)]


def _crosstable(rows: tuple[Row, ...], lines: tuple[CrossRow, ...], rounds: int,
                name_w: int, ahead: int = 0) -> list[str]:
    """The US-notation crosstable; ``ahead``: columns of byes entered ahead after the
    ``rounds`` that count."""
    cell_w = max([3, *(len(c) for x in lines for c in (*x.us, *x.ahead_us))])
    no_w = max(2, *(len(str(r.start_no)) for r in rows)) if rows else 2
    pts_w = max([3, *(len(r.points_text) for r in rows)])
    fixed = no_w + 2 + 2 + pts_w + (rounds + ahead) * (cell_w + 1)
    name_w = max(10, min(name_w, WIDTH - fixed))
    out = ["Crosstable (opponents by start number): W/D/L played, X/F forfeit won/lost,",
           "B full-point bye, H half-point bye, U not played"]
    if ahead:
        out.append("(H), (B), (U) in brackets: entered ahead for a round not paired yet, "
                   "counted nowhere")
    head = (f"{'No':>{no_w}}  {'Name':<{name_w}}  {'Pts':>{pts_w}}"
            + "".join(f" {'R' + str(k + 1):<{cell_w}}" for k in range(rounds + ahead)))
    out.append(head.rstrip())
    out.append("-" * len(head.rstrip()))
    for r, x in zip(rows, lines, strict=True):
        line = (f"{r.start_no:>{no_w}}  {r.name[:name_w]:<{name_w}}  {r.points_text:>{pts_w}}"
                + "".join(f" {c:<{cell_w}}" for c in (*x.us, *x.ahead_us)))
        out.append(line.rstrip())
    return out


def _group_table(report: Report, group: Group) -> list[str]:
    rows = group.rows
    heads = ["Pl", "No", "Name", "Rtg", "Pts", *(c.label for c in report.columns)]
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


def _explanations(report: Report) -> list[str]:
    """Every value of every player, and how it was computed."""
    lines = ["", "Explanations"]
    for row in report.rows:
        lines.append(f"{row.start_no} {row.name}: {row.points_decimal} pts, place {row.place}")
        for column, cell in zip(report.columns, row.cells, strict=True):
            lines.extend(_explained(column, cell.decimal, cell.explanation))
        ratings = report.ratings  # the rating change (--ratings), as the HTML popover
        e = None if ratings is None else ratings.explanations.get(row.start_no)
        if ratings is not None and e is not None:
            lines.extend(explained_lines(ratings.label, ratings.explained_value(row.start_no),
                                         e, ratings.digits))
    return lines


def _explained(column: Column, value: Decimal | None, e: Explanation | None) -> list[str]:
    return explained_lines(column.label, "-" if value is None else str(value), e,
                           column.digits)


def explained_lines(key: str, value: str, e: Explanation | None, digits: int) -> list[str]:
    """One value's explanation as text (``--explain``): ``key = value``, the rule, one line
    a row (its value to ``digits`` decimals when not a multiple of 1/4) and the notes.
    Every command that explains a value prints it with this (``report``, ``ratings``)."""
    lines = [f"  {key} = {value}"]
    if e is None:
        lines.append("    not computed: the player was not tied when it applied")
        return lines
    lines.append(f"    {e.rule}")
    for r in e.rows:
        v = "" if r.value is None else str(rule_decimal(r.value, digits))
        drop = f" [dropped: {r.dropped}]" if r.dropped else ""
        lines.append(f"    R{r.round} {r.result:<6} {v:>8}  {r.note}{drop}")
    lines.extend(f"    {n}" for n in e.notes)
    return lines


def _printable(report: Report) -> Report:
    """Names and titles from the file with control characters shown as escapes, so a name
    cannot move the cursor or start a line of its own (:func:`~swisstb_io.textsafe.shown`)."""

    def rows(items: tuple[Row, ...]) -> tuple[Row, ...]:
        return tuple(r._replace(name=shown(r.name)) for r in items)

    return report._replace(title=shown(report.title), rows=rows(report.rows),
                   groups=tuple(g._replace(title=shown(g.title), rows=rows(g.rows))
                                for g in report.groups))


def _team_explanations(teams: TeamTable) -> list[str]:
    """Every value of every team, and how it was computed."""
    lines = ["", "Team explanations"]
    for t in teams.rows:
        r = t.row
        lines.append(f"{r.start_no} {shown(r.name)}: {t.match_points} MP, {t.game_points} GP, "
                     f"place {r.place}")
        for column, cell in zip(teams.columns, r.cells, strict=True):
            lines.extend(_explained(column, cell.decimal, cell.explanation))
    return lines


def _plain_table(head: list[str], body: list[list[str]], left: set[int]) -> list[str]:
    widths = [max(len(row[k]) for row in (head, *body)) for k in range(len(head))]

    def fmt(row: list[str]) -> str:
        return "  ".join(c.ljust(w) if k in left else c.rjust(w)
                         for k, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()

    return [fmt(head), *(fmt(row) for row in body)]


def _team_lines(teams: TeamTable, report: Report) -> list[str]:
    """The lines of the team standings and the team crosstable."""
    lines = [shown(report.title) or "Team event",
             *([f"Dates: {report.dates}"] if report.dates else []), "",
             *([f"Team standings{report.stage}"] if report.stage else []), teams.summary,
             "; ".join(teams.reasons), *teams.chain.lines, *_tiebreak_list(teams.columns),
             *teams.notes, ""]
    head = ["Pl", "No", "Team", "MP", "GP", *(c.label for c in teams.columns)]
    body = [[t.row.place_text, str(t.row.start_no), shown(t.row.name), t.mp_text, t.gp_text,
             *(c.text for c in t.row.cells)] for t in teams.rows]
    lines.extend(_plain_table(head, body, left={2}))
    lines.append("")
    lines.append("Team crosstable (opponent, colour, game points; +F/-F forfeited match)")
    head = ["No", "Team", *(str(r) for r in range(1, teams.rounds + 1)), "MP", "GP"]
    body = [[str(x.team_no), shown(x.name), *x.cells, x.mp_text, x.gp_text]
            for x in teams.crosstable_rows()]
    lines.extend(_plain_table(head, body, left={1}))
    return lines


def _table_lines(t: Table) -> list[str]:
    """A table of texts: its title, the headers, a rule, the rows (names from the file
    with control characters shown as escapes)."""
    rows = [tuple(map(shown, r)) for r in t.rows]
    widths = [max(len(r[i]) for r in (t.headers, *rows)) for i in range(len(t.headers))]

    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(c.rjust(w) if i in t.right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    head = line(t.headers)
    return [t.title, head, "-" * len(head), *map(line, rows)]


def prize_lines(prizes: PrizeList) -> list[str]:
    """The prize list: its title and lines, its tables, the explanations."""
    out = [shown(prizes.title()), *map(shown, prizes.head())]
    for t in prizes.tables:
        out += ["", *_table_lines(t)]
    out += ["", "Explanations", *(f"  {shown(line)}" for line in prizes.explanations)]
    return out


def prize_text(prizes: PrizeList) -> str:
    """The prize list alone (``swisstb prizes``)."""
    return "\n".join(prize_lines(prizes)) + "\n"


def render(report: Report, options: ReportOptions) -> bytes:
    teams = report.teams
    if teams is None:
        return _render(report, options)
    lines = _team_lines(teams, report)
    if options.explain:
        lines.extend(_team_explanations(teams))
    out = ("\n".join(lines) + "\n").encode("utf-8")
    if teams.individual:
        out += b"\nBoard players\n=============\n" + _render(report, options)
    return out


def _render(report: Report, options: ReportOptions) -> bytes:
    report = _printable(report)
    lines = _standings(report, report.prizes, report.ratings)
    if report.groups:
        lines += ["", "Groups (places counted inside each group)"]
        for group in report.groups:
            lines.append("")
            lines.extend(_group_table(report, group))
    if options.explain:
        lines.extend(_explanations(report))
    if report.prizes is not None:
        lines += ["", *prize_lines(report.prizes)]
    return ("\n".join(lines) + "\n").encode("utf-8")
