"""``--player-data FILE.csv``: the facts about players that a tournament file cannot hold.

One row per player, keyed by the column ``start_no``; every other column is optional and
a blank cell means "not known" (the default of ratings.md Part C applies and the player's
notes say so).  Columns (names case-insensitive):

========================  ===================================================
``start_no``              the player's start number in the event (required)
``name``                  a name that does not match is a warning; required in a
                          file for several events or sections (:func:`rows_for`)
``k``                     FIDE K (1 to 40), overrides the four lines of §8.3.3
``ever_2400``             ``yes``/``no``: the player's published rating has reached 2400
``prior_games``           FIDE rated games before this event (under 30: K 40)
``period_games``          other FIDE rated games in the same rating period (K x n cap)
``birth_year``            for FIDE's junior K
``uscf_games``            games the US Chess rating is based on (N)
``uscf_history``          ``wins``, ``losses`` or ``mixed``: the earlier games
``uscf_peak``             highest established US Chess rating (floors)
``uscf_floor``            the player's US Chess rating floor
``uscf_start``            a start rating for an unrated player (with ``uscf_games``, at
                          most 10)
========================  ===================================================

Every problem is a :class:`PlayerDataError` at ``path:line:col`` with the fix.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from ..errors import Diagnostic, FormatError, Location, quoted
from ..files import read_file
from ..model import Tournament
from ..textio import decode

MAX_BYTES = 16 * 1024 * 1024
"""A player-data file larger than this is refused (a federation's whole list is ~10 MB)."""


class PlayerDataError(FormatError):
    """A player-data file that cannot be used."""


class History(enum.Enum):
    """A US Chess player's earlier games (the special formula's adjustment)."""

    MIXED = "mixed"
    WINS = "wins"
    LOSSES = "losses"


class Facts(NamedTuple):
    """What the player-data file says about one player (``None``: not given)."""

    start_no: int
    where: Location
    """The row."""
    k: int | None = None
    ever_2400: bool | None = None
    prior_games: int | None = None
    period_games: int | None = None
    birth_year: int | None = None
    uscf_games: int | None = None
    uscf_history: History | None = None
    uscf_peak: int | None = None
    uscf_floor: int | None = None
    uscf_start: int | None = None
    cells: Mapping[str, Location] = MappingProxyType({})
    """Where each given value is (for errors found later, against the event)."""

    def at(self, column: str) -> Location:
        return self.cells.get(column, self.where)


class PlayerData(NamedTuple):
    path: str
    columns: tuple[str, ...]
    """The columns the file has, as read (lower case)."""
    rows: Mapping[int, Facts]
    names: Mapping[int, tuple[str, Location]] = MappingProxyType({})


NO_DATA = PlayerData("", (), MappingProxyType({}))

FIDE_COLUMNS = ("k", "ever_2400", "prior_games", "period_games", "birth_year")
USCF_COLUMNS = ("uscf_games", "uscf_history", "uscf_peak", "uscf_floor", "uscf_start")
COLUMNS = ("start_no", "name", *FIDE_COLUMNS, *USCF_COLUMNS)

# (low, high, what it is) of each whole-number column
_RANGES: dict[str, tuple[int, int, str]] = {
    "start_no": (1, 99_999, "a start number of the event"),
    "k": (1, 40, "a FIDE K from 1 to 40 (the rules use 10, 20 and 40)"),
    "prior_games": (0, 100_000, "a number of games"),
    "period_games": (0, 10_000, "a number of games"),
    "birth_year": (1900, 2100, "a year such as 2010"),
    "uscf_games": (0, 100_000, "a number of games"),
    "uscf_peak": (100, 3000, "a US Chess rating from 100 to 3000"),
    "uscf_floor": (100, 3000, "a US Chess rating from 100 to 3000"),
    "uscf_start": (100, 3000, "a US Chess rating from 100 to 3000"),
}
_YES = {"yes": True, "y": True, "true": True, "no": False, "n": False, "false": False}
_WHOLE = re.compile(r"[0-9]{1,9}")


def _cells(line: str, number: int, path: str) -> list[tuple[str, int]]:
    """The cells of one CSV line with the column each starts at (1-based): commas
    separate, a cell in double quotes may hold commas and ``""``."""
    out: list[tuple[str, int]] = []
    i, n = 0, len(line)
    while True:
        start = i
        if i < n and line[i] == '"':
            text = []
            i += 1
            while True:
                if i >= n:
                    raise PlayerDataError("a quoted cell is not closed on its line: end it "
                                          'with "', Location(path, number, start + 1))
                if line[i] == '"':
                    if i + 1 < n and line[i + 1] == '"':
                        text.append('"')
                        i += 2
                        continue
                    i += 1
                    break
                text.append(line[i])
                i += 1
            if i < n and line[i] != ",":
                raise PlayerDataError("text after a quoted cell: put a comma after the "
                                      "closing quote", Location(path, number, i + 1))
            out.append(("".join(text).strip(), start + 1))
        else:
            end = line.find(",", i)
            end = n if end < 0 else end
            out.append((line[i:end].strip(), start + 1))
            i = end
        if i >= n:
            return out
        i += 1  # the comma


def _whole(column: str, text: str, where: Location) -> int:
    low, high, what = _RANGES[column]
    if not _WHOLE.fullmatch(text) or not low <= int(text) <= high:
        raise PlayerDataError(f"{column} {quoted(text)} is not {what}", where)
    return int(text)


def parse_player_data(data: bytes, path: str) -> PlayerData:
    """The player data in ``data`` (the bytes of a CSV file named ``path``)."""
    if len(data) > MAX_BYTES:
        raise PlayerDataError(f"the player-data file is over {MAX_BYTES // 2**20} MB: give "
                              "only the players of the event", Location(path))
    text = decode(data, path, "player data").text
    lines = text.splitlines()
    numbered = [(k, line) for k, line in enumerate(lines, 1) if line.strip()]
    if not numbered:
        raise PlayerDataError("the player-data file is empty: its first line names the "
                              "columns (start_no, k, birth_year, ...)", Location(path, 1, 1))
    head_no, head = numbered[0]
    header = [(name.lower(), col) for name, col in _cells(head, head_no, path)]
    seen: dict[str, int] = {}
    for name, col in header:
        if name not in COLUMNS:
            raise PlayerDataError(f"unknown column {quoted(name)}; the columns are "
                                  f"{', '.join(COLUMNS)}", Location(path, head_no, col))
        if name in seen:
            raise PlayerDataError(f"column {name!r} appears twice (first at column "
                                  f"{seen[name]})", Location(path, head_no, col))
        seen[name] = col
    if "start_no" not in seen:
        raise PlayerDataError("no start_no column: every row names its player by start "
                              "number", Location(path, head_no, 1))
    rows: dict[int, Facts] = {}
    names: dict[int, tuple[str, Location]] = {}
    for number, line in numbered[1:]:
        cells = _cells(line, number, path)
        if len(cells) > len(header):
            raise PlayerDataError(f"{len(cells)} cells but {len(header)} columns: remove "
                                  "the extra cells (or quote a cell holding a comma)",
                                  Location(path, number, cells[len(header)][1]))
        whole: dict[str, int] = {}
        places: dict[str, Location] = {}
        row_name: str | None = None
        ever: bool | None = None
        history: History | None = None
        for (column, _), (value, col) in zip(header, cells, strict=False):
            if not value:
                continue
            where = Location(path, number, col)
            places[column] = where
            if column == "name":
                row_name = value
            elif column == "ever_2400":
                if value.lower() not in _YES:
                    raise PlayerDataError(f"ever_2400 {quoted(value)} is not yes or no", where)
                ever = _YES[value.lower()]
            elif column == "uscf_history":
                try:
                    history = History(value.lower())
                except ValueError:
                    raise PlayerDataError(f"uscf_history {quoted(value)} is not wins, losses "
                                          "or mixed", where) from None
            else:
                whole[column] = _whole(column, value, where)
        if "start_no" not in whole:
            raise PlayerDataError("the row has no start_no: give the player's start number",
                                  Location(path, number, seen["start_no"]))
        start_no = whole["start_no"]
        if start_no in rows:
            first = rows[start_no].where.line
            raise PlayerDataError(f"start number {start_no} again (first on line {first}): "
                                  "one row a player", places["start_no"])
        if row_name is not None:
            names[start_no] = (row_name, places["name"])
        facts = Facts(start_no, Location(path, number, 1), k=whole.get("k"), ever_2400=ever,
                      prior_games=whole.get("prior_games"),
                      period_games=whole.get("period_games"),
                      birth_year=whole.get("birth_year"), uscf_games=whole.get("uscf_games"),
                      uscf_history=history, uscf_peak=whole.get("uscf_peak"),
                      uscf_floor=whole.get("uscf_floor"), uscf_start=whole.get("uscf_start"),
                      cells=MappingProxyType(places))
        if facts.uscf_start is not None and (facts.uscf_games or 0) > 10:
            raise PlayerDataError(f"uscf_games {facts.uscf_games} with uscf_start: a start "
                                  "rating from other ratings is worth at most 10 games",
                                  facts.at("uscf_games"))
        rows[start_no] = facts
    return PlayerData(path, tuple(name for name, _ in header), MappingProxyType(rows),
                      MappingProxyType(names))


def read_player_data(path: str) -> PlayerData:
    """Read and check the player-data file at ``path``."""
    try:
        # never a pipe or a device (files.read_file)
        data = read_file(path, MAX_BYTES + 1, "a player-data file")
    except OSError as exc:
        raise PlayerDataError(f"cannot read the player-data file: {exc.strerror or exc}",
                              Location(path)) from exc
    return parse_player_data(data, path)


def _plain(name: str) -> str:
    return " ".join(name.casefold().replace(",", " ").split())


def require_names(data: PlayerData) -> None:
    """Every row of ``data`` names its player (``name``), as a file that serves several
    events or sections must: each numbers its players afresh, and a row is only the
    player's of its start number whose name it gives (:func:`rows_for`)."""
    for start_no, facts in data.rows.items():
        if start_no not in data.names:
            raise PlayerDataError(
                f"start number {start_no} without a name: a player-data file for several "
                "events or sections needs each row's name (a name column), since each "
                "numbers its players afresh", facts.at("start_no"))


def rows_for(data: PlayerData, t: Tournament) -> PlayerData:
    """The rows of ``data`` (a file that serves several events or sections, every row
    named: :func:`require_names`) that are ``t``'s: those whose start number is a player
    of ``t`` with the row's name (compared as :func:`check_against` compares them).  The
    other rows are another event's, not an error."""
    require_names(data)
    players = {p.start_no: _words(p.name) for p in t.players}
    mine = {start_no for start_no, (name, _) in data.names.items()
            if players.get(start_no) == _words(name)}
    return data._replace(
        rows=MappingProxyType({n: f for n, f in data.rows.items() if n in mine}),
        names=MappingProxyType({n: v for n, v in data.names.items() if n in mine}))


def _words(name: str) -> list[str]:
    """A name's words, in any order and case (``"Carlsen, Cai"`` is ``"Cai Carlsen"``)."""
    return sorted(_plain(name).split())


def check_against(data: PlayerData, t: Tournament) -> tuple[Diagnostic, ...]:
    """Every row names a player of ``t`` (else a :class:`PlayerDataError`); a row whose
    ``name`` is not the player's is a warning (the start numbers may be shifted)."""
    players = {p.start_no: p for p in t.players}
    for start_no, facts in data.rows.items():
        if start_no not in players:
            raise PlayerDataError(f"no player with start number {start_no} in the event "
                                  f"({len(players)} players): fix the start number",
                                  facts.at("start_no"))
    warnings = []
    for start_no, (name, where) in data.names.items():
        own = players[start_no].name
        if _words(name) != _words(own):
            warnings.append(Diagnostic(where, f"start number {start_no} is {own!r} in the "
                                              f"event, not {name!r}: check the start number"))
    return tuple(warnings)
