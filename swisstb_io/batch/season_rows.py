"""One event's rows of the season site, written with the event.

An entrant of an event shows in three places of the season site:

* its player's ``rounds`` in ``index.json``: one row a game (:data:`ROUND_COLUMNS`);
* on its player's page, a ``<tbody>`` of the games table: the event's heading row, then one
  row a game (:data:`GAME_COLUMNS`);
* on the same page, one row of the events table (:data:`EVENT_COLUMNS`).

All three depend on the event alone, so :class:`EventRows` writes them with the event, in
the worker that processed it (:func:`.season_parts.season_entries`); the parent process
only matches players and joins their rows (the season's ~10^6 games are written in
parallel).

A row of ``rounds`` starts with the event's number in the index, which only the whole run
knows.  An entrant's rows are therefore kept without it, one a line
(:data:`ROW_BREAK`), and :func:`numbered_rounds` puts the number in when the index is
written.  Every text from an input file is escaped (JSON for ``index.json``, HTML for the
pages).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from ..reports._escape import html_text
from .site_links import file_href

ROUND_COLUMNS = ("event", "round", "result", "colour", "opponent", "opponent_rating")
"""The columns of each row of a season player's ``rounds`` in ``index.json``: ``event`` is
the index of the event in the index's ``events`` list; ``result`` is the US wall-chart
letter (W D L X F Z B H U)."""

GAME_COLUMNS = (("Rd", "num"), ("Col", "text"), ("Opponent", "text"), ("Rtg", "best"),
                ("Result", "text"))
"""The columns of a player's games table, ``(heading, kind)``: how the page sorts the
column, ``text``, ``num`` (lowest first) or ``best`` (a number, highest first).  The
stylesheet aligns its numbers (``table.games``, columns 1 and 4): a class on each of the
season's ~10^6 cells would be ~20 MB of pages."""

EVENT_COLUMNS = (("Date", "text"), ("Event", "text"), ("Place", "num"), ("Points", "best"),
                 ("Games", "best"), ("Perf.", "best"), ("Rating", "best"))
"""The columns of a player's events table (``table.events``: the stylesheet keeps its dates
on one line and aligns its numbers, columns 3 to 7, without a class on each cell)."""

AFTER_COLUMN = ("After", "best")
"""The events table's last column with ``batch --ratings``: the estimated rating after the
event (FIDE or US Chess, :mod:`swisstb_io.rating_change`)."""

ROW_BREAK = "\n"
"""Between two of an entrant's ``rounds`` rows (kept without the event number): compact
JSON never holds a line break, since :mod:`json` writes one inside a string as ``\\n``."""

_JSON_TEXT = json.JSONEncoder(ensure_ascii=False).encode
"""A string as a JSON string (quoted and escaped)."""


def numbered_rounds(rows: str, event: int) -> str:
    """An entrant's ``rounds`` rows (as :class:`EventRows` keeps them) as ``index.json``
    holds them: each starting with ``event``, comma-separated (``""`` for no game)."""
    if not rows:
        return ""
    start = f"[{event},"
    return start + rows.replace(ROW_BREAK, "," + start)


@dataclass(frozen=True)
class SiteEvent:
    """What the season site shows of an event around its entrants' rows."""

    file: str
    """The event's key (its path in the season folder)."""
    name: str
    date: str
    report: str
    """The event's HTML report (else its first output), relative to a player page; ``""``
    when the event has no output."""


Game = tuple[int, str, str, str, str]
"""One game of an entrant, as its rows need it: ``(round, US letter, colour, and the two
pieces of the opponent)`` (:meth:`EventRows.opponent`)."""


class EventRows:
    """The rows of one event's entrants (of up to ``rounds`` rounds); the pieces that recur
    (the heading, a round's first cells, a number's cell) are made once per
    event."""

    def __init__(self, event: SiteEvent, rounds: int, ratings: bool = False) -> None:
        self._ratings = ratings
        """Whether the events-table row has the :data:`AFTER_COLUMN` cell."""
        link = html_text(file_href(event.report))
        file = html_text(event.file)
        label = f'<a href="{link}">{file}</a>' if link else file
        when = f", {html_text(event.date)}" if event.date else ""
        self._heading = (f'<tbody><tr class="ev"><th colspan="5" scope="rowgroup">{label} '
                         f"{html_text(event.name)}{when}: place ")
        title = html_text(event.name or event.file)  # its name, else its file
        first = f"<tr><td>{html_text(event.date)}</td><td>"
        self._event_cells = ((f'{first}<a href="{link}#x', f'">{title}</a></td>') if link
                             else (f"{first}{title}</td>", ""))
        self._round_starts = [f"\n<tr><td>{rnd}</td><td>" for rnd in range(rounds + 1)]
        """A games-table row up to its colour (with the line break before it), by round."""
        self._number_cells = _NumberCells()

    @staticmethod
    def opponent(name: str, rating: int | None) -> tuple[str, str]:
        """What a game's rows hold of an opponent (``""`` and None for none): the end of
        a ``rounds`` row (name and rating) and the middle of a games-table row (from the
        colour to the result)."""
        shown = "" if rating is None else rating
        return (f'{_JSON_TEXT(name)},{"null" if rating is None else rating}]',
                f"</td><td>{html_text(name)}</td><td>{shown}</td><td>")

    def rounds(self, games: Sequence[Game]) -> str:
        """An entrant's rows of ``rounds`` (without the event number), one a line."""
        # a US letter and a colour (w, b, -) need no escaping in JSON or HTML
        return ROW_BREAK.join([f'{rnd},"{letter}","{colour}",{json_end}'
                               for rnd, letter, colour, json_end, _ in games])

    def games(self, place: int | None, points: Decimal, games: Sequence[Game]) -> str:
        """An entrant's ``<tbody>`` of its player's games table: the heading (the event,
        place and points), then one row a game: round, colour, opponent, rating, result
        (:data:`GAME_COLUMNS`)."""
        starts = self._round_starts
        # a Decimal with !s: str() is its format() text, ~4x faster
        return "".join([f"{self._heading}{'' if place is None else place}, {points!s} "
                        "points</th></tr>",
                        *[f"{starts[rnd]}{colour}{html_middle}{letter}</td></tr>"
                          for rnd, letter, colour, _, html_middle in games],
                        "</tbody>"])

    def event_row(self, start_no: int, place: int | None, points: Decimal, played: int,
                  performance: int | None, rating: int | None,
                  rating_after: int | None = None) -> str:
        """An entrant's row of its player's events table: the event linked to the
        entrant's line of its page (when it has one), place, points, games, performance,
        the rating used and (with ratings) the estimated rating after the event."""
        before, after = self._event_cells
        cell = self._number_cells
        last = cell[rating_after] if self._ratings else ""
        return (f'{before}{start_no if after else ""}{after}{cell[place]}'
                f"<td>{points!s}</td><td>{played}</td>"
                f"{cell[performance]}{cell[rating]}{last}</tr>")


class _NumberCells(dict[int | None, str]):
    """A number's cell (``None``: empty, which sorts last), made once per number."""

    def __missing__(self, value: int | None) -> str:
        cell = self[value] = f'<td>{"" if value is None else value}</td>'
        return cell
