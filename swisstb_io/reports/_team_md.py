"""The team part of the Markdown report: the facts, the team chain, the team standings,
the team crosstable and the matches board by board (:mod:`.md_report` adds the board
players with ``--view both``)."""

from __future__ import annotations

from collections.abc import Callable

from ._team_model import MatchCard, TeamTable

Escape = Callable[[str], str]
Table = Callable[[list[str], list[list[str]], set[int]], list[str]]


def _match_line(card: MatchCard, teams: TeamTable, esc: Escape) -> str:
    white = f"{card.white_team} {esc(teams.names.get(card.white_team, ''))}"
    if card.black_team is None:
        return f"- {white}: {card.kind} ({card.mp[0]} MP, {card.gp[0]} GP)"
    black = f"{card.black_team} {esc(teams.names.get(card.black_team, ''))}"
    kind = "" if card.kind == "played" else f" ({card.kind})"
    return f"- {white} {card.gp[0]}-{card.gp[1]} {black}{kind}"


def team_lines(teams: TeamTable, title: str, esc: Escape, table: Table) -> list[str]:
    """The lines of the team part (``esc``, ``table``: :mod:`.md_report`'s escaping and
    table writer)."""
    lines = [f"# {esc(title)}", ""]
    lines.extend(f"- **{esc(k)}:** {esc(v)}" for k, v in teams.header)
    lines.extend(f"- {esc(r)}" for r in teams.reasons)
    lines.append("")
    if teams.columns:
        lines.append(f"Team tie-breaks, in order ({teams.chain_origin}):")
        lines.append("")
        lines.extend(f"{n}. **{esc(c.label)}**: {esc(c.name)} ({esc(c.rule)})"
                     for n, c in enumerate(teams.columns, 1))
        lines.append("")
    heads = ["Place", "No", "Team", "MP", "GP", *(esc(c.label) for c in teams.columns)]
    body = [[t.row.place_text, str(t.row.start_no), esc(t.row.name), t.mp_text, t.gp_text,
             *(esc(c.text) for c in t.row.cells)] for t in teams.rows]
    lines.extend(["## Team standings", "",
                  *table(heads, body, {0, 1, 3, 4, *range(5, 5 + len(teams.columns))})])
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
                  *table(heads, body, {0, teams.rounds + 2, teams.rounds + 3})])
    lines.extend(["", "## Matches"])
    for rnd in range(1, teams.rounds + 1):
        lines.extend(["", f"### Round {rnd}", ""])
        lines.extend(_match_line(card, teams, esc) for card in teams.matches
                     if card.round == rnd)
    return lines
