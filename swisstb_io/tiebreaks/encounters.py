"""Group systems: the players still tied when the system's turn comes.

US Chess Result Between Tied Players RBT (34E5) and Play-off or Lot LOT (34E12/34E13);
FIDE C.07 Direct Encounter DE (§6, rules-fide.md §A.6): each member scores the points
made in games against the other members (several games against one member are averaged).
When everybody met everybody (always so in a round robin) the members are ranked by that
score.  Otherwise (Swiss) a member is placed ahead only while the leader is unique and
nobody below can catch up even by winning every missing encounter.  The rule is applied
again to every subgroup still tied, until nothing changes.  Forfeits count only with
``/P`` (the default in a round robin).
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction

from .context import Context
from .registry import Option, group_tiebreak
from .spec import Spec
from .values import ExplainRow, Explanation, num

DE_ARTICLE = "FIDE C.07 §6"


def direct_encounter(ctx: Context, spec: Spec, group: tuple[int, ...]
                     ) -> tuple[dict[int, int], list[str]]:
    """Ranks (1 = best, ties shared) within ``group`` (start numbers) and the lines saying
    how each pass went."""
    rules = ctx.fide_rules(spec)
    as_played = spec.played or (rules.round_robin and not spec.swiss)
    swiss = spec.swiss or not rules.round_robin
    table = ctx.fide_table
    members = [table.index[s] for s in group]
    ranks = {i: 1 for i in members}
    lines: list[str] = []
    _resolve(ctx, rules.round_robin, members, 1, ranks, lines, as_played, swiss)
    return {table.start_nos[i]: r for i, r in ranks.items()}, lines


def _resolve(ctx: Context, rr: bool, members: list[int], base: int, ranks: dict[int, int],
             lines: list[str], as_played: bool, swiss: bool) -> None:
    if len(members) < 2:
        return
    sub = _one_pass(ctx, rr, members, as_played, swiss, lines)
    if len(set(sub.values())) == 1:
        return  # nothing separated: stop (§6, "until nothing changes")
    for i in members:
        ranks[i] = base + sub[i] - 1
    by_rank: dict[int, list[int]] = {}
    for i in members:
        by_rank.setdefault(sub[i], []).append(i)
    for r, tied in sorted(by_rank.items()):
        if len(tied) > 1:
            _resolve(ctx, rr, tied, base + r - 1, ranks, lines, as_played, swiss)


def _one_pass(ctx: Context, rr: bool, members: list[int], as_played: bool, swiss: bool,
              lines: list[str]) -> dict[int, int]:
    table = ctx.fide_table
    inside = set(members)
    need = len(members) - 1
    score: dict[int, Fraction] = {}
    reach: dict[int, Fraction] = {}
    met_all = True
    sno = table.start_nos
    for i in members:
        games: dict[int, list[int]] = {}
        for k in range(i * table.rounds, (i + 1) * table.rounds):
            o = table.opp[k]
            if o in inside and o != i and (as_played or table.played[k]):
                games.setdefault(o, []).append(table.pts[k])
        s = sum((Fraction(sum(g), len(g) * ctx.unit) for g in games.values()), Fraction(0))
        score[i] = s
        missing = need - len(games)
        if swiss and (missing or rr):  # /S in a round robin: always this rule
            met_all = False
            reach[i] = s + missing * ctx.frac(ctx.win)
        else:
            reach[i] = s
    order = sorted(members, key=lambda i: (-score[i], -reach[i], sno[i]))
    out: dict[int, int] = {}
    group_txt = _shown([str(sno[i]) for i in sorted(members, key=lambda i: sno[i])[:_SHOWN]],
                       len(members))
    if met_all:
        prev: Fraction | None = None
        rank = 0
        for pos, i in enumerate(order, 1):
            if score[i] != prev:
                rank, prev = pos, score[i]
            out[i] = rank
        lines.append(f"group {{{group_txt}}}: all met; scores "
                     + _shown([f"{sno[i]}: {num(score[i])}" for i in order[:_SHOWN]],
                              len(order))
                     + f" ({DE_ARTICLE}.2)")
        return out
    best_rest = [reach[i] for i in order]  # best reachable from each position on
    for pos in range(len(order) - 2, -1, -1):
        best_rest[pos] = max(best_rest[pos], best_rest[pos + 1])
    rank, unique = 1, True
    out[order[0]] = 1
    for pos in range(1, len(order)):
        if unique and score[order[pos - 1]] > best_rest[pos]:
            rank = pos + 1
        else:
            unique = False
        out[order[pos]] = rank
    lines.append(f"group {{{group_txt}}}: not all met; scores "
                 + _shown([f"{sno[i]}: {num(score[i])} of {num(reach[i])} reachable"
                           for i in order[:_SHOWN]],
                          len(order))
                 + f" (ranked only where nobody can catch up, {DE_ARTICLE}.2)")
    return out


_SHOWN = 20
"""Members an explanation lists of a tied group (each member's explanation says it: a tie
of thousands is named by its first members and its size)."""


def _shown(items: list[str], size: int) -> str:
    """The first :data:`_SHOWN` of ``items`` (of ``size``), then the size."""
    text = ", ".join(items[:_SHOWN])
    return text if size <= _SHOWN else f"{text}, … ({size:,} players)"


class _LastGroup:
    """The direct encounter of the group last explained: the explanations of a group's
    members are asked in turn, with the same group (one pass each would be quadratic)."""

    def __init__(self) -> None:
        self.group: tuple[int, ...] = ()
        self.ranks: dict[int, int] = {}
        self.lines: list[str] = []


def _explained_group(ctx: Context, spec: Spec, group: tuple[int, ...]
                     ) -> tuple[dict[int, int], list[str]]:
    last = ctx.memo(("de explained", spec.key), _LastGroup)
    if last.group is not group and last.group != group:
        last.group = group
        last.ranks, last.lines = direct_encounter(ctx, spec, group)
    return last.ranks, last.lines


def explain_direct_encounter(ctx: Context, spec: Spec, group: tuple[int, ...], start_no: int
                             ) -> Explanation:
    rules = ctx.fide_rules(spec)
    ranks, lines = _explained_group(ctx, spec, group)
    size = len(group)
    notes = (*lines, f"rank {ranks[start_no]} of {size} in the tied group; value = "
             f"{size} + 1 - rank")
    return Explanation(rules.rule_text(spec.system), (), notes)


@group_tiebreak("DE", "Direct Encounter", DE_ARTICLE, family="FIDE", modifiers=frozenset("PS"),
                decimals=0, explain=explain_direct_encounter,
                summary="points scored in games among the tied players")
def direct_encounter_values(ctx: Context, spec: Spec, group: tuple[int, ...]
                            ) -> dict[int, Fraction | None]:
    """DE of the members of ``group``: group size + 1 - rank (higher ranks higher)."""
    ranks, _ = direct_encounter(ctx, spec, group)
    return {sn: Fraction(len(group) + 1 - rank) for sn, rank in ranks.items()}


# --------------------------------------------------------------------------- RBT

_RBT_OPTIONS = {
    "mode": Option("us", ("us", "strict"),
                   "us: plus/minus over the games among the tied players that happened "
                   "(the default); strict: only if all have met"),
    "forfeits": Option("exclude", ("exclude", "include"),
                       "forfeit results among the tied players"),
}


def _games_among(ctx: Context, spec: Spec, group: tuple[int, ...], i: int
                 ) -> list[tuple[int, int, int]]:
    """(round, opponent index, +1 / 0 / -1) of player ``i``'s games against the other members
    of ``group`` (start numbers in ascending order, :data:`.registry.GroupValues`: looked up
    by bisection, so the games of every member cost linear time, not quadratic, in a tie of
    thousands) (forfeits too with ``forfeits=include``)."""
    with_forfeits = spec.option("forfeits") == "include"
    out = []
    for r in range(ctx.n_rounds):
        j = ctx.opp[i][r]
        if j < 0 or not _holds(group, ctx.start_nos[j]):
            continue
        if not ctx.played[i][r] and not (with_forfeits and ctx.outcome[i][r].has_opponent):
            continue
        p, q = ctx.pts[i][r], ctx.pts[j][r]
        out.append((r, j, 1 if p > q else -1 if p < q else 0))
    return out


def _holds(group: tuple[int, ...], start_no: int) -> bool:
    """Whether the ascending ``group`` holds ``start_no``."""
    k = bisect_left(group, start_no)
    return k < len(group) and group[k] == start_no


def _group_note(group: tuple[int, ...]) -> str:
    """The tied group for an explanation, as :func:`_shown` lists it."""
    return "tied group: " + _shown([str(s) for s in group[:_SHOWN]], len(group))


def _all_met(ctx: Context, spec: Spec, group: tuple[int, ...]) -> bool:
    if len(group) - 1 > ctx.n_rounds:  # not enough rounds for everyone to meet everyone
        return False
    return all(len({j for _, j, _ in _games_among(ctx, spec, group, ctx.index[sn])})
               == len(group) - 1 for sn in group)


def explain_result_between(ctx: Context, spec: Spec, group: tuple[int, ...], start_no: int
                           ) -> Explanation:
    i = ctx.index[start_no]
    rows = tuple(ExplainRow(r + 1, ctx.us_code(i, r), ctx.start_nos[j], Fraction(delta),
                            "game among the tied players")
                 for r, j, delta in _games_among(ctx, spec, group, i))
    notes: tuple[str, ...] = (_group_note(group),)
    if spec.option("mode") == "strict" and not _all_met(ctx, spec, group):
        notes += ("strict mode: not all tied players have met",)
    return Explanation("US Chess 34E5 Result between tied players: wins minus losses in games "
                       "among the tied players", rows, notes)


@group_tiebreak("RBT", "Result Between Tied Players", "US Chess 34E5", label="H2H",
                aliases=("head-to-head", "h2h", "result-between", "34E5"),
                options=_RBT_OPTIONS, explain=explain_result_between)
def result_between(ctx: Context, spec: Spec, group: tuple[int, ...]
                   ) -> dict[int, Fraction | None]:
    """34E5: wins minus losses in the games among the tied players (undefined in strict
    mode unless all of them have met)."""
    if spec.option("mode") == "strict" and not _all_met(ctx, spec, group):
        return dict.fromkeys(group)
    return {sn: Fraction(sum(d for _, _, d in _games_among(ctx, spec, group, ctx.index[sn])))
            for sn in group}


# --------------------------------------------------------------------------- LOT


def lot_order(ctx: Context) -> tuple[int, ...]:
    """The order a seeded lot gives to all start numbers (empty without a seed)."""
    seed = ctx.options.lot_seed
    if seed is None:
        return ()
    import random  # only for a seeded lot: keep it out of every import of the package

    order = sorted(ctx.start_nos)
    random.Random(seed).shuffle(order)
    return tuple(order)


def explain_lot(ctx: Context, spec: Spec, group: tuple[int, ...], start_no: int
                ) -> Explanation:
    playoff = ctx.options.playoff
    how = (f"34E12 play-off order {','.join(map(str, playoff))}" if start_no in playoff
           else f"34E13 lot with seed {ctx.options.lot_seed}"
           if ctx.options.lot_seed is not None else "no play-off or lot given")
    return Explanation("US Chess 34E12/34E13: play-off or lot, only as given by the TD",
                       notes=(how,))


@group_tiebreak("LOT", "Play-off or Lot", "US Chess 34E12/34E13", label="Lot",
                aliases=("playoff", "play-off", "coin-flip", "34E12", "34E13"),
                explain=explain_lot)
def playoff_or_lot(ctx: Context, spec: Spec, group: tuple[int, ...]
                   ) -> dict[int, Fraction | None]:
    """34E12 / 34E13: the play-off order given, then a seeded lot: the first ranks highest."""
    playoff = ctx.options.playoff
    order = list(playoff) + [sn for sn in ctx.memo(("lot",), lambda: lot_order(ctx))
                             if sn not in playoff]
    pos = {sn: k for k, sn in enumerate(order)}
    ranked = sorted((sn for sn in group if sn in pos), key=pos.__getitem__)
    place = {sn: len(ranked) - k for k, sn in enumerate(ranked)}
    return {sn: Fraction(place[sn]) if sn in place else None for sn in group}
