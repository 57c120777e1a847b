"""One event, from its tournament to its report table: what ``swisstb report`` and
``swisstb batch`` both do, written once.

The steps, in order (with ``--after-round N`` on the event as it stood after round N, the
table saying so):

1. the view: the team standings for an event whose teams meet each other (without a
   prize list or rating changes, which go to the players), else the players' standings
   (:func:`choose_view`; ``--view`` chooses it);
2. the chain: the chain policy (:func:`~swisstb_io.tiebreaks.chain_policy.choose_chain`:
   the one asked for, else the file's declared chain, else ``uscf``); in a team view the
   players are ranked by points (with ``--view both``, by the file's declared chain);
3. the standings, once, with explanations if a format shows them (``request.calc``);
4. the prize list, when a prize file is given, and the players' rating changes, when a
   rating system is;
5. the report table (:mod:`swisstb_io.reports`), which every format prints.

:func:`plan` takes the first two steps, so a caller can check its options against the
chain before anything is computed (the CLI does); :func:`event_report` takes them all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from .model import Tournament
from .reports import Report, ReportOptions, View, build, build_team_report
from .teams.kinds import is_team_event
from .tiebreaks import CalcOptions, Spec, chain_policy, parse_chain, standings

if TYPE_CHECKING:
    from .prizes.model import PrizeFile
    from .rating_change import PlayerData

__all__ = ["EventPlan", "ReportRequest", "choose_view", "event_report", "plan"]


@dataclass(frozen=True)
class ReportRequest:
    """What to make of an event: its chain, view, options and prize file."""

    tiebreaks: str | None = None
    """The players' chain (``--tiebreaks``); ``None``: the chain policy."""
    team_tiebreaks: str | None = None
    """The teams' chain in a team view; ``None``: the file's declared chain, else the
    default team chain (:func:`~swisstb_io.teams.standings.team_standings`)."""
    view: View | None = None
    """``None``: :func:`choose_view` decides."""
    team_primary: str | None = None
    """``MP`` or ``GP`` (``--team-primary``); ``None``: from the file (192)."""
    team_pab: tuple[Fraction, Fraction] | None = None
    """Match and game points of a PAB without record 320 (``--team-pab``)."""
    calc: CalcOptions = field(default_factory=CalcOptions)
    """How to compute the standings (with explanations when a format shows them)."""
    options: ReportOptions = field(default_factory=ReportOptions)
    """How the table is built (groups, labels, notation, the source's name)."""
    prize_file: PrizeFile | None = None
    """The prizes to give (``--prizes``); ``None``: no prize list."""
    ratings: str | None = None
    """The rating system (``fide``, ``uscf``) whose estimated changes the report shows
    (``--ratings``, :mod:`swisstb_io.rating_change`); ``None``: none."""
    rating_rules: str | None = None
    """The edition of the rating rules (``fide-2024-03``…, ``--rating-rules``); ``None``:
    by the event's date (:mod:`swisstb_io.rating_change.editions`)."""
    player_data: PlayerData | None = None
    """What the file cannot say about the players (``--player-data``,
    :func:`~swisstb_io.rating_change.read_player_data`); ``None``: the rules' defaults."""
    dual_rated: bool = False
    """US Chess: the event is rated Regular and Quick (``--dual-rated``: a smaller K above
    2200)."""
    crosstable: bool = True
    """Whether the table holds the crosstable (a format to print prints it)."""
    after_round: int | None = None
    """The standings as they stood after this round (``--after-round N``: the later rounds
    left out, :meth:`~swisstb_io.model.Tournament.after_round`); every format heads them
    so (:attr:`~swisstb_io.reports.Report.stage`)."""


class EventPlan(NamedTuple):
    """The first two steps' decisions."""

    view: View
    choice: chain_policy.ChainChoice
    """The players' chain and where it came from."""

    @property
    def chain(self) -> tuple[Spec, ...]:
        """The players' chain."""
        return self.choice.specs


def choose_view(t: Tournament, request: ReportRequest) -> View:
    """The view asked for, else :attr:`View.TEAM` for an event whose teams meet each other
    (without a prize file or rating changes: they go to the players), else
    :attr:`View.INDIVIDUAL`."""
    if request.view is not None:
        return request.view
    if request.prize_file is None and request.ratings is None and is_team_event(t):
        return View.TEAM
    return View.INDIVIDUAL


def plan(t: Tournament, request: ReportRequest) -> EventPlan:
    """The view and the players' chain of ``t``; a bad ``request.tiebreaks`` raises
    :class:`~swisstb_io.errors.TiebreakError`, a bad declared chain
    :class:`~swisstb_io.tiebreaks.chain_policy.DeclaredChainError`."""
    view = choose_view(t, request)
    calc = request.calc
    if view is View.INDIVIDUAL:
        return EventPlan(view, chain_policy.choose_chain(
            t, request.tiebreaks, system=calc.system, fide_rules=calc.fide_rules))
    if view is View.BOTH:
        try:
            return EventPlan(view, chain_policy.choose_chain(t))
        except chain_policy.DeclaredChainError:
            pass
    return EventPlan(view, chain_policy.ChainChoice(
        parse_chain("PTS"), chain_policy.ChainOrigin.DEFAULT, "PTS",
        why="for the board players of a team event"))


def event_report(t: Tournament, request: ReportRequest,
                 decided: EventPlan | None = None) -> Report:
    """The report table of ``t`` (``decided``: :func:`plan`'s result, when the caller has
    it).  Raises :class:`~swisstb_io.errors.TiebreakError` for a bad chain and
    :class:`~swisstb_io.reports.ReportError` for a bad group, label or notation."""
    if request.after_round is not None:
        t = t.after_round(request.after_round)
    view, choice = decided or plan(t, request)  # the prize and team packages are loaded
    players = standings(t, choice, request.calc)  # only for the events that need them
    o = request.options
    if view is View.INDIVIDUAL:
        report = build(players, o, crosstable=request.crosstable)
    else:
        from .teams.matches import TeamOptions
        from .teams.standings import team_standings

        teams = team_standings(t, request.team_tiebreaks, primary=request.team_primary,
                               options=request.calc,
                               team_options=TeamOptions(pab=request.team_pab))
        report = build_team_report(teams, players, o, view=view,
                                   crosstable=request.crosstable)
    if request.prize_file is not None:
        from .prizes import prizes_for
        from .prizes.render_tables import document as prize_list

        prizes = prizes_for(players, t, request.prize_file)
        report = report._replace(prizes=prize_list(prizes, o.source,
                                                   tuple(s.key for s in players.chain)))
    if request.ratings is not None:
        from .rating_change import NO_DATA, RatingSystem, rating_changes
        from .rating_change.for_reports import rating_column

        data = NO_DATA if request.player_data is None else request.player_data
        changes = rating_changes(t, RatingSystem(request.ratings), rules=request.rating_rules,
                                 player_data=data, dual_rated=request.dual_rated,
                                 explain=request.calc.explain or o.explain)
        report = report._replace(ratings=rating_column(changes, request.calc.explain,
                                                               o.explain))
    return report._replace(after_round=request.after_round)
