"""US Chess 34E5 (result between tied players), 34E10/34E11 (ratings), 34E12/34E13 (play-off, lot).

Rating systems use the pre-event ratings of opponents met over the board; unrated
opponents are left out unless a rating is given to them (``/U1400`` on the spec or
``CalcOptions.unrated_rating``).  A player with no rated opponent has no value (``None``).
"""

from __future__ import annotations

from fractions import Fraction

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


def _performances(ctx: Context, ratings: list[int | None]) -> list[Fraction | None]:
    """Linear performance rating per player: (sum of opponents' ratings + 400 (W - L)) / games,
    over games played against rated opponents."""
    out: list[Fraction | None] = []
    for i in range(len(ctx)):
        games = _rated_opponents(ctx, i, ratings)
        if not games:
            out.append(None)
            continue
        total = sum(ratings[j] or 0 for _, j in games)
        total += 400 * sum(ctx.wdl[i][r] for r, _ in games)
        out.append(Fraction(total, len(games)))
    return out


@tiebreak("OPPPERF", "Opposition's Performance", "US Chess 34E10",
          aliases=("opp-performance", "opposition-performance", "34E10"),
          modifiers=frozenset({"U"}))
def opposition_performance(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    ratings = ctx.ratings(spec.unrated)
    perf = ctx.memo(f"us.perf.{spec.unrated}", lambda: _performances(ctx, ratings))
    out: dict[int, TiebreakValue] = {}
    for i in range(len(ctx)):
        values = [
            (r, perf[j])
            for r, (j, pl) in enumerate(zip(ctx.opp[i], ctx.played[i], strict=True))
            if pl
        ]
        defined = [v for _, v in values if v is not None]
        value = sum(defined, Fraction(0)) / len(defined) if defined else None
        expl = None
        if ctx.explain:
            given = dict(values)
            rows = tuple(
                ExplainRow(r + 1, ctx.us_code(i, r), ctx.start_nos[j] if j >= 0 else None,
                           given.get(r),
                           "opponent's linear performance rating" if given.get(r) is not None
                           else "no game, or the opponent has no rated game: left out")
                for r, j in enumerate(ctx.opp[i])
            )
            expl = Explanation(
                "US Chess 34E10 Opposition's Performance: mean of the opponents' linear "
                "performance ratings, (sum of their opponents' ratings + 400 x (wins - "
                "losses)) / games, over rated games played", rows)
        out[ctx.start_nos[i]] = TiebreakValue(value, expl)
    return out


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
