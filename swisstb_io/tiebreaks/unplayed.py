"""Unplayed-round rules: how a round without a game over the board counts.

FIDE C.07 Article 16 (rules-fide.md §A.4-A.5), on the table over the scheduled rounds:

* a *voluntarily unplayed round* (VUR, 16.1.2) is an unplayed round other than a forfeit
  win, a pairing-allocated bye or a full-point bye;
* the *adjusted score* a player shows to opponents counts a requested bye that is followed
  only by VURs as a draw (16.2.5, 16.3.2);
* a player's own unplayed round is a game against a *dummy opponent* scoring the player's
  own score (16.4), capped in 2026 (16.4.1 forfeit: the scheduled opponent's adjusted
  score; 16.4.2 otherwise: draw points x rounds);
* a low cut removes a VUR before a played value unless the least significant value is worth
  more (16.5);
* in a round robin unplayed games count as played against the scheduled opponent and byes
  count nothing;
* edition ``2009`` uses the pre-2023 virtual opponent instead (§A.7): a player's own
  unplayed round R is a game against an opponent who starts with the player's score before
  R, gets the opposite of the player's result in R and draws every later round; seen by
  opponents, every unplayed game counts as a draw.

US Chess 34E (the US notes A1, A2, A8), on the table over the rounds that count: an
opponent's *adjusted score* counts every round they did not play over the board as a draw.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import NamedTuple

from ..model import Color, Outcome
from .context import Context, FideRules
from .table import ScoreTable


class Against(enum.IntEnum):
    """Whose score a round of an :class:`Entry` counts."""

    OPPONENT = 0
    """The real opponent's (adjusted) score."""
    DUMMY = 1
    """The dummy opponent's: the player's own score (16.4)."""
    CAP_FORFEIT = 2
    """The dummy opponent capped at the adjusted score of a forfeit's scheduled opponent
    (16.4.1, 2026)."""
    CAP_BYE = 3
    """The dummy opponent capped at a draw a round (16.4.2, 2026)."""
    RR_UNPLAYED = 4
    """A round-robin game that was not played: counts nothing."""
    VIRTUAL = 5
    """The pre-2023 virtual opponent (§A.7)."""


class Entry(NamedTuple):
    """One round of a FIDE opponent-score system, in units (units squared for SB)."""

    round: int
    """The round, 1-based."""
    score: int
    """The score counted for the round: the opponent's, the dummy's or the virtual one's."""
    contribution: int
    """What the round adds: :attr:`score` (x the points scored, for SB)."""
    vur: bool
    """A voluntarily unplayed round (16.1.2)."""
    opponent: int
    """The opponent's index, -1 for none."""
    against: Against

_NOT_VUR = frozenset({Outcome.FORFEIT_WIN, Outcome.PAIRING_BYE, Outcome.FULL_BYE})


# --------------------------------------------------------------------------- US Chess 34E


def us_adjusted(ctx: Context) -> list[int]:
    """US Chess adjusted score per player (units): unplayed rounds count as a draw (34E1)."""

    def build() -> list[int]:
        draw, nr, pts = ctx.draw, ctx.n_rounds, ctx.flat_pts
        adj = list(ctx.game_points)
        for k in ctx.unplayed_cells:
            adj[k // nr] += draw - pts[k]
        return adj

    return ctx.memo(("us adjusted",), build)


# --------------------------------------------------------------------------- FIDE C.07 16


class FideRows:
    """Per-cell facts of C.07 Article 16 over the scheduled rounds."""

    def __init__(self, table: ScoreTable) -> None:
        rounds = table.rounds
        self.vur: list[bool] = [False] * len(table.cells)
        self.black: list[bool] = [c is Color.BLACK for c in table.color]
        for k in table.unplayed:  # only a round without a game can be a VUR (§16.1.2)
            self.vur[k] = table.outcome[k] not in _NOT_VUR
            self.black[k] = False
        self.lna: list[int] = [_last_not_vur(self.vur[k:k + rounds]) for k in table.row_starts()]
        """Last round (1-based) that was not a VUR; 0 if every round was one (16.2.5)."""


def fide_rows(ctx: Context) -> FideRows:
    return ctx.memo(("fide rows",), lambda: FideRows(ctx.fide_table))


def _last_not_vur(row: list[bool]) -> int:
    for r in range(len(row) - 1, -1, -1):
        if not row[r]:
            return r + 1
    return 0


def adjusted_scores(ctx: Context, rules: FideRules, fore: bool) -> tuple[list[int], list[int]]:
    """(score shown to opponents, own score for the dummy) per player, in units.

    The own score counts the player's bonus and penalty points (their score, 16.4); the
    score shown to opponents counts game results only.

    With ``fore`` (FB, §8.3) a player paired in the last round has that game counted as a
    draw, and the last round is then not a VUR (§A.4 d).
    """

    def build() -> tuple[list[int], list[int]]:
        table = ctx.fide_table
        rounds = table.rounds
        last = rounds - 1
        no_opp_value = 0 if rules.round_robin else ctx.draw
        lna = fide_rows(ctx).lna
        adj: list[int] = []
        own: list[int] = []
        for i, k in enumerate(table.row_starts()):
            pts, opp = table.pts[k:k + rounds], table.opp[k:k + rounds]
            total = table.totals[i]
            paired_last = fore and last >= 0 and (opp[last] >= 0 or table.played[k + last])
            if paired_last or lna[i] == rounds:
                s = total  # every round counts as it was scored
            else:
                s = sum(p if (r < lna[i] or o >= 0) else no_opp_value
                        for r, (p, o) in enumerate(zip(pts, opp, strict=True)))
            mine = total + ctx.points[i] - ctx.game_points[i]  # own bonus / penalty (§16.4)
            if paired_last and opp[last] >= 0:
                shift = ctx.draw - pts[last]
                s += shift
                mine += shift
            adj.append(s)
            own.append(mine)
        return adj, own

    return ctx.memo(("fide adjusted", rules.round_robin, fore), build)


def special_cells(ctx: Context, fore: bool, as_played: bool) -> list[int]:
    """The cells that are not a game against the opponent's adjusted score: byes,
    absences, and forfeits unless they count as played."""

    def build() -> list[int]:
        table = ctx.fide_table
        last = table.rounds - 1
        if as_played:
            return [k for k, o in enumerate(table.opp) if o < 0]
        cells = table.unplayed
        if fore:  # a paired last round counts as a draw against the opponent (§8.3)
            cells = [k for k in cells if k % table.rounds != last or table.opp[k] < 0]
        return cells

    return ctx.memo(("fide special cells", fore, as_played), build)


def entries(ctx: Context, rules: FideRules, i: int, sb: bool, fore: bool, as_played: bool
            ) -> list[Entry]:
    """Player ``i``'s rounds as (opponent score, contribution) entries (16.4, §A.4)."""
    return entry_lists(ctx, rules, sb, fore, as_played, (i,))[0]


def entry_lists(ctx: Context, rules: FideRules, sb: bool, fore: bool, as_played: bool,
                players: Iterable[int] | None = None) -> list[list[Entry]]:
    """:func:`entries` of each of ``players`` (default: every player, by index), the
    tables they read looked up once."""
    table = ctx.fide_table
    if players is None:
        players = range(len(table))
    if rules.edition == "2009":
        return [virtual_entries(ctx, rules, i, sb, as_played) for i in players]
    rounds = table.rounds
    adj, own = adjusted_scores(ctx, rules, fore)
    vurs = fide_rows(ctx).vur
    opp, pts, played = table.opp, table.pts, table.played
    cap_2026 = rules.edition == "2026"
    rr = rules.round_robin
    bye_cap = ctx.draw * rounds
    last = rounds - 1
    lists: list[list[Entry]] = []
    for i in players:
        out: list[Entry] = []
        for r, k in enumerate(range(i * rounds, (i + 1) * rounds)):
            o, p, vur = opp[k], pts[k], vurs[k]
            if o >= 0 and (as_played or played[k] or (fore and r == last)):
                score, vur, against = adj[o], False, Against.OPPONENT
            elif not rr:
                score, against = own[i], Against.DUMMY
                if cap_2026:
                    cap = adj[o] if o >= 0 else bye_cap
                    if cap < score:
                        score = cap
                        against = Against.CAP_FORFEIT if o >= 0 else Against.CAP_BYE
            elif o < 0:
                continue  # round robin: a bye counts nothing
            else:
                score, against = 0, Against.RR_UNPLAYED
            out.append(Entry(r + 1, score, score * p if sb else score, vur, o, against))
        lists.append(out)
    return lists


def opponent_view(ctx: Context, rules: FideRules) -> list[int]:
    """Pre-2023 rules: each player's score as counted in others' BH (unplayed games are
    draws in a Swiss event)."""

    def build() -> list[int]:
        table = ctx.fide_table
        if rules.round_robin:
            return list(table.totals)
        seen = [p if pl else ctx.draw for p, pl in zip(table.pts, table.played, strict=True)]
        return table.row_sums(seen)

    return ctx.memo(("fide virtual view", rules.round_robin), build)


def opposite(ctx: Context, points: int) -> int:
    """The virtual opponent's points in the round: the opposite of the player's result."""
    if points > ctx.draw:
        return ctx.loss
    return ctx.draw if points == ctx.draw else ctx.win


def virtual_entries(ctx: Context, rules: FideRules, i: int, sb: bool, as_played: bool
                    ) -> list[Entry]:
    """Player ``i``'s entries under the pre-2023 virtual opponent (§A.7)."""
    table = ctx.fide_table
    view = opponent_view(ctx, rules)
    n = table.rounds
    out: list[Entry] = []
    before = 0
    for r in range(n):
        k = i * n + r
        o, p = table.opp[k], table.pts[k]
        if o >= 0 and (table.played[k] or as_played):
            score, against = view[o], Against.OPPONENT
        elif rules.round_robin:
            before += p
            continue
        else:
            score = before + opposite(ctx, p) + ctx.draw * (n - r - 1)
            against = Against.VIRTUAL
        out.append(Entry(r + 1, score, score * p if sb else score, False, o, against))
        before += p
    return out


def apply_cuts(rules: FideRules, rounds: int, items: list[Entry], low: int, high: int
               ) -> tuple[list[Entry], dict[int, str]]:
    """Remove ``low`` least significant and ``high`` most significant values (§14, 16.5).

    Returns the kept entries and, by round, why each removed one was cut.
    """
    keep, cut = cut_entries(rules, rounds, items, low, high)
    return keep, {e.round: why for e, why in cut}


def cut_entries(rules: FideRules, rounds: int, items: list[Entry], low: int, high: int
                ) -> tuple[list[Entry], list[tuple[Entry, str]]]:
    """:func:`apply_cuts`, with the entries removed (in the order they are cut) each with
    why it was cut."""
    low = min(low, rounds)
    high = min(high, rounds - low)
    keep = list(items)
    cut: list[tuple[Entry, str]] = []
    vur_rule = rules.edition != "2009"
    for _ in range(low):
        if not keep:
            break
        lsv = min(keep, key=_least_significant)
        vurs = [e for e in keep if e.vur] if vur_rule else []
        if vurs:
            v = min(vurs, key=_cheapest_vur)
            if lsv.contribution > v.contribution:
                pick, reason = lsv, "cut: least significant value, worth more than the VUR (§16.5)"
            else:
                pick, reason = v, "cut: VUR cut first (§16.5.1)"
        else:
            pick, reason = lsv, "cut: least significant value (§14.1.1)"
        keep.remove(pick)
        cut.append((pick, reason))
    for _ in range(high):
        if not keep:
            break
        pick = max(keep, key=_least_significant)
        keep.remove(pick)
        cut.append((pick, "cut: most significant value (Median, §14)"))
    return keep, cut


def _least_significant(e: Entry) -> tuple[int, int]:
    """The lowest opponent score, then the lowest contribution (§14.1)."""
    return e.score, e.contribution


def _cheapest_vur(e: Entry) -> tuple[int, int]:
    """The lowest contribution, then the lowest score (16.5)."""
    return e.contribution, e.score
