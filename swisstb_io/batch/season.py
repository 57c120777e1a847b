"""The season index (``index.json``, ``index.html``): every event, and each player across
events (:mod:`.season_players` matches them).

``index.html`` lists the events and the season players; the players' games are on pages
of fifty players (``players/<n>.html#<id>``), so the index stays light for a browser
whatever the season's size (1,000 events of ~110 players: an index under 1 MB, pages of
~1 MB, ~25 KB a player).

:func:`build_index` makes the ``swisstb-season/1`` document as data (exact numbers as
Decimal); :func:`index_json` writes the same document as compact JSON straight from the
season players (never through the data and back).  Each entrant's share was worked out
with its event, in the worker (:mod:`.season_parts`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from ..api import atomic_write
from .results import FileResult
from .season_html import index_html, write_player_pages
from .season_parts import SeasonEntry, entries_from_json, links_of, normalise_name
from .season_players import SeasonPlayer, performance, season_order, season_players
from .summary import SUMMARY_SCHEMA

SEASON_SCHEMA = "swisstb-season/1"

__all__ = ["ROUND_COLUMNS", "SEASON_SCHEMA", "SeasonPlayer", "build_index", "index_json",
           "normalise_name", "performance", "read_index", "season_players", "write_index"]

ROUND_COLUMNS = ("event", "round", "result", "colour", "opponent", "opponent_rating")
"""The columns of each row of a season player's ``rounds``: ``event`` is the index of the
event in the index's ``events`` list; ``result`` is the US wall-chart letter (W D L X F Z B
H U)."""


def _event_entry(res: FileResult) -> dict[str, Any]:
    s = res.summary or {}
    entry = {
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
        "links": links_of(res.outputs),
        "kind": s.get("kind", "individual"),
    }
    if "teams" in s:  # a team event: its team rows, [place, number, name, MP, GP]
        entry["teams"] = s["teams"]
    return entry


def _player_entry(p: SeasonPlayer) -> dict[str, Any]:
    return {
        "name": p.name, "other_names": p.other_names, "matched_by": p.matched_by,
        "fide_id": p.fide_id, "uscf_id": p.uscf_id,
        "events": [[ev, e.place, e.points] for ev, e in zip(p.events, p.entrants, strict=True)],
        "games": p.games, "score": p.score, "performance": p.performance,
        "rated_games": p.rated_games,
        "rounds": [[ev, *game] for ev, e in zip(p.events, p.entrants, strict=True)
                   for game in e.games],
        "id": p.id,
    }


def _document(ordered: Sequence[FileResult], players: Sequence[SeasonPlayer] | None,
              stopped_early: bool) -> dict[str, Any]:
    """The document; without ``players`` (``None``), all but its ``players``."""
    events = [_event_entry(r) for r in ordered]
    doc = {
        "schema": SEASON_SCHEMA,
        "events": events,
        "counts": {"events": len(events),
                   "ok": sum(e["status"] == "ok" for e in events),
                   "failed": sum(e["status"] == "failed" for e in events)},
        "stopped_early": stopped_early,
        "player_event_columns": ["event", "place", "points"],
        "round_columns": list(ROUND_COLUMNS),
    }
    if players is not None:
        doc["players"] = [_player_entry(p) for p in players]
    return doc


def build_index(results: Sequence[FileResult], stopped_early: bool = False) -> dict[str, Any]:
    """The ``swisstb-season/1`` document of ``results`` (events in path order; points and
    scores as Decimal), as :func:`write_index` writes it."""
    ordered = sorted(results, key=lambda r: r.rel)
    return _document(ordered, season_players(ordered), stopped_early)


_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
"""Compact JSON of plain values (str, int, None, lists and dicts of them)."""

class _Ends(dict[tuple[str, int | None], str]):
    """The end of a game's row in ``index.json`` (the opponent and rating), made once per
    opponent and rating."""

    def make(self, opponent: str, rating: int | None) -> str:
        """The end of a row against ``opponent`` rated ``rating`` (kept)."""
        end = self[opponent, rating] = (
            f'{_COMPACT(opponent)},{"null" if rating is None else rating}]')
        return end


def _entry_event(ev: int, e: SeasonEntry) -> str:
    """The entry's row of its player's ``events``: event, place, points."""
    # a Decimal with !s: str() is its format() text, ~4x faster
    return f"[{ev},{'null' if e.place is None else e.place},{e.points!s}]"


def _rounds_rows(numbers: Sequence[int], entrants: Sequence[SeasonEntry]) -> list[str]:
    """Each entry's rows of its player's ``rounds`` (``numbers``: the entries' events), one
    per game (``""`` for none), in one comprehension (a call per entry: ~15% slower)."""
    ends = _Ends()  # a row's end: the opponent, made once
    get, make = ends.get, ends.make  # an exact dict's get: the fastest lookup, ~10^6 games
    return [",".join([f'{start}{rnd},"{letter}","{colour}",'
                      f"{get((opponent, rating)) or make(opponent, rating)}"
                      for rnd, letter, colour, opponent, rating in e.games])
            for start, e in zip([f"[{ev}," for ev in numbers], entrants, strict=True)]


def _player_json(p: SeasonPlayer, events: Sequence[str], rounds: Sequence[str]) -> str:
    """One player of ``index.json``, written from the player's data: the same text as
    :func:`_player_entry` through :mod:`json`, with points and score exact (Decimal);
    ``events`` and ``rounds``: every entry's rows, by slot."""
    head = _COMPACT({"name": p.name, "other_names": p.other_names,
                     "matched_by": p.matched_by, "fide_id": p.fide_id, "uscf_id": p.uscf_id})
    slots = p.slots
    rows = ",".join([text for slot in slots if (text := rounds[slot])])
    return (f'{head[:-1]},"events":[{",".join([events[slot] for slot in slots])}],'
            f'"games":{p.games},"score":{p.score!s},'
            f'"performance":{_COMPACT(p.performance)},"rated_games":{p.rated_games},'
            f'"rounds":[{rows}],"id":{_COMPACT(p.id)}}}')


def index_json(doc: dict[str, Any], players: Sequence[SeasonPlayer]) -> bytes:
    """``index.json``: ``doc`` (:func:`build_index`'s document without its players) and
    the ``players`` (all the season's), as compact JSON text (every number exact)."""
    head = _COMPACT({k: v for k, v in doc.items() if k != "players"})
    numbers, entrants = season_order(players)  # each entry's rows made in that order
    events = [_entry_event(ev, e) for ev, e in zip(numbers, entrants, strict=True)]
    rounds = _rounds_rows(numbers, entrants)
    texts = [_player_json(p, events, rounds) for p in players]
    del events, rounds  # fewer copies of the ~30 MB of text alive at once (fewer page faults)
    return _joined(f'{head[:-1]},"players":[', texts, "]}\n").encode()


def _joined(prefix: str, parts: list[str], suffix: str) -> str:
    """``prefix + ",".join(parts) + suffix`` in one join: the whole (~30 MB a season) is
    copied once, not three times (``parts`` is changed)."""
    if not parts:
        return prefix + suffix
    parts[0] = prefix + parts[0]
    parts[-1] += suffix
    return ",".join(parts)


def with_summaries(out: Path, results: Sequence[FileResult]) -> list[FileResult]:
    """``results`` with the summaries (and season entries) of skipped events read back
    from ``out``; a summary that cannot be read counts as none."""
    filled = []
    for res in results:
        if res.summary is None and res.status == "skipped":
            try:
                doc = json.loads((out / res.summary_file).read_text("utf-8"))
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
    ordered = sorted(with_summaries(out, results), key=lambda r: r.rel)
    players = season_players(ordered)
    doc = _document(ordered, None, stopped_early)
    atomic_write(out / "index.json", index_json(doc, players))
    events = doc["events"]
    write_player_pages(out, players, events)
    counts = doc["counts"]
    atomic_write(out / "index.html",
                 index_html(events, players, (counts["events"], counts["ok"],
                                              counts["failed"]), stopped_early).encode("utf-8"))


def read_index(out: Path) -> dict[str, Any]:
    """``index.json`` of ``out`` parsed (numbers as Decimal): for tests and tools."""
    doc = json.loads((out / "index.json").read_text("utf-8"), parse_float=Decimal)
    return doc if isinstance(doc, dict) else {}
