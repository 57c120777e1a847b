"""The per-tournament context every tie-break system reads: built once, then shared.

All points are held as integers in *units* of ``1 / ctx.unit`` (the common denominator of
the point system: 2 for 1-½-0), so the systems sum integers; ``ctx.frac(units)`` turns a
result back into an exact :class:`~fractions.Fraction` at the end.
"""

from __future__ import annotations

import datetime as _dt
import functools
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from ..errors import TiebreakError
from ..model import Color, Outcome, Player, Tournament
from ..pairing_systems import pairing_system_name
from ..us_notation import STANDINGS_CODE
from .table import ScoreTable
from .values import ExplainRow, format_fixed, num

if TYPE_CHECKING:
    from .registry import System
    from .spec import Spec

T = TypeVar("T")

US_LETTER = STANDINGS_CODE
"""US wall-chart letters for each outcome (``W12``, ``X``, ``B``…; §1.1 of the US notes):
the standings' column of the one US-notation table."""

_WDL: dict[Outcome, int] = {
    Outcome.WIN: 1, Outcome.WIN_UNRATED: 1, Outcome.INCONSISTENT_WIN: 1,
    Outcome.LOSS: -1, Outcome.LOSS_UNRATED: -1, Outcome.INCONSISTENT_LOSS: -1,
}
FIDE_EDITIONS = ("2009", "2024", "2026")
"""``2009``: pre-2023 virtual opponent (§A.7); ``2024``: 2023/2024 text; ``2026``: revision."""

START_2026 = _dt.date(2026, 3, 1)
"""The 2026 revision of C.07 applies to events starting on or after 1 March 2026 (§A.0)."""


@dataclass(frozen=True)
class CalcOptions:
    """Settings that apply to every system of one computation."""

    rating: str = "auto"
    """Rating list for rating-based systems: ``"auto"`` (USCF if any player has a USCF
    rating, else FIDE; FIDE systems: FIDE), ``"USCF"``, ``"FIDE"`` or another list name."""
    unrated_rating: int | None = None
    """Rating given to unrated players (a spec's ``/U<rating>`` overrides it)."""
    explain: bool = False
    """Build an :class:`~swisstb_io.tiebreaks.Explanation` for every value."""
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
    future_rounds: str = "skip"
    """FIDE systems on a mid-event file: ``"skip"`` (default) counts the rounds paired so
    far (:attr:`~swisstb_io.model.Tournament.rounds_paired`, as the rules digest says);
    ``"unplayed"`` counts every scheduled round, those not paired yet as unplayed rounds,
    as FIDE's TieBreakServer counts a file's XXR/142."""
    actual_play_rule: bool = True
    """US Chess 34E: inside a score group, a player who scored in actual play ranks ahead
    of one whose whole score came from unplayed games (chains holding a US Chess system).
    ``False`` ranks by points and the tie-breaks alone, as SwissSys 11 does."""


class Scoring(NamedTuple):
    """A competitor score that is not the tournament's point system: per competitor and
    round, the points in units of ``1 / unit`` (a team's match or game points), with the
    values of a win and a draw that the rules use (16.3.2, 16.4.2, DE maxima, WIN)."""

    unit: int
    win: int
    draw: int
    loss: int
    cells: tuple[tuple[int, ...], ...]
    """``cells[i][r]``: competitor ``i``'s points in round ``r`` (0-based), in units."""


class FideRules(NamedTuple):
    """The FIDE C.07 choices a computation is made under, each with the reason for it.  The
    reasons are the event's (``decisions['fide_rules_reason']`` and
    ``['fide_system_reason']``, which a report prints once): an explanation never repeats
    them."""

    edition: str
    edition_reason: str
    round_robin: bool
    system_reason: str

    def rule_text(self, system: System, summary: str | None = None) -> str:
        """The explanation's rule line: article, name, edition and what the rule does."""
        what = system.summary if summary is None else summary
        return f"{system.rule} {system.name} ({self.edition} rules): {what}"

    @staticmethod
    def exact_note(system: System, exact: Fraction) -> str:
        """The note of a value the rule rounds (ARO, AOB, APRO…)."""
        return (f"exact value {exact} = {format_fixed(exact, 4)}..., rounded half up as "
                f"{system.rule} says")


class Context:
    """Everything the systems need about one tournament, precomputed once.

    Competitors are addressed by a dense index ``i`` (``ctx.start_nos[i]`` is the start
    number); rounds by ``r`` from 0 to ``ctx.n_rounds - 1``.  ``ctx.table`` is the
    :class:`~.table.ScoreTable` over the rounds that count: up to the last round in which
    anything is paired (:attr:`~swisstb_io.model.Tournament.rounds_paired`; a bye entered
    ahead for a round nobody has played yet does not make it count).  ``ctx.fide_table``
    is the table the FIDE systems read: the same, unless
    :attr:`CalcOptions.future_rounds` asks for every ``scheduled`` round.

    Per competitor and round (rows of ``ctx.table``): ``outcome[i][r]``, ``color[i][r]``,
    ``opp[i][r]`` (index, ``-1`` for none), ``played[i][r]``, ``wdl[i][r]`` (1 / 0 / -1
    for an over-the-board win / draw / loss), ``pts[i][r]`` (units); the whole-field lists
    ``flat_outcome``, ``flat_opp``, ``flat_pts``, ``flat_played`` and ``unplayed_cells``.

    ``points[i]`` is the total in units over the rounds that count plus the player's
    :attr:`~swisstb_io.model.Player.adjustments` (bonus / penalty points: those for the
    whole event and those for a round that counts); ``game_points[i]`` the same without
    them.  Adjustments enter the player's own score only (PTS, the standings, and systems
    that look at the player's own total such as the 34E1 plus/minus score); systems that
    use *the opponents'* scores use their game results only.  An adjustment must be a
    whole number of units (for 1-½-0: a multiple of ½).
    """

    def __init__(self, tournament: Tournament, options: CalcOptions | None = None,
                 scoring: Scoring | None = None) -> None:
        self.tournament = tournament
        self.options = options or CalcOptions()
        self.explain = self.options.explain
        self.unit, self.points_of = tournament.point_system.units()
        self.win: int = self.points_of[Outcome.WIN]
        self.draw: int = self.points_of[Outcome.DRAW]
        self.loss: int = self.points_of[Outcome.LOSS]
        self.scoring = scoring
        """Per-cell points given by the caller (a team score), ``None``: the point system."""
        cells = None
        if scoring is not None:
            self.unit, self.win, self.draw, self.loss = (scoring.unit, scoring.win,
                                                         scoring.draw, scoring.loss)
            cells = scoring.cells
        self._cells = cells
        self._competitors = [(p.start_no, p.results) for p in tournament.players]
        self.n_rounds: int = tournament.rounds_paired
        self.scheduled: int = max(tournament.rounds, self.n_rounds)
        self.is_round_robin: bool = tournament.is_round_robin
        self.table = ScoreTable(self._competitors, self.n_rounds, self.points_of, cells)
        table = self.table
        self.start_nos: tuple[int, ...] = table.start_nos
        self.index: dict[int, int] = table.index
        self.flat_outcome: list[Outcome] = table.outcome
        self.flat_opp: list[int] = table.opp
        self.flat_pts: list[int] = table.pts
        self.flat_played: list[bool] = table.played
        self.unplayed_cells: list[int] = table.unplayed
        self.outcome: list[list[Outcome]] = table.rows(table.outcome)
        self.opp: list[list[int]] = table.rows(table.opp)
        self.pts: list[list[int]] = table.rows(table.pts)
        self.played: list[list[bool]] = table.rows(table.played)
        self.game_points: list[int] = list(table.totals)
        self.points: list[int] = list(self.game_points)
        for i, p in enumerate(tournament.players):
            for adj in p.adjustments:
                if adj.round is None or adj.round <= self.n_rounds:
                    self.points[i] += _adjustment_units(p.start_no, adj.points, self.unit)
        self._cache: dict[tuple[Hashable, ...], Any] = {}
        self._fracs: dict[tuple[int, int], Fraction] = {}
        self._num_texts: dict[tuple[int, int], str] = {}
        self._result_codes: dict[int, list[list[str]]] = {}
        self.decisions: dict[str, str] = {}
        """What systems decided for the whole event (e.g. ``fide_rules``), for reports."""

    # ------------------------------------------------------------------ tables

    @functools.cached_property
    def fide_table(self) -> ScoreTable:
        """The score table the FIDE systems read: :attr:`table`, or with
        ``future_rounds="unplayed"`` the table over every scheduled round."""
        if self.options.future_rounds == "skip" or self.scheduled == self.n_rounds:
            return self.table
        return ScoreTable(self._competitors, self.scheduled, self.points_of, self._cells)

    @functools.cached_property
    def color(self) -> list[list[Color]]:
        """``color[i][r]`` over the rounds that count."""
        return self.table.rows(self.table.color)

    @functools.cached_property
    def wdl(self) -> list[list[int]]:
        """``wdl[i][r]``: 1 / 0 / -1 for an over-the-board win / draw / loss, 0 when not
        played."""
        return self.table.rows([_WDL.get(o, 0) for o in self.flat_outcome])

    def __len__(self) -> int:
        return len(self.start_nos)

    def for_spec(self, spec: Spec) -> Context:
        """The context ``spec`` is computed on: this one (a team context picks the match
        or game points context for a ``:MP`` / ``:GP`` spec)."""
        return self

    # ------------------------------------------------------------------ helpers

    def frac(self, units: int, scale: int = 1) -> Fraction:
        """``units / (unit * scale)`` as an exact Fraction (remembered for the context: the
        same few values recur in every round)."""
        key = (units, scale)
        value = self._fracs.get(key)
        if value is None:
            value = self._fracs[key] = Fraction(units, self.unit * scale)
        return value

    def num_text(self, units: int, scale: int = 1) -> str:
        """:func:`~swisstb_io.tiebreaks.values.num` of ``frac(units, scale)``, for notes
        (remembered like :meth:`frac`: an explained event writes its many notes from a few
        dozen values)."""
        key = (units, scale)
        text = self._num_texts.get(key)
        if text is None:
            text = self._num_texts[key] = num(self.frac(units, scale))
        return text

    def memo(self, key: tuple[Hashable, ...], build: Callable[[], T]) -> T:
        """Compute ``build()`` once per context and share it between systems; ``key``
        names what is built and what it depends on (``("fide adjusted", round_robin,
        fore)``)."""
        try:
            return self._cache[key]  # type: ignore[no-any-return]
        except KeyError:
            value = self._cache[key] = build()
            return value

    def result_codes(self, table: ScoreTable) -> list[list[str]]:
        """Every wall-chart cell of ``table``, ``[i][r]``: ``W12``, ``D3``, ``X7``, ``B``, ``H``,
        ``U``; built once per table (a context's tables differ in their rounds), shared by
        explanations and reports."""
        codes = self._result_codes.get(table.rounds)
        if codes is None:
            sno = [str(s) for s in table.start_nos]
            codes = self._result_codes[table.rounds] = table.rows(
                [US_LETTER[o] + sno[j] if j >= 0 else US_LETTER[o]
                 for o, j in zip(table.outcome, table.opp, strict=True)])
        return codes

    def explain_row(self, table: ScoreTable, i: int, rnd: int, value: Fraction | None,
                    note: str, opponent: int | None = None, dropped: str = "") -> ExplainRow:
        """The explanation row of competitor ``i``'s round ``rnd`` (1-based) in ``table``,
        with the round's wall-chart result filled in."""
        code = self.result_codes(table)[i][rnd - 1] if 0 < rnd <= table.rounds else "U"
        return ExplainRow(rnd, code, opponent, value, note, dropped)

    def us_codes(self) -> list[list[str]]:
        """:meth:`result_codes` of the rounds that count."""
        return self.result_codes(self.table)

    def us_code(self, i: int, r: int) -> str:
        """The wall-chart cell: ``W12``, ``D3``, ``X7``, ``F4``, ``B``, ``H``, ``U``."""
        return self.us_codes()[i][r]

    # ------------------------------------------------------------------ ratings

    @property
    def rating_list(self) -> str:
        """The rating list in use (see :attr:`CalcOptions.rating`)."""
        chosen = self.options.rating.upper()
        if chosen != "AUTO":
            return chosen
        return self.memo(
            ("rating list",),
            lambda: "USCF" if any(map(_uscf_rating, self.tournament.players)) else "FIDE",
        )

    def list_ratings(self, rating_list: str) -> list[int | None]:
        """Rating per competitor index from ``rating_list``; ``None`` when unrated (no
        rating or 0)."""

        def build() -> list[int | None]:
            players = self.tournament.players
            if rating_list == "FIDE":
                values = [p.fide_rating for p in players]
            else:
                values = [p.rating(rating_list) for p in players]
            return [value if value else None for value in values]

        return self.memo(("ratings", rating_list), build)

    def ratings(self, unrated: int | None = None) -> list[int | None]:
        """Rating per competitor index from :attr:`rating_list`; unrated players get
        ``unrated`` (default: :attr:`CalcOptions.unrated_rating`), else ``None``."""
        if unrated is None:
            unrated = self.options.unrated_rating
        rated = self.list_ratings(self.rating_list)
        if unrated is None:
            return rated
        return self.memo(("ratings", self.rating_list, unrated),
                         lambda: [unrated if value is None else value for value in rated])

    @property
    def fide_rating_list(self) -> str:
        """The list FIDE systems read: FIDE unless :attr:`CalcOptions.rating` names one."""
        chosen = self.options.rating.upper()
        return "FIDE" if chosen == "AUTO" else chosen

    # ------------------------------------------------------------------ FIDE choices

    def fide_rules(self, spec: Spec | None = None) -> FideRules:
        """The C.07 edition and Swiss / round robin, each with its reason; a ``/V`` flag of
        ``spec`` chooses another edition.  The event's choice is recorded in
        :attr:`decisions` when first made."""
        base = self.memo(("fide rules",), self._choose_fide_rules)
        edition = spec.edition if spec is not None else None
        if edition is None or edition == base.edition:
            return base
        return FideRules(edition, f"FIDE C.07 {edition} rules (/V modifier)",
                         base.round_robin, base.system_reason)

    def _choose_fide_rules(self) -> FideRules:
        opts = self.options
        if opts.fide_rules is not None and opts.fide_rules not in FIDE_EDITIONS:
            raise TiebreakError(
                f"unknown FIDE rule edition {opts.fide_rules!r}; use 2024, 2026 or 2009"
            )
        if opts.system is not None and opts.system not in ("swiss", "round-robin"):
            raise TiebreakError(f"unknown system {opts.system!r} (use swiss or round-robin)")
        if opts.future_rounds not in ("skip", "unplayed"):
            raise TiebreakError(f"unknown future_rounds {opts.future_rounds!r} "
                                "(use skip or unplayed)")
        edition, edition_reason = choose_edition(self.tournament, opts.fide_rules)
        rr, system_reason = choose_system(self.tournament, opts.system)
        self.decisions["fide_rules"] = edition
        self.decisions["fide_rules_reason"] = edition_reason
        self.decisions["fide_system"] = "round-robin" if rr else "swiss"
        self.decisions["fide_system_reason"] = system_reason
        return FideRules(edition, edition_reason, rr, system_reason)


def choose_edition(t: Tournament, override: str | None) -> tuple[str, str]:
    """The C.07 edition and a sentence saying why (never today's date, §A.0)."""
    if override is not None:
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
        why = (f"{'round robin' if rr else 'Swiss'} (the file's pairing system: "
               f"{pairing_system_name(t.pairing_system)})")
        if option is not None and (option == "round-robin") != rr:
            why += f"; the {option} option does not override what the file says"
        return rr, why
    if option is not None:
        return option == "round-robin", f"{option}, as requested"
    return False, "Swiss (default; the file does not say; use --system round-robin)"


def _uscf_rating(p: Player) -> int | None:
    """``p.rating("USCF")``: the first USCF rating, if any."""
    for r in p.ratings:
        if r.system.upper() == "USCF":
            return r.value
    return None


def _adjustment_units(start_no: int, value: Fraction, unit: int) -> int:
    scaled = Fraction(value) * unit
    if scaled.denominator != 1:
        raise TiebreakError(
            f"player {start_no}: adjustment of {value} points is not a multiple of "
            f"1/{unit} point, the smallest step of the point system"
        )
    return scaled.numerator
