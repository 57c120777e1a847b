"""The season index (``index.json``, ``index.html``): every event, and each player across events.

Players are matched across events by FIDE id, else by US Chess id, else (only for entrants
without any id) by normalised name: accents and punctuation dropped, case folded and the
words sorted, so ``"Müller, Hans"`` and ``"Hans Muller"`` meet.  An entrant with both ids
links the two.  Each season player records how it was matched.

Season figures count games played over the board: ``games``, ``score`` (their points, exact),
and the performance rating: the average rating of the rated opponents (rounded half up) plus
``dp`` of the score percentage (FIDE B.02 8.1 table), over rated games against opponents
with a rating (FIDE rating, else US Chess rating).

``index.html`` lists the events and the season players; each player's games are on a page
of their own (``players/<id>.html``), so the index stays light for a browser whatever the
season's size (1,000 events of ~110 players: an index under 1 MB, pages of ~25 KB).
"""

from __future__ import annotations

import gc
import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..api import atomic_write
from ..model import Outcome
from ..tiebreaks.context import US_LETTER
from ..tiebreaks.fide._rating import DP_TABLE
from ..tiebreaks.report import decimal
from .runner import FileResult
from .season_html import index_html, write_player_pages

SEASON_SCHEMA = "swisstb-season/1"
_HALVES = {"win": 2, "inconsistent-win": 2, "draw": 1, "inconsistent-draw": 1}


def normalise_name(name: str) -> str:
    """``"Müller, Hans"`` and ``"hans  MULLER"`` both give ``"hans muller"``."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name)
                    if not unicodedata.combining(c))
    words = "".join(c if c.isalnum() else " " for c in plain.casefold()).split()
    return " ".join(sorted(words))


def _real_id(text: str) -> str:
    text = text.strip()
    return text if text.strip("0") else ""


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


def _keys(entrant: dict[str, Any]) -> list[str]:
    keys = []
    if fide := _real_id(entrant.get("fide_id", "")):
        keys.append(f"fide:{fide}")
    if uscf := _real_id(entrant.get("uscf_id", "")):
        keys.append(f"uscf:{uscf}")
    return keys or [f"name:{normalise_name(entrant['name'])}"]


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


def season_players(results: Sequence[FileResult]) -> list[dict[str, Any]]:
    """Every player of the season's events, matched across events, with their rounds.

    ``results`` must be in the order of the index's ``events`` (rounds and events refer to
    events by position: ``events`` rows are ``[event, place, points]``, ``rounds`` rows
    follow :data:`ROUND_COLUMNS`)."""
    event_no = {res.rel: n for n, res in enumerate(results)}
    union = _Union()
    entries: list[tuple[str, dict[str, Any], dict[str, Any], list[str]]] = []
    for res in results:
        if res.summary is None:
            continue
        for entrant in res.summary["entrants"]:
            keys = _keys(entrant)
            union.join(keys)
            entries.append((res.rel, res.summary, entrant, keys))
    groups: dict[str, list[tuple[str, dict[str, Any], dict[str, Any], list[str]]]] = {}
    for item in entries:
        groups.setdefault(union.find(item[3][0]), []).append(item)
    players = [_player(items, event_no) for items in groups.values()]
    players.sort(key=lambda p: (normalise_name(p["name"]), p["name"]))
    for n, p in enumerate(players, 1):
        p["id"] = f"p{n}"
    return players


@lru_cache(maxsize=256)
def _fraction(text: str) -> Fraction:
    return Fraction(text)


@lru_cache(maxsize=256)
def _points_decimal(text: str) -> Decimal:
    return decimal(Fraction(text))


_OUTCOME_INFO: dict[str, tuple[bool, bool, str, int]] = {
    o.value: (o.played, o.rated, US_LETTER[o], _HALVES.get(o.value, 0)) for o in Outcome
}
"""``(played over the board, rated, US letter, halves scored)`` by outcome value."""


ROUND_COLUMNS = ("event", "round", "result", "colour", "opponent", "opponent_rating")
"""The columns of each row of a season player's ``rounds``: ``event`` is the index of the
event in the index's ``events`` list; ``result`` is the US wall-chart letter (W D L X F Z B
H U)."""


def _player(
    items: list[tuple[str, dict[str, Any], dict[str, Any], list[str]]], event_no: dict[str, int]
) -> dict[str, Any]:
    keys = {k for *_, ks in items for k in ks}
    fide = sorted(k[5:] for k in keys if k.startswith("fide:"))
    uscf = sorted(k[5:] for k in keys if k.startswith("uscf:"))
    how = [w for w, ids in (("FIDE id", fide), ("US Chess id", uscf)) if ids]
    names = list(dict.fromkeys(e["name"] for _, _, e, _ in items))
    games: list[list[Any]] = []
    scored: dict[str, int] = {}
    played = n_rated = rating_sum = halves_sum = 0
    events = []
    info = _OUTCOME_INFO
    for rel, _summary, entrant, _ in items:
        ev = event_no[rel]
        events.append([ev, entrant["place"], _points_decimal(entrant["points"])])
        rounds = entrant["rounds"]
        games += [[ev, rnd, info[outcome][2], colour, opp_name, opp_rating]
                  for rnd, outcome, colour, _opp, opp_name, opp_rating, _pts in rounds]
        for _rnd, outcome, _colour, _opp, _name, opp_rating, pts in rounds:
            is_played, is_rated, _letter, halves = info[outcome]
            if is_played:
                played += 1
                scored[pts] = scored.get(pts, 0) + 1
            if is_rated and opp_rating:
                n_rated += 1
                rating_sum += opp_rating
                halves_sum += halves
    score = sum((_fraction(pts) * n for pts, n in scored.items()), Fraction(0))
    return {
        "name": names[0],
        "other_names": names[1:],
        "matched_by": " + ".join(how) if how else "name",
        "fide_id": ", ".join(fide),
        "uscf_id": ", ".join(uscf),
        "events": events,
        "games": played,
        "score": decimal(score),
        "performance": _performance(n_rated, rating_sum, halves_sum),
        "rated_games": n_rated,
        "rounds": games,
    }


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


def build_index(results: Sequence[FileResult], stopped_early: bool = False) -> dict[str, Any]:
    """The ``swisstb-season/1`` document."""
    ordered = sorted(results, key=lambda r: r.rel)
    events = [_event_entry(r) for r in ordered]
    return {
        "schema": SEASON_SCHEMA,
        "events": events,
        "counts": {"events": len(events),
                   "ok": sum(e["status"] == "ok" for e in events),
                   "failed": sum(e["status"] == "failed" for e in events)},
        "stopped_early": stopped_early,
        "player_event_columns": ["event", "place", "points"],
        "round_columns": list(ROUND_COLUMNS),
        "players": season_players(ordered),
    }


def with_summaries(out: Path, results: Sequence[FileResult]) -> list[FileResult]:
    """``results`` with the summaries of skipped events read back from ``out``."""
    from dataclasses import replace

    from .runner import summary_path

    filled = []
    for res in results:
        if res.summary is None and res.status == "skipped":
            try:
                summary = json.loads((out / summary_path(res.rel)).read_text("utf-8"))
            except (OSError, ValueError):
                summary = None
            res = replace(res, summary=summary if isinstance(summary, dict) else None)
        filled.append(res)
    return filled


def write_index(out: Path, results: Sequence[FileResult], stopped_early: bool = False) -> None:
    """Write ``index.json`` and ``index.html`` (atomically) for ``results``."""
    # A season holds ~10^6 small lists and dicts, none of them in a reference cycle: the
    # cyclic garbage collector would rescan them over and over (about half the time).
    enabled = gc.isenabled()
    gc.disable()
    try:
        doc = build_index(with_summaries(out, results), stopped_early)
        atomic_write(out / "index.json", json_bytes(doc))
        write_player_pages(out, doc)
        atomic_write(out / "index.html", index_html(doc).encode("utf-8"))
    finally:
        if enabled:
            gc.enable()


_NUMBER = "\ufdd0num:"
"""Marks an exact decimal in the document handed to :func:`json.dumps` (a Unicode
noncharacter, never found in names), replaced by the bare number afterwards."""
_NUMBER_RX = re.compile('"' + _NUMBER + r'(-?[0-9]+(?:\.[0-9]+)?)"')


def _mark(value: Any) -> Any:
    if isinstance(value, Decimal):
        return _NUMBER + str(value)
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def json_bytes(doc: dict[str, Any]) -> bytes:
    """``doc`` as compact JSON (the C encoder: a season has ~10^6 values) with every
    Decimal written as a plain number (never a float)."""
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"), default=_mark)
    return (_NUMBER_RX.sub(r"\1", text) + "\n").encode("utf-8")


def read_index(out: Path) -> dict[str, Any]:
    """``index.json`` of ``out`` parsed (numbers as Decimal): for tests and tools."""
    doc = json.loads((out / "index.json").read_text("utf-8"), parse_float=Decimal)
    return doc if isinstance(doc, dict) else {}
