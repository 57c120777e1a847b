"""One event's share of the season view, worked out where the event is processed.

The season index (:mod:`.season`) gathers every entrant of every event.  What it shows of
one entrant in one event depends on that event alone: the keys that match the entrant
across events, its place and points, the counts behind the season figures, its rows of
``index.json``'s ``rounds`` and its section of the player's page.  :func:`season_entries`
works all that out in the worker that processed the event (so the season index is built in
parallel); the parent only matches players and joins the pieces.  The entries are also
kept in the event's summary file: a re-run that skips the event reads them back
(:func:`entries_from_json`).

The rows of ``rounds`` refer to the event by its position in the index, which only the
whole run knows: each row is written with the marker :data:`EVENT_MARK` in that place
(:mod:`.season` puts the number in).
"""

from __future__ import annotations

import html
import unicodedata
from fractions import Fraction
from json.encoder import encode_basestring
from typing import Any, NamedTuple

from ..model import Outcome, PointSystem, Tournament
from ..tiebreaks import StandingsResult
from ..tiebreaks.context import US_LETTER, Context
from ..tiebreaks.report import decimal
from .summary import rating_of

_HALVES = {"win": 2, "inconsistent-win": 2, "draw": 1, "inconsistent-draw": 1}
_OUTCOME_INFO: dict[str, tuple[bool, bool, str, int]] = {
    o.value: (o.played, o.rated, US_LETTER[o], _HALVES.get(o.value, 0)) for o in Outcome
}
"""``(played over the board, rated, US letter, halves scored)`` by outcome value."""

EVENT_MARK = '["\\u0000",'
"""How a ``rounds`` row of :attr:`SeasonEntry.rounds` starts before the event number is
known: a JSON string holding U+0000 as the first item.  Inside a JSON string ``"`` is
always escaped, so the mark can only be the start of a row."""


class SeasonEntry(NamedTuple):
    """One entrant of one event, as the season view needs it (a named tuple: it crosses
    from the worker to the parent process, ~10^5 of them in a season)."""

    keys: tuple[str, ...]
    """``fide:<id>``, ``uscf:<id>``, or (without either id) ``name:<normalised name>``."""
    name: str
    place: int | None
    points: str
    """The entrant's points in the event, as a JSON number (``3.5``)."""
    played: int
    """Games played over the board."""
    score: tuple[tuple[int, int], ...]
    """Points of those games: a sum of fractions ``(numerator, denominator)``."""
    rated: int
    """Rated games against an opponent with a rating, their ratings' sum and the halves
    scored in them (the performance rating)."""
    rating_sum: int
    halves: int
    rounds: str
    """The rows of ``index.json``'s ``rounds``, comma-separated, starting with
    :data:`EVENT_MARK`."""
    page: str
    """The entrant's section of the player's page: a heading row, then one row a round."""


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


_new_tuple = tuple.__new__
"""``_new_tuple(SeasonEntry, fields)``: a named tuple made in C."""
# Enum members hash in Python code: the lookups below are keyed by the member's value
# (``_value_``, a plain attribute; the strings are the same objects, so a lookup is cheap).
_LETTERS = {o.value: info[2] for o, info in ((o, _OUTCOME_INFO[o.value]) for o in Outcome)}
"""The US letter by outcome value."""
_RATED_GAMES = frozenset(o.value for o in Outcome if o.played and o.rated)
"""Outcomes of a rated game played over the board."""
_HALVES_OF = {o.value: _OUTCOME_INFO[o.value][3] for o in Outcome}
_KEYS: dict[tuple[str, str, tuple[tuple[str, str], ...]], tuple[str, ...]] = {}
""":func:`entrant_keys` by ``(name, FIDE id, national ids)``: entrants recur from event to
event of a season."""
_NAMES: dict[str, str] = {}
"""Names escaped for HTML (they recur from event to event)."""
_SCORES: dict[PointSystem, dict[str, tuple[bool, int, int]]] = {}
""":func:`_scores` by point system (a season holds one or two)."""


def _scores(ps: PointSystem) -> dict[str, tuple[bool, int, int]]:
    """``(played over the board, numerator, denominator of the points)`` by outcome value."""
    table = _SCORES.get(ps)
    if table is None:
        unit, steps = ps.units()
        table = {o.value: (_OUTCOME_INFO[o.value][0],
                           *Fraction(steps[o], unit).as_integer_ratio()) for o in Outcome}
        if len(_SCORES) >= 64:
            _SCORES.clear()
        _SCORES[ps] = table
    return table


def season_entries(
    t: Tournament, result: StandingsResult, summary: dict[str, Any], rel: str,
    outputs: tuple[str, ...] | list[str],
) -> tuple[SeasonEntry, ...]:
    """Every entrant of the event ``rel`` (``t`` ranked as ``result``; ``summary`` its
    header facts; ``outputs`` the files written for it)."""
    esc = _Escaped()
    link = esc[report_link(links_of(outputs))]
    file = esc[rel]
    label = f'<a href="{link}">{file}</a>' if link else file
    when = f", {esc[summary['date']]}" if summary.get("date") else ""
    head = f'<tr class="ev"><th colspan="5">{label} {esc[summary["name"]]}{when}: place '
    players = t.players
    # Each player as an opponent: the end of a ``rounds`` row (name quoted for JSON, then
    # the rating), the middle of a page row (name escaped for HTML, then the rating) and
    # the rating for the performance (0: none).
    opponents: dict[int | None, tuple[str, str, int]] = {
        None: ('"",null]', "</td><td></td><td>", 0)}
    escaped = _NAMES
    for p in players:
        rating = rating_of(p)
        value = rating[1] if rating else 0
        name = p.name
        name_html = escaped.get(name)
        if name_html is None:
            name_html = html.escape(name)
            if len(escaped) >= 100_000:
                escaped.clear()
            escaped[name] = name_html
        opponents[p.start_no] = (f"{encode_basestring(name)},{value if value else 'null'}]",
                                 f"{name_html}</td><td>{value if value else ''}</td><td>",
                                 value)
    nobody = opponents[None]
    top = max(map(len, [p.results for p in players]), default=0) + 1
    json_rnd = [f'{EVENT_MARK}{rnd},"' for rnd in range(top)]
    html_rnd = [f"<tr><td>{rnd}</td><td>" for rnd in range(top)]
    letters, rated_games, halves_of = _LETTERS, _RATED_GAMES, _HALVES_OF
    not_paired = Outcome.NOT_PAIRED
    scores = _scores(t.point_system)
    place = {row.start_no: row.place for row in result.rows}
    ctx = result.context
    points_of = _Points(ctx)
    known = _KEYS
    out = []
    for p, units in zip(players, ctx.points, strict=True):
        n_rated = rating_sum = halves_sum = 0
        rows = []
        page = [""]  # the heading, put in below
        mine = []
        for rnd, rr in enumerate(p.results, 1):
            outcome = rr.outcome
            if outcome is not_paired:
                continue
            key = outcome._value_
            letter = letters[key]
            opp_json, opp_html, opp_value = opponents.get(rr.opponent, nobody)
            colour = rr.color._value_  # a letter or "-": nothing to escape or quote
            rows.append(f'{json_rnd[rnd]}{letter}","{colour}",{opp_json}')
            page.append(f"{html_rnd[rnd]}{colour}</td><td>{opp_html}{letter}</td></tr>")
            mine.append(key)
            if opp_value and key in rated_games:
                n_rated += 1
                rating_sum += opp_value
                halves_sum += halves_of[key]
        played = 0
        by_den: dict[int, int] = {}  # points of the games played, summed by denominator
        for key in dict.fromkeys(mine):
            is_played, num, den = scores[key]
            if is_played:
                times = mine.count(key)
                played += times
                by_den[den] = by_den.get(den, 0) + num * times
        points = points_of[units]
        rank = place.get(p.start_no)
        page[0] = f"{head}{'' if rank is None else rank}, {points} points</th></tr>"
        ident = (p.name, p.fide_id, p.national_ids)
        keys = known.get(ident)
        if keys is None:
            keys = entrant_keys(p.name, p.fide_id, p.national_id("USCF"))
            if len(known) >= 100_000:
                known.clear()
            known[ident] = keys
        out.append(_new_tuple(SeasonEntry, (
            keys, p.name, rank, points,
            played, tuple(zip(by_den.values(), by_den, strict=True)), n_rated, rating_sum,
            halves_sum, ",".join(rows), "\n".join(page))))
    return tuple(out)


def entries_from_json(data: Any) -> tuple[SeasonEntry, ...] | None:
    """The entries a summary file holds (as :func:`json.dumps` wrote them), or None when
    ``data`` is not a list of them."""
    if not isinstance(data, list):
        return None
    try:
        return tuple(
            SeasonEntry(tuple(keys), name, place, points, played,
                        tuple((int(n), int(d)) for n, d in score), rated, rating_sum, halves,
                        rounds, page)
            for keys, name, place, points, played, score, rated, rating_sum, halves, rounds,
            page in data)
    except (TypeError, ValueError):
        return None


class _Escaped(dict[str, str]):
    def __missing__(self, key: str) -> str:
        value = self[key] = html.escape(key)
        return value


class _Points(dict[int, str]):
    """Points in units of ``ctx`` as a JSON number, exact: ``7`` (halves) -> ``"3.5"``."""

    def __init__(self, ctx: Context) -> None:
        super().__init__()
        self.ctx = ctx

    def __missing__(self, units: int) -> str:
        value = self[units] = str(decimal(self.ctx.frac(units)))
        return value
