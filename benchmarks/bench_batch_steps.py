"""Benchmark: where a ``--jobs 1`` batch spends its CPU time, step by step, in two
checkouts side by side.

    python benchmarks/bench_batch_steps.py BEFORE_PYTHON [AFTER_PYTHON] [--runs 5]
        [--events 300] [--season DIR]

Each run is one process of the given interpreter that runs :class:`~swisstb_io.batch.Batch`
(html and json, ``--jobs 1``, the collector set as the command sets it) over the season,
with a CPU clock around some of the functions the runner calls: reading, the standings,
the report table, each format's rendering (and, in the HTML page, the explanation data and
the tables), the season entries and summary, the writes, and the season site (index and
player pages).  The runs alternate between the two interpreters (before, after, before,
...), so a slow spell of a shared machine hits both; printed: the smallest and the median
time of each step, in seconds for the whole season.

The clocks wrap a module's attribute by its name; a name one version does not have is
left out (the steps of the two versions are not always the same functions: the old
runner's ``reports_bytes`` is the new ``event_reports`` without the standings).  The
clocks nest: ``standings`` is inside ``standings+table+render``, the HTML parts inside
``render:html``, the site's parts inside ``site``.  The season is
``bench_batch.make_season``'s (generated into ``--season`` when that folder is empty).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

R, RENDER, HTML, SEASON = ("swisstb_io.batch.runner", "swisstb_io.batch.render",
                           "swisstb_io.reports.html_report", "swisstb_io.batch.season")
CLOCKS = (  # (module, attribute, step); by_arg: the step is named after that argument
    (R, "load", "read"), (R, "standings", "standings"),
    (R, "event_reports", "standings+table+render"), (R, "reports_bytes", "table+render"),
    ("swisstb_io.event_report", "standings", "standings"),
    (RENDER, "build", "report table"), ("swisstb_io.event_report", "build", "report table"),
    (RENDER, "event_links", "event links"),
    (HTML, "why_data", "html: explanation data"), (HTML, "_event", "html: tables, chart"),
    (R, "season_entries", "season entries"), (R, "entry_to_json", "summary: entries as data"),
    (R, "entries_to_json", "summary: entries as data"), (R, "dumps", "summary: JSON text"),
    (R, "write_all", "writes (+ site in new)"), (R, "write_index", "site"),
    (SEASON, "season_players", "site: season players"),
    (SEASON, "index_html", "site: index.html"), (SEASON, "dumps", "site: index.json"),
    (SEASON, "index_json", "site: index.json"), (SEASON, "_index", "site: index as data"),
    (SEASON, "write_player_pages", "site: player pages"),
)
GENERATORS = ((SEASON, "player_pages", "site: player pages"),)


def _clock(spent: dict[str, float], fn: Callable[..., Any], step: str, by_arg: int | None
           ) -> Callable[..., Any]:
    @functools.wraps(fn)
    def timed(*args: Any, **kw: Any) -> Any:
        name = step if by_arg is None else f"{step}:{args[by_arg]}"
        start = time.process_time()
        try:
            return fn(*args, **kw)
        finally:
            spent[name] += time.process_time() - start
    return timed


def _clock_generator(spent: dict[str, float], fn: Callable[..., Iterator[Any]], step: str
                     ) -> Callable[..., Iterator[Any]]:
    def timed(*args: Any, **kw: Any) -> Iterator[Any]:
        items = fn(*args, **kw)
        while True:
            start = time.process_time()
            try:
                item = next(items)
            except StopIteration:
                spent[step] += time.process_time() - start
                return
            spent[step] += time.process_time() - start
            yield item
    return timed


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def child(season: Path, out: Path) -> None:
    """One timed batch in this process; prints ``step<TAB>seconds`` lines."""
    from swisstb_io.batch import Batch, BatchOptions
    from swisstb_io.cli import tune_collector

    spent: dict[str, float] = defaultdict(float)
    for mod, attr, step in CLOCKS:
        m = _module(mod)
        if m is not None and hasattr(m, attr):
            setattr(m, attr, _clock(spent, getattr(m, attr), step, None))
    m = _module(RENDER)
    if m is not None and hasattr(m, "render"):
        m.render = _clock(spent, m.render, "render", 1)
    for mod, attr, step in GENERATORS:
        m = _module(mod)
        if m is not None and hasattr(m, attr):
            setattr(m, attr, _clock_generator(spent, getattr(m, attr), step))
    runner = importlib.import_module(R)
    if hasattr(runner.Batch, "_write_site"):
        runner.Batch._write_site = _clock(spent, runner.Batch._write_site, "site", None)
    tune_collector()
    start = time.process_time()
    for res in Batch(season, out, BatchOptions(formats=("html", "json"), jobs=1)).run():
        if res.status == "failed":
            raise SystemExit(f"{res.rel}: {res.message}")
    spent["TOTAL"] = time.process_time() - start
    for step, seconds in sorted(spent.items()):
        print(f"{step}\t{seconds:.4f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before", nargs="?", help="the interpreter of the 'before' version")
    ap.add_argument("after", nargs="?", default=sys.executable,
                    help="the interpreter of the 'after' version (default: this one)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--events", type=int, default=300)
    ap.add_argument("--season", type=Path, help="keep the generated season in this folder "
                    "and reuse it when it is already there")
    ap.add_argument("--child", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(*args.child)
        return
    if args.before is None:
        ap.error("the 'before' interpreter is required")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_batch import make_season

    pythons = {"before": args.before, "after": args.after}
    with tempfile.TemporaryDirectory() as tmp:
        season = args.season or Path(tmp) / "season"
        if not season.is_dir() or not any(season.iterdir()):
            make_season(season, args.events)
        out = Path(tmp) / "out"
        times: dict[str, defaultdict[str, list[float]]] = {n: defaultdict(list)
                                                           for n in pythons}
        for _ in range(args.runs):
            for name, python in pythons.items():
                shutil.rmtree(out, ignore_errors=True)
                text = subprocess.run(
                    [python, str(Path(__file__).resolve()), "--child", str(season), str(out)],
                    check=True, capture_output=True, text=True, cwd=tmp).stdout
                for line in text.splitlines():
                    step, seconds = line.split("\t")
                    times[name][step].append(float(seconds))
    print(f"CPU seconds for the whole season, {args.runs} interleaved runs each")
    print(f"{'step':<32} {'before':>14} {'after':>14}   (smallest / median)")
    for step in sorted(set(times["before"]) | set(times["after"])):
        cells = []
        for name in pythons:
            runs = times[name].get(step)
            cells.append(f"{min(runs):6.2f} /{statistics.median(runs):6.2f}" if runs
                         else f"{'-':>14}")
        print(f"{step:<32} {cells[0]:>14} {cells[1]:>14}")


if __name__ == "__main__":
    main()
