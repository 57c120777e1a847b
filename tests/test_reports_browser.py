"""The HTML report in a real headless browser (Debian chromium + chromedriver, via selenium).

`.ci/run` installs chromium, chromium-driver and poppler-utils (``pdftotext`` reads the
printed PDF).  On a machine without them (a fresh clone's ``python -m pytest``) the tests
are skipped with a one-line reason; under CI (``CI=true``) a missing tool is a failure, so
CI can never pass without these tests.  To run them locally:
``apt-get install chromium chromium-driver poppler-utils`` (Debian names).

A page must load without console errors; sort on a click (a tie-break column best first),
filter its tables from the search box, open a tie-break explanation (in the standings and
in a group table) in a popover that Escape closes; at 400 px wide the page must not
overflow sideways (the tables scroll inside their box, place and name stay in view);
printed to PDF (the DevTools print API), page 2 must start with the header row.
"""

from __future__ import annotations

import base64
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from ci_env import SYSTEM_PACKAGES, under_ci
from reports_cases import CASES
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement

from swisstb_io.model import Color, Outcome, Player, RoundResult, Tournament
from swisstb_io.reports import ReportOptions, render
from swisstb_io.tiebreaks import CalcOptions, standings

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1400,1800")


PACKAGE_OF = {"chromium": "chromium", "chromium-browser": "chromium",
              "chromedriver": "chromium-driver", "pdftotext": "poppler-utils"}


def binary(*names: str) -> str:
    """The path of the first of ``names`` installed (one program under its usual names)."""
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    missing = names[0] if len(names) == 1 else f"none of {', '.join(names)}"
    verb = "is not" if len(names) == 1 else "is"
    reason = (f"{missing} {verb} installed (Debian package {PACKAGE_OF[names[0]]}; the "
              f"browser tests need apt-get install {' '.join(SYSTEM_PACKAGES)})")
    if under_ci():
        raise AssertionError(f"{reason}; under CI the browser test must run")
    pytest.skip(reason)


def test_a_missing_browser_skips_locally_and_fails_under_ci(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"^chromium is not installed \(Debian "
                       r"package chromium; the browser tests need apt-get install chromium "
                       r"chromium-driver poppler-utils\)$"):
        binary("chromium")
    with pytest.raises(pytest.skip.Exception,
                       match=r"^pdftotext is not installed \(Debian package poppler-utils;"):
        binary("pdftotext")
    with pytest.raises(pytest.skip.Exception, match=r"^none of chromium, chromium-browser is "
                       r"installed \(Debian package chromium;"):
        binary("chromium", "chromium-browser")
    monkeypatch.setenv("CI", "false")  # said explicitly: not CI
    with pytest.raises(pytest.skip.Exception, match="chromium is not installed"):
        binary("chromium")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(AssertionError, match="under CI the browser test must run"):
        binary("chromium")


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[webdriver.Chrome]:
    opts = webdriver.ChromeOptions()
    opts.binary_location = binary("chromium", "chromium-browser")
    for flag in FLAGS:
        opts.add_argument(flag)
    opts.add_argument(f"--user-data-dir={tmp_path / 'profile'}")
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=binary("chromedriver"))
    drv = webdriver.Chrome(options=opts, service=service)
    try:
        yield drv
    finally:
        drv.quit()


def painted(driver: webdriver.Chrome) -> None:
    """Wait until the loaded page's fonts are ready and two frames have been drawn: printing
    straight after the load event once gave a one-page PDF of a six-page report (a race in
    Chromium, seen in 3 runs of ~60)."""
    driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        " document.fonts.ready.then(function () {"
        " requestAnimationFrame(function () { requestAnimationFrame(function () {"
        " done(true); }); }); });")


def console_errors(driver: webdriver.Chrome) -> list[object]:
    return [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]


def body_rows(table: WebElement) -> list[WebElement]:
    return [r for r in table.find_elements(By.CSS_SELECTOR, ":scope > tbody > tr")
            if r.is_displayed()]


def names(table: WebElement) -> list[str]:
    return [r.find_element(By.CSS_SELECTOR, "th[scope=row]").text for r in body_rows(table)]


def big_event(n: int = 120, rounds: int = 5) -> Tournament:
    """``n`` players (even), ``rounds`` rounds of a round-robin schedule (circle method),
    results by a fixed rule; every player has a title and a federation."""
    games: dict[int, list[RoundResult]] = {s: [] for s in range(1, n + 1)}
    for r in range(rounds):
        pairs = [(r % (n - 1), n - 1)] + [((r + k) % (n - 1), (r - k) % (n - 1))
                                         for k in range(1, n // 2)]
        for a, b in pairs:
            x = (a + b + r) % 3
            oa, ob = ((Outcome.WIN, Outcome.LOSS), (Outcome.DRAW, Outcome.DRAW),
                      (Outcome.LOSS, Outcome.WIN))[x]
            games[a + 1].append(RoundResult(oa, b + 1, Color.WHITE))
            games[b + 1].append(RoundResult(ob, a + 1, Color.BLACK))
    players = tuple(Player(s, f"Player {s:03d}", tuple(games[s]), fide_rating=2500 - 5 * s,
                           title=("GM", "IM", "FM", "")[s % 4],
                           federation=("ESP", "FRA", "USA")[s % 3]) for s in games)
    return Tournament(name="Big Open", players=players, total_rounds=rounds)


def test_html_report_in_a_browser(driver: webdriver.Chrome, tmp_path: Path) -> None:
    case = CASES[1]  # FIDE: 16 players, explanations with dropped values
    page = tmp_path / "report.html"
    options = replace(case.report_options(), groups="rating:<2000,2000+")
    page.write_bytes(render(case.result_for("html"), "html", options))
    driver.get(page.as_uri())

    table = driver.find_element(By.ID, "standings")
    assert table.is_displayed()
    rows = body_rows(table)
    assert len(rows) == 16
    assert names(table)[0] == "Charline"

    # open the first BH/C1 value: a popover with the rule and the dropped value
    rows[0].find_element(By.CSS_SELECTOR, "button.why-open").click()
    why = driver.find_element(By.CSS_SELECTOR, ".why[role=dialog]")
    assert why.is_displayed()
    assert "FIDE C.07 §8.1" in why.text and "dropped" in why.text
    assert why.text.startswith("BH/C1 = ")
    driver.save_screenshot(str(tmp_path / "explanation.png"))
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert driver.find_elements(By.CSS_SELECTOR, ".why") == []

    # a group table's value opens too
    group = driver.find_element(By.ID, "group-1")
    group_row = body_rows(group)[0]
    driver.execute_script("arguments[0].scrollIntoView({block: \"center\"})", group_row)
    group_row.find_element(By.CSS_SELECTOR, "button.why-open").click()
    assert "FIDE C.07" in driver.find_element(By.CSS_SELECTOR, ".why").text
    driver.find_element(By.TAG_NAME, "h1").click()  # a click elsewhere closes it
    assert driver.find_elements(By.CSS_SELECTOR, ".why") == []

    # sort by name (A first), then by the last tie-break (best first on the first click)
    heads = table.find_elements(By.CSS_SELECTOR, ":scope > thead th")
    assert [h.text.rstrip(" ↕") for h in heads[:3]] == ["Place", "Name", "No"]
    heads[1].find_element(By.TAG_NAME, "button").click()
    assert heads[1].get_attribute("aria-sort") == "ascending"
    assert names(table) == sorted(names(table), key=str.lower)
    win = heads[-1]
    win.find_element(By.TAG_NAME, "button").click()
    assert win.get_attribute("aria-sort") == "descending"
    values = [Decimal(r.find_elements(By.TAG_NAME, "td")[-1].text) for r in body_rows(table)]
    assert values == sorted(values, reverse=True) and values[0] > values[-1]
    win.find_element(By.TAG_NAME, "button").click()
    assert win.get_attribute("aria-sort") == "ascending"

    # the search box filters every table of the page
    search = driver.find_element(By.CSS_SELECTOR, "input.filter")
    search.send_keys("charl")
    assert names(table) == ["Charline"]
    assert names(driver.find_element(By.ID, "crosstable")) == ["Charline"]
    search.clear()
    search.send_keys(Keys.SPACE, Keys.BACKSPACE)
    assert len(body_rows(table)) == 16

    assert driver.find_element(By.CSS_SELECTOR, "svg.chart").is_displayed()
    shot = tmp_path / "report.png"
    assert driver.save_screenshot(str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert console_errors(driver) == []


def test_a_phone_scrolls_tables_in_their_box_never_the_page(
        driver: webdriver.Chrome, tmp_path: Path) -> None:
    t = big_event(40, 5)
    page = tmp_path / "big.html"
    result = standings(t, "BH/C1,BH,SB,DE,WIN", CalcOptions(explain=True))
    page.write_bytes(render(result, "html", ReportOptions(notation="fide")))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 400, "height": 800, "deviceScaleFactor": 1, "mobile": True})
    driver.get(page.as_uri())
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 400
    heads = [h.text.rstrip(" ↕") for h in
             driver.find_elements(By.CSS_SELECTOR, "#standings > thead th")]
    assert heads[:7] == ["Place", "Name", "No", "Title", "Fed", "Rating", "Points"]
    box = driver.find_element(By.CSS_SELECTOR, ".box:has(#standings)")
    inner, outer = driver.execute_script(
        "var b = arguments[0]; b.scrollLeft = b.scrollWidth; return [b.scrollWidth, b.clientWidth]",
        box)
    assert inner > outer  # the table is wider than the phone: it scrolls in its box
    left, right = driver.execute_script(
        "var r = arguments[0].getBoundingClientRect(); return [r.left, r.right]", box)
    first = driver.find_element(By.CSS_SELECTOR, "#standings > tbody > tr")
    for cell in (first.find_element(By.CSS_SELECTOR, "td.place"),
                 first.find_element(By.CSS_SELECTOR, "th.name")):
        rect = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", cell)
        assert left - 1 <= rect["left"] and rect["right"] <= right + 1, rect
    assert first.find_element(By.CSS_SELECTOR, "th.name").text.startswith("Player ")
    driver.save_screenshot(str(tmp_path / "phone.png"))
    assert console_errors(driver) == []


@pytest.mark.parametrize("paper", [(8.27, 11.69), (8.5, 11.0)], ids=["A4", "Letter"])
def test_printed_pages_repeat_the_header_row(driver: webdriver.Chrome, tmp_path: Path,
                                             paper: tuple[float, float]) -> None:
    pdftotext = binary("pdftotext")
    t = big_event(120, 5)
    page = tmp_path / "big.html"
    result = standings(t, "uscf", CalcOptions(explain=True))
    page.write_bytes(render(result, "html", ReportOptions()))
    driver.get(page.as_uri())
    painted(driver)
    pdf = driver.execute_cdp_cmd("Page.printToPDF", {"paperWidth": paper[0],
                                                     "paperHeight": paper[1]})
    path = tmp_path / "big.pdf"
    path.write_bytes(base64.b64decode(pdf["data"]))
    text = subprocess.run([pdftotext, "-layout", "-f", "2", "-l", "2", str(path), "-"],
                          check=True, capture_output=True, text=True).stdout
    first = next(line for line in text.splitlines() if line.strip())
    assert first.split() == ["Place", "Name", "No", "Title", "Fed", "Rating", "Points",
                             "ModMed", "Solk", "Cum", "OppCum"], text[:400]
    # the wall chart fits the paper's width: no round column is cut off
    whole = subprocess.run([pdftotext, "-layout", str(path), "-"], check=True,
                           capture_output=True, text=True).stdout
    assert any(line.split()[-5:] == ["R1", "R2", "R3", "R4", "R5"]
               for line in whole.splitlines() if line.strip())
    assert console_errors(driver) == []


_COLUMN = """
var table = arguments[0], col = arguments[1];
return Array.prototype.map.call(table.tBodies, function (body) {
  return Array.prototype.map.call(body.rows, function (r, i) {
    var c = r.cells[col], head = i === 0 && r.cells[0].getAttribute("scope") === "rowgroup";
    var v = c ? c.getAttribute("data-sort") : "";
    return [head, c ? (v === null ? c.textContent.trim() : v) : ""];
  });
});
"""


def _number(text: str) -> Decimal | None:
    """A number as the pages print it (``17½`` is 17.5), else None."""
    try:
        return Decimal(text.replace("½", ".5"))
    except ArithmeticError:
        return None


def every_table_sorts(driver: webdriver.Chrome) -> int:
    """Click every column header of every table in the page's ``<main>``: each is a sort
    button, the first click sorts best first where the column says so (else lowest first),
    no row is lost, a tbody's heading row stays on top, and a numeric column (marked, or
    unmarked with numbers only) comes out in order with empty values last.  Returns the
    number of columns sorted."""
    tables = driver.find_elements(By.CSS_SELECTOR, "main table")
    assert tables
    checked = 0
    for table in tables:
        assert {"sortable", "filterable"} <= set(table.get_attribute("class").split())
        heads = table.find_elements(By.CSS_SELECTOR, ":scope > thead > tr:first-child > th")
        assert heads
        before = driver.execute_script(_COLUMN, table, 0)
        for k, th in enumerate(heads):
            driver.execute_script("arguments[0].click()", th.find_element(By.TAG_NAME, "button"))
            first = "descending" if th.get_attribute("data-first") == "desc" else "ascending"
            assert th.get_attribute("aria-sort") == first, th.text
            groups = driver.execute_script(_COLUMN, table, k)
            assert [len(g) for g in groups] == [len(g) for g in before]
            assert [[h for h, _ in g] for g in groups] == [[h for h, _ in g] for g in before]
            values = [[v for h, v in g if not h] for g in groups]
            kind = th.get_attribute("data-type")
            numeric = kind == "num" or (kind is None and all(
                v in ("", "-") or _number(v) is not None for g in values for v in g))
            if numeric:
                for g in values:
                    present = [_number(v) for v in g if v not in ("", "-")]
                    assert None not in present, (th.text, g)
                    assert present == sorted(present, reverse=first == "descending"), th.text
                    assert all(v in ("", "-") for v in g[len(present):]), th.text  # last
            checked += 1
    return checked


def _prize_page(tmp_path: Path) -> Path:
    """The prize fixture's event with its prize list and rating groups, as an HTML page."""
    from swisstb_io.api import load
    from swisstb_io.event_report import ReportRequest, event_report
    from swisstb_io.prizes import read_prize_file

    fix = Path(__file__).resolve().parent.parent / "fixtures" / "prizes"
    source = str(fix / "example1.csv")
    options = ReportOptions(source=source, groups="rating:<2000,2000+")
    report = event_report(load(source).tournament, ReportRequest(
        calc=CalcOptions(explain=True), options=options,
        prize_file=read_prize_file(str(fix / "example1.toml"))))
    page = tmp_path / "prizes.html"
    page.write_bytes(render(report, "html", options))
    return page


def test_every_table_of_an_event_page_sorts_and_filters(driver: webdriver.Chrome,
                                                        tmp_path: Path) -> None:
    page = _prize_page(tmp_path)
    text = page.read_text(encoding="utf-8")
    assert str(page.parent.parent) not in text and "/fixtures/" not in text  # file names only
    driver.get(page.as_uri())
    ids = [t.get_attribute("id") for t in driver.find_elements(By.CSS_SELECTOR, "main table")]
    assert ids[:1] == ["standings"] and "crosstable" in ids and "group-1" in ids
    prize = driver.find_elements(By.CSS_SELECTOR, ".prizes table")
    assert prize and all(t.find_elements(By.CSS_SELECTOR, ":scope > thead th button")
                         for t in prize)  # the script gave the prize tables a sortable head
    assert every_table_sorts(driver) > 40
    # a prize table sorts: its Player column, lowest first then reversed
    awards = prize[0]
    player = awards.find_elements(By.CSS_SELECTOR, ":scope > thead th")[3]
    assert player.text.rstrip(" ↕") == "Player"
    player.find_element(By.TAG_NAME, "button").click()
    shown = [r.find_elements(By.TAG_NAME, "td")[3].text for r in body_rows(awards)]
    assert shown == sorted(shown, key=str.lower) and len(set(shown)) > 1
    player.find_element(By.TAG_NAME, "button").click()
    assert [r.find_elements(By.TAG_NAME, "td")[3].text for r in body_rows(awards)] == shown[::-1]
    # the search box filters the prize tables too
    search = driver.find_element(By.CSS_SELECTOR, "input.filter")
    search.send_keys(shown[0])
    assert {r.find_elements(By.TAG_NAME, "td")[3].text for r in body_rows(awards)} == {shown[0]}
    assert console_errors(driver) == []


def test_without_javascript_the_page_says_how_to_read_the_explanations(
        driver: webdriver.Chrome, tmp_path: Path) -> None:
    case = CASES[1]
    page = tmp_path / "report.html"
    options = replace(case.report_options(), source="/home/someone/events/held.trf")
    page.write_bytes(render(case.result_for("html"), "html", options))
    driver.get(page.as_uri())
    note = driver.find_elements(By.CSS_SELECTOR, "p.no-script")
    assert note == [] or not note[0].is_displayed()  # the script runs: no note
    assert driver.find_element(By.CSS_SELECTOR, "input.filter").is_displayed()

    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(page.as_uri())
    note = driver.find_element(By.CSS_SELECTOR, "p.no-script")
    assert note.is_displayed()
    assert "swisstb report held.trf --explain" in note.text and "someone" not in note.text
    assert driver.find_elements(By.CSS_SELECTOR, "input.filter") == []
    assert not driver.find_element(By.CSS_SELECTOR, "p.hint").is_displayed()
    value = driver.find_element(By.CSS_SELECTOR, "button.why-open")
    assert value.value_of_css_property("cursor") == "text"  # not shown as a control


def test_a_page_of_two_sections_sorts_and_explains_in_the_second(
        driver: webdriver.Chrome, tmp_path: Path) -> None:
    """A multi-section file's page (issue 15): the second section has its own tie-break
    chain; its values open their own explanations, its sort leaves the first section's
    table alone, and the search box filters both."""
    from swisstb_io.reports import build
    from swisstb_io.reports.html_report import render_sections

    case = CASES[1]
    options = case.report_options()
    first = build(case.result_for("html"), options)
    second = build(standings(big_event(12, 4), "SB,BH,WIN", CalcOptions(explain=True)),
                   options)
    page = tmp_path / "sections.html"
    page.write_bytes(render_sections([("Open", first, options), ("Reserve", second, options)]))
    driver.get(page.as_uri())

    one = driver.find_element(By.ID, "sec1-standings")
    two = driver.find_element(By.ID, "sec2-standings")
    before = names(one)
    assert len(before) == 16 and len(body_rows(two)) == 12
    driver.execute_script("arguments[0].scrollIntoView({block: \"center\"})", two)
    body_rows(two)[0].find_element(By.CSS_SELECTOR, "button.why-open").click()
    why = driver.find_element(By.CSS_SELECTOR, ".why[role=dialog]")
    assert why.text.startswith("SB = ") and "Player " in why.text, why.text
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert driver.find_elements(By.CSS_SELECTOR, ".why") == []
    last = body_rows(two)[-1].find_elements(By.CSS_SELECTOR, "button.why-open")[-1]
    last.click()
    assert driver.find_element(By.CSS_SELECTOR, ".why").text.startswith("WIN = ")
    driver.find_element(By.ID, "sec2").click()
    assert driver.find_elements(By.CSS_SELECTOR, ".why") == []

    heads = two.find_elements(By.CSS_SELECTOR, ":scope > thead th")
    heads[1].find_element(By.TAG_NAME, "button").click()
    assert heads[1].get_attribute("aria-sort") == "ascending"
    assert names(two) == sorted(names(two), key=str.lower) != names(two)[::-1]
    bh = next(h for h in heads if h.text.startswith("BH"))
    bh.find_element(By.TAG_NAME, "button").click()
    column = heads.index(bh)
    values = [Decimal(r.find_elements(By.CSS_SELECTOR, "td, th")[column].text)
              for r in body_rows(two)]
    assert values == sorted(values, reverse=True) and values[0] > values[-1]
    assert names(one) == before  # the first section's table is left alone

    search = driver.find_element(By.CSS_SELECTOR, "input.filter")
    search.send_keys("player 007")
    assert names(two) == ["Player 007"] and names(one) == []
    assert names(driver.find_element(By.ID, "sec2-crosstable")) == ["Player 007"]


def test_team_page_in_a_browser(driver: webdriver.Chrome, tmp_path: Path) -> None:
    """A team event (Held 2026, ``--view both``): a team value's popover names the
    opponent teams, a player's names players (the two share the page's data), and a team
    crosstable cell goes to its match card."""
    from click.testing import CliRunner

    from swisstb_io.cli import cli

    page = tmp_path / "team.html"
    held = Path(__file__).resolve().parent.parent / "fixtures" / "team" / "held_team_2026.trf"
    res = CliRunner().invoke(cli, ["report", str(held), "-f", "html", "--view", "both",
                                   "-o", str(page)], prog_name="swisstb")
    assert res.exit_code == 0, res.stderr
    driver.get(page.as_uri())
    teams = driver.find_element(By.ID, "team-standings")
    assert names(teams)[:2] == ["Elephants", "Antelopes"]
    heads = [th.text for th in teams.find_elements(By.CSS_SELECTOR, "thead th")]
    cell = body_rows(teams)[0].find_elements(By.CSS_SELECTOR, "th, td")[heads.index("BH:MP/C1")]
    # a script click: a native one can land on a neighbour's button while the page is
    # still laying out the tables (seen under load)
    driver.execute_script("arguments[0].click()",
                          cell.find_element(By.CSS_SELECTOR, "button.why-open"))
    why = driver.find_element(By.CSS_SELECTOR, ".why[role=dialog]")
    assert why.text.startswith("BH:MP/C1 = 53: FIDE C.07 §8.1")
    assert "Lynxes" in why.text and "dropped" in why.text
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    players = driver.find_element(By.ID, "standings")
    driver.execute_script("arguments[0].click()",
                          body_rows(players)[0].find_element(By.CSS_SELECTOR, "button.why-open"))
    why = driver.find_element(By.CSS_SELECTOR, ".why[role=dialog]")
    assert why.text.startswith("ModMed = ") and "Hans Holz" in why.text
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    link = driver.find_element(By.CSS_SELECTOR, '#team-crosstable a[href="#m6-6-1"]')
    driver.execute_script("arguments[0].click()", link)
    card = driver.find_element(By.ID, "m6-6-1")
    assert card.text.startswith("6 Falcons 0-4 1 Antelopes (forfeit-loss)")
    assert driver.execute_script("return location.hash") == "#m6-6-1"
    assert console_errors(driver) == []


def test_every_table_of_a_team_event_page_sorts(driver: webdriver.Chrome,
                                                tmp_path: Path) -> None:
    """The team standings, crosstable, rosters and each match's boards (tables without
    sort buttons in their markup get them from the script)."""
    from click.testing import CliRunner

    from swisstb_io.cli import cli

    held = Path(__file__).resolve().parent.parent / "fixtures" / "team" / "held_team_2026.trf"
    page = tmp_path / "team.html"
    res = CliRunner().invoke(cli, ["report", str(held), "-f", "html", "-o", str(page)])
    assert res.exit_code == 0, res.output
    driver.get(page.as_uri())
    matches = driver.find_elements(By.CSS_SELECTOR, "main table.match")
    assert matches
    assert every_table_sorts(driver) > 4 * len(matches)
    assert console_errors(driver) == []
