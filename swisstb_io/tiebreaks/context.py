"""The per-tournament context every tie-break system reads: built once, then shared.

All points are held as integers in *units* of ``1 / ctx.unit`` (the common denominator of
the point system: 2 for 1-½-0), so the hot loops never touch :class:`~fractions.Fraction`;
``ctx.frac(units)`` turns a result back into an exact Fraction at the end.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from itertools import compress, count, repeat
from operator import not_
from typing import Any, TypeVar

from ..errors import TiebreakError
from ..model import NOT_PAIRED, Color, Outcome, Player, RoundResult, Tournament
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
    actual_play_rule: bool = True
    """US Chess 34E: inside a score group, a player who scored in actual play ranks ahead
    of one whose whole score came from unplayed games (chains holding a US Chess system).
    ``False`` ranks by points and the tie-breaks alone, as SwissSys 11 does."""


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

    The same per-cell data is also held whole-field, one list over every cell
    ``k = i * n_rounds + r`` (``flat_outcome``, ``flat_opp``, ``flat_pts``, ``flat_played``;
    ``unplayed_cells`` lists the cells without a game over the board), for systems that
    compute for the whole field in a few passes; ``color`` and ``wdl`` are built on first
    use.

    ``n_rounds`` is the number of rounds that count: the last round in which anything
    is recorded (a round nobody has played yet contributes nothing); ``scheduled`` is the
    section's number of rounds (TRF XXR/062 or the results present).
    """

    def __init__(self, tournament: Tournament, options: CalcOptions | None = None) -> None:
        self.tournament = tournament
        self.options = options or CalcOptions()
        self.explain = self.options.explain
        self.unit, points_u = tournament.point_system.units()
        self.win: int = points_u[Outcome.WIN]
        self.draw: int = points_u[Outcome.DRAW]
        self.start_nos: tuple[int, ...] = tuple(p.start_no for p in tournament.players)
        self.index: dict[int, int] = dict(zip(self.start_nos, range(len(self.start_nos)),
                                                    strict=True))
        if len(self.index) != len(self.start_nos):
            seen: set[int] = set()
            for sn in self.start_nos:
                if sn in seen:
                    raise TiebreakError(f"two players have start number {sn}")
                seen.add(sn)
        self.n_rounds: int = _rounds_that_count(tournament)
        self.scheduled: int = max(tournament.rounds, self.n_rounds)
        self.is_round_robin: bool = tournament.is_round_robin
        nr = self.n_rounds
        # Column-wise build: one flat list per quantity over every (player, round) cell,
        # cell ``k = i * n_rounds + r``, then sliced per player.  A few passes over the
        # whole field, mostly in C (map over dict lookups), cost much less than a handful
        # of comprehensions per player.
        cells: list[RoundResult] = []
        for p in tournament.players:
            res = p.results
            have = len(res)
            if have == nr:
                cells.extend(res)
            elif have > nr:
                cells.extend(res[:nr])
            else:
                cells.extend(res)
                cells.extend([NOT_PAIRED] * (nr - have))
        self._cells = cells
        outs = [c.outcome for c in cells]
        # Enum members hash in Python code; key the lookups on id() instead.
        ids = list(map(id, outs))
        info = {id(o): (points_u[o], o.played, not o.has_opponent) for o in Outcome}
        # one lookup per cell, then transposed in C: (points, played, no opponent) columns
        columns = zip(*map(info.__getitem__, ids), strict=True) if ids else ((), (), ())
        pts_t, played_t, no_opponent = columns
        lookup: dict[int | None, int] = dict(zip(self.start_nos, range(len(self.start_nos)),
                                                 strict=True))
        lookup[None] = -1
        opps = list(map(lookup.get, [c.opponent for c in cells], repeat(-2)))
        for k in compress(count(), no_opponent):
            opps[k] = -1  # an outcome without an opponent (bye, absence) has none
        if -2 in opps:
            k = opps.index(-2)
            raise TiebreakError(
                f"player {self.start_nos[k // nr]}, round {k % nr + 1}: opponent "
                f"{cells[k].opponent} is not in the tournament"
            )
        self.flat_outcome: list[Outcome] = outs
        """The outcomes of every cell in one list (cell ``i * n_rounds + r``); the other
        ``flat_*`` lists likewise: for systems that work on the whole field at once."""
        self.flat_opp: list[int] = opps
        self.flat_pts: list[int] = list(pts_t)
        self.flat_played: list[bool] = list(played_t)
        self._ids = ids
        starts = range(0, len(cells), nr) if nr else range(len(tournament.players))
        self._starts = starts
        self.outcome: list[list[Outcome]] = [outs[k:k + nr] for k in starts]
        self.opp: list[list[int]] = [opps[k:k + nr] for k in starts]
        self.pts: list[list[int]] = [self.flat_pts[k:k + nr] for k in starts]
        self.played: list[list[bool]] = [self.flat_played[k:k + nr] for k in starts]
        self.game_points: list[int] = list(map(sum, self.pts))
        self.points: list[int] = list(self.game_points)
        for i, p in enumerate(tournament.players):
            if p.adjustments:
                for adj in p.adjustments:
                    if adj.round is None or adj.round <= nr:
                        self.points[i] += _adjustment_units(p.start_no, adj.points, self.unit)
        self._cache: dict[str, Any] = {}
        self._fracs: dict[tuple[int, int], Fraction] = {}
        self._nums: dict[tuple[int, int], str] = {}
        self.decisions: dict[str, str] = {}
        """What systems decided for the whole event (e.g. ``fide_rules``), for reports."""
        self._ratings: dict[int | None, list[int | None]] = {}
        self._us_codes: list[list[str]] | None = None

    @functools.cached_property
    def unplayed_cells(self) -> list[int]:
        """The cells (``i * n_rounds + r``) without a game played over the board, in order."""
        return list(compress(count(), map(not_, self.flat_played)))

    @functools.cached_property
    def color(self) -> list[list[Color]]:
        """``color[i][r]``: the colour of every player and round (built on first use)."""
        nr = self.n_rounds
        cols = [c.color for c in self._cells]
        return [cols[k:k + nr] for k in self._starts]

    @functools.cached_property
    def wdl(self) -> list[list[int]]:
        """``wdl[i][r]``: 1 / 0 / -1 for an over-the-board win / draw / loss, 0 when not
        played (built on first use)."""
        nr = self.n_rounds
        by_id = {id(o): 1 if o in _WINS else -1 if o in _LOSSES else 0 for o in Outcome}
        flat = list(map(by_id.__getitem__, self._ids))
        return [flat[k:k + nr] for k in self._starts]

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
            lambda: "USCF" if any(map(_uscf_rating, self.tournament.players)) else "FIDE",
        )

    def ratings(self, unrated: int | None = None) -> list[int | None]:
        """Rating per player index; unrated players (no rating or 0) get ``unrated``
        (default: :attr:`CalcOptions.unrated_rating`), else ``None``."""
        if unrated is None:
            unrated = self.options.unrated_rating
        cached = self._ratings.get(unrated)
        if cached is None:
            system = self.rating_list
            players = self.tournament.players
            if system == "FIDE":  # what Player.rating("FIDE") gives, without the call
                values = [p.fide_rating for p in players]
            else:
                values = [p.rating(system) for p in players]
            cached = [value if value else unrated for value in values]
            self._ratings[unrated] = cached
        return cached


def _uscf_rating(p: Player) -> int | None:
    """``p.rating("USCF")``: the first USCF rating, if any (most players have no rating
    outside the FIDE one, so this is a loop over nothing)."""
    for r in p.ratings:
        if r.system.upper() == "USCF":
            return r.value
    return None


def _rounds_that_count(t: Tournament) -> int:
    """The last round that has been paired: a game (played or forfeited) or a pairing bye.

    Requested byes and absences entered ahead for later rounds (TRF(x) ``0000 - Z`` /
    ``0000 - H`` in the next round's column) do not make a round count; without any paired
    round, every recorded round counts.
    """
    last = 0
    paired = _PAIRED_IDS
    for p in t.players:
        results = p.results
        for k in range(len(results), last, -1):
            if id(results[k - 1].outcome) in paired:
                last = k
                break
    return last or t.rounds_played


_PAIRED_IDS = frozenset(id(o) for o in Outcome if o.has_opponent or o is Outcome.PAIRING_BYE)
"""The outcomes that make a round count (by ``id``: an Enum member hashes in Python code)."""


def _adjustment_units(start_no: int, value: Fraction, unit: int) -> int:
    scaled = Fraction(value) * unit
    if scaled.denominator != 1:
        raise TiebreakError(
            f"player {start_no}: adjustment of {value} points is not a multiple of "
            f"1/{unit} point, the smallest step of the point system"
        )
    return scaled.numerator

