"""The season site of ``swisstb batch``: one look, links both ways that all resolve, players
by surname, each player's events and chart; in a real browser: no console errors, search,
sorting, a link from an event page to the player's page, no overflow at 400 px."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from urllib.parse import unquote, urlsplit

import lxml.html
import pytest
from selenium.webdriver.common.by import By
from test_reports_browser import (  # noqa: F401 (driver: the fixture)
    console_errors,
    driver,
    every_table_sorts,
)

from swisstb_io import api
from swisstb_io.batch import Batch, BatchOptions, read_index
from swisstb_io.batch.surnames import split_name, surname_key
from swisstb_io.model import Color, DateText, Outcome, Player, RoundResult, Tournament
from swisstb_io.reports.html_kit import CSS

NAMES = ("Ash, Alan", "Darrigues, Alain", "Zoë Abalia", "Élodie Brun", "van der Berg, Jan",
         "Carla Costa", "Müller, Hans", "Bo Zhang")
"""Both name forms, accents: sorted by surname they are Abalia, Ash, Brun, Costa,
Darrigues, Müller, van der Berg (the part before the comma), Zhang."""


def _event(k: int) -> Tournament:
    """Eight players, three rounds (1-2, 3-4… then shifted); FIDE ids so events match."""
    n = len(NAMES)
    games: dict[int, list[RoundResult]] = {i: [] for i in range(1, n + 1)}
    for rnd in range(3):
        order = [(i + rnd * (k + 1)) % n + 1 for i in range(n)]
        seen: set[int] = set()
        for a, b in zip(order[::2], order[1::2], strict=True):
            if a in seen or b in seen:
                continue
            seen |= {a, b}
            win = (a + rnd + k) % 3
            oa, ob = ((Outcome.WIN, Outcome.LOSS), (Outcome.DRAW, Outcome.DRAW),
                      (Outcome.LOSS, Outcome.WIN))[win]
            games[a].append(RoundResult(oa, b, Color.WHITE))
            games[b].append(RoundResult(ob, a, Color.BLACK))
    players = tuple(Player(i, NAMES[i - 1], tuple(games[i]), fide_id=str(4_100_000 + i),
                           fide_rating=1800 + 40 * i + 10 * k, federation="FRA")
                    for i in range(1, n + 1))
    return Tournament(name=f"Club Open {k}", players=players, total_rounds=3,
                      start_date=DateText.from_date(dt.date(2026, 1 + k, 5)))


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root, out = tmp_path / "season", tmp_path / "site"
    (root / "winter").mkdir(parents=True)
    (root / "winter" / "open1.trf").write_bytes(api.dumps(_event(1), "trf"))
    (root / "open2.jch").write_bytes(api.dumps(_event(2), "chess-json"))
    (root / "open3.xml").write_bytes(api.dumps(_event(3), "xml"))
    results = list(Batch(root, out, BatchOptions(jobs=1, formats=("html", "json"))).run())
    assert {r.status for r in results} == {"ok"}
    return out


def test_surnames_by_the_documented_rule() -> None:
    assert split_name("Ash, Alan") == ("Ash", "Alan")
    assert split_name("Alan Ash") == ("Ash", "Alan")
    assert split_name("Abalia Patino, Aritz") == ("Abalia Patino", "Aritz")
    assert split_name("Darrigues Alain") == ("Alain", "Darrigues")  # no comma: last word
    assert split_name("Madonna") == ("Madonna", "")
    assert split_name("  ") == ("", "")
    assert surname_key("Élodie Brun") < surname_key("Carla Costa") < surname_key("Müller, Hans")
    assert surname_key("ash, alan")[:2] == surname_key("Alan Ásh")[:2]


def _links(page: Path) -> list[str]:
    doc = lxml.html.parse(str(page)).getroot()
    return [a.get("href") for a in doc.iter("a") if a.get("href")]


def _ids(page: Path) -> set[str]:
    doc = lxml.html.parse(str(page)).getroot()
    return {e.get("id") for e in doc.iter() if isinstance(e.tag, str) and e.get("id")}


def test_every_link_of_the_site_resolves(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert {p.relative_to(site).as_posix() for p in pages} == {
        "index.html", "players/1.html", "events/winter/open1.trf.html",
        "events/open2.jch.html", "events/open3.xml.html"}
    ids = {p: _ids(p) for p in pages}
    checked = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert f"<style>\n{CSS}</style>" in text  # one look: the same stylesheet everywhere
        assert '<meta name="viewport"' in text and "http://" not in text.replace(
            'xmlns="http://www.w3.org/2000/svg"', "")
        for href in _links(page):
            parts = urlsplit(href)
            assert not parts.scheme and not parts.netloc, href  # no network
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            assert target.is_file(), f"{page}: {href}"
            if parts.fragment and target.suffix == ".html":
                assert unquote(parts.fragment) in ids[target], f"{page}: {href}"
            checked += 1
    assert checked > 100
    event = site / "events" / "winter" / "open1.trf.html"
    event_links = _links(event)
    assert "../../index.html" in event_links  # event -> index
    assert "../../index.html#k-fide:4100001" in event_links  # event -> player (its key)
    index_links = _links(site / "index.html")
    assert "events/winter/open1.trf.html" in index_links  # index -> event
    assert any(h.startswith("players/1.html#p") for h in index_links)  # index -> player
    player_links = _links(site / "players" / "1.html")
    assert "../index.html" in player_links  # player -> index
    assert any(h.startswith("../events/open2.jch.html#x") for h in player_links)  # -> event


def test_players_are_listed_by_surname_with_their_events_and_chart(site: Path) -> None:
    index = read_index(site)
    assert [p["name"] for p in index["players"]] == [
        "Zoë Abalia", "Ash, Alan", "Élodie Brun", "Carla Costa", "Darrigues, Alain",
        "Müller, Hans", "van der Berg, Jan", "Bo Zhang"]
    page = lxml.html.parse(str(site / "players" / "1.html")).getroot()
    heading = page.get_element_by_id("p2")
    assert heading.text_content() == "Ash, Alan"
    section = heading.getparent()
    events = section.xpath(".//table[contains(@class, 'sortable')]")[0]
    heads = [th.text_content() for th in events.xpath("./thead/tr/th")]
    assert heads == ["Date", "Event", "Place", "Points", "Games", "Perf.", "Rating"]
    rows = events.xpath("./tbody/tr")
    assert [r.xpath("./td")[1].text_content() for r in rows] == [
        "Club Open 1", "Club Open 2", "Club Open 3"]
    assert [r.xpath("./td")[6].text_content() for r in rows] == ["1850", "1860", "1870"]
    assert all(r.xpath("./td")[2].text_content().isdigit() for r in rows)
    # the chart: a dot for each event's rating used and for each performance
    dots = section.xpath(".//svg[contains(@class, 'season')]/path[@class='dots']")
    assert [d.get("d").count("h0") for d in dots] == [3, 3]


def test_the_season_site_in_a_browser(site: Path, driver) -> None:  # noqa: F811
    driver.get((site / "index.html").as_uri())
    table = driver.find_element(By.ID, "players-table")
    search = driver.find_element(By.CSS_SELECTOR, "input.filter")
    search.send_keys("muller")  # accents ignored
    shown = [r for r in table.find_elements(By.CSS_SELECTOR, "tbody > tr") if r.is_displayed()]
    assert [r.find_element(By.TAG_NAME, "th").text for r in shown] == ["Müller, Hans"]
    search.clear()
    search.send_keys(" ")
    head = table.find_element(By.CSS_SELECTOR, "thead th button")
    head.click()
    head.click()  # by surname, Z first
    first = table.find_element(By.CSS_SELECTOR, "tbody > tr > th")
    assert first.text == "Bo Zhang"
    assert console_errors(driver) == []

    # from an event page, a player's name leads to the player's own page
    driver.get((site / "events" / "open2.jch.html").as_uri())
    assert driver.find_element(By.CSS_SELECTOR, "nav.site a").text == "Season index"
    link = driver.find_element(By.CSS_SELECTOR, "#standings th.name a")
    name = link.text
    link.click()
    assert "/players/1.html#p" in driver.current_url
    pid = driver.current_url.rsplit("#", 1)[1]
    assert driver.find_element(By.ID, pid).text == name
    assert console_errors(driver) == []

    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 400, "height": 800, "deviceScaleFactor": 1, "mobile": True})
    for page in ("index.html", "players/1.html", "events/open2.jch.html"):
        driver.get((site / page).as_uri())
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 400, page
        assert console_errors(driver) == []


def _games(table) -> list[tuple[str, list[list[str]]]]:  # type: ignore[no-untyped-def]
    """The shown rows of a player's games table, by event: (heading, [cells of each game])."""
    out = []
    for body in table.find_elements(By.CSS_SELECTOR, ":scope > tbody"):
        rows = [r for r in body.find_elements(By.TAG_NAME, "tr") if r.is_displayed()]
        if rows:
            out.append((rows[0].text, [[c.text for c in r.find_elements(By.TAG_NAME, "td")]
                                       for r in rows[1:]]))
    return out


def test_every_table_of_the_season_site_sorts_and_filters(site: Path, driver) -> None:  # noqa: F811
    for page in ("index.html", "players/1.html", "events/open2.jch.html"):
        driver.get((site / page).as_uri())
        assert every_table_sorts(driver) >= 14, page
        assert console_errors(driver) == []

    # a player's games: each event's games sort on their own, under the event's heading
    driver.get((site / "players" / "1.html").as_uri())
    games = driver.find_element(By.CSS_SELECTOR, "#p2 ~ .box table:has(> tbody > tr.ev)")
    events = _games(games)
    assert len(events) == 3 and all(len(rows) == 3 for _, rows in events)
    assert [head.split()[0] for head, _ in events] == [  # by date, as the events table
        "winter/open1.trf", "open2.jch", "open3.xml"]
    rtg = games.find_elements(By.CSS_SELECTOR, ":scope > thead th")[3]
    assert rtg.text.rstrip(" ↕") == "Rtg"
    rtg.find_element(By.TAG_NAME, "button").click()  # best first
    by_rating = _games(games)
    assert [head for head, _ in by_rating] == [head for head, _ in events]
    for _, rows in by_rating:
        ratings = [int(r[3]) for r in rows]
        assert ratings == sorted(ratings, reverse=True)

    # the search box: an opponent's games (with their events' headings) or a whole event
    search = driver.find_element(By.CSS_SELECTOR, "input.filter")
    search.send_keys("zhang")
    found = _games(games)
    assert found and all(rows and all(r[2] == "Bo Zhang" for r in rows) for _, rows in found)
    search.clear()
    search.send_keys("open3.xml")
    assert [(head.split()[0], len(rows)) for head, rows in _games(games)] == [("open3.xml", 3)]
    assert console_errors(driver) == []


def test_dates_never_wrap_on_a_phone(site: Path, driver) -> None:  # noqa: F811
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 400, "height": 800, "deviceScaleFactor": 1, "mobile": True})
    for page in ("index.html", "players/1.html"):
        driver.get((site / page).as_uri())
        cells = driver.find_elements(By.CSS_SELECTOR, "td.date, table.events td:first-child")
        assert cells, page
        lines = {driver.execute_script(  # one rectangle per line of text
            "var r = document.createRange(); r.selectNodeContents(arguments[0]);"
            " return r.getClientRects().length", c) for c in cells}
        assert lines == {1}, page


def test_numbers_are_right_aligned_in_every_player_table(site: Path, driver) -> None:  # noqa: F811
    """The games and events tables' cells carry no class (the stylesheet aligns them by
    column), yet their numbers line up on the right."""
    driver.get((site / "players" / "1.html").as_uri())
    align = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll("
        "'table.games > tbody > tr:not(.ev) > td'), function (td) {"
        " return td.cellIndex + ':' + getComputedStyle(td).textAlign; })")
    assert align and set(align) == {"0:right", "1:start", "2:start", "3:right", "4:start"}
    events = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll("
        "'table.events > tbody > tr > td'), function (td) {"
        " return td.cellIndex + ':' + getComputedStyle(td).textAlign; })")
    assert events and set(events) == {"0:start", "1:start", "2:right", "3:right", "4:right",
                                      "5:right", "6:right"}


def test_the_season_chart_draws_a_round_dot_for_each_value(site: Path, driver) -> None:  # noqa: F811
    """The chart's dots are zero-length strokes of one path a line: they show only with
    the stylesheet's round caps and width."""
    driver.get((site / "players" / "1.html").as_uri())
    dots = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('svg.season path.dots'),"
        " function (p) { var s = getComputedStyle(p);"
        " return [s.strokeLinecap, s.strokeWidth, s.fill]; })")
    assert dots and {tuple(d) for d in dots} == {("round", "6px", "none")}
    assert console_errors(driver) == []
