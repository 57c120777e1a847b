"""``swisstb info FILE``: what a file holds and what is wrong with it."""

from __future__ import annotations

import click

from ..registry import ReadResult
from ..textsafe import shown
from . import EXIT_FAILED
from ._io import from_option, read_input, rounds_by_date_option, strict_option


def describe(path: str, result: ReadResult) -> list[str]:
    """The lines ``swisstb info`` prints, as ``key: value`` pairs aligned on the colon."""
    t = result.tournament
    pairs: list[tuple[str, str]] = [
        ("file", path),
        ("format", result.format),
        ("encoding", result.encoding),
        *result.details.items(),
        ("event", t.name or "-"),
        ("dates", _dates(result)),
        ("rounds", f"{t.rounds} ({t.rounds_played} with results)"),
        ("players", str(len(t.players))),
    ]
    if t.teams:
        pairs.append(("teams", str(len(t.teams))))
    if result.sections:
        pairs.append(("sections", ", ".join(result.sections)))
    if t.tiebreaks:
        pairs.append(("tie-breaks", ", ".join(t.tiebreaks)))
    pairs.append(("diagnostics", str(len(result.diagnostics)) if result.diagnostics else "none"))
    width = max(len(key) for key, _ in pairs) + 2
    lines = [f"{key + ':':<{width}}{value}" for key, value in pairs]
    if result.all_sections:  # one line per section, after the list of names
        at = next(i for i, (key, _) in enumerate(pairs) if key == "sections") + 1
        lines[at:at] = [
            f"  {i} {s.section or name}: {len(s.players)} players, {s.rounds} rounds "
            f"({s.rounds_paired} paired){' (shown above)' if s is t else ''}"
            for i, (s, name) in enumerate(zip(result.all_sections, result.sections,
                                              strict=False), 1)]
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
@rounds_by_date_option
@click.option("--section", metavar="NAME|NUMBER", help="Section to read from a multi-section file.")
@strict_option
def command(path: str, from_format: str | None, section: str | None, strict: bool) -> None:
    """Show the event, rounds, players, detected format and encoding of FILE,
    and every diagnostic found while reading it (`-` reads stdin)."""
    result = read_input(path, from_format, False, section)
    click.echo("\n".join(shown(line) for line in describe(path, result)))
    if strict and result.diagnostics:
        click.get_current_context().exit(EXIT_FAILED)
