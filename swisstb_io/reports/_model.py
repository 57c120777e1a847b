"""The neutral report table: what every backend (text, JSON, Markdown, CSV, HTML) prints.

Nothing here knows about an output format (pybtex's style/backend split).  A
:class:`Report` holds the event facts, the tie-break columns, one :class:`Row` per player
(each value as an exact Fraction, as the Decimal the JSON report writes and as the text
the other reports print), the decisions the ranking took, the prize groups and, when a
backend needs it, the crosstable (:class:`CrossRow`: every round in US and FIDE notation,
the opponents and the running score).  :func:`._table.build` makes it from the standings.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from ..tiebreaks import Explanation, StandingsResult
from ..tiebreaks.values import JSON
from ._labels import ReportError

if TYPE_CHECKING:
    from ._team_model import TeamTable

NOTATIONS = ("us", "fide")

LEGENDS: Mapping[str, str] = {
    "us": "W/D/L won, drew, lost against the player with that start number; X/F forfeit "
    "won/lost; Z unplayed half point; B full-point bye; H half-point bye; U not played",
    "fide": "opponent's start number, colour (w/b) and result (1, ½, 0; W/D/L under one "
    "move; +/- forfeit won/lost); U pairing-allocated bye, F full-point bye, H half-point "
    "bye, Z zero-point bye; blank not paired",
}

AHEAD_LEGEND = ("; in brackets, e.g. (H), a bye entered ahead for a round not paired yet "
                "(counted nowhere)")
"""What the legend adds when the crosstable shows byes entered ahead."""


class Column(NamedTuple):
    """One tie-break column."""

    key: str
    """The spec key (``BH/C1``, ``MM``): the column's identity and JSON key."""
    label: str
    """What the header prints (configurable, see :mod:`._labels`)."""
    name: str
    rule: str
    """Rule citation: ``"US Chess 34E1"``, ``"FIDE C.07 §8.1"``."""
    digits: int = 2
    """Decimals the rule gives for values that are not multiples of 1/4."""


class Cell(NamedTuple):
    """One tie-break value of one player (a named tuple: a report holds thousands)."""

    value: Fraction | None
    text: str
    """Printed value: exact for multiples of 1/4 (with the column's decimal places), else
    rounded half-up as the rule says; ``-`` when undefined."""
    decimal: Decimal | None
    """The value as the JSON report writes it (exact for multiples of 1/4, else rounded
    as the rule says); ``None`` when undefined."""
    explanation: Explanation | None = None


class Row(NamedTuple):
    """One player's line of the standings (a named tuple: one is made per player, and
    a frozen dataclass sets each of its twelve fields through ``object.__setattr__``)."""

    place: int
    place_text: str
    """``"3"`` or ``"3-5"`` for a shared place."""
    start_no: int
    name: str
    rating: int | None
    points: Fraction
    points_text: str
    points_decimal: Decimal
    cells: tuple[Cell, ...]
    """One per column, in column order."""
    last_place: int
    """The last place of the range this player shares (``place`` when not shared); the
    players sharing it are the rows with the same ``place``."""
    scored_in_play: bool
    fields: Mapping[str, str]
    """Grouping fields: ``team``, ``state``, ``section``, ``federation``, ``title``,
    ``board`` (``Board 2``: the place in the team's list)."""


class CrossRow(NamedTuple):
    """One player's line of the crosstable: one item per round that counts in each of
    ``cells``, ``us``, ``opponents`` and ``progression``."""

    start_no: int
    cells: tuple[str, ...]
    """The cells in the report's notation (:attr:`Report.notation`)."""
    us: tuple[str, ...]
    """The cells in US wall-chart notation (``W12``, ``D3``, ``X7``, ``B``, ``H``, ``U``),
    which the text report prints whatever the notation."""
    opponents: tuple[int | None, ...]
    """The opponent's start number, ``None`` without one."""
    progression: tuple[Fraction, ...]
    """Running score after each round."""
    ahead: tuple[str, ...] = ()
    """The :attr:`Report.ahead_rounds` columns after the rounds that count: a bye entered
    ahead in brackets (``(H)``: shown, counted nowhere), ``""`` for none; in the report's
    notation."""
    ahead_us: tuple[str, ...] = ()
    """:attr:`ahead` in US wall-chart notation (the text report's)."""


class Group(NamedTuple):
    """A prize group or section: its own ranked table."""

    title: str
    rows: tuple[Row, ...]


class Report(NamedTuple):
    title: str
    event_name: str
    header: tuple[tuple[str, str], ...]
    """Event facts as ``(label, value)`` pairs, only those known."""
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    groups: tuple[Group, ...]
    crosstable: tuple[CrossRow, ...] | None
    """One line per row, in the same order; ``None`` when the table was built without it
    (see :meth:`crosstable_rows`)."""
    rounds: int
    """Rounds that count (crosstable width)."""
    scheduled_rounds: int
    notation: str
    reasons: tuple[str, ...]
    """Why the calculator decided what it did (e.g. which FIDE rule edition applies)."""
    ranking_notes: tuple[str, ...]
    """Rule notes about the ranking: the 34E actual-play mark, a play-off, a lot."""
    decisions: Mapping[str, JSON]
    """Every decision the ranking took, as the JSON report's ``decisions`` object."""
    actual_play_rule: bool
    """Whether the US Chess 34E actual-play rule ranked the field (rows not
    ``scored_in_play`` are then marked)."""
    fide_rules: str | None
    """The FIDE C.07 edition used, when FIDE systems are in the chain."""
    explained: bool
    """Whether the cells carry their explanations."""
    result: StandingsResult
    """The standings the table was built from."""
    source: str = ""
    input_format: str = ""
    ahead_rounds: int = 0
    """Crosstable columns after :attr:`rounds`: future rounds holding byes entered ahead
    (:meth:`~swisstb_io.model.Tournament.entered_ahead`), up to the last such round."""
    teams: TeamTable | None = None
    """The team part of a team event's report (:mod:`._team_model`); ``None`` for an
    individual report.  The rows above are then the board players."""

    @property
    def legend(self) -> str:
        if self.ahead_rounds:
            return LEGENDS[self.notation] + AHEAD_LEGEND
        return LEGENDS[self.notation]

    @property
    def notes(self) -> tuple[str, ...]:
        """The notes printed under the standings: the reasons, then the ranking notes."""
        return self.reasons + self.ranking_notes

    def crosstable_rows(self) -> tuple[CrossRow, ...]:
        """:attr:`crosstable`; a :class:`ReportError` if the table was built without it."""
        if self.crosstable is None:
            raise ReportError("this report table was built without the crosstable; "
                              "build it with crosstable=True")
        return self.crosstable


def place_text(place: int, last_place: int) -> str:
    """``"3"``, or ``"3-5"`` for places 3 to 5 shared."""
    return str(place) if last_place == place else f"{place}-{last_place}"
