"""Rating systems: the opponents' ratings, performances and their averages.

US Chess Average Rating of Opposition AVGOPP (34E11) and Opposition's Performance OPPPERF
(34E10); FIDE C.07 ARO (§10.1), TPR (§10.2), PTP (§10.3), APRO (§10.4), APPO (§10.5).
Only games played over the board count, rated by the pre-event ratings.

FIDE (§A.4 e): games are scored 1 / ½ / 0 whatever the point system; when a player of the
event is unrated and no rating for unrated players is given (``/U1400`` or the
``unrated`` option), the values are undefined (``None``), as C.07 requires; ARO, TPR, APRO
and APPO are integers rounded half up.  US Chess: unrated opponents are left out unless a
rating is given to them (``/U1400`` or the option; 34E10 can also estimate one,
``unrated=estimate``); a player with no rated opponent has no value.  34E10 follows
SwissSys 11's formula by default (rules-uscf.md 34E10); ``formula=linear`` is the plain
linear one.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

from ..model import Outcome
from .context import Context
from .rating_tables import DP_TABLE, perfect_performance
from .registry import Option, tiebreak
from .spec import Spec
from .values import ExplainRow, Explanation, round_half_up

HALVES = {Outcome.WIN: 2, Outcome.WIN_UNRATED: 2, Outcome.INCONSISTENT_WIN: 2,
          Outcome.DRAW: 1, Outcome.DRAW_UNRATED: 1, Outcome.INCONSISTENT_DRAW: 1}
"""Rating score of a game in half points: 1 / ½ / 0 whatever the point system."""

Game = tuple[int, int, int, int]
"""(round, opponent index, result in half points, opponent's rating)."""


def _fallback(ctx: Context, spec: Spec) -> int | None:
    """The rating given to unrated players: ``/U``, else the option, else none."""
    return spec.unrated if spec.unrated is not None else ctx.options.unrated_rating


def _undefined_reason(ctx: Context, spec: Spec) -> str:
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


def _performance(ctx: Context, spec: Spec, i: int) -> Fraction | None:
    """ARO, TPR or PTP of player ``i``."""
    if _undefined_reason(ctx, spec):
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
    reason = _undefined_reason(ctx, spec)
    if reason:
        return Explanation(rule, (), (*rules.notes, reason))
    games, keep, cut = _games(ctx, spec, i)
    table = ctx.fide_table
    sno = table.start_nos
    rows = tuple(ctx.explain_row(table, i, g[0], Fraction(g[3]),
                                 f"opponent {sno[g[1]]} rated {g[3]}, scored "
                                 f"{('0', '0.5', '1')[g[2]]}", sno[g[1]], cut.get(g[0], ""))
                 for g in games)
    if not keep:
        why = "no game played over the board" if not games else "no game left after the cut"
        return Explanation(rule, rows, (*rules.notes, why))
    n = len(keep)
    total = sum(g[3] for g in keep)
    notes: tuple[str, ...] = rules.notes
    if spec.code == "ARO" and total % n:
        notes = (*notes, rules.exact_note(spec.system, Fraction(total, n)))
    elif spec.code == "TPR":
        pct = _percentage(sum(g[2] for g in keep), n)
        notes = (*notes, f"ARO {_aro(total, n)} + dp({pct}%) {DP_TABLE[pct]:+}")
    return Explanation(rule, rows, notes)


def _aro_tpr(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """ARO or TPR of every player, over the whole field at once: the opponents' ratings of
    every cell (0 where no game was played over the board), summed per player."""
    table = ctx.fide_table
    n, rounds = len(table), table.rounds
    if _undefined_reason(ctx, spec):
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
    return _aro_tpr(ctx, spec)


@tiebreak("PTP", "Perfect Tournament Performance", "FIDE C.07 §10.3", family="FIDE",
          decimals=0, explain=explain_performance, modifiers=frozenset("U"),
          summary="lowest rating whose expected score reaches the player's score")
def perfect_tournament_performance(ctx: Context, spec: Spec) -> list[Fraction | None]:
    ctx.fide_rules(spec)
    return [_performance(ctx, spec, i) for i in range(len(ctx.fide_table))]


# --------------------------------------------------------------------------- APRO, APPO


def _opponents_performances(ctx: Context, spec: Spec) -> tuple[str, list[Fraction | None]]:
    """(TPR or PTP, its value per player) that APRO / APPO average."""
    code = "TPR" if spec.code == "APRO" else "PTP"
    inner = Spec(code=code, key=code, unrated=spec.unrated)
    values = ctx.memo(f"fide performances {code} {spec.unrated}", lambda: (
        _aro_tpr(ctx, inner) if code == "TPR" else
        [_performance(ctx, inner, i) for i in range(len(ctx.fide_table))]))
    return code, values


def _met(ctx: Context, values: list[Fraction | None], i: int) -> list[tuple[int, int]]:
    """(round, opponent) of player ``i``'s games over the board against an opponent with a
    performance."""
    table = ctx.fide_table
    start = i * table.rounds
    return [(r, table.opp[start + r]) for r in range(table.rounds)
            if table.played[start + r] and values[table.opp[start + r]] is not None]


def explain_average_performance(ctx: Context, spec: Spec, i: int) -> Explanation:
    rules = ctx.fide_rules(spec)
    code, values = _opponents_performances(ctx, spec)
    table = ctx.fide_table
    sno = table.start_nos
    got = _met(ctx, values, i)
    rows = tuple(ctx.explain_row(table, i, r + 1, values[o], f"{code} of opponent {sno[o]}",
                                 sno[o]) for r, o in got)
    notes: tuple[str, ...] = rules.notes
    reason = _undefined_reason(ctx, spec)
    if reason or not got:
        notes = (*notes, reason or "no opponent with a performance")
    else:
        exact = sum((values[o] or Fraction(0) for _, o in got), Fraction(0)) / len(got)
        if exact != round_half_up(exact):
            notes = (*notes, rules.exact_note(spec.system, exact))
    return Explanation(rules.rule_text(spec.system), rows, notes)




@tiebreak("APRO", "Average Performance Rating of Opponents", "FIDE C.07 §10.4",
          family="FIDE", decimals=0, explain=explain_average_performance,
          modifiers=frozenset("U"), summary="mean TPR of the opponents met over the board")
@tiebreak("APPO", "Average Perfect Performance of Opponents", "FIDE C.07 §10.5",
          family="FIDE", decimals=0, explain=explain_average_performance,
          modifiers=frozenset("U"), summary="mean PTP of the opponents met over the board")
def average_opponents_performance(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """APRO / APPO: the mean TPR / PTP of the opponents met over the board, rounded half up."""
    ctx.fide_rules(spec)
    _, values = _opponents_performances(ctx, spec)
    if _undefined_reason(ctx, spec):
        return [None] * len(ctx.fide_table)
    out: list[Fraction | None] = []
    for i in range(len(ctx.fide_table)):
        got = [values[o] or Fraction(0) for _, o in _met(ctx, values, i)]
        out.append(round_half_up(sum(got, Fraction(0)) / len(got)) if got else None)
    return out


# --------------------------------------------------------------------------- AVGOPP, OPPPERF


def _rated_opponents(ctx: Context, i: int, ratings: list[int | None]) -> list[tuple[int, int]]:
    """(round, opponent index) of player ``i``'s games over the board against rated
    opponents."""
    return [(r, j) for r, (j, pl) in enumerate(zip(ctx.opp[i], ctx.played[i], strict=True))
            if pl and ratings[j] is not None]


def explain_average_opposition(ctx: Context, spec: Spec, i: int) -> Explanation:
    ratings = ctx.ratings(spec.unrated)
    used = {r for r, _ in _rated_opponents(ctx, i, ratings)}
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


@tiebreak("AVGOPP", "Average Rating of Opposition", "US Chess 34E11",
          aliases=("avg-opp-rating", "average-opposition", "34E11"),
          modifiers=frozenset({"U"}), decimals=0, explain=explain_average_opposition)
def average_opposition(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """34E11: the exact mean rating of the rated opponents met over the board."""
    ratings = ctx.ratings(spec.unrated)
    out: list[Fraction | None] = []
    for i in range(len(ctx)):
        games = _rated_opponents(ctx, i, ratings)
        total = sum(ratings[j] or 0 for _, j in games)
        out.append(Fraction(total, len(games)) if games else None)
    return out


_PERF_OPTIONS = {
    "formula": Option(
        "swisssys", ("swisssys", "linear"),
        "swisssys: each opponent's performance as SwissSys 11 computes it (a win over a player "
        "rated more than 350 below counts as 350 below, a negative performance counts 0, "
        "each performance is truncated and the mean rounded half up: rules-uscf.md 34E10); "
        "linear: the exact (sum of ratings + 400 x (wins - losses)) / games",
    ),
    "unrated": Option(
        "omit", ("omit", "estimate"),
        "games against unrated players: left out of a performance (omit; how SwissSys rates "
        "them is not known) or the unrated player counted at the event's average rating + "
        "400 x (wins - losses) / games against rated players (estimate, the scholastic "
        "variant of rules-uscf.md 34E10); /U<rating> gives them one fixed rating instead",
    ),
}

_CAP = 350
"""SwissSys 34E10: a win over a player rated more than this below counts as this below."""


class _Performance(NamedTuple):
    value: Fraction | None
    notes: tuple[str, ...]


def _estimated(ctx: Context, ratings: list[int | None]) -> list[Fraction | None]:
    """``ratings`` with each unrated player who met rated opponents given the event's
    average rating + 400 x (wins - losses) / games against rated opponents."""
    out: list[Fraction | None] = [None if r is None else Fraction(r) for r in ratings]
    rated = [r for r in ratings if r is not None]
    if not rated:
        return out
    average = Fraction(sum(rated), len(rated))
    for i, rating in enumerate(ratings):
        games = _rated_opponents(ctx, i, ratings) if rating is None else []
        if games:
            out[i] = average + Fraction(400 * sum(ctx.wdl[i][r] for r, _ in games), len(games))
    return out


def _performances(ctx: Context, spec: Spec) -> list[_Performance]:
    """Performance rating per player over the games played against rated opponents:
    (sum of their ratings + 400 (W - L)) / games, with SwissSys's cap, floor at 0 and
    truncation unless ``formula=linear``; ``None`` without such a game."""

    def build() -> list[_Performance]:
        ratings = ctx.ratings(spec.unrated)
        given: list[Fraction | None] = (
            _estimated(ctx, ratings) if spec.option("unrated") == "estimate"
            else [None if r is None else Fraction(r) for r in ratings])
        swisssys = spec.option("formula") == "swisssys"
        sno, text = ctx.start_nos, _rating_text
        out: list[_Performance] = []
        for i, own in enumerate(given):
            total = Fraction(0)
            games = 0
            notes: list[str] = []
            for r, (j, pl) in enumerate(zip(ctx.opp[i], ctx.played[i], strict=True)):
                rating = given[j] if pl else None
                if rating is None:
                    continue
                wdl = ctx.wdl[i][r]
                if swisssys and wdl == 1 and own is not None and rating < own - _CAP:
                    notes.append(f"{sno[i]}'s win over {sno[j]} (rated {text(rating)}, more "
                                 f"than {_CAP} below {text(own)}) counts as {text(own - _CAP)}")
                    rating = own - _CAP
                total += rating + 400 * wdl
                games += 1
            if not games:
                out.append(_Performance(None, ()))
                continue
            perf = total / games
            if swisssys:
                if perf < 0:
                    notes.append(f"{sno[i]}'s performance {text(perf)} is negative: counts as 0")
                perf = Fraction(max(0, math.floor(perf)))
            out.append(_Performance(perf, tuple(notes)))
        return out

    return ctx.memo(f"us performances {spec.unrated} {spec.option('formula')} "
                    f"{spec.option('unrated')}", build)


def _rating_text(value: Fraction) -> str:
    """A rating for a note: whole, or rounded half up to two decimals."""
    if value.denominator == 1:
        return str(value.numerator)
    return str(Decimal(math.floor(value * 100 + Fraction(1, 2))).scaleb(-2))


def _opponents_with_performance(ctx: Context, perf: list[_Performance], i: int
                                ) -> dict[int, int]:
    """round -> opponent of player ``i``'s games over the board against an opponent with a
    performance rating."""
    return {r: j for r, (j, pl) in enumerate(zip(ctx.opp[i], ctx.played[i], strict=True))
            if pl and perf[j].value is not None}


def _mean_performance(perf: list[_Performance], used: dict[int, int]) -> Fraction | None:
    values = [v for j in used.values() if (v := perf[j].value) is not None]
    return sum(values, Fraction(0)) / len(values) if values else None


def explain_opposition_performance(ctx: Context, spec: Spec, i: int) -> Explanation:
    perf = _performances(ctx, spec)
    used = _opponents_with_performance(ctx, perf, i)
    mean = _mean_performance(perf, used)
    swisssys = spec.option("formula") == "swisssys"
    rows = tuple(
        ExplainRow(r + 1, ctx.us_code(i, r), ctx.start_nos[j] if j >= 0 else None,
                   perf[j].value if r in used else None,
                   "opponent's performance rating" if r in used else
                   "no game, or the opponent has no game against a rated player: left out")
        for r, j in enumerate(ctx.opp[i]))
    notes = [note for j in dict.fromkeys(used.values()) for note in perf[j].notes]
    if swisssys and mean is not None:
        notes.append(f"mean {_rating_text(mean)}, rounded half up to {round_half_up(mean)} "
                     "(SwissSys)")
    if mean is None:
        notes.append("no opponent with a performance rating: undefined")
    if swisssys:
        rule = ("US Chess 34E10 Opposition's Performance, SwissSys 11 formula (rules-uscf.md "
                "34E10): mean of the opponents' performance ratings, each (sum of their "
                "opponents' ratings + 400 x (wins - losses)) / games over games against rated "
                "players, a win over a player rated more than 350 below counted as 350 below, "
                "a negative performance as 0, truncated; the mean rounded half up")
    else:
        rule = ("US Chess 34E10 Opposition's Performance, linear formula: mean of the "
                "opponents' performance ratings, (sum of their opponents' ratings + 400 x "
                "(wins - losses)) / games over games against rated players, exact")
    return Explanation(rule, rows, tuple(notes))


@tiebreak("OPPPERF", "Opposition's Performance", "US Chess 34E10",
          aliases=("opp-performance", "opposition-performance", "34E10"),
          modifiers=frozenset({"U"}), options=_PERF_OPTIONS,
          explain=explain_opposition_performance)
def opposition_performance(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """34E10: the mean of the opponents' performance ratings (rounded half up with the
    SwissSys formula)."""
    perf = _performances(ctx, spec)
    swisssys = spec.option("formula") == "swisssys"
    out: list[Fraction | None] = []
    for i in range(len(ctx)):
        mean = _mean_performance(perf, _opponents_with_performance(ctx, perf, i))
        out.append(round_half_up(mean) if swisssys and mean is not None else mean)
    return out
