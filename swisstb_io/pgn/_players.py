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

from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import Diagnostics, quoted
from ._events import Event
from ._games import At, Side
from ._where import Where

Identity = tuple[str, str]
"""``("id", fide_id)`` or ``("name", name_key)``."""


@dataclass
class Entrant:
    """What the games say about one player (built while reading, then frozen into a
    :class:`~swisstb_io.model.Player`)."""

    name: str
    fide_id: str = ""
    elo: int | None = None
    title: str = ""
    team: str = ""
    start_nos: set[int] = field(default_factory=set)
    first_at: At = (0, 0, b"")
    """The player's first ``White``/``Black`` tag."""


def identify(event: Event, diag: Diagnostics, where: Where
             ) -> tuple[dict[Identity, Entrant], Callable[[Side], Identity]]:
    """The event's players by identity, and the function that finds a side's identity."""
    ids_of_name: dict[str, set[str]] = {}
    for game in event.games:
        for side in (game.white, game.black):
            if side.fide_id and not side.is_bye:
                ids_of_name.setdefault(side.key, set()).add(side.fide_id)

    def identity(side: Side) -> Identity:
        if side.fide_id:
            return ("id", side.fide_id)
        ids = ids_of_name.get(side.key, set())
        return ("id", next(iter(ids))) if len(ids) == 1 else ("name", side.key)

    players: dict[Identity, Entrant] = {}
    keys_of_id: dict[str, dict[str, tuple[str, At]]] = {}
    for game in event.games:
        for side in (game.white, game.black):
            if side.is_bye:
                continue
            who = identity(side)
            entrant = players.get(who)
            if entrant is None:
                entrant = players[who] = Entrant(side.name, first_at=side.at)
            _merge(entrant, side, diag, where)
            if who[0] == "id":
                keys_of_id.setdefault(who[1], {}).setdefault(side.key, (side.name, side.at))
    _warn_names(players, keys_of_id, ids_of_name, diag, where)
    return players, identity


_TAGS = {"fide_id": b"FideId", "elo": b"Elo", "title": b"Title", "team": b"Team"}


def _merge(entrant: Entrant, side: Side, diag: Diagnostics, where: Where) -> None:
    """Add what ``side`` says about the player; a value that differs is noted."""
    if side.start_no is not None:
        entrant.start_nos.add(side.start_no)
    if (side.fide_id, side.elo, side.title, side.team) == (
            entrant.fide_id, entrant.elo, entrant.title, entrant.team):
        return  # the game says what the earlier ones did
    for attr, tag in _TAGS.items():
        value = getattr(side, attr)
        if value in ("", None):
            continue
        known = getattr(entrant, attr)
        if known in ("", None):
            setattr(entrant, attr, value)
        elif known != value:
            at = (side.at[0], side.at[1], side.at[2] + tag)
            diag.info(where.tag(at), f"{entrant.name}: {attr.replace('_', ' ')} "
                      f"{quoted(value)} here, {quoted(known)} in an earlier game; the first "
                      "is used", "pgn-player-differs")


def _warn_names(players: dict[Identity, Entrant],
                keys_of_id: dict[str, dict[str, tuple[str, At]]],
                ids_of_name: dict[str, set[str]], diag: Diagnostics, where: Where) -> None:
    for fide_id, keys in keys_of_id.items():
        if len(keys) > 1:
            name = players["id", fide_id].name
            written = list(keys.values())
            diag.warn(where.tag(written[1][1]), f"FIDE id {fide_id} is written for {len(keys)} "
                      f"names ({', '.join(quoted(n) for n, _ in written)}); read as one "
                      f"player, {name!r}", "pgn-one-id-two-names")
    for key, ids in ids_of_name.items():
        if len(ids) > 1:
            first = min(players["id", i].first_at for i in ids)
            diag.warn(where.tag(first), f"{players['id', min(ids)].name!r} is written with "
                      f"{len(ids)} FIDE ids ({', '.join(sorted(ids))}); read as "
                      f"{len(ids)} players" + (" (and games without an id as one more)"
                                               if ("name", key) in players else ""),
                      "pgn-one-name-two-ids")


def start_numbers(players: dict[Identity, Entrant], diag: Diagnostics, where: Where
                  ) -> dict[Identity, int]:
    """Each player's start number: the file's when it gives a full, consistent set, else
    by rating (highest first, unrated last), then name."""
    given = {who: next(iter(e.start_nos)) for who, e in players.items() if len(e.start_nos) == 1}
    if len(given) == len(players) and len(set(given.values())) == len(given):
        return given
    if any(e.start_nos for e in players.values()):
        first = min(e.first_at for e in players.values() if e.start_nos)
        diag.warn(where.tag(first), "the StartNo tags do not give every player one start "
                  "number of their own; players are numbered by rating, then name",
                  "pgn-start-numbers")
    order = sorted(players, key=lambda who: (-(players[who].elo or 0),
                                             players[who].name.casefold(), players[who].name))
    return {who: n for n, who in enumerate(order, 1)}


__all__ = ["Entrant", "Identity", "identify", "start_numbers"]
