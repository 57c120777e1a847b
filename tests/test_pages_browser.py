"""Every page on a phone (400 px) and a wide screen (1280 px), and printed (issue 32, items
8-10), in a real headless browser (skipped without chromium, as the report's browser tests
are: :mod:`test_reports_browser`).

* Every table can be read to its last column: its box scrolled to the end, the last
  column's cells are on screen, inside the box, and a click there lands on them (a table
  clipped by its section, or wider than a box that does not scroll, fails).
* The prize list's own page and the season index read on a phone: the page does not
  overflow sideways, and the index shows each event's name and date first.
* The compact print view (standings and crosstable, without the rest) prints a fraction of
  the pages of the whole page, counted with Chromium's printToPDF and pdftotext.
"""

from __future__ import annotations

import base64
import subprocess
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from selenium import webdriver
from selenium.webdriver.common.by import By
from test_reports_browser import big_event, binary, console_errors, driver, painted

from swisstb_io.cli import cli
from swisstb_io.model import Color, Outcome, Player, RoundResult, Team, Tournament
from swisstb_io.reports import ReportOptions, render
from swisstb_io.tiebreaks import CalcOptions, standings

__all__ = ["driver"]  # the browser fixture, shared with the report's browser tests

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def team_event(teams: int, boards: int, rounds: int) -> Tournament:
    """``teams`` teams (even) of ``boards`` players, ``rounds`` rounds of a round-robin
    schedule of the teams (circle method), board k against board k, results by a fixed
    rule; a team event (310-like numbered teams)."""
    size = boards
    members = {t: tuple((t - 1) * size + k for k in range(1, size + 1))
               for t in range(1, teams + 1)}
    games: dict[int, list[RoundResult]] = {sn: [] for ms in members.values() for sn in ms}
    for r in range(rounds):
        pairs = [(r % (teams - 1), teams - 1)] + [
            ((r + k) % (teams - 1), (r - k) % (teams - 1)) for k in range(1, teams // 2)]
        for a, b in pairs:
            for k, (x, y) in enumerate(zip(members[a + 1], members[b + 1], strict=True)):
                ox, oy = ((Outcome.WIN, Outcome.LOSS), (Outcome.DRAW, Outcome.DRAW),
                          (Outcome.LOSS, Outcome.WIN))[(a + b + r + k) % 3]
                cx, cy = (Color.WHITE, Color.BLACK) if k % 2 == 0 else (Color.BLACK, Color.WHITE)
                games[x].append(RoundResult(ox, y, cx))
                games[y].append(RoundResult(oy, x, cy))
    players = tuple(Player(sn, f"Player {sn:03d}", tuple(games[sn]), fide_rating=2400 - sn)
                    for sn in sorted(games))
    return Tournament(name="Team Open", players=players, total_rounds=rounds,
                      pairing_system="FIDE_TEAM_BAKU",
                      teams=tuple(Team(f"Team {t:02d}", ms, number=t)
                                  for t, ms in members.items()))


def _page(tmp_path: Path, name: str, result_html: bytes) -> Path:
    page = tmp_path / name
    page.write_bytes(result_html)
    return page


def five_rounds(tmp_path: Path) -> Path:
    """12 players, 5 rounds, FIDE notation (cells such as ``12w½``), rating groups."""
    result = standings(big_event(12, 5), "BH/C1,BH,SB,DE,WIN", CalcOptions(explain=True))
    return _page(tmp_path, "five.html", render(result, "html", ReportOptions(
        notation="fide", groups="rating:<2470,2470+")))


def twenty_one_rounds(tmp_path: Path) -> Path:
    """22 players, 21 rounds: a crosstable wider than the widest page column."""
    result = standings(big_event(22, 21), "BH/C1,SB", CalcOptions(explain=True))
    return _page(tmp_path, "wide.html", render(result, "html", ReportOptions(notation="fide")))


def held_team(tmp_path: Path) -> Path:
    """The Held team exercise with the board players (``--view both``): team standings, team
    crosstable (MP and GP last), matches and the players' tables."""
    page = tmp_path / "team.html"
    res = CliRunner().invoke(cli, ["report", str(FIXTURES / "team" / "held_team_2026.trf"),
                                   "-f", "html", "--view", "both", "-o", str(page)])
    assert res.exit_code == 0, res.output
    return page


def prize_report(tmp_path: Path) -> Path:
    """An event page with its prize list (the prize tables)."""
    page = tmp_path / "prizes.html"
    res = CliRunner().invoke(cli, [
        "report", str(FIXTURES / "prizes" / "example1.csv"), "-f", "html",
        "--prizes", str(FIXTURES / "prizes" / "example1.toml"), "-o", str(page)])
    assert res.exit_code == 0, res.output
    return page


def season(tmp_path: Path) -> Path:
    """A season site of the three season fixtures, filed in folders (long paths), with
    event pages: its output folder."""
    from swisstb_io.batch import Batch, BatchOptions

    root = tmp_path / "season"
    for k, src in enumerate(sorted((FIXTURES / "season").iterdir())):
        dest = root / "club-championships" / f"2026-part-{k + 1}" / src.name
        dest.parent.mkdir(parents=True)
        dest.write_bytes(src.read_bytes())
    out = tmp_path / "site"
    results = list(Batch(root, out, BatchOptions(jobs=1, formats=("html",))).run())
    assert {r.status for r in results} == {"ok"}
    return out


def season_index(tmp_path: Path) -> Path:
    return season(tmp_path) / "index.html"


def season_players(tmp_path: Path) -> Path:
    return season(tmp_path) / "players" / "1.html"


def prize_list(tmp_path: Path) -> Path:
    """The prize list's page of its own (``swisstb prizes --format html``)."""
    page = tmp_path / "prize-list.html"
    res = CliRunner().invoke(cli, [
        "prizes", str(FIXTURES / "prizes" / "example1.csv"),
        "--prizes", str(FIXTURES / "prizes" / "example1.toml"), "-f", "html", "-o", str(page)])
    assert res.exit_code == 0, res.output
    return page



PAGES: dict[str, Callable[[Path], Path]] = {
    "five-rounds": five_rounds, "21-rounds": twenty_one_rounds, "team": held_team,
    "prizes": prize_report, "prize-list": prize_list, "season-index": season_index,
    "season-players": season_players}

REACH = """
var table = arguments[0], done = arguments[arguments.length - 1];
var box = table.closest(".box");
if (box) { box.scrollLeft = box.scrollWidth; }
var cells = [], head = table.tHead ? table.tHead.rows[0] : table.rows[0];
cells.push(head.cells[head.cells.length - 1]);
Array.prototype.forEach.call(table.tBodies, function (body) {
  Array.prototype.forEach.call(body.rows, function (r) {
    if (!r.hidden && r.cells.length === head.cells.length) {
      cells.push(r.cells[r.cells.length - 1]);
    }
  });
});
cells = [cells[0], cells[1], cells[cells.length - 1]];
var out = [], k = 0;
function next() {
  if (k === cells.length) { done(out); return; }
  var cell = cells[k++], rect = cell.getBoundingClientRect();
  window.scrollTo(0, window.scrollY + rect.top - window.innerHeight / 2);
  requestAnimationFrame(function () { requestAnimationFrame(function () {
    var r = cell.getBoundingClientRect(), b = (box || table).getBoundingClientRect();
    var x = Math.min(r.right - 2, r.left + r.width / 2), y = r.top + r.height / 2;
    var hit = document.elementFromPoint(x, y);
    out.push({text: cell.textContent.trim(), left: r.left, right: r.right,
              boxLeft: b.left, boxRight: b.right, width: document.documentElement.clientWidth,
              hit: hit !== null && (hit === cell || cell.contains(hit))});
    next();
  }); });
}
next();
"""


def unreachable(driver: webdriver.Chrome) -> list[str]:
    """Every table of the page's ``<main>`` whose last column cannot be reached: its box
    scrolled to the end, the last header cell and the last cell of the first and the last
    body row must lie on screen, inside the box, and take a click."""
    bad = []
    for table in driver.find_elements(By.CSS_SELECTOR, "main table"):
        name = table.get_attribute("id") or table.find_element(
            By.CSS_SELECTOR, "caption, th").get_attribute("textContent")[:40]
        for c in driver.execute_async_script(REACH, table):
            inside = (c["boxLeft"] - 1 <= c["left"] and c["right"] <= c["boxRight"] + 1
                      and c["left"] >= 0 and c["right"] <= c["width"] + 1)
            if not (inside and c["hit"]):
                bad.append(f"{name}: {c}")
    return bad


@pytest.mark.parametrize("width", [400, 1280])
@pytest.mark.parametrize("kind", list(PAGES))
def test_every_table_is_reachable_to_its_last_column(driver: webdriver.Chrome, tmp_path: Path,
                                                     kind: str, width: int) -> None:
    page = PAGES[kind](tmp_path)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500})
    driver.get(page.as_uri())
    tables = driver.find_elements(By.CSS_SELECTOR, "main table")
    assert len(tables) >= 2
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width
    assert unreachable(driver) == []
    assert console_errors(driver) == []


def pdf_pages(driver: webdriver.Chrome, tmp_path: Path, name: str) -> tuple[int, str]:
    """The page printed to A4 (Chromium's printToPDF): its number of pages and its text."""
    painted(driver)
    pdf = driver.execute_cdp_cmd("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69})
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(base64.b64decode(pdf["data"]))
    text = subprocess.run([binary("pdftotext"), "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout
    return text.count("\f"), text


def phone(driver: webdriver.Chrome) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 400, "height": 800, "deviceScaleFactor": 1, "mobile": True})


def test_the_prize_list_page_looks_like_an_event_page_on_a_phone(
        driver: webdriver.Chrome, tmp_path: Path) -> None:
    """A phone lays the page out at its own width (the viewport meta: without it, a
    phone's browser lays a page out 980 px wide and shrinks it), with the event pages'
    stylesheet, search box and sortable tables, and nothing wider than the screen."""
    from swisstb_io.reports.html_kit import CSS

    page = prize_list(tmp_path)
    assert f"<style>\n{CSS}</style>" in page.read_text(encoding="utf-8")
    phone(driver)
    driver.get(page.as_uri())
    assert driver.execute_script("return document.documentElement.clientWidth") == 400
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 400
    assert driver.find_element(By.TAG_NAME, "h1").text == "Prize list: Example 1"
    assert driver.find_element(By.CSS_SELECTOR, "input.filter").is_displayed()
    assert len(driver.find_elements(By.CSS_SELECTOR, "main table.sortable thead button")) > 10
    font = driver.execute_script("return getComputedStyle(document.body).fontSize")
    assert font == "14px"  # the event pages' phone layout
    assert unreachable(driver) == []
    assert console_errors(driver) == []


def test_the_season_index_shows_event_names_and_dates_first_on_a_phone(
        driver: webdriver.Chrome, tmp_path: Path) -> None:
    """At 400 px, before any scrolling, each event's row starts with its name (a link to
    its page) and its date, not the file's path."""
    from swisstb_io.batch.season import read_index

    site = season(tmp_path)
    events = read_index(site)["events"]
    phone(driver)
    driver.get((site / "index.html").as_uri())
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 400
    rows = driver.find_elements(By.CSS_SELECTOR, "#events-table > tbody > tr")
    assert len(rows) == len(events) == 3
    seen = []
    for row in rows:
        cells = row.find_elements(By.CSS_SELECTOR, "th, td")
        for cell in cells[:2]:
            right = driver.execute_script(
                "return arguments[0].getBoundingClientRect().right", cell)
            assert right <= 400, cell.text
        seen.append((cells[0].text, cells[1].text))
        assert cells[0].find_element(By.TAG_NAME, "a").get_attribute("href").endswith(".html")
    assert sorted(seen) == sorted((e["name"] or e["file"], e["date"]) for e in events)
    assert all(name for name, _ in seen) and sum(bool(date) for _, date in seen) == 2
    assert console_errors(driver) == []


def fifty_teams(tmp_path: Path) -> Path:
    """50 teams of 4 boards, 9 rounds: the team page with its 225 match cards."""
    from swisstb_io.event_report import ReportRequest, event_report

    report = event_report(team_event(50, 4, 9), ReportRequest(calc=CalcOptions(explain=True)))
    return _page(tmp_path, "fifty.html", render(report, "html", ReportOptions()))


def season_of_fifty(tmp_path: Path) -> Path:
    """A page of fifty season players, each in six events: the first player page."""
    from swisstb_io.api import dumps
    from swisstb_io.batch import Batch, BatchOptions

    root = tmp_path / "season50"
    root.mkdir()
    for k in range(6):
        t = big_event(50, 7)
        (root / f"event{k + 1}.trf").write_bytes(dumps(replace(t, name=f"Club Open {k + 1}"),
                                                       "trf"))
    out = tmp_path / "site50"
    results = list(Batch(root, out, BatchOptions(jobs=1, formats=("html",))).run())
    assert {r.status for r in results} == {"ok"}
    return out / "players" / "1.html"


@pytest.mark.parametrize(("make", "kept", "left_out"), [
    (fifty_teams, ("Team standings", "Team crosstable"), ("Matches", "Team rosters")),
    (season_of_fifty, ("Date", "Event", "Place"), ("Opponent", "1 = the first, by date")),
], ids=["fifty-teams", "player-page"])
def test_the_compact_print_view_prints_a_fraction_of_the_pages(
        driver: webdriver.Chrome, tmp_path: Path, make: Callable[[Path], Path],
        kept: tuple[str, ...], left_out: tuple[str, ...]) -> None:
    """The page says on screen how to print it and offers the compact view (a checkbox,
    no script needed); printed (A4) with it ticked, the page keeps its standings and
    crosstables (or a player's facts and events) and prints at most a quarter of the
    pages of the whole page.  Neither print shows the note."""
    page = make(tmp_path)
    driver.get(page.as_uri())
    note = driver.find_element(By.CSS_SELECTOR, "header p.print-choice")
    assert note.is_displayed() and "Ctrl+P" in note.text and "Compact print" in note.text
    box = driver.find_element(By.ID, "compact-print")
    assert not box.is_selected()
    full, full_text = pdf_pages(driver, tmp_path, "full")
    box.click()
    assert box.is_selected()
    compact, text = pdf_pages(driver, tmp_path, "compact")
    assert 4 * compact <= full, (compact, full)
    for word in kept:
        assert word in text and word in full_text, word
    for word in left_out:
        assert word not in text and word in full_text, word
    assert "To print this page" not in full_text + text
    assert console_errors(driver) == []
