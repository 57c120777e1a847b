"""Canonical text of records built from model values (the writer's "from the model" path).

Every function raises :class:`WriteError` naming the player or team and the field when a
value does not fit its columns.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..errors import WriteError
from ..model import Color, Outcome, Player, PointSystem, RoundResult, Team
from ..numbers import decimal_places, fixed
from . import layout as L
from ._points import BB_FIELDS

CODE_OF: dict[Outcome, str] = {
    Outcome.WIN: "1",
    Outcome.DRAW: "=",
    Outcome.LOSS: "0",
    Outcome.WIN_UNRATED: "W",
    Outcome.DRAW_UNRATED: "D",
    Outcome.LOSS_UNRATED: "L",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-",
    Outcome.DOUBLE_FORFEIT: "-",
    Outcome.FULL_BYE: "F",
    Outcome.HALF_BYE: "H",
    Outcome.PAIRING_BYE: "U",
    Outcome.ZERO_BYE: "Z",
    Outcome.NOT_PAIRED: " ",
}
INCONSISTENT: dict[Outcome, str] = {
    Outcome.INCONSISTENT_WIN: "1",
    Outcome.INCONSISTENT_DRAW: "=",
    Outcome.INCONSISTENT_LOSS: "0",
}
"""US Chess N/R/S (the TD credited a result the two sides disagree on): written as the rated
result they credit, unless the writer is strict."""
COLOR_CHAR = {Color.WHITE: "w", Color.BLACK: "b", Color.NONE: "-"}


def decimal(value: Fraction) -> str | None:
    """``2.5``, ``1.0``, ``0.25``: the shortest exact decimal with at least one decimal
    place and at most two; ``None`` when there is none."""
    needed = decimal_places(value)
    return None if needed is None or needed > 2 else fixed(value, max(needed, 1))


def _fit(text: str, span: L.Span, what: str, who: str) -> str:
    if len(text) > L.width(span):
        raise WriteError(f"{who}: {what} {text!r} does not fit TRF columns "
                         f"{span[0]}-{span[1]} ({L.width(span)} characters)")
    return text


def points_text(value: Fraction, who: str) -> str:
    text = decimal(value)
    if text is None:
        raise WriteError(f"{who}: points {value} cannot be written as a TRF decimal")
    return _fit(text, L.POINTS, "points", who)


_TEXT_FIELDS = (("sex", L.SEX, "sex"), ("title", L.TITLE, "title"), ("name", L.NAME, "name"),
                ("federation", L.FED, "federation"), ("fide_id", L.FIDE_ID, "FIDE ID"),
                ("birth", L.BIRTH, "birth date"))


_HEAD_FORMAT = "%s %4d %1s%3s %-33s %4s %-3s %11s %-10s %s %4s"


def player_head(p: Player, code: str, points: Fraction | None) -> str:
    """Columns 1-89 of a 001 line (or of a national-rating record when ``code`` is one)."""
    who = f"player {p.start_no} ({p.name})"
    _check_head(p, who)
    points_col = "    " if points is None else points_text(points, who).rjust(4)
    rating = "    " if p.fide_rating is None else p.fide_rating
    rank = "    " if p.declared_rank is None else p.declared_rank
    return _HEAD_FORMAT % (code, p.start_no, p.sex, p.title, p.name, rating, p.federation,
                           p.fide_id, p.birth, points_col, rank)


def _check_head(p: Player, who: str) -> None:
    """Raise the :class:`WriteError` for the first value of ``p`` that does not fit."""
    if not 1 <= p.start_no <= 9999:
        raise WriteError(f"{who}: start number {p.start_no} does not fit TRF columns 5-8 "
                         "(1 to 9999)")
    if p.fide_rating is not None and not 0 <= p.fide_rating <= 9999:
        raise WriteError(f"{who}: rating {p.fide_rating} does not fit TRF columns 49-52")
    if p.declared_rank is not None and not 0 <= p.declared_rank <= 9999:
        raise WriteError(f"{who}: rank {p.declared_rank} does not fit TRF columns 86-89")
    for attr, span, what in _TEXT_FIELDS:
        _fit(getattr(p, attr), span, what, who)


_BLANK_BLOCK = " " * L.ROUND_STEP


def _points(p: Player, system: PointSystem) -> Fraction:
    return p.declared_points if p.declared_points is not None else p.points(system)


def player_line(p: Player, system: PointSystem, strict: bool) -> str:
    """The 001 line of ``p``: its head, then one block per round up to the last that
    holds something."""
    parts = [player_head(p, "001", _points(p, system))]
    results = p.results
    end = len(results)
    while end and results[end - 1].outcome is Outcome.NOT_PAIRED \
            and results[end - 1].opponent is None:
        end -= 1
    for rnd, rr in enumerate(results[:end], 1):
        parts.append(_round_block(p, rr, rnd, strict))
    return "".join(parts).rstrip()


def _round_block(p: Player, rr: RoundResult, rnd: int, strict: bool) -> str:
    """Round ``rnd``'s 10 columns (two spaces, then opponent, colour and result), or the
    error for a round TRF cannot hold (an outcome without a code, an opponent past 9999;
    the US Chess inconsistent results are written as the result they credit unless
    ``strict``)."""
    code = CODE_OF.get(rr.outcome)
    if code is None:
        code = INCONSISTENT.get(rr.outcome)
        if code is None or strict:
            raise WriteError(f"player {p.start_no} ({p.name}): round {rnd}: TRF has no "
                             f"result code for {rr.outcome.value!r}")
    if rr.opponent is None:
        if rr.outcome is Outcome.NOT_PAIRED:
            return _BLANK_BLOCK
        opponent = "0000"
    elif 1 <= rr.opponent <= 9999:
        opponent = str(rr.opponent).rjust(4)
    else:
        raise WriteError(f"player {p.start_no} ({p.name}): round {rnd}: opponent "
                         f"{rr.opponent} does not fit 4 columns")
    return f"  {opponent} {COLOR_CHAR[rr.color]} {code}"


_NUM = "(?: {3}[1-9]| {2}[1-9][0-9]| [1-9][0-9]{2}|[1-9][0-9]{3})"
CANONICAL_ROUNDS = re.compile(
    f"(?:  (?:{_NUM} [wb] [10=WDL]|(?:{_NUM}|0000) [wb-] [+-]|0000 - [FHUZ]|{_NUM} [wb-]  )"
    f"| {{10}})*(?:  {_NUM} [wb-])?"
)
"""Round blocks (from column 90) that :func:`player_line` writes back exactly as they are
when they are read: games, forfeits, byes, pairings without result and blank rounds, the
last one without its trailing spaces.  It may miss some such texts, never admit another
(tests/test_trf_layout.py checks it block by block against the reader and the writer)."""


def is_player_line(p: Player, system: PointSystem, text: str) -> bool:
    """``player_line(p, system, False) == text`` for ``p`` read from ``text`` (its results
    are what the line's blocks read as).  A line whose blocks match
    :data:`CANONICAL_ROUNDS` is checked by its head; any other is rendered and compared."""
    head = player_head(p, "001", _points(p, system))
    rounds = text[len(head) :]
    if not rounds or rounds[-1] == " " or not text.startswith(head) \
            or CANONICAL_ROUNDS.fullmatch(rounds) is None:
        return player_line(p, system, False) == text
    return True


def national_line(p: Player, code: str, original: str | None) -> str:
    """A national-rating record: the original line with the rating and ID put back in, or
    one built from the player's 001 fields."""
    who = f"player {p.start_no} ({p.name})"
    rating = p.rating(code)
    ident = _fit(p.national_id(code), L.FIDE_ID, f"{code} ID", who)
    if rating is not None and not 0 <= rating <= 9999:
        raise WriteError(f"{who}: {code} rating {rating} does not fit TRF columns 49-52")
    rating_text = "    " if rating is None else f"{rating:>4}"
    if original is None:
        base = player_head(p, code, None)[: L.BIRTH[1]]
        base = base[: L.FED[0] - 1] + "   " + base[L.FED[1] :]
    else:
        base = original.ljust(L.FIDE_ID[1])
    base = base[: L.RATING[0] - 1] + rating_text + base[L.RATING[1] :]
    base = base[: L.FIDE_ID[0] - 1] + ident.rjust(11) + base[L.FIDE_ID[1] :]
    return base.rstrip()


def team_013(team: Team) -> str:
    who = f"team {team.name!r}"
    members = [f"{m:>4}" for m in team.members]
    if any(not 1 <= m <= 9999 for m in team.members):
        raise WriteError(f"{who}: a member start number does not fit 4 columns")
    return ("013 " + _fit(team.name, L.T013_NAME, "name", who).ljust(32)
            + " ".join(members)).rstrip()


def team_310(team: Team, index: int) -> str:
    who = f"team {team.name!r}"
    number = team.number if team.number is not None else index + 1
    if not 0 <= number <= 999:
        raise WriteError(f"{who}: team number {number} does not fit TRF columns 5-7")
    if any(not 1 <= m <= 9999 for m in team.members):
        raise WriteError(f"{who}: a member start number does not fit 4 columns")
    ex = team.extras

    def col(key: str, span: L.Span, right: bool) -> str:
        text = _fit(ex.get(key, ""), span, key.removeprefix("trf:"), who)
        return text.rjust(L.width(span)) if right else text.ljust(L.width(span))

    head = (f"310 {number:>3} " + _fit(team.name, L.T310_NAME, "name", who).ljust(32) + " "
            + col("trf:nickname", L.T310_NICK, False) + " "
            + col("trf:strength", L.T310_STRENGTH, True) + " "
            + col("trf:match-points", L.T310_MP, True) + " "
            + col("trf:game-points", L.T310_GP, True) + " "
            + col("trf:rank", L.T310_RANK, True) + "  ")
    return (head + " ".join(f"{m:>4}" for m in team.members)).rstrip()


def _pt(value: Fraction, what: str) -> str:
    text = decimal(value)
    if text is None or len(text) > 4:
        raise WriteError(f"point system: {what} = {value} cannot be written in 4 columns")
    return text


def line_162(ps: PointSystem) -> str:
    pairs = [("W", ps.win), ("D", ps.draw), ("L", ps.loss), ("A", ps.zero_bye),
             ("P", ps.pairing_bye)]
    return "162  " + "    ".join(f"{c}{_pt(v, c).rjust(4)}" for c, v in pairs)


def line_xxs(ps: PointSystem) -> str:
    pairs = [("WW", ps.win), ("BW", ps.win), ("WD", ps.draw), ("BD", ps.draw),
             ("WL", ps.loss), ("BL", ps.loss), ("ZPB", ps.zero_bye), ("HPB", ps.half_bye),
             ("FPB", ps.full_bye), ("PAB", ps.pairing_bye), ("FW", ps.forfeit_win),
             ("FL", ps.forfeit_loss)]
    return "XXS " + " ".join(f"{c}={_pt(v, c)}" for c, v in pairs)


def line_bb(code: str, ps: PointSystem) -> str:
    value: Fraction = getattr(ps, BB_FIELDS[code][0])
    return f"{code} {_pt(value, code).rjust(4)}"
