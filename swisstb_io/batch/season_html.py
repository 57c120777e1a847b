"""The season index as HTML: ``index.html`` (events and season players) and one page per
player (``players/<id>.html``: their events and games), from the ``swisstb-season/1``
document of :mod:`.season`.

The index stays light whatever the season's size: each player's games, the bulk of the
season, are on the player's own page.  Every text from an input file is escaped.
"""

from __future__ import annotations

import html
from bisect import bisect_right
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..api import atomic_write


@lru_cache(maxsize=65536)
def _escape(text: str) -> str:
    return html.escape(text)


def _e(value: Any) -> str:
    return _escape("" if value is None else str(value))


def _num(value: Any) -> str:
    return "" if value is None else _e(value if not isinstance(value, Decimal) else str(value))


_STYLE = ("body{font-family:sans-serif;margin:1em}table{border-collapse:collapse;margin:.5em 0}"
          "td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}"
          ".failed{background:#fdd}.num{text-align:right}")


def index_html(doc: dict[str, Any]) -> str:
    c = doc["counts"]
    out = ['<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
           f"<title>Season index</title><style>{_STYLE}</style></head><body>",
           "<h1>Season index</h1>",
           f"<p>{c['events']} events: {c['ok']} ok, {c['failed']} failed.</p>"]
    if doc["stopped_early"]:
        out.append("<p>The batch stopped at the first failure (--fail-fast).</p>")
    out.append('<h2 id="events">Events</h2><table><tr><th>File</th><th>Event</th><th>Date</th>'
               "<th>Players</th><th>Rounds</th><th>Winner</th><th>Status</th><th>Links</th></tr>")
    for ev in doc["events"]:
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
    out.extend(f'<tr><td><a href="{player_page(p)}">{_e(p["name"])}</a></td>'
               f"<td>{_e(p['matched_by'])}</td><td>{_e(p['fide_id'])}</td>"
               f"<td>{_e(p['uscf_id'])}</td>"
               f'<td class="num">{len(p["events"])}</td><td class="num">{p["games"]}</td>'
               f'<td class="num">{_num(p["score"])}</td>'
               f'<td class="num">{_num(p["performance"])}</td></tr>'
               for p in doc["players"])
    out.append("</table>")
    out.append("</body></html>\n")
    return "\n".join(out)


def _report_link(ev: dict[str, Any]) -> str:
    """``ev``'s HTML report (else its first output), relative to a player page."""
    links = ev["links"]
    href = links.get("html") or next(iter(links.values()), "")
    return f"../{href}" if href else ""


class _Escaped(dict[str, str]):
    """``escaped[text]``: escaped once per distinct text (opponents recur across pages)."""

    def __missing__(self, key: str) -> str:
        value = self[key] = html.escape(key)
        return value


def _player_html(p: dict[str, Any], events: list[dict[str, Any]], files: list[str],
                 reports: list[str], esc: _Escaped) -> str:
    name = esc[p["name"]]
    out = ['<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
           f"<title>{name}: season</title><style>{_STYLE}.ev{{background:#eef}}</style>"
           "</head><body>", '<p><a href="../index.html#players">Season index</a></p>',
           f'<h1 id="{p["id"]}">{name}</h1>']
    if p["other_names"]:
        out.append(f"<p>Also written: {_e(', '.join(p['other_names']))}</p>")
    facts = [("Matched by", p["matched_by"]), ("FIDE id", p["fide_id"]),
             ("US Chess id", p["uscf_id"]), ("Events", len(p["events"])),
             ("Games", p["games"]), ("Score", p["score"]), ("Performance", p["performance"]),
             ("Rated games", p["rated_games"])]
    out.append("<dl>" + "".join(f"<dt>{k}</dt><dd>{_num(v)}</dd>" for k, v in facts
                                if v not in ("", None)) + "</dl>")
    out.append("<table><caption>Games, event by event (place and points in each)</caption>"
               "<tr><th>Rd</th><th>Col</th><th>Opponent</th><th>Rtg</th><th>Result</th></tr>")
    rounds = p["rounds"]  # in the order of p["events"]: event numbers never decrease
    evs = [g[0] for g in rounds]
    start = 0
    for ev, place, points in p["events"]:
        link, info = reports[ev], events[ev]
        label = f'<a href="{link}">{files[ev]}</a>' if link else files[ev]
        when = f", {esc[info['date']]}" if info["date"] else ""
        out.append(f'<tr class="ev"><th colspan="5">{label} {esc[info["name"]]}{when}: '
                   f"place {_num(place)}, {_num(points)} points</th></tr>")
        end = bisect_right(evs, ev, start)
        out.extend(f"<tr><td>{rnd}</td><td>{colour}</td><td>{esc[opp]}</td>"
                   f"<td>{'' if rtg is None else rtg}</td><td>{letter}</td></tr>"
                   for _, rnd, letter, colour, opp, rtg in rounds[start:end])
        start = end
    out.append("</table></body></html>\n")
    return "\n".join(out)


PLAYERS_DIR = "players"
"""Season player pages: ``players/<id>.html``, one per player of ``index.json``."""


def player_page(player: dict[str, Any]) -> str:
    """The name of ``player``'s page, relative to the output folder."""
    return f"{PLAYERS_DIR}/{player['id']}.html"


def write_player_pages(out: Path, doc: dict[str, Any]) -> None:
    """One page per season player (their events and games); pages of players no longer in
    the season are removed."""
    folder = out / PLAYERS_DIR
    files = [_e(ev["file"]) for ev in doc["events"]]
    reports = [_e(_report_link(ev)) for ev in doc["events"]]
    esc = _Escaped()
    wanted = set()
    folder.mkdir(parents=True, exist_ok=True)
    # Thousands of small files: the writes (system calls, the GIL released) go to a few
    # threads while this one renders the next pages.
    with ThreadPoolExecutor(max_workers=4) as writers:
        pending = []
        for p in doc["players"]:
            name = player_page(p)
            wanted.add(name.rsplit("/", 1)[1])
            page = _player_html(p, doc["events"], files, reports, esc)
            pending.append(writers.submit(atomic_write, out / name, page.encode("utf-8")))
        for done in pending:
            done.result()  # a write error is raised here
    if folder.is_dir():
        for old in folder.glob("*.html"):
            if old.name not in wanted:
                old.unlink(missing_ok=True)
