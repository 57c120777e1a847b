"""``swisstb info FILE``: what a file holds and what is wrong with it."""

from __future__ import annotations

import click

from ..registry import ReadResult
from . import EXIT_FAILED
from ._io import from_option, read_input, strict_option


def describe(path: str, result: ReadResult) -> list[str]:
    t = result.tournament
    lines = [
        f"file:        {path}",
        f"format:      {result.format}",
        f"encoding:    {result.encoding}",
    ]
    for key, value in result.details.items():
        lines.append(f"{key + ':':<12} {value}")
    lines += [
        f"event:       {t.name or '-'}",
        f"dates:       {_dates(result)}",
        f"rounds:      {t.rounds} ({t.rounds_played} with results)",
        f"players:     {len(t.players)}",
    ]
    if t.teams:
        lines.append(f"teams:       {len(t.teams)}")
    if result.sections:
        lines.append(f"sections:    {', '.join(result.sections)}")
    if t.tiebreaks:
        lines.append(f"tie-breaks:  {', '.join(t.tiebreaks)}")
    lines.append(f"diagnostics: {len(result.diagnostics) or 'none'}")
    lines.extend(f"  {d}" for d in result.diagnostics)
    return lines


def _dates(result: ReadResult) -> str:
    t = result.tournament
    start = t.start_date.text if t.start_date else ""
    end = t.end_date.text if t.end_date else ""
    if start and end and start != end:
        return f"{start} - {end}"
    return start or end or "-"


@click.command(name="info")
@click.argument("path", metavar="FILE")
@from_option
@click.option("--section", metavar="NAME|NUMBER", help="Section to read from a multi-section file.")
@strict_option
def command(path: str, from_format: str | None, section: str | None, strict: bool) -> None:
    """Show the event, rounds, players, detected format and encoding of FILE,
    and every diagnostic found while reading it (`-` reads stdin)."""
    result = read_input(path, from_format, False, section)
    click.echo("\n".join(describe(path, result)))
    if strict and result.diagnostics:
        click.get_current_context().exit(EXIT_FAILED)
