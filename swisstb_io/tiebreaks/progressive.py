"""Progressive-score systems: the sum of a player's running score after each round.

FIDE C.07 Progressive Scores PS (§7.5), on the table over the scheduled rounds.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate
from operator import mul

from .context import Context
from .registry import tiebreak
from .spec import Spec
from .values import Explanation


def explain_progressive(ctx: Context, spec: Spec, i: int) -> Explanation:
    rules = ctx.fide_rules(spec)
    table = ctx.fide_table
    cut = min(spec.cut_low, table.rounds)
    start = i * table.rounds
    running = accumulate(table.pts[start:start + table.rounds])
    rows = tuple(ctx.explain_row(table, i, r + 1, ctx.frac(score), "running score",
                                 dropped="cut: first rounds (Cut, §14)" if r < cut else "")
                 for r, score in enumerate(running))
    return Explanation(rules.rule_text(spec.system), rows, rules.notes)


@tiebreak("PS", "Progressive Scores", "FIDE C.07 §7.5", family="FIDE",
          modifiers=frozenset("C"), decimals=1, explain=explain_progressive,
          summary="sum of the running score after each round")
def progressive_scores(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """PS of every player; Cut-N drops the first N running scores.  Round ``r`` (0-based) is
    in the running scores of rounds ``max(r, cut)`` to the last: it counts
    ``rounds - max(r, cut)`` times."""
    ctx.fide_rules(spec)
    table = ctx.fide_table
    rounds = table.rounds
    cut = min(spec.cut_low, rounds)
    weights = [rounds - max(r, cut) for r in range(rounds)]
    return [ctx.frac(sum(map(mul, table.pts[k:k + rounds], weights)))
            for k in table.row_starts()]
