"""``swisstb check PATH...``: report every problem of tournament files (for CI)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..check import CheckOptions, FileReport, check_data, check_file, expand
from ..check.output import FORMATS, promote_warnings, render, summary_line
from ..errors import Severity, TiebreakError
from . import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from ._io import (
    output_format,
    read_stdin,
    refuse_overwriting,
    require_inputs,
    rounds_by_date_option,
    write_output,
)

OUTPUT_EXTENSIONS = {".json": "json", ".xml": "junit"}
"""``-o report.xml`` writes JUnit XML (and ``.json`` JSON) when --format is not given."""


@click.command(name="check")
@click.argument("paths", metavar="PATH...", nargs=-1, required=True)
@click.option("-f", "--format", "fmt", type=click.Choice(FORMATS),
              help="Output: text (path:line:col: error: message, or warning:), json, junit "
                   "(JUnit XML) or github (Actions annotations). Default: the one the "
                   "extension of -o OUT names (.json, .xml for junit), else text.")
@click.option("-t", "--tiebreaks", "codes", metavar="CODES|PRESET",
              help="Check declared ranks with this chain instead of the file's declared one.")
@click.option("--glob", "patterns", multiple=True, metavar="PATTERN",
              help="In folders, only files whose relative path or name matches.")
@click.option("-W", "--warnings-as-errors", is_flag=True,
              help="Treat warnings as errors (reported as errors, exit 1).")
@click.option("-o", "--output", default="-", metavar="OUT",
              help="Write the report to OUT instead of stdout (never one of the files checked).")
@rounds_by_date_option
def command(paths: tuple[str, ...], fmt: str | None, codes: str | None, patterns: tuple[str, ...],
            warnings_as_errors: bool, output: str) -> None:
    """Check tournament files (or every file under folders) and report every problem:
    unreadable files, games whose two sides disagree, impossible results, points
    columns that do not match, declared ranks and tie-break values that differ from
    what swisstb computes with the file's declared tie-breaks (or --tiebreaks).

    `-` reads one file from stdin. Exit codes: 0 no errors, 1 problems found, 2 usage
    error (also when an input is missing or no file, a folder holds no tournament file,
    or --glob matches nothing).
    Files named explicitly are chosen as in folders: a `.txt` or `.json` file is checked
    only when its content is a tournament file, so a pre-commit hook can pass every file.

    \b
    Examples:
      swisstb check fixtures/
      swisstb check --format github events/*.trf
    """
    ctx = click.get_current_context()
    try:
        options = CheckOptions(tiebreaks=codes, patterns=patterns,
                               rounds_by_date=bool(ctx.meta.get("rounds_by_date")))
    except TiebreakError as exc:
        raise click.BadParameter(str(exc), param_hint="'--tiebreaks'") from exc
    require_inputs(*paths)
    files = [p for path in paths for p in ([path] if path == "-" else expand([path], patterns))]
    refuse_overwriting(output, *paths, *files)
    fmt = output_format(fmt, output, OUTPUT_EXTENSIONS, "text")
    if not files:
        if all(_is_file(p) for p in paths):  # e.g. pre-commit passing other changed files
            click.echo(f"no tournament file among the {len(paths)} given; nothing checked",
                       err=True)
            ctx.exit(EXIT_OK)
        narrowed = f" matching --glob {' '.join(patterns)}" if patterns else ""
        click.echo(f"Error: no tournament file found in {', '.join(paths)}{narrowed}", err=True)
        ctx.exit(EXIT_USAGE)
    reports = [_check(p, options) for p in files]
    if warnings_as_errors:
        reports = promote_warnings(reports)
    text = render(reports, fmt)
    if output == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        write_output(output, text.encode("utf-8"))
    if fmt == "text" or output != "-":
        click.echo(summary_line(reports), err=True)
    failed = any(r.count(Severity.ERROR) for r in reports)
    ctx.exit(EXIT_FAILED if failed else EXIT_OK)


def _check(path: str, options: CheckOptions) -> FileReport:
    if path == "-":
        return check_data(read_stdin(), "<stdin>", options)
    return check_file(path, options)


def _is_file(path: str) -> bool:
    return Path(path).is_file()
