"""The TRF reader: TRF16, TRF-2026 and the TRF(x) / bbpPairings / Tornelo extensions."""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from ..errors import Diagnostics, FormatError, Location
from ..extras import LazyExtras
from ..limits import MAX_ROUNDS, check_numbers
from ..model import DateText, Player, PointAdjustment, Rating, RoundResult, Team, Tournament
from ..registry import ReadOptions, ReadResult
from ..validate import check_games, check_points
from . import _headers as H
from . import layout as L
from ._checks import adjustments, bonus_totals, double_forfeits, places, show
from ._decode import EOL_NAMES, Decoded, decode
from ._federations import FEDERATIONS
from ._points import POINT_CODES, point_system
from ._records import fail, parse_013, parse_310, parse_national, parse_player, parse_start_no

TRF2026_CODES = frozenset({
    "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260",
    "299", "300", "310", "320", "330", "352", "362", "801", "802", "###",
})
"""Records that exist only in TRF-2026 (their presence makes a file TRF-2026)."""
KNOWN_VERBATIM = frozenset({
    "062", "072", "082", "112", "152", "172", "182", "222", "240", "250", "260", "299",
    "300", "320", "330", "352", "362", "801", "802", "###",
    "XXC", "XXA", "XXP", "XXZ", "XXW", "DAT",
})
"""Records we know and keep verbatim (no model field)."""
TEAM_RECORDS = frozenset({"240", "299", "300", "320", "330", "352", "362"})
"""The TRF-2026 team records (and 299, which an individual event reads as bonus points):
kept verbatim, their numbers checked here, where each one's line and column are known."""
LAYOUT_KEY = "trf:layout"
MAX_LINE = L.FIRST_ROUND_COL + L.ROUND_STEP * MAX_ROUNDS + 100
"""Longest line read: a 001 record of :data:`~swisstb_io.limits.MAX_ROUNDS` rounds, with room
for trailing blanks."""


def national_code(code: str) -> bool:
    """Can ``code`` head a national-rating record?  Only a FIDE federation code can."""
    return code in FEDERATIONS


def is_national(code: str, line: str) -> bool:
    """A national-rating record: a federation code, then 001's columns (the start number
    right-aligned in columns 5-8).  ``TNR 5`` or ``BYE 20`` is not one."""
    if code not in FEDERATIONS or line[3:4] != " " or not line[7:8].isdigit():
        return False
    start = L.cut(line, L.START).strip()
    return start.isascii() and start.isdigit() and int(start) > 0


def read_trf(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    """Read a TRF file of any version; raises only :class:`FormatError`."""
    if not data.strip():
        raise FormatError("the file is empty; a TRF file has at least a 012 or 001 record",
                          Location(path, 1, 1))
    dec = decode(data, path)
    records = _Records(path, Diagnostics(strict=options.strict))
    for no, (line, eol) in enumerate(zip(dec.lines, dec.endings, strict=True), 1):
        records.read(line, no, eol)
    if not records.players and "012" not in records.seen_headers:
        raise FormatError("no 012 or 001 record found; this does not look like a TRF file",
                          Location(path, 1, 1))
    return records.result(dec)


LayoutEntry = tuple[str, str | None, str]
"""One line of the layout: its key (``001:5``, ``h:012``, ``x:XXA:0``, ``""`` for a line
kept as it is), the line as read (``None``: in the verbatim records) and its line end."""


class _National(NamedTuple):
    """A national-rating record, attached to its player once every 001 record is read."""

    layout_index: int
    code: str
    start_no: int
    rating: int | None
    national_id: str
    line_no: int


class _Records:
    """The records of one file as they are read, one handler per kind of record."""

    def __init__(self, path: str, diag: Diagnostics) -> None:
        self.path = path
        self.diag = diag
        self.t = Tournament()
        self.layout: list[LayoutEntry] = []
        self.verbatim: dict[str, list[str]] = {}
        """Records without a model field, by code, in file order."""
        self.players: dict[int, Player] = {}
        self.player_lines: dict[int, int] = {}
        self.point_lines: list[tuple[str, str, int]] = []
        self.deputies: list[str] = []
        self.seen_headers: set[str] = set()
        self.teams013: list[tuple[Team, int]] = []
        self.teams310: list[tuple[Team, int]] = []
        self.nationals: list[_National] = []
        self.numbers299: list[int] = []
        """The line numbers of the 299 records."""
        self.version_2026 = False
        self.blocks: dict[str, RoundResult] = {}
        """The round blocks read so far (see :func:`~._records.parse_rounds`)."""
        self.dates: list[tuple[DateText, Location]] = []
        """The header dates read so far, where each is (for :func:`._headers.unclear_dates`)."""

    def read(self, line: str, no: int, eol: str) -> None:
        """Hand line ``no`` to the handler of its record."""
        if len(line) > MAX_LINE:
            raise fail(self.path, no, MAX_LINE + 1, f"the line is longer than {MAX_LINE:,} "
                       f"characters; no TRF record is (a 001 record of {MAX_ROUNDS} rounds "
                       f"ends at column {L.FIRST_ROUND_COL + L.ROUND_STEP * MAX_ROUNDS - 3})")
        code = line[:3]
        if code in TRF2026_CODES:
            self.version_2026 = True
        if not line.strip():
            self.layout.append(("", line, eol))
        elif code == "001":
            self.player(line, no, eol)
        elif code in H.HEADER_CODES and code not in self.seen_headers:
            self.header(code, line, no, eol)
        elif code == "112" and H.text_of(line):
            self.layout.append((f"112:{len(self.deputies)}", line, eol))
            self.deputies.append(H.text_of(line))
        elif code in POINT_CODES:
            self.point_lines.append((code, line, no))
            self.layout.append((f"pts:{code}", line, eol))
        elif code in ("013", "310"):
            self.team(code, line, no, eol)
        elif is_national(code, line):
            self.national(code, line, no, eol)
        else:
            self.other(code, line, no, eol)

    def player(self, line: str, no: int, eol: str) -> None:
        """A 001 record."""
        try:
            p = parse_player(line, self.path, no, self.diag, self.blocks)
        except FormatError:  # a used start number explains a "paired against themself"
            _start_no_unused(line, self.path, no, self.player_lines)
            raise
        _start_no_unused(line, self.path, no, self.player_lines, p.start_no)
        self.players[p.start_no] = p
        self.player_lines[p.start_no] = no
        self.layout.append((f"001:{p.start_no}", line, eol))

    def header(self, code: str, line: str, no: int, eol: str) -> None:
        """The first record of a header code (012, 022, 042…)."""
        self.seen_headers.add(code)
        self.t = H.apply(self.t, code, H.decode(code, line, self.path, no, self.dates))
        self.layout.append((f"h:{code}", line, eol))

    def team(self, code: str, line: str, no: int, eol: str) -> None:
        """A team record: 013 (TRF16) or 310 (TRF-2026)."""
        if code == "013":
            team, group = parse_013(line, self.path, no), self.teams013
        else:
            team, group = parse_310(line, self.path, no), self.teams310
        self.layout.append((f"{code}:{len(group)}", line, eol))
        group.append((team, no))

    def national(self, code: str, line: str, no: int, eol: str) -> None:
        """A national-rating record (a federation code, then 001's columns)."""
        self.version_2026 = True
        sn, rating, ident = parse_national(line, self.path, no)
        self.nationals.append(_National(layout_index=len(self.layout), code=code,
                                        start_no=sn, rating=rating, national_id=ident,
                                        line_no=no))
        self.layout.append(("", line, eol))  # resolved when the players are known

    def other(self, code: str, line: str, no: int, eol: str) -> None:
        """Any other record: kept verbatim (a second header, an unknown code, 299…)."""
        if code in H.HEADER_CODES:
            self.diag.warn(Location(self.path, no, 1), f"second {code} record "
                           f"{line.strip()!r} ignored (kept verbatim)", "trf-duplicate-record")
        elif code not in KNOWN_VERBATIM:
            self.diag.info(Location(self.path, no, 1), f"unknown record {code!r} kept "
                           "verbatim", "trf-unknown-record")
        elif code in TEAM_RECORDS:  # read later by teams/records.py, not located there
            check_numbers(line[4:], f"{code} record", Location(self.path, no, 5))
            if code == "299":
                self.numbers299.append(no)
        self.keep(code, line, eol)

    def keep(self, code: str, line: str, eol: str) -> None:
        """Keep ``line`` verbatim (in :attr:`verbatim`, pointed at by the layout)."""
        rows = self.verbatim.setdefault(code, [])
        self.layout.append((f"x:{code}:{len(rows)}", None, eol))
        rows.append(line)

    def keep_at(self, index: int, code: str, line: str, eol: str) -> None:
        """Keep ``line`` verbatim at place ``index`` of the layout."""
        rows = self.verbatim.setdefault(code, [])
        self.layout[index] = (f"x:{code}:{len(rows)}", None, eol)
        rows.append(line)

    # ------------------------------------------------------------ once every line is read

    def national_ratings(self, dec: Decoded) -> tuple[dict[int, list[Rating]],
                                                      dict[int, list[tuple[str, str]]]]:
        """The national ratings and IDs by start number; a record that says nothing or has
        no player (or a second one for the same list) stays verbatim."""
        ratings: dict[int, list[Rating]] = {}
        ids: dict[int, list[tuple[str, str]]] = {}
        seen: set[tuple[int, str]] = set()
        for nat in self.nationals:
            code, sn = nat.code, nat.start_no
            line, eol = dec.lines[nat.line_no - 1], dec.endings[nat.line_no - 1]
            if nat.rating is None and not nat.national_id:
                self.keep_at(nat.layout_index, code, line, eol)
                continue
            if sn not in self.players or (sn, code) in seen:
                why = "has no 001 record" if sn not in self.players \
                    else f"already has a {code} record"
                self.diag.warn(Location(self.path, nat.line_no, L.START[0]), f"{code} rating "
                               f"record for start number {sn}, which {why}; kept verbatim",
                               "trf-orphan-national")
                self.keep_at(nat.layout_index, code, line, eol)
                continue
            seen.add((sn, code))
            self.layout[nat.layout_index] = (f"n:{code}:{sn}", line, eol)
            if nat.rating is not None:
                ratings.setdefault(sn, []).append(Rating(code, nat.rating))
            if nat.national_id:
                ids.setdefault(sn, []).append((code, nat.national_id))
        return ratings, ids

    def team_of(self, team_rows: list[tuple[Team, int]]) -> dict[int, str]:
        """Each member's team (310 wins over 013 when both are present)."""
        team_of: dict[int, str] = {}
        for team, no in team_rows:
            for member in team.members:
                if member not in self.players:
                    self.diag.warn(Location(self.path, no, 1), f"team {team.name!r} lists "
                                   f"start number {member}, which has no 001 record",
                                   "trf-team-member")
                elif member in team_of:
                    self.diag.warn(Location(self.path, no, 1), f"player {member} is in team "
                                   f"{team_of[member]!r} and in {team.name!r}",
                                   "trf-team-member")
                else:
                    team_of[member] = team.name
        return team_of

    def bonus_points(self) -> dict[int, list[PointAdjustment]]:
        """The 299 bonus and penalty points of an individual event, by start number."""
        lines299 = self.verbatim.get("299", ())
        bonus = adjustments(lines299, self.numbers299, self.path, self.diag)
        orphans = bonus.keys() - self.players.keys()
        first299: dict[int, int] = {}  # the first 299 line of each orphan, in one pass
        for line, n in zip(lines299, self.numbers299, strict=True) if orphans else ():
            for sn in adjustments((line,)).keys() & orphans:
                first299.setdefault(sn, n)
        for sn in sorted(orphans):
            self.diag.warn(Location(self.path, first299[sn], L.A299_FIRST_ID), f"a 299 "
                           f"record gives points to start number {sn}, which has no 001 "
                           "record; ignored", "trf-299-player")
        return bonus

    def result(self, dec: Decoded) -> ReadResult:
        """The tournament, checked, with what writing it back needs."""
        path, diag, players = self.path, self.diag, self.players
        ratings, ids = self.national_ratings(dec)
        team_rows = self.teams310 or self.teams013
        teams = tuple(team for team, _ in team_rows)
        _team_numbers_once(self.teams310, path)
        team_of = self.team_of(team_rows)
        H.unclear_dates(self.dates, diag)
        points = point_system(self.point_lines, path)
        results = {sn: list(p.results) for sn, p in players.items()}
        changed = double_forfeits(results)
        where = places(path, self.player_lines)
        check_games(results, where, diag, "trf", record="001 record",
                    total_rounds=self.t.total_rounds, team_of=team_of)
        # Individual events only: in team events 299 records keep their team meaning.
        bonus = {} if teams else self.bonus_points()
        final = []
        for sn, p in players.items():
            if sn in changed or sn in ratings or sn in ids or sn in team_of or sn in bonus:
                p = replace(
                    p,
                    results=tuple(results[sn]),
                    ratings=tuple(ratings.get(sn, ())),
                    national_ids=tuple(ids.get(sn, ())),
                    team=team_of.get(sn, ""),
                    adjustments=tuple(bonus.get(sn, ())),
                )
            final.append(p)
        check_points(final, points, where, diag, "trf", show=show,
                     note=" under the file's point system",
                     bonus=bonus_totals(self.verbatim.get("299", ())))
        version = "2026" if self.version_2026 else "16"
        t = replace(self.t, players=tuple(final), deputy_arbiters=tuple(self.deputies),
                    point_system=points, teams=teams)
        extras: dict[str, str] = {
            "trf:version": version,
            "trf:encoding": dec.encoding,
            "trf:newline": EOL_NAMES[dec.newline],
        }
        if dec.bom:
            extras["trf:bom"] = "yes"
        if not dec.final_newline:
            extras["trf:final-newline"] = "no"
        for code, rows in self.verbatim.items():
            extras[f"trf:{code}"] = "\n".join(rows)
        # The layout (what a writer needs to give the file back) is worked out when
        # something first asks for it: reading for a report never does.
        layout, model, newline = self.layout, t, dec.newline

        def make_layout() -> str:
            from . import _lines  # the writer's side: imported only when the layout is asked for

            return _lines.encode(_lines.minimal(layout, model, newline, changed))

        t = replace(t, extras=LazyExtras(extras, {LAYOUT_KEY: make_layout}))
        details = {
            "version": version,
            "line endings": dec.newline_name,
            "BOM": "yes" if dec.bom else "no",
            "final newline": "yes" if dec.final_newline else "no",
        }
        return ReadResult(tournament=t, format=f"trf{version}", encoding=dec.encoding,
                          diagnostics=diag.freeze(), details=details)


__all__ = ["LAYOUT_KEY", "TRF2026_CODES", "read_trf"]


def _start_no_unused(line: str, path: str, no: int, player_lines: dict[int, int],
                     start_no: int | None = None) -> None:
    """Raise when the start number of 001 line ``no`` (``start_no``, else read from the
    line) was used by an earlier 001 line."""
    if start_no is None:
        try:
            start_no = parse_start_no(line, path, no)
        except FormatError:
            return
    if start_no in player_lines:
        raise fail(path, no, L.START[0], f"start number {start_no} is used twice "
                   f"(first on line {player_lines[start_no]})")


def _team_numbers_once(teams310: list[tuple[Team, int]], path: str) -> None:
    """Each 310 record is one team: a team number used twice is the file's error (a copy
    of a record, or two teams numbered alike), at the second record.  A record without a
    number is numbered by its place among the 310 records, as the team standings number it."""
    first: dict[int, int] = {}
    for k, (team, no) in enumerate(teams310, 1):
        number = k if team.number is None else team.number
        if number in first:
            how = "" if team.number is not None else " (its place: the record has none)"
            raise fail(path, no, L.T310_NUMBER[0], f"team number {number}{how} is used twice "
                       f"(first on line {first[number]}): each 310 record is one team")
        first[number] = no
