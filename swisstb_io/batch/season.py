"""The season index (``index.json``, ``index.html``): every event, and each player across
events (:mod:`.season_players` matches them).

``index.html`` lists the events and the season players; the players' games are on pages
of fifty players (``players/<n>.html#<id>``), so the index stays light for a browser
whatever the season's size (1,000 events of ~110 players drawn from 3,000: an index of
1.3 MB, pages of ~2 MB, ~40 KB for a player of ~36 events).

:func:`index_json` writes the ``swisstb-season/1`` document as compact JSON straight from
the season players, joining the rows each entrant brought from its event (worked out in the
worker: :mod:`.season_parts`, :mod:`.season_rows`); :func:`build_index` is that text
parsed, the document as data.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from ..errors import readable_path
from .results import FileResult
from .season_html import index_html, player_pages
from .season_parts import SeasonEntry, entries_from_json, links_of
from .season_players import SeasonPlayer, season_players
from .season_rows import ROUND_COLUMNS, numbered_rounds
from .summary import readable

SEASON_SCHEMA = "swisstb-season/1"

__all__ = ["ROUND_COLUMNS", "SEASON_SCHEMA", "SeasonPlayer", "build_index", "index_json",
           "read_index", "season_players", "site_files"]


def _event_entry(res: FileResult) -> dict[str, Any]:
    s = res.summary or {}
    entry = {
        "file": res.rel,
        "status": "failed" if res.status == "failed" else "ok",
        "message": res.message if res.status == "failed" else "",
        "location": (res.location.replace(readable_path(res.path), res.rel, 1)
                     if res.status == "failed" else ""),
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


def _document(ordered: Sequence[FileResult], stopped_early: bool) -> dict[str, Any]:
    """The document of the events ``ordered`` (in path order), all but its ``players``."""
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
    }


def build_index(results: Sequence[FileResult], stopped_early: bool = False) -> dict[str, Any]:
    """The ``swisstb-season/1`` document of ``results``, as :func:`site_files` writes it
    and :func:`read_index` reads it back (numbers that are not integers as Decimal)."""
    ordered = sorted(results, key=lambda r: r.rel)
    text = index_json(_document(ordered, stopped_early), season_players(ordered))
    doc = json.loads(text, parse_float=Decimal)
    return doc if isinstance(doc, dict) else {}


_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
"""Compact JSON of plain values (str, int, None, lists and dicts of them)."""

def _entry_event(ev: int, e: SeasonEntry) -> str:
    """The entry's row of its player's ``events``: event, place, points."""
    # a Decimal with !s: str() is its format() text, ~4x faster
    return f"[{ev},{'null' if e.place is None else e.place},{e.points!s}]"


def _player_json(p: SeasonPlayer) -> str:
    """One player of ``index.json``, written from the player's data (points and score
    exact: Decimal); its ``rounds`` are its entries' rows (:mod:`.season_rows`)."""
    head = _COMPACT({"name": p.name, "other_names": p.other_names,
                     "matched_by": p.matched_by, "fide_id": p.fide_id, "uscf_id": p.uscf_id})
    pairs = p.entries
    events = ",".join([_entry_event(ev, e) for ev, e in pairs])
    rounds = ",".join([numbered_rounds(e.rounds_json, ev) for ev, e in pairs if e.rounds_json])
    return (f'{head[:-1]},"events":[{events}],'
            f'"games":{p.games},"score":{p.score!s},'
            f'"performance":{_COMPACT(p.performance)},"rated_games":{p.rated_games},'
            f'"rounds":[{rounds}],"id":{_COMPACT(p.id)}}}')


def index_json(doc: dict[str, Any], players: Sequence[SeasonPlayer]) -> bytes:
    """``index.json``: ``doc`` (the document without its players, :func:`_document`) and
    the ``players`` (all the season's), as compact JSON text (every number exact)."""
    head = _COMPACT({k: v for k, v in doc.items() if k != "players"})
    return _joined(f'{head[:-1]},"players":[', [_player_json(p) for p in players],
                   "]}\n").encode()


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
    from ``out``; a summary that cannot be read (:func:`.summary.readable`) counts as
    none, and entrants that cannot be read leave ``season`` None."""
    filled = []
    for res in results:
        if res.summary is None and res.status == "skipped":
            try:
                doc = json.loads((out / res.summary_file).read_text("utf-8"))
            except (OSError, ValueError):
                doc = None
            if readable(doc):
                season = entries_from_json(doc.pop("entrants", None))
                doc.pop("entrant_columns", None)
                res = replace(res, summary=doc, season=season)
        filled.append(res)
    return filled


def site_files(results: Sequence[FileResult], stopped_early: bool = False,
               ratings: bool = False) -> Iterator[tuple[str, bytes]]:
    """The files of the season site of ``results`` (the skipped events' summaries already
    read back: :func:`with_summaries`; the runner does it, redoing an event whose summary
    cannot be read), one at a time: ``(name relative to the output folder, bytes)`` of the
    player pages, ``index.json`` and ``index.html``; ``ratings``: the events carry rating
    changes (``batch --ratings``: the player pages show the rating after each event).  The
    runner writes them all or none."""
    ordered = sorted(results, key=lambda r: r.rel)
    players = season_players(ordered)
    doc = _document(ordered, stopped_early)
    yield from player_pages(players, ratings)
    yield "index.json", index_json(doc, players)
    counts = doc["counts"]
    yield "index.html", index_html(doc["events"], players, (
        counts["events"], counts["ok"], counts["failed"]), stopped_early).encode("utf-8")


def read_index(out: Path) -> dict[str, Any]:
    """``index.json`` of ``out`` parsed (numbers as Decimal): for tests and tools."""
    doc = json.loads((out / "index.json").read_text("utf-8"), parse_float=Decimal)
    return doc if isinstance(doc, dict) else {}
