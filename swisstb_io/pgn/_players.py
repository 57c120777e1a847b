"""The players of one PGN event: who is who across games, and their start numbers.

A player is told apart by a plausible FIDE id when the game gives one, else by the name
as written, normalised for spaces and case only (:func:`._games.name_key`).  A game
without an id joins the player of that name when exactly one id goes with the name.  Two
different names are never one player silently: one FIDE id under two names is one
player, with a warning that names both; one name under two ids is two players, with a
warning.  A player's name, rating, title, FIDE id and team are the first the file gives;
a later game that says otherwise is noted (an info diagnostic).

Start numbers come from ``WhiteStartNo``/``BlackStartNo`` when every player has one and
no two share one (swisstb writes them); otherwise players are numbered by rating (highest
first, unrated last), then name.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Diagnostics, quoted
from ._games import At, Side
from ._where import Where

_TAGS = {"fide_id": b"FideId", "elo": b"Elo", "title": b"Title", "team": b"Team"}


@dataclass(eq=False)
class Entrant:
    """What the games say about one player (one per FIDE id, or per name without one)."""

    name: str
    key: str
    first_at: At
    """The player's first ``White``/``Black`` tag."""
    fide_id: str = ""
    elo: int | None = None
    title: str = ""
    team: str = ""
    start_nos: set[int] = field(default_factory=set)
    names: dict[str, tuple[str, At]] = field(default_factory=dict)
    """Each name key the player's games give, with its first spelling and tag."""


class Entrants:
    """The players of one event, as its games name them."""

    def __init__(self) -> None:
        self.by_identity: dict[tuple[str, str], Entrant] = {}
        self.ids_of_name: dict[str, set[str]] = {}
        self.of_side: dict[Side, tuple[Entrant, bool]] = {}
        """Each side seen, its entrant, and whether it says something else about them than
        an earlier game (then each of its games is noted, as the first was)."""

    def add(self, side: Side, at: At, diag: Diagnostics, where: Where) -> Entrant:
        """The player ``side`` names (in the tag ``at``), with what it says about them
        added."""
        seen = self.of_side.get(side)
        if seen is not None:  # the same tags again: the entrant already has what they say
            known, differs = seen
            if differs:
                _merge(known, side, at, diag, where)
            return known
        identity = ("id", side.fide_id) if side.fide_id else ("name", side.key)
        entrant = self.by_identity.get(identity)
        if entrant is None:
            entrant = self.by_identity[identity] = Entrant(side.name, side.key, at)
        if side.fide_id:
            self.ids_of_name.setdefault(side.key, set()).add(side.fide_id)
        entrant.names.setdefault(side.key, (side.name, at))
        if side.start_no is not None:
            entrant.start_nos.add(side.start_no)
        if (side.fide_id, side.elo, side.title, side.team) != (
                entrant.fide_id, entrant.elo, entrant.title, entrant.team):
            _merge(entrant, side, at, diag, where)
        self.of_side[side] = entrant, _differs(entrant, side)
        return entrant

    def resolve(self, diag: Diagnostics, where: Where) -> dict[Entrant, Entrant]:
        """Each entrant's player: a name without an id is the player of that name's one
        id when there is exactly one; the two-name and two-id cases are warned about."""
        player = {e: e for e in self.by_identity.values()}
        for (kind, key), entrant in self.by_identity.items():
            ids = self.ids_of_name.get(key, set())
            if kind == "name" and len(ids) == 1:
                target = self.by_identity["id", next(iter(ids))]
                _absorb(target, entrant)
                player[entrant] = target
        for entrant in set(player.values()):
            if entrant.fide_id and len(entrant.names) > 1:
                written = list(entrant.names.values())
                diag.warn(where.tag(written[1][1]), f"FIDE id {entrant.fide_id} is written for "
                          f"{len(written)} names ({', '.join(quoted(n) for n, _ in written)}); "
                          f"read as one player, {entrant.name!r}", "pgn-one-id-two-names")
        for key, ids in self.ids_of_name.items():
            if len(ids) > 1:
                players = sorted((self.by_identity["id", i] for i in ids),
                                 key=lambda e: e.first_at)
                diag.warn(where.tag(players[0].first_at), f"{players[0].name!r} is written with "
                          f"{len(ids)} FIDE ids ({', '.join(sorted(ids))}); read as "
                          f"{len(ids)} players" + (" (and games without an id as one more)"
                                                   if ("name", key) in self.by_identity else ""),
                          "pgn-one-name-two-ids")
        return player


def _merge(entrant: Entrant, side: Side, at: At, diag: Diagnostics, where: Where) -> None:
    """Add what ``side`` says about the player; a value that differs is noted."""
    for attr, tag in _TAGS.items():
        value = getattr(side, attr)
        if value in ("", None):
            continue
        known = getattr(entrant, attr)
        if known in ("", None):
            setattr(entrant, attr, value)
        elif known != value:
            what = attr.replace("_", " ")
            diag.info(where.tag((at[0], at[1], at[2] + tag)), f"{entrant.name}: {what} "
                      f"{quoted(value)} here, {quoted(known)} in an earlier game; the first "
                      "is used", "pgn-player-differs")


def _differs(entrant: Entrant, side: Side) -> bool:
    """Whether ``side`` gives the player a value other than the one they have (the first
    the file gave).  The answer holds for the rest of the file: a player's value, once
    set, is never changed."""
    return any(getattr(side, attr) not in ("", None, getattr(entrant, attr)) for attr in _TAGS)


def _absorb(target: Entrant, other: Entrant) -> None:
    """``other`` (games without an id) into ``target`` (the player of that name's id): the
    first value the file gives of each, whichever entrant's game came first."""
    first = other if other.first_at < target.first_at else target
    for attr in _TAGS:
        mine, theirs = getattr(target, attr), getattr(other, attr)
        if theirs not in ("", None) and (mine in ("", None) or first is other):
            setattr(target, attr, theirs)
    if first is other:
        target.name, target.first_at = other.name, other.first_at
    target.start_nos |= other.start_nos
    for key, written in other.names.items():
        target.names.setdefault(key, written)


def start_numbers(players: list[Entrant], diag: Diagnostics, where: Where
                  ) -> dict[Entrant, int]:
    """Each player's start number: the file's when it gives a full, consistent set, else
    by rating (highest first, unrated last), then name."""
    given = {e: next(iter(e.start_nos)) for e in players if len(e.start_nos) == 1}
    if len(given) == len(players) and len(set(given.values())) == len(given):
        return given
    if any(e.start_nos for e in players):
        first = min(e.first_at for e in players if e.start_nos)
        diag.warn(where.tag(first), "the StartNo tags do not give every player one start "
                  "number of their own; players are numbered by rating, then name",
                  "pgn-start-numbers")
    order = sorted(players, key=lambda e: (-(e.elo or 0), e.name.casefold(), e.name))
    return {e: n for n, e in enumerate(order, 1)}


__all__ = ["Entrant", "Entrants", "start_numbers"]
