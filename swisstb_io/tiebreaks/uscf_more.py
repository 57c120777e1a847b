"""US Chess 34E5 (result between tied players), 34E10/34E11 (ratings), 34E12/34E13 (play-off, lot).

Rating systems use the pre-event ratings of opponents met over the board; unrated
opponents are left out unless a rating is given to them (``/U1400`` on the spec or
``CalcOptions.unrated_rating``; 34E10 can also estimate one, ``unrated=estimate``).  A
player with no rated opponent has no value (``None``).  34E10 follows SwissSys 11's
formula by default (rules-uscf.md 34E10); ``formula=linear`` is the plain linear one.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

from .context import Context
from .core import ExplainRow, Explanation, Option, Spec, TiebreakValue, group_tiebreak, tiebreak


def _rated_opponents(ctx: Context, i: int, ratings: list[int | None]) -> list[tuple[int, int]]:
    """(round, opponent index) of the games played over the board against rated opponents."""
    return [
        (r, j)
        for r, (j, pl) in enumerate(zip(ctx.opp[i], ctx.played[i], strict=True))
        if pl and ratings[j] is not None
    ]


@tiebreak("AVGOPP", "Average Rating of Opposition", "US Chess 34E11",
          aliases=("avg-opp-rating", "average-opposition", "34E11"),
          modifiers=frozenset({"U"}), decimals=0)
def average_opposition(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    ratings = ctx.ratings(spec.unrated)
    out: dict[int, TiebreakValue] = {}
    for i in range(len(ctx)):
        games = _rated_opponents(ctx, i, ratings)
        total = sum(ratings[j] or 0 for _, j in games)
        value = Fraction(total, len(games)) if games else None
        expl = None
        if ctx.explain:
            used = {r for r, _ in games}
            rows = tuple(
                ExplainRow(r + 1, ctx.us_code(i, r), ctx.start_nos[j] if j >= 0 else None,
                           Fraction(ratings[j] or 0) if r in used else None,
                           "opponent's rating" if r in used else
                           "not a game against a rated opponent: left out")
                for r, j in enumerate(ctx.opp[i])
            )
            expl = Explanation(
                f"US Chess 34E11 Average Rating of Opposition: mean {ctx.rating_list} rating "
                "of the opponents met over the board (unrated opponents left out unless "
                "given a rating)", rows)
        out[ctx.start_nos[i]] = TiebreakValue(value, expl)
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
                notes.append(f"{sno[i]}'s win over {sno[j]} (rated {text(rating)}, more than "
                             f"{_CAP} below {text(own)}) counts as {text(own - _CAP)}")
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


def _half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def _rating_text(value: Fraction) -> str:
    """A rating for a note: whole, or rounded half up to two decimals."""
    if value.denominator == 1:
        return str(value.numerator)
    return str(Decimal(_half_up(value * 100)).scaleb(-2))


@tiebreak("OPPPERF", "Opposition's Performance", "US Chess 34E10",
          aliases=("opp-performance", "opposition-performance", "34E10"),
          modifiers=frozenset({"U"}), options=_PERF_OPTIONS)
def opposition_performance(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    perf = ctx.memo(f"us.perf.{spec.unrated}.{spec.option('formula')}.{spec.option('unrated')}",
                    lambda: _performances(ctx, spec))
    swisssys = spec.option("formula") == "swisssys"
    out: dict[int, TiebreakValue] = {}
    for i in range(len(ctx)):
        used = {r: j for r, (j, pl) in enumerate(zip(ctx.opp[i], ctx.played[i], strict=True))
                if pl and perf[j].value is not None}
        values = [v for j in used.values() if (v := perf[j].value) is not None]
        mean = sum(values, Fraction(0)) / len(values) if values else None
        value = Fraction(_half_up(mean)) if swisssys and mean is not None else mean
        expl = None
        if ctx.explain:
            expl = _explain_perf(ctx, i, perf, used, swisssys, mean)
        out[ctx.start_nos[i]] = TiebreakValue(value, expl)
    return out


def _explain_perf(ctx: Context, i: int, perf: list[_Performance], used: dict[int, int],
                  swisssys: bool, mean: Fraction | None) -> Explanation:
    rows = tuple(
        ExplainRow(r + 1, ctx.us_code(i, r), ctx.start_nos[j] if j >= 0 else None,
                   perf[j].value if r in used else None,
                   "opponent's performance rating" if r in used else
                   "no game, or the opponent has no game against a rated player: left out")
        for r, j in enumerate(ctx.opp[i])
    )
    notes = [note for j in dict.fromkeys(used.values()) for note in perf[j].notes]
    if swisssys and mean is not None:
        notes.append(f"mean {_rating_text(mean)}, rounded half up to {_half_up(mean)} "
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


# --------------------------------------------------------------------------- group systems


@group_tiebreak("RBT", "Result Between Tied Players", "US Chess 34E5",
                aliases=("head-to-head", "h2h", "result-between", "34E5"),
                options={
                    "mode": Option("us", ("us", "strict"),
                                   "us: plus/minus over the games among the tied players "
                                   "that happened (A10); strict: only if all have met"),
                    "forfeits": Option("exclude", ("exclude", "include"),
                                       "forfeit results among the tied players"),
                })
def result_between(ctx: Context, spec: Spec, group: tuple[int, ...]) -> dict[int, TiebreakValue]:
    members = {ctx.index[sn] for sn in group}
    with_forfeits = spec.option("forfeits") == "include"
    score: dict[int, int] = {}
    met: dict[int, set[int]] = {}
    rows: dict[int, list[ExplainRow]] = {}
    for i in members:
        plus = 0
        seen: set[int] = set()
        lines: list[ExplainRow] = []
        for r in range(ctx.n_rounds):
            j = ctx.opp[i][r]
            if j < 0 or j not in members:
                continue
            o = ctx.outcome[i][r]
            if not ctx.played[i][r] and not (with_forfeits and o.has_opponent):
                continue
            p = ctx.pts[i][r]
            delta = 1 if p > ctx.pts[j][r] else -1 if p < ctx.pts[j][r] else 0
            plus += delta
            seen.add(j)
            if ctx.explain:
                lines.append(ExplainRow(r + 1, ctx.us_code(i, r), ctx.start_nos[j],
                                        Fraction(delta), "game among the tied players"))
        score[i], met[i], rows[i] = plus, seen, lines
    all_met = all(len(met[i]) == len(members) - 1 for i in members)
    strict = spec.option("mode") == "strict"
    out: dict[int, TiebreakValue] = {}
    for i in members:
        value = None if strict and not all_met else Fraction(score[i])
        expl = None
        if ctx.explain:
            notes: tuple[str, ...] = ("tied group: " + ", ".join(str(s) for s in sorted(group)),)
            if value is None:
                notes += ("strict mode: not all tied players have met",)
            expl = Explanation("US Chess 34E5 Result between tied players: wins minus losses "
                               "in games among the tied players", tuple(rows[i]), notes)
        out[ctx.start_nos[i]] = TiebreakValue(value, expl)
    return out


def lot_order(ctx: Context) -> tuple[int, ...]:
    """The order a seeded lot gives to all start numbers (empty without a seed)."""
    seed = ctx.options.lot_seed
    if seed is None:
        return ()
    import random  # only for a seeded lot: keep it out of every import of the package

    order = sorted(ctx.start_nos)
    random.Random(seed).shuffle(order)
    return tuple(order)


@group_tiebreak("LOT", "Play-off or Lot", "US Chess 34E12/34E13",
                aliases=("playoff", "play-off", "coin-flip", "34E12", "34E13"))
def playoff_or_lot(ctx: Context, spec: Spec, group: tuple[int, ...]) -> dict[int, TiebreakValue]:
    playoff = ctx.options.playoff
    order = list(playoff) + [sn for sn in ctx.memo("lot", lambda: lot_order(ctx))
                             if sn not in playoff]
    pos = {sn: k for k, sn in enumerate(order)}
    ranked = sorted((sn for sn in group if sn in pos), key=pos.__getitem__)
    place = {sn: len(ranked) - k for k, sn in enumerate(ranked)}
    out: dict[int, TiebreakValue] = {}
    for sn in group:
        value = Fraction(place[sn]) if sn in place else None
        expl = None
        if ctx.explain:
            how = (f"34E12 play-off order {','.join(map(str, playoff))}" if sn in playoff
                   else f"34E13 lot with seed {ctx.options.lot_seed}"
                   if ctx.options.lot_seed is not None else "no play-off or lot given")
            expl = Explanation("US Chess 34E12/34E13: play-off or lot, only as given by the "
                               "TD", notes=(how,))
        out[sn] = TiebreakValue(value, expl)
    return out
