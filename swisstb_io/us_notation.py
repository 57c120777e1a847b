"""US Chess wall-chart notation (``W12``, ``L5B``, ``X``, ``H``…): the one table of US
letters, for the CSV, ``.sjson`` and DBF readers and writers and the standings' wall chart
(:data:`OUTCOME_TO_CODE`, and the two variants made from it: :data:`RATING_CODE` for rating
reports, :data:`STANDINGS_CODE` for standings).

One round cell is a result letter, an optional opponent number and, for played games, an
optional trailing colour (``W``/``B``), as in formats.md §2.3 and the DBF round cell of §4.2.
The same letters mean the same outcomes in the CSV, the ``.sjson`` and the DBF readers; the
traps of formats.md §2.4 are handled here once:

* US ``U`` is *unpaired / zero-point bye* (``ZERO_BYE``), never TRF's pairing bye;
* US ``B`` is a full-point bye without saying who asked for it: it reads as ``FULL_BYE``
  unless the format's own metadata says it was the pairing-allocated bye;
* ``F`` against an opponent who also has ``F`` against this player is a double forfeit.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from .model import NOT_PAIRED, Color, DateText, Outcome, RoundResult
from .numbers import exact

CELL_RE = re.compile(
    r"^(?:(?P<res>[WLDNRS])\s*(?P<opp>\d{1,9})\s*(?P<col>[WB])?"
    r"|(?P<unpl>[XFZBHU*-])\s*(?P<opp2>\d{1,9})?)$"
)
"""formats.md §2.4 round-cell grammar (spaces allowed between the parts, as WinTD writes)."""

EXPECTED_CELLS = "expected W12, L5B, D3, X, F, Z, B, H, U, -, N4, R4, S4 or an empty cell"

CODE_TO_OUTCOME: Mapping[str, Outcome] = MappingProxyType(
    {
        "W": Outcome.WIN,
        "L": Outcome.LOSS,
        "D": Outcome.DRAW,
        "N": Outcome.INCONSISTENT_WIN,
        "R": Outcome.INCONSISTENT_DRAW,
        "S": Outcome.INCONSISTENT_LOSS,
        "X": Outcome.FORFEIT_WIN,
        "F": Outcome.FORFEIT_LOSS,
        "Z": Outcome.FORFEIT_DRAW,
        "B": Outcome.FULL_BYE,
        "H": Outcome.HALF_BYE,
        "U": Outcome.ZERO_BYE,
        "-": Outcome.NOT_PAIRED,
        "*": Outcome.NOT_PAIRED,
    }
)
"""What each US letter reads as when nothing else is known."""

OUTCOME_TO_CODE: Mapping[Outcome, str] = MappingProxyType(
    {
        Outcome.WIN: "W",
        Outcome.DRAW: "D",
        Outcome.LOSS: "L",
        Outcome.WIN_UNRATED: "W",
        Outcome.DRAW_UNRATED: "D",
        Outcome.LOSS_UNRATED: "L",
        Outcome.INCONSISTENT_WIN: "N",
        Outcome.INCONSISTENT_DRAW: "R",
        Outcome.INCONSISTENT_LOSS: "S",
        Outcome.FORFEIT_WIN: "X",
        Outcome.FORFEIT_LOSS: "F",
        Outcome.FORFEIT_DRAW: "Z",
        Outcome.DOUBLE_FORFEIT: "F",
        Outcome.PAIRING_BYE: "B",
        Outcome.FULL_BYE: "B",
        Outcome.HALF_BYE: "H",
        Outcome.ZERO_BYE: "U",
        Outcome.NOT_PAIRED: "",
    }
)
"""The US letter for each outcome; a writer records the difference elsewhere if it can."""

RATING_CODE: Mapping[Outcome, str] = MappingProxyType({
    **OUTCOME_TO_CODE,
    # games of less than one move are not rated: a rating report gives them as unplayed
    Outcome.WIN_UNRATED: "X",
    Outcome.DRAW_UNRATED: "Z",
    Outcome.LOSS_UNRATED: "F",
    Outcome.NOT_PAIRED: "U",
})
"""The letter a rating report (the US Chess DBF trio, a SwissSys save file) gives each
outcome: only rated games are games."""

STANDINGS_CODE: Mapping[Outcome, str] = MappingProxyType({
    **RATING_CODE,
    Outcome.WIN_UNRATED: "W",
    Outcome.DRAW_UNRATED: "D",
    Outcome.LOSS_UNRATED: "L",
    Outcome.INCONSISTENT_WIN: "W",
    Outcome.INCONSISTENT_DRAW: "D",
    Outcome.INCONSISTENT_LOSS: "L",
})
"""The letter a wall chart of the standings shows: what each player scored (a game of less
than one move and a TD-credited result count as what they gave)."""

_PLAYED_CODES = frozenset("WLDNRS")
_COLORS = {"W": Color.WHITE, "B": Color.BLACK, None: Color.NONE}


def read_cell(text: str) -> RoundResult | None:
    """The model result of the round cell ``text`` (already stripped) before it is
    cross-checked with the opponent's cell; ``None`` when it is not US notation."""
    if not text:
        return NOT_PAIRED
    m = CELL_RE.match(text.upper())
    if m is None:
        return None
    if m["res"]:
        return RoundResult(CODE_TO_OUTCOME[m["res"]], int(m["opp"]), _COLORS[m["col"]])
    outcome = CODE_TO_OUTCOME[m["unpl"]]
    if not outcome.has_opponent:  # a bye's number, if any, is not an opponent
        return RoundResult(outcome)
    return RoundResult(outcome, int(m["opp2"] or 0) or None)


def format_cell(result: RoundResult, *, color: bool = True, forfeit_opponent: bool = True) -> str:
    """``result`` as a compact US cell (``W12B``, ``X7``, ``H``); empty for NOT_PAIRED."""
    code = OUTCOME_TO_CODE[result.outcome]
    if not code:
        return ""
    if code in _PLAYED_CODES:
        out = f"{code}{result.opponent or 0}"
        if color and result.color is not Color.NONE:
            out += result.color.value.upper()
        return out
    if forfeit_opponent and result.outcome.has_opponent and result.opponent:
        return f"{code}{result.opponent}"
    return code


def resolve_double_forfeits(results: dict[int, list[RoundResult]]) -> set[int]:
    """Turn mutual ``F`` cells (each naming the other) into DOUBLE_FORFEIT, in place;
    the start numbers whose rounds changed."""
    changed: set[int] = set()
    for start_no, rounds in results.items():
        for i, r in enumerate(rounds):
            if r.outcome is not Outcome.FORFEIT_LOSS or r.opponent is None:
                continue
            other = results.get(r.opponent)
            if other is None or i >= len(other):
                continue
            o = other[i]
            if o.opponent == start_no and o.outcome in (
                Outcome.FORFEIT_LOSS,
                Outcome.DOUBLE_FORFEIT,
            ):
                rounds[i] = RoundResult(Outcome.DOUBLE_FORFEIT, r.opponent, r.color)
                changed.add(start_no)
    return changed


def trim(results: list[RoundResult]) -> tuple[RoundResult, ...]:
    """Drop trailing NOT_PAIRED rounds: every US reader ends a player's rounds at the last
    round with a game, a bye or a pairing (a pending game, NOT_PAIRED with an opponent,
    stays)."""
    end = len(results)
    while end and results[end - 1].outcome is Outcome.NOT_PAIRED \
            and results[end - 1].opponent is None:
        end -= 1
    return tuple(results[:end])


def format_points(value: Fraction) -> str:
    """``2.5``, ``3.0``, ``1.25``; a fraction that has no decimal form is written ``7/3``."""
    return exact(value, places=1)


def parse_points(text: str) -> Fraction | None:
    """``2.5``, ``2½``, ``5/2`` or ``2,5`` as an exact Fraction; ``None`` if it is none of these."""
    t = text.strip().replace("½", ".5").replace(",", ".")
    if t.startswith("."):
        t = "0" + t
    if not re.fullmatch(r"-?\d{1,15}(\.\d{1,15})?|-?\d{1,15}/\d{1,15}", t):
        return None
    if "/" in t and int(t.split("/")[1]) == 0:
        return None
    return Fraction(t)


_DATE_FORMS = (
    (re.compile(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$"), (1, 2, 3)),
    (re.compile(r"^(\d{4})(\d{2})(\d{2})$"), (1, 2, 3)),
    (re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})$"), (3, 2, 1)),
    (re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$"), (3, 1, 2)),
)


_DAY_OR_MONTH = re.compile(r"^(\d{1,2})\s*[/-]\s*(\d{1,2})\s*[/-]\s*\d{4}$")


def unclear_date(date: DateText, reading: str) -> str | None:
    """When ``date`` is written like ``03/05/2024``, where either of the first two numbers
    could be the month (both 1 to 12, and they differ), the file does not say which is the
    day: what it was read as (``reading``: ``"day first, as TRF files write dates"``), in
    words, for a diagnostic; ``None`` for a date that says (``2024/05/03``, ``25/12/2024``,
    ``03.05.2024``: dots are read day first everywhere)."""
    m = _DAY_OR_MONTH.match(date.text.strip())
    if (m is None or date.value is None or int(m[1]) == int(m[2])
            or max(int(m[1]), int(m[2])) > 12):
        return None
    d = date.value
    return (f"the date {date.text.strip()!r} is read as {d.day} {d:%B %Y} ({reading}); the "
            f"file does not say which number is the day: write {d:%Y/%m/%d} to be sure")


def day_first(text: str) -> bool | None:
    """How a date such as ``24/09/2010`` shows its order: True when the first number can
    only be the day (over 12, the second a month), False when the second one can only be
    (``09/24/2010``), ``None`` when it does not tell (``03/05/2024``, or no such date)."""
    m = _DAY_OR_MONTH.match(text.strip())
    if m is None:
        return None
    a, b = int(m[1]), int(m[2])
    if a > 12 >= b:
        return True
    if b > 12 >= a:
        return False
    return None


def parse_date(text: str) -> DateText:
    """A DateText for ``text``: ISO-like ``Y-M-D`` (any of ``-/.``), ``YYYYMMDD``,
    ``D.M.Y`` and the US ``M/D/Y``; the value is ``None`` for anything else."""
    t = text.strip()
    for rx, (yi, mi, di) in _DATE_FORMS:
        m = rx.match(t)
        if m:
            try:
                return DateText(t, _dt.date(int(m[yi]), int(m[mi]), int(m[di])))
            except ValueError:
                return DateText(t)
    return DateText(t)
