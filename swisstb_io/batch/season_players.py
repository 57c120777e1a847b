"""Season players: the entrants of every event matched across events, and their figures.

Players are matched by FIDE id, else by US Chess id, else (only for entrants without any
id) by normalised name (:func:`.matching.normalise_name`); an entrant with both ids
links the two.  Two entrants of one event are never one player: a key two entrants of an
event share (two "Smith, John" without ids) matches neither of them to anyone (each is a
player of their own), and links that would join two entrants of one event through other
events (one's FIDE id, the other's US Chess id, both held by an entrant elsewhere) are
cut: in date order, each entrant joins the first player it shares a key with that has no
entrant of its event yet.  Season figures count games played over the board: ``games``, ``score``
(their points, exact), and the performance rating: the average rating of the rated
opponents (rounded half up) plus ``dp`` of the score percentage (FIDE B.02 8.1 table),
over rated games against opponents with a rating (FIDE rating, else US Chess rating).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from ..numbers import rule_decimal
from .results import FileResult
from .season_parts import SeasonEntry, performance_rating
from .surnames import surname_key


class _Union:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, key: str) -> str:
        root = self.parent.setdefault(key, key)
        while root != self.parent[root]:
            root = self.parent[root]
        while key != root:  # path compression
            self.parent[key], key = root, self.parent[key]
        return root

    def join(self, keys: Sequence[str]) -> str:
        first = self.find(keys[0])
        for k in keys[1:]:
            other = self.find(k)
            if other != first:
                self.parent[other] = first
        return first


def performance(games: Iterable[tuple[int, int]]) -> int | None:
    """``games`` are ``(halves scored, opponent rating)``; None when there is none."""
    pairs = list(games)
    return performance_rating(len(pairs), sum(r for _, r in pairs), sum(h for h, _ in pairs))


@dataclass(slots=True)
class SeasonPlayer:
    """One player of the season, matched across events."""

    name: str
    other_names: list[str]
    matched_by: str
    fide_id: str
    uscf_id: str
    events: list[int]
    """The event (its number in the index's events) of each of :attr:`entrants`."""
    entrants: list[SeasonEntry]
    """The player's entry in each of its events, in date order (:func:`season_players`)."""
    keys: list[str]
    """Every key the player's entrants were matched by, sorted."""
    games: int
    score: Decimal
    performance: int | None
    rated_games: int
    id: str = field(default="")

    @property
    def entries(self) -> list[tuple[int, SeasonEntry]]:
        """``(event number, entry)`` in date order."""
        return list(zip(self.events, self.entrants, strict=True))


def _score(scores: Iterable[tuple[int, int]]) -> Fraction:
    """The sum of the entrants' points (each ``(numerator, denominator)``), exact."""
    by_unit: dict[int, int] = {}  # numerators summed by denominator: integer sums
    for steps, unit in scores:
        by_unit[unit] = by_unit.get(unit, 0) + steps
    return sum((Fraction(n, d) for d, n in by_unit.items()), Fraction(0))


def _player(events: list[int], entrants: list[SeasonEntry]) -> SeasonPlayer:
    """The player of the ``entrants`` (of ``events``)."""
    keys = {k for e in entrants for k in e.keys}
    fide = sorted(k[5:] for k in keys if k.startswith("fide:"))
    uscf = sorted(k[5:] for k in keys if k.startswith("uscf:"))
    how = [w for w, ids in (("FIDE id", fide), ("US Chess id", uscf)) if ids]
    names = list(dict.fromkeys(e.name for e in entrants))
    n_rated = sum(e.rated for e in entrants)
    return SeasonPlayer(
        name=names[0], other_names=names[1:], matched_by=" + ".join(how) if how else "name",
        fide_id=", ".join(fide), uscf_id=", ".join(uscf), events=events, entrants=entrants,
        keys=sorted(keys), games=sum(e.played for e in entrants),
        score=rule_decimal(_score(e.score for e in entrants)),
        performance=performance_rating(n_rated, sum(e.rating_sum for e in entrants),
                                       sum(e.halves for e in entrants)),
        rated_games=n_rated)


def _linked(groups: dict[str, list[int]], union: _Union) -> defaultdict[str, list[int]]:
    """``groups`` (slots by an entrant's first key, in order of their first slot) merged by
    the keys' links: one group per player, still in order of its first slot."""
    merged: defaultdict[str, list[int]] = defaultdict(list)
    for key, slots in groups.items():
        merged[union.find(key) if key in union.parent else key] += slots
    for slots in merged.values():
        slots.sort()
    return merged


def _one_per_event(slots: list[int], events: list[int],
                   links: list[tuple[str, ...]]) -> list[list[int]]:
    """``slots`` (one player's, in date order) as one player, or split when two are of the
    same event: each slot joins the first part it shares a key with that has no slot of
    its event, else starts a part."""
    if len({events[s] for s in slots}) == len(slots):
        return [slots]
    parts: list[tuple[set[int], set[str], list[int]]] = []
    for s in slots:
        for part_events, keys, part in parts:
            if events[s] not in part_events and keys.intersection(links[s]):
                part_events.add(events[s])
                keys.update(links[s])
                part.append(s)
                break
        else:
            parts.append(({events[s]}, set(links[s]), [s]))
    return [part for _, _, part in parts]


def season_players(results: Sequence[FileResult]) -> list[SeasonPlayer]:
    """Every player of the season's events, matched across events, sorted by surname
    (:mod:`.surnames`), with their ids (``p1``, ``p2``…).  ``results`` must be in the order
    of the index's ``events`` (entries refer to events by position).  Each player's events
    are in date order (events without a date first; on the same date, in the index's
    order), for ``index.json`` and the player's page alike."""
    union = _Union()  # only keys that an entrant links to another are in it
    events: list[int] = []  # by slot: each entrant's event, and the entrant
    entrants: list[SeasonEntry] = []
    links: list[tuple[str, ...]] = []  # by slot: the keys that may match it to others
    groups: defaultdict[str, list[int]] = defaultdict(list)  # slots by first key
    dates = [(res.summary or {}).get("date") or "" for res in results]
    for ev in sorted(range(len(results)), key=lambda n: (dates[n], n)):
        season = results[ev].season or ()
        shared = Counter(k for entry in season for k in entry.keys)
        for slot, entry in enumerate(season, len(entrants)):
            keys = tuple(k for k in entry.keys if shared[k] == 1) or (f"alone:{slot}",)
            if len(keys) > 1:
                union.join(keys)
            groups[keys[0]].append(slot)
            links.append(keys)
        events += [ev] * len(season)
        entrants += season
    if union.parent:
        groups = _linked(groups, union)
    parts = [part for slots in groups.values() for part in _one_per_event(slots, events, links)]
    players = [_player([events[s] for s in slots], [entrants[s] for s in slots])
               for slots in parts]
    players.sort(key=lambda p: surname_key(p.name))
    for n, p in enumerate(players, 1):
        p.id = f"p{n}"
    return players
