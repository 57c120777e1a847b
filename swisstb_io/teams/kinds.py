"""What kind of event, and what kind of team round: the small part of :mod:`swisstb_io.teams`
that every command needs (deciding the view, ranking a team context) without the roll-up of
:mod:`.matches` and the record readers of :mod:`.records` (their eleven dataclasses take
~47 M instructions to create: 3 % of a whole ``report`` process).
"""

from __future__ import annotations

import enum

from ..model import Tournament


class Kind(enum.Enum):
    """What a team's round was."""

    PLAYED = "played"
    FORFEIT_WIN = "forfeit-win"
    FORFEIT_LOSS = "forfeit-loss"
    DOUBLE_FORFEIT = "double-forfeit"
    PAB = "PAB"
    FPB = "FPB"
    HPB = "HPB"
    ZPB = "ZPB"
    ABSENT = "absent"

    @property
    def vur(self) -> bool:
        """A voluntarily unplayed round (C.07 16.1.2, team reading): HPB, ZPB, absence
        and forfeit losses."""
        return self in (Kind.HPB, Kind.ZPB, Kind.ABSENT, Kind.FORFEIT_LOSS,
                        Kind.DOUBLE_FORFEIT)


def says_team_event(t: Tournament) -> bool:
    """True when ``t`` says it is a team event: it has teams, or its pairing system is a
    team system (``FIDE_TEAM_BAKU``).  A player's team alone is a club: writers make it
    a team record only in such an event."""
    return bool(t.teams) or "TEAM" in t.pairing_system.upper()


def is_team_event(t: Tournament) -> bool:
    """Teams meet each other: 310 records, a 192 team code, or 013 teams whose players meet
    players of other teams (013 alone may mean team prizes in an individual event)."""
    if not t.teams:
        return False
    if "TEAM" in t.pairing_system.upper() or any(team.number is not None for team in t.teams):
        return True
    team_of = {m: k for k, team in enumerate(t.teams) for m in team.members}
    return any(r.opponent in team_of and team_of[r.opponent] != team_of.get(p.start_no)
               for p in t.players if p.start_no in team_of for r in p.results)
