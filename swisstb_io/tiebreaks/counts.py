"""Counting systems: how many rounds of a kind a player had, or a weight per round.

US Chess Most Blacks BLK (34E6) and Kashdan KASH (34E7); FIDE C.07 §7: WIN (§7.1), WON
(§7.2), BPG (§7.3, the FIDE Most Blacks), BWG (§7.4), GE (§7.6), and the 2026 Standard
Points STD.
"""

from __future__ import annotations

from fractions import Fraction

from ..model import Color
from .context import Context
from .registry import tiebreak
from .spec import Spec
from .unplayed import fide_rows
from .values import ExplainRow, Explanation

_WHY = {
    "WIN": "win points (over the board, forfeit or bye)",
    "WON": "won over the board",
    "BPG": "played with black",
    "BWG": "won with black",
    "GE": "elected to play (not a VUR, §16.1.2)",
}

def _counted(ctx: Context, code: str) -> list[bool]:
    """Per cell of the scheduled table: whether it counts for WIN, WON, BPG, BWG or GE."""
    table, rows, win = ctx.fide_table, fide_rows(ctx), ctx.win
    if code == "WIN":
        return [p == win for p in table.pts]
    if code == "WON":
        return [pl and p == win for p, pl in zip(table.pts, table.played, strict=True)]
    if code == "BPG":
        return rows.black
    if code == "BWG":
        return [b and p == win for p, b in zip(table.pts, rows.black, strict=True)]
    return [not v for v in rows.vur]


def _hits(ctx: Context, code: str, i: int) -> list[int]:
    """The rounds (0-based) of player ``i`` that count for ``code``."""
    rounds = ctx.fide_table.rounds
    counted = ctx.memo(("fide counted", code), lambda: _counted(ctx, code))
    return [r for r in range(rounds) if counted[i * rounds + r]]


def explain_count(ctx: Context, spec: Spec, i: int) -> Explanation:
    rules = ctx.fide_rules(spec)
    table = ctx.fide_table
    sno = table.start_nos
    rows = []
    for r in _hits(ctx, spec.code, i):
        o = table.opp[i * table.rounds + r]
        rows.append(ctx.explain_row(table, i, r + 1, Fraction(1), _WHY[spec.code],
                                    sno[o] if o >= 0 else None))
    return Explanation(rules.rule_text(spec.system), tuple(rows))




@tiebreak("WIN", "Number of Wins", "FIDE C.07 §7.1", family="FIDE", decimals=0,
          explain=explain_count,
          summary="rounds with win points, including PAB, FPB and forfeit wins")
@tiebreak("WON", "Number of Games Won", "FIDE C.07 §7.2", family="FIDE", decimals=0,
          explain=explain_count, summary="wins over the board")
@tiebreak("BPG", "Games Played with Black", "FIDE C.07 §7.3", family="FIDE", decimals=0,
          explain=explain_count, summary="games played over the board with black")
@tiebreak("BWG", "Games Won with Black", "FIDE C.07 §7.4", family="FIDE", decimals=0,
          explain=explain_count, summary="games won over the board with black")
@tiebreak("GE", "Games Elected to Play", "FIDE C.07 §7.6", family="FIDE", decimals=0,
          explain=explain_count, aliases=("REP",),
          summary="rounds minus the voluntarily unplayed rounds (§16.1.2)")
def count_rounds(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """WIN, WON, BPG, BWG or GE: the number of rounds of that kind."""
    ctx.fide_rules(spec)
    counted = ctx.memo(("fide counted", spec.code), lambda: _counted(ctx, spec.code))
    return [Fraction(n) for n in ctx.fide_table.row_sums(list(map(int, counted)))]


# --------------------------------------------------------------------------- BLK, KASH


def _blacks(ctx: Context) -> list[bool]:
    """Per cell of the table: a game played over the board with Black (34E6; byes and
    forfeits have no colour)."""
    table = ctx.table
    return [pl and c is Color.BLACK for c, pl in zip(table.color, table.played, strict=True)]


def explain_blacks(ctx: Context, spec: Spec, i: int) -> Explanation:
    table = ctx.table
    start = i * table.rounds
    blacks = _blacks(ctx)[start:start + table.rounds]
    rows = tuple(ExplainRow(r + 1, code, None, *(_WITH_BLACK if black else _NOT_WITH_BLACK))
                 for r, (code, black) in enumerate(zip(ctx.us_codes()[i], blacks, strict=True)))
    return Explanation("US Chess 34E6 Most Blacks: the number of games played with Black "
                       "(byes and forfeits have no colour)", rows)


_WITH_BLACK = (Fraction(1), "played with Black")
_NOT_WITH_BLACK = (Fraction(0), "not a game played with Black")


@tiebreak("BLK", "Most Blacks", "US Chess 34E6", label="Blk",
          aliases=("most-blacks", "blacks", "34E6"), explain=explain_blacks)
def most_blacks(ctx: Context, spec: Spec) -> list[Fraction | None]:
    return [Fraction(n) for n in ctx.table.row_sums(list(map(int, _blacks(ctx))))]


_KASHDAN = {1: 4, 0: 2, -1: 1}
"""34E7 weight of a game played over the board by its result (win / draw / loss)."""


def _kashdan(ctx: Context, i: int) -> list[int]:
    """Player ``i``'s 34E7 weight of every round: 4, 2, 1 for a win, draw, loss, 0 unplayed."""
    return [_KASHDAN[w] if pl else 0 for w, pl in zip(ctx.wdl[i], ctx.played[i], strict=True)]


def explain_kashdan(ctx: Context, spec: Spec, i: int) -> Explanation:
    rows = tuple(ExplainRow(r + 1, code, None, Fraction(w), "win 4, draw 2, loss 1, unplayed 0")
                 for r, (code, w) in enumerate(zip(ctx.us_codes()[i], _kashdan(ctx, i),
                                                   strict=True)))
    return Explanation("US Chess 34E7 Kashdan: 4 per win, 2 per draw, 1 per loss, 0 per "
                       "unplayed game", rows)


@tiebreak("KASH", "Kashdan", "US Chess 34E7", label="Kash", aliases=("kashdan", "34E7"),
          explain=explain_kashdan)
def kashdan(ctx: Context, spec: Spec) -> list[Fraction | None]:
    return [Fraction(sum(_kashdan(ctx, i))) for i in range(len(ctx))]


# --------------------------------------------------------------------------- STD


def _standard(ctx: Context, points: int) -> Fraction:
    """STD: a round worth more than a draw is 1, a draw ½, less 0."""
    return Fraction(1) if points > ctx.draw else Fraction(1, 2) if points == ctx.draw \
        else Fraction(0)


def explain_standard(ctx: Context, spec: Spec, i: int) -> Explanation:
    rules = ctx.fide_rules(spec)
    table = ctx.fide_table
    start = i * table.rounds
    rows = tuple(ctx.explain_row(table, i, r + 1, _standard(ctx, p),
                                 f"{ctx.num_text(p)} points")
                 for r, p in enumerate(table.pts[start:start + table.rounds]))
    return Explanation(rules.rule_text(spec.system), rows)


@tiebreak("STD", "Standard Points", "FIDE C.07 (2026)", family="FIDE",
          decimals=1, explain=explain_standard, summary="every round mapped to 1 / ½ / 0")
def standard_points(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """STD (2026): each round mapped to 1 / ½ / 0 (more than, equal to, less than a draw)."""
    ctx.fide_rules(spec)
    table = ctx.fide_table
    n = table.rounds
    return [sum((_standard(ctx, p) for p in table.pts[k:k + n]), Fraction(0))
            for k in table.row_starts()]
