"""The season site as HTML: ``index.html`` (events and season players) and the player
pages (``players/<n>.html``, fifty players each), from the season players of
:mod:`.season_players`.

Every page has the look, search box and sortable tables of the event pages (one
stylesheet and script, :mod:`swisstb_io.reports.html_kit`), and links both ways
(:mod:`.site_links`): event pages -> index -> player pages -> event pages.  Players are
listed by surname (:mod:`.surnames`).  Each player's section shows every event (place,
points, games, performance, the rating used), a small chart of the season and the games.

The index stays light whatever the season's size: each player's games, the bulk of the
season, are on the player's own page.  Every text from an input file is escaped.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from decimal import Decimal
from typing import Any, NamedTuple

from ..reports.charts import SeasonCharts, season_legend
from ..reports.html_kit import boxed, document, footer, html_text, nav, print_choice
from .season_parts import SeasonEntry, SiteEvent
from .season_players import SeasonPlayer
from .site_links import INDEX, file_href, key_anchor
from .surnames import surname_key


def _e(value: Any) -> str:
    return html_text("" if value is None else str(value))


def _int(value: int | None) -> str:
    """A number of the file's data (a place, a rating): nothing to escape; ``""`` for
    none."""
    return "" if value is None else str(value)


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
    """One row per event: its name (linked to its page; the file's name when the event has
    none) and date first, so a phone shows them before it scrolls, then the players,
    rounds, winner, status, links and the file last."""
    out = ['<table class="sortable filterable" id="events-table">'
           "<caption>Events of the season</caption>",
           _th([("Event", "text"), ("Date", "text"), ("Players", "best"), ("Rounds", "best"),
                ("Winner", "text"), ("Status", "text"), ("Links", "text"),
                ("File", "text")]), "<tbody>"]
    for ev in events:
        failed = ev["status"] == "failed"
        status = f"failed: {_e(ev['location'])}: {_e(ev['message'])}" if failed else "ok"
        links = " ".join(f'<a href="{_e(file_href(href))}">{_e(kind)}</a>'
                         for kind, href in ev["links"].items())
        page = ev["links"].get("html")
        name = _e(ev["name"] or ev["file"])
        if page:
            name = f'<a href="{_e(file_href(page))}">{name}</a>'
        row_class = ' class="failed"' if failed else ""
        out.append(f'<tr{row_class}><th scope="row" class="event">{name}</th>'
                   f"<td class=\"date\">{_e(ev['date'])}</td>"
                   f'<td class="num">{_num(ev["players"])}</td>'
                   f'<td class="num">{_num(ev["rounds"])}</td>'
                   f"<td>{_e(', '.join(ev['winner']))}</td><td>{status}</td><td>{links}</td>"
                   f"<td>{_e(ev['file'])}</td></tr>")
    out.append("</tbody></table>")
    return boxed(out, "Events of the season")


def _teams_table(events: Sequence[dict[str, Any]]) -> list[str]:
    """One row per team of every team event: the event, the team's place, name, MP, GP."""
    out = ['<table class="sortable filterable" id="teams-table">'
           "<caption>Teams of the season's team events</caption>",
           _th([("Event", "text"), ("Place", "num"), ("Team", "text"), ("MP", "best"),
                ("GP", "best")]), "<tbody>"]
    for ev in events:
        page = ev["links"].get("html")
        name = _e(ev["name"] or ev["file"])
        for place, number, team, mp, gp in ev.get("teams", ()):
            event = f'<a href="{_e(file_href(page))}#tx{number}">{name}</a>' if page else name
            out.append(f'<tr><td>{event}</td><td class="num">{place}</td>'
                       f'<th scope="row">{_e(team)}</th><td class="num">{_e(mp)}</td>'
                       f'<td class="num">{_e(gp)}</td></tr>')
    out.append("</tbody></table>")
    return boxed(out, "Teams of the season's team events")


def _players_table(players: Sequence[SeasonPlayer]) -> list[str]:
    out = ['<table class="sortable filterable" id="players-table">'
           "<caption>Players across the season</caption>",
           _th([("Player", "text"), ("Matched by", "text"), ("FIDE id", "text"),
                ("US Chess id", "text"), ("Events", "best"), ("Games", "best"),
                ("Score", "best"), ("Perf.", "best")]), "<tbody>"]
    for p in players:
        anchors = "".join(f'<span id="{_e(key_anchor(k))}"></span>' for k in p.keys)
        out.append(f'<tr><th scope="row" data-sort="{_sort_name(p.name)}">{anchors}'
                   f'<a href="{player_page(p)}">{_e(p.name)}</a></th>'
                   f"<td>{_e(p.matched_by)}</td><td>{_e(p.fide_id)}</td>"
                   f"<td>{_e(p.uscf_id)}</td>"
                   f'<td class="num">{len(p.entrants)}</td><td class="num">{p.games}</td>'
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
    team_events = any(ev.get("teams") for ev in events)
    links = [("Events", "#events"), *([("Teams", "#teams")] if team_events else []),
             ("Players", "#players")]
    body += [nav(links), "</header>", "<main>",
             '<section aria-labelledby="events"><h2 id="events">Events</h2>',
             *_events_table(events), "</section>"]
    if team_events:
        body += ['<section aria-labelledby="teams"><h2 id="teams">Teams</h2>',
                 *_teams_table(events), "</section>"]
    body += ['<section aria-labelledby="players"><h2 id="players">Players across the season'
             "</h2>",
             '<p class="hint">Listed by surname ("Ash, Alan" and "Alan Ash" both under Ash:'
             " the part before a comma, else the last word). Follow a name to the player's "
             "events, games and season chart.</p>",
             *_players_table(players), "</section>", "</main>", footer()]
    return "\n".join(document("Season index", body))


GAME_COLUMNS = (("Rd", "num"), ("Col", "text"), ("Opponent", "text"), ("Rtg", "best"),
                ("Result", "text"))
"""The columns of a player's games table, ``(heading, kind)``: how the page sorts the
column, ``text``, ``num`` (lowest first) or ``best`` (a number, highest first).  The
stylesheet aligns its numbers (``table.games``, columns 1 and 4), so its cells need no
class."""

EVENT_COLUMNS = (("Date", "text"), ("Event", "text"), ("Place", "num"), ("Points", "best"),
                 ("Games", "best"), ("Perf.", "best"), ("Rating", "best"))
"""The columns of a player's events table (``table.events``: the stylesheet keeps its dates
on one line and aligns its numbers, columns 3 to 7)."""

AFTER_COLUMN = ("After", "best")
"""The events table's last column with ``batch --ratings``: the estimated rating after the
event (FIDE or US Chess, :mod:`swisstb_io.rating_change`)."""


class _Event(NamedTuple):
    """An event as its entrants' rows on the player pages show it, escaped (made once per
    event of the season)."""

    link: str
    """The event's HTML report (``""`` for none), for an ``href``."""
    heading: str
    """The start of the event's heading in a player's games table."""
    date: str
    title: str


def _event(event: SiteEvent) -> _Event:
    link = _e(file_href(event.report))
    label = f'<a href="{link}">{_e(event.file)}</a>' if link else _e(event.file)
    when = f", {_e(event.date)}" if event.date else ""
    return _Event(link, f"{label} {_e(event.name)}{when}", _e(event.date),
                  _e(event.name or event.file))


def _games(event: _Event, e: SeasonEntry) -> str:
    """An entrant's ``<tbody>`` of its player's games table: the heading (the event,
    place and points), then one row a game (:data:`GAME_COLUMNS`)."""
    rows = [f'<tbody><tr class="ev"><th colspan="5" scope="rowgroup">{event.heading}: '
            f"place {_int(e.place)}, {e.points} points</th></tr>"]
    rows += [f"\n<tr><td>{g.round}</td><td>{g.colour}</td><td>{html_text(g.opponent)}</td>"
             f"<td>{_int(g.opponent_rating)}</td>"
             f"<td>{g.result}</td></tr>" for g in e.games]
    rows.append("</tbody>")
    return "".join(rows)


def _event_row(event: _Event, e: SeasonEntry, ratings: bool) -> str:
    """An entrant's row of its player's events table (:data:`EVENT_COLUMNS`): the event
    linked to the entrant's line of its page (when it has one), place, points, games,
    performance, the rating used (``ratings``: and the estimated rating after)."""
    name = (f'<a href="{event.link}#x{e.start_no}">{event.title}</a>' if event.link
            else event.title)
    return (f"<tr><td>{event.date}</td><td>{name}</td><td>{_int(e.place)}</td>"
            f"<td>{e.points}</td><td>{e.played}</td><td>{_int(e.performance)}</td>"
            f"<td>{_int(e.rating)}</td>" + (f"<td>{_int(e.after)}</td>" if ratings else "")
            + "</tr>")


def _event_rows(p: SeasonPlayer, events: Sequence[_Event], ratings: bool) -> list[str]:
    """The player's events, one row each (in date order): place, points, games,
    performance and the rating used (``ratings``: and the estimated rating after), the
    event linked to the player's line."""
    out = ['<table class="sortable filterable events">'
           f"<caption>{_e(p.name)}: events</caption>",
           _th((*EVENT_COLUMNS, AFTER_COLUMN) if ratings else EVENT_COLUMNS), "<tbody>",
           *[_event_row(events[ev], e, ratings) for ev, e in p.entries], "</tbody></table>"]
    return boxed(out, f"{p.name}: events")


def _chart(p: SeasonPlayer, charts: SeasonCharts, ratings: Sequence[int | None],
           perfs: Sequence[int | None], after: Sequence[int | None] = ()) -> list[str]:
    """The player's season chart (each event's rating used and performance, and with
    ``after`` the estimated rating after it, in date order), with its legend and caption;
    none without a value."""
    what = "rating used, performance" + (" and rating after" if after else "")
    svg = charts.chart(ratings, perfs, f"{p.name}: {what}, event by event", after)
    if not svg:
        return []
    return ['<figure class="detail">', svg, season_legend(bool(after)),
            f"<figcaption>{what.capitalize()} in each event (1 = the first, by date)."
            "</figcaption></figure>"]


def _player_section(p: SeasonPlayer, charts: SeasonCharts, events: Sequence[_Event],
                    ratings: bool = False) -> list[str]:
    """The player's section of a page: the facts, the season chart, the events and the
    games (events in date order, as the player's entrants are); ``ratings``: the events
    carry rating changes (the rating after each event, in the table and on the chart)."""
    out = [f'<section aria-labelledby="{p.id}" class="player"><h2 id="{p.id}">{_e(p.name)}'
           "</h2>"]
    if p.other_names:
        out.append(f"<p>Also written: {_e(', '.join(p.other_names))}</p>")
    facts = [("Matched by", p.matched_by), ("FIDE id", p.fide_id),
             ("US Chess id", p.uscf_id), ("Events", len(p.entrants)),
             ("Games", p.games), ("Score", p.score), ("Performance", p.performance),
             ("Rated games", p.rated_games)]
    out.append('<dl class="facts">' + "".join(f"<dt>{k}</dt><dd>{_num(v)}</dd>"
                                              for k, v in facts if v not in ("", None))
               + "</dl>")
    entrants = p.entrants
    out += _chart(p, charts, [e.rating for e in entrants], [e.performance for e in entrants],
                  [e.after for e in entrants] if ratings else ())
    out += _event_rows(p, events, ratings)
    table = ['<table class="sortable filterable games">'
             f"<caption>{_e(p.name)}: games, event by event (by date)</caption>",
             _th(GAME_COLUMNS), *[_games(events[ev], e) for ev, e in p.entries], "</table>"]
    out += [*boxed(table, f"{p.name}: games", detail=True), "</section>"]
    return out


def players_html(players: Sequence[SeasonPlayer], charts: SeasonCharts,
                 events: Sequence[SiteEvent], ratings: bool = False) -> str:
    """One page of season players: for each, the facts, the season chart, the events and
    the games (``events``: the season's, by their number in the index; ``ratings``: with
    the rating after each event)."""
    return _players_html(players, charts, [_event(ev) for ev in events], ratings)


def _players_html(players: Sequence[SeasonPlayer], charts: SeasonCharts,
                  events: Sequence[_Event], ratings: bool) -> str:
    title = f"Season players: {players[0].name} to {players[-1].name}"
    body = ["<header>", nav([("Season index", f"../{INDEX}"),
                             ("All players", f"../{INDEX}#players")]),
            f"<h1>{_e(title)}</h1>", print_choice(COMPACT), "</header>", "<main>"]
    for p in players:
        body += _player_section(p, charts, events, ratings)
    body += ["</main>", footer()]
    return "\n".join(document(title, body))


COMPACT = "each player's facts and events"
"""What a player page's compact print view prints (without the charts and the games)."""

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


def player_pages(players: Sequence[SeasonPlayer], events: Sequence[SiteEvent],
                 ratings: bool = False) -> Iterator[tuple[str, bytes]]:
    """The pages of the season players (in the order of ``players``, their ids; ``events``:
    the season's, by their number in the index), one at a time: ``(name relative to the
    output folder, bytes)``; ``ratings``: with the rating after each event."""
    charts = SeasonCharts()
    shown = [_event(ev) for ev in events]
    for start in range(0, len(players), PAGE_PLAYERS):
        chunk = players[start:start + PAGE_PLAYERS]
        yield (page_of(int(chunk[0].id[1:])),
               _players_html(chunk, charts, shown, ratings).encode("utf-8"))
