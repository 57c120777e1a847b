"""The season index as HTML: ``index.html`` (events and season players) and the player
pages (``players/<n>.html``, fifty players each: their events and games), from the season
players of :mod:`.season`.

The index stays light whatever the season's size: each player's games, the bulk of the
season, are on the player's own page, whose sections were rendered with their events
(:attr:`.season_parts.SeasonEntry.page`).  Every text from an input file is escaped.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..api import atomic_write

if TYPE_CHECKING:
    from .season import SeasonPlayer


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


def _player_section(p: SeasonPlayer) -> list[str]:
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
    out.extend(e.page for _, e in p.entries)
    out.append("</table></section>")
    return out


def players_html(players: Sequence[SeasonPlayer]) -> str:
    """One page of season players: for each, the facts, then each event's heading row
    and games."""
    first, last = players[0].id[1:], players[-1].id[1:]
    out = ['<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
           f"<title>Season players {first}-{last}</title>"
           f"<style>{_STYLE}.ev{{background:#eef}}</style></head><body>",
           '<p><a href="../index.html#players">Season index</a></p>',
           f"<h1>Season players {first}-{last}</h1>"]
    for p in players:
        out += _player_section(p)
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


def write_player_pages(out: Path, players: Sequence[SeasonPlayer]) -> None:
    """The pages of the season players (in the order of ``players``, their ids); pages
    no longer needed are removed."""
    folder = out / PLAYERS_DIR
    wanted = set()
    folder.mkdir(parents=True, exist_ok=True)
    for start in range(0, len(players), PAGE_PLAYERS):
        chunk = players[start:start + PAGE_PLAYERS]
        name = page_of(int(chunk[0].id[1:]))
        wanted.add(name.rsplit("/", 1)[1])
        atomic_write(out / name, players_html(chunk).encode("utf-8"))
    for old in folder.glob("*.html"):
        if old.name not in wanted:
            old.unlink(missing_ok=True)
