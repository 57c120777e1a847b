"""``swisstb report FILE``: standings with tie-breaks, as text, JSON, Markdown, CSV or HTML."""

from __future__ import annotations

import click

from ..errors import TiebreakError
from ..model import Tournament
from ..reports import REPORT_FORMATS, ReportError, ReportOptions, render, report_format
from ..tiebreaks import CalcOptions, Spec, chain_policy, standings
from ._io import echo_diagnostics, from_option, read_input, strict_option, write_output


def _chain(codes: str | None, t: Tournament) -> tuple[Spec, ...]:
    """The chain policy (:func:`~swisstb_io.tiebreaks.chain_policy.choose_chain`); a bad
    ``--tiebreaks`` is a usage error, a bad declared chain a problem of the file."""
    try:
        return chain_policy.choose_chain(t, codes).specs
    except chain_policy.DeclaredChainError:
        raise
    except TiebreakError as exc:
        raise click.BadParameter(str(exc), param_hint="'--tiebreaks'") from exc


def _playoff(value: str | None) -> tuple[int, ...]:
    if not value:
        return ()
    try:
        order = tuple(int(x) for x in value.replace(" ", "").split(",") if x)
    except ValueError:
        raise click.BadParameter(
            f"{value!r} is not a list of start numbers such as 3,7,1", param_hint="'--playoff'"
        ) from None
    if len(set(order)) != len(order):
        raise click.BadParameter(f"{value!r} names a player twice", param_hint="'--playoff'")
    return order


@click.command(name="report")
@click.argument("path", metavar="FILE")
@click.option("-t", "--tiebreaks", "codes", metavar="CODES|PRESET",
              help="Tie-break chain, e.g. MM,SOLK,CUM or BH/C1,SB or a preset (uscf, "
                   "uscf-scholastic, wintd). Default: the file's declared tie-breaks, else uscf.")
@click.option("-f", "--format", "fmt", type=click.Choice(list(REPORT_FORMATS)), default="text",
              show_default=True, help="Output format.")
@click.option("--group", metavar="SPEC",
              help="One ranked table per group: rating:<1800,1800-1999,2000+ or a field "
                   "(team, state, section, federation, title).")
@click.option("--notation", type=click.Choice(["us", "fide"]), default="us", show_default=True,
              help="Crosstable notation of md and html reports (W12 or 12w1).")
@click.option("--labels", metavar="STYLE|CODE=LABEL,…",
              help="Tie-break column labels: short (ModMed, Solk…), key, name, and/or "
                   "CODE=Label pairs, e.g. MM=M,SOLK=S.")
@click.option("-o", "--output", default="-", metavar="OUT", help="Output file (default stdout).")
@click.option("--explain", is_flag=True, help="Show how every value was computed.")
@click.option("--playoff", metavar="N,N,…",
              help="Play-off result (34E12): start numbers best first; orders tied players.")
@click.option("--lot-seed", type=int, metavar="N",
              help="Seed of the lot (34E13) for ties left after everything else; it is printed.")
@click.option("--rating-list", default="auto", show_default=True, metavar="LIST",
              help="Ratings for AVGOPP/OPPPERF/ARO: auto (USCF if present, else FIDE), USCF, "
                   "FIDE…")
@click.option("--unrated-rating", type=int, metavar="RATING",
              help="Rating given to unrated players by rating-based tie-breaks.")
@click.option("--fide-rules", type=click.Choice(["2024", "2026", "2009"]),
              help="FIDE C.07 edition (default: from the start date, 2026 rules from "
                   "2026-03-01); 2009 = pre-2023 virtual opponent.")
@click.option("--system", "pairing", type=click.Choice(["swiss", "round-robin"]),
              help="How FIDE tie-breaks count unplayed games when the file does not say "
                   "(TRF-2026 192). Default: swiss.")
@click.option("--no-actual-play-rule", "no_actual_play", is_flag=True,
              help="Rank by points, then the tie-breaks, as SwissSys does: without the US "
                   "Chess 34E rule that a player who scored in play ranks ahead of a tied "
                   "player whose whole score is unplayed.")
@from_option
@click.option("--section", metavar="NAME|NUMBER", help="Section of a multi-section file.")
@strict_option
def command(
    path: str, codes: str | None, fmt: str, group: str | None, notation: str,
    labels: str | None, output: str, explain: bool, playoff: str | None,
    lot_seed: int | None, rating_list: str, unrated_rating: int | None,
    fide_rules: str | None, pairing: str | None, no_actual_play: bool,
    from_format: str | None, section: str | None, strict: bool,
) -> None:
    """Standings of FILE ranked by points and tie-breaks, with a crosstable.

    Exit codes: 0 fine, 1 the file could not be read, 2 bad options or tie-break codes.
    """
    result = read_input(path, from_format, strict, section)
    echo_diagnostics(result)
    t = result.tournament
    chain = _chain(codes, t)
    order = _playoff(playoff)
    unknown = sorted(set(order) - {p.start_no for p in t.players})
    if unknown:
        raise click.BadParameter(
            f"no player with start number {', '.join(map(str, unknown))}",
            param_hint="'--playoff'",
        )
    options = CalcOptions(
        rating=rating_list, unrated_rating=unrated_rating,
        explain=report_format(fmt).needs_explanations(explain), playoff=order,
        lot_seed=lot_seed, fide_rules=fide_rules, system=pairing,
        actual_play_rule=not no_actual_play,
    )
    res = standings(t, chain, options)  # once, with explanations if the format shows them
    opts = ReportOptions(notation=notation, groups=group, labels=labels, source=path,
                         input_format=result.format, explain=explain)
    try:
        data = render(res, fmt, opts)
    except ReportError as exc:
        raise click.UsageError(str(exc)) from exc
    write_output(output, data)
