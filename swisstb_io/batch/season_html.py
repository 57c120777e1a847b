"""The season index as HTML: ``index.html`` (events and season players) and the player
pages (``players/<n>.html``, fifty players each: their events and games), from the season
players of :mod:`.season`.

The index stays light whatever the season's size: each player's games, the bulk of the
season, are on the player's own page.  Every text from an input file is escaped.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from ..api import atomic_write
from .season_parts import SeasonEntry, report_link
from .season_players import SeasonPlayer


def _e(value: Any) -> str:
    return html.escape("" if value is None else str(value))


def _num(value: Any) -> str:
    return "" if value is None else _e(value if not isinstance(value, Decimal) else str(value))


_STYLE = ("body{font-family:sans-serif;margin:1em}table{border-collapse:collapse;margin:.5em 0}"
          "td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}"
          ".failed{background:#fdd}.num{text-align:right}")


def index_html(events: Sequence[dict[str, Any]], players: Sequence[SeasonPlayer],
               counts: tuple[int, int, int], stopped_early: bool) -> str:
    """``index.html``: ``counts`` are (events, ok, failed)."""
    n, ok, failed_n = counts
    out = ['<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
           f"<title>Season index</title><style>{_STYLE}</style></head><body>",
           "<h1>Season index</h1>",
           f"<p>{n} events: {ok} ok, {failed_n} failed.</p>"]
    if stopped_early:
        out.append("<p>The batch stopped at the first failure (--fail-fast).</p>")
    out.append('<h2 id="events">Events</h2><table><tr><th>File</th><th>Event</th><th>Date</th>'
               "<th>Players</th><th>Rounds</th><th>Winner</th><th>Status</th><th>Links</th></tr>")
    for ev in events:
        failed = ev["status"] == "failed"
        status = f"failed: {_e(ev['location'])}: {_e(ev['message'])}" if failed else "ok"
        links = " ".join(f'<a href="{_e(href)}">{_e(kind)}</a>'
                         for kind, href in ev["links"].items())
        row_class = ' class="failed"' if failed else ""
        out.append(f'<tr{row_class}><td>{_e(ev["file"])}</td>'
                   f"<td>{_e(ev['name'])}</td><td>{_e(ev['date'])}</td>"
                   f'<td class="num">{_num(ev["players"])}</td>'
                   f'<td class="num">{_num(ev["rounds"])}</td>'
                   f"<td>{_e(', '.join(ev['winner']))}</td><td>{status}</td><td>{links}</td></tr>")
    out.append("</table>")
    out.append('<h2 id="players">Players across the season</h2>'
               "<p>Each player's events and games are on their own page (follow the name)."
               "</p><table><tr><th>Player</th>"
               "<th>Matched by</th><th>FIDE id</th><th>US Chess id</th><th>Events</th>"
               "<th>Games</th><th>Score</th><th>Perf.</th></tr>")
    out.extend(f'<tr><td><a href="{player_page(p)}">{_e(p.name)}</a></td>'
               f"<td>{_e(p.matched_by)}</td><td>{_e(p.fide_id)}</td>"
               f"<td>{_e(p.uscf_id)}</td>"
               f'<td class="num">{len(p.entries)}</td><td class="num">{p.games}</td>'
               f'<td class="num">{_num(p.score)}</td>'
               f'<td class="num">{_num(p.performance)}</td></tr>'
               for p in players)
    out.append("</table>")
    out.append("</body></html>\n")
    return "\n".join(out)


def _event_heads(events: Sequence[dict[str, Any]]) -> list[str]:
    """The start of each event's heading row on a player page (up to the place)."""
    heads = []
    for ev in events:
        link = _e(report_link(ev["links"]))
        file = _e(ev["file"])
        label = f'<a href="{link}">{file}</a>' if link else file
        when = f", {_e(ev['date'])}" if ev["date"] else ""
        heads.append(f'<tr class="ev"><th colspan="5">{label} {_e(ev["name"])}{when}: place ')
    return heads


class _Rows:
    """The rows of the player pages, from the entrants' games: the pieces that recur
    (an opponent's escaped name and rating, a round's first cell) made once each."""

    def __init__(self, heads: list[str]) -> None:
        self.heads = heads
        self.opponents: dict[tuple[str, int | None], str] = {}
        self.rounds: dict[int, str] = {}

    def entry(self, ev: int, entry: SeasonEntry) -> str:
        """One event of a player's page: the heading row, then one row per game."""
        place = "" if entry.place is None else entry.place
        rows = [f"{self.heads[ev]}{place}, {entry.points} points</th></tr>"]
        opponents, rounds = self.opponents, self.rounds
        for rnd, letter, colour, opponent, rating in entry.games:
            start = rounds.get(rnd)
            if start is None:
                start = rounds[rnd] = f"<tr><td>{rnd}</td><td>"
            middle = opponents.get((opponent, rating))
            if middle is None:
                middle = opponents[opponent, rating] = (
                    f"</td><td>{html.escape(opponent)}</td>"
                    f"<td>{'' if rating is None else rating}</td><td>")
            rows.append(f"{start}{colour}{middle}{letter}</td></tr>")
        return "\n".join(rows)


def _player_section(p: SeasonPlayer, rows: _Rows) -> list[str]:
    name = _e(p.name)
    out = [f'<section aria-labelledby="{p.id}"><h2 id="{p.id}">{name}</h2>']
    if p.other_names:
        out.append(f"<p>Also written: {_e(', '.join(p.other_names))}</p>")
    facts = [("Matched by", p.matched_by), ("FIDE id", p.fide_id),
             ("US Chess id", p.uscf_id), ("Events", len(p.entries)),
             ("Games", p.games), ("Score", p.score), ("Performance", p.performance),
             ("Rated games", p.rated_games)]
    out.append("<dl>" + "".join(f"<dt>{k}</dt><dd>{_num(v)}</dd>" for k, v in facts
                                if v not in ("", None)) + "</dl>")
    out.append("<table><caption>Games, event by event (place and points in each)</caption>"
               "<tr><th>Rd</th><th>Col</th><th>Opponent</th><th>Rtg</th><th>Result</th></tr>")
    out.extend(rows.entry(ev, e) for ev, e in p.entries)
    out.append("</table></section>")
    return out


def players_html(players: Sequence[SeasonPlayer], rows: _Rows) -> str:
    """One page of season players: for each, the facts, then each event's heading row
    and games."""
    first, last = players[0].id[1:], players[-1].id[1:]
    out = ['<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
           f"<title>Season players {first}-{last}</title>"
           f"<style>{_STYLE}.ev{{background:#eef}}</style></head><body>",
           '<p><a href="../index.html#players">Season index</a></p>',
           f"<h1>Season players {first}-{last}</h1>"]
    for p in players:
        out += _player_section(p, rows)
    out.append("</body></html>\n")
    return "\n".join(out)


PLAYERS_DIR = "players"
"""Season player pages: ``players/<n>.html``, :data:`PAGE_PLAYERS` players each."""

PAGE_PLAYERS = 50
"""Players per page: a file each would be thousands of small files (slow to create
on many file systems), one file for all a page too heavy for a browser."""


def page_of(number: int) -> str:
    """The page (relative to the output folder) of the season player ``p<number>``."""
    return f"{PLAYERS_DIR}/{(number - 1) // PAGE_PLAYERS + 1}.html"


def player_page(player: SeasonPlayer) -> str:
    """The link to ``player``'s section, relative to the output folder
    (``players/3.html#p117``)."""
    return f"{page_of(int(player.id[1:]))}#{player.id}"


def write_player_pages(out: Path, players: Sequence[SeasonPlayer],
                       events: Sequence[dict[str, Any]]) -> None:
    """The pages of the season players (in the order of ``players``, their ids; entries
    refer to ``events``, the index's events, by position); pages no longer needed are
    removed."""
    rows = _Rows(_event_heads(events))
    folder = out / PLAYERS_DIR
    wanted = set()
    folder.mkdir(parents=True, exist_ok=True)
    for start in range(0, len(players), PAGE_PLAYERS):
        chunk = players[start:start + PAGE_PLAYERS]
        name = page_of(int(chunk[0].id[1:]))
        wanted.add(name.rsplit("/", 1)[1])
        atomic_write(out / name, players_html(chunk, rows).encode("utf-8"))
    for old in folder.glob("*.html"):
        if old.name not in wanted:
            old.unlink(missing_ok=True)
