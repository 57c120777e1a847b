"""Decoding single TRF records into model values (shared by the reader and the writer's
"is the original line still right?" check, so both agree by construction)."""

from __future__ import annotations

import datetime as dt
import re
from fractions import Fraction

from ..errors import Diagnostics, FormatError, Location
from ..model import Color, Outcome, Player, PointSystem, RoundResult, Team
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


_NUMBERS: dict[str, Fraction] = {}
"""Parsed point texts (``"4.5"``): few distinct values, and Fraction() is slow."""


def parse_number(text: str) -> Fraction | None:
    """``2.5`` / ``2,5`` / ``-1.0`` as an exact fraction; ``None`` if not a number."""
    s = text.strip()
    hit = _NUMBERS.get(s)
    if hit is not None:
        return hit
    if not _NUMBER.fullmatch(s):
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


def parse_player(
    line: str,
    path: str,
    no: int,
    diag: Diagnostics | None,
    cache: dict[str, RoundResult] | None = None,
) -> Player:
    """One ``001`` line (fields of that line only: no team, no national ratings)."""
    start_no = parse_start_no(line, path, no)
    fide_id = L.cut(line, L.FIDE_ID).strip()
    points_text = L.cut(line, L.POINTS)
    points = parse_number(points_text)
    if points is None and points_text.strip():
        raise fail(path, no, L.POINTS[0], f"points {points_text.strip()!r} are not a number "
                   f"(columns {L.POINTS[0]}-{L.POINTS[1]}, e.g. '2.5')")
    results = parse_rounds(line, start_no, path, no, diag, cache)
    return Player(
        start_no=start_no,
        name=L.cut(line, L.NAME).strip(),
        results=results,
        sex=L.cut(line, L.SEX).strip(),
        title=parse_title(L.cut(line, L.TITLE)),
        fide_rating=parse_rating(line, path, no),
        federation=L.cut(line, L.FED).strip(),
        fide_id="" if fide_id.strip("0") == "" else fide_id,
        birth=L.cut(line, L.BIRTH).strip(),
        declared_points=points,
        declared_rank=_int_field(line, L.RANK, "rank", path, no),
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


def parse_rounds(
    line: str,
    me: int,
    path: str,
    no: int,
    diag: Diagnostics | None,
    cache: dict[str, RoundResult] | None = None,
) -> tuple[RoundResult, ...]:
    """The round blocks of a 001 line.  Hot loop: a clean block costs a few dict lookups;
    anything unusual goes to :func:`_block`.  ``cache`` maps block texts already seen
    (without problems) to their result; pass one dict per file."""
    out: list[RoundResult] = []
    append = out.append
    tails, opps = _TAILS, _OPPONENTS
    seen = {} if cache is None else cache
    for base in range(L.FIRST_ROUND_COL - 1, len(line), L.ROUND_STEP):
        block = line[base : base + 8]
        rr = seen.get(block)
        if rr is None:
            tail = tails.get(block[4:8])
            opp = opps.get(block[:4])
            if opp is None:
                opp = _opponent(block[:4])
            if tail is None or opp < 0 or (tail[2] == _PLAY and not opp) or (
                    tail[2] == _BYE and opp):
                rr, clean = _block(line, base, me, path, no, diag)
            else:
                rr, clean = RoundResult(tail[0], opp or None, tail[1]), True
            if clean:
                seen[block] = rr
        if rr.opponent == me:
            raise fail(path, no, base + 1, f"round {(base - 90) // 10 + 1}: player {me} "
                       "is paired against themself")
        append(rr)
    while out and out[-1].outcome is Outcome.NOT_PAIRED and out[-1].opponent is None:
        out.pop()
    return tuple(out)


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


# ---- point systems --------------------------------------------------------------------

_S162 = re.compile(r"([A-Za-z])\s*(-?\d+(?:[.,]\d+)?)")
_XXS = re.compile(r"([A-Za-z]+)\s*=\s*(-?\d+(?:[.,]\d+)?)")
XXS_FIELDS: dict[str, tuple[str, ...]] = {
    "W": ("win",), "WW": ("win",), "BW": ("win",),
    "D": ("draw",), "WD": ("draw",), "BD": ("draw",),
    "WL": ("loss",), "BL": ("loss",), "L": ("loss",),
    "ZPB": ("zero_bye",), "HPB": ("half_bye",), "FPB": ("full_bye",),
    "PAB": ("pairing_bye",), "FW": ("forfeit_win",), "FL": ("forfeit_loss",),
}
BB_FIELDS: dict[str, tuple[str, ...]] = {
    "BBW": ("win", "forfeit_win", "full_bye"),
    "BBD": ("draw", "half_bye"),
    "BBL": ("loss",),
    "BBZ": ("zero_bye",),
    "BBF": ("forfeit_loss",),
    "BBU": ("pairing_bye",),
}
S162_FIELDS: dict[str, tuple[str, ...]] = {
    "W": ("win", "forfeit_win", "full_bye", "pairing_bye"),
    "D": ("draw", "half_bye"),
    "L": ("loss",),
    "A": ("zero_bye", "forfeit_loss"),
    "X": (),
    "P": ("pairing_bye",),
}
POINT_CODES = frozenset({"162", "XXS", *BB_FIELDS})


def point_assignments(code: str, line: str, path: str, no: int) -> dict[str, Fraction]:
    """The point-system fields one 162 / XXS / BB? line sets."""
    body = line[3:]
    out: dict[str, Fraction] = {}
    if code in BB_FIELDS:
        value = parse_number(body)
        if value is None:
            raise fail(path, no, 5, f"{code}: points {body.strip()!r} are not a number")
        return dict.fromkeys(BB_FIELDS[code], value)
    pattern, table = (_S162, S162_FIELDS) if code == "162" else (_XXS, XXS_FIELDS)
    given: dict[str, Fraction] = {}
    pos = 0
    stripped = body.rstrip()
    for m in pattern.finditer(stripped):
        if stripped[pos : m.start()].strip():
            break
        key = m[1].upper()
        if key not in table:
            raise fail(path, no, 3 + m.start() + 1, f"{code}: unknown scoring code {m[1]!r}")
        given[key] = Fraction(m[2].replace(",", "."))
        pos = m.end()
    if stripped[pos:].strip():
        example = "162  W 1.0    D 0.5    L 0.0" if code == "162" else "XXS W=1.0 D=0.5"
        raise fail(path, no, 3 + pos + 1,
                   f"{code}: cannot read scoring {stripped[pos:].strip()!r} (expected e.g. "
                   f"{example!r})")
    for key, names in table.items():  # table order: 162's P after W, so P overrides W
        if key in given:
            for name in names:
                out[name] = given[key]
    return out


_PRECEDENCE = {"162": 0, "XXS": 2}
"""162 first, then the BB? codes, then XXS (the most detailed) override what came before."""


def point_system(lines: list[tuple[str, str, int]], path: str) -> PointSystem:
    """The point system the ``(code, line, line_no)`` point records describe: 162 first,
    then BB?, then XXS; file order within each kind."""
    values: dict[str, Fraction] = {}
    for code, line, no in sorted(lines, key=lambda item: _PRECEDENCE.get(item[0], 1)):
        values.update(point_assignments(code, line, path, no))
    return PointSystem(**values) if values else PointSystem()
