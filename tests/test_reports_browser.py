"""The HTML report in a real headless browser (Debian chromium + chromedriver, via selenium).

`.ci/run` installs chromium and chromium-driver.  On a machine without them (a fresh
clone's ``python -m pytest``) the test is skipped with a one-line reason; under CI
(``CI=true``) a missing browser is a failure, so CI can never pass without this test.
To run it locally: ``apt-get install chromium chromium-driver`` (Debian names).

The page must load without console errors, show the standings table, open one tie-break
explanation on a click, sort a column on a click, and a screenshot is saved under the
test's tmp dir.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from reports_cases import CASES
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from swisstb_io.reports import render

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1400,1800")


def _binary(*names: str) -> str:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    reason = (f"none of {', '.join(names)} is installed (apt-get install chromium "
              "chromium-driver)")
    if os.environ.get("CI"):
        raise AssertionError(f"{reason}; under CI the browser test must run")
    pytest.skip(reason)


def test_a_missing_browser_skips_locally_and_fails_under_ci(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="none of chromium is installed"):
        _binary("chromium")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(AssertionError, match="under CI the browser test must run"):
        _binary("chromium")


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[webdriver.Chrome]:
    opts = webdriver.ChromeOptions()
    opts.binary_location = _binary("chromium", "chromium-browser")
    for flag in FLAGS:
        opts.add_argument(flag)
    opts.add_argument(f"--user-data-dir={tmp_path / 'profile'}")
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=_binary("chromedriver"))
    drv = webdriver.Chrome(options=opts, service=service)
    try:
        yield drv
    finally:
        drv.quit()


def test_html_report_in_a_browser(driver: webdriver.Chrome, tmp_path: Path) -> None:
    case = CASES[1]  # FIDE: 16 players, explanations with dropped values
    page = tmp_path / "report.html"
    options = replace(case.report_options(), groups=None)
    page.write_bytes(render(case.result_for("html"), "html", options))
    driver.get(page.as_uri())

    table = driver.find_element(By.ID, "standings")
    assert table.is_displayed()
    assert table.find_element(By.TAG_NAME, "caption").text.startswith("Standings")
    rows = table.find_elements(By.CSS_SELECTOR, ":scope > tbody > tr")
    assert len(rows) == 16
    assert rows[0].find_element(By.CSS_SELECTOR, "th[scope=row]").text == "Charline"

    # open the first BH/C1 value: the explanation with the dropped value becomes visible
    cell = rows[0].find_elements(By.CSS_SELECTOR, "td.tb")[0]
    why = cell.find_element(By.CSS_SELECTOR, ".why")
    assert not why.is_displayed()
    cell.find_element(By.TAG_NAME, "summary").click()
    assert why.is_displayed()
    assert "FIDE C.07 §8.1" in why.text
    assert "dropped" in why.text
    driver.save_screenshot(str(tmp_path / "explanation.png"))

    # sort by name: the script reorders the rows and sets aria-sort
    head = table.find_elements(By.CSS_SELECTOR, ":scope > thead th")[2]
    head.find_element(By.TAG_NAME, "button").click()
    assert head.get_attribute("aria-sort") == "ascending"
    names = [r.find_element(By.CSS_SELECTOR, "th[scope=row]").text
             for r in table.find_elements(By.CSS_SELECTOR, ":scope > tbody > tr")]
    assert names == sorted(names, key=str.lower)

    assert driver.find_element(By.CSS_SELECTOR, "svg.chart").is_displayed()
    shot = tmp_path / "report.png"
    assert driver.save_screenshot(str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    errors = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
    assert errors == []
