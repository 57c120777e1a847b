"""The pre-2023 virtual opponent for BH and SB (``--fide-rules 2009``, rules-fide.md §A.7).

* A player's own unplayed round R (bye, absence, forfeit win or loss) is a game against a
  virtual opponent who starts with the player's score before R, gets the opposite of the
  player's result in R, and draws every later round:
  ``Svon = S(before R) + (1 - points in R) + ½ x (n - R)`` under 1-½-0.  With other point
  systems "the opposite" is the loss, draw or win points, as the player's round was worth
  more than, as much as, or less than a draw.
* Seen by opponents, every unplayed game of a player counts as a draw.
* In a round robin unplayed games count as played; byes count nothing.
"""

from __future__ import annotations

from ._context import FideContext

ARTICLE = "FIDE C.07 (pre-2023), virtual opponent (SPP Kallithea 2009)"


def opponent_view(ctx: FideContext) -> list[int]:
    """Each player's score as counted in others' BH: unplayed games are draws (Swiss)."""
    key = ("virtual-view",)
    hit = ctx.cache.get(key)
    if hit is not None:
        return hit  # type: ignore[return-value]
    out = []
    for i in range(ctx.n):
        if ctx.round_robin:
            out.append(ctx.total[i])
            continue
        out.append(sum(p if pl else ctx.draw for p, pl in zip(ctx.pts[i], ctx.played[i],
                                                              strict=True)))
    ctx.cache[key] = out
    return out


def opposite(ctx: FideContext, points: int) -> int:
    """The virtual opponent's points in the round: the opposite of the player's result."""
    if points > ctx.draw:
        return ctx.loss
    return ctx.draw if points == ctx.draw else ctx.win


def virtual_entries(
    ctx: FideContext, i: int, sb: bool, as_played: bool
) -> list[tuple[int, int, int, bool, int, int]]:
    """(round, score, contribution, vur, opponent index, kind) for player ``i``; kind 0 is a
    real opponent, 5 the virtual opponent (see :mod:`._opponents`)."""
    view = opponent_view(ctx)
    out: list[tuple[int, int, int, bool, int, int]] = []
    before = 0
    n = ctx.rounds
    for r in range(n):
        o = ctx.opp[i][r]
        p = ctx.pts[i][r]
        if o >= 0 and (ctx.played[i][r] or as_played):
            score, kind = view[o], 0
        elif ctx.round_robin:
            before += p
            continue
        else:
            score, kind = before + opposite(ctx, p) + ctx.draw * (n - r - 1), 5
        out.append((r + 1, score, score * p if sb else score, False, o, kind))
        before += p
    return out
