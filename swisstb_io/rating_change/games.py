"""The rounds of each player as the rating rules see them: games over the board, and the
rounds that are not games (forfeits, byes, absences, games of less than one move).

Only the rounds paired so far count (:attr:`~swisstb_io.model.Tournament.rounds_paired`):
a bye entered ahead for a later round is not a round yet.  Games are scored 1, 1/2, 0
whatever the event's point system (FIDE B.02 §8.3.2, US Chess: a game's result).
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ..model import Outcome, Player, RoundResult, Tournament
from ..us_notation import OUTCOME_TO_CODE
from .model import cell

WIN, DRAW, LOSS = Fraction(1), Fraction(1, 2), Fraction(0)

SCORE = {Outcome.WIN: (WIN, 2), Outcome.DRAW: (DRAW, 1), Outcome.LOSS: (LOSS, 0),
         Outcome.INCONSISTENT_WIN: (WIN, 2), Outcome.INCONSISTENT_DRAW: (DRAW, 1),
         Outcome.INCONSISTENT_LOSS: (LOSS, 0)}
"""The score (and in half points) of each outcome that is a rated game over the board."""

_NOT_A_GAME = {
    Outcome.FORFEIT_WIN: "forfeit win: not played",
    Outcome.FORFEIT_LOSS: "forfeit loss: not played",
    Outcome.FORFEIT_DRAW: "unplayed half point: not played",
    Outcome.DOUBLE_FORFEIT: "double forfeit: not played",
    Outcome.PAIRING_BYE: "pairing-allocated bye: not a game",
    Outcome.FULL_BYE: "full-point bye: not a game",
    Outcome.HALF_BYE: "half-point bye: not a game",
    Outcome.ZERO_BYE: "absent: not a game",
    Outcome.WIN_UNRATED: "won in less than one move: played, not rated",
    Outcome.DRAW_UNRATED: "drawn in less than one move: played, not rated",
    Outcome.LOSS_UNRATED: "lost in less than one move: played, not rated",
}


CREDITED = frozenset({Outcome.INCONSISTENT_WIN, Outcome.INCONSISTENT_DRAW,
                      Outcome.INCONSISTENT_LOSS})
"""Results the TD credited although the two sides of the game disagree (US N/R/S)."""


class Round(NamedTuple):
    """One round of one player: a game (``score`` set) or a round that is not one."""

    round: int
    code: str
    """The US wall-chart letter: ``W``, ``X``, ``H``."""
    opponent: int | None
    score: Fraction | None
    """1, 1/2 or 0 for a rated game over the board; ``None`` otherwise."""
    halves: int = 0
    """The score in half points (2, 1, 0); 0 for a round that is no game."""
    why_not: str = ""
    """Why the round is no game (``""`` for a game)."""
    credited: bool = False
    """A result the TD credited although the two sides of the game disagree (US N/R/S)."""

    @property
    def result(self) -> str:
        """What happened, in US wall-chart notation: ``W12``, ``X7``, ``H``."""
        return cell(self.code, self.opponent)


def rounds_of(player: Player, paired: int, start_nos: frozenset[int]) -> tuple[Round, ...]:
    """``player``'s rounds up to ``paired``: every game, forfeit, bye and absence (rounds
    not paired at all are left out)."""
    out = []
    for number, r in enumerate(player.results[:paired], 1):
        outcome, opponent = r.outcome, r.opponent
        if outcome is Outcome.NOT_PAIRED:
            continue
        game = SCORE.get(outcome)
        code = OUTCOME_TO_CODE[outcome]
        if game is not None and opponent in start_nos:
            out.append(Round(number, code, opponent, game[0], game[1], "",
                             outcome in CREDITED))
        elif game is not None:
            out.append(Round(number, code, opponent, None, 0,
                             "opponent not in the event: not counted"))
        else:
            out.append(Round(number, code, opponent, None, 0, _NOT_A_GAME[outcome]))
    return tuple(out)


def not_a_game(r: RoundResult, start_nos: frozenset[int]) -> str:
    """Why ``r`` (a paired round) is no rated game over the board against a player of
    the event; ``""`` when it is one."""
    if r.outcome in SCORE:
        return "" if r.opponent in start_nos else "opponent not in the event: not counted"
    return _NOT_A_GAME[r.outcome]


def every_round(t: Tournament) -> dict[int, tuple[Round, ...]]:
    """Each player's rounds, by start number."""
    paired = t.rounds_paired
    start_nos = frozenset(p.start_no for p in t.players)
    return {p.start_no: rounds_of(p, paired, start_nos) for p in t.players}
