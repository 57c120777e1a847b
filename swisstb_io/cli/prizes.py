"""``swisstb prizes EVENT --prizes FILE``: who gets which prize, how much, and why."""

from __future__ import annotations

import click

from ..errors import Location
from ..model import Tournament
from ..prizes.model import PrizeFile
from ..prizes.prize_file import PrizeFileError
from ..registry import ReadResult
from ..tiebreaks import CalcOptions, standings
from . import _usage
from ._io import (
    DOCUMENT_EXTENSIONS,
    echo_diagnostics,
    from_option,
    output_format,
    read_input,
    refuse_overwriting,
    require_inputs,
    rounds_by_date_option,
    strict_option,
    write_output,
)
from .report import _chain, _playoff  # the chain policy and --playoff, as `report` reads them

PRIZE_FORMATS = ("text", "json", "md", "csv", "html")


def _section(result: ReadResult, prize_file: PrizeFile, path: str, from_format: str | None,
             strict: bool) -> Tournament:
    """The section the prize file names (``[event] section``: a name or a 1-based number)
    of a file that holds sections; a file of one section is that section."""
    name = prize_file.event.section
    if not result.sections:
        return result.tournament
    index = next((i for i, label in enumerate(result.sections)
                  if name.casefold() in (label.casefold(), str(i + 1))), None)
    if index is None:
        line, col = prize_file.event.section_at or (1, 1)
        raise PrizeFileError(f"[event] section {name!r} is not a section of {path} (its "
                             f"sections: {', '.join(result.sections)}): fix it or give "
                             "--section", Location(prize_file.path, line, col))
    if result.all_sections:
        return result.all_sections[index]
    if index == 0:
        return result.tournament  # the reader read the first section only (Chess-JSON)
    if path == "-":
        raise click.UsageError(f"the prize file's section {name!r} is not the first of the "
                               "event read from stdin: give --section "
                               f"{result.sections[index]!r}")
    chosen = read_input(path, from_format, strict, result.sections[index])
    echo_diagnostics(chosen)
    return chosen.tournament


@click.command(name="prizes")
@click.argument("path", metavar="EVENT")
@click.option("-p", "--prizes", "prize_path", required=True, metavar="FILE",
              help="Prize file (TOML, schema swisstb-prizes/1; see formats/prizes-toml.md).")
@click.option("-t", "--tiebreaks", "codes", metavar="CODES|PRESET",
              help="Tie-break chain for the standings, as in `swisstb report` (default: the "
                   "file's declared tie-breaks, else uscf).")
@click.option("-f", "--format", "fmt", type=click.Choice(list(PRIZE_FORMATS)),
              help="Output format (json: the swisstb-prizes/1 contract). Default: the one the "
                   "extension of -o OUT names (.html, .json, .md, .csv), else text.")
@click.option("-o", "--output", default="-", metavar="OUT",
              help="Output file (default stdout); never the event or the prize file.")
@click.option("--playoff", metavar="N,N,…",
              help="Play-off result (34E12): start numbers best first; orders tied players.")
@click.option("--no-actual-play-rule", "no_actual_play", is_flag=True,
              help="Rank without the US Chess 34E actual-play rule, as `report` does with it.")
@from_option
@rounds_by_date_option
@click.option("--section", metavar="NAME|NUMBER",
              help="Section of a multi-section file (default: the prize file's section).")
@strict_option
def command(path: str, prize_path: str, codes: str | None, fmt: str | None, output: str,
            playoff: str | None, no_actual_play: bool, from_format: str | None,
            section: str | None, strict: bool) -> None:
    """Prize list of EVENT: the award table, what each player won and why, prizes not
    awarded, and the total paid against the fund.

    Exit codes: 0 fine, 1 the event or the prize file could not be read, 2 bad options.
    """
    from ..prizes import prizes_for, read_prize_file
    from ..prizes.render_json import dumps, to_json
    from ..prizes.render_tables import document, to_csv, to_html, to_md, to_text

    require_inputs(path, files=(prize_path,))
    refuse_overwriting(output, path, prize_path)
    fmt = output_format(fmt, output, DOCUMENT_EXTENSIONS, "text")
    prize_file = read_prize_file(prize_path)
    result = read_input(path, from_format, strict, section)
    echo_diagnostics(result)
    t = result.tournament
    if section is None and prize_file.event.section:
        t = _section(result, prize_file, path, from_format, strict)
    elif section is None and len(result.sections) > 1:
        raise _usage.one_section_needed(path, result.sections, "--prizes gives the prizes of")
    chain = _chain(codes, t, path, result.format)
    order = _playoff(playoff)
    unknown = sorted(set(order) - {p.start_no for p in t.players})
    if unknown:
        raise click.BadParameter(f"no player with start number {', '.join(map(str, unknown))}",
                                 param_hint="'--playoff'")
    ranked = standings(t, chain, CalcOptions(playoff=order,
                                             actual_play_rule=not no_actual_play))
    _usage.check_playoff(order, ranked)
    prizes = prizes_for(ranked, t, prize_file)
    keys = tuple(spec.key for spec in ranked.chain)
    if fmt == "json":
        text = dumps(to_json(prizes, source=path, chain=keys))
    elif fmt == "csv":
        text = to_csv(prizes)
    else:
        doc = document(prizes, source=path, chain=keys)
        text = {"text": to_text, "md": to_md, "html": to_html}[fmt](doc)
    write_output(output, text.encode("utf-8"))
