"""The ``swisstb-prizes/1`` JSON document (contract: ``formats/prizes-json.md``).

Money is a string: ``paid`` amounts in the unit's decimals (``"216.67"``), exact shares as
a fraction when they do not terminate (``"650/3"``).  Points are strings too (``"9/2"``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..errors import readable_path
from ..jsonwrite import dumps as json_text
from ..numbers import exact as exact_text
from .money import decimals, plain
from .prize_file import SCHEMA
from .result import PrizeResult


def exact(value: Fraction) -> str:
    """A terminating decimal (of at most 5 decimals) as is (``"216.5"``), anything else as
    ``"650/3"``."""
    return exact_text(value, most=5)


def fraction(value: Fraction) -> str:
    """Points as a fraction: ``"9/2"``, ``"4"``."""
    return str(value)


def to_json(result: PrizeResult, source: str = "", chain: tuple[str, ...] = ()) -> dict[str, Any]:
    pf = result.prize_file
    ev = pf.event
    digits = decimals(ev.unit)

    def paid(value: Fraction) -> str:
        return plain(value, digits)

    def prize(p: Any) -> dict[str, Any]:
        return {"group": p.group.id, "place": p.place, "label": p.label,
                "kind": p.group.kind.value, "amount": paid(p.amount),
                "advertised": exact(p.advertised), "item": p.item or None}

    def who(e: Any) -> dict[str, Any]:
        return {"start_no": e.start_no, "name": e.name}

    players = []
    for e in result.entrants:
        players.append({
            **who(e), "rank": e.rank, "place": e.place, "points": fraction(e.points),
            "cash": paid(result.cash(e.start_no)),
            "prizes": [p.label for pool, s in result.won(e.start_no) if not s.given_up
                       for p in pool.prizes],
            "items": [a.prize.item for a in result.items_of(e.start_no)],
            "notes": list(result.player_notes.get(e.start_no, ())),
        })
    return {
        "schema": SCHEMA,
        "event": {"name": ev.name, "section": ev.section or None,
                  "source": readable_path(source) or None,
                  "prize_file": readable_path(pf.path), "tiebreaks": list(chain)},
        "settings": {
            "system": ev.system.value, "currency": ev.currency or None,
            "unit": exact(ev.unit), "rounding": ev.rounding_mode.value,
            "rating": ev.rating or None, "rating_list": ev.rating_list or None,
            "options": [{"name": o.name, "value": o.value, "default": o.default,
                         "about": o.about} for o in result.options],
        },
        "fund": {
            "mode": pf.fund.mode.value, "announced": exact(result.announced),
            "factor": exact(result.scale.factor), "entries": result.scale.entries,
            "note": result.scale.note, "owed": paid(result.owed), "paid": paid(result.paid),
            "difference": exact(result.paid - result.owed),
        },
        "awards": [{
            "prizes": [prize(p) for p in pool.prizes], "total": paid(pool.total),
            "points": None if pool.points is None else fraction(pool.points),
            "rule": pool.rule,
            "shares": [{**who(s.entrant), "exact": exact(s.exact), "paid": paid(s.paid),
                        "capped": s.capped, "given_up": s.given_up or None}
                       for s in pool.shares],
            "explanation": list(pool.explanation),
        } for pool in result.pools],
        "items": [{"prize": prize(a.prize), "item": a.prize.item, **who(a.entrant),
                   "why": a.why} for a in result.items],
        "teams": [{"prizes": [prize(p) for p in t.prizes], "team": t.team,
                   "score": fraction(t.score), "members": [who(m) for m in t.members],
                   "exact": exact(t.exact), "paid": paid(t.paid), "item": t.item or None,
                   "why": t.why} for t in result.teams],
        "not_awarded": [{"prize": prize(u.prize), "what": "item" if u.item else "cash",
                         "reason": u.reason} for u in result.unawarded],
        "players": players,
        "explanations": list(result.explanations),
    }


def dumps(doc: dict[str, Any]) -> str:
    """The document as a file's text (the layout of every JSON output)."""
    return json_text(doc) + "\n"
