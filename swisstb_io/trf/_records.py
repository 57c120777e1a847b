"""Decoding single TRF records into model values (shared by the reader and the writer's
"is the original line still right?" check, so both agree by construction)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from fractions import Fraction
from itertools import compress
from operator import attrgetter, not_

from ..errors import Diagnostics, FormatError, Location
from ..limits import MAX_POINTS_DIGITS
from ..model import Color, Outcome, Player, RoundResult, Team
from . import _layout as L

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
# The rarer layouts are compiled on first use (re's cache), not at import.
_DMY = r"(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})"
_YY = r"(\d{2})/(\d{2})/(\d{2})"
_MDY_TEXT = r"([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})"


def fail(path: str, line_no: int, col: int, message: str) -> FormatError:
    return FormatError(message, Location(path, line_no, col))


def parse_date(text: str) -> dt.date | None:
    """``2025/03/01``, ``2025-03-01``, ``24/09/2010``, ``28. 07. 2005``, ``May 29, 2020``,
    ``24/12/01`` (YY/MM/DD); ``None`` when it is none of those or not a real date."""
    s = text.strip()
    try:
        if m := _YMD.fullmatch(s):
            return dt.date(int(m[1]), int(m[2]), int(m[3]))
        if m := re.fullmatch(_DMY, s):
            return dt.date(int(m[3]), int(m[2]), int(m[1]))
        if m := re.fullmatch(_YY, s):
            return dt.date(2000 + int(m[1]), int(m[2]), int(m[3]))
        if (m := re.fullmatch(_MDY_TEXT, s)) and m[1].lower() in _MONTHS:
            return dt.date(int(m[3]), _MONTHS[m[1].lower()], int(m[2]))
    except ValueError:
        return None
    return None


_NUMBERS: dict[str, Fraction] = {}
"""Parsed point texts (``"4.5"``): few distinct values, and Fraction() is slow."""


def parse_number(text: str) -> Fraction | None:
    """``2.5`` / ``2,5`` / ``-1.0`` as an exact fraction; ``None`` if not a number."""
    s = text.strip()
    hit = _NUMBERS.get(s)
    if hit is not None:
        return hit
    if len(s) > MAX_POINTS_DIGITS or not _NUMBER.fullmatch(s):
        return None
    value = Fraction(s.replace(",", "."))
    if len(_NUMBERS) < 4096:
        _NUMBERS[s] = value
    return value


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


def _slice(span: L.Span) -> slice:
    return slice(span[0] - 1, span[1])


_SEX, _TITLE, _NAME, _FED, _BIRTH = (_slice(s) for s in (L.SEX, L.TITLE, L.NAME, L.FED, L.BIRTH))
_START, _RATING, _FIDE_ID, _POINTS, _RANK = (
    _slice(s) for s in (L.START, L.RATING, L.FIDE_ID, L.POINTS, L.RANK))
_TITLES: dict[str, str] = {}
"""Title column texts already read (``" m "`` -> ``"IM"``)."""


def parse_player(
    line: str,
    path: str,
    no: int,
    diag: Diagnostics | None,
    cache: dict[str, RoundResult] | None = None,
) -> Player:
    """One ``001`` line (fields of that line only: no team, no national ratings).

    Hot loop: clean number fields are read inline; anything else goes through the
    checked parsers, which raise the errors."""
    text = line[_START].strip()
    if text.isdigit() and text.isascii() and text.strip("0"):
        start_no = int(text)
    else:
        start_no = parse_start_no(line, path, no)
    points_text = line[_POINTS]
    points = _NUMBERS.get(points_text.strip())
    if points is None:
        points = parse_number(points_text)
        if points is None and points_text.strip():
            raise fail(path, no, L.POINTS[0], f"points {points_text.strip()!r} are not a "
                       f"number (columns {L.POINTS[0]}-{L.POINTS[1]}, e.g. '2.5')")
    results = parse_rounds(line, start_no, path, no, diag, cache)
    text = line[_RATING].strip()
    if text.isdigit() and text.isascii():
        rating = int(text) or None
    else:
        rating = parse_rating(line, path, no) if text else None
    text = line[_RANK].strip()
    if text.isdigit() and text.isascii():
        rank: int | None = int(text)
    else:
        rank = _int_field(line, L.RANK, "rank", path, no) if text else None
    title_text = line[_TITLE]
    title = _TITLES.get(title_text)
    if title is None:
        title = parse_title(title_text)
        if len(_TITLES) < 1000:
            _TITLES[title_text] = title
    fide_id = line[_FIDE_ID].strip()
    return Player(
        start_no=start_no,
        name=line[_NAME].strip(),
        results=results,
        sex=line[_SEX].strip(),
        title=title,
        fide_rating=rating,
        federation=line[_FED].strip(),
        fide_id=fide_id if fide_id.strip("0") else "",
        birth=line[_BIRTH].strip(),
        declared_points=points,
        declared_rank=rank,
    )


_CODES_ANY_CASE = {**RESULT_CODES, **{k.lower(): v for k, v in RESULT_CODES.items()}}
_NONE, _BYE, _PLAY = 0, 1, 2
_KIND: dict[str, int] = {
    code: _BYE if o.is_bye else _PLAY if o.played else _NONE for code, o in _CODES_ANY_CASE.items()
}
"""Result code -> what it needs (enum hashing is slow in Python 3.11, so key by text)."""


def _clean_tails() -> dict[str, tuple[Outcome, Color, int]]:
    """Columns 96-99 of a block (space, colour, space, result) -> what they mean, for the
    combinations that need no diagnostic; anything else takes the slow path."""
    out: dict[str, tuple[Outcome, Color, int]] = {}
    for c, color in COLORS.items():
        if not c:
            continue
        for r, outcome in _CODES_ANY_CASE.items():
            kind = _KIND[r]
            if (kind == _PLAY and color is Color.NONE) or (kind == _BYE and color is not
                                                            Color.NONE):
                continue
            if r:
                out[f" {c} {r}"] = (outcome, color, kind)
        out[f" {c} "] = out[f" {c}"] = (Outcome.NOT_PAIRED, color, _NONE)
    out[" "] = out[""] = (Outcome.NOT_PAIRED, Color.NONE, _NONE)
    return out


_TAILS = _clean_tails()


_OPPONENT_OF = attrgetter("opponent")
_NOT_PAIRED = Outcome.NOT_PAIRED
_BLOCKS: dict[int, tuple[slice, ...]] = {}
"""Line length -> the slices of its round blocks (8 columns every 10, from column 92)."""


def _blocks(length: int) -> tuple[slice, ...]:
    slices = tuple(slice(base, base + 8)
                   for base in range(L.FIRST_ROUND_COL - 1, length, L.ROUND_STEP))
    if len(_BLOCKS) < 1000:
        _BLOCKS[length] = slices
    return slices


def parse_rounds(
    line: str,
    me: int,
    path: str,
    no: int,
    diag: Diagnostics | None,
    cache: dict[str, RoundResult] | None = None,
) -> tuple[RoundResult, ...]:
    """The round blocks of a 001 line.  Hot loop: ``cache`` maps block texts already seen
    (without problems) to their result (pass one dict per file), so most blocks cost one
    lookup done in C; a new block costs a few more, and anything unusual goes to
    :func:`_block`."""
    seen = {} if cache is None else cache
    slices = _BLOCKS.get(len(line)) or _blocks(len(line))
    blocks = list(map(line.__getitem__, slices))
    out: list[RoundResult | None] = list(map(seen.get, blocks))
    if not all(out):  # not "None in out": that would call RoundResult.__eq__ (Python code)
        _new_blocks(line, blocks, out, seen, me, path, no, diag)
    done: list[RoundResult] = out  # type: ignore[assignment]  # no None left
    if me in map(_OPPONENT_OF, done):
        _self_pairing(done, me, path, no)
    while done and done[-1].outcome is _NOT_PAIRED and done[-1].opponent is None:
        done.pop()
    return tuple(done)


def _new_blocks(line: str, blocks: list[str], out: list[RoundResult | None],
                seen: dict[str, RoundResult], me: int, path: str, no: int,
                diag: Diagnostics | None) -> None:
    """Fill the ``None`` entries of ``out``: the blocks not in ``seen``, in round order."""
    tails, opps = _TAILS, _OPPONENTS
    for k in compress(range(len(out)), map(not_, out)):  # the rounds still None
        block = blocks[k]
        rr = seen.get(block)  # the same block earlier on this line
        if rr is None:
            tail = tails.get(block[4:])
            opp = opps.get(block[:4])
            if opp is None:
                opp = _opponent(block[:4])
            if tail is None or opp < 0 or (tail[2] == _PLAY and not opp) or (
                    tail[2] == _BYE and opp):
                _self_pairing(out[:k], me, path, no)  # an earlier round's error comes first
                base = L.FIRST_ROUND_COL - 1 + k * L.ROUND_STEP
                rr, clean = _block(line, base, me, path, no, diag)
                if clean:
                    seen[block] = rr
            else:
                rr = seen[block] = RoundResult(tail[0], opp or None, tail[1])
        out[k] = rr


def _self_pairing(results: Sequence[RoundResult | None], me: int, path: str, no: int) -> None:
    """Raise for the first round in which player ``me`` meets themself."""
    for k, rr in enumerate(results):
        if rr is not None and rr.opponent == me:
            raise fail(path, no, L.FIRST_ROUND_COL + k * L.ROUND_STEP, f"round {k + 1}: "
                       f"player {me} is paired against themself")


_OPPONENTS: dict[str, int] = {"": 0, "    ": 0, "0000": 0}
"""Opponent column texts already parsed (-1: not a number); bounded by 4-character texts."""


def _opponent(text: str) -> int:
    s = text.strip()
    value = (int(s) if s else 0) if (s.isdigit() and s.isascii()) or not s else -1
    if len(_OPPONENTS) < 50_000:
        _OPPONENTS[text] = value
    return value


def _block(
    line: str, base: int, me: int, path: str, no: int, diag: Diagnostics | None
) -> tuple[RoundResult, bool]:
    """One round block the fast path did not accept: raise, or warn and decide."""
    rnd = (base - 90) // 10 + 1
    block = line[base : base + 8]
    clean = True
    if block[4:5].strip() or block[6:7].strip():
        clean = False
        if diag is not None:
            diag.warn(Location(path, no, base + 5),
                      f"round {rnd}: block {block!r} has text where a space belongs "
                      "(misaligned columns; is the file in another encoding?)", "trf-misaligned")
    opp_text, c, r = block[:4], block[5:6], block[7:8]
    color = _slow_block(line, base, path, no, diag)
    if color is not COLORS.get(c):
        clean = False
    kind = _KIND[r]
    s = opp_text.strip()
    opp = int(s) if s else 0
    if kind == _BYE:
        if opp or color is not Color.NONE:
            if diag is not None:
                diag.warn(Location(path, no, base + 1),
                          f"round {rnd}: bye {r!r} with opponent {s!r} and colour {c!r}; "
                          "expected '0000 -'", "trf-bye-with-opponent")
            opp, color, clean = 0, Color.NONE, False
    elif kind == _PLAY:
        if not opp and r == "=" and color is Color.NONE:
            # Swiss Master and Krause-style exports write a half-point bye as a draw
            # against nobody (``0000 - =`` or ``     - =``); the layout keeps the text.
            return RoundResult(Outcome.HALF_BYE), clean
        if not opp:
            raise fail(path, no, base + 1, f"round {rnd}: result {r!r} needs an opponent, "
                       f"but the opponent is {opp_text!r}")
        if color is Color.NONE:
            clean = False
            if diag is not None:
                diag.warn(Location(path, no, base + 1 + L.COLOR_OFFSET),
                          f"round {rnd}: game with result {r!r} has no colour",
                          "trf-missing-colour")
    if opp == me:
        raise fail(path, no, base + 1, f"round {rnd}: player {me} is paired against themself")
    return RoundResult(_CODES_ANY_CASE[r], opp or None, color), clean


def _slow_block(line: str, base: int, path: str, no: int, diag: Diagnostics | None) -> Color:
    """The unusual cases of a round block: raise, or warn and return the colour to use."""
    rnd = (base - 90) // 10 + 1
    opp_text = line[base : base + 4]
    c = line[base + 5 : base + 6]
    r = line[base + 7 : base + 8]
    if r not in _CODES_ANY_CASE:
        raise fail(path, no, base + 1 + L.RESULT_OFFSET, f"round {rnd}: unknown result code "
                   f"{r!r} (expected one of 1 = 0 W D L + - F H U Z or blank)")
    s = opp_text.strip()
    if s and not (s.isdigit() and s.isascii()):
        raise fail(path, no, base + 1, f"round {rnd}: opponent {opp_text!r} is not a start "
                   f"number (columns {base + 1}-{base + 4})")
    color = COLORS.get(c)
    if color is None:
        color = Color.NONE
        if diag is not None:
            diag.warn(Location(path, no, base + 1 + L.COLOR_OFFSET),
                      f"round {rnd}: colour {c!r} is not w, b or - (misaligned columns; is the "
                      "file in another encoding?)", "trf-misaligned")
    return color


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
