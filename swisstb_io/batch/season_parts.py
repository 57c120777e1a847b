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
(:func:`rounds_json` puts the number in).
"""

from __future__ import annotations

import html
import unicodedata
from fractions import Fraction
from json.encoder import encode_basestring
from typing import Any, NamedTuple

from ..model import Color, Outcome, Tournament
from ..tiebreaks.context import US_LETTER
from ..tiebreaks.report import decimal
from ..tiebreaks.standings import StandingsResult
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
    ps = t.point_system
    # Worked out once: each outcome's facts (Enum members hash in Python code: by id()),
    # each colour, and each player as an opponent: the name escaped for HTML and quoted
    # for JSON, the rating as HTML and JSON text.
    outcomes = {id(o): (o is Outcome.NOT_PAIRED, *_OUTCOME_INFO[o.value],
                        Fraction(ps.points(o)).as_integer_ratio()) for o in Outcome}
    colours = {id(c): c.value for c in Color}
    opponents: dict[int | None, tuple[str, str, str, str, int]] = {
        None: ("", '""', "", "null", 0)}
    for p in t.players:
        rating = rating_of(p)
        value = rating[1] if rating else 0
        opponents[p.start_no] = (esc[p.name], encode_basestring(p.name),
                                 str(value) if value else "", str(value) if value else "null",
                                 value)
    nobody = opponents[None]
    place = {row.start_no: row.place for row in result.rows}
    ctx = result.context
    points_of = _Points()
    out = []
    for p in t.players:
        played = n_rated = rating_sum = halves_sum = 0
        by_den: dict[int, int] = {}  # points of the games played, summed by denominator
        rows = []
        page = []
        for rnd, rr in enumerate(p.results, 1):
            skip, is_played, is_rated, letter, halves, (num, den) = outcomes[id(rr.outcome)]
            if skip:
                continue
            name_html, name_json, rating_html, rating_json, opp_rating = (
                opponents.get(rr.opponent, nobody))
            colour = colours[id(rr.color)]  # a letter or "-": nothing to escape or quote
            rows.append(f'{EVENT_MARK}{rnd},"{letter}","{colour}",{name_json},{rating_json}]')
            page.append(f"<tr><td>{rnd}</td><td>{colour}</td><td>{name_html}</td>"
                        f"<td>{rating_html}</td><td>{letter}</td></tr>")
            if is_played:
                played += 1
                by_den[den] = by_den.get(den, 0) + num
                if is_rated and opp_rating:
                    n_rated += 1
                    rating_sum += opp_rating
                    halves_sum += halves
        points = points_of[ctx.frac(ctx.points[ctx.index[p.start_no]])]
        rank = place.get(p.start_no)
        page.insert(0, f"{head}{'' if rank is None else rank}, {points} points</th></tr>")
        out.append(SeasonEntry(
            entrant_keys(p.name, p.fide_id, p.national_id("USCF")), p.name, rank, points,
            played, tuple((n, d) for d, n in by_den.items()), n_rated, rating_sum,
            halves_sum, ",".join(rows), "\n".join(page)))
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


class _Points(dict[Fraction, str]):
    """Points as a JSON number, exact: ``Fraction(7, 2)`` -> ``"3.5"``."""

    def __missing__(self, key: Fraction) -> str:
        value = self[key] = str(decimal(key))
        return value


def rounds_json(entry: SeasonEntry, event: int) -> str:
    """``entry``'s ``rounds`` rows with the event number ``event`` in place."""
    return entry.rounds.replace(EVENT_MARK, f"[{event},")
