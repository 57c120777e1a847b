"""What the season index keeps of one event: the header facts and every entrant's share.

The summary (``events/<path>.summary.json``) is plain JSON, written next to the event's
reports so that a re-run that skips the event still has everything the index needs: the
header facts of :func:`summarise`, and under ``entrants`` one object per entrant, the fields
of :class:`~swisstb_io.batch.season_parts.SeasonEntry` by name
(:func:`~swisstb_io.batch.season_parts.entry_to_json`).  ``schema`` is its version: a
summary of another version is not read (its event is processed again).
"""

from __future__ import annotations

from typing import Any

from ..model import Player, Tournament
from ..reports import Report

SUMMARY_SCHEMA = "swisstb-batch-event/9"
"""6: placeholder ids are no ids in the entrants' keys; a start date that is not a date is
empty (issue 28 item 9); 7: an entrant's rating after the event (``batch --ratings``);
8: one keyed object an entrant, its games as data (issue 29 item 2); 9: the event's
reports are ``swisstb-report/3`` (team values as the rules define them, where the chain
came from: issue 28 items 6-8), so an event kept from before is redone.  Summaries of
another version are redone."""


def _date(t: Tournament) -> str:
    """The start date, ``YYYY-MM-DD``; empty when the file gives none, or gives a text that
    is not a date (a 042 ``Spring 2025`` is not shown as a date, nor sorted as one)."""
    d = t.start_date
    return d.value.isoformat() if d is not None and d.value is not None else ""


def rating_of(p: Player) -> tuple[str, int] | None:
    """The rating shown for ``p`` in the season view: FIDE, else US Chess, else none."""
    if p.fide_rating:
        return ("FIDE", p.fide_rating)
    uscf = p.rating("USCF")
    return ("USCF", uscf) if uscf else None


def summarise(t: Tournament, report: Report) -> dict[str, Any]:
    """The header facts of ``t`` ranked as ``report`` says (the entrants are added by the
    batch: :func:`~swisstb_io.batch.season_parts.season_entries`).  A team event
    (``report.teams``): ``kind`` ``"team"``, the winning team(s), the team chain and
    ``teams``, one ``[place, team number, name, match points, game points]`` per team in
    ranked order (points as text, exact: the season index's team rows)."""
    result = report.result
    ctx = result.context
    out = {
        "schema": SUMMARY_SCHEMA,
        "name": t.name,
        "section": t.section,
        "date": _date(t),
        "players": len(t.players),
        "rounds": ctx.scheduled,
        "rounds_played": ctx.n_rounds,
        "winner": [row.name for row in result.rows if row.place == 1],
        "tiebreaks": [s.key for s in result.chain],
    }
    teams = report.teams
    if teams is not None:
        out.update(kind="team", winner=[r.row.name for r in teams.rows if r.row.place == 1],
                   tiebreaks=[c.key for c in teams.columns], teams=[
                       [r.row.place, r.row.start_no, r.row.name, str(r.match_points),
                        str(r.game_points)] for r in teams.rows])
    return out


_TEXTS = ("name", "section", "date", "format")
_COUNTS = ("players", "rounds")


def readable(doc: Any) -> bool:
    """True when ``doc`` (a summary file read back) holds the header facts the season index
    shows, each of its kind (:func:`summarise`'s, with ``format``): a summary damaged or
    changed by hand is not used (the batch processes its event again)."""
    if not isinstance(doc, dict) or doc.get("schema") != SUMMARY_SCHEMA:
        return False
    teams = doc.get("teams", [])
    return (all(isinstance(doc.get(k), str) for k in _TEXTS)
            and all(doc.get(k) is None or type(doc.get(k)) is int for k in _COUNTS)
            and isinstance(doc.get("winner"), list)
            and all(isinstance(w, str) for w in doc["winner"])
            and doc.get("kind", "individual") in ("individual", "team")
            and isinstance(teams, list)
            and all(isinstance(row, list) and len(row) == 5 for row in teams))
