"""The neutral report table: what every backend (text, JSON, Markdown, CSV, HTML) prints.

Nothing here knows about an output format (pybtex's style/backend split).  A
:class:`Report` holds these parts, and every backend prints each one it holds:

* the players: the event facts, the tie-break columns, one :class:`Row` per player (each
  value as an exact Fraction, as the Decimal the JSON report writes and as the text the
  other reports print), the decisions the ranking took, the prize groups and, when a
  backend needs it, the crosstable (:class:`CrossRow`: every round in US and FIDE
  notation, the opponents and the running score); :func:`._table.build` makes it from the
  standings;
* :attr:`Report.teams`, a team event's team part (:class:`TeamTable`: the team standings,
  the team crosstable and every match board by board); :func:`._team_table.build_teams`
  makes it from the team standings;
* :attr:`Report.prizes`, a prize list (:class:`PrizeList`: what each player won, and the
  list itself as tables of texts); :func:`swisstb_io.prizes.render_tables.document` makes
  it;
* :attr:`Report.ratings`, the players' estimated rating changes (:class:`RatingChanges`: a
  column, and the ratings document).

``tests/test_reports_contract.py`` checks that every format of :data:`~swisstb_io.reports.
FORMATS` prints every part.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import NamedTuple

from ..tiebreaks import Direction, Explanation, StandingsResult
from ..tiebreaks.values import JSON
from ._labels import ReportError
from ._options import View

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
    direction: Direction = Direction.HIGHER
    """Whether the higher or the lower value ranks higher (the registry's)."""

    @property
    def order_note(self) -> str:
        """``"lower ranks higher"`` for a system whose lower value is the better (a board
        count, a rank inside the tied group), else ``""``: what a list of the tie-breaks
        adds after the rule."""
        return "lower ranks higher" if self.direction is Direction.LOWER else ""


class ChainSource(NamedTuple):
    """Where a report's tie-break chain came from: every backend says it."""

    origin: str
    """``given`` (``-t``), ``declared`` (by the file) or ``default`` (the file declares
    none)."""
    text: str
    """The chain as written: the codes given, the declared codes, the default's name."""
    words: str
    """The sentence the reports print: ``Tie-break order declared by the file (record
    212)``."""
    hint: str = ""
    """A suggestion for a default chain (a FIDE-looking event: ``-t fide``), else ``""``."""

    @property
    def lines(self) -> tuple[str, ...]:
        """:attr:`words`, then the hint if there is one."""
        return (self.words, self.hint) if self.hint else (self.words,)


class Cell(NamedTuple):
    """One tie-break value of one player."""

    value: Fraction | None
    text: str
    """Printed value: exact for multiples of 1/4 (with the column's decimal places), else
    rounded half-up as the rule says; ``-`` when undefined."""
    decimal: Decimal | None
    """The value as the JSON report writes it (exact for multiples of 1/4, else rounded
    as the rule says); ``None`` when undefined."""
    explanation: Explanation | None = None


class Row(NamedTuple):
    """One player's line of the standings (a team's, in a team table)."""

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


class TeamRow(NamedTuple):
    """One team's line of the team standings.

    ``row`` is a :class:`Row` like a player's: its ``start_no`` is the team number
    (310 TPN), ``points`` the primary score (with 299 bonus lines), ``rating`` ``None``,
    ``cells`` the team tie-break values."""

    row: Row
    match_points: Decimal
    mp_text: str
    game_points: Decimal
    gp_text: str
    members: tuple[int, ...]
    """The team's players (start numbers), in board order (310)."""


class TeamCrossRow(NamedTuple):
    """One team's line of the team crosstable (one item per round in each tuple)."""

    team_no: int
    name: str
    cells: tuple[str, ...]
    """``8w2½`` (opponent, colour, game points), ``6+F`` / ``6-F`` (forfeited match),
    ``PAB``, ``FPB``, ``HPB``, ``ZPB``, ``-`` (absent)."""
    matches: tuple[str | None, ...]
    """The :attr:`MatchCard.key` of each round's match, ``None`` for a bye or absence."""
    mp_text: str
    gp_text: str


class BoardLine(NamedTuple):
    """One board of a match: the players (start numbers, ``None`` = empty board) and the
    result from the white team's side (``1-0``, ``½-½``, ``0-1``, ``+-``, ``-+``, ``--``)."""

    board: int
    white: int | None
    black: int | None
    result: str


class MatchCard(NamedTuple):
    """One match (or team bye: ``black_team`` ``None``) with its boards."""

    round: int
    white_team: int
    black_team: int | None
    kind: str
    """``played``, ``forfeit-win``, ``forfeit-loss``, ``double-forfeit`` or a bye kind (the
    white team's side)."""
    result: str | None
    """``W`` / ``D`` / ``L`` for the white team; ``None`` for a bye."""
    mp: tuple[Decimal, ...]
    """``(white, black)``, one item for a bye."""
    gp: tuple[Decimal, ...]
    boards: tuple[BoardLine, ...]

    @property
    def key(self) -> str:
        """``m3-8-1``: round, white team, black team (the HTML anchor of the match)."""
        return f"m{self.round}-{self.white_team}-{self.black_team or 0}"


class TeamTable(NamedTuple):
    """The team part of a team event's report: the team standings (one :class:`TeamRow`
    per team, its values as :class:`Cell` like a player's), the team crosstable
    (:class:`TeamCrossRow`, cells such as ``8w2½``, ``6+F``, ``PAB``) and every match
    board by board (:class:`MatchCard`)."""

    view: View
    header: tuple[tuple[str, str], ...]
    """Event facts as ``(label, value)``: teams, boards, rounds, the pairing system (in
    words), the primary score, match points."""
    summary: str
    """``14 teams, 4 boards, 7 rounds; match points primary, as the file's pairing system
    says; TW 2 TD 1 TL 0``."""
    reasons: tuple[str, ...]
    """The rule edition and the Swiss / round-robin decision, with why."""
    chain: ChainSource
    """The team chain and where it came from."""
    notes: tuple[str, ...]
    """The roll-up's notes (a PAB without 320, 299 defaults)."""
    columns: tuple[Column, ...]
    rows: tuple[TeamRow, ...]
    crosstable: tuple[TeamCrossRow, ...] | None
    """By team number; ``None`` when the table was built without it (JSON and CSV do not
    print it; see :meth:`crosstable_rows`)."""
    matches: tuple[MatchCard, ...]
    """Round by round, white team's number order."""
    rounds: int
    boards: int
    primary: str
    """``MP`` or ``GP``."""
    primary_reason: str
    names: Mapping[int, str]
    """Team names by number."""
    players: Mapping[int, str]
    """Board players' names by start number (the match cards)."""
    explained: bool
    result: StandingsResult
    """The team standings the table was built from."""

    def crosstable_rows(self) -> tuple[TeamCrossRow, ...]:
        """:attr:`crosstable`; a :class:`~._labels.ReportError` if the table was built
        without it."""
        if self.crosstable is None:
            raise ReportError("this team table was built without the team crosstable; "
                              "build it with crosstable=True")
        return self.crosstable

    @property
    def individual(self) -> bool:
        """Whether the board players' standings follow (``--view both``)."""
        return self.view is View.BOTH


class Table(NamedTuple):
    """A table of texts (a prize list's awards, items, players…), as every backend prints
    it: a title, the headers, the rows."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    right: frozenset[int] = frozenset()
    """Columns aligned right (amounts, numbers)."""


class PrizeList(NamedTuple):
    """The prize list part of a report: what each player won (a Prize column in the
    standings), and the list itself, as lines and tables of texts, then the explanations
    (``report --prizes``, a season's event pages, and ``swisstb prizes`` alone)."""

    event_name: str
    source: str
    """The standings' input file."""
    chain: tuple[str, ...]
    """The tie-breaks that ranked the standings (their keys)."""
    prize_file: str
    """The prize file's path."""
    settings: str
    """How the prizes are given: ``US Chess 32B: tied players pool and share cash;
    rounding up to $0.01; ratings: uscf``."""
    lines: tuple[str, ...]
    """The fund, the total paid, the ties."""
    tables: tuple[Table, ...]
    explanations: tuple[str, ...]
    won: Mapping[int, str]
    """Start number -> what the player won (``$216.67 + Top U1800 trophy``); players
    who won nothing are left out."""
    document: Mapping[str, JSON]
    """The ``swisstb-prizes/1`` document (``formats/prizes-json.md``), which the JSON
    report holds as its ``prizes``."""

    def title(self, published: bool = False) -> str:
        """``Prize list: <event>`` (``published``: a file named without its folder, as a
        page that may be published names it)."""
        name = (self.event_name or self._name(self.source, published)
                or self._name(self.prize_file, published))
        return f"Prize list: {name}"

    def head(self, published: bool = False) -> tuple[str, ...]:
        """The lines before the tables: where the standings and the prizes come from, then
        :attr:`lines`."""
        source = self._name(self.source, published)
        out = []
        if source:
            out.append(f"Standings: {source}" + (f" (tie-breaks {', '.join(self.chain)})"
                                                 if self.chain else ""))
        out.append(f"Prizes: {self._name(self.prize_file, published)}; {self.settings}")
        return (*out, *self.lines)

    @staticmethod
    def _name(path: str, published: bool) -> str:
        return file_name(path) if published and path else path


class RatingChanges(NamedTuple):
    """The rating-change part of a report: each player's estimated change, a column of the
    standings, and the ``swisstb-ratings/1`` document, which the JSON report holds as its
    ``ratings`` (``report --ratings``, ``batch --ratings``; made by
    :func:`swisstb_io.rating_change.for_reports.rating_column`)."""

    label: str
    """The column's heading (``FIDE ±``, ``US Chess ±``)."""
    cells: Mapping[int, str]
    """Start number -> the change (``+8.60``), or an unrated player's first rating
    (``new 1922``); players without one are left out."""
    document: Mapping[str, JSON]
    after: Mapping[int, int | None]
    """Start number -> the estimated rating after the event (``None`` when none is
    published): the season site's After column."""
    explanations: Mapping[int, Explanation] = MappingProxyType({})
    """Start number -> how the cell's value was found, game by game, or why there is none
    (what the HTML report's popover opens), for every player; empty when the report has
    no explanations."""
    name: str = "Estimated rating change"
    """What the column is (the header's title, the popover's)."""
    rule: str = ""
    """The rules applied (``FIDE B.02 (fide-2024-03)``)."""
    digits: int = 2
    """Decimals of the explanations' values (FIDE 2, US Chess 3)."""
    no_value: str = "not rated"
    """What opens the explanation of a player without a change or a first rating (not
    rated yet): the HTML report's button, the explanation's heading."""

    def explained_value(self, start_no: int) -> str:
        """The player's value where its explanation opens: the cell, else
        :attr:`no_value`."""
        return self.cells.get(start_no) or self.no_value


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
    """The team part of a team event's report; ``None`` for an individual report.  The
    rows above are then the board players."""
    prizes: PrizeList | None = None
    """The prize list (``None``: none), for the players above."""
    ratings: RatingChanges | None = None
    """The players' estimated rating changes (``None``: none)."""
    chain: ChainSource | None = None
    """Where the players' chain came from (``None``: standings made by hand, which do not
    say)."""
    start_date: str = ""
    """The event's start date: ``2026-04-11``, or the text as the file writes it when it
    is not a date (``Spring 2026``); ``""``: none (:func:`._table.date_text`)."""
    end_date: str = ""
    """The event's end date, as :attr:`start_date`."""
    after_round: int | None = None
    """The standings as they stood after this round (``--after-round N``: the later rounds
    left out); ``None``: as the file stands."""

    @property
    def dates(self) -> str:
        """``2026-04-11 to 2026-04-12``, one date alone, ``""`` for none: the event's dates,
        which every report with a header prints."""
        return " to ".join(d for d in (self.start_date, self.end_date) if d)

    @property
    def stage(self) -> str:
        """`` after round 3 of 9`` with :attr:`after_round`, else ``""``: what every format
        adds to its standings heading."""
        if self.after_round is None:
            return ""
        return f" after round {self.after_round} of {self.scheduled_rounds}"

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


def file_name(path: str) -> str:
    """The last part of ``path`` (``/home/me/events/open.trf`` -> ``open.trf``): what a
    published page names, never a local folder."""
    return path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]


def place_text(place: int, last_place: int) -> str:
    """``"3"``, or ``"3-5"`` for places 3 to 5 shared."""
    return str(place) if last_place == place else f"{place}-{last_place}"
