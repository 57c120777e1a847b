"""Rating systems: the opponents' ratings and the player's performance.

US Chess Average Rating of Opposition AVGOPP (34E11); FIDE C.07 ARO (§10.1), TPR (§10.2),
PTP (§10.3).  The means of the opponents' performances (OPPPERF, APRO, APPO) are in
:mod:`.opponent_averages`.  Only games played over the board count, rated by the
pre-event ratings.

FIDE (§A.4 e): games are scored 1 / ½ / 0 whatever the point system; when a player of the
event is unrated and no rating for unrated players is given (``/U1400`` or the
``unrated`` option), the values are undefined (``None``), as C.07 requires; ARO, TPR, APRO
and APPO are integers rounded half up.  US Chess: unrated opponents are left out unless a
rating is given to them (``/U1400`` or the option); a player with no rated opponent has no
value.
"""

from __future__ import annotations

from fractions import Fraction

from ..fide_tables import DP_TABLE, perfect_performance
from ..model import Outcome
from .context import Context
from .registry import tiebreak
from .spec import Spec
from .values import ExplainRow, Explanation

HALVES = {Outcome.WIN: 2, Outcome.WIN_UNRATED: 2, Outcome.INCONSISTENT_WIN: 2,
          Outcome.DRAW: 1, Outcome.DRAW_UNRATED: 1, Outcome.INCONSISTENT_DRAW: 1}
"""Rating score of a game in half points: 1 / ½ / 0 whatever the point system."""

Game = tuple[int, int, int, int]
"""(round, opponent index, result in half points, opponent's rating)."""


def _fallback(ctx: Context, spec: Spec) -> int | None:
    """The rating given to unrated players: ``/U``, else the option, else none."""
    return spec.unrated if spec.unrated is not None else ctx.options.unrated_rating


def undefined_reason(ctx: Context, spec: Spec) -> str:
    """Why every value is undefined (an unrated player, no rating given), else ``""``."""
    if _fallback(ctx, spec) is not None:
        return ""
    table = ctx.fide_table
    ratings = ctx.list_ratings(ctx.fide_rating_list)
    unrated = [sn for sn, rt in zip(table.start_nos, ratings, strict=True) if rt is None]
    if not unrated:
        return ""
    shown = ", ".join(str(s) for s in unrated[:5]) + (" ..." if len(unrated) > 5 else "")
    return (f"undefined: player(s) {shown} unrated and no rating for unrated players given"
            " (FIDE C.07 §10; use /U<rating> or --unrated-rating)")


def _games(ctx: Context, spec: Spec, i: int) -> tuple[list[Game], list[Game], dict[int, str]]:
    """All games over the board, those left after Cut/Median (lowest/highest rated), why cut."""
    table = ctx.fide_table
    ratings = ctx.list_ratings(ctx.fide_rating_list)
    fallback = _fallback(ctx, spec) or 0
    games: list[Game] = []
    start = i * table.rounds
    for r in range(table.rounds):
        k = start + r
        if table.played[k]:
            o = table.opp[k]
            rating = ratings[o]
            games.append((r + 1, o, HALVES.get(table.outcome[k], 0),
                          rating if rating is not None else fallback))
    low = min(spec.cut_low, table.rounds)
    high = min(spec.cut_high, table.rounds - low)
    keep = sorted(games, key=lambda g: (g[3], g[0]))
    cut: dict[int, str] = {}
    for _ in range(low):
        if keep:
            cut[keep.pop(0)[0]] = "cut: lowest rated opponent (Cut, §14)"
    for _ in range(high):
        if keep:
            cut[keep.pop()[0]] = "cut: highest rated opponent (Median, §14)"
    return games, keep, cut


def _aro(total: int, n: int) -> int:
    return (2 * total + n) // (2 * n)  # the mean rounded half up (ratings are positive)


def _percentage(halves: int, n: int) -> int:
    return (halves * 100 + n) // (2 * n)  # the score percentage rounded half up


def performance(ctx: Context, spec: Spec, i: int) -> Fraction | None:
    """ARO, TPR or PTP of player ``i``."""
    if undefined_reason(ctx, spec):
        return None
    _, keep, _ = _games(ctx, spec, i)
    if not keep:
        return None
    n = len(keep)
    total = sum(g[3] for g in keep)
    halves = sum(g[2] for g in keep)
    if spec.code == "ARO":
        return Fraction(_aro(total, n))
    if spec.code == "TPR":
        return Fraction(_aro(total, n) + DP_TABLE[_percentage(halves, n)])
    return Fraction(perfect_performance(Fraction(halves, 2), [g[3] for g in keep]))


def explain_performance(ctx: Context, spec: Spec, i: int) -> Explanation:
    rules = ctx.fide_rules(spec)
    rule = rules.rule_text(spec.system)
    reason = undefined_reason(ctx, spec)
    if reason:
        return Explanation(rule, (), (reason,))
    games, keep, cut = _games(ctx, spec, i)
    table = ctx.fide_table
    sno = table.start_nos
    rows = tuple(ctx.explain_row(table, i, g[0], Fraction(g[3]),
                                 f"opponent {sno[g[1]]} rated {g[3]}, scored "
                                 f"{('0', '0.5', '1')[g[2]]}", sno[g[1]], cut.get(g[0], ""))
                 for g in games)
    if not keep:
        why = "no game played over the board" if not games else "no game left after the cut"
        return Explanation(rule, rows, (why,))
    n = len(keep)
    total = sum(g[3] for g in keep)
    notes: tuple[str, ...] = ()
    if spec.code == "ARO" and total % n:
        notes = (*notes, rules.exact_note(spec.system, Fraction(total, n)))
    elif spec.code == "TPR":
        pct = _percentage(sum(g[2] for g in keep), n)
        notes = (*notes, f"ARO {_aro(total, n)} + dp({pct}%) {DP_TABLE[pct]:+}")
    return Explanation(rule, rows, notes)


def aro_tpr(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """ARO or TPR of every player, over the whole field at once: the opponents' ratings of
    every cell (0 where no game was played over the board), summed per player."""
    table = ctx.fide_table
    n, rounds = len(table), table.rounds
    if undefined_reason(ctx, spec):
        return [None] * n
    fallback = _fallback(ctx, spec) or 0
    rated = [fallback if rt is None else rt for rt in ctx.list_ratings(ctx.fide_rating_list)]
    opp_rating = [rated[o] if pl else 0 for o, pl in zip(table.opp, table.played, strict=True)]
    games = table.row_sums(list(map(int, table.played)))
    low = min(spec.cut_low, rounds)
    high = min(spec.cut_high, rounds - low)
    if low or high:
        starts = table.row_starts()
        kept = [sorted(r for r, pl in zip(opp_rating[k:k + rounds], table.played[k:k + rounds],
                                          strict=True) if pl)[low:] for k in starts]
        counts = [max(0, len(row) - high) for row in kept]
        totals = [sum(row[:c]) for row, c in zip(kept, counts, strict=True)]
    else:
        counts = games
        totals = table.row_sums(opp_rating)
    if spec.code == "TPR":
        scored = [HALVES.get(o, 0) if pl else 0
                  for o, pl in zip(table.outcome, table.played, strict=True)]
        won = table.row_sums(scored)
    out: list[Fraction | None] = []
    for i, (total, count) in enumerate(zip(totals, counts, strict=True)):
        if not count:
            out.append(None)
        elif spec.code == "ARO":
            out.append(Fraction(_aro(total, count)))
        else:
            out.append(Fraction(_aro(total, count) + DP_TABLE[_percentage(won[i], count)]))
    return out




@tiebreak("ARO", "Average Rating of Opponents", "FIDE C.07 §10.1", family="FIDE", decimals=0,
          explain=explain_performance, modifiers=frozenset("CMU"),
          summary="mean rating of the opponents met over the board, rounded half up")
@tiebreak("TPR", "Tournament Performance Rating", "FIDE C.07 §10.2", family="FIDE",
          decimals=0, explain=explain_performance, modifiers=frozenset("U"),
          summary="ARO + dp(score %) from the FIDE table")
def average_rating_and_performance(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """ARO or TPR of every player."""
    ctx.fide_rules(spec)
    return aro_tpr(ctx, spec)


@tiebreak("PTP", "Perfect Tournament Performance", "FIDE C.07 §10.3", family="FIDE",
          decimals=0, explain=explain_performance, modifiers=frozenset("U"),
          summary="lowest rating whose expected score reaches the player's score")
def perfect_tournament_performance(ctx: Context, spec: Spec) -> list[Fraction | None]:
    ctx.fide_rules(spec)
    return [performance(ctx, spec, i) for i in range(len(ctx.fide_table))]


# --------------------------------------------------------------------------- AVGOPP


def rated_opponents(ctx: Context, i: int, ratings: list[int | None]) -> list[tuple[int, int]]:
    """(round, opponent index) of player ``i``'s games over the board against rated
    opponents."""
    return [(r, j) for r, (j, pl) in enumerate(zip(ctx.opp[i], ctx.played[i], strict=True))
            if pl and ratings[j] is not None]


def explain_average_opposition(ctx: Context, spec: Spec, i: int) -> Explanation:
    ratings = ctx.ratings(spec.unrated)
    used = {r for r, _ in rated_opponents(ctx, i, ratings)}
    rows = tuple(
        ExplainRow(r + 1, ctx.us_code(i, r), ctx.start_nos[j] if j >= 0 else None,
                   Fraction(ratings[j] or 0) if r in used else None,
                   "opponent's rating" if r in used else
                   "not a game against a rated opponent: left out")
        for r, j in enumerate(ctx.opp[i]))
    return Explanation(
        f"US Chess 34E11 Average Rating of Opposition: mean {ctx.rating_list} rating of the "
        "opponents met over the board (unrated opponents left out unless given a rating)",
        rows)


@tiebreak("AVGOPP", "Average Rating of Opposition", "US Chess 34E11", label="ARO",
          aliases=("avg-opp-rating", "average-opposition", "34E11"),
          modifiers=frozenset({"U"}), decimals=0, explain=explain_average_opposition)
def average_opposition(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """34E11: the exact mean rating of the rated opponents met over the board."""
    ratings = ctx.ratings(spec.unrated)
    out: list[Fraction | None] = []
    for i in range(len(ctx)):
        games = rated_opponents(ctx, i, ratings)
        total = sum(ratings[j] or 0 for _, j in games)
        out.append(Fraction(total, len(games)) if games else None)
    return out
