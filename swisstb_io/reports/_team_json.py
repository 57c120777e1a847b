"""The team parts of the ``swisstb-report/2`` document (``formats/report-json.md``, "Team
events"), added to the board players' document: ``event.kind`` / ``boards`` / ``primary``,
``team_tiebreaks``, ``team_decisions``, ``team_standings[]`` and ``matches[]``."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from ..tiebreaks.values import JSON
from ._numbers import decimal
from ._team_model import MatchCard, TeamTable


def _number(digits: int) -> Callable[[Fraction | None], Decimal | None]:
    def number(value: Fraction | None) -> Decimal | None:
        return None if value is None else decimal(value, digits)
    return number


def _match(card: MatchCard) -> dict[str, JSON]:
    out: dict[str, JSON] = {"round": card.round, "white_team": card.white_team,
                            "black_team": card.black_team, "kind": card.kind}
    if card.result is not None:
        out["result"] = card.result
    out.update(mp=list(card.mp), gp=list(card.gp),
               boards=[{"board": b.board, "white": b.white, "black": b.black,
                        "result": b.result} for b in card.boards])
    return out


def add_team_parts(doc: dict[str, JSON], teams: TeamTable, explain: bool) -> None:
    """Add the team keys to ``doc`` (``explain``: each team value's explanation)."""
    event = doc["event"]
    assert isinstance(event, dict)
    event.update(kind="team", boards=teams.boards, primary=teams.primary)
    doc["team_tiebreaks"] = [{"code": c.key, "name": c.name, "rule": c.rule}
                             for c in teams.columns]
    doc["team_decisions"] = {"primary": teams.primary_reason, "chain": teams.chain_text,
                             "chain_origin": teams.chain_origin, "notes": list(teams.notes)}
    keys = [c.key for c in teams.columns]
    numbers = [_number(c.digits) for c in teams.columns]
    rows: list[JSON] = []
    for t in teams.rows:
        r = t.row
        entry: dict[str, JSON] = {
            "place": r.place, "last_place": r.last_place, "team_no": r.start_no,
            "name": r.name,
            "points": r.points_decimal, "match_points": t.match_points,
            "game_points": t.game_points,
            "tiebreaks": dict(zip(keys, [c.decimal for c in r.cells], strict=True)),
        }
        if explain:
            entry["explain"] = {
                key: None if cell.explanation is None else cell.explanation.to_json(number)
                for key, cell, number in zip(keys, r.cells, numbers, strict=True)}
        rows.append(entry)
    doc["team_standings"] = rows
    doc["matches"] = [_match(card) for card in teams.matches]
