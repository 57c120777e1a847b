"""The ``gameList`` of a Chess-JSON tournament: each competitor's result in each round.

Most rows are plain (a round number, two ``{"cid": n}`` sides, result letters, the two
flags): :func:`_plain_row` reads those with table look-ups.  Any row it does not take
(a bad value, a warning to give, an odd shape) goes through :func:`_row`, which checks
everything and names the JSON path of what is wrong, so both give the same results.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ..limits import MAX_ROUNDS
from ..model import Color, Outcome, RoundResult
from ._access import Access, show

_BYE_CODES = {
    "P": Outcome.PAIRING_BYE,
    "F": Outcome.FULL_BYE,
    "H": Outcome.HALF_BYE,
    "U": Outcome.NOT_PAIRED,
    "A": Outcome.NOT_PAIRED,
}
_NO_PARTNER = {
    "W": Outcome.FULL_BYE,
    "D": Outcome.HALF_BYE,
    "L": Outcome.ZERO_BYE,
    "Z": Outcome.ZERO_BYE,
}
_PLAYED = {
    "W": (Outcome.WIN, Outcome.WIN_UNRATED),
    "D": (Outcome.DRAW, Outcome.DRAW_UNRATED),
    "L": (Outcome.LOSS, Outcome.LOSS_UNRATED),
}
_FORFEIT = {
    "W": Outcome.FORFEIT_WIN,
    "D": Outcome.FORFEIT_DRAW,
    "L": Outcome.FORFEIT_LOSS,
    "Z": Outcome.DOUBLE_FORFEIT,
}
_REVERSE: dict[str | None, str] = {"W": "L", "D": "D", "L": "W", "Z": "W"}

Games = dict[int, dict[int, RoundResult]]
_Implied = list[tuple[int, int, RoundResult]]


def _outcome(
    r: Access,
    code: str,
    played: bool,
    rated: bool,
    partner: int | None,
    other: str | None,
    where: str,
) -> Outcome:
    if code in _BYE_CODES:
        if code == "A":
            r.warn(where, "result 'A' (not known yet) read as not paired", "jch-unknown-result")
        return _BYE_CODES[code]
    if code not in _NO_PARTNER:
        raise r.fail(where, f"unknown result code {code!r}; Chess-JSON uses W D L Z P F H U A")
    if partner is None:
        if played and code != "Z":
            raise r.fail(where, f"a played game ({code!r}) needs two players; the other is null")
        return _NO_PARTNER[code]
    if played:
        if code == "Z":
            raise r.fail(where, "'Z' (zero points) in a played game; use 'L'")
        won, unrated = _PLAYED[code]
        return won if rated else unrated
    if code == "Z" and other in ("W", "D"):
        return Outcome.FORFEIT_LOSS
    return _FORFEIT[code]


def _plain_outcome(
    code: str, played: bool, rated: bool, partner: bool, other_won: bool
) -> Outcome | None:
    """What :func:`_outcome` gives when it neither warns nor fails, else None."""
    if code in _BYE_CODES:
        return None if code == "A" else _BYE_CODES[code]
    if not partner:
        return None if played and code != "Z" else _NO_PARTNER[code]
    if played:
        return None if code == "Z" else _PLAYED[code][0 if rated else 1]
    return Outcome.FORFEIT_LOSS if code == "Z" and other_won else _FORFEIT[code]


_CODES = (None, *_BYE_CODES, *_NO_PARTNER)


class _Side(NamedTuple):
    """One side of a plain ``gameList`` row: what its result depends on."""

    code: str
    """The side's result code (or the one implied by the other side's)."""
    other: str | None
    """The other side's code."""
    played: bool
    rated: bool
    partner: bool
    """Whether the other side names a competitor (``{"cid": 0}`` too)."""
    opponent: int | None
    white: bool


_Results = dict[_Side, RoundResult | None]
"""Each side already met -> its result (None when :func:`_outcome` would warn or fail): one
per read, since most sides of a file recur."""


def _result(side: _Side, memo: _Results) -> RoundResult | None:
    """The RoundResult of a plain side (None when :func:`_outcome` would warn or fail)."""
    if side in memo:
        return memo[side]
    res = None
    if side.code in _CODES and side.other in _CODES:
        out = _plain_outcome(side.code, side.played, side.rated, side.partner,
                             side.other in ("W", "D"))
        if out is not None:
            colour = Color.NONE if side.opponent is None else (
                Color.WHITE if side.white else Color.BLACK)
            res = RoundResult(out, side.opponent, colour)
    memo[side] = res
    return res


_MALFORMED = object()


def _side(value: Any) -> Any:
    """A side as ``Access.cid`` reads it: None (nobody), 0 (a boxed 0) or a number;
    :data:`_MALFORMED` for anything else (the checked path then reports it)."""
    if type(value) is dict:
        value = value.get("cid")
        return value if type(value) is int and value >= 0 else _MALFORMED
    if value is None:
        return None
    if type(value) is not int or value < 0:
        return _MALFORMED
    return value or None


def _plain_row(row: dict[str, Any], known: set[int], found: Games, implied: _Implied,
               memo: _Results) -> bool:
    """Record a plain row and return True; return False (recording nothing) for any row
    that :func:`_row` must read because something in it is wrong or unusual."""
    rnd = row.get("round")
    played = row.get("played", True)
    rated = row.get("rated", played)
    if (
        type(rnd) is not int or not 1 <= rnd <= MAX_ROUNDS
        or type(played) is not bool or type(rated) is not bool
    ):
        return False
    white = _side(row.get("white"))
    black = _side(row.get("black"))
    if white is _MALFORMED or black is _MALFORMED or (white and white == black):
        return False
    w_code = row.get("wResult")
    if w_code is not None:
        if type(w_code) is not str:
            return False
        w_code = w_code.upper() or None
    b_code = row.get("bResult")
    if b_code is not None:
        if type(b_code) is not str:
            return False
        b_code = b_code.upper() or None
    w_res = b_res = None
    if white:
        if white not in known:
            return False  # an error or a warning: _row says which
        code = w_code if w_code is not None else _REVERSE.get(b_code) if black else None
        if code is not None:
            side = _Side(code=code, other=b_code, played=played, rated=rated,
                         partner=black is not None, opponent=black or None, white=True)
            w_res = _result(side, memo)
            if w_res is None or (w_code is not None and rnd in found.get(white, ())):
                return False
    elif w_code is not None:
        return False
    if black:
        if black not in known:
            return False
        code = b_code if b_code is not None else _REVERSE.get(w_code) if white else None
        if code is not None:
            side = _Side(code=code, other=w_code, played=played, rated=rated,
                         partner=white is not None, opponent=white or None, white=False)
            b_res = _result(side, memo)
            if b_res is None or (b_code is not None and (
                rnd in found.get(black, ()) or (black == white and w_code is not None)
            )):
                return False
    elif b_code is not None:
        return False
    for player, res, code in ((white, w_res, w_code), (black, b_res, b_code)):
        if res is None:
            continue
        if code is None:
            implied.append((player, rnd, res))
        else:
            found.setdefault(player, {})[rnd] = res
    return True


def _row(
    r: Access, at: str, raw: Any, known: set[int], found: Games, implied: _Implied
) -> None:
    """One row, every value checked; failures name the JSON path of the bad value."""
    row = r.obj(raw, at)
    rnd = r.integer(row, "round", at)
    if rnd is None or not 1 <= rnd <= MAX_ROUNDS:
        raise r.fail(
            f"{at}.round",
            f"expected a round number 1-{MAX_ROUNDS}, got {show(row.get('round'))}",
        )
    played = r.flag(row, "played", at, True)
    rated = r.flag(row, "rated", at, played)
    cids = {c: r.cid(row, c, at) for c in ("white", "black")}
    if cids["white"] and cids["white"] == cids["black"]:
        raise r.fail(f"{at}.black", f"round {rnd}: player {cids['white']} is paired "
                     "against themself")
    codes = {c: r.text(row, c[0] + "Result", at).upper() or None for c in ("white", "black")}
    for colour, other in (("white", "black"), ("black", "white")):
        me, partner = cids[colour], cids[other]
        if me is None or me == 0:
            if codes[colour] is not None:
                raise r.fail(f"{at}.{colour}", f"a result for {colour}, who is null or 0")
            continue
        if me not in known:
            raise r.fail(f"{at}.{colour}", f"competitor {me} is not in competitors")
        opponent = partner if partner else None
        colour_of = (
            Color.NONE
            if opponent is None
            else (Color.WHITE if colour == "white" else Color.BLACK)
        )
        code = codes[colour]
        if code is None:
            if opponent is not None and codes[other] in _REVERSE:
                guess = _REVERSE[str(codes[other])]
                out = _outcome(r, guess, played, rated, partner, codes[other], at)
                implied.append((me, rnd, RoundResult(out, opponent, colour_of)))
            continue
        out = _outcome(r, code, played, rated, partner, codes[other], f"{at}.{colour[0]}Result")
        rounds = found.setdefault(me, {})
        if rnd in rounds:
            raise r.fail(at, f"competitor {me} has a second result in round {rnd}")
        rounds[rnd] = RoundResult(out, opponent, colour_of)


def games(r: Access, tour: Mapping[str, Any], where: str, known: set[int]) -> Games:
    """Competitor -> round -> result, from ``gameList`` (a missing side's result is
    implied by the other side's when it names this competitor)."""
    found: Games = {}
    implied: _Implied = []
    memo: _Results = {}
    for i, raw in enumerate(r.arr(tour, "gameList", where)):
        if type(raw) is not dict or not _plain_row(raw, known, found, implied, memo):
            _row(r, f"{where}.gameList[{i}]", raw, known, found, implied)
    for me, rnd, res in implied:
        found.setdefault(me, {}).setdefault(rnd, res)
    return found
