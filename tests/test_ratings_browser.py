"""The ratings page in a real headless browser (skipped without chromium, as the report's
browser tests are): a change opens its game-by-game explanation in the report's popover,
an unrated player's new rating opens the initial rating, the table sorts; the report's
change column (``report --ratings``) opens the same explanations."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement
from test_reports_browser import body_rows, console_errors, driver, names

from swisstb_io import read
from swisstb_io.cli import cli
from swisstb_io.rating_change import RatingSystem, rating_changes
from swisstb_io.rating_change.render_tables import to_html

ROOT = Path(__file__).resolve().parent.parent

__all__ = ["driver"]  # the browser fixture, shared with the report's browser tests


def test_ratings_page_explains_each_change(driver: webdriver.Chrome, tmp_path: Path) -> None:
    result = rating_changes(read(ROOT / "fixtures" / "ratings" / "club_rr.trf"),
                            RatingSystem.FIDE, explain=True)
    page = tmp_path / "ratings.html"
    page.write_text(to_html(result, "club_rr.trf"), encoding="utf-8")
    driver.get(page.as_uri())
    table = driver.find_element(By.ID, "ratings")
    rows = body_rows(table)
    assert len(rows) == 6
    rows[1].find_element(By.CSS_SELECTOR, "button.why-open").click()
    why = driver.find_element(By.CSS_SELECTOR, ".why[role=dialog]")
    assert why.text.startswith("Change = +10.80: FIDE B.02 §8.3")
    assert "rated 2450: D −270, PD .17, scored ½" in why.text
    assert "13.20" in why.text and "dropped: opponent unrated" in why.text
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert driver.find_elements(By.CSS_SELECTOR, ".why") == []
    rows[5].find_element(By.CSS_SELECTOR, "button.why-open").click()
    why = driver.find_element(By.CSS_SELECTOR, ".why[role=dialog]")
    assert why.text.startswith("New rating = not rated: FIDE B.02 §8.2")
    assert "not rated yet: needs 1 more game" in why.text
    driver.find_element(By.TAG_NAME, "h1").click()
    heads = table.find_elements(By.CSS_SELECTOR, ":scope > thead th")
    change = next(h for h in heads if h.text.startswith("Change"))
    change.find_element(By.TAG_NAME, "button").click()
    assert names(table)[0] == "Dahl, Dina"  # +14.00, the largest gain
    assert console_errors(driver) == []


def _club_report(driver: webdriver.Chrome, tmp_path: Path) -> WebElement:
    """``report club_rr.trf --ratings fide`` as an HTML page, opened: its standings table."""
    page = tmp_path / "report.html"
    result = CliRunner().invoke(cli, ["report", str(ROOT / "fixtures" / "ratings" /
                                                    "club_rr.trf"),
                                      "--ratings", "fide", "-o", str(page)])
    assert result.exit_code == 0, result.output
    driver.get(page.as_uri())
    return driver.find_element(By.ID, "standings")


def test_report_change_column_opens_its_explanation(driver: webdriver.Chrome,
                                                    tmp_path: Path) -> None:
    """``report --ratings``: a change in the standings opens the same game-by-game
    explanation, in the tie-break values' popover; the column still sorts."""
    table = _club_report(driver, tmp_path)
    berg = next(r for r in body_rows(table) if "Berg, Bo" in r.text)
    berg.find_elements(By.CSS_SELECTOR, "td")[-1].find_element(
        By.CSS_SELECTOR, "button.why-open").click()
    why = driver.find_element(By.CSS_SELECTOR, ".why[role=dialog]")
    assert why.text.startswith("FIDE ± = +10.80: FIDE B.02 §8.3 rating change")
    assert "rated 2450: D −270, PD .17, scored ½" in why.text
    assert "4 games, score 3, expected 2.73" in why.text
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert driver.find_elements(By.CSS_SELECTOR, ".why") == []
    # a tie-break value of the same row still opens its own explanation
    berg.find_elements(By.CSS_SELECTOR, "button.why-open")[0].click()
    why = driver.find_element(By.CSS_SELECTOR, ".why[role=dialog]")
    assert why.text.startswith("ModMed = ")
    driver.find_element(By.TAG_NAME, "h1").click()
    heads = table.find_elements(By.CSS_SELECTOR, ":scope > thead th")
    next(h for h in heads if h.text.startswith("FIDE")).find_element(
        By.TAG_NAME, "button").click()
    assert names(table)[0] == "Dahl, Dina"  # +14.00, the largest gain
    assert console_errors(driver) == []


def test_report_not_rated_cell_opens_why(driver: webdriver.Chrome, tmp_path: Path) -> None:
    """A player not rated yet has no change and no first rating, and the report's cell
    still opens the reason, as the ``ratings`` page's New cell does: the initial rating's
    explanation, with how many more games the player needs."""
    table = _club_report(driver, tmp_path)
    falk = next(r for r in body_rows(table) if "Falk, Finn" in r.text)
    cell = falk.find_elements(By.CSS_SELECTOR, "td")[-1]
    assert cell.text == "not rated"
    cell.find_element(By.CSS_SELECTOR, "button.why-open").click()
    why = driver.find_element(By.CSS_SELECTOR, ".why[role=dialog]")
    assert why.text.startswith("FIDE ± = not rated: FIDE B.02 §8.2 initial rating")
    assert "not rated yet: needs 1 more game against rated opponents" in why.text
    assert "rated 2180, scored 1" in why.text
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert driver.find_elements(By.CSS_SELECTOR, ".why") == []
    heads = table.find_elements(By.CSS_SELECTOR, ":scope > thead th")
    next(h for h in heads if h.text.startswith("FIDE")).find_element(
        By.TAG_NAME, "button").click()
    assert names(table)[-1] == "Falk, Finn"  # no value: last, whichever the direction
    assert console_errors(driver) == []
