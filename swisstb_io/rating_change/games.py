"""The rounds of each player as the rating rules see them: games over the board, and the
rounds that are not games (forfeits, byes, absences, games of less than one move).

Only the rounds paired so far count (:attr:`~swisstb_io.model.Tournament.rounds_paired`):
a bye entered ahead for a later round is not a round yet.  Games are scored 1, 1/2, 0
whatever the event's point system (FIDE B.02 §8.3.2, US Chess: a game's result).
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ..model import Outcome, Player, RoundResult
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


Played = tuple[int, int, Outcome]
"""A game over the board against a player of the event: the round number, the
opponent's start number, the outcome."""


def games_and_others(player: Player, paired: int, start_nos: frozenset[int]
                     ) -> tuple[list[Played], list[Round]]:
    """``player``'s rounds up to ``paired`` in two lists, each in round order: the games
    over the board against players of the event, and every other round (forfeits, byes,
    absences, games against somebody not in the event) as a :class:`Round` with the
    reason.  Rounds not paired at all are left out."""
    games = []
    others = []
    for number, r in enumerate(player.results[:paired], 1):
        outcome, opponent = r.outcome, r.opponent
        if outcome in SCORE and opponent is not None and opponent in start_nos:
            games.append((number, opponent, outcome))
        elif outcome is not Outcome.NOT_PAIRED:
            others.append(Round(number, OUTCOME_TO_CODE[outcome], r.opponent, None, 0,
                                not_a_game(r, start_nos)))
    return games, others


def rounds_of(player: Player, paired: int, start_nos: frozenset[int]) -> tuple[Round, ...]:
    """``player``'s rounds up to ``paired``: every game, forfeit, bye and absence (rounds
    not paired at all are left out), in round order."""
    games, others = games_and_others(player, paired, start_nos)
    out = [Round(number, OUTCOME_TO_CODE[outcome], opponent, *SCORE[outcome], "",
                 outcome in CREDITED) for number, opponent, outcome in games]
    return tuple(sorted(out + others, key=lambda r: r.round)) if others else tuple(out)


class Scores(dict[int, Fraction]):
    """``scores[h]``: ``h`` half points as a Fraction, made once each for one computation."""

    def __missing__(self, key: int) -> Fraction:
        value = self[key] = Fraction(key, 2)
        return value


def not_a_game(r: RoundResult, start_nos: frozenset[int]) -> str:
    """Why ``r`` (a paired round) is no rated game over the board against a player of
    the event; ``""`` when it is one."""
    if r.outcome in SCORE:
        return "" if r.opponent in start_nos else "opponent not in the event: not counted"
    return _NOT_A_GAME[r.outcome]
