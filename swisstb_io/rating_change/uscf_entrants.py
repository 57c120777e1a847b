"""Who each player is to the US Chess rating system before the event (ratings.md U.2-U.4,
Part C): the pre-event rating, the games it rests on (N), the effective games N', the
Step 1 start rating of an unrated player, and which formula applies.

The file rarely says N: a rated player whose games are not known is taken as
established (N' = N*), unless the file writes a provisional rating (``1523/12``) or the
player data gives ``uscf_games``.  Each such default is named in the player's notes.
"""

from __future__ import annotations

import datetime as _dt
import re
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

from ..model import Player, Tournament
from ..us_notation import parse_date
from .player_data import Facts, History, PlayerData, PlayerDataError
from .uscf_numbers import Tables

ESTABLISHED_AFTER = 25
"""A rating based on more than 25 games is established."""
SPECIAL_UP_TO = 8
"""The special formula is used for ratings based on 8 or fewer games."""
ADULT_START = 1300
_PROVISIONAL = re.compile(r"\s*(\d{1,4})\s*[/pP]\s*(\d{1,5})\s*")
_RATING_TEXTS = ("csv:rating", "sjson:player:Rating")
"""Where readers keep a rating written with its games (``1523/12``)."""


class Entrant(NamedTuple):
    player: Player
    rating: int | None
    """The pre-event US Chess rating; ``None``: unrated."""
    prior: Decimal
    """R0: the pre-event rating, or the Step 1 start rating of an unrated player."""
    games_before: int | None
    """N; ``None``: not known (taken as established)."""
    effective: Decimal
    """N' = min(N, N*); 0 for an unrated player without a start rating."""
    special: bool
    """Whether the special formula applies."""
    history: History
    established: bool
    notes: tuple[str, ...]
    facts: Facts | None


def uses_us_ratings(t: Tournament) -> bool:
    """Whether the file has US Chess ratings (else its main ratings are used)."""
    return any(p.rating("USCF") for p in t.players)


def _birth(p: Player, facts: Facts | None) -> tuple[_dt.date | None, str]:
    """The birth date for the age rule and how it was read (a year alone: 1 July)."""
    if facts is not None and facts.birth_year is not None:
        return (_dt.date(facts.birth_year, 7, 1),
                f"born {facts.birth_year} (player data; 1 July taken)")
    text = p.birth.strip()
    if not text:
        return None, ""
    year = re.fullmatch(r"(\d{4})(?:[-/.]00[-/.]00)?", text)
    if year and 1900 <= int(year[1]) <= 2100:
        return _dt.date(int(year[1]), 7, 1), f"born {year[1]} (year only: 1 July taken)"
    parsed = parse_date(text).value
    if parsed is None:
        return None, f"birth date {text!r} not readable"
    return parsed, f"born {parsed.isoformat()}"


def start_rating(p: Player, facts: Facts | None, day: _dt.date | None) -> tuple[Decimal, str]:
    """Step 1 for an unrated player without other ratings: the age-based rating (U.3)."""
    born, how = _birth(p, facts)
    if born is None or day is None:
        why = (how or "no birth date in the file") if day is not None else "no event date"
        return Decimal(ADULT_START), (f"start rating {ADULT_START} (Step 1: {why}, taken for "
                                      "an adult)")
    age = Fraction((day - born).days * 4, 1461)  # days / 365.25
    if age > 26:
        return Decimal(ADULT_START), f"start rating {ADULT_START} (Step 1: {how}, over 26)"
    rating = max(Fraction(100), 50 * age)
    value = (Decimal(rating.numerator) / Decimal(rating.denominator)).quantize(
        Decimal(1).scaleb(-30))
    years = Decimal(age.numerator) / Decimal(age.denominator)
    return value, (f"start rating {value:.1f} (Step 1: {how}; age {years:.2f} × 50, at "
                   "least 100)")


def _provisional_games(p: Player) -> int | None:
    """N from a rating the file writes with its games: ``1523/12``, ``1523P12``."""
    for key in _RATING_TEXTS:
        text = p.extras.get(key)
        m = _PROVISIONAL.fullmatch(text) if text else None
        if m:
            return int(m[2])
    return None


def entrant(p: Player, rating: int | None, facts: Facts | None, day: _dt.date | None,
            tables: Tables) -> Entrant:
    notes: list[str] = []
    history = facts.uscf_history if facts is not None and facts.uscf_history else History.MIXED
    given = facts.uscf_games if facts is not None else None
    if rating is None:
        if facts is not None and facts.uscf_start is not None:
            prior = Decimal(facts.uscf_start)
            n = given or 0
            notes.append(f"start rating {facts.uscf_start} worth {n} games (player data, "
                         "uscf_start)")
        else:
            prior, how = start_rating(p, facts, day)
            n = 0
            notes.append(how)
        effective = min(Decimal(n), tables.star(prior))
        return Entrant(p, None, prior, n, effective, True, history, False, tuple(notes), facts)
    if facts is not None and facts.uscf_start is not None:
        raise PlayerDataError(f"start number {p.start_no} has a US Chess rating ({rating}) in "
                              "the file: uscf_start is for unrated players",
                              facts.at("uscf_start"))
    prior = Decimal(rating)
    star = tables.star(prior)
    n_file = _provisional_games(p)
    based = given if given is not None else n_file
    if based is None:
        effective = star
        notes.append(f"N′ {star:.2f} (= N*: established assumed, the games before the event "
                     "are not in the file; give uscf_games)")
    else:
        effective = min(Decimal(based), star)
        source = "player data" if given is not None else "the file's rating"
        notes.append(f"rating based on {based} games ({source}): N′ = min({based}, N* "
                     f"{star:.2f}) = {effective:.2f}"
                     + ("; provisional" if based <= ESTABLISHED_AFTER else ""))
    special = (based is not None and based <= SPECIAL_UP_TO) or history is not History.MIXED
    if history is not History.MIXED:
        notes.append(f"every earlier game a {'win' if history is History.WINS else 'loss'} "
                     "(player data): special formula (U.5)")
    established = based is None or based > ESTABLISHED_AFTER
    return Entrant(p, rating, prior, based, effective, special, history, established,
                   tuple(notes), facts)


def entrants(t: Tournament, data: PlayerData, day: _dt.date | None, tables: Tables
             ) -> tuple[dict[int, Entrant], tuple[str, ...]]:
    """Every player of ``t`` as an :class:`Entrant`, and the notes for the whole event."""
    notes = []
    own = uses_us_ratings(t)
    if not own:
        notes.append("the file has no US Chess ratings: its ratings (e.g. TRF columns 49-52) "
                     "are used as US Chess ratings")
    out = {}
    for p in t.players:
        rating = p.rating("USCF") if own else p.fide_rating
        out[p.start_no] = entrant(p, rating or None, data.rows.get(p.start_no), day, tables)
    return out, tuple(notes)
