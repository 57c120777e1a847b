"""One event's share of the season view, worked out where the event is processed.

The season index (:mod:`.season`) gathers every entrant of every event.  What it shows of
one entrant in one event depends on that event alone: the keys that match the entrant
across events, its place and points, the counts behind the season figures and its games.
:func:`season_entries` works that out in the worker that processed the event (so the
season index is built in parallel); the parent matches players and renders the index and
the player pages (:mod:`.season`, :mod:`.season_html`).  The entries are also kept in the
event's summary file, so a re-run that skips the event reads them back
(:func:`entries_to_json`, :func:`entries_from_json`).
"""

from __future__ import annotations

import unicodedata
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, NamedTuple

from ..model import Color, Outcome, PointSystem, Tournament
from ..reports._numbers import decimal
from ..tiebreaks import StandingsResult
from ..tiebreaks.context import US_LETTER
from .summary import rating_of

_HALVES = {Outcome.WIN: 2, Outcome.INCONSISTENT_WIN: 2, Outcome.DRAW: 1,
           Outcome.INCONSISTENT_DRAW: 1}
"""Halves scored, for the performance rating (a game's points in 1-½-0)."""

SeasonGame = tuple[int, str, str, str, int | None]
"""One game of an entrant: ``(round, US letter, colour, opponent's name, opponent's
rating)``; the name is ``""`` and the rating ``None`` without an opponent (or rating)."""


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
    score: tuple[tuple[int, int], ...]
    """Points of those games: a sum of fractions ``(numerator, denominator)``."""
    rated: int
    """Rated games against an opponent with a rating, their ratings' sum and the halves
    scored in them (the performance rating)."""
    rating_sum: int
    halves: int
    games: tuple[SeasonGame, ...]
    """Every round the entrant was paired in, in order."""
    start_no: int = 0
    """The entrant's start number in the event (its line of the event page: ``#x<n>``)."""
    rating: int | None = None
    """The rating the event used for the entrant (FIDE, else US Chess), if any."""


def normalise_name(name: str) -> str:
    """``"Müller, Hans"`` and ``"hans  MULLER"`` both give ``"hans muller"``."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name)
                    if not unicodedata.combining(c))
    words = "".join(c if c.isalnum() else " " for c in plain.casefold()).split()
    return " ".join(sorted(words))


def _real_id(text: str) -> str:
    text = text.strip()
    return text if text.strip("0") else ""


def entrant_keys(name: str, fide_id: str, uscf_id: str) -> tuple[str, ...]:
    """The keys that match an entrant across events: its ids, else its normalised name."""
    keys = []
    if fide := _real_id(fide_id):
        keys.append(f"fide:{fide}")
    if uscf := _real_id(uscf_id):
        keys.append(f"uscf:{uscf}")
    return tuple(keys) or (f"name:{normalise_name(name)}",)


def report_link(links: dict[str, str]) -> str:
    """The event's HTML report (else its first output), relative to a player page."""
    href = links.get("html") or next(iter(links.values()), "")
    return f"../{href}" if href else ""


def links_of(outputs: tuple[str, ...] | list[str]) -> dict[str, str]:
    """The event's outputs by kind (their last suffix: ``html``, ``json``, ``zip``…)."""
    return {o.rsplit(".", 1)[-1]: o for o in outputs}


_GameFacts = tuple[str, bool, bool, int, int, int]


def _facts(ps: PointSystem) -> dict[Outcome, _GameFacts]:
    """What the season view needs of each outcome, in one lookup: ``(US letter, played
    over the board, rated, halves scored, numerator, denominator of its points)``."""
    unit, steps = ps.units()
    return {o: (US_LETTER[o], o.played, o.played and o.rated, _HALVES.get(o, 0),
                *Fraction(steps[o], unit).as_integer_ratio()) for o in Outcome}


def season_entries(t: Tournament, result: StandingsResult) -> tuple[SeasonEntry, ...]:
    """Every entrant of ``t`` (ranked as ``result``), in start-number order of the file."""
    opponents: dict[int | None, tuple[str, int | None]] = {None: ("", None)}
    for p in t.players:
        rated_as = rating_of(p)
        opponents[p.start_no] = (p.name, rated_as[1] if rated_as else None)
    nobody = opponents[None]
    facts = _facts(t.point_system)
    colours = {c: c.value for c in Color}
    place = {row.start_no: row.place for row in result.rows}
    ctx = result.context
    not_paired = Outcome.NOT_PAIRED
    out = []
    for p, units in zip(t.players, ctx.points, strict=True):
        n_rated = rating_sum = halves = played = 0
        by_den: dict[int, int] = {}  # points of the games played, summed by denominator
        games: list[SeasonGame] = []
        for rnd, rr in enumerate(p.results, 1):
            outcome = rr.outcome
            if outcome is not_paired:
                continue
            name, rating = opponents.get(rr.opponent, nobody)
            letter, over_the_board, rated, halves_scored, num, den = facts[outcome]
            games.append((rnd, letter, colours[rr.color], name, rating))
            if over_the_board:
                played += 1
                by_den[den] = by_den.get(den, 0) + num
                if rating and rated:
                    n_rated += 1
                    rating_sum += rating
                    halves += halves_scored
        keys = entrant_keys(p.name, p.fide_id, p.national_id("USCF"))
        out.append(SeasonEntry(
            keys, p.name, place.get(p.start_no), decimal(ctx.frac(units)), played,
            tuple((num, den) for den, num in by_den.items()), n_rated, rating_sum, halves,
            tuple(games), p.start_no, opponents[p.start_no][1]))
    return tuple(out)


def entries_to_json(entries: tuple[SeasonEntry, ...]) -> list[list[Any]]:
    """The entries as plain JSON lists (the fields in order; points as a string; the
    tuples inside, the keys, score and games, as they are: :mod:`json` writes a tuple as
    an array, so copying each of the ~10^6 games of a season into a list is not needed)."""
    return [[*e[:3], str(e.points), *e[4:]] for e in entries]


def entries_from_json(data: Any) -> tuple[SeasonEntry, ...] | None:
    """The entries a summary file holds (as :func:`entries_to_json` wrote them), or None
    when ``data`` is not a list of them."""
    if not isinstance(data, list):
        return None
    # a summary written before entries had their start number and rating (ten fields):
    # the event page link and the rating column are left blank for it
    data = [[*row, 0, None] if isinstance(row, list) and len(row) == 10 else row
            for row in data]
    try:
        return tuple(
            SeasonEntry(tuple(keys), name, place, Decimal(points), played,
                        tuple((int(n), int(d)) for n, d in score), rated, rating_sum, halves,
                        tuple((rnd, letter, colour, opp, rating)
                              for rnd, letter, colour, opp, rating in games),
                        start_no, own_rating)
            for (keys, name, place, points, played, score, rated, rating_sum, halves, games,
                 start_no, own_rating) in data)
    except (TypeError, ValueError, InvalidOperation):
        return None
