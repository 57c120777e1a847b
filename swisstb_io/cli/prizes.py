"""``swisstb prizes EVENT --prizes FILE``: who gets which prize, how much, and why."""

from __future__ import annotations

import click

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
from ._prize_section import prize_section
from .report import _chain, _playoff  # the chain policy and --playoff, as `report` reads them

PRIZE_FORMATS = ("text", "json", "md", "csv", "html")


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
              help="Section of a multi-section file (default: the prize file's section; "
                   "naming another one is a usage error).")
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
    t = prize_section(result, prize_file, path, from_format, strict, section)
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
