"""Benchmark: weight and time-to-usable of a big HTML event page in headless Chromium.

    python benchmarks/bench_pages.py              # 2,000 x 11 (the issue's page)
    python benchmarks/bench_pages.py 5000x13      # another size
    python benchmarks/bench_pages.py --repeat 5   # best and median of 5 page loads

The event is the synthetic Swiss of ``bench_report.py`` (written as TRF), reported with
``swisstb report FILE --format html`` (the ``uscf`` chain: ModMed, Solk, Cum, OppCum, every
value with its explanation).  Figures printed:

* page weight (bytes) and the whole ``swisstb report`` process time (best of 3);
* in headless Chromium (Debian ``chromium`` + ``chromedriver``, via selenium), for each
  load: first contentful paint, DOMContentLoaded (the page's script has run: sorting,
  the search box and the explanations work from then on), the load event, then the time
  a search takes (typing a name: every table filtered), the first explanation opened
  (its data parsed) and a sort of the standings by a tie-break column.

"Usable" = max(first paint, DOMContentLoaded) + the first search.  Target (issue 20):
<= 5 MB and usable within 2 s.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_report import make_tournament
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from swisstb_io.api import dumps

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1400,1000")

_TIMING = """
var t = performance.getEntriesByType("navigation")[0];
var paint = performance.getEntriesByName("first-contentful-paint")[0];
return [paint ? paint.startTime : null, t.domContentLoadedEventEnd, t.loadEventEnd];
"""

_ACTIONS = """
var box = document.querySelector("input.filter"), t0 = performance.now();
if (box === null) { return [0, null, 0, null, 0]; }  // a page without the search box
box.value = arguments[0];
box.dispatchEvent(new Event("input"));
var search = performance.now() - t0;
var shown = document.querySelectorAll("#standings tbody tr:not([hidden])").length;
box.value = "";
box.dispatchEvent(new Event("input"));
t0 = performance.now();
document.querySelector("#standings button.why-open").click();
var why = performance.now() - t0;
var opened = document.querySelector(".why") !== null;
document.body.click();
t0 = performance.now();
document.querySelectorAll("#standings thead th")[7].querySelector("button").click();
var sort = performance.now() - t0;
return [search, shown, why, opened, sort];
"""


def _browser() -> webdriver.Chrome:
    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which("chromium") or "chromium"
    for flag in FLAGS:
        opts.add_argument(flag)
    return webdriver.Chrome(options=opts,
                            service=Service(shutil.which("chromedriver") or "chromedriver"))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("size", nargs="?", default="2000x11")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--warm-up", action="store_true",
                    help="open the page once before the timed loads (a browser already running"
                    " and the file in the disk cache)")
    args = ap.parse_args()
    players, rounds = map(int, args.size.split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        trf = Path(tmp) / "event.trf"
        trf.write_bytes(dumps(make_tournament(players, rounds), "trf"))
        page = Path(tmp) / "event.html"
        cmd = [sys.executable, "-m", "swisstb_io", "report", str(trf), "--format", "html",
               "-o", str(page)]
        runs = []
        for _ in range(3):
            t0 = time.perf_counter()
            subprocess.run(cmd, check=True)
            runs.append(time.perf_counter() - t0)
        size = page.stat().st_size
        print(f"{args.size}: page {size:,} bytes ({size / 1e6:.2f} MB); "
              f"swisstb report --format html {min(runs):.2f} s (best of 3)")
        name = make_tournament(players, rounds).players[0].name.split(",")[0]
        drv = _browser()
        usable = []
        try:
            if args.warm_up:
                drv.get(page.as_uri())
            for k in range(args.repeat):
                drv.get("about:blank")
                drv.get(page.as_uri())
                paint, dcl, load = drv.execute_script(_TIMING)
                search, shown, why, opened, sort = drv.execute_script(_ACTIONS, name)
                ready = max(paint or 0, dcl) + search
                usable.append(ready)
                print(f"  load {k + 1}: first paint {paint:.0f} ms, DOMContentLoaded {dcl:.0f}"
                      f" ms, load {load:.0f} ms; search {search:.0f} ms ({shown} rows), "
                      f"first explanation {why:.0f} ms (opened: {opened}), sort {sort:.0f} ms;"
                      f" usable {ready:.0f} ms")
        finally:
            drv.quit()
        print(f"usable: best {min(usable):.0f} ms, median {statistics.median(usable):.0f} ms "
              "(target <= 2000 ms)")


if __name__ == "__main__":
    main()
