"""``swisstb ratings FILE --system fide|uscf``: each player's estimated rating change."""

from __future__ import annotations

import click

from ._io import (
    DOCUMENT_EXTENSIONS,
    echo_diagnostics,
    from_option,
    output_format,
    read_input,
    refuse_overwriting,
    require_inputs,
    strict_option,
    write_output,
)

RATING_FORMATS = ("text", "json", "md", "csv", "html")
EDITION_IDS = ("fide-2025-10", "fide-2024-03", "fide-2022-01", "uscf-2025", "uscf-2023",
               "uscf-2017")


@click.command(name="ratings")
@click.argument("path", metavar="FILE")
@click.option("--system", "system_name", type=click.Choice(["fide", "uscf"]), required=True,
              help="Whose rules: the FIDE Rating Regulations or the US Chess rating system.")
@click.option("--rules", "edition", type=click.Choice(EDITION_IDS), metavar="EDITION",
              help="Edition of the rules (default: by the event's date, FIDE by the start, US "
                   "Chess by the end): " + ", ".join(EDITION_IDS) + ".")
@click.option("--player-data", "player_data", metavar="CSV",
              help="What the file cannot say, one row per player keyed by start_no: k, "
                   "ever_2400, prior_games, period_games, birth_year, uscf_games, "
                   "uscf_history, uscf_peak, uscf_floor, uscf_start.")
@click.option("--dual-rated", is_flag=True,
              help="US Chess: the event is dual-rated (Regular and Quick), a smaller K above "
                   "2200.")
@click.option("-f", "--format", "fmt", type=click.Choice(list(RATING_FORMATS)),
              help="Output format (json: the swisstb-ratings/1 contract). Default: the one the "
                   "extension of -o OUT names (.html, .json, .md, .csv), else text.")
@click.option("-o", "--output", default="-", metavar="OUT",
              help="Output file (default stdout); never FILE or the player data.")
@click.option("--explain", is_flag=True,
              help="Text and JSON: every player's change game by game (HTML always has it).")
@from_option
@click.option("--section", metavar="NAME|NUMBER",
              help="Section of a multi-section file (each section is rated on its own).")
@strict_option
def command(path: str, system_name: str, edition: str | None, player_data: str | None,
            dual_rated: bool, fmt: str | None, output: str, explain: bool, from_format: str | None,
            section: str | None, strict: bool) -> None:
    """Estimated rating changes of FILE's players under the FIDE or US Chess rules: the
    rating used, K, games counted, score, expected score, change, new rating,
    performance, and a note for every assumption.

    It is an estimate from one file: FIDE rates whole periods and US Chess uses data a
    file does not hold; every default taken is in the notes (see --player-data).

    Exit codes: 0 fine, 1 the file or the player data could not be read, 2 bad options.
    """
    from ..rating_change import RatingSystem, rating_changes, read_player_data
    from ..rating_change.editions import RulesError
    from ..rating_change.editions import edition as find_edition
    from ..rating_change.player_data import NO_DATA

    require_inputs(path, files=(player_data,))
    refuse_overwriting(output, path, player_data)
    fmt = output_format(fmt, output, DOCUMENT_EXTENSIONS, "text")
    if explain and fmt not in ("text", "json"):
        raise click.UsageError(f"--explain is for text and json; the {fmt} output "
                               + ("always explains" if fmt == "html" else "has no explanations")
                               + ": leave --explain out")
    if dual_rated and system_name != "uscf":  # as report's and batch's --dual-rated
        raise click.UsageError(f"--dual-rated is a US Chess rule (a smaller K above 2200 in "
                               f"an event rated Regular and Quick): it goes with --system "
                               f"uscf, not --system {system_name}")
    system = RatingSystem(system_name)
    if edition is not None:
        try:
            find_edition(edition, system)
        except RulesError as exc:
            raise click.BadParameter(str(exc), param_hint="'--rules'") from exc
    data = read_player_data(player_data) if player_data else NO_DATA
    result = read_input(path, from_format, strict, section)
    echo_diagnostics(result)
    if section is None and len(result.sections) > 1:
        listing = ", ".join(f"{i} {name!r}" for i, name in enumerate(result.sections, 1))
        raise click.UsageError(f"{path} holds {len(result.sections)} sections ({listing}), "
                               "each rated on its own: choose one with --section")
    ratings = rating_changes(result.tournament, system, rules=edition, player_data=data,
                             dual_rated=dual_rated, explain=explain or fmt == "html")
    for warning in ratings.warnings:
        click.echo(str(warning), err=True)
    if fmt == "json":
        from ..rating_change.render_json import dumps, to_json

        text = dumps(to_json(ratings, explain))
    else:
        from ..rating_change import render_tables as tables

        if fmt == "csv":
            text = tables.to_csv(ratings)
        elif fmt == "md":
            text = tables.to_md(ratings, path)
        elif fmt == "html":
            text = tables.to_html(ratings, path)
        else:
            text = tables.to_text(ratings, path, explain)
    write_output(output, text.encode("utf-8"))
