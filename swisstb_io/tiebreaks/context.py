"""The per-tournament context every tie-break system reads: built once, then shared.

All points are held as integers in *units* of ``1 / ctx.unit`` (the common denominator of
the point system: 2 for 1-½-0), so the hot loops never touch :class:`~fractions.Fraction`;
``ctx.frac(units)`` turns a result back into an exact Fraction at the end.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any, TypeVar

from ..errors import TiebreakError
from ..model import Color, Outcome, Tournament
from .core import num

T = TypeVar("T")

#: US wall-chart letters for each outcome (``W12``, ``X``, ``B``…; §1.1 of the US notes).
US_LETTER: dict[Outcome, str] = {
    Outcome.WIN: "W",
    Outcome.DRAW: "D",
    Outcome.LOSS: "L",
    Outcome.WIN_UNRATED: "W",
    Outcome.DRAW_UNRATED: "D",
    Outcome.LOSS_UNRATED: "L",
    Outcome.INCONSISTENT_WIN: "W",
    Outcome.INCONSISTENT_DRAW: "D",
    Outcome.INCONSISTENT_LOSS: "L",
    Outcome.FORFEIT_WIN: "X",
    Outcome.FORFEIT_LOSS: "F",
    Outcome.FORFEIT_DRAW: "Z",
    Outcome.DOUBLE_FORFEIT: "F",
    Outcome.PAIRING_BYE: "B",
    Outcome.FULL_BYE: "B",
    Outcome.HALF_BYE: "H",
    Outcome.ZERO_BYE: "U",
    Outcome.NOT_PAIRED: "U",
}

_WINS = frozenset({Outcome.WIN, Outcome.WIN_UNRATED, Outcome.INCONSISTENT_WIN})
_LOSSES = frozenset({Outcome.LOSS, Outcome.LOSS_UNRATED, Outcome.INCONSISTENT_LOSS})


@dataclass(frozen=True)
class CalcOptions:
    """Settings that apply to every system of one computation."""

    rating: str = "auto"
    """Rating list for rating-based systems: ``"auto"`` (USCF if any player has a USCF
    rating, else FIDE), ``"USCF"``, ``"FIDE"`` or another list name."""
    unrated_rating: int | None = None
    """Rating given to unrated players (a spec's ``/U<rating>`` overrides it)."""
    explain: bool = False
    """Build an :class:`~swisstb_io.tiebreaks.core.Explanation` for every value."""
    playoff: tuple[int, ...] = ()
    """34E12: start numbers in play-off order (best first), used only inside tied groups."""
    lot_seed: int | None = None
    """34E13: seed of the lot that orders players still tied after everything else."""
    fide_rules: str | None = None
    """FIDE C.07 edition (``"2024"``, ``"2026"``, ``"2009"`` = pre-2023 virtual opponent);
    ``None``: from the start date (2026 rules from 1 March 2026)."""
    system: str | None = None
    """``"swiss"`` or ``"round-robin"`` (how FIDE counts unplayed games); ``None``: the
    TRF-2026 192 record, else Swiss.  Never guessed from the player count."""


class Context:
    """Everything the systems need about one tournament, precomputed once.

    Players are addressed by a dense index ``i`` (``ctx.start_nos[i]`` is the start
    number); rounds by ``r`` from 0 to ``ctx.n_rounds - 1``.  Per player and round:

    * ``outcome[i][r]`` (:class:`Outcome`), ``color[i][r]`` (:class:`Color`),
    * ``opp[i][r]``: the opponent's index, ``-1`` when there is none (byes, absences),
      also set for forfeits (the scheduled opponent),
    * ``played[i][r]``: a game was played over the board; ``wdl[i][r]``: 1 / 0 / -1 for an
      over-the-board win / draw / loss (0 when not played),
    * ``pts[i][r]``: points in units; ``points[i]``: the total in units over the rounds
      that count (a bye entered ahead for a round not yet paired is not counted), plus the
      player's :attr:`~swisstb_io.model.Player.adjustments` (bonus / penalty points: those
      for the whole event and those for a round that counts); ``game_points[i]``: the same
      total without the adjustments.

    Adjustments enter the player's own score only: PTS, the standings, and systems that
    look at the player's own total (US Chess 34E1 plus/even/minus score).  Systems that use
    *the opponent's* score (Buchholz, Sonneborn-Berger, opponents' average…) use the
    opponents' game results only (``pts`` / ``game_points``), since the rules define them on
    the games played; a bonus given to an opponent does not change one's tie-break.
    An adjustment must be a whole number of units (for 1-½-0: a multiple of ½).

    ``n_rounds`` is the number of rounds that count: the last round in which anything
    is recorded (a round nobody has played yet contributes nothing); ``scheduled`` is the
    section's number of rounds (TRF XXR/062 or the results present).
    """

    def __init__(self, tournament: Tournament, options: CalcOptions | None = None) -> None:
        self.tournament = tournament
        self.options = options or CalcOptions()
        self.explain = self.options.explain
        ps = tournament.point_system
        values = [getattr(ps, f.name) for f in fields(ps)]
        self.unit: int = math.lcm(*(Fraction(v).denominator for v in values))
        unit = self.unit
        points_u = {o: _units(ps.points(o), unit) for o in Outcome}
        self.win: int = _units(ps.win, unit)
        self.draw: int = _units(ps.draw, unit)
        self.start_nos: tuple[int, ...] = tuple(p.start_no for p in tournament.players)
        self.index: dict[int, int] = {}
        for i, sn in enumerate(self.start_nos):
            if sn in self.index:
                raise TiebreakError(f"two players have start number {sn}")
            self.index[sn] = i
        self.n_rounds: int = _rounds_that_count(tournament)
        self.scheduled: int = max(tournament.rounds, self.n_rounds)
        self.is_round_robin: bool = tournament.is_round_robin
        nr = self.n_rounds
        index = self.index
        self.outcome: list[list[Outcome]] = []
        self.color: list[list[Color]] = []
        self.opp: list[list[int]] = []
        self.played: list[list[bool]] = []
        self.pts: list[list[int]] = []
        self.points: list[int] = []
        self.game_points: list[int] = []
        self.wdl: list[list[int]] = []
        not_paired = Outcome.NOT_PAIRED
        # Enum members hash in Python code; key the hot lookups on id() instead.
        info = {
            id(o): (points_u[o], o.has_opponent, o.played,
                    1 if o in _WINS else -1 if o in _LOSSES else 0)
            for o in Outcome
        }
        for p in tournament.players:
            res = p.results[:nr]
            rows = [info[id(r.outcome)] for r in res]
            outs = [r.outcome for r in res]
            opps = [
                index.get(r.opponent, -2) if r.opponent is not None and row[1] else -1
                for r, row in zip(res, rows, strict=True)
            ]
            if -2 in opps:
                rno = opps.index(-2)
                raise TiebreakError(
                    f"player {p.start_no}, round {rno + 1}: opponent {res[rno].opponent} "
                    "is not in the tournament"
                )
            cols = [r.color for r in res]
            pts = [row[0] for row in rows]
            played = [row[2] for row in rows]
            wdl = [row[3] for row in rows]
            if len(res) < nr:
                pad = nr - len(res)
                outs += [not_paired] * pad
                opps += [-1] * pad
                cols += [Color.NONE] * pad
                pts += [points_u[not_paired]] * pad
                played += [False] * pad
                wdl += [0] * pad
            self.outcome.append(outs)
            self.opp.append(opps)
            self.color.append(cols)
            self.played.append(played)
            self.pts.append(pts)
            self.wdl.append(wdl)
            total = sum(pts)
            self.game_points.append(total)
            for adj in p.adjustments:
                if adj.round is None or adj.round <= nr:
                    total += _adjustment_units(p.start_no, adj.points, unit)
            self.points.append(total)
        self._cache: dict[str, Any] = {}
        self._fracs: dict[tuple[int, int], Fraction] = {}
        self._nums: dict[tuple[int, int], str] = {}
        self.decisions: dict[str, str] = {}
        """What systems decided for the whole event (e.g. ``fide_rules``), for reports."""
        self._ratings: dict[int | None, list[int | None]] = {}
        self._us_codes: list[list[str]] | None = None

    # ------------------------------------------------------------------ helpers

    def __len__(self) -> int:
        return len(self.start_nos)

    def frac(self, units: int, scale: int = 1) -> Fraction:
        """``units / (unit * scale)`` as an exact Fraction (cached: values repeat a lot)."""
        key = (units, scale)
        value = self._fracs.get(key)
        if value is None:
            value = self._fracs[key] = Fraction(units, self.unit * scale)
        return value

    def num_text(self, units: int, scale: int = 1) -> str:
        """:func:`~swisstb_io.tiebreaks.core.num` of ``frac(units, scale)`` (cached), for notes."""
        key = (units, scale)
        text = self._nums.get(key)
        if text is None:
            text = self._nums[key] = num(self.frac(units, scale))
        return text

    def memo(self, key: str, build: Callable[[], T]) -> T:
        """Compute ``build()`` once per context and share it between systems."""
        try:
            return self._cache[key]  # type: ignore[no-any-return]
        except KeyError:
            value = self._cache[key] = build()
            return value

    def is_win(self, i: int, r: int) -> bool:
        """An over-the-board win."""
        return self.wdl[i][r] == 1

    def is_loss(self, i: int, r: int) -> bool:
        """An over-the-board loss."""
        return self.wdl[i][r] == -1

    def us_code(self, i: int, r: int) -> str:
        """The wall-chart cell: ``W12``, ``D3``, ``X7``, ``F4``, ``B``, ``H``, ``U``."""
        return self.us_codes()[i][r]

    def us_codes(self) -> list[list[str]]:
        """Every wall-chart cell, ``[i][r]``: built once, shared by explanations and reports."""
        table = self._us_codes
        if table is None:
            letters = {id(o): letter for o, letter in US_LETTER.items()}
            sno = [str(s) for s in self.start_nos]
            table = self._us_codes = [
                [letters[id(o)] + sno[j] if j >= 0 else letters[id(o)]
                 for o, j in zip(outs, opps, strict=True)]
                for outs, opps in zip(self.outcome, self.opp, strict=True)
            ]
        return table

    @property
    def rating_list(self) -> str:
        """The rating list in use (see :attr:`CalcOptions.rating`)."""
        chosen = self.options.rating.upper()
        if chosen != "AUTO":
            return chosen
        return self.memo(
            "rating_list",
            lambda: "USCF"
            if any(p.rating("USCF") for p in self.tournament.players)
            else "FIDE",
        )

    def ratings(self, unrated: int | None = None) -> list[int | None]:
        """Rating per player index; unrated players (no rating or 0) get ``unrated``
        (default: :attr:`CalcOptions.unrated_rating`), else ``None``."""
        if unrated is None:
            unrated = self.options.unrated_rating
        cached = self._ratings.get(unrated)
        if cached is None:
            system = self.rating_list
            cached = []
            for p in self.tournament.players:
                value = p.rating(system)
                cached.append(value if value else unrated)
            self._ratings[unrated] = cached
        return cached


def _rounds_that_count(t: Tournament) -> int:
    """The last round that has been paired: a game (played or forfeited) or a pairing bye.

    Requested byes and absences entered ahead for later rounds (TRF(x) ``0000 - Z`` /
    ``0000 - H`` in the next round's column) do not make a round count; without any paired
    round, every recorded round counts.
    """
    last = 0
    pab = Outcome.PAIRING_BYE
    for p in t.players:
        for k in range(len(p.results), last, -1):
            o = p.results[k - 1].outcome
            if o.has_opponent or o is pab:
                last = k
                break
    return last or t.rounds_played


def _adjustment_units(start_no: int, value: Fraction, unit: int) -> int:
    scaled = Fraction(value) * unit
    if scaled.denominator != 1:
        raise TiebreakError(
            f"player {start_no}: adjustment of {value} points is not a multiple of "
            f"1/{unit} point, the smallest step of the point system"
        )
    return scaled.numerator


def _units(value: Fraction, unit: int) -> int:
    scaled = Fraction(value) * unit
    if scaled.denominator != 1:  # pragma: no cover - unit is the lcm of all denominators
        raise TiebreakError(f"point value {value} does not fit the unit 1/{unit}")
    return scaled.numerator
