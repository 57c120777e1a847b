"""``swisstb report FILE``: standings with tie-breaks, as text, JSON, Markdown, CSV or HTML.

The options are parsed and checked here; the report itself is
:func:`swisstb_io.event_report.event_report`, as ``swisstb batch`` makes it.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

import click

from ..errors import TiebreakError
from ..event_report import EventPlan, ReportRequest, choose_view, event_report, plan
from ..model import Tournament
from ..reports import (
    REPORT_FORMATS,
    Report,
    ReportError,
    ReportOptions,
    View,
    render_sections,
    report_format,
)
from ..tiebreaks import CalcOptions, Spec, chain_policy

if TYPE_CHECKING:
    from ..prizes.model import PrizeFile
    from ..rating_change import PlayerData
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
from ._rating_options import check_rating_options, rating_options


def _plan(t: Tournament, request: ReportRequest) -> EventPlan:
    """The view and the chain (:func:`~swisstb_io.event_report.plan`); a bad
    ``--tiebreaks`` is a usage error, a bad declared chain a problem of the file (at the
    place of the declaration)."""
    source = request.options.source
    try:
        return plan(t, request)
    except chain_policy.DeclaredChainError as exc:
        raise exc.located(t, "<stdin>" if source == "-" else source,
                          request.options.input_format) from exc
    except TiebreakError as exc:
        raise click.BadParameter(str(exc), param_hint="'--tiebreaks'") from exc


def _chain(codes: str | None, t: Tournament, path: str, fmt: str) -> tuple[Spec, ...]:
    """The players' chain of ``t`` (read from ``path``, of format ``fmt``) by the chain
    policy (``swisstb prizes`` ranks so)."""
    request = ReportRequest(tiebreaks=codes, view=View.INDIVIDUAL,
                            options=ReportOptions(source=path, input_format=fmt))
    return _plan(t, request).chain


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
                   "uscf-scholastic, wintd; fide: FIDE's recommended order for the event). "
                   "Default: the file's declared tie-breaks, else uscf.")
@click.option("-f", "--format", "fmt", type=click.Choice(list(REPORT_FORMATS)),
              help="Output format (default: the one the extension of -o OUT names: .html, "
                   ".json, .md, .csv; else text).")
@click.option("--group", "group", metavar="SPEC", multiple=True,
              help="One ranked table per group (repeatable: each one's groups in turn): "
                   "rating:<1800,1800-1999,2000+ or a field "
                   "(team, state, section, federation, title, board: the board players "
                   "of a team event by board).")
@click.option("--notation", type=click.Choice(["us", "fide"]), default="us", show_default=True,
              help="Crosstable notation of md and html reports (W12 or 12w1).")
@click.option("--labels", metavar="STYLE|CODE=LABEL,…",
              help="Tie-break column labels: short (ModMed, Solk…), key, name, and/or "
                   "CODE=Label pairs, e.g. MM=M,SOLK=S.")
@click.option("-o", "--output", default="-", metavar="OUT",
              help="Output file (default stdout); never the input.")
@click.option("--explain", is_flag=True, help="Show how every value was computed.")
@click.option("--playoff", metavar="N,N,…",
              help="Play-off result (34E12): start numbers best first; orders tied players "
                   "(of one section: a multi-section file needs --section).")
@click.option("--lot-seed", type=int, metavar="N",
              help="Seed of the lot (34E13) for ties left after everything else; it is printed.")
@click.option("--rating-list", default="auto", show_default=True, metavar="LIST",
              help="Ratings for AVGOPP/OPPPERF/ARO: auto (USCF if present, else FIDE), USCF, "
                   "FIDE…")
@click.option("--unrated-rating", type=click.IntRange(min=0), metavar="RATING",
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
@click.option("--prizes", "prize_path", metavar="FILE",
              help="Prize file (TOML, see `swisstb prizes`): adds a Prize column and the "
                   "prize list (of one section of a multi-section file: the prize file's "
                   "[event] section, else --section).")
@click.option("--ratings", "rating_system", type=click.Choice(["fide", "uscf"]),
              help="Add each player's estimated rating change (see `swisstb ratings`) to "
                   "the standings, and the swisstb-ratings/1 document to the JSON.")
@rating_options()
@from_option
@rounds_by_date_option
@click.option("--section", metavar="NAME|NUMBER",
              help="Section of a multi-section file (default: every section, one titled "
                   "block each; HTML: one page, a block per section).")
@click.option("--view", type=click.Choice(["team", "individual", "both"]), default=None,
              help="Team standings, individual standings, or both (the team standings, then "
                   "the board players'). Default: team standings when teams meet each other "
                   "(310, a 192 team code or 013 teams paired against each other).")
@click.option("--team-primary", type=click.Choice(["mp", "gp"]), default=None,
              help="Team view: rank by match points or game points (default: 192).")
@click.option("--team-pab", metavar="MP,GP", default=None,
              help="Team view: match and game points of a PAB without record 320 "
                   "(default: a drawn match, TD; its game points those its boards are "
                   "written with, U, F or + against 0000, else D x boards).")
@click.option("--after-round", type=int, metavar="N",
              help="Standings as they stood after round N (later rounds left out).")
@strict_option
def command(
    path: str, codes: str | None, fmt: str | None, group: tuple[str, ...], notation: str,
    labels: str | None, output: str, explain: bool, playoff: str | None,
    lot_seed: int | None, rating_list: str, unrated_rating: int | None,
    fide_rules: str | None, pairing: str | None, no_actual_play: bool,
    prize_path: str | None, rating_system: str | None, rating_rules: str | None,
    player_data: str | None, dual_rated: bool, from_format: str | None,
    section: str | None, view: str | None, team_primary: str | None, team_pab: str | None,
    after_round: int | None, strict: bool,
) -> None:
    """Standings of FILE ranked by points and tie-breaks, with a crosstable.

    Exit codes: 0 fine, 1 the file could not be read, 2 bad options or tie-break codes.
    """
    notation_given = (click.get_current_context().get_parameter_source("notation")
                      is not click.core.ParameterSource.DEFAULT)
    require_inputs(path, files=(prize_path, player_data))
    refuse_overwriting(output, path, prize_path, player_data)
    check_rating_options(rating_system, rating_rules, player_data, dual_rated)
    fmt = output_format(fmt, output, DOCUMENT_EXTENSIONS, "text")
    _usage.check_format_options(fmt, notation_given=notation_given, explain=explain)
    result = read_input(path, from_format, strict, section)
    echo_diagnostics(result)
    sections = (result.tournament,) if section is not None else result.every_section()
    names = result.sections if section is None else ()  # a reader may read only the first
    for t in sections:  # --view's usage errors before the prize file is read
        _asked_view(view, t, prize_path, rating_system)
    prize_file = _prize_file(prize_path)
    if prize_file is not None:  # the prize file's section, or --section's
        from ._prize_section import prize_section

        sections = (prize_section(result, prize_file, path, from_format, strict, section),)
    elif len(names) > 1 and (playoff or player_data):
        what = ("--playoff orders players of" if playoff
                else "--player-data describes the players of")
        raise _usage.one_section_needed(path, names, what)
    facts = _player_data(player_data, sections[0])
    if after_round is not None:
        last = max(t.rounds for t in sections)
        if not 1 <= after_round <= last:
            raise click.BadParameter(f"{after_round} is not a round of {path} (1 to {last})",
                                     param_hint="'--after-round'")
        # the checks and the plan below see the event as the report will (event_report
        # leaves an event already cut there as it is, and heads its standings so)
        sections = tuple(t.after_round(after_round) for t in sections)
    order = _playoff(playoff)
    options = CalcOptions(
        rating=rating_list, unrated_rating=unrated_rating,
        explain=report_format(fmt).needs_explanations(explain), playoff=order,
        lot_seed=lot_seed, fide_rules=fide_rules, system=pairing,
        actual_play_rule=not no_actual_play,
    )
    kind = report_format(fmt)
    reports: list[tuple[str, Report]] = []
    for t in sections:
        request = ReportRequest(
            tiebreaks=codes, team_tiebreaks=codes,
            view=_asked_view(view, t, prize_path, rating_system), team_primary=team_primary,
            team_pab=_pab(team_pab), calc=options, ratings=rating_system,
            rating_rules=rating_rules, player_data=facts, dual_rated=dual_rated,
            crosstable=kind.crosstable, after_round=after_round,
            options=ReportOptions(notation=notation, groups=group or None, labels=labels,
                                  source=path, input_format=result.format, explain=explain))
        team_view = choose_view(t, request)
        if team_view is not View.INDIVIDUAL and fmt == "html" and len(sections) > 1:
            raise click.UsageError(f"{path}: section {t.section!r} is a team event, whose "
                                   "HTML page is a page of its own: choose it with --section")
        if team_view is View.INDIVIDUAL:
            reports.append((t.section, _individual_report(t, request, order, prize_file)))
        else:
            reports.append((t.section, _team_report(t, request, team_view)))
    try:
        write_output(output, render_sections(reports, fmt, request.options))
    except ReportError as exc:
        raise click.UsageError(str(exc)) from exc


def _player_data(path: str | None, t: Tournament) -> PlayerData | None:
    """The facts of ``--player-data`` (``None``: none), checked against ``t`` (the one
    section): a row of a player the event does not have is an error at the row, a name
    that is not the player's a warning."""
    if path is None:
        return None
    from ..rating_change import read_player_data
    from ..rating_change.player_data import check_against

    data = read_player_data(path)
    for warning in check_against(data, t):
        click.echo(str(warning), err=True)
    return data


def _prize_file(prize_path: str | None) -> PrizeFile | None:
    """The prize file of ``--prizes`` (see ``swisstb prizes``)."""
    if prize_path is None:
        return None
    from ..prizes import read_prize_file

    return read_prize_file(prize_path)


def _individual_report(t: Tournament, request: ReportRequest, order: tuple[int, ...],
                       prize_file: PrizeFile | None) -> Report:
    """The players' report of ``t`` (with the prizes of ``prize_file``), its options
    checked against the file first."""
    decided = _plan(t, request)
    o = request.options
    _usage.check_rating_list(request.calc.rating, t)
    for spec in o.groups or ():
        _usage.check_groups(spec, t)
    _usage.check_labels(o.labels, decided.chain)
    unknown = sorted(set(order) - {p.start_no for p in t.players})
    if unknown:
        raise click.BadParameter(f"no player with start number {', '.join(map(str, unknown))}",
                                 param_hint="'--playoff'")
    request = replace(request, prize_file=prize_file)
    try:
        report = event_report(t, request, decided)
    except ReportError as exc:
        raise click.UsageError(str(exc)) from exc
    _usage.check_playoff(order, report.result)
    return report


def _asked_view(view: str | None, t: Tournament, prize_path: str | None,
                ratings: str | None = None) -> View | None:
    """``--view`` checked against the file (``None``: not given, the default of
    :func:`~swisstb_io.event_report.choose_view`); with ``--prizes`` or ``--ratings`` only
    the players' report (whose players the prizes go to and whose ratings change)."""
    if view is None or view == "individual":
        return None if view is None else View.INDIVIDUAL
    if not t.teams:
        raise click.UsageError(f"--view {view}: the file has no teams (no 310 or 013 records)")
    if prize_path:
        raise click.UsageError(f"--view {view}: --prizes gives the board players' prizes; "
                               "use --view individual with it")
    if ratings:
        raise click.UsageError(f"--view {view}: --ratings gives the board players' rating "
                               "changes; use --view individual with it")
    return View(view)


def _pab(value: str | None) -> tuple[Fraction, Fraction] | None:
    """``--team-pab 1,2`` -> (1, 2)."""
    if value is None:
        return None
    parts = value.replace(" ", "").split(",")
    points: list[Fraction] = []
    for part in parts:
        try:
            points.append(Fraction(part))
        except (ValueError, ZeroDivisionError):
            break
    if len(points) != 2 or len(parts) != 2 or min(points) < 0:
        raise click.BadParameter(f"{value!r} is not two points such as 1,2 (match points, "
                                 "game points)", param_hint="'--team-pab'")
    return points[0], points[1]


def _team_report(t: Tournament, request: ReportRequest, view: View) -> Report:
    """The team report of ``t`` (a bad ``--tiebreaks`` is a usage error; it is the team
    chain).  The board players are ranked by points in the team view (the JSON's
    ``standings[]``), by the file's chain with ``--view both`` (by points when that chain
    is a team one); ``--group`` ranks the board players, so it needs them shown."""
    o = request.options
    if o.groups and view is View.TEAM:
        raise click.UsageError("--group ranks the board players: add --view both (or use "
                               "--view individual)")
    if request.calc.playoff:
        raise click.UsageError("--playoff orders tied players by start number: use it with "
                               "--view individual (a team event's team view ranks teams)")
    for spec in o.groups or ():
        _usage.check_groups(spec, t)
    try:
        report = event_report(t, request, _plan(t, request))
    except TiebreakError as exc:
        if request.team_tiebreaks is None:
            raise
        raise click.BadParameter(str(exc), param_hint="'--tiebreaks'") from exc
    except ReportError as exc:
        raise click.UsageError(str(exc)) from exc
    assert report.teams is not None
    _usage.check_labels(o.labels, (*report.teams.result.chain, *report.result.chain))
    return report
