"""JSON: the ``swisstb-report/3`` document (``formats/report-json.md``), from the table.

Numbers are exact when the value is a multiple of 1/4, else rounded half-up to the
digits the system's rule gives (2 when it gives none); ``null`` where a value is
undefined.  With groups asked for, ``groups`` lists each group's ranked entries
(``{"title": …, "standings": [{"place": 1, "last_place": 2, "start_no": 7}…]}``); the
player data stays in the main ``standings`` list.  A shared place is the range ``place`` to
``last_place``, and the players sharing it are the entries with the same ``place`` (linear
in the number of tied players: ``swisstb-report/1`` listed every other member per entry).
``chain`` says where the chain came from; each tie-break names its ``direction`` (a board
count and a rank inside the tied group rank the lower value first, as the rules define
them: ``swisstb-report/2`` wrote them negated or inverted).
A team event adds its team parts (``formats/report-json.md``, "Team events"):
``event.kind`` / ``boards`` / ``primary``, ``team_tiebreaks``, ``team_decisions``,
``team_standings[]`` and ``matches[]``; a prize list adds ``prizes``, the
``swisstb-prizes/1`` document, and rating changes ``ratings``, the ``swisstb-ratings/1``
document.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from ..jsonwrite import dumps
from ..numbers import rule_decimal
from ..tiebreaks.values import JSON
from ._model import ChainSource, Column, MatchCard, Report, TeamTable
from ._options import ReportOptions

SCHEMA = "swisstb-report/3"


def _number(digits: int) -> Callable[[Fraction | None], Decimal | None]:
    """How an explanation's numbers are written: as the column's values."""
    def number(value: Fraction | None) -> Decimal | None:
        return None if value is None else rule_decimal(value, digits)
    return number


def document(report: Report, explain: bool = False) -> dict[str, JSON]:
    """The ``swisstb-report/3`` document of ``report`` (Decimal numbers: write it with
    :func:`~swisstb_io.jsonwrite.dumps`); ``explain`` adds every value's explanation (of a
    team event: the teams')."""
    doc = _players(report, explain and report.teams is None)
    if report.teams is not None:
        _add_team_parts(doc, report.teams, explain)
    if report.prizes is not None:
        doc["prizes"] = dict(report.prizes.document)
    if report.ratings is not None:
        doc["ratings"] = dict(report.ratings.document)
    return doc


def _players(report: Report, explain: bool) -> dict[str, JSON]:
    """The document of the players' part."""
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
            "start_date": report.start_date,
            "end_date": report.end_date,
            "after_round": report.after_round,
        },
    }
    if report.chain is not None:
        doc["chain"] = _chain(report.chain)
    doc.update(tiebreaks=_tiebreaks(report.columns), decisions=dict(report.decisions),
               standings=standings)
    if report.groups:
        doc["groups"] = [
            {"title": g.title,
             "standings": [{"place": r.place, "last_place": r.last_place,
                            "start_no": r.start_no} for r in g.rows]}
            for g in report.groups
        ]
    return doc


def _tiebreaks(columns: tuple[Column, ...]) -> list[JSON]:
    """``tiebreaks[]`` (``team_tiebreaks[]``): code, name, rule and direction."""
    return [{"code": c.key, "name": c.name, "rule": c.rule, "direction": c.direction.value}
            for c in columns]


def _chain(chain: ChainSource) -> dict[str, JSON]:
    """Where the chain came from: ``{origin, text, words}``, and ``hint`` when there is
    one."""
    out: dict[str, JSON] = {"origin": chain.origin, "text": chain.text, "words": chain.words}
    if chain.hint:
        out["hint"] = chain.hint
    return out


def _match(card: MatchCard) -> dict[str, JSON]:
    out: dict[str, JSON] = {"round": card.round, "white_team": card.white_team,
                            "black_team": card.black_team, "kind": card.kind}
    if card.result is not None:
        out["result"] = card.result
    out.update(mp=list(card.mp), gp=list(card.gp),
               boards=[{"board": b.board, "white": b.white, "black": b.black,
                        "result": b.result} for b in card.boards])
    return out


def _add_team_parts(doc: dict[str, JSON], teams: TeamTable, explain: bool) -> None:
    """Add the team keys to ``doc`` (``explain``: each team value's explanation)."""
    event = doc["event"]
    assert isinstance(event, dict)
    event.update(kind="team", boards=teams.boards, primary=teams.primary)
    doc["team_tiebreaks"] = _tiebreaks(teams.columns)
    doc["team_decisions"] = {"primary": teams.primary_reason, "chain": teams.chain.text,
                             "chain_origin": teams.chain.origin,
                             "chain_words": teams.chain.words,
                             "reasons": list(teams.reasons), "notes": list(teams.notes)}
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


def render(report: Report, options: ReportOptions) -> bytes:
    doc = document(report, options.explain)
    return (dumps(doc) + "\n").encode("utf-8")
