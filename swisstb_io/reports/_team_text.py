"""The team part of the text report: the team standings, then the team crosstable
(:mod:`.text_report` adds the explanations on request, and the board players with
``--view both``)."""

from __future__ import annotations

from ..textsafe import shown
from ._team_model import TeamTable


def _table(head: list[str], body: list[list[str]], left: set[int]) -> list[str]:
    widths = [max(len(row[k]) for row in (head, *body)) for k in range(len(head))]

    def fmt(row: list[str]) -> str:
        return "  ".join(c.ljust(w) if k in left else c.rjust(w)
                         for k, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()

    return [fmt(head), *(fmt(row) for row in body)]


def team_lines(teams: TeamTable, title: str) -> list[str]:
    """The lines of the team standings and the team crosstable."""
    lines = [shown(title) or "Team event", "", teams.summary, "; ".join(teams.reasons),
             f"tie-breaks ({teams.chain_origin}): {teams.chain_text}", *teams.notes, ""]
    head = ["Pl", "No", "Team", "MP", "GP", *(c.key for c in teams.columns)]
    body = [[t.row.place_text, str(t.row.start_no), shown(t.row.name), t.mp_text, t.gp_text,
             *(c.text for c in t.row.cells)] for t in teams.rows]
    lines.extend(_table(head, body, left={2}))
    lines.append("")
    lines.append("Team crosstable (opponent, colour, game points; +F/-F forfeited match)")
    head = ["No", "Team", *(str(r) for r in range(1, teams.rounds + 1)), "MP", "GP"]
    body = [[str(x.team_no), shown(x.name), *x.cells, x.mp_text, x.gp_text]
            for x in teams.crosstable_rows()]
    lines.extend(_table(head, body, left={1}))
    return lines
