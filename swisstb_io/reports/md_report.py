r"""Markdown (GitHub-flavoured tables) for club websites and repositories: the facts, the
tie-breaks, the standings, the groups, the crosstable and the prize list.  A team event:
the team part first (the facts, the team chain, the team standings, the team crosstable
and the matches board by board), then with ``--view both`` the board players.

Every text taken from the file is escaped: ``|`` and the inline-markup characters
(``\ ` * _ [ ] ~``) get a backslash, ``<``/``>``/``&`` become entities, line breaks
become spaces, and control characters (an escape sequence, a bell, a NUL, a right-to-left
override) are shown as the text report shows them (``\x1b``).  No text from the file starts
a line, so block markup cannot be triggered.
"""

from __future__ import annotations

from ..textsafe import shown
from ._model import Column, MatchCard, PrizeList, RatingChanges, Report, Row, TeamTable
from ._options import ReportOptions

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


def _standings(report: Report, rows: tuple[Row, ...], prizes: PrizeList | None = None,
               ratings: RatingChanges | None = None) -> list[str]:
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
            body[-1].append(esc(prizes.won.get(r.start_no, "")))
        if ratings is not None:
            body[-1].append(esc(ratings.cells.get(r.start_no, "")))
    right = {0, 1, 3, 4, *range(5, 5 + len(report.columns))}
    if ratings is not None:
        right.add(len(heads) - 1)
    return _table(heads, body, right)


def _tiebreak_list(columns: tuple[Column, ...], title: str) -> list[str]:
    """``title``, then a numbered list of the tie-breaks (label, name, rule, and ``lower
    ranks higher`` where the lower value is the better), then a blank line."""
    if not columns:
        return []
    return [title, "", *(f"{n}. **{esc(c.label)}**: {esc(c.name)} ({esc(c.rule)}"
                         + (f"; {c.order_note}" if c.order_note else "") + ")"
                         for n, c in enumerate(columns, 1)), ""]


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
        lines = _team_lines(teams, report)
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
    if report.chain is not None:
        lines.extend(f"{esc(line)}." for line in report.chain.lines)
        lines.append("")
    lines.extend(_tiebreak_list(report.columns, "Tie-breaks, in order:"))
    lines.extend([f"{h2} Standings{report.stage}", "",
                  *_standings(report, report.rows, report.prizes, report.ratings)])
    if report.notes:
        lines.append("")
        lines.extend(f"- {esc(n)}" for n in report.notes)
    if report.groups:
        lines.extend(["", f"{h2} Groups", "", "Places are counted inside each group."])
        for g in report.groups:
            lines.extend(["", f"{h3} {esc(g.title)}", "", *_standings(report, g.rows)])
    lines.extend(["", f"{h2} Crosstable", "", esc(report.legend) + ".", "",
                  *_crosstable(report)])
    if report.prizes is not None:
        lines.extend(["", *prize_lines(report.prizes, h2)])
    return lines


def prize_lines(prizes: PrizeList, h1: str = "#") -> list[str]:
    """The prize list: ``h1`` the level of its heading, its tables one level below."""
    out = [f"{h1} {esc(prizes.title())}", "", *(f"- {esc(line)}" for line in prizes.head())]
    for t in prizes.tables:
        out += ["", f"{h1}# {esc(t.title)}", "",
                *_table([esc(h) for h in t.headers], [[esc(c) for c in r] for r in t.rows],
                        set(t.right))]
    out += ["", f"{h1}# Explanations", "", *(f"1. {esc(line)}" for line in prizes.explanations)]
    return out


def prize_markdown(prizes: PrizeList) -> str:
    """The prize list alone (``swisstb prizes``)."""
    return "\n".join(prize_lines(prizes)) + "\n"


def _match_line(card: MatchCard, teams: TeamTable) -> str:
    white = f"{card.white_team} {esc(teams.names.get(card.white_team, ''))}"
    if card.black_team is None:
        return f"- {white}: {card.kind} ({card.mp[0]} MP, {card.gp[0]} GP)"
    black = f"{card.black_team} {esc(teams.names.get(card.black_team, ''))}"
    kind = "" if card.kind == "played" else f" ({card.kind})"
    return f"- {white} {card.gp[0]}-{card.gp[1]} {black}{kind}"


def _team_lines(teams: TeamTable, report: Report) -> list[str]:
    """The lines of the team part."""
    lines = [f"# {esc(report.title)}", ""]
    if report.dates:
        lines.append(f"- **Dates:** {esc(report.dates)}")
    lines.extend(f"- **{esc(k)}:** {esc(v)}" for k, v in teams.header)
    lines.extend(f"- {esc(r)}" for r in teams.reasons)
    lines.append("")
    lines.extend(f"{esc(line)}." for line in teams.chain.lines)
    lines.append("")
    lines.extend(_tiebreak_list(teams.columns, "Team tie-breaks, in order:"))
    heads = ["Place", "No", "Team", "MP", "GP", *(esc(c.label) for c in teams.columns)]
    body = [[t.row.place_text, str(t.row.start_no), esc(t.row.name), t.mp_text, t.gp_text,
             *(esc(c.text) for c in t.row.cells)] for t in teams.rows]
    lines.extend([f"## Team standings{report.stage}", "",
                  *_table(heads, body, {0, 1, 3, 4, *range(5, 5 + len(teams.columns))})])
    if teams.notes:
        lines.append("")
        lines.extend(f"- {esc(n)}" for n in teams.notes)
    heads = ["No", "Team", *(f"R{k}" for k in range(1, teams.rounds + 1)), "MP", "GP"]
    body = [[str(x.team_no), esc(x.name), *(esc(c) for c in x.cells), x.mp_text, x.gp_text]
            for x in teams.crosstable_rows()]
    lines.extend(["", "## Team crosstable", "",
                  "Opponent, colour (w/b) and game points; +F/-F forfeited match won/lost; "
                  "PAB pairing-allocated bye, FPB/HPB/ZPB full-, half-, zero-point bye; "
                  "- absent.", "",
                  *_table(heads, body, {0, teams.rounds + 2, teams.rounds + 3})])
    lines.extend(["", "## Matches"])
    for rnd in range(1, teams.rounds + 1):
        lines.extend(["", f"### Round {rnd}", ""])
        lines.extend(_match_line(card, teams) for card in teams.matches
                     if card.round == rnd)
    return lines
