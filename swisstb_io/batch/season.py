"""The season index (``index.json``, ``index.html``): every event, and each player across events.

Players are matched across events by FIDE id, else by US Chess id, else (only for entrants
without any id) by normalised name: accents and punctuation dropped, case folded and the
words sorted, so ``"Müller, Hans"`` and ``"Hans Muller"`` meet.  An entrant with both ids
links the two.  Each season player records how it was matched.

Season figures count games played over the board: ``games``, ``score`` (their points, exact),
and the performance rating: the average rating of the rated opponents (rounded half up) plus
``dp`` of the score percentage (FIDE B.02 8.1 table), over rated games against opponents
with a rating (FIDE rating, else US Chess rating).

``index.html`` lists the events and the season players; the players' games are on pages
of fifty players (``players/<n>.html#<id>``), so the index stays light for a browser
whatever the season's size (1,000 events of ~110 players: an index under 1 MB, pages of
~1 MB, ~25 KB a player).

What one entrant contributes is worked out with its event, in the worker
(:mod:`.season_parts`); here the entrants are matched and their pieces joined, and
``index.json`` is written as text from those pieces (a season holds ~10^6 values).
"""

from __future__ import annotations

import gc
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from itertools import chain, repeat
from operator import itemgetter
from pathlib import Path
from typing import Any

from ..api import atomic_write
from ..tiebreaks.rating_tables import DP_TABLE
from ..tiebreaks.report import decimal
from .runner import FileResult
from .season_html import index_html, write_player_pages
from .season_parts import EVENT_MARK, SeasonEntry, entries_from_json, normalise_name
from .summary import SUMMARY_SCHEMA

SEASON_SCHEMA = "swisstb-season/1"

__all__ = ["ROUND_COLUMNS", "SEASON_SCHEMA", "SeasonPlayer", "build_index", "index_json",
           "normalise_name", "performance", "read_index", "season_players", "write_index"]


class _Union:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, key: str) -> str:
        root = self.parent.setdefault(key, key)
        while root != self.parent[root]:
            root = self.parent[root]
        while key != root:  # path compression
            self.parent[key], key = root, self.parent[key]
        return root

    def join(self, keys: Sequence[str]) -> str:
        first = self.find(keys[0])
        for k in keys[1:]:
            other = self.find(k)
            if other != first:
                self.parent[other] = first
        return first


def performance(games: Iterable[tuple[int, int]]) -> int | None:
    """``games`` are ``(halves scored, opponent rating)``; None when there is none."""
    pairs = list(games)
    return _performance(len(pairs), sum(r for _, r in pairs), sum(h for h, _ in pairs))


def _performance(n: int, rating_sum: int, halves: int) -> int | None:
    """Average opponent rating (half up) + dp(score percentage, half up); B.02 8.1 table."""
    if not n:
        return None
    aro = (2 * rating_sum + n) // (2 * n)
    pct = (halves * 100 + n) // (2 * n)
    return int(aro + DP_TABLE[pct])


ROUND_COLUMNS = ("event", "round", "result", "colour", "opponent", "opponent_rating")
"""The columns of each row of a season player's ``rounds``: ``event`` is the index of the
event in the index's ``events`` list; ``result`` is the US wall-chart letter (W D L X F Z B
H U)."""


@dataclass(slots=True)
class SeasonPlayer:
    """One player of the season, matched across events."""

    name: str
    other_names: list[str]
    matched_by: str
    fide_id: str
    uscf_id: str
    entries: list[tuple[int, SeasonEntry]]
    """``(event number, entry)`` in the order of the index's events."""
    games: int
    score: Decimal
    performance: int | None
    rated_games: int
    id: str = field(default="")


def _columns(entries: Iterable[SeasonEntry]) -> dict[str, tuple[Any, ...]]:
    """Each field of ``entries`` as one tuple, by field name (a season has ~10^5 entries:
    the sums and joins over a column run in C)."""
    return dict(zip(SeasonEntry._fields, zip(*entries, strict=True), strict=True))


def _player(items: list[tuple[int, SeasonEntry]]) -> SeasonPlayer:
    col = _columns(e for _, e in items)
    keys = set(chain.from_iterable(col["keys"]))
    fide = sorted(k[5:] for k in keys if k.startswith("fide:"))
    uscf = sorted(k[5:] for k in keys if k.startswith("uscf:"))
    how = [w for w, ids in (("FIDE id", fide), ("US Chess id", uscf)) if ids]
    names = list(dict.fromkeys(col["name"]))
    games = list(chain.from_iterable(col["score"]))  # (numerator, denominator) a game
    by_den: dict[int, int] = {}  # numerators summed by denominator: integer sums
    for den in set(map(itemgetter(1), games)):
        by_den[den] = sum(num for num, d in games if d == den)
    total = sum((Fraction(n, d) for d, n in by_den.items()), Fraction(0))
    n_rated = sum(col["rated"])
    return SeasonPlayer(names[0], names[1:], " + ".join(how) if how else "name",
                        ", ".join(fide), ", ".join(uscf), items, sum(col["played"]),
                        decimal(total),
                        _performance(n_rated, sum(col["rating_sum"]), sum(col["halves"])),
                        n_rated)


def entries_of(res: FileResult) -> tuple[SeasonEntry, ...]:
    """What ``res`` adds to the season view (none for a failed event)."""
    return res.season or ()


def season_players(results: Sequence[FileResult]) -> list[SeasonPlayer]:
    """Every player of the season's events, matched across events, sorted by name, with
    their ids (``p1``, ``p2``…).  ``results`` must be in the order of the index's
    ``events`` (entries refer to events by position)."""
    union = _Union()  # only keys that an entrant links to another are in it
    entries: list[tuple[int, SeasonEntry]] = []
    for ev, res in enumerate(results):
        for entry in entries_of(res):
            if len(entry.keys) > 1:
                union.join(entry.keys)
            entries.append((ev, entry))
    groups: dict[str, list[tuple[int, SeasonEntry]]] = {}
    find, linked = union.find, union.parent
    for item in entries:
        key = item[1].keys[0]
        groups.setdefault(find(key) if key in linked else key, []).append(item)
    players = [_player(items) for items in groups.values()]
    players.sort(key=lambda p: (normalise_name(p.name), p.name))
    for n, p in enumerate(players, 1):
        p.id = f"p{n}"
    return players


def _event_entry(res: FileResult) -> dict[str, Any]:
    s = res.summary or {}
    links = {o.rsplit(".", 1)[-1]: o for o in res.outputs}
    return {
        "file": res.rel,
        "status": "failed" if res.status == "failed" else "ok",
        "message": res.message if res.status == "failed" else "",
        "location": res.location.replace(res.path, res.rel, 1) if res.status == "failed" else "",
        "name": s.get("name", ""),
        "section": s.get("section", ""),
        "format": s.get("format", ""),
        "date": s.get("date", ""),
        "players": s.get("players"),
        "rounds": s.get("rounds"),
        "winner": s.get("winner", []),
        "links": links,
    }


_DUMPS = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def _player_json(p: SeasonPlayer) -> str:
    head = _DUMPS({"name": p.name, "other_names": p.other_names, "matched_by": p.matched_by,
                   "fide_id": p.fide_id, "uscf_id": p.uscf_id})
    numbers = [ev for ev, _ in p.entries]
    col = _columns(e for _, e in p.entries)
    places = col["place"]
    if None in places:
        places = tuple("null" if place is None else place for place in places)
    events = ",".join(map("[{},{},{}]".format, numbers, places, col["points"]))
    marks = [f"[{ev}," for ev in numbers]  # each entry's rows with its event number in place
    rows = ",".join(filter(None, map(str.replace, col["rounds"], repeat(EVENT_MARK), marks)))
    perf = "null" if p.performance is None else p.performance
    return (f'{head[:-1]},"events":[{events}],"games":{p.games},"score":{p.score},'
            f'"performance":{perf},"rated_games":{p.rated_games},"rounds":[{rows}],'
            f'"id":"{p.id}"}}')


def index_json(events: list[dict[str, Any]], players: list[SeasonPlayer],
               stopped_early: bool) -> bytes:
    """The ``swisstb-season/1`` document as compact JSON text (every number exact)."""
    head = {
        "schema": SEASON_SCHEMA,
        "events": events,
        "counts": {"events": len(events),
                   "ok": sum(e["status"] == "ok" for e in events),
                   "failed": sum(e["status"] == "failed" for e in events)},
        "stopped_early": stopped_early,
        "player_event_columns": ["event", "place", "points"],
        "round_columns": list(ROUND_COLUMNS),
    }
    text = _DUMPS(head)
    return (f'{text[:-1]},"players":[{",".join(map(_player_json, players))}]}}\n'
            .encode())


def build_index(results: Sequence[FileResult], stopped_early: bool = False) -> dict[str, Any]:
    """The ``swisstb-season/1`` document, parsed (numbers that are not integers as
    Decimal), as :func:`write_index` writes it."""
    ordered = sorted(results, key=lambda r: r.rel)
    text = index_json([_event_entry(r) for r in ordered], season_players(ordered),
                      stopped_early)
    doc = json.loads(text, parse_float=Decimal)
    return doc if isinstance(doc, dict) else {}


def with_summaries(out: Path, results: Sequence[FileResult]) -> list[FileResult]:
    """``results`` with the summaries (and season entries) of skipped events read back
    from ``out``; a summary that cannot be read counts as none."""
    from dataclasses import replace

    from .runner import summary_path

    filled = []
    for res in results:
        if res.summary is None and res.status == "skipped":
            try:
                doc = json.loads((out / summary_path(res.rel)).read_text("utf-8"))
            except (OSError, ValueError):
                doc = None
            if isinstance(doc, dict) and doc.get("schema") == SUMMARY_SCHEMA:
                season = entries_from_json(doc.pop("entrants", None))
                doc.pop("entrant_columns", None)
                res = replace(res, summary=doc, season=season)
        filled.append(res)
    return filled


def write_index(out: Path, results: Sequence[FileResult], stopped_early: bool = False) -> None:
    """Write ``index.json``, the player pages and ``index.html`` (atomically)."""
    # A season holds ~10^5 entries and players, none of them in a reference cycle: the
    # cyclic garbage collector would rescan them over and over.
    enabled = gc.isenabled()
    gc.disable()
    try:
        ordered = sorted(with_summaries(out, results), key=lambda r: r.rel)
        events = [_event_entry(r) for r in ordered]
        players = season_players(ordered)
        atomic_write(out / "index.json", index_json(events, players, stopped_early))
        write_player_pages(out, players)
        counts = (len(events), sum(e["status"] == "ok" for e in events),
                  sum(e["status"] == "failed" for e in events))
        atomic_write(out / "index.html",
                     index_html(events, players, counts, stopped_early).encode("utf-8"))
    finally:
        if enabled:
            gc.enable()


def read_index(out: Path) -> dict[str, Any]:
    """``index.json`` of ``out`` parsed (numbers as Decimal): for tests and tools."""
    doc = json.loads((out / "index.json").read_text("utf-8"), parse_float=Decimal)
    return doc if isinstance(doc, dict) else {}
