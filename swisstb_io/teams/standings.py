"""Team standings: the teams ranked by their primary score and a tie-break chain, through
the one engine (:func:`swisstb_io.tiebreaks.standings` on a
:class:`~swisstb_io.tiebreaks.team_context.TeamContext`).

* **Primary score**: from 192 (``…_MP_GP``, ``…_MP``, ``FIDE_TEAM``, ``FIDE_TEAM_BAKU``: match
  points; ``…_GP_MP``, ``…_GP``: game points), else match points; ``primary`` overrides it.
  The reports name the pairing system in words (``FIDE team Swiss system with Baku
  acceleration, …``), never by its code.
* **Chain**: the one given, else the file's 212 (else 202) declaration, else
  :data:`DEFAULT_TEAM_CHAIN` (``teams.md`` §A.3.4), parsed with the ``:MP`` / ``:GP``
  suffixes allowed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Tournament
from ..tiebreaks.chain_policy import ChainChoice, ChainOrigin
from ..tiebreaks.context import CalcOptions
from ..tiebreaks.ranking import StandingsResult, standings
from ..tiebreaks.spec import parse_chain
from ..tiebreaks.team_context import TeamContext
from .matches import TeamEvent, TeamOptions, team_event

DEFAULT_TEAM_CHAIN = "MPVGP,EDE,BH:MP/C1,EMGSB/C1"
"""The chain of a team event that declares none (teams.md §A.3.4, a recommendation)."""


def primary_from_192(code: str) -> tuple[str, str]:
    """(``"MP"`` or ``"GP"``, why) from a 192 pairing-system code (the report names the
    system in words beside it: :func:`~swisstb_io.pairing_systems.pairing_system_name`)."""
    c = code.strip().upper()
    if c.endswith("_GP_MP") or (c.endswith("_GP") and not c.endswith("_MP_GP")):
        return "GP", "game points primary, as the file's pairing system says"
    if "TEAM" in c:
        return "MP", "match points primary, as the file's pairing system says"
    return "MP", "match points primary (the default; the file does not say)"


@dataclass(frozen=True)
class TeamStandings:
    """Ranked teams: the engine's result on the team context, and how it was chosen."""

    result: StandingsResult
    event: TeamEvent
    primary: str
    primary_reason: str
    choice: ChainChoice
    """The team chain and where it came from."""

    @property
    def chain_text(self) -> str:
        """The team chain as written."""
        return self.choice.text

    @property
    def chain_origin(self) -> str:
        """``"given"``, ``"declared"`` or ``"default"``."""
        return self.choice.origin.value

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
    declared = ""
    if chain is not None:
        text, origin = chain, ChainOrigin.GIVEN
    elif t.standings_order or t.tiebreaks:
        text, origin = ",".join(t.standings_order or t.tiebreaks), ChainOrigin.DECLARED
        declared = "standings" if t.standings_order else "tiebreaks"
    else:
        text, origin = DEFAULT_TEAM_CHAIN, ChainOrigin.DEFAULT
    choice = ChainChoice(parse_chain(text, team=True), origin, text, declared=declared)
    result = standings(ctx.tournament, choice.specs, context=ctx)
    return TeamStandings(result, event, primary, why, choice)
