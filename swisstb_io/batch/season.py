"""The season index (``index.json``, ``index.html``): every event, and each player across
events (:mod:`.season_players` matches them).

``index.html`` lists the events and the season players; the players' games are on pages
of fifty players (``players/<n>.html#<id>``), so the index stays light for a browser
whatever the season's size.

:func:`build_index` makes the ``swisstb-season/1`` document as data, from the season
players and the entries each event brought (worked out in the worker: :mod:`.season_parts`);
:func:`write_index` writes it as compact JSON with the pages.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from ..errors import readable_path
from ..jsonwrite import dumps
from .results import FileResult
from .season_html import index_html, player_pages
from .season_parts import entries_from_json, links_of, site_event
from .season_players import SeasonPlayer, season_players
from .summary import readable

SEASON_SCHEMA = "swisstb-season/1"

__all__ = ["EVENT_COLUMNS", "ROUND_COLUMNS", "SEASON_SCHEMA", "SeasonPlayer", "build_index",
           "read_index", "season_players", "site_files"]

EVENT_COLUMNS = ("event", "place", "points", "rating", "after")
"""The columns of each row of a season player's ``events`` in ``index.json``: ``event`` is
the index of the event in the index's ``events`` list; ``rating`` the rating the event
used (FIDE, else US Chess; ``null`` for none); ``after`` the estimated rating after the
event with ``batch --ratings`` (:mod:`swisstb_io.rating_change`), else ``null`` (and
``null`` for a player the rules give no published rating yet)."""

ROUND_COLUMNS = ("event", "round", "result", "colour", "opponent", "opponent_rating")
"""The columns of each row of a season player's ``rounds`` in ``index.json``: ``event`` is
the index of the event in the index's ``events`` list; ``result`` is the US wall-chart
letter (W D L X F Z B H U)."""


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
        "player_event_columns": list(EVENT_COLUMNS),
        "round_columns": list(ROUND_COLUMNS),
    }


def _player(p: SeasonPlayer) -> dict[str, Any]:
    """One player of ``index.json`` (points and score exact: Decimal)."""
    pairs = p.entries
    return {"name": p.name, "other_names": p.other_names, "matched_by": p.matched_by,
            "fide_id": p.fide_id, "uscf_id": p.uscf_id,
            "events": [[ev, e.place, e.points, e.rating, e.after] for ev, e in pairs],
            "games": p.games, "score": p.score, "performance": p.performance,
            "rated_games": p.rated_games,
            "rounds": [[ev, *g] for ev, e in pairs for g in e.games], "id": p.id}


def _index(ordered: Sequence[FileResult], stopped_early: bool,
           players: Sequence[SeasonPlayer]) -> dict[str, Any]:
    return {**_document(ordered, stopped_early), "players": [_player(p) for p in players]}


def build_index(results: Sequence[FileResult], stopped_early: bool = False) -> dict[str, Any]:
    """The ``swisstb-season/1`` document of ``results``, as :func:`site_files` writes it
    and :func:`read_index` reads it back."""
    ordered = sorted(results, key=lambda r: r.rel)
    return _index(ordered, stopped_early, season_players(ordered))


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
    doc = _index(ordered, stopped_early, players)
    yield from player_pages(players, [site_event(r.rel, r.summary or {}, r.outputs)
                                      for r in ordered], ratings)
    yield "index.json", (dumps(doc, indent=None) + "\n").encode("utf-8")
    counts = doc["counts"]
    yield "index.html", index_html(doc["events"], players, (
        counts["events"], counts["ok"], counts["failed"]), stopped_early).encode("utf-8")


def read_index(out: Path) -> dict[str, Any]:
    """``index.json`` of ``out`` parsed (numbers as Decimal): for tests and tools."""
    doc = json.loads((out / "index.json").read_text("utf-8"), parse_float=Decimal)
    return doc if isinstance(doc, dict) else {}
