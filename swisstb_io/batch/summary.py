"""What the season index keeps of one event: the header facts and every entrant's rounds.

The summary is plain JSON (exact points as ``"7/2"`` strings), written next to the event's
reports so that a re-run that skips the event still has everything the index needs.
"""

from __future__ import annotations

from typing import Any

from ..model import Color, Outcome, Player, Tournament
from ..tiebreaks.standings import StandingsResult

SUMMARY_SCHEMA = "swisstb-batch-event/1"


def _date(t: Tournament) -> str:
    d = t.start_date
    if d is None:
        return ""
    return d.value.isoformat() if d.value is not None else d.text


def rating_of(p: Player) -> tuple[str, int] | None:
    """The rating shown for ``p`` in the season view: FIDE, else US Chess, else none."""
    if p.fide_rating:
        return ("FIDE", p.fide_rating)
    uscf = p.rating("USCF")
    return ("USCF", uscf) if uscf else None


def summarise(t: Tournament, result: StandingsResult) -> dict[str, Any]:
    """The summary of ``t`` ranked as ``result``."""
    by_sn = t.by_start_no()
    place = {row.start_no: row.place for row in result.rows}
    winners = [row.name for row in result.rows if row.place == 1]
    entrants: list[dict[str, Any]] = []
    ps = t.point_system
    ctx = result.context
    # What every round row repeats, worked out once: each player's name and rating as an
    # opponent, and each outcome's value and points.
    ratings = {p.start_no: rating_of(p) for p in t.players}
    as_opponent = {sn: (p.name, r[1] if (r := ratings[sn]) else None)
                   for sn, p in by_sn.items()}
    outcome_info = {id(o): (o.value, str(ps.points(o)), o is Outcome.NOT_PAIRED)
                    for o in Outcome}
    colour = {id(c): c.value for c in Color}
    nobody = ("", None)
    for p in t.players:
        rounds: list[list[Any]] = []
        for rnd, rr in enumerate(p.results, 1):
            value, points, skip = outcome_info[id(rr.outcome)]
            if skip:
                continue
            opp = rr.opponent
            name, opp_rating = as_opponent.get(opp, nobody) if opp is not None else nobody
            rounds.append([rnd, value, colour[id(rr.color)], opp, name, opp_rating, points])
        rating = ratings[p.start_no]
        entrants.append({
            "start_no": p.start_no,
            "name": p.name,
            "fide_id": p.fide_id.strip(),
            "uscf_id": p.national_id("USCF").strip(),
            "rating": rating[1] if rating else None,
            "rating_list": rating[0] if rating else None,
            "place": place.get(p.start_no),
            "points": str(ctx.frac(ctx.points[ctx.index[p.start_no]])),
            "rounds": rounds,
        })
    return {
        "schema": SUMMARY_SCHEMA,
        "name": t.name,
        "section": t.section,
        "date": _date(t),
        "players": len(t.players),
        "rounds": ctx.scheduled,
        "rounds_played": ctx.n_rounds,
        "winner": winners,
        "tiebreaks": [s.key for s in result.chain],
        "entrants": entrants,
    }

