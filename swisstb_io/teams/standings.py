"""Team standings: the teams ranked by their primary score and a tie-break chain, through
the one engine (:func:`swisstb_io.tiebreaks.standings` on a
:class:`~swisstb_io.tiebreaks.team_context.TeamContext`).

* **Primary score**: from 192 (``…_MP_GP``, ``…_MP``, ``FIDE_TEAM``, ``FIDE_TEAM_BAKU``: match
  points; ``…_GP_MP``, ``…_GP``: game points), else match points; ``primary`` overrides it.
* **Chain**: the one given, else the file's 212 (else 202) declaration, else
  :data:`DEFAULT_TEAM_CHAIN` (``teams.md`` §A.3.4), parsed with the ``:MP`` / ``:GP``
  suffixes allowed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Tournament
from ..tiebreaks.context import CalcOptions
from ..tiebreaks.ranking import StandingsResult, standings
from ..tiebreaks.spec import parse_chain
from ..tiebreaks.team_context import TeamContext
from .matches import TeamEvent, TeamOptions, team_event

DEFAULT_TEAM_CHAIN = "MPVGP,EDE,BH:MP/C1,EMGSB/C1"
"""The chain of a team event that declares none (teams.md §A.3.4, a recommendation)."""


def primary_from_192(code: str) -> tuple[str, str]:
    """(``"MP"`` or ``"GP"``, why) from a 192 pairing-system code."""
    c = code.strip().upper()
    if c.endswith("_GP_MP") or (c.endswith("_GP") and not c.endswith("_MP_GP")):
        return "GP", f"game points primary (192 {code.strip()})"
    if "TEAM" in c:
        return "MP", f"match points primary (192 {code.strip()})"
    return "MP", "match points primary (the default; the file does not say)"


@dataclass(frozen=True)
class TeamStandings:
    """Ranked teams: the engine's result on the team context, and how it was chosen."""

    result: StandingsResult
    event: TeamEvent
    primary: str
    primary_reason: str
    chain_text: str
    chain_origin: str
    """``"given"``, ``"declared"`` or ``"default"``."""

    @property
    def context(self) -> TeamContext:
        ctx = self.result.context
        assert isinstance(ctx, TeamContext)
        return ctx


def team_standings(t: Tournament, chain: str | None = None, *, primary: str | None = None,
                   options: CalcOptions | None = None,
                   team_options: TeamOptions | None = None) -> TeamStandings:
    """Rank the teams of ``t`` (module docstring)."""
    event = team_event(t, team_options)
    if primary is None:
        primary, why = primary_from_192(t.pairing_system)
    else:
        primary = primary.upper()
        why = f"{'match' if primary == 'MP' else 'game'} points primary, as requested"
    ctx = TeamContext(t, event, primary, options, why)
    if chain is not None:
        text, origin = chain, "given"
    elif t.standings_order or t.tiebreaks:
        text, origin = ",".join(t.standings_order or t.tiebreaks), "declared"
    else:
        text, origin = DEFAULT_TEAM_CHAIN, "default"
    specs = parse_chain(text, team=True)
    result = standings(ctx.tournament, specs, context=ctx)
    return TeamStandings(result, event, primary, why, text, origin)
