"""One event's share of the season view, worked out where the event is processed.

The season index (:mod:`.season`) gathers every entrant of every event.  What it shows of
one entrant in one event depends on that event alone: the keys that match the entrant
across events, its place and points, the counts behind the season figures and its games.
:func:`season_entries` works that out in the worker that processed the event; the parent
matches players and writes ``index.json`` and the player pages from these entries
(:mod:`.season`, :mod:`.season_html`).  The entries are also kept in the event's summary
file, one object an entrant, so a re-run that skips the event reads them back
(:func:`entry_to_json`, :func:`entries_from_json`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any, NamedTuple

from ..fide_tables import DP_TABLE
from ..model import Outcome, Tournament
from ..numbers import rule_decimal
from ..tiebreaks import StandingsResult
from ..tiebreaks.context import US_LETTER
from .matching import event_keys
from .summary import rating_of

__all__ = ["GAME_FIELDS", "Game", "SeasonEntry", "SiteEvent", "entries_from_json",
           "entry_to_json", "performance_rating", "season_entries", "site_event"]

_HALVES = {Outcome.WIN: 2, Outcome.INCONSISTENT_WIN: 2, Outcome.DRAW: 1,
           Outcome.INCONSISTENT_DRAW: 1}
"""Halves scored, for the performance rating (a game's points in 1-½-0)."""


class Game(NamedTuple):
    """One round of an entrant that was paired: what its player's page and ``rounds`` in
    ``index.json`` show of it."""

    round: int
    result: str
    """The US wall-chart letter: W D L X F Z B H U."""
    colour: str
    """``w``, ``b`` or ``-``."""
    opponent: str
    """The opponent's name, ``""`` for none."""
    opponent_rating: int | None
    """The opponent's rating (FIDE, else US Chess), if any."""


GAME_FIELDS = Game._fields
"""The columns of a game in a summary file."""


class SeasonEntry(NamedTuple):
    """One entrant of one event, as the season view needs it."""

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
    games: tuple[Game, ...]
    """The entrant's paired rounds, in round order."""
    after: int | None = None
    """With ``batch --ratings``: the estimated rating after the event
    (:mod:`swisstb_io.rating_change`); ``None`` without one."""


class SiteEvent(NamedTuple):
    """What the season site shows of an event around its entrants' rows."""

    file: str
    """The event's key (its path in the season folder)."""
    name: str
    date: str
    report: str
    """The event's HTML report (else its first output), relative to a player page; ``""``
    when the event has no output."""


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


def site_event(rel: str, summary: dict[str, Any], outputs: tuple[str, ...]) -> SiteEvent:
    """The event ``rel`` as the season site shows it (``summary``: its header facts,
    :func:`.summary.summarise`; ``outputs``: the files written for it)."""
    return SiteEvent(rel, summary.get("name", ""), summary.get("date", ""),
                     report_link(links_of(outputs)))


def season_entries(t: Tournament, result: StandingsResult,
                   after: Mapping[int, int | None] | None = None, *,
                   keys: Sequence[tuple[str, ...]] | None = None) -> tuple[SeasonEntry, ...]:
    """Every entrant of ``t`` (ranked as ``result``), in start-number order of the file;
    ``after``: the rating after the event of each start number (``batch --ratings``);
    ``keys``: the entrants' :func:`.matching.event_keys`, when the caller has them."""
    afters = after or {}
    if keys is None:
        keys = event_keys(t.players)
    ratings: dict[int, int | None] = {}
    names: dict[int, str] = {}
    for p in t.players:
        rated_as = rating_of(p)
        ratings[p.start_no] = rated_as[1] if rated_as else None
        names[p.start_no] = p.name
    place = {row.start_no: row.place for row in result.rows}
    ctx = result.context
    unit, steps = ctx.unit, ctx.points_of  # the point system in steps, as ranked
    out = []
    for p, units, entrant_keys in zip(t.players, ctx.points, keys, strict=True):
        n_rated = rating_sum = halves = played = 0
        score = 0  # points of the games played, in units
        games = []
        for rnd, rr in enumerate(p.results, 1):
            outcome = rr.outcome
            if outcome is Outcome.NOT_PAIRED:
                continue
            opponent = rr.opponent
            rating = None if opponent is None else ratings.get(opponent)
            games.append(Game(rnd, US_LETTER[outcome], rr.color.value,
                              "" if opponent is None else names.get(opponent, ""), rating))
            if outcome.played:
                played += 1
                score += steps[outcome]
                if rating and outcome.rated:
                    n_rated += 1
                    rating_sum += rating
                    halves += _HALVES.get(outcome, 0)
        out.append(SeasonEntry(
            keys=entrant_keys, name=p.name,
            place=place.get(p.start_no), points=rule_decimal(ctx.frac(units)), played=played,
            score=(score, unit), rated=n_rated, rating_sum=rating_sum, halves=halves,
            start_no=p.start_no, rating=ratings[p.start_no],
            performance=performance_rating(n_rated, rating_sum, halves), games=tuple(games),
            after=afters.get(p.start_no)))
    return tuple(out)


def entry_to_json(e: SeasonEntry) -> dict[str, Any]:
    """The entry as a summary file keeps it: an object of its fields (points as text,
    exact; each game a list of :data:`GAME_FIELDS`)."""
    return {"keys": list(e.keys), "name": e.name, "place": e.place, "points": str(e.points),
            "played": e.played, "score": list(e.score), "rated": e.rated,
            "rating_sum": e.rating_sum, "halves": e.halves, "start_no": e.start_no,
            "rating": e.rating, "performance": e.performance,
            "games": [list(g) for g in e.games], "after": e.after}


def _number(value: Any) -> bool:
    return type(value) is int  # not a bool, which is an int too


def _optional(value: Any) -> bool:
    return value is None or _number(value)


def _game(row: Any) -> Game | None:
    if not isinstance(row, list) or len(row) != len(GAME_FIELDS):
        return None
    rnd, result, colour, opponent, rating = row
    if not (_number(rnd) and isinstance(result, str) and isinstance(colour, str)
            and isinstance(opponent, str) and _optional(rating)):
        return None
    return Game(rnd, result, colour, opponent, rating)


def _entry(obj: Any) -> SeasonEntry | None:
    """One entry of a summary file, or None when ``obj`` is not one (a summary file
    changed by hand, or damaged)."""
    if not isinstance(obj, dict) or set(obj) != set(SeasonEntry._fields):
        return None
    keys, score, games = obj["keys"], obj["score"], obj["games"]
    try:
        points = Decimal(obj["points"]) if isinstance(obj["points"], str) else None
    except InvalidOperation:
        return None
    if (not isinstance(keys, list) or not keys or not all(isinstance(k, str) for k in keys)
            or not isinstance(obj["name"], str)
            or points is None or not points.is_finite()
            or not all(_optional(obj[k]) for k in ("place", "rating", "performance", "after"))
            or not all(_number(obj[k])
                       for k in ("played", "rated", "rating_sum", "halves", "start_no"))
            or not (isinstance(score, list) and len(score) == 2 and all(map(_number, score))
                    and score[1] > 0)
            or not isinstance(games, list)):
        return None
    read = [_game(g) for g in games]
    if None in read:
        return None
    return SeasonEntry(
        keys=tuple(keys), name=obj["name"], place=obj["place"], points=points,
        played=obj["played"], score=(score[0], score[1]), rated=obj["rated"],
        rating_sum=obj["rating_sum"], halves=obj["halves"], start_no=obj["start_no"],
        rating=obj["rating"], performance=obj["performance"],
        games=tuple(g for g in read if g is not None), after=obj["after"])


def entries_from_json(data: Any) -> tuple[SeasonEntry, ...] | None:
    """The entries a summary file holds (as :func:`entry_to_json` wrote them), or None
    when ``data`` is not a list of them."""
    if not isinstance(data, list):
        return None
    entries = []
    for obj in data:
        entry = _entry(obj)
        if entry is None:
            return None
        entries.append(entry)
    return tuple(entries)
