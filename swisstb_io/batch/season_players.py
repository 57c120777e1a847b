"""Season players: the entrants of every event matched across events, and their figures.

Players are matched by FIDE id, else by US Chess id, else (only for entrants without any
id) by normalised name (:func:`.season_parts.normalise_name`); an entrant with both ids
links the two.  Season figures count games played over the board: ``games``, ``score``
(their points, exact), and the performance rating: the average rating of the rated
opponents (rounded half up) plus ``dp`` of the score percentage (FIDE B.02 8.1 table),
over rated games against opponents with a rating (FIDE rating, else US Chess rating).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from itertools import chain

from ..reports._numbers import decimal
from ..tiebreaks.rating_tables import DP_TABLE
from .results import FileResult
from .season_parts import SeasonEntry
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
    return _performance(len(pairs), sum(r for _, r in pairs), sum(h for h, _ in pairs))


def entry_performance(entry: SeasonEntry) -> int | None:
    """The entrant's performance rating in its event (as :func:`performance`)."""
    return _performance(entry.rated, entry.rating_sum, entry.halves)


def _performance(n: int, rating_sum: int, halves: int) -> int | None:
    """Average opponent rating (half up) + dp(score percentage, half up); B.02 8.1 table."""
    if not n:
        return None
    aro = (2 * rating_sum + n) // (2 * n)
    pct = (halves * 100 + n) // (2 * n)
    return int(aro + DP_TABLE[pct])


@dataclass(slots=True)
class SeasonPlayer:
    """One player of the season, matched across events."""

    name: str
    other_names: list[str]
    matched_by: str
    fide_id: str
    uscf_id: str
    entries: list[tuple[int, SeasonEntry]]
    """``(event number, entry)`` in the order of the index's events."""
    games: int
    score: Decimal
    performance: int | None
    rated_games: int
    id: str = field(default="")


def _player(items: list[tuple[int, SeasonEntry]]) -> SeasonPlayer:
    # each field of the entries as one tuple (a season has ~10^5 entries: the sums and
    # joins over a column run in C)
    col = dict(zip(SeasonEntry._fields, zip(*(e for _, e in items), strict=True),
                   strict=True))
    keys = set(chain.from_iterable(col["keys"]))
    fide = sorted(k[5:] for k in keys if k.startswith("fide:"))
    uscf = sorted(k[5:] for k in keys if k.startswith("uscf:"))
    how = [w for w, ids in (("FIDE id", fide), ("US Chess id", uscf)) if ids]
    names = list(dict.fromkeys(col["name"]))
    by_den: dict[int, int] = {}  # numerators summed by denominator: integer sums
    for num, den in chain.from_iterable(col["score"]):
        by_den[den] = by_den.get(den, 0) + num
    total = sum((Fraction(n, d) for d, n in by_den.items()), Fraction(0))
    n_rated = sum(col["rated"])
    return SeasonPlayer(names[0], names[1:], " + ".join(how) if how else "name",
                        ", ".join(fide), ", ".join(uscf), items, sum(col["played"]),
                        decimal(total),
                        _performance(n_rated, sum(col["rating_sum"]), sum(col["halves"])),
                        n_rated)


def season_players(results: Sequence[FileResult]) -> list[SeasonPlayer]:
    """Every player of the season's events, matched across events, sorted by surname
    (:mod:`.surnames`), with their ids (``p1``, ``p2``…).  ``results`` must be in the order
    of the index's ``events`` (entries refer to events by position)."""
    union = _Union()  # only keys that an entrant links to another are in it
    entries: list[tuple[int, SeasonEntry]] = []
    for ev, res in enumerate(results):
        for entry in res.season or ():
            if len(entry.keys) > 1:
                union.join(entry.keys)
            entries.append((ev, entry))
    groups: dict[str, list[tuple[int, SeasonEntry]]] = {}
    find, linked = union.find, union.parent
    for item in entries:
        key = item[1].keys[0]
        groups.setdefault(find(key) if key in linked else key, []).append(item)
    players = [_player(items) for items in groups.values()]
    players.sort(key=lambda p: surname_key(p.name))
    for n, p in enumerate(players, 1):
        p.id = f"p{n}"
    return players
