"""Direct Encounter (C.07 §6, rules-fide.md §A.6).

Applied to a group tied on every earlier criterion: each member scores the points made
in games against the other members (several games against one member are averaged).
When everybody met everybody (always so in a round robin) the members are ranked by
that score.  Otherwise (Swiss) a member is placed ahead only while the leader is unique
and nobody below can catch up even by winning every missing encounter.  The rule is
applied again to every subgroup still tied, until nothing changes.

Forfeits count only with ``/P`` (the default in a round robin).
"""

from __future__ import annotations

from fractions import Fraction

from ._context import FideContext

ARTICLE = "FIDE C.07 §6"


def direct_encounter(
    ctx: FideContext, group: list[int], as_played: bool | None = None, swiss: bool = False
) -> tuple[dict[int, int], list[str]]:
    """Ranks (1 = best, ties shared) within ``group`` (start numbers) and explanation lines.

    ``as_played`` (``/P``) counts forfeits as games; the default is True in a round robin.
    ``swiss`` (``/S``) applies the Swiss "nobody can catch up" rule in a round robin too.
    """
    if as_played is None:
        as_played = ctx.round_robin and not swiss
    swiss = swiss or not ctx.round_robin
    members = [ctx.index[s] for s in group]
    ranks = {i: 1 for i in members}
    lines: list[str] = []
    _resolve(ctx, members, 1, ranks, lines, as_played, swiss)
    return {ctx.start_nos[i]: r for i, r in ranks.items()}, lines


def _resolve(ctx: FideContext, members: list[int], base: int, ranks: dict[int, int],
             lines: list[str], as_played: bool, swiss: bool) -> None:
    if len(members) < 2:
        return
    sub = _one_pass(ctx, members, as_played, swiss, lines)
    if len(set(sub.values())) == 1:
        return  # nothing separated: stop (§6, "until nothing changes")
    for i in members:
        ranks[i] = base + sub[i] - 1
    by_rank: dict[int, list[int]] = {}
    for i in members:
        by_rank.setdefault(sub[i], []).append(i)
    for r, tied in sorted(by_rank.items()):
        if len(tied) > 1:
            _resolve(ctx, tied, base + r - 1, ranks, lines, as_played, swiss)


def _one_pass(ctx: FideContext, members: list[int], as_played: bool, swiss: bool,
              lines: list[str]) -> dict[int, int]:
    inside = set(members)
    need = len(members) - 1
    score: dict[int, Fraction] = {}
    reach: dict[int, Fraction] = {}
    met_all = True
    sno = ctx.start_nos
    for i in members:
        games: dict[int, list[int]] = {}
        for r in range(ctx.rounds):
            o = ctx.opp[i][r]
            if o in inside and o != i and (as_played or ctx.played[i][r]):
                games.setdefault(o, []).append(ctx.pts[i][r])
        s = sum((Fraction(sum(g), len(g) * ctx.unit) for g in games.values()), Fraction(0))
        score[i] = s
        missing = need - len(games)
        if swiss and (missing or ctx.round_robin):  # /S in a round robin: always this rule
            met_all = False
            reach[i] = s + missing * ctx.frac(ctx.win)
        else:
            reach[i] = s
    order = sorted(members, key=lambda i: (-score[i], -reach[i], sno[i]))
    out: dict[int, int] = {}
    group_txt = ", ".join(str(sno[i]) for i in sorted(members, key=lambda i: sno[i]))
    if met_all:
        prev: Fraction | None = None
        rank = 0
        for pos, i in enumerate(order, 1):
            if score[i] != prev:
                rank, prev = pos, score[i]
            out[i] = rank
        lines.append(f"group {{{group_txt}}}: all met; scores "
                     + ", ".join(f"{sno[i]}: {score[i]}" for i in order) + f" ({ARTICLE}.2)")
        return out
    rank, unique = 1, True
    out[order[0]] = 1
    for pos in range(1, len(order)):
        best_rest = max(reach[j] for j in order[pos:])
        if unique and score[order[pos - 1]] > best_rest:
            rank = pos + 1
        else:
            unique = False
        out[order[pos]] = rank
    lines.append(f"group {{{group_txt}}}: not all met; score/reachable "
                 + ", ".join(f"{sno[i]}: {score[i]}/{reach[i]}" for i in order)
                 + f" (ranked only where nobody can catch up, {ARTICLE}.2)")
    return out
