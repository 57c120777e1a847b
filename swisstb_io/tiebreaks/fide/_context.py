"""Per-tournament precomputation shared by every FIDE tie-break.

:class:`FideContext` turns the model into flat per-player, per-round arrays once
(O(players x rounds)): points in integer *units* (``unit`` units make one point, so
every sum is exact integer arithmetic), opponent indices, the played/VUR flags of
C.07 §16.1, and the choice of rule edition and of Swiss versus round robin.  The
tie-breaks read these arrays and make ``Fraction`` values only at the end.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import chain, compress, count
from operator import not_
from typing import TypeVar

from ...errors import TiebreakError
from ...model import Color, Outcome, Player, Tournament
from ._types import Part

T = TypeVar("T")

EDITIONS = ("2009", "2024", "2026")
"""``2009``: pre-2023 virtual opponent (§A.7); ``2024``: 2023/2024 text; ``2026``: revision."""

START_2026 = _dt.date(2026, 3, 1)
"""The 2026 revision applies to events starting on or after 1 March 2026 (§A.0)."""

_NOT_VUR = frozenset({Outcome.FORFEIT_WIN, Outcome.PAIRING_BYE, Outcome.FULL_BYE})
_NOT_VUR_IDS = frozenset(id(o) for o in _NOT_VUR)
_PLAYED_IDS = frozenset(id(o) for o in Outcome if o.played)
_BLACK = Color.BLACK


@dataclass(frozen=True)
class FideOptions:
    """Choices the file cannot make for us.

    ``edition`` forces the rule edition (``"2024"``, ``"2026"`` or ``"2009"``) instead of the
    start-date rule; ``system`` (``"swiss"``/``"round-robin"``) says how unplayed games
    count when the file has no TRF-2026 192 record; ``unrated`` is the rating given to
    unrated players for the rating tie-breaks; ``rating_list`` the list they come from.
    """

    edition: str | None = None
    system: str | None = None
    unrated: int | None = None
    rating_list: str = "FIDE"
    explain: bool = True
    """Build the per-round parts and notes (the slow part); values do not depend on it."""
    future_rounds: str = "skip"
    """Rounds after the last paired one (:attr:`Tournament.rounds_paired`) of a mid-event
    file: ``"skip"`` (default: n is the rounds completed, as the rules digest says) or
    ``"unplayed"`` (up to the scheduled rounds, each an unplayed round, as FIDE's
    TieBreakServer counts a file's XXR/142)."""

    def __post_init__(self) -> None:
        if self.future_rounds not in ("skip", "unplayed"):
            raise TiebreakError(f"unknown future_rounds {self.future_rounds!r} "
                                "(use skip or unplayed)")
        if self.edition is not None and self.edition not in EDITIONS:
            raise TiebreakError(
                f"unknown FIDE rule edition {self.edition!r} (use 2024, 2026 or 2009)"
            )
        if self.system is not None and self.system not in ("swiss", "round-robin"):
            raise TiebreakError(f"unknown system {self.system!r} (use swiss or round-robin)")


def choose_edition(t: Tournament, override: str | None) -> tuple[str, str]:
    """The rule edition and a sentence saying why (never today's date, §A.0)."""
    if override is not None:
        if override not in EDITIONS:
            raise TiebreakError(f"unknown FIDE rule edition {override!r} (use 2024, 2026 or 2009)")
        return override, f"FIDE C.07 {override} rules, as requested"
    start = t.start_date.value if t.start_date is not None else None
    if start is None:
        text = t.start_date.text if t.start_date is not None else ""
        why = f"start date {text!r} could not be read" if text else "no start date in the file"
        return "2026", f"FIDE C.07 2026 rules (the rules in force): {why}; use --fide-rules"
    if start >= START_2026:
        return "2026", (f"FIDE C.07 2026 rules: event started {start.isoformat()} "
                        "(on or after 2026-03-01)")
    return "2024", (f"FIDE C.07 2024 rules: event started {start.isoformat()} "
                    "(before 2026-03-01)")


def choose_system(t: Tournament, option: str | None) -> tuple[bool, str]:
    """(round robin?, why): the TRF-2026 192 record, else the ``system`` option, else Swiss.

    Never guessed from the player count or the free-text event type.
    """
    if t.pairing_system:
        rr = t.is_round_robin
        why = f"{'round robin' if rr else 'Swiss'} (pairing system {t.pairing_system!r})"
        if option is not None and (option == "round-robin") != rr:
            why += f"; the {option} option does not override what the file says"
        return rr, why
    if option is not None:
        return option == "round-robin", f"{option}, as requested"
    return False, "Swiss (default; the file does not say; use --system round-robin)"


@dataclass
class FideContext:
    """Flat arrays over players (index ``i``, in start-number order) and rounds (``r``, 0-based)."""

    tournament: Tournament
    edition: str
    edition_reason: str
    round_robin: bool
    system_reason: str
    unrated: int | None
    rounds: int
    unit: int
    win: int
    draw: int
    loss: int
    start_nos: list[int]
    index: dict[int, int]
    outcome: Sequence[Sequence[Outcome]]
    pts: Sequence[Sequence[int]]
    opp: Sequence[Sequence[int]]
    played: Sequence[Sequence[bool]]
    black: Sequence[Sequence[bool]]
    vur: list[list[bool]]
    total: list[int]
    lna: list[int]
    """Last round (1-based) that was not a VUR; 0 if every round was one (16.2.5)."""
    rating: list[int | None]
    explain: bool = True
    cache: dict[object, object] = field(default_factory=dict)
    flat_opp: Sequence[int] = field(default_factory=list, repr=False)
    """``opp`` of every cell in one list, cell ``i * rounds + r``; likewise ``flat_pts``,
    ``flat_played``: for the computations that run over the whole field at once."""
    flat_pts: Sequence[int] = field(default_factory=list, repr=False)
    flat_played: Sequence[bool] = field(default_factory=list, repr=False)
    flat_vur: list[bool] = field(default_factory=list, repr=False)
    codes: list[list[str]] | None = field(default=None, repr=False)
    """``codes[i][r]``: the round in US wall-chart notation (``W12``, ``H``, ``U``), for the
    explanation rows; built on first use unless the calculator core hands over its own."""
    _fracs: dict[tuple[int, int], Fraction] = field(default_factory=dict, repr=False)
    _texts: dict[int, str] = field(default_factory=dict, repr=False)

    @property
    def n(self) -> int:
        return len(self.start_nos)

    def per_player(self, key: object, i: int, build: Callable[[], T]) -> T:
        """``build()`` for player ``i``, remembered under ``key`` for this context (tables
        shared by the systems that need them, e.g. ``BH`` and ``BH/C1``)."""
        table = self.cache.get(key)
        if table is None:
            table = self.cache[key] = [None] * self.n
        assert isinstance(table, list)
        value = table[i]
        if value is None:
            value = table[i] = build()
        return value  # type: ignore[no-any-return]

    def result_codes(self) -> list[list[str]]:
        """:attr:`codes`, built from the outcomes and opponents when not given."""
        if self.codes is None:
            from ..context import US_LETTER  # the calculator's notation, loaded on first use

            letters = {id(o): letter for o, letter in US_LETTER.items()}
            sno = [str(s) for s in self.start_nos]
            self.codes = [[letters[id(o)] + sno[j] if j >= 0 else letters[id(o)]
                           for o, j in zip(outs, opps, strict=True)]
                          for outs, opps in zip(self.outcome, self.opp, strict=True)]
        return self.codes

    def part(self, i: int, rnd: int, value: Fraction, note: str, opponent: int | None = None,
             cut: str = "") -> Part:
        """The explanation row of player ``i``'s round ``rnd`` (1-based)."""
        code = self.result_codes()[i][rnd - 1] if 0 < rnd <= self.rounds else "U"
        return Part(rnd, code, opponent, value, note, cut)

    def frac(self, units: int, power: int = 1) -> Fraction:
        """``units / unit**power`` (cached: the same few values recur in every round)."""
        key = (units, power)
        value = self._fracs.get(key)
        if value is None:
            value = self._fracs[key] = Fraction(units, self.unit**power)
        return value

    def pts_text(self, units: int) -> str:
        """``units`` as points for notes: ``"3"``, ``"3.5"`` (cached per value)."""
        text = self._texts.get(units)
        if text is None:
            f = Fraction(units, self.unit)
            text = self._texts[units] = str(f.numerator) if f.denominator == 1 else _dec(f)
        return text


def _dec(f: Fraction) -> str:
    # exact decimal text for halves/quarters; otherwise a fraction
    for d in (1, 2, 3):
        if (f * 10**d).denominator == 1:
            s = f"{f.numerator * 10**d // f.denominator:0{d + 1}d}"
            return s[:-d] + "." + s[-d:]
    return str(f)


def build_context(
    t: Tournament, options: FideOptions | None = None, core: CoreArrays | None = None,
    flat: FlatArrays | None = None,
) -> FideContext:
    """Precompute everything the FIDE tie-breaks need, in one pass over the results.

    ``core`` lets the calculator core hand over the arrays it already built (player order,
    outcomes, opponents, points in the same units); they are padded to the scheduled rounds.
    ``flat`` may add the same opponents and points as whole-field lists (cell
    ``i * rounds + r``) and which games were played over the board; it is used only when
    no row needs padding.
    """
    options = options or FideOptions()
    edition, edition_reason = choose_edition(t, options.edition)
    rr, system_reason = choose_system(t, options.system)
    unit, per_outcome = t.point_system.units()
    rounds = t.rounds if options.future_rounds == "unplayed" else t.rounds_paired
    if core is None:
        core = _arrays(t, per_outcome)
    start_nos, outcome_rows, opp_rows, color_rows, pts_rows = core
    index = {s: i for i, s in enumerate(start_nos)}
    pad_points = per_outcome[Outcome.NOT_PAIRED]
    outcome, opp, colors, pts = list(outcome_rows), list(opp_rows), list(color_rows), \
        list(pts_rows)
    for i, oc_row in enumerate(outcome_rows):
        have = len(oc_row)
        if have != rounds:
            flat = None
            extra = rounds - have
            outcome[i] = list(oc_row[:rounds]) + [Outcome.NOT_PAIRED] * extra
            opp[i] = list(opp_rows[i][:rounds]) + [-1] * extra
            colors[i] = list(color_rows[i][:rounds]) + [Color.NONE] * extra
            pts[i] = list(pts_rows[i][:rounds]) + [pad_points] * extra
    # Whole-field lists (cell i * rounds + r), then sliced per player: a few passes over
    # every cell instead of several per player.
    if flat is not None:
        f_opp, f_pts, f_played = flat
        if -1 in compress(f_opp, f_played):  # a game without an opponent is not played
            f_played = [pl and o >= 0 for pl, o in zip(f_played, f_opp, strict=True)]
    else:
        f_opp = list(chain.from_iterable(opp))
        f_pts = list(chain.from_iterable(pts))
        ids = [id(oc) for oc in chain.from_iterable(outcome)]  # Enum.__hash__ is slow
        f_played = [k in _PLAYED_IDS and o >= 0 for k, o in zip(ids, f_opp, strict=True)]
    unplayed = list(compress(count(), map(not_, f_played)))
    f_vur = [False] * len(f_played)
    black_ = _BLACK
    f_black = [c is black_ for c in chain.from_iterable(colors)]
    for k in unplayed:  # only a round without a game can be a VUR (16.1.2)
        f_vur[k] = id(outcome[k // rounds][k % rounds]) not in _NOT_VUR_IDS
        f_black[k] = False
    starts = range(0, len(f_opp), rounds) if rounds else range(len(start_nos))
    played = [f_played[k:k + rounds] for k in starts]
    vur = [f_vur[k:k + rounds] for k in starts]
    black = [f_black[k:k + rounds] for k in starts]
    total = list(map(sum, pts))
    lna = [rounds if not row[-1] else _last_not_vur(row) for row in vur] if rounds else \
        [0] * len(start_nos)
    rating_list = options.rating_list.upper()
    by_sno = {p.start_no: p for p in t.players}
    rating = [_rating(by_sno[s], rating_list) for s in start_nos]
    return FideContext(
        tournament=t, edition=edition, edition_reason=edition_reason, round_robin=rr,
        system_reason=system_reason, unrated=options.unrated, rounds=rounds, unit=unit,
        win=per_outcome[Outcome.WIN], draw=per_outcome[Outcome.DRAW],
        loss=per_outcome[Outcome.LOSS],
        start_nos=list(start_nos),
        index=index, outcome=outcome, pts=pts, opp=opp, played=played, black=black, vur=vur,
        total=total, lna=lna, rating=rating, explain=options.explain,
        flat_opp=f_opp, flat_pts=f_pts, flat_played=f_played, flat_vur=f_vur,
        cache={("special cells", False, False): unplayed},
    )


def _last_not_vur(row: list[bool]) -> int:
    """The last round (1-based) that is not a VUR, 0 if none (16.2.5)."""
    for r in range(len(row) - 1, -1, -1):
        if not row[r]:
            return r + 1
    return 0


FlatArrays = tuple[Sequence[int], Sequence[int], Sequence[bool]]
"""(opponent index, points in units, played over the board) of every cell, whole field."""

CoreArrays = tuple[
    Sequence[int], Sequence[Sequence[Outcome]], Sequence[Sequence[int]],
    Sequence[Sequence[Color]], Sequence[Sequence[int]],
]
"""(start numbers, outcome rows, opponent-index rows, colour rows, points rows in units)."""


def _rating(p: Player, rating_list: str) -> int | None:
    value = p.fide_rating if rating_list == "FIDE" else p.rating(rating_list)
    return value if value else None


def _arrays(t: Tournament, per_outcome: Mapping[Outcome, int]) -> CoreArrays:
    players = sorted(t.players, key=lambda p: p.start_no)
    index = {p.start_no: i for i, p in enumerate(players)}
    outs, opps, cols, pts = [], [], [], []
    for p in players:
        outs.append([r.outcome for r in p.results])
        opps.append([index.get(r.opponent, -1) if r.opponent is not None
                     and r.outcome.has_opponent else -1 for r in p.results])
        cols.append([r.color for r in p.results])
        pts.append([per_outcome[r.outcome] for r in p.results])
    return [p.start_no for p in players], outs, opps, cols, pts
