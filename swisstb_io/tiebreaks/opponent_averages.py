"""Averages over the opponents met over the board of their own tie-break values.

US Chess Opposition's Performance OPPPERF (34E10); FIDE C.07 Average Performance Rating of
Opponents APRO (§10.4), Average Perfect Performance of Opponents APPO (§10.5) and Average
of Opponents' Buchholz AOB (§8.2, 2 decimals half up).  The performance ratings averaged:
34E10 the linear one (by default as SwissSys 11 computes it, rules-uscf.md 34E10;
``formula=linear`` is the plain one; unrated opponents left out unless given a rating, or
estimated with ``unrated=estimate``), FIDE the TPR / PTP of :mod:`.ratings`, rounded half
up.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

from ..numbers import exact, fixed, round_half_up
from .buchholz import opponent_score_kind, opponent_score_totals
from .context import Context
from .ratings import aro_tpr, performance, rated_opponents, undefined_reason
from .registry import Option, tiebreak
from .spec import Spec
from .values import ExplainRow, Explanation

# --------------------------------------------------------------------------- AOB


def _opponents_buchholz(ctx: Context, spec: Spec) -> tuple[str, list[Fraction]]:
    """(BH or FB, its value per player) that AOB averages: FB with ``/F``."""
    rules = ctx.fide_rules(spec)
    code = "FB" if spec.fore else "BH"
    kind = opponent_score_kind(ctx, rules, spec, code)
    values = ctx.memo(("aob base", rules.edition, kind), lambda: [
        ctx.frac(t) for t in opponent_score_totals(ctx, rules, kind, 0, 0)])
    return code, values


def explain_aob(ctx: Context, spec: Spec, i: int) -> Explanation:
    rules = ctx.fide_rules(spec)
    code, bh = _opponents_buchholz(ctx, spec)
    table = ctx.fide_table
    sno = table.start_nos
    rows: list[ExplainRow] = []
    met: list[Fraction] = []
    for r in range(table.rounds):
        k = i * table.rounds + r
        if table.played[k]:
            o = table.opp[k]
            met.append(bh[o])
            rows.append(ctx.explain_row(table, i, r + 1, bh[o], f"{code} of opponent {sno[o]}",
                                        sno[o]))
    notes: tuple[str, ...] = ()
    if not met:
        notes = (*notes, "no game played over the board")
    else:
        exact = sum(met, Fraction(0)) / len(met)
        if exact != round_half_up(exact, 2):
            notes = (*notes, rules.exact_note(spec.system, exact))
    return Explanation(rules.rule_text(spec.system), tuple(rows), notes)


@tiebreak("AOB", "Average of Opponents' Buchholz", "FIDE C.07 §8.2", family="FIDE",
          modifiers=frozenset("FPS"), decimals=2, explain=explain_aob,
          summary="mean Buchholz of the opponents met over the board, 2 decimals half up")
def average_of_opponents_buchholz(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """AOB (§8.2): mean BH (FB with /F) of the opponents met over the board, 2 decimals."""
    _, bh = _opponents_buchholz(ctx, spec)
    table = ctx.fide_table
    out: list[Fraction | None] = []
    for k in table.row_starts():
        met = [bh[o] for o, pl in zip(table.opp[k:k + table.rounds],
                                      table.played[k:k + table.rounds], strict=True) if pl]
        out.append(round_half_up(sum(met, Fraction(0)) / len(met), 2) if met else None)
    return out




# --------------------------------------------------------------------------- APRO, APPO


def _opponents_performances(ctx: Context, spec: Spec) -> tuple[str, list[Fraction | None]]:
    """(TPR or PTP, its value per player) that APRO / APPO average."""
    code = "TPR" if spec.code == "APRO" else "PTP"
    inner = Spec(code=code, key=code, unrated=spec.unrated)
    values = ctx.memo(("fide performances", code, spec.unrated), lambda: (
        aro_tpr(ctx, inner) if code == "TPR" else
        [performance(ctx, inner, i) for i in range(len(ctx.fide_table))]))
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
    notes: tuple[str, ...] = ()
    reason = undefined_reason(ctx, spec)
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
    if undefined_reason(ctx, spec):
        return [None] * len(ctx.fide_table)
    out: list[Fraction | None] = []
    for i in range(len(ctx.fide_table)):
        got = [values[o] or Fraction(0) for _, o in _met(ctx, values, i)]
        out.append(round_half_up(sum(got, Fraction(0)) / len(got)) if got else None)
    return out



# --------------------------------------------------------------------------- OPPPERF


_PERF_OPTIONS = {
    "formula": Option(
        "swisssys", ("swisssys", "linear"),
        "swisssys: each opponent's performance as SwissSys 11 computes it (a win over a player "
        "rated more than 350 below counts as 350 below, a negative performance counts 0, "
        "each performance is truncated and the mean rounded half up: US Chess 34E10); "
        "linear: the exact (sum of ratings + 400 x (wins - losses)) / games",
    ),
    "unrated": Option(
        "omit", ("omit", "estimate"),
        "games against unrated players: left out of a performance (omit; how SwissSys rates "
        "them is not known) or the unrated player counted at the event's average rating + "
        "400 x (wins - losses) / games against rated players (estimate, the scholastic "
        "variant of US Chess 34E10); /U<rating> gives them one fixed rating instead",
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
        games = rated_opponents(ctx, i, ratings) if rating is None else []
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

    return ctx.memo(("us performances", spec.unrated, spec.option("formula"),
                     spec.option("unrated")), build)


def _rating_text(value: Fraction) -> str:
    """A rating for a note: whole, or rounded half up to two decimals."""
    return exact(value) if value.denominator == 1 else fixed(value, 2)


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
        rule = ("US Chess 34E10 Opposition's Performance, SwissSys 11 formula: mean of the "
                "opponents' performance ratings, each (sum of their "
                "opponents' ratings + 400 x (wins - losses)) / games over games against rated "
                "players, a win over a player rated more than 350 below counted as 350 below, "
                "a negative performance as 0, truncated; the mean rounded half up")
    else:
        rule = ("US Chess 34E10 Opposition's Performance, linear formula: mean of the "
                "opponents' performance ratings, (sum of their opponents' ratings + 400 x "
                "(wins - losses)) / games over games against rated players, exact")
    return Explanation(rule, rows, tuple(notes))


@tiebreak("OPPPERF", "Opposition's Performance", "US Chess 34E10", label="OppPerf",
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
