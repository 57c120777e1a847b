"""Printed pages of the big pages, whole and in the compact print view (prints figures).

    python benchmarks/print_pages.py

Each page is printed to A4 by Chromium (``Page.printToPDF``, as the browser tests print),
then with the "Compact print" box ticked; the page breaks (form feeds) are counted in
``pdftotext``'s output.  The pages are those of ``tests/test_pages_browser.py``: a team
event of 50 teams of 4 boards over 9 rounds (225 match cards), a season's player page of
50 players in 6 events of 7 rounds each, and a 120-player, 5-round individual event.
Needs chromium, chromedriver and pdftotext (the browser tests' system packages).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from test_pages_browser import fifty_teams, pdf_pages, season_of_fifty
from test_reports_browser import FLAGS, big_event, binary

from swisstb_io.reports import ReportOptions, render
from swisstb_io.tiebreaks import CalcOptions, standings


def hundred_twenty(tmp: Path) -> Path:
    page = tmp / "big.html"
    result = standings(big_event(120, 5), "uscf", CalcOptions(explain=True))
    page.write_bytes(render(result, "html", ReportOptions()))
    return page


def main() -> None:
    opts = webdriver.ChromeOptions()
    opts.binary_location = binary("chromium", "chromium-browser")
    for flag in FLAGS:
        opts.add_argument(flag)
    driver = webdriver.Chrome(options=opts, service=Service(executable_path=binary("chromedriver")))
    tmp = Path(tempfile.mkdtemp())
    try:
        print(f"{'page':<40} {'whole':>6} {'compact':>8}")
        for name, make in (("50 teams x 4 boards x 9 rounds", fifty_teams),
                           ("player page: 50 players x 6 events", season_of_fifty),
                           ("120 players x 5 rounds", hundred_twenty)):
            driver.get(make(tmp).as_uri())
            whole, _ = pdf_pages(driver, tmp, "whole")
            box = driver.find_elements(By.ID, "compact-print")
            compact = "-"
            if box:
                box[0].click()
                compact = str(pdf_pages(driver, tmp, "compact")[0])
            print(f"{name:<40} {whole:>6} {compact:>8}")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
