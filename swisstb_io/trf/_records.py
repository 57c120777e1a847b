"""Decoding single TRF records into model values (shared by the reader and the writer's
"is the original line still right?" check, so both agree by construction)."""

from __future__ import annotations

import datetime as dt
import re
from fractions import Fraction
from functools import lru_cache

from ..errors import Diagnostics, FormatError, Location
from ..limits import MAX_POINTS_DIGITS
from ..model import Color, Outcome, Player, RoundResult, Team
from . import layout as L

RESULT_CODES: dict[str, Outcome] = {
    "1": Outcome.WIN,
    "=": Outcome.DRAW,
    "0": Outcome.LOSS,
    "W": Outcome.WIN_UNRATED,
    "D": Outcome.DRAW_UNRATED,
    "L": Outcome.LOSS_UNRATED,
    "+": Outcome.FORFEIT_WIN,
    "-": Outcome.FORFEIT_LOSS,
    "F": Outcome.FULL_BYE,
    "H": Outcome.HALF_BYE,
    "U": Outcome.PAIRING_BYE,
    "Z": Outcome.ZERO_BYE,
    " ": Outcome.NOT_PAIRED,
    "": Outcome.NOT_PAIRED,
}
COLORS: dict[str, Color] = {
    "w": Color.WHITE,
    "W": Color.WHITE,
    "b": Color.BLACK,
    "B": Color.BLACK,
    "-": Color.NONE,
    " ": Color.NONE,
    "": Color.NONE,
}
TITLES: dict[str, str] = {
    "g": "GM",
    "m": "IM",
    "f": "FM",
    "c": "CM",
    "wg": "WGM",
    "wm": "WIM",
    "wf": "WFM",
    "wc": "WCM",
}
_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")
_MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
_YMD = re.compile(r"(\d{4})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})")
_DMY = re.compile(r"(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})")
_YY = re.compile(r"(\d{2})/(\d{2})/(\d{2})")
_MDY_TEXT = re.compile(r"([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})")


def fail(path: str, line_no: int, col: int, message: str) -> FormatError:
    return FormatError(message, Location(path, line_no, col))


def parse_date(text: str) -> dt.date | None:
    """``2025/03/01``, ``2025-03-01``, ``24/09/2010``, ``28. 07. 2005``, ``May 29, 2020``,
    ``24/12/01`` (YY/MM/DD); ``None`` when it is none of those or not a real date."""
    s = text.strip()
    try:
        if m := _YMD.fullmatch(s):
            return dt.date(int(m[1]), int(m[2]), int(m[3]))
        if m := _DMY.fullmatch(s):
            return dt.date(int(m[3]), int(m[2]), int(m[1]))
        if m := _YY.fullmatch(s):
            return dt.date(2000 + int(m[1]), int(m[2]), int(m[3]))
        if (m := _MDY_TEXT.fullmatch(s)) and m[1].lower() in _MONTHS:
            return dt.date(int(m[3]), _MONTHS[m[1].lower()], int(m[2]))
    except ValueError:
        return None
    return None


@lru_cache(maxsize=1024)
def parse_number(text: str) -> Fraction | None:
    """``2.5`` / ``2,5`` / ``-1.0`` as an exact fraction; ``None`` if not a number.

    Cached: a file repeats a few point texts many times."""
    s = text.strip()
    if len(s) > MAX_POINTS_DIGITS or not _NUMBER.fullmatch(s):
        return None
    return Fraction(s.replace(",", "."))


def _int_field(line: str, span: L.Span, what: str, path: str, no: int) -> int | None:
    text = L.cut(line, span).strip()
    if not text:
        return None
    if not text.isascii() or not text.isdigit():
        raise fail(path, no, span[0], f"{what} {text!r} is not a number "
                   f"(columns {span[0]}-{span[1]})")
    return int(text)


def parse_start_no(line: str, path: str, no: int) -> int:
    value = _int_field(line, L.START, "start number", path, no)
    if value is None or value == 0:
        raise fail(path, no, L.START[0], f"start number {L.cut(line, L.START)!r} is missing "
                   f"or zero (columns {L.START[0]}-{L.START[1]}, 1 to 9999)")
    return value


def parse_title(text: str) -> str:
    t = text.strip()
    return TITLES.get(t.lower(), t.upper())


def parse_rating(line: str, path: str, no: int) -> int | None:
    return _int_field(line, L.RATING, "rating", path, no) or None


def parse_player(
    line: str,
    path: str,
    no: int,
    diag: Diagnostics | None,
    blocks: dict[str, RoundResult] | None = None,
) -> Player:
    """One ``001`` line (fields of that line only: no team, no national ratings).

    ``blocks``: the round blocks already read from this file (see :func:`parse_rounds`)."""
    start_no = parse_start_no(line, path, no)
    points_text = L.cut(line, L.POINTS).strip()
    points = parse_number(points_text)
    if points is None and points_text:
        raise fail(path, no, L.POINTS[0], f"points {points_text!r} are not a number "
                   f"(columns {L.POINTS[0]}-{L.POINTS[1]}, e.g. '2.5')")
    results = parse_rounds(line, start_no, path, no, diag, {} if blocks is None else blocks)
    rating = parse_rating(line, path, no)
    rank = _int_field(line, L.RANK, "rank", path, no)
    fide_id = L.cut(line, L.FIDE_ID).strip()
    return Player(
        start_no=start_no,
        name=L.cut(line, L.NAME).strip(),
        results=results,
        sex=L.cut(line, L.SEX).strip(),
        title=parse_title(L.cut(line, L.TITLE)),
        fide_rating=rating,
        federation=L.cut(line, L.FED).strip(),
        fide_id=fide_id if fide_id.strip("0") else "",
        birth=L.cut(line, L.BIRTH).strip(),
        declared_points=points,
        declared_rank=rank,
    )


_CODES_ANY_CASE = {**RESULT_CODES, **{k.lower(): v for k, v in RESULT_CODES.items()}}


def parse_rounds(
    line: str,
    me: int,
    path: str,
    no: int,
    diag: Diagnostics | None,
    blocks: dict[str, RoundResult],
) -> tuple[RoundResult, ...]:
    """The round blocks of player ``me``'s 001 line, one every 10 columns from column 92,
    without the trailing rounds that hold nothing.

    ``blocks`` maps the block texts already read from this file without a warning to their
    result (one dict per file): most blocks of a file recur, and an equal text is an equal
    result."""
    results: list[RoundResult] = []
    for k, base in enumerate(range(L.FIRST_ROUND_COL - 1, len(line), L.ROUND_STEP)):
        text = line[base : base + L.BLOCK_WIDTH]
        rr = blocks.get(text)
        if rr is None:
            rr, clean = _block(text, k + 1, base + 1, me, path, no, diag)
            if clean:
                blocks[text] = rr
        elif rr.opponent == me:
            raise _self_pairing(k + 1, base + 1, me, path, no)
        results.append(rr)
    while results and results[-1].outcome is Outcome.NOT_PAIRED \
            and results[-1].opponent is None:
        results.pop()
    return tuple(results)


def _self_pairing(rnd: int, col: int, me: int, path: str, no: int) -> FormatError:
    return fail(path, no, col, f"round {rnd}: player {me} is paired against themself")


def _block(
    block: str, rnd: int, col: int, me: int, path: str, no: int, diag: Diagnostics | None
) -> tuple[RoundResult, bool]:
    """Round ``rnd``'s block (its 8 columns from column ``col``): the result, and whether
    it was read without a warning.  What cannot be read raises; what can be decided is
    warned about."""
    clean = True
    opp_text, c, r = block[:4], block[5:6], block[7:8]
    if block[4:5].strip() or block[6:7].strip():
        clean = False
        if diag is not None:
            diag.warn(Location(path, no, col + 4),
                      f"round {rnd}: block {block!r} has text where a space belongs "
                      "(misaligned columns; is the file in another encoding?)", "trf-misaligned")
    outcome = _CODES_ANY_CASE.get(r)
    if outcome is None:
        raise fail(path, no, col + L.RESULT_OFFSET, f"round {rnd}: unknown result code "
                   f"{r!r} (expected one of 1 = 0 W D L + - F H U Z or blank)")
    s = opp_text.strip()
    if s and not (s.isdigit() and s.isascii()):
        raise fail(path, no, col, f"round {rnd}: opponent {opp_text!r} is not a start "
                   f"number (columns {col}-{col + 3})")
    color = COLORS.get(c)
    if color is None:
        color, clean = Color.NONE, False
        if diag is not None:
            diag.warn(Location(path, no, col + L.COLOR_OFFSET),
                      f"round {rnd}: colour {c!r} is not w, b or - (misaligned columns; is the "
                      "file in another encoding?)", "trf-misaligned")
    opp = int(s) if s else 0
    if outcome.is_bye:
        if opp or color is not Color.NONE:
            if diag is not None:
                diag.warn(Location(path, no, col),
                          f"round {rnd}: bye {r!r} with opponent {s!r} and colour {c!r}; "
                          "expected '0000 -'", "trf-bye-with-opponent")
            opp, color, clean = 0, Color.NONE, False
    elif outcome.played:
        if not opp and r == "=" and color is Color.NONE:
            # Swiss Master and Krause-style exports write a half-point bye as a draw
            # against nobody (``0000 - =`` or ``     - =``); the layout keeps the text.
            return RoundResult(Outcome.HALF_BYE), clean
        if not opp:
            raise fail(path, no, col, f"round {rnd}: result {r!r} needs an opponent, "
                       f"but the opponent is {opp_text!r}")
        if color is Color.NONE:
            clean = False
            if diag is not None:
                diag.warn(Location(path, no, col + L.COLOR_OFFSET),
                          f"round {rnd}: game with result {r!r} has no colour",
                          "trf-missing-colour")
    if opp == me:
        raise _self_pairing(rnd, col, me, path, no)
    return RoundResult(outcome, opp or None, color), clean


def parse_national(line: str, path: str, no: int) -> tuple[int, int | None, str]:
    """A national-rating record: ``(start_no, rating, national_id)``."""
    ident = L.cut(line, L.FIDE_ID).strip()
    return (parse_start_no(line, path, no), parse_rating(line, path, no),
            "" if ident.strip("0") == "" else ident)


def _members(line: str, first: int, path: str, no: int) -> tuple[int, ...]:
    out: list[int] = []
    col = first
    while col <= len(line):
        text = line[col - 1 : col - 1 + L.MEMBER_WIDTH].strip()
        if text:
            if not (text.isascii() and text.isdigit()) or int(text) == 0:
                raise fail(path, no, col, f"team member {text!r} is not a start number "
                           f"(columns {col}-{col + 3})")
            out.append(int(text))
        col += L.T013_STEP
    return tuple(out)


def parse_013(line: str, path: str, no: int) -> Team:
    return Team(L.cut(line, L.T013_NAME).strip(), _members(line, L.T013_FIRST_MEMBER, path, no))


T310_EXTRAS = (
    ("trf:nickname", L.T310_NICK),
    ("trf:strength", L.T310_STRENGTH),
    ("trf:match-points", L.T310_MP),
    ("trf:game-points", L.T310_GP),
    ("trf:rank", L.T310_RANK),
)


def parse_310(line: str, path: str, no: int) -> Team:
    number_text = L.cut(line, L.T310_NUMBER).strip()
    if number_text and not (number_text.isascii() and number_text.isdigit()):
        raise fail(path, no, L.T310_NUMBER[0], f"team number {number_text!r} is not a number "
                   f"(columns {L.T310_NUMBER[0]}-{L.T310_NUMBER[1]})")
    extras = {k: v for k, span in T310_EXTRAS if (v := L.cut(line, span).strip())}
    return Team(
        name=L.cut(line, L.T310_NAME).strip(),
        members=_members(line, L.T310_FIRST_MEMBER, path, no),
        number=int(number_text) if number_text else None,
        extras=extras,
    )
