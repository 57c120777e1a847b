"""The TRF-2026 team records, read from the lines the TRF reader keeps verbatim.

The TRF reader keeps 240, 299, 300, 320, 330, 352 and 362 as they were written (in
``Tournament.extras["trf:<code>"]``, one line per record) so a round trip stays byte-exact;
this module gives them their team meaning (TRF26 columns, 1-based, as in ``teams.md``):

* 240 ``T RRR IIII IIII…``: F / H / Z team byes in round RRR for the teams listed;
* 299: typed per-round results, blank-type adjustments (bonus / penalty) and typed lines
  with no round and no team (new default value of that result type);
* 300 ``RRR TTT OOO IIII…``: a team's line-up in board order (``0`` = empty board);
* 320 ``MMMM GGGG TTT TTT…``: the PAB's match and game points, then the team with the PAB in
  each round (``000`` or blank: none);
* 330 ``XX RRR WWW BBB``: a whole match forfeited (``+-``, ``-+``, ``--``);
* 352: the board colour sequence of the white team (its length is the board count);
* 362: TW / TD / TL match points, read by tokens (the 9-column grid or the 10-column spacing
  Sharly-Chess writes alike).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ..model import Tournament


@dataclass(frozen=True)
class MatchPoints:
    """Match points for a won, drawn and lost match (362 TW / TD / TL; default 2-1-0)."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)


@dataclass(frozen=True)
class TeamBye:
    """A team bye: ``kind`` is ``PAB`` (320), ``FPB``, ``HPB`` or ``ZPB`` (240 F / H / Z)."""

    round: int
    team_no: int
    kind: str


@dataclass(frozen=True)
class ForfeitedMatch:
    """A whole match forfeited (330): ``kind`` ``+-`` (white wins), ``-+`` or ``--``."""

    round: int
    white: int
    black: int
    kind: str


@dataclass(frozen=True)
class LineUp:
    """A team's line-up in one round (300): start numbers in board order, ``None`` = empty."""

    round: int
    team_no: int
    opponent_no: int
    players: tuple[int | None, ...]


@dataclass(frozen=True)
class TeamAdjustment:
    """A 299 record of a team event.

    ``kind``: ``"bonus"`` (blank type: points added from ``round``; ``None`` = the whole
    event), ``"result"`` (that team's result ``letter`` in ``round`` with these points) or
    ``"default"`` (no round and no team: the new value of result type ``letter``).
    """

    kind: str
    letter: str
    mp: Fraction | None
    gp: Fraction | None
    round: int | None
    team_no: int | None


@dataclass(frozen=True)
class TeamRecords:
    """Every team record of one file, parsed."""

    colours: str = ""
    """352: the colour sequence (``WBWB``); empty when the file has none."""
    match_points: MatchPoints = MatchPoints()
    pab: tuple[Fraction, Fraction] | None = None
    """320: the PAB's (match points, game points); ``None`` without a 320 record."""
    byes: tuple[TeamBye, ...] = ()
    forfeits: tuple[ForfeitedMatch, ...] = ()
    lineups: tuple[LineUp, ...] = ()
    adjustments: tuple[TeamAdjustment, ...] = ()


def _lines(t: Tournament, code: str) -> list[str]:
    text = t.extras.get(f"trf:{code}", "")
    return [line for line in text.split("\n") if line.strip()] if text else []


def _int(text: str) -> int:
    """A number field; 0 when blank or not a number."""
    s = text.strip()
    return int(s) if s.isascii() and s.isdigit() else 0


_DECIMAL = re.compile(r"-?\d+(?:[.,]\d+)?")


def parse_number(text: str) -> Fraction | None:
    """``2.5`` / ``-5,0`` as an exact Fraction; ``None`` when blank or not a number."""
    s = text.strip()
    return Fraction(s.replace(",", ".")) if _DECIMAL.fullmatch(s) else None


def _numbers(text: str) -> list[int]:
    """Every whole number in ``text`` (team or player lists; tabs and spaces alike)."""
    return [int(x) for x in re.findall(r"\d+", text)]


_362 = re.compile(r"(T[WDL])\s*(-?\d+(?:[.,]\d+)?)", re.IGNORECASE)


def read_records(t: Tournament) -> TeamRecords:
    """The team records of ``t`` (a TRF-2026 file read by :mod:`swisstb_io.trf`)."""
    colours = ""
    for line in _lines(t, "352"):
        colours = line[4:].strip().upper()
    mp = MatchPoints()
    for line in _lines(t, "362"):
        values = {m[1].upper(): Fraction(m[2].replace(",", ".")) for m in _362.finditer(line)}
        mp = MatchPoints(values.get("TW", mp.win), values.get("TD", mp.draw),
                         values.get("TL", mp.loss))
    byes: list[TeamBye] = []
    pab: tuple[Fraction, Fraction] | None = None
    for line in _lines(t, "320"):
        p_mp, p_gp = parse_number(line[4:8]), parse_number(line[9:13])
        if p_mp is not None and p_gp is not None:
            pab = (p_mp, p_gp)
        col, rnd = 14, 1
        while col < len(line):
            team = _int(line[col:col + 3])
            if team:
                byes.append(TeamBye(rnd, team, "PAB"))
            col, rnd = col + 4, rnd + 1
    for line in _lines(t, "240"):
        kind = {"F": "FPB", "H": "HPB", "Z": "ZPB"}.get(line[4:5].upper())
        rnd = _int(line[6:9])
        if kind is None or not rnd:
            continue
        byes.extend(TeamBye(rnd, team, kind) for team in _numbers(line[10:]) if team)
    forfeits: list[ForfeitedMatch] = []
    for line in _lines(t, "330"):
        kind, rnd, white, black = line[4:6], _int(line[7:10]), _int(line[11:14]), \
            _int(line[15:18])
        if kind in ("+-", "-+", "--") and rnd and white and black:
            forfeits.append(ForfeitedMatch(rnd, white, black, kind))
    lineups: list[LineUp] = []
    for line in _lines(t, "300"):
        rnd, team, opp = _int(line[4:7]), _int(line[8:11]), _int(line[12:15])
        if rnd and team:
            players = tuple(n or None for n in _numbers(line[16:]))
            lineups.append(LineUp(rnd, team, opp, players))
    adjustments: list[TeamAdjustment] = []
    for line in _lines(t, "299"):
        letter = line[4:5].strip().upper()
        a_mp, a_gp = parse_number(line[7:11]), parse_number(line[13:17])
        at = _int(line[19:22]) or None
        teams = [n for n in _numbers(line[23:]) if n]
        if not letter:
            adjustments.extend(TeamAdjustment("bonus", "", a_mp, a_gp, at, n) for n in teams)
        elif at is None and not teams:
            adjustments.append(TeamAdjustment("default", letter, a_mp, a_gp, None, None))
        else:
            adjustments.extend(TeamAdjustment("result", letter, a_mp, a_gp, at, n)
                               for n in teams)
    return TeamRecords(colours=colours, match_points=mp, pab=pab, byes=tuple(byes),
                       forfeits=tuple(forfeits), lineups=tuple(lineups),
                       adjustments=tuple(adjustments))
