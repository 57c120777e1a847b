"""The canonical tournament model.

The model records *what happened* (who met whom, with which colour, and how the
round ended for each player), never points: a :class:`PointSystem` turns outcomes
into points.  Every class is a frozen dataclass; build changed copies with
:func:`dataclasses.replace`.

Anything a file format holds that the model has no field for is kept verbatim in
``extras`` mappings under namespaced keys (``"trf:XXA"``, ``"csv:column:Post"``),
so reading and writing the same format loses nothing.
"""

from __future__ import annotations

import datetime as _dt
import enum
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from types import MappingProxyType
from typing import NamedTuple, TypeAlias

Score: TypeAlias = Fraction
"""Points, always exact."""

StartNo: TypeAlias = int
"""A player's starting rank (pairing number), 1-based."""

Extras: TypeAlias = Mapping[str, str]
"""Format-specific data the model has no field for, keyed ``"<format>:<what>"``."""

EMPTY_EXTRAS: Extras = MappingProxyType({})


def _no_extras() -> Extras:
    return EMPTY_EXTRAS


class Color(enum.Enum):
    """The colour a player had in a round."""

    WHITE = "w"
    """Played (or was paired) with the white pieces."""
    BLACK = "b"
    """Played (or was paired) with the black pieces."""
    NONE = "-"
    """No colour: byes, absences and most forfeits."""

    # Members are singletons compared by identity, so they hash by identity too (Enum's own
    # __hash__ hashes the member's name); the tie-breaks look colours and outcomes up in
    # every cell (benchmarks/README.md).
    __hash__ = object.__hash__

    def opposite(self) -> Color:
        if self is Color.WHITE:
            return Color.BLACK
        if self is Color.BLACK:
            return Color.WHITE
        return Color.NONE


class Outcome(enum.Enum):
    """How one round ended for one player."""

    WIN = "win"
    """Won over the board (rated game; TRF ``1``, US ``W``)."""
    DRAW = "draw"
    """Drew over the board (TRF ``=``, US ``D``)."""
    LOSS = "loss"
    """Lost over the board (TRF ``0``, US ``L``)."""
    WIN_UNRATED = "win-unrated"
    """Won a game that lasted less than one move: played, not rated (TRF ``W``)."""
    DRAW_UNRATED = "draw-unrated"
    """Drew a game that lasted less than one move (TRF ``D``)."""
    LOSS_UNRATED = "loss-unrated"
    """Lost a game that lasted less than one move (TRF ``L``)."""
    FORFEIT_WIN = "forfeit-win"
    """Won because the paired opponent did not appear (TRF ``+``, US ``X``)."""
    FORFEIT_LOSS = "forfeit-loss"
    """Lost by not appearing against a paired opponent (TRF ``-``, US ``F``)."""
    FORFEIT_DRAW = "forfeit-draw"
    """An unplayed half point against a paired opponent (US ``Z``); TRF cannot hold it."""
    DOUBLE_FORFEIT = "double-forfeit"
    """Neither paired player appeared; both lose (TRF ``-`` on both sides)."""
    PAIRING_BYE = "pairing-bye"
    """The pairing-allocated bye (TRF ``U``); worth a win unless the point system says otherwise."""
    FULL_BYE = "full-bye"
    """A requested full-point bye (TRF ``F``, US ``B``)."""
    HALF_BYE = "half-bye"
    """A requested half-point bye (TRF ``H``, US ``H``)."""
    ZERO_BYE = "zero-bye"
    """A known absence worth nothing (TRF ``Z``, US ``U``)."""
    NOT_PAIRED = "not-paired"
    """Not paired and no result recorded: withdrawn, not yet entered (TRF blank)."""
    INCONSISTENT_WIN = "inconsistent-win"
    """US ``N``: credited a win by the TD although the two sides disagree; rated."""
    INCONSISTENT_DRAW = "inconsistent-draw"
    """US ``R``: credited a draw by the TD although the two sides disagree; rated."""
    INCONSISTENT_LOSS = "inconsistent-loss"
    """US ``S``: credited a loss by the TD although the two sides disagree; rated."""

    __hash__ = object.__hash__  # identity, as for Color

    @property
    def played(self) -> bool:
        """True when a game was actually played over the board (rated or not)."""
        return self in _PLAYED

    @property
    def rated(self) -> bool:
        """True when the game counts for rating."""
        return self in _RATED

    @property
    def has_opponent(self) -> bool:
        """True when the player was paired against a real opponent this round."""
        return self in _WITH_OPPONENT

    @property
    def is_bye(self) -> bool:
        return self in _BYES


_PLAYED = frozenset(
    {
        Outcome.WIN,
        Outcome.DRAW,
        Outcome.LOSS,
        Outcome.WIN_UNRATED,
        Outcome.DRAW_UNRATED,
        Outcome.LOSS_UNRATED,
        Outcome.INCONSISTENT_WIN,
        Outcome.INCONSISTENT_DRAW,
        Outcome.INCONSISTENT_LOSS,
    }
)
_RATED = frozenset(
    {
        Outcome.WIN,
        Outcome.DRAW,
        Outcome.LOSS,
        Outcome.INCONSISTENT_WIN,
        Outcome.INCONSISTENT_DRAW,
        Outcome.INCONSISTENT_LOSS,
    }
)
_WITH_OPPONENT = _PLAYED | {
    Outcome.FORFEIT_WIN,
    Outcome.FORFEIT_LOSS,
    Outcome.FORFEIT_DRAW,
    Outcome.DOUBLE_FORFEIT,
}
_BYES = frozenset({Outcome.PAIRING_BYE, Outcome.FULL_BYE, Outcome.HALF_BYE, Outcome.ZERO_BYE})

#: The outcome the opponent must have for the game to be consistent.
MIRROR: Mapping[Outcome, Outcome] = MappingProxyType(
    {
        Outcome.WIN: Outcome.LOSS,
        Outcome.LOSS: Outcome.WIN,
        Outcome.DRAW: Outcome.DRAW,
        Outcome.WIN_UNRATED: Outcome.LOSS_UNRATED,
        Outcome.LOSS_UNRATED: Outcome.WIN_UNRATED,
        Outcome.DRAW_UNRATED: Outcome.DRAW_UNRATED,
        Outcome.FORFEIT_WIN: Outcome.FORFEIT_LOSS,
        Outcome.FORFEIT_LOSS: Outcome.FORFEIT_WIN,
        Outcome.FORFEIT_DRAW: Outcome.FORFEIT_DRAW,
        Outcome.DOUBLE_FORFEIT: Outcome.DOUBLE_FORFEIT,
    }
)


@dataclass(frozen=True)
class PointSystem:
    """Points for each outcome (TRF-2026 record 162, TRF(x) ``XXS``, bbpPairings ``BB?``).

    The defaults are the usual 1-½-0 with byes at face value.
    """

    win: Score = Fraction(1)
    draw: Score = Fraction(1, 2)
    loss: Score = Fraction(0)
    forfeit_win: Score = Fraction(1)
    forfeit_loss: Score = Fraction(0)
    pairing_bye: Score = Fraction(1)
    full_bye: Score = Fraction(1)
    half_bye: Score = Fraction(1, 2)
    zero_bye: Score = Fraction(0)

    def points(self, outcome: Outcome) -> Score:
        """The points ``outcome`` is worth to the player who had it."""
        o = Outcome
        if outcome in (o.WIN, o.WIN_UNRATED, o.INCONSISTENT_WIN):
            return self.win
        if outcome in (o.DRAW, o.DRAW_UNRATED, o.INCONSISTENT_DRAW):
            return self.draw
        if outcome in (o.LOSS, o.LOSS_UNRATED, o.INCONSISTENT_LOSS):
            return self.loss
        if outcome is o.FORFEIT_WIN:
            return self.forfeit_win
        if outcome in (o.FORFEIT_LOSS, o.DOUBLE_FORFEIT):
            return self.forfeit_loss
        if outcome is o.FORFEIT_DRAW:
            return self.draw
        if outcome is o.PAIRING_BYE:
            return self.pairing_bye
        if outcome is o.FULL_BYE:
            return self.full_bye
        if outcome is o.HALF_BYE:
            return self.half_bye
        return self.zero_bye  # ZERO_BYE, NOT_PAIRED

    @property
    def is_default(self) -> bool:
        return self == DEFAULT_POINTS

    def units(self) -> PointUnits:
        """The system in integer steps: ``unit`` steps make one point (the common
        denominator of its values) and ``points[outcome]`` is each outcome's worth in steps.
        """
        unit = math.lcm(*(Fraction(getattr(self, f.name)).denominator for f in fields(self)))
        points = MappingProxyType({o: int(self.points(o) * unit) for o in Outcome})
        return PointUnits(unit, points)


class PointUnits(NamedTuple):
    """A :class:`PointSystem` in integer steps (:meth:`PointSystem.units`)."""

    unit: int
    """Steps a point."""
    points: Mapping[Outcome, int]
    """Each outcome's points, in steps."""


DEFAULT_POINTS = PointSystem()


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One player's round: the outcome, the opponent (``None`` if none) and the colour."""

    outcome: Outcome
    opponent: StartNo | None = None
    color: Color = Color.NONE


NOT_PAIRED = RoundResult(Outcome.NOT_PAIRED)


@dataclass(frozen=True)
class Rating:
    """A rating from one list: ``system`` is ``"FIDE"``, ``"USCF"`` or a federation code."""

    system: str
    value: int


@dataclass(frozen=True)
class DateText:
    """A date as the file wrote it, with its parsed value when it could be parsed."""

    text: str
    value: _dt.date | None = None

    @classmethod
    def from_date(cls, value: _dt.date) -> DateText:
        return cls(value.strftime("%Y/%m/%d"), value)


@dataclass(frozen=True)
class PointAdjustment:
    """Points given or taken outside the games: a bonus (positive) or a penalty (negative).

    ``round`` is the round it belongs to (1-based), ``None`` for the whole event (TRF-2026
    record 299 with round ``000`` or blank).  ``note`` is free text (why).
    """

    points: Score
    round: int | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class Player:
    """A participant and the rounds they had.

    ``results[r - 1]`` is round ``r``.  ``declared_points`` and ``declared_rank`` are what
    the file claimed; they are kept for checking and never used for standings.
    """

    start_no: StartNo
    name: str
    results: tuple[RoundResult, ...] = ()
    sex: str = ""
    title: str = ""
    fide_rating: int | None = None
    ratings: tuple[Rating, ...] = ()
    """Other ratings: national lists (``Rating("USCF", 1850)``, ``Rating("IND", 1500)``)."""
    federation: str = ""
    fide_id: str = ""
    national_ids: tuple[tuple[str, str], ...] = ()
    """``(system, id)`` pairs, e.g. ``("USCF", "12345678")``."""
    birth: str = ""
    """Birth date or year as the file gave it."""
    team: str = ""
    declared_points: Score | None = None
    declared_rank: int | None = None
    extras: Extras = field(default_factory=_no_extras, hash=False)
    adjustments: tuple[PointAdjustment, ...] = ()
    """Bonus and penalty points (TRF-2026 299 records): part of :meth:`points`, of the
    standings and of PTS; never part of an opponent's score in tie-breaks."""

    def result(self, round_no: int) -> RoundResult:
        """Round ``round_no`` (1-based); rounds past the recorded ones are NOT_PAIRED."""
        if 1 <= round_no <= len(self.results):
            return self.results[round_no - 1]
        return NOT_PAIRED

    def rating(self, system: str) -> int | None:
        """The rating from list ``system`` (``"FIDE"``, ``"USCF"``…), if any."""
        if system.upper() == "FIDE":
            return self.fide_rating
        for r in self.ratings:
            if r.system.upper() == system.upper():
                return r.value
        return None

    def national_id(self, system: str) -> str:
        for sys_, ident in self.national_ids:
            if sys_.upper() == system.upper():
                return ident
        return ""

    def points(self, system: PointSystem = DEFAULT_POINTS, upto_round: int | None = None) -> Score:
        """Points scored, counted with ``system``, up to and including ``upto_round``.

        :attr:`adjustments` are included: all of them for the final score
        (``upto_round=None``); up to a round, those with ``round <= upto_round``.  An
        adjustment for the whole event (``round=None``) counts only in the final score,
        since the file does not say when it was given.
        """
        rounds = self.results if upto_round is None else self.results[:upto_round]
        total = sum((system.points(r.outcome) for r in rounds), Fraction(0))
        for adj in self.adjustments:
            if upto_round is None or (adj.round is not None and adj.round <= upto_round):
                total += adj.points
        return total


@dataclass(frozen=True)
class Team:
    """A team and its members' start numbers in board order."""

    name: str
    members: tuple[StartNo, ...] = ()
    number: int | None = None
    extras: Extras = field(default_factory=_no_extras, hash=False)


@dataclass(frozen=True)
class Tournament:
    """One event (or one section of an event)."""

    name: str = ""
    players: tuple[Player, ...] = ()
    city: str = ""
    federation: str = ""
    start_date: DateText | None = None
    end_date: DateText | None = None
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    tournament_type: str = ""
    """Free-text type (TRF 092); do not parse it for logic."""
    pairing_system: str = ""
    """Encoded type (TRF-2026 192), e.g. ``FIDE_DUTCH_2025`` or ``FIDE_ROUNDROBIN``."""
    total_rounds: int | None = None
    round_dates: tuple[str, ...] = ()
    point_system: PointSystem = DEFAULT_POINTS
    tiebreaks: tuple[str, ...] = ()
    """Declared tie-breaks (TRF-2026 202), codes as written."""
    standings_order: tuple[str, ...] = ()
    """Declared standings definition (TRF-2026 212), e.g. ``("PTS", "BH/C1")``."""
    teams: tuple[Team, ...] = ()
    section: str = ""
    extras: Extras = field(default_factory=_no_extras, hash=False)

    @property
    def rounds(self) -> int:
        """Scheduled rounds if known, else the rounds present in the results."""
        present = max((len(p.results) for p in self.players), default=0)
        return max(self.total_rounds or 0, present)

    @property
    def rounds_played(self) -> int:
        """The last round in which any game or bye is recorded."""
        last = 0
        for p in self.players:
            for i, r in enumerate(p.results, 1):
                if r.outcome is not Outcome.NOT_PAIRED and i > last:
                    last = i
        return last

    @property
    def rounds_paired(self) -> int:
        """The last round that has been paired: a game (played or forfeited) or a pairing
        bye.  Columns after it are future rounds: byes and absences entered there ahead
        (TRF(x) ``0000 - H`` / ``0000 - Z`` in the next round's column) count neither in
        points nor in tie-breaks.  Without any paired round, :attr:`rounds_played`."""
        last = 0
        for p in self.players:
            for k in range(len(p.results), last, -1):
                outcome = p.results[k - 1].outcome
                if outcome.has_opponent or outcome is Outcome.PAIRING_BYE:
                    last = k
                    break
        return last or self.rounds_played

    def entered_ahead(self) -> tuple[tuple[int, StartNo, Outcome], ...]:
        """The byes and absences entered for rounds after :attr:`rounds_paired`, as
        ``(round, start_no, outcome)`` by round then start number: shown as entered ahead,
        counted nowhere."""
        paired = self.rounds_paired
        return tuple(sorted(
            (k, p.start_no, r.outcome) for p in self.players
            for k, r in enumerate(p.results[paired:], paired + 1)
            if r.outcome is not Outcome.NOT_PAIRED))

    def after_round(self, n: int) -> Tournament:
        """The event as it stood after round ``n``: every player's rounds 1 to ``n``, the
        adjustments given up to round ``n`` (those for the whole event only when ``n``
        reaches the last round), and no declared points or ranks (the file's are for its
        last round).  The scheduled number of rounds stays.  ``n`` at or past the last
        recorded round gives the event unchanged."""
        if n < 0:
            raise ValueError(f"round {n}: rounds are counted from 1")
        if n >= max((len(p.results) for p in self.players), default=0):
            return self
        players = []
        for p in self.players:
            adjustments = tuple(a for a in p.adjustments if a.round is not None and a.round <= n)
            players.append(replace(p, results=p.results[:n], adjustments=adjustments,
                                   declared_points=None, declared_rank=None))
        return replace(self, players=tuple(players))

    @property
    def says_team_event(self) -> bool:
        """True when the event says it is a team event: it has teams, or its pairing system
        is a team system (``FIDE_TEAM_BAKU``).  A player's team alone is a club: writers
        make it a team record only in such an event."""
        return bool(self.teams) or "TEAM" in self.pairing_system.upper()

    @property
    def is_round_robin(self) -> bool:
        return "ROUNDROBIN" in self.pairing_system.upper().replace("_", "").replace("-", "")

    def player(self, start_no: StartNo) -> Player:
        """The player with ``start_no``; raises ``KeyError`` if there is none."""
        for p in self.players:
            if p.start_no == start_no:
                return p
        raise KeyError(start_no)

    def by_start_no(self) -> dict[StartNo, Player]:
        return {p.start_no: p for p in self.players}
