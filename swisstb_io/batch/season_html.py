"""The season site as HTML: ``index.html`` (events and season players) and the player
pages (``players/<n>.html``, fifty players each), from the season players of
:mod:`.season_players`.

Every page has the look, search box and sortable tables of the event pages (one
stylesheet and script, :mod:`swisstb_io.reports._html_page`), and links both ways
(:mod:`.site_links`): event pages -> index -> player pages -> event pages.  Players are
listed by surname (:mod:`.surnames`).  Each player's section shows every event (place,
points, games, performance, the rating used), a small chart of the season and the games.

The index stays light whatever the season's size: each player's games, the bulk of the
season, are on the player's own page.  Every text from an input file is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from itertools import chain
from pathlib import Path
from typing import Any

from ..api import atomic_write
from ..reports._escape import html_text
from ..reports._html_page import boxed, document, footer, nav
from ..reports._svg import season_chart, season_legend
from .season_parts import SeasonEntry, report_link
from .season_players import SeasonPlayer, entry_performance
from .site_links import INDEX, key_anchor
from .surnames import surname_key


def _e(value: Any) -> str:
    return html_text("" if value is None else str(value))


def _num(value: Any) -> str:
    return "" if value is None else _e(value if not isinstance(value, Decimal) else str(value))


def _th(heads: Sequence[tuple[str, str]]) -> str:
    """A header row of sortable columns: ``(text, kind)``, kind ``text``, ``num`` (lowest
    first) or ``best`` (a number, highest first)."""
    cells = []
    for text, kind in heads:
        attrs = ' data-type="num" class="num"' if kind != "text" else ' data-type="text"'
        attrs += ' data-first="desc"' if kind == "best" else ""
        cells.append(f'<th scope="col"{attrs}><button type="button">{text}</button></th>')
    return f"<thead><tr>{''.join(cells)}</tr></thead>"


def _sort_name(name: str) -> str:
    """What a name column sorts by: surname, then given names (:mod:`.surnames`)."""
    last, first, _ = surname_key(name)
    return _e(f"{last}, {first}")


def _events_table(events: Sequence[dict[str, Any]]) -> list[str]:
    out = ['<table class="sortable filterable" id="events-table">'
           "<caption>Events of the season</caption>",
           _th([("File", "text"), ("Event", "text"), ("Date", "text"), ("Players", "best"),
                ("Rounds", "best"), ("Winner", "text"), ("Status", "text"),
                ("Links", "text")]), "<tbody>"]
    for ev in events:
        failed = ev["status"] == "failed"
        status = f"failed: {_e(ev['location'])}: {_e(ev['message'])}" if failed else "ok"
        links = " ".join(f'<a href="{_e(href)}">{_e(kind)}</a>'
                         for kind, href in ev["links"].items())
        page = ev["links"].get("html")
        file = _e(ev["file"])
        if page:
            file = f'<a href="{_e(page)}">{file}</a>'
        row_class = ' class="failed"' if failed else ""
        out.append(f'<tr{row_class}><td>{file}</td>'
                   f"<td>{_e(ev['name'])}</td><td>{_e(ev['date'])}</td>"
                   f'<td class="num">{_num(ev["players"])}</td>'
                   f'<td class="num">{_num(ev["rounds"])}</td>'
                   f"<td>{_e(', '.join(ev['winner']))}</td><td>{status}</td><td>{links}</td></tr>")
    out.append("</tbody></table>")
    return boxed(out, "Events of the season")


def _keys(p: SeasonPlayer) -> list[str]:
    """Every key the player's entrants were matched by (the anchors event pages link to)."""
    return sorted(set(chain.from_iterable(e.keys for _, e in p.entries)))


def _players_table(players: Sequence[SeasonPlayer]) -> list[str]:
    out = ['<table class="sortable filterable" id="players-table">'
           "<caption>Players across the season</caption>",
           _th([("Player", "text"), ("Matched by", "text"), ("FIDE id", "text"),
                ("US Chess id", "text"), ("Events", "best"), ("Games", "best"),
                ("Score", "best"), ("Perf.", "best")]), "<tbody>"]
    for p in players:
        anchors = "".join(f'<span id="{_e(key_anchor(k))}"></span>' for k in _keys(p))
        out.append(f'<tr><th scope="row" data-sort="{_sort_name(p.name)}">{anchors}'
                   f'<a href="{player_page(p)}">{_e(p.name)}</a></th>'
                   f"<td>{_e(p.matched_by)}</td><td>{_e(p.fide_id)}</td>"
                   f"<td>{_e(p.uscf_id)}</td>"
                   f'<td class="num">{len(p.entries)}</td><td class="num">{p.games}</td>'
                   f'<td class="num">{_num(p.score)}</td>'
                   f'<td class="num" data-sort="{_num(p.performance)}">'
                   f"{_num(p.performance)}</td></tr>")
    out.append("</tbody></table>")
    return boxed(out, "Players across the season")


def index_html(events: Sequence[dict[str, Any]], players: Sequence[SeasonPlayer],
               counts: tuple[int, int, int], stopped_early: bool) -> str:
    """``index.html``: ``counts`` are (events, ok, failed)."""
    n, ok, failed_n = counts
    body = ["<header>", "<h1>Season index</h1>",
            f"<p>{n} events: {ok} ok, {failed_n} failed; {len(players)} players.</p>"]
    if stopped_early:
        body.append("<p>The batch stopped at the first failure (--fail-fast).</p>")
    body += [nav([("Events", "#events"), ("Players", "#players")]), "</header>", "<main>",
             '<section aria-labelledby="events"><h2 id="events">Events</h2>',
             *_events_table(events), "</section>",
             '<section aria-labelledby="players"><h2 id="players">Players across the season'
             "</h2>",
             '<p class="hint">Listed by surname ("Ash, Alan" and "Alan Ash" both under Ash:'
             " the part before a comma, else the last word). Follow a name to the player's "
             "events, games and season chart.</p>",
             *_players_table(players), "</section>", "</main>", footer()]
    return "\n".join(document("Season index", body))


def _event_heads(events: Sequence[dict[str, Any]]) -> list[str]:
    """The start of each event's heading row in a player's games (up to the place)."""
    heads = []
    for ev in events:
        link = _e(report_link(ev["links"]))
        file = _e(ev["file"])
        label = f'<a href="{link}">{file}</a>' if link else file
        when = f", {_e(ev['date'])}" if ev["date"] else ""
        heads.append(f'<tbody><tr class="ev"><th colspan="5" scope="rowgroup">{label} '
                     f'{_e(ev["name"])}{when}: place ')
    return heads


class _Rows:
    """The rows of the player pages, from the entrants' games: the pieces that recur
    (an opponent's escaped name and rating, a round's first cell) made once each."""

    def __init__(self, heads: list[str]) -> None:
        self.heads = heads
        self.opponents: dict[tuple[str, int | None], str] = {}
        self.rounds: dict[int, str] = {}

    def entry(self, ev: int, entry: SeasonEntry) -> str:
        """One event of a player's games, a ``<tbody>`` of its own (the page's script sorts
        and filters each on its own): the heading row, then one row per game."""
        place = "" if entry.place is None else entry.place
        rows = [f"{self.heads[ev]}{place}, {entry.points} points</th></tr>"]
        opponents, rounds = self.opponents, self.rounds
        for rnd, letter, colour, opponent, rating in entry.games:
            start = rounds.get(rnd)
            if start is None:
                start = rounds[rnd] = f'<tr><td class="num">{rnd}</td><td>'
            middle = opponents.get((opponent, rating))
            if middle is None:
                middle = opponents[opponent, rating] = (
                    f"</td><td>{html_text(opponent)}</td>"
                    f'<td class="num">{"" if rating is None else rating}</td><td>')
            rows.append(f"{start}{colour}{middle}{letter}</td></tr>")
        rows[-1] += "</tbody>"
        return "\n".join(rows)


def _event_rows(p: SeasonPlayer, events: Sequence[dict[str, Any]]) -> list[str]:
    """The player's events, one row each (in date order): place, points, games,
    performance and the rating used, the event linked to the player's line."""
    out = ['<table class="sortable filterable">'
           f"<caption>{_e(p.name)}: events</caption>",
           _th([("Date", "text"), ("Event", "text"), ("Place", "num"), ("Points", "best"),
                ("Games", "best"), ("Perf.", "best"), ("Rating", "best")]), "<tbody>"]
    for ev, e in sorted(p.entries, key=lambda item: (events[item[0]]["date"], item[0])):
        info = events[ev]
        link = report_link(info["links"])
        title = _e(info["name"] or info["file"])
        if link:
            title = f'<a href="{_e(link)}#x{e.start_no}">{title}</a>'
        perf = entry_performance(e)
        out.append(f"<tr><td>{_e(info['date'])}</td><td>{title}</td>"
                   f'<td class="num" data-sort="{_num(e.place)}">{_num(e.place)}</td>'
                   f'<td class="num">{e.points}</td><td class="num">{e.played}</td>'
                   f'<td class="num" data-sort="{_num(perf)}">{_num(perf)}</td>'
                   f'<td class="num" data-sort="{_num(e.rating)}">{_num(e.rating)}</td></tr>')
    out.append("</tbody></table>")
    return boxed(out, f"{p.name}: events")


def _chart(p: SeasonPlayer, events: Sequence[dict[str, Any]]) -> list[str]:
    ordered = sorted(p.entries, key=lambda item: (events[item[0]]["date"], item[0]))
    points = [(events[ev]["name"] or events[ev]["file"], e.rating, entry_performance(e))
              for ev, e in ordered]
    svg = season_chart(points, f"{p.name}: rating used and performance, event by event")
    if not svg:
        return []
    return ["<figure>", svg, season_legend(),
            "<figcaption>Rating used and performance in each event (1 = the first, "
            "by date).</figcaption></figure>"]


def _player_section(p: SeasonPlayer, rows: _Rows, events: Sequence[dict[str, Any]]
                    ) -> list[str]:
    out = [f'<section aria-labelledby="{p.id}" class="player"><h2 id="{p.id}">{_e(p.name)}'
           "</h2>"]
    if p.other_names:
        out.append(f"<p>Also written: {_e(', '.join(p.other_names))}</p>")
    facts = [("Matched by", p.matched_by), ("FIDE id", p.fide_id),
             ("US Chess id", p.uscf_id), ("Events", len(p.entries)),
             ("Games", p.games), ("Score", p.score), ("Performance", p.performance),
             ("Rated games", p.rated_games)]
    out.append('<dl class="facts">' + "".join(f"<dt>{k}</dt><dd>{_num(v)}</dd>"
                                              for k, v in facts if v not in ("", None))
               + "</dl>")
    out += _chart(p, events)
    out += _event_rows(p, events)
    games = ['<table class="sortable filterable">'
             f"<caption>{_e(p.name)}: games, event by event</caption>",
             _th([("Rd", "num"), ("Col", "text"), ("Opponent", "text"), ("Rtg", "best"),
                  ("Result", "text")]),
             *(rows.entry(ev, e) for ev, e in p.entries), "</table>"]
    out += boxed(games, f"{p.name}: games")
    out.append("</section>")
    return out


def players_html(players: Sequence[SeasonPlayer], rows: _Rows,
                 events: Sequence[dict[str, Any]]) -> str:
    """One page of season players: for each, the facts, the season chart, the events and
    the games."""
    title = f"Season players: {players[0].name} to {players[-1].name}"
    body = ["<header>", nav([("Season index", f"../{INDEX}"),
                             ("All players", f"../{INDEX}#players")]),
            f"<h1>{_e(title)}</h1>", "</header>", "<main>"]
    for p in players:
        body += _player_section(p, rows, events)
    body += ["</main>", footer()]
    return "\n".join(document(title, body))


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
        atomic_write(out / name, players_html(chunk, rows, events).encode("utf-8"))
    for old in folder.glob("*.html"):
        if old.name not in wanted:
            old.unlink(missing_ok=True)
