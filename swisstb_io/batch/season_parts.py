"""One event's share of the season view, worked out where the event is processed.

The season index (:mod:`.season`) gathers every entrant of every event.  What it shows of
one entrant in one event depends on that event alone: the keys that match the entrant
across events, its place and points, the counts behind the season figures, and its rows of
``index.json`` and of its player's page (:mod:`.season_rows`).  :func:`season_entries`
works all that out in the worker that processed the event (so the bulk of the season index
is made in parallel); the parent matches players, joins their rows and renders the index
and the player pages (:mod:`.season`, :mod:`.season_html`).  The entries are also kept in
the event's summary file, so a re-run that skips the event reads them back
(:func:`entries_to_json`, :func:`entries_from_json`).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any, NamedTuple

from ..model import Color, Outcome, Tournament
from ..reports._numbers import decimal
from ..tiebreaks import StandingsResult
from ..tiebreaks.context import US_LETTER
from ..tiebreaks.rating_tables import DP_TABLE
from .matching import event_keys
from .season_rows import EventRows, Game, SiteEvent
from .summary import rating_of

__all__ = ["SeasonEntry", "entries_from_json", "entries_to_json", "performance_rating",
           "season_entries", "site_event"]

_HALVES = {Outcome.WIN: 2, Outcome.INCONSISTENT_WIN: 2, Outcome.DRAW: 1,
           Outcome.INCONSISTENT_DRAW: 1}
"""Halves scored, for the performance rating (a game's points in 1-½-0)."""


class SeasonEntry(NamedTuple):
    """One entrant of one event, as the season view needs it (a named tuple: ~10^5 of
    them cross from the workers to the parent process in a season)."""

    keys: tuple[str, ...]
    """``fide:<id>``, ``uscf:<id>``, or (without either id) ``name:<normalised name>``."""
    name: str
    place: int | None
    points: Decimal
    """The entrant's points in the event (exact)."""
    played: int
    """Games played over the board."""
    score: tuple[int, int]
    """Points of those games, exact: ``(numerator, denominator)``, the denominator the
    event's point unit (not reduced: ``(7, 2)`` for 3½ points, ``(4, 2)`` for 2)."""
    rated: int
    """Rated games against an opponent with a rating, their ratings' sum and the halves
    scored in them (the performance rating)."""
    rating_sum: int
    halves: int
    start_no: int
    """The entrant's start number in the event (its line of the event page: ``#x<n>``)."""
    rating: int | None
    """The rating the event used for the entrant (FIDE, else US Chess), if any."""
    performance: int | None
    """The entrant's performance rating in the event (:func:`performance_rating` of
    :attr:`rated`, :attr:`rating_sum` and :attr:`halves`)."""
    rounds_json: str
    """The entrant's rows of its player's ``rounds`` in ``index.json``, one a game, without
    the event's number (:func:`.season_rows.numbered_rounds` puts it in)."""
    games_html: str
    """The entrant's ``<tbody>`` of its player's games table (HTML)."""
    event_html: str
    """The entrant's row of its player's events table (HTML)."""
    after: int | None = None
    """With ``batch --ratings``: the estimated rating after the event
    (:mod:`swisstb_io.rating_change`); ``None`` without one."""


def performance_rating(n: int, rating_sum: int, halves: int) -> int | None:
    """The performance rating over ``n`` games against opponents rated ``rating_sum`` in
    all, scoring ``halves`` half points: their average rating (half up) + dp of the score
    percentage (half up), FIDE B.02 8.1 table; None without a game."""
    if not n:
        return None
    aro = (2 * rating_sum + n) // (2 * n)
    pct = (halves * 100 + n) // (2 * n)
    return int(aro + DP_TABLE[pct])


def report_link(links: dict[str, str]) -> str:
    """The event's HTML report (else its first output), relative to a player page."""
    href = links.get("html") or next(iter(links.values()), "")
    return f"../{href}" if href else ""


def links_of(outputs: tuple[str, ...] | list[str]) -> dict[str, str]:
    """The event's outputs by kind (their last suffix: ``html``, ``json``, ``zip``…)."""
    return {o.rsplit(".", 1)[-1]: o for o in outputs}


def site_event(rel: str, summary: dict[str, Any], outputs: list[str]) -> SiteEvent:
    """The event ``rel`` as the season site shows it (``summary``: its header facts,
    :func:`.summary.summarise`; ``outputs``: the files written for it)."""
    return SiteEvent(rel, summary["name"], summary["date"], report_link(links_of(outputs)))


_GameFacts = tuple[str, bool, bool, int, int]


def _facts(steps: Mapping[Outcome, int]) -> dict[Outcome, _GameFacts]:
    """What the season view needs of each outcome, in one lookup: ``(US letter, played
    over the board, rated, halves scored, its points in units)`` (``steps``: the points
    of each outcome in units, :meth:`~swisstb_io.model.PointSystem.units`)."""
    return {o: (US_LETTER[o], o.played, o.played and o.rated, _HALVES.get(o, 0), steps[o])
            for o in Outcome}


def season_entries(t: Tournament, result: StandingsResult, event: SiteEvent,
                   after: Mapping[int, int | None] | None = None) -> tuple[SeasonEntry, ...]:
    """Every entrant of ``t`` (ranked as ``result``; shown on the season site as
    ``event``), in start-number order of the file; ``after``: the rating after the event
    of each start number (``batch --ratings``)."""
    rows = EventRows(event, max((len(p.results) for p in t.players), default=0),
                     after is not None)
    afters = after or {}
    # each player as an opponent: the rating, and the rows' pieces
    opponents: dict[int | None, tuple[int | None, str, str]] = {
        None: (None, *rows.opponent("", None))}
    for p in t.players:
        rated_as = rating_of(p)
        rating = rated_as[1] if rated_as else None
        opponents[p.start_no] = (rating, *rows.opponent(p.name, rating))
    nobody = opponents[None]
    unit, outcome_steps = t.point_system.units()
    facts = _facts(outcome_steps)
    colours = {c: c.value for c in Color}  # a dict look-up: ~6x faster than .value
    place = {row.start_no: row.place for row in result.rows}
    ctx = result.context
    not_paired = Outcome.NOT_PAIRED
    points_of: dict[int, Decimal] = {}  # points by units: a few dozen values an event
    out = []
    for p, units, keys in zip(t.players, ctx.points, event_keys(t.players), strict=True):
        n_rated = rating_sum = halves = played = 0
        steps = 0  # points of the games played, in units
        games: list[Game] = []
        for rnd, rr in enumerate(p.results, 1):
            outcome = rr.outcome
            if outcome is not_paired:
                continue
            rating, json_end, html_middle = opponents.get(rr.opponent, nobody)
            letter, over_the_board, rated, halves_scored, game_steps = facts[outcome]
            games.append((rnd, letter, colours[rr.color], json_end, html_middle))
            if over_the_board:
                played += 1
                steps += game_steps
                if rating and rated:
                    n_rated += 1
                    rating_sum += rating
                    halves += halves_scored
        rank = place.get(p.start_no)
        points = points_of.get(units)
        if points is None:
            points = points_of[units] = decimal(ctx.frac(units))
        own_rating = opponents[p.start_no][0]
        perf = performance_rating(n_rated, rating_sum, halves)
        new = afters.get(p.start_no)
        out.append(SeasonEntry(
            keys, p.name, rank, points, played,
            (steps, unit), n_rated, rating_sum, halves,
            p.start_no, own_rating, perf, rows.rounds(games), rows.games(rank, points, games),
            rows.event_row(p.start_no, rank, points, played, perf, own_rating, new), new))
    return tuple(out)


def entries_to_json(entries: tuple[SeasonEntry, ...]) -> list[list[Any]]:
    """The entries as plain JSON lists (the fields in order; points as a string; the
    tuples inside, the keys and score, as they are: :mod:`json` writes a tuple as an
    array)."""
    return [[*e[:3], str(e.points), *e[4:]] for e in entries]


def _number(value: Any) -> bool:
    return type(value) is int  # not a bool, which is an int too


def _entry(row: Any) -> SeasonEntry | None:
    """One entry of a summary file (a list of :class:`SeasonEntry`'s fields), or None when
    ``row`` is not one (a summary file changed by hand, or damaged)."""
    if not isinstance(row, list) or len(row) != len(SeasonEntry._fields):
        return None
    (keys, name, place, points, played, score, rated, rating_sum, halves, start_no,
     rating, perf, rounds_json, games_html, event_html, after) = row
    try:
        exact = Decimal(points) if isinstance(points, str) else None
    except InvalidOperation:
        return None
    if (exact is None or not exact.is_finite() or not isinstance(keys, list) or not keys
            or not all(isinstance(k, str) for k in keys) or not isinstance(name, str)
            or not all(v is None or _number(v) for v in (place, rating, perf, after))
            or not all(map(_number, (played, rated, rating_sum, halves, start_no)))
            or not (isinstance(score, list) and len(score) == 2 and all(map(_number, score))
                    and score[1] > 0)
            or not all(isinstance(text, str) for text in (rounds_json, games_html, event_html))):
        return None
    return SeasonEntry(tuple(keys), name, place, exact, played,
                       (score[0], score[1]), rated, rating_sum, halves, start_no,
                       rating, perf, rounds_json, games_html, event_html, after)


def entries_from_json(data: Any) -> tuple[SeasonEntry, ...] | None:
    """The entries a summary file holds (as :func:`entries_to_json` wrote them), or None
    when ``data`` is not a list of them."""
    if not isinstance(data, list):
        return None
    entries = []
    for row in data:
        entry = _entry(row)
        if entry is None:
            return None
        entries.append(entry)
    return tuple(entries)
