"""Group systems: the games among the players still tied when the system's turn comes.

FIDE C.07 Direct Encounter DE (§6, rules-fide.md §A.6): each member scores the points
made in games against the other members (several games against one member are averaged).
When everybody met everybody (always so in a round robin) the members are ranked by that
score.  Otherwise (Swiss) a member is placed ahead only while the leader is unique and
nobody below can catch up even by winning every missing encounter.  The rule is applied
again to every subgroup still tied, until nothing changes.  Forfeits count only with
``/P`` (the default in a round robin).
"""

from __future__ import annotations

from fractions import Fraction

from .context import Context
from .registry import group_tiebreak
from .spec import Spec
from .values import Explanation

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
    group_txt = ", ".join(str(sno[i]) for i in sorted(members, key=lambda i: sno[i]))
    if met_all:
        prev: Fraction | None = None
        rank = 0
        for pos, i in enumerate(order, 1):
            if score[i] != prev:
                rank, prev = pos, score[i]
            out[i] = rank
        lines.append(f"group {{{group_txt}}}: all met; scores "
                     + ", ".join(f"{sno[i]}: {score[i]}" for i in order) + f" ({DE_ARTICLE}.2)")
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
                 + f" (ranked only where nobody can catch up, {DE_ARTICLE}.2)")
    return out


def explain_direct_encounter(ctx: Context, spec: Spec, group: tuple[int, ...], start_no: int
                             ) -> Explanation:
    rules = ctx.fide_rules(spec)
    ranks, lines = direct_encounter(ctx, spec, group)
    size = len(group)
    notes = (*lines, f"rank {ranks[start_no]} of {size} in the tied group; value = "
             f"{size} + 1 - rank", *rules.notes)
    return Explanation(rules.rule_text(spec.system), (), notes)


@group_tiebreak("DE", "Direct Encounter", DE_ARTICLE, family="FIDE", modifiers=frozenset("PS"),
                decimals=0, explain=explain_direct_encounter,
                summary="points scored in games among the tied players")
def direct_encounter_values(ctx: Context, spec: Spec, group: tuple[int, ...]
                            ) -> dict[int, Fraction | None]:
    """DE of the members of ``group``: group size + 1 - rank (higher ranks higher)."""
    ranks, _ = direct_encounter(ctx, spec, group)
    return {sn: Fraction(len(group) + 1 - rank) for sn, rank in ranks.items()}
