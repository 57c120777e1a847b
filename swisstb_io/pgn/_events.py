"""The events of a PGN file: its games grouped by ``Event``, ``Site`` and ``EventDate``.

A database or a season's broadcast file holds several events; each one is a section of
the file (as in a multi-section ``.sjson``).  Games are one event when their ``Event``,
``Site`` and ``EventDate`` tags are the same.  A file that holds the same event twice
without an ``EventDate`` (a yearly open, one edition after the other) is split where a
game is dated more than :data:`EDITION_GAP_DAYS` after the game before it in the event
and its round is not after the rounds seen so far (the rounds start again).

Sections are named by the event; by the event and the site when two share a name; and
by the dates too when two share both.
"""

from __future__ import annotations

import bisect
import datetime as dt
from typing import NamedTuple

from ._games import Game

EDITION_GAP_DAYS = 30
"""Days between two games of one event name after which a restart of the rounds is a new
edition."""


class Event(NamedTuple):
    """The games of one event, in file order."""

    event: str
    site: str
    event_date: str
    games: list[Game]
    unread: list[tuple[int, int]]
    """Where the games the reader cannot use (no players) are: kept with the event of the
    game before them, so that writing the file back gives them back."""


class _Edition:
    __slots__ = ("event", "last_date", "max_round")

    def __init__(self, event: Event) -> None:
        self.event = event
        self.last_date: dt.date | None = None
        self.max_round = 0


def group(games: list[Game], unread: list[tuple[int, int]]) -> list[Event]:
    """The events of ``games``, in the order of their first game; each game of
    ``unread`` goes with the event of the game before it (the first event when none is)."""
    editions: dict[tuple[str, str, str], _Edition] = {}
    events: list[Event] = []
    for game in games:
        key = (game.event, game.site, game.event_date)
        edition = editions.get(key)
        if edition is None or _starts_again(edition, game):
            edition = editions[key] = _Edition(Event(*key, [], []))
            events.append(edition.event)
        edition.event.games.append(game)
        if game.date is not None:
            edition.last_date = game.date
        if game.round is not None:
            edition.max_round = max(edition.max_round, game.round[0])
    owner = {game.start: event for event in events for game in event.games}
    starts = sorted(owner)
    for span in unread:
        k = bisect.bisect_left(starts, span[0]) - 1
        (owner[starts[k]] if k >= 0 else events[0]).unread.append(span)
    return events


def _starts_again(edition: _Edition, game: Game) -> bool:
    last = edition.last_date
    return (last is not None and game.date is not None and game.round is not None
            and (game.date - last).days > EDITION_GAP_DAYS
            and game.round[0] <= edition.max_round)


def labels(events: list[Event]) -> list[str]:
    """A distinct name for each event: the event, then the site, then the dates."""
    def base(e: Event) -> str:
        return e.event or "(no event name)"

    def with_site(e: Event) -> str:
        return f"{base(e)} ({e.site})" if e.site else base(e)

    def with_dates(e: Event) -> str:
        dates = sorted(g.date for g in e.games if g.date is not None)
        span = (f"{dates[0]:%Y.%m.%d}" + (f"-{dates[-1]:%Y.%m.%d}" if dates[-1] != dates[0]
                                          else "")) if dates else e.event_date
        inner = ", ".join(part for part in (e.site, span) if part)
        return f"{base(e)} ({inner})" if inner else base(e)

    names = [base(e) for e in events]
    for step in (with_site, with_dates):
        names = [step(e) if names.count(name) > 1 else name for e, name in zip(events, names,
                                                                                strict=True)]
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name} #{seen[name]}")
    return out


__all__ = ["EDITION_GAP_DAYS", "Event", "group", "labels"]
