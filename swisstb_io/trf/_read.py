"""The TRF reader: TRF16, TRF-2026 and the TRF(x) / bbpPairings / Tornelo extensions."""

from __future__ import annotations

from dataclasses import replace

from ..errors import Diagnostics, FormatError, Location
from ..extras import LazyExtras
from ..limits import MAX_ROUNDS, check_numbers
from ..model import DateText, Player, Rating, RoundResult, Team, Tournament
from ..registry import ReadOptions, ReadResult
from ..validate import check_games, check_points
from . import _headers as H
from . import _layout as L
from ._checks import adjustments, bonus_totals, double_forfeits, places, show
from ._decode import EOL_NAMES, decode
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
    return _read(data, path, options)


def _read(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    if not data.strip():
        raise FormatError("the file is empty; a TRF file has at least a 012 or 001 record",
                          Location(path, 1, 1))
    dec = decode(data, path)
    diag = Diagnostics(strict=options.strict)
    t = Tournament()
    layout: list[tuple[str, str | None, str]] = []
    verbatim: dict[str, list[str]] = {}
    players: dict[int, Player] = {}
    player_lines: dict[int, int] = {}
    point_lines: list[tuple[str, str, int]] = []
    deputies: list[str] = []
    seen_headers: set[str] = set()
    teams013: list[tuple[Team, int]] = []
    teams310: list[tuple[Team, int]] = []
    nationals: list[tuple[int, str, int, int | None, str, int]] = []
    version_2026 = False
    block_cache: dict[str, RoundResult] = {}
    numbers299: list[int] = []
    dates: list[tuple[DateText, Location]] = []

    def keep(code: str, line: str, eol: str) -> None:
        rows = verbatim.setdefault(code, [])
        layout.append((f"x:{code}:{len(rows)}", None, eol))
        rows.append(line)

    for idx, (line, eol) in enumerate(zip(dec.lines, dec.endings, strict=True)):
        no = idx + 1
        if len(line) > MAX_LINE:
            raise fail(path, no, MAX_LINE + 1, f"the line is longer than {MAX_LINE:,} "
                       f"characters; no TRF record is (a 001 record of {MAX_ROUNDS} rounds "
                       f"ends at column {L.FIRST_ROUND_COL + L.ROUND_STEP * MAX_ROUNDS - 3})")
        code = line[:3]
        if code in TRF2026_CODES:
            version_2026 = True
        if not line.strip():
            layout.append(("", line, eol))
        elif code == "001":
            try:
                p = parse_player(line, path, no, diag, block_cache)
            except FormatError:  # a used start number explains a "paired against themself"
                _start_no_unused(line, path, no, player_lines)
                raise
            _start_no_unused(line, path, no, player_lines, p.start_no)
            players[p.start_no] = p
            player_lines[p.start_no] = no
            layout.append((f"001:{p.start_no}", line, eol))
        elif code in H.HEADER_CODES and code not in seen_headers:
            seen_headers.add(code)
            t = H.apply(t, code, H.decode(code, line, path, no, dates))
            layout.append((f"h:{code}", line, eol))
        elif code == "112" and H.text_of(line):
            layout.append((f"112:{len(deputies)}", line, eol))
            deputies.append(H.text_of(line))
        elif code in POINT_CODES:
            point_lines.append((code, line, no))
            layout.append((f"pts:{code}", line, eol))
        elif code in ("013", "310"):
            team = parse_013(line, path, no) if code == "013" else parse_310(line, path, no)
            group = teams013 if code == "013" else teams310
            layout.append((f"{code}:{len(group)}", line, eol))
            group.append((team, no))
        elif is_national(code, line):
            version_2026 = True
            sn, rating, ident = parse_national(line, path, no)
            nationals.append((len(layout), code, sn, rating, ident, no))
            layout.append(("", line, eol))  # resolved below
        else:
            if code in H.HEADER_CODES:
                diag.warn(Location(path, no, 1), f"second {code} record {line.strip()!r} "
                          "ignored (kept verbatim)", "trf-duplicate-record")
            elif code not in KNOWN_VERBATIM:
                diag.info(Location(path, no, 1), f"unknown record {code!r} kept verbatim",
                          "trf-unknown-record")
            elif code in TEAM_RECORDS:  # read later by teams/records.py, not located there
                check_numbers(line[4:], f"{code} record", Location(path, no, 5))
                if code == "299":
                    numbers299.append(no)
            keep(code, line, eol)

    if not players and "012" not in seen_headers:
        raise FormatError("no 012 or 001 record found; this does not look like a TRF file",
                          Location(path, 1, 1))

    # National-rating records: attach to players.
    ratings: dict[int, list[Rating]] = {}
    ids: dict[int, list[tuple[str, str]]] = {}
    nat_seen: set[tuple[int, str]] = set()
    for pos, code, sn, rating, ident, no in nationals:
        line, eol = dec.lines[no - 1], dec.endings[no - 1]
        if rating is None and not ident:  # says nothing: an empty record stays as it is
            rows = verbatim.setdefault(code, [])
            layout[pos] = (f"x:{code}:{len(rows)}", None, eol)
            rows.append(line)
            continue
        if sn not in players or (sn, code) in nat_seen:
            why = "has no 001 record" if sn not in players else f"already has a {code} record"
            diag.warn(Location(path, no, L.START[0]), f"{code} rating record for start number "
                      f"{sn}, which {why}; kept verbatim", "trf-orphan-national")
            rows = verbatim.setdefault(code, [])
            layout[pos] = (f"x:{code}:{len(rows)}", None, eol)
            rows.append(line)
            continue
        nat_seen.add((sn, code))
        layout[pos] = (f"n:{code}:{sn}", line, eol)
        if rating is not None:
            ratings.setdefault(sn, []).append(Rating(code, rating))
        if ident:
            ids.setdefault(sn, []).append((code, ident))

    # Teams: 310 wins over 013 when both are present.
    team_rows = teams310 or teams013
    teams = tuple(team for team, _ in team_rows)
    _team_numbers_once(teams310, path)
    team_of: dict[int, str] = {}
    for team, no in team_rows:
        for member in team.members:
            if member not in players:
                diag.warn(Location(path, no, 1), f"team {team.name!r} lists start number "
                          f"{member}, which has no 001 record", "trf-team-member")
            elif member in team_of:
                diag.warn(Location(path, no, 1), f"player {member} is in team "
                          f"{team_of[member]!r} and in {team.name!r}", "trf-team-member")
            else:
                team_of[member] = team.name

    H.unclear_dates(dates, diag)
    points = point_system(point_lines, path)
    results = {sn: list(p.results) for sn, p in players.items()}
    changed = double_forfeits(results)
    where = places(path, player_lines)
    check_games(results, where, diag, "trf", record="001 record", total_rounds=t.total_rounds,
                team_of=team_of)
    # Individual events only: in team events 299 records keep their team meaning.
    bonus = {} if teams else adjustments(verbatim.get("299", ()), numbers299, path, diag)
    orphans = bonus.keys() - players.keys()
    first299: dict[int, int] = {}  # the first 299 line of each orphan, in one pass
    for line, n in zip(verbatim.get("299", ()), numbers299, strict=True) if orphans else ():
        for sn in adjustments((line,)).keys() & orphans:
            first299.setdefault(sn, n)
    for sn in sorted(orphans):
        diag.warn(Location(path, first299[sn], L.A299_FIRST_ID), f"a 299 record gives points "
                  f"to start number {sn}, which has no 001 record; ignored", "trf-299-player")
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
                 bonus=bonus_totals(verbatim.get("299", ())))

    version = "2026" if version_2026 else "16"
    t = replace(t, players=tuple(final), deputy_arbiters=tuple(deputies), point_system=points,
                teams=teams)
    extras: dict[str, str] = {
        "trf:version": version,
        "trf:encoding": dec.encoding,
        "trf:newline": EOL_NAMES[dec.newline],
    }
    if dec.bom:
        extras["trf:bom"] = "yes"
    if not dec.final_newline:
        extras["trf:final-newline"] = "no"
    for code, rows in verbatim.items():
        extras[f"trf:{code}"] = "\n".join(rows)
    # The layout (what a writer needs to give the file back) costs about a sixth of the
    # read; it is worked out when something first asks for it.
    model, newline = t, dec.newline

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
    return ReadResult(t, f"trf{version}", dec.encoding, diag.freeze(), details=details)



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
