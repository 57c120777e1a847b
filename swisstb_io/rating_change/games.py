"""The rounds of each player as the rating rules see them: games over the board, and the
rounds that are not games (forfeits, byes, absences, games of less than one move).

Only the rounds paired so far count (:attr:`~swisstb_io.model.Tournament.rounds_paired`):
a bye entered ahead for a later round is not a round yet.  Games are scored 1, 1/2, 0
whatever the event's point system (FIDE B.02 §8.3.2, US Chess: a game's result).
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ..model import Outcome, Player, Tournament
from ..us_notation import format_cell

WIN, DRAW, LOSS = Fraction(1), Fraction(1, 2), Fraction(0)

SCORE = {Outcome.WIN: WIN, Outcome.DRAW: DRAW, Outcome.LOSS: LOSS,
         Outcome.INCONSISTENT_WIN: WIN, Outcome.INCONSISTENT_DRAW: DRAW,
         Outcome.INCONSISTENT_LOSS: LOSS}
"""The score of each outcome that is a rated game over the board."""

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


class Round(NamedTuple):
    """One round of one player: a game (``score`` set) or a round that is not one."""

    round: int
    result: str
    """US wall-chart notation: ``W12``, ``X7``, ``H``."""
    opponent: int | None
    score: Fraction | None
    """1, 1/2 or 0 for a rated game over the board; ``None`` otherwise."""
    why_not: str = ""
    """Why the round is no game (``""`` for a game)."""
    credited: bool = False
    """A result the TD credited although the two sides of the game disagree (US N/R/S)."""


def rounds_of(player: Player, paired: int, start_nos: frozenset[int]) -> tuple[Round, ...]:
    """``player``'s rounds up to ``paired``: every game, forfeit, bye and absence (rounds
    not paired at all are left out)."""
    out = []
    for number, r in enumerate(player.results[:paired], 1):
        outcome = r.outcome
        if outcome is Outcome.NOT_PAIRED:
            continue
        cell = format_cell(r, color=False)
        score = SCORE.get(outcome)
        if score is not None and r.opponent in start_nos:
            credited = outcome in (Outcome.INCONSISTENT_WIN, Outcome.INCONSISTENT_DRAW,
                                   Outcome.INCONSISTENT_LOSS)
            out.append(Round(number, cell, r.opponent, score, credited=credited))
        elif score is not None:
            out.append(Round(number, cell, r.opponent, None,
                             "opponent not in the event: not counted"))
        else:
            out.append(Round(number, cell, r.opponent, None, _NOT_A_GAME[outcome]))
    return tuple(out)


def every_round(t: Tournament) -> dict[int, tuple[Round, ...]]:
    """Each player's rounds, by start number."""
    paired = t.rounds_paired
    start_nos = frozenset(p.start_no for p in t.players)
    return {p.start_no: rounds_of(p, paired, start_nos) for p in t.players}
