"""What a rating-change estimate is made of: the system and edition applied, each game of
each player with the numbers the rule used, and each player's result.

Everything is exact: FIDE values are whole hundredths (``Decimal("8.60")``), US Chess
values are :class:`~decimal.Decimal` numbers computed at :data:`US_PRECISION` significant
digits (the rules take square roots and powers of ten), rounded only when printed.
Records are named tuples; closed sets are enums.
"""

from __future__ import annotations

import datetime as _dt
import enum
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

from ..errors import Diagnostic

US_PRECISION = 80
"""Significant digits of the US Chess arithmetic (``N*`` is a square root, each expected
score a power of ten): far beyond the 0.001 ratings are stored in, and enough for the
product of two numbers of 30 decimal places below 10^10 to be exact
(:mod:`.uscf_numbers`)."""


class RatingSystem(enum.Enum):
    """The federation whose rules estimate the change."""

    FIDE = "fide"
    """FIDE Rating Regulations (Handbook B.02)."""
    USCF = "uscf"
    """US Chess rating system (Glickman and Doan), Regular over-the-board."""

    @property
    def label(self) -> str:
        return "FIDE" if self is RatingSystem.FIDE else "US Chess"


class Edition(NamedTuple):
    """One edition of a system's rules: ``id`` such as ``fide-2025-10``, the first date it
    applies to (the start date for FIDE, the end date for US Chess) and what it changes."""

    id: str
    system: RatingSystem
    since: _dt.date
    summary: str


class Rules(NamedTuple):
    """The edition applied, why, and what was assumed for the whole event."""

    edition: Edition
    why: str
    notes: tuple[str, ...] = ()


class Formula(enum.Enum):
    """How a player's new rating was found."""

    CHANGE = "change"
    """FIDE, a rated player: K x the sum of (score - expected score) (§8.3)."""
    INITIAL = "initial"
    """FIDE, an unrated player: the initial rating (§8.2)."""
    STANDARD = "standard"
    """US Chess standard formula: K(S - E) plus a bonus."""
    SPECIAL = "special"
    """US Chess special formula (8 or fewer games, or all earlier games won or lost)."""
    NONE = "none"
    """No rating computed: no game that counts."""


class GameLine(NamedTuple):
    """One round of one player: a game that counts, or why the round does not.

    ``expected`` is FIDE's PD or US Chess's winning expectancy (W for the standard formula,
    PWe at the new rating for the special one); ``contribution`` is what the game adds to
    the change (FIDE: K x (score - PD)) or, for an initial rating, to the new rating."""

    round: int
    code: str
    """The US wall-chart letter of the round (``W``, ``X``, ``H``); :attr:`result` is the
    cell (``W12``)."""
    opponent: int | None
    score: Fraction | None
    """1, 1/2 or 0 for a game over the board, else ``None``."""
    counted: bool
    why_not: str = ""
    """Why the round does not count (a forfeit, a bye, an unrated opponent)."""
    opponent_rating: Decimal | None = None
    """The opponent's rating the rule used (US Chess: an unrated opponent's estimate)."""
    rating_note: str = ""
    """Where that rating comes from (``pre-event``, ``unrated: Step 4 intermediate``)."""
    diff: int | None = None
    """FIDE: own rating minus the opponent's, as it is."""
    diff_used: int | None = None
    """FIDE: the difference after the 400-point rule (§8.3.1)."""
    expected: Decimal | None = None
    contribution: Decimal | None = None

    @property
    def result(self) -> str:
        """What happened, in US wall-chart notation (``W12``, ``X7``, ``H``)."""
        return cell(self.code, self.opponent)


def cell(code: str, opponent: int | None) -> str:
    """A US wall-chart cell: the letter, then the opponent's number if there is one."""
    return code if opponent is None else f"{code}{opponent}"


class Adjustment(NamedTuple):
    """A part of the change that is not one game's: a bonus, a floor, the earlier games of
    the special formula, a cap."""

    label: str
    value: Decimal


class PlayerChange(NamedTuple):
    """One player's estimate (the ``players[]`` entry of ``swisstb-ratings/1``)."""

    start_no: int
    name: str
    rating: int | None
    """The rating the rules start from; ``None``: unrated."""
    k: Decimal | None
    """FIDE: K after the 700 cap; US Chess: 800 / (N' + m) of the standard formula."""
    games: int
    """Games counted."""
    score: Fraction
    """Score in the counted games."""
    expected: Decimal | None
    change: Decimal | None
    """FIDE: K x the sum of (score - PD), whole hundredths; US Chess: final - pre-event."""
    new_rating: int | None
    """The rating the change leads to, rounded as the rules say; ``None`` when none is
    published (below the floor, too few games)."""
    performance: int | None
    notes: tuple[str, ...]
    """Every default, exclusion, cap, floor and publication rule applied to the player."""
    formula: Formula
    lines: tuple[GameLine, ...]
    """Every round with a game, a forfeit or a bye, in round order; ``()`` unless the
    estimate was computed for an explanation (``rating_changes(..., explain=True)``)."""
    adjustments: tuple[Adjustment, ...] = ()
    start_rating: Decimal | None = None
    """The rating the contributions start from (US Chess: the pre-event or Step 1
    rating); ``None`` for FIDE."""
    exact_rating: Decimal | None = None
    """The new rating before rounding (US Chess final rating, FIDE initial Ru)."""
    summary: str = ""
    """The last line of the explanation when the fields cannot tell it (an initial rating:
    Ra, p and dp); else ``""`` and the explanation writes it (:func:`.explain.summary`)."""


class RatingResult(NamedTuple):
    """Every player's estimate for one event (or section)."""

    system: RatingSystem
    rules: Rules
    players: tuple[PlayerChange, ...]
    """By start number."""
    event_name: str = ""
    warnings: tuple[Diagnostic, ...] = ()
    """What did not stop the estimate (a player-data name that does not match)."""
    explained: bool = False
    """The players' :attr:`~PlayerChange.lines` are there, for the explanations
    (``rating_changes(..., explain=True)``)."""
