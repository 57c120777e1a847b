"""Entrants for the prize calculation from the standings (the same calculator and chain as
``swisstb report``) and the tournament's player records.

* rank: the standings' order (points, then the tie-break chain); players the chain leaves
  equal keep the standings' order (by start number) and share a place;
* ratings: FIDE and every other list by lower-case name (``fide``, ``uscf``…); 0 = unrated;
* sex: ``F`` for a woman (``w``/``f`` in the file), ``M`` for ``m``;
* birth: ``YYYY/MM/DD`` or ``YYYY-MM-DD``; a year alone counts as 1 January;
* tags: the values of a ``Tags`` (or ``Tag``) column or extra, comma separated; a player
  tagged ``house``, ``replaced`` (a re-entry replaced it) or ``absent`` (from a prize-giving
  that requires presence) wins nothing (§3.0);
* withdrawn: no result at all in the last round played (32C1);
* fields a team prize can group by: ``team`` (also ``club``), ``federation``, ``state`` and
  any other column by its lower-case label.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping
from types import MappingProxyType

from ..model import Outcome, Player, Tournament
from ..tiebreaks import StandingsResult
from .model import Entrant

_DATE = re.compile(r"(\d{4})(?:[-/.](\d{1,2})[-/.](\d{1,2}))?$")


def entrants_of(result: StandingsResult, tournament: Tournament) -> list[Entrant]:
    """One :class:`Entrant` per standings row, best first."""
    players = tournament.by_start_no()
    last = tournament.rounds_played
    first = result.chain[0].key if result.chain else ""
    out = []
    for rank, row in enumerate(result.rows, 1):
        p = players[row.start_no]
        tb = row.values.get(first) if first else None
        out.append(Entrant(
            start_no=row.start_no, name=row.name, points=row.points, rank=rank,
            place=row.place, ratings=_ratings(p), sex=_sex(p.sex), birth=birth_date(p.birth),
            federation=p.federation.upper(), tags=_tags(p), fields=_fields(p),
            withdrawn=last > 0 and p.result(last).outcome is Outcome.NOT_PAIRED,
            first_tiebreak=None if tb is None else tb.value,
        ))
    return out


def _ratings(p: Player) -> Mapping[str, int]:
    out: dict[str, int] = {}
    if p.fide_rating:
        out["fide"] = p.fide_rating
    for r in p.ratings:
        if r.value:
            out.setdefault(r.system.lower(), r.value)
    return MappingProxyType(out)


def _sex(text: str) -> str:
    code = text.strip().upper()
    return "F" if code in ("W", "F") else code


def birth_date(text: str) -> _dt.date | None:
    m = _DATE.match(text.strip())
    if m is None:
        return None
    year, month, day = m.groups()
    try:
        return _dt.date(int(year), int(month or 1), int(day or 1))
    except ValueError:
        return None


def _tags(p: Player) -> frozenset[str]:
    out: set[str] = set()
    for key, value in p.extras.items():
        if key.lower().rsplit(":", 1)[-1] in ("tags", "tag"):
            out.update(t.strip().lower() for t in value.split(",") if t.strip())
    return frozenset(out)


def _fields(p: Player) -> Mapping[str, str]:
    out = {"team": p.team, "club": p.team, "federation": p.federation}
    for key, value in p.extras.items():
        label = key.rsplit(":", 1)[-1].lower()
        out.setdefault(label, value)
    return MappingProxyType({k: v for k, v in out.items() if v})
