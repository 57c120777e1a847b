"""``swisstb submit fide|uscf``: rating reports, checked, listed, then written whole."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from ..errors import FormatError, TiebreakError
from ..model import Tournament
from ..submit import (
    Problem,
    errors,
    load_meta,
    normalize_meta,
    prepare_fide,
    prepare_uscf,
    refuse_if_strict,
    write_directory,
    write_file,
)
from ..textsafe import shown
from ..tiebreaks import CalcOptions, parse_chain
from ..tiebreaks.chain_policy import DeclaredChainError
from ._io import (
    echo_diagnostics,
    from_option,
    read_input,
    refuse_overwriting,
    require_inputs,
    rounds_by_date_option,
    write_output,
)

F = TypeVar("F", bound=Callable[..., Any])
_STRICT_HELP = "Refuse to write anything if a problem is found."


def _report(problems: Sequence[Problem], strict: bool, output: str) -> None:
    for p in problems:
        click.echo(shown(str(p)), err=True)
    refuse_if_strict(problems, strict, output)


def _count(problems: Sequence[Problem]) -> str:
    n = len(errors(problems))
    return f"{n} problem{'s' if n != 1 else ''}"


@click.group(name="submit")
def command() -> None:
    """Rating reports for FIDE (TRF) and US Chess (DBF trio).

    Every missing or doubtful item is listed (on stderr) before anything is written;
    --strict then refuses to write. Files are written whole or not at all.
    """


@command.command(name="fide")
@click.argument("path", metavar="FILE")
@click.option("-o", "--output", required=True, metavar="OUT",
              help="The TRF file to write (- for stdout); never FILE itself.")
@click.option("--trf", "version", type=click.Choice(["16", "2026"]), default="2026",
              show_default=True, help="TRF version.")
@click.option("-t", "--tiebreaks", "codes", metavar="CODES",
              help="Tie-breaks that rank tied players (default: the file's 212/202 records, "
                   "else uscf, as swisstb report).")
@click.option("--fide-rules", type=click.Choice(["2024", "2026", "2009"]),
              help="FIDE C.07 edition (default: from the start date).")
@from_option
@rounds_by_date_option
@click.option("--section", metavar="NAME|NUMBER", help="Section of a multi-section file.")
@click.option("--strict", is_flag=True, help=_STRICT_HELP)
def fide(path: str, output: str, version: str, codes: str | None, fide_rules: str | None,
         from_format: str | None, section: str | None, strict: bool) -> None:
    """FILE as a FIDE rating report: points and ranks filled from the standings.

    Checks records 012, 022, 032, 042, 052, 102, 132 and each player's FIDE ID, sex,
    federation and birth date.
    """
    if codes is not None:
        try:
            parse_chain(codes)
        except TiebreakError as exc:
            raise click.BadParameter(str(exc), param_hint="'--tiebreaks'") from exc
    require_inputs(path)
    refuse_overwriting(output, path)
    result = read_input(path, from_format, False, section)
    echo_diagnostics(result)
    try:
        sub = prepare_fide(result.tournament, version=version, tiebreaks=codes,
                           options=CalcOptions(fide_rules=fide_rules))
    except DeclaredChainError as exc:
        raise exc.located(result.tournament, "<stdin>" if path == "-" else path,
                          result.format) from exc
    _report(sub.problems, strict, output)
    data = sub.to_bytes()
    if output == "-":
        write_output(output, data)
    else:
        write_file(Path(output), data)
    click.echo(f"wrote {output}: TRF-{version}, {len(sub.tournament.players)} players, "
               f"{_count(sub.problems)}", err=True)


_META_OPTIONS = (
    ("--event-name", "event_name", "Event name (H_NAME)."),
    ("--affiliate-id", "affiliate_id", "Affiliate ID, e.g. A6001234."),
    ("--chief-td-id", "chief_td_id", "Chief TD's US Chess ID."),
    ("--assistant-td-id", "assistant_td_id", "Assistant chief TD's US Chess ID."),
    ("--city", "city", "City."),
    ("--state", "state", "State, two letters."),
    ("--zip", "zip", "ZIP code."),
    ("--begin-date", "begin_date", "First day, YYYY-MM-DD."),
    ("--end-date", "end_date", "Last day, YYYY-MM-DD."),
    ("--time-control", "time_control", "Time control, e.g. G/90;d5 (every section)."),
    ("--rating-system", "rating_system", "regular, quick, dual or blitz (every section)."),
)


def _meta_options(fn: F) -> F:
    for flag, dest, text in reversed(_META_OPTIONS):
        fn = click.option(flag, dest, metavar="TEXT", help=text)(fn)
    return fn


def _sections(paths: Sequence[str], from_format: str | None) -> list[Tournament]:
    """Every section of every file, in order (a multi-section file gives all of its own,
    read once: ``-`` can be read only once, and a big file costs its reading time)."""
    out: list[Tournament] = []
    for path in paths:
        result = read_input(path, from_format, False)
        echo_diagnostics(result)
        out.extend(result.every_section())
    return out


@command.command(name="uscf")
@click.argument("paths", metavar="FILE...", nargs=-1, required=True)
@click.option("-o", "--output", required=True, metavar="OUT",
              help="A directory for THEXPORT/TSEXPORT/TDEXPORT.DBF, or a .zip (- for the "
                   "zip on stdout).")
@click.option("--event-meta", metavar="META.TOML",
              help="Event data: affiliate_id, chief_td_id, city, state, zip, begin_date, "
                   "end_date, time_control, rating_system… (options override it).")
@_meta_options
@from_option
@rounds_by_date_option
@click.option("--strict", is_flag=True, help=_STRICT_HELP)
def uscf(paths: tuple[str, ...], output: str, event_meta: str | None, from_format: str | None,
         strict: bool, **options: str | None) -> None:
    """The US Chess DBF rating report (THEXPORT/TSEXPORT/TDEXPORT) for FILE...

    Each FILE is one section; an .sjson file gives all of its sections. Event data
    (affiliate id, chief TD, city, state, zip, dates, time control, rating system)
    comes from --event-meta meta.toml or the options below.
    """
    require_inputs(*paths, files=(event_meta,))
    refuse_overwriting(output, *paths, event_meta)
    meta = load_meta(event_meta) if event_meta else {}
    try:
        meta.update(normalize_meta({k: v for k, v in options.items() if v is not None},
                                   "command line"))
    except FormatError as exc:
        raise click.UsageError(str(exc)) from exc
    sub = prepare_uscf(_sections(paths, from_format), meta)
    _report(sub.problems, strict, output)
    dest = Path(output)
    if output == "-":
        write_output(output, sub.to_zip())
    elif dest.suffix.lower() == ".zip":
        write_file(dest, sub.to_zip())
    else:
        write_directory(dest, sub.files())
    players = sum(len(t.players) for t in sub.sections)
    click.echo(f"wrote {output}: {len(sub.sections)} section(s), {players} players, "
               f"{_count(sub.problems)}", err=True)
