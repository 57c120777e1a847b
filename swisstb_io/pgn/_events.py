"""The events of a PGN file: its games grouped by ``Event``, ``Site`` and ``EventDate``.

A database or a season's broadcast file holds several events; each one is a section of
the file (as in a multi-section ``.sjson``).  Games are one event when their ``Event``,
``Site`` and ``EventDate`` tags are the same.  A file that holds the same event twice
without an ``EventDate`` (a yearly open, one edition after the other) is split where a
game is dated more than :data:`EDITION_GAP_DAYS` after the game before it in the event
and its round is not after the rounds seen so far (the rounds start again).

Games are put into their event as they are read; each event keeps one small
:class:`Record` a game, so a file of any size is read in memory that grows with its
games, never with its text.  Sections are named by the event; by the event and the site
when two share a name; and by the dates too when two share both.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import NamedTuple

from ..model import Outcome
from ._games import Game
from ._players import Entrant, Entrants

EDITION_GAP_DAYS = 30
"""Days between two games of one event name after which a restart of the rounds is a new
edition."""


class Record(NamedTuple):
    """One game of an event, as much as building the event needs."""

    round: int | None
    """``None`` until the rounds are numbered by date (``--rounds-by-date``)."""
    date: dt.date | None
    white: Entrant | None
    """``None`` for the pseudo-player ``BYE``."""
    black: Entrant | None
    white_outcome: Outcome
    black_outcome: Outcome
    board: int | None
    """``Round "3.1"``'s board, else the ``Board`` tag's."""
    start: int
    tags_end: int
    end: int


class Event:
    """The games of one event, in file order."""

    __slots__ = ("dates", "entrants", "event", "event_date", "last_date", "max_round",
                 "records", "site", "unread")

    def __init__(self, event: str, site: str, event_date: str) -> None:
        self.event = event
        self.site = site
        self.event_date = event_date
        self.records: list[Record] = []
        self.entrants = Entrants()
        self.unread: list[tuple[int, int]] = []
        """Where the games the reader cannot use are (kept so that writing the file back
        gives them back)."""
        self.dates: set[dt.date] = set()
        self.last_date: dt.date | None = None
        self.max_round = 0

    def note(self, game: Game) -> None:
        """Keep the game's date and round for splitting editions and naming."""
        if game.date is not None:
            self.last_date = game.date
            self.dates.add(game.date)
        if game.round is not None:
            self.max_round = max(self.max_round, game.round[0])


class Events:
    """The events of a file, in the order of their first game."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self._current: dict[tuple[str, str, str], Event] = {}
        self._before_any: list[tuple[int, int]] = []

    def of(self, game: Game) -> Event:
        """The event ``game`` belongs to (a new one, or a new edition, when needed)."""
        key = game.event
        event = self._current.get(key)
        if event is None or _starts_again(event, game):
            event = self._current[key] = Event(*key)
            if not self.events:
                event.unread.extend(self._before_any)
            self.events.append(event)
        event.note(game)
        return event

    def unread(self, span: tuple[int, int]) -> None:
        """A game that cannot be used goes with the event of the game before it (the first
        event when it comes first)."""
        if not self.events:
            self._before_any.append(span)
            return
        max(self.events, key=lambda e: e.records[-1].start if e.records else -1
            ).unread.append(span)


def _starts_again(event: Event, game: Game) -> bool:
    last = event.last_date
    return (last is not None and game.date is not None and game.round is not None
            and (game.date - last).days > EDITION_GAP_DAYS
            and game.round[0] <= event.max_round)


def labels(events: list[Event]) -> list[str]:
    """A distinct name for each event: the event, then the site, then the dates."""
    def base(e: Event) -> str:
        return e.event or "(no event name)"

    def with_site(e: Event) -> str:
        return f"{base(e)} ({e.site})" if e.site else base(e)

    def with_dates(e: Event) -> str:
        first, last = (min(e.dates), max(e.dates)) if e.dates else (None, None)
        span = (f"{first:%Y.%m.%d}" + (f"-{last:%Y.%m.%d}" if last != first else "")
                if first is not None else e.event_date)
        inner = ", ".join(part for part in (e.site, span) if part)
        return f"{base(e)} ({inner})" if inner else base(e)

    names = [base(e) for e in events]
    for step in (with_site, with_dates):
        counts = Counter(names)
        names = [step(e) if counts[name] > 1 else name for e, name in zip(events, names,
                                                                           strict=True)]
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name} #{seen[name]}")
    return out


__all__ = ["EDITION_GAP_DAYS", "Event", "Events", "Record", "labels"]
