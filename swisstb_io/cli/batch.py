"""``swisstb batch SEASON_DIR -o OUT_DIR``: every event's reports and a season index."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import click
from tqdm import tqdm

from ..batch import Batch, BatchOptions, FileResult, OutputLockedError, default_jobs
from ..batch.render import REPORT_EXTENSIONS, SUBMISSIONS
from ..batch.results import split_section
from ..errors import FormatError, SwisstbError
from ..submit import load_meta, normalize_meta
from ..textsafe import shown
from . import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from ._io import require_inputs, rounds_by_date_option
from ._rating_options import check_rating_options, rating_options
from .submit import _meta_options


def _split(value: str, allowed: list[str] | tuple[str, ...], hint: str) -> tuple[str, ...]:
    items = tuple(x.strip().lower() for x in value.split(",") if x.strip())
    bad = [x for x in items if x not in allowed]
    if bad:
        raise click.BadParameter(f"{bad[0]!r} is not one of {', '.join(allowed)}",
                                 param_hint=hint)
    return items


def _event_meta(path: str | None, options: dict[str, str | None]) -> tuple[tuple[str, str], ...]:
    """``--event-meta`` and the event options, checked as ``swisstb submit uscf`` does."""
    meta = load_meta(path) if path else {}
    try:
        meta.update(normalize_meta({k: v for k, v in options.items() if v is not None},
                                   "command line"))
    except FormatError as exc:
        raise click.UsageError(str(exc)) from exc
    return tuple(sorted(meta.items()))


def _line(res: FileResult) -> str:
    if res.status == "failed":
        return f"{res.location}: error: {res.message}"
    number = split_section(res.rel)[1]  # one event per section of a multi-section file
    return f"{res.path}{f' (section {number})' if number else ''}: {res.status}"


@click.command(name="batch")
@click.argument("season", metavar="SEASON_DIR", type=click.Path(exists=True, path_type=Path))
@click.option("-o", "--output", "out", required=True, metavar="OUT_DIR",
              type=click.Path(file_okay=False, path_type=Path),
              help="Folder for the reports, the manifest and index.html / index.json.")
@click.option("-f", "--format", "formats", default="html,json", show_default=True,
              metavar="FMT,…", help=f"Reports per event: {', '.join(sorted(REPORT_EXTENSIONS))}.")
@click.option("--submit", "submit", default="", metavar="fide|uscf",
              help="Also write rating submissions (fide, uscf or fide,uscf).")
@click.option("-t", "--tiebreaks", metavar="CODES|PRESET",
              help="Tie-break chain for every individual event. Default: each file's "
                   "declared chain, else uscf.")
@click.option("--team-tiebreaks", metavar="CODES",
              help="Tie-break chain of the team standings of every team event (MPVGP, EDE, "
                   "BH:MP, EMGSB/C1…). Default: each file's declared team chain, else the "
                   "FIDE team default.")
@click.option("--no-actual-play-rule", "no_actual_play", is_flag=True,
              help="Rank by points, then the tie-breaks, as SwissSys does (without the US "
                   "Chess 34E actual-play rule).")
@click.option("--prizes", "prizes", metavar="FILE",
              help="Prize file for every event (default: each event's <event>.prizes.toml "
                   "beside it, if any): a Prize column and the prize list on its pages.")
@click.option("--ratings", "ratings", type=click.Choice(["fide", "uscf"]),
              help="Each player's estimated rating change (see `swisstb ratings`) on every "
                   "event page, and the rating after each event on the season's player "
                   "pages (table and chart).")
@rating_options("Default: each event's own <event>.players.csv beside it, if any "
                "(spring.trf: spring.players.csv), by start number. Given, this one file "
                "applies to every event and the files beside the events are not read. A "
                "file that serves several events, or the sections of one file, needs each "
                "row's name: a row is used where its start number is a player of that name "
                "(events number their players afresh), and each event's line says how "
                "many rows were its players'. A *.players.csv is never taken for an event.")
@click.option("--event-meta", metavar="META.TOML",
              help="US Chess event data for --submit uscf (affiliate_id, chief_td_id, city, "
                   "state, zip, time_control…), as in `swisstb submit uscf`; the options "
                   "below override it.")
@_meta_options
@click.option("--glob", "patterns", multiple=True, metavar="PATTERN",
              help="Only files whose relative path or name matches (repeatable), e.g. '*.trf'.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: the CPU count).")
@click.option("--force", is_flag=True, help="Redo every event, even unchanged ones.")
@click.option("--fail-fast", is_flag=True, help="Stop at the first file that fails.")
@click.option("-q", "--quiet", is_flag=True, help="Print only failures and the final line.")
@rounds_by_date_option
def command(season: Path, out: Path, formats: str, submit: str, tiebreaks: str | None,
            team_tiebreaks: str | None, no_actual_play: bool, prizes: str | None,
            ratings: str | None, rating_rules: str | None, player_data: str | None,
            dual_rated: bool, patterns: tuple[str, ...],
            jobs: int | None, force: bool, fail_fast: bool, quiet: bool,
            event_meta: str | None, **meta_options: str | None) -> None:
    """Reports for every tournament file under SEASON_DIR, and a season index.

    Files are found recursively by extension and content, in any readable format (an
    event's own <event>.prizes.toml and <event>.players.csv beside it are not events).
    SEASON_DIR may also be one tournament file: its reports and an index of that event.
    A file that fails is reported (path:line:col: error: message) and the others go on;
    events whose input and options did not change since the last run are skipped
    (--force redoes them).

    Exit codes: 0 every file done, 1 at least one file failed, 2 usage error (also when
    another batch is writing to OUT_DIR: nothing is written).

    \b
    Example:
      swisstb batch season-2026/ -o site/ --format html,json --jobs 4
    """
    require_inputs(files=(prizes, event_meta, player_data))
    check_rating_options(ratings, rating_rules, player_data, dual_rated)
    if player_data:  # a bad file stops the batch here, before anything is written
        from ..rating_change import read_player_data
        from ..rating_change.player_data import require_names

        require_names(read_player_data(player_data))  # it serves every event
    meta = _event_meta(event_meta, meta_options)
    try:
        options = BatchOptions(
            formats=_split(formats, sorted(REPORT_EXTENSIONS), "'--format'"),
            submit=_split(submit, SUBMISSIONS, "'--submit'"),
            tiebreaks=tiebreaks, team_tiebreaks=team_tiebreaks,
            actual_play_rule=not no_actual_play, prizes=prizes, ratings=ratings,
            rating_rules=rating_rules, player_data=player_data, dual_rated=dual_rated,
            force=force,
            fail_fast=fail_fast,
            jobs=jobs or default_jobs(), patterns=patterns, event_meta=meta,
            rounds_by_date=bool(click.get_current_context().meta.get("rounds_by_date")))
    except SwisstbError as exc:
        raise click.UsageError(str(exc)) from exc
    if str(out) == "-":
        raise click.UsageError("a batch writes a folder of reports, not one stream: give "
                               "OUT_DIR a name (-o site/)")
    if out.resolve() == season.resolve():
        raise click.UsageError("OUT_DIR must not be SEASON_DIR itself; choose another folder")
    batch = Batch(season, out, options)
    for note in batch.notes:
        click.echo(shown(note), err=True)
    noted = len(batch.notes)
    if not batch.events:
        narrowed = f" matching --glob {' '.join(patterns)}" if patterns else ""
        click.echo(f"Error: no tournament file found in {season}{narrowed}", err=True)
        click.get_current_context().exit(EXIT_USAGE)
    counts = {"ok": 0, "skipped": 0, "failed": 0}
    failures: list[str] = []
    results = batch.run()
    try:
        first = next(results, None)  # the run starts: OUT_DIR is locked, or refused
    except OutputLockedError as exc:
        click.echo(f"Error: {exc}", err=True)
        click.get_current_context().exit(EXIT_USAGE)
    with tqdm(total=len(batch.tasks), unit="event", file=sys.stderr,
              disable=not sys.stderr.isatty(), leave=False) as bar:
        for res in [] if first is None else itertools.chain([first], results):
            counts[res.status] += 1
            bar.update(1)
            if res.status == "failed":
                failures.append(shown(_line(res)))
            if res.status == "failed" or not quiet:
                tqdm.write(shown(_line(res)), file=sys.stderr)
            if not quiet:
                for warning in res.warnings:
                    tqdm.write(shown(warning), file=sys.stderr)
    for note in batch.notes[noted:]:  # what the end of the run found (a summary redone)
        click.echo(shown(note), err=True)
    if failures and len(failures) < len(batch.tasks) and not quiet:
        click.echo("\n".join(["failed:", *(f"  {line}" for line in failures)]), err=True)
    stop = " (stopped at the first failure)" if batch.stopped_early else ""
    click.echo(f"{len(batch.tasks)} events: {counts['ok']} done, {counts['skipped']} "
               f"unchanged, {counts['failed']} failed{stop}; index: {out / 'index.html'}",
               err=True)
    click.get_current_context().exit(EXIT_FAILED if counts["failed"] else EXIT_OK)
