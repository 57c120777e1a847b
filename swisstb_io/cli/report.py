"""``swisstb report FILE``: standings with tie-breaks, as text, JSON, Markdown, CSV or HTML."""

from __future__ import annotations

import click

from ..errors import TiebreakError
from ..model import Tournament
from ..tiebreaks import CalcOptions, Spec, parse_chain, standings
from ..tiebreaks.report import decimal, dumps, to_json, to_text
from ..tiebreaks.standings import StandingsResult
from ._io import echo_diagnostics, from_option, read_input, strict_option, write_output

#: The names of :data:`swisstb_io.reports.REPORT_FORMATS`, spelled out so that a JSON or
#: text report does not import the report backends (a test keeps the two equal).
REPORT_FORMATS = ("text", "md", "csv", "json", "html")


def _chain(codes: str | None, t: Tournament) -> tuple[Spec, ...]:
    if codes is not None:
        try:
            return parse_chain(codes)
        except TiebreakError as exc:
            raise click.BadParameter(str(exc), param_hint="'--tiebreaks'") from exc
    declared = t.standings_order or t.tiebreaks
    if declared:
        try:
            return parse_chain(declared)
        except TiebreakError as exc:
            raise TiebreakError(
                f"the file declares the tie-breaks {' '.join(declared)}, and {exc}; "
                "choose the chain with --tiebreaks"
            ) from exc
    return parse_chain("uscf")


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


def _explain_text(result: StandingsResult) -> str:
    lines = ["", "Explanations"]
    for row in result.rows:
        lines.append(f"{row.start_no} {row.name}: {decimal(row.points)} pts, place {row.place}")
        for spec in result.chain:
            tv = row.values[spec.key]
            value = "-" if tv.value is None else str(decimal(tv.value, spec.system.decimals))
            lines.append(f"  {spec.key} = {value}")
            e = tv.explanation
            if e is None:
                lines.append("    not computed: the player was not tied when it applied")
                continue
            lines.append(f"    {e.rule}")
            for r in e.rows:
                v = "" if r.value is None else str(decimal(r.value, spec.system.decimals))
                drop = f" [dropped: {r.dropped}]" if r.dropped else ""
                lines.append(f"    R{r.round} {r.result:<6} {v:>8}  {r.note}{drop}")
            lines.extend(f"    {n}" for n in e.notes)
    return "\n".join(lines) + "\n"


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
        explain=explain, playoff=order, lot_seed=lot_seed, fide_rules=fide_rules,
        system=pairing, actual_play_rule=not no_actual_play,
    )
    res = standings(t, chain, options)
    if fmt in ("md", "csv", "html") or group or labels:
        from ..reports import ReportError, ReportOptions, render

        opts = ReportOptions(notation=notation, groups=group, labels=labels, source=path,
                             input_format=result.format, explain=explain)
        try:
            data = render(res, fmt, opts)
        except ReportError as exc:
            raise click.UsageError(str(exc)) from exc
        if fmt == "text" and explain:
            data += _explain_text(res).encode("utf-8")
        write_output(output, data)
        return
    if fmt == "json":
        text = dumps(to_json(res, source=path, format=result.format, explain=explain))
    else:
        text = to_text(res, source=path)
        if explain:
            text += _explain_text(res)
    write_output(output, text.encode("utf-8"))
