"""Opponent-score systems: the sum (or mean) of what a player's opponents scored.

FIDE C.07: Buchholz BH (§8.1), Fore Buchholz FB (§8.3), Sonneborn-Berger SB (§9.1), Average
of Opponents' Buchholz AOB (§8.2) and Koya KS (§9.2).  Unplayed rounds follow Article 16
(:mod:`.unplayed`).  Sums are integers in units (units squared for SB) and become
Fractions last.
"""

from __future__ import annotations

from fractions import Fraction
from operator import mul

from ..errors import TiebreakError
from .context import Context, FideRules
from .registry import System, tiebreak
from .spec import Spec
from .unplayed import (
    CAP_BYE,
    CAP_FORFEIT,
    DUMMY,
    OPPONENT,
    RR_UNPLAYED,
    Entry,
    adjusted_scores,
    apply_cuts,
    entries,
    fide_rows,
    opposite,
    special_cells,
)
from .values import ExplainRow, Explanation, round_half_up

# --------------------------------------------------------------------------- BH, FB, SB

Kind = tuple[bool, bool, bool]
"""(SB?, FB?, unplayed games counted as played?) of a BH, FB or SB spec."""


def _kind(rules: FideRules, spec: Spec, code: str | None = None) -> Kind:
    code = code or spec.code
    fore = code == "FB"
    if fore and rules.edition == "2009":
        raise TiebreakError("FB does not exist in the pre-2023 rules (--fide-rules 2009)")
    return code == "SB", fore, spec.played or (rules.round_robin and not spec.swiss)


def _totals(ctx: Context, rules: FideRules, kind: Kind, low: int, high: int) -> list[int]:
    """BH, FB or SB of every player in units (units squared for SB), after the cuts.

    Every cell takes its opponent's adjusted score or, for a round that is not a game
    against an opponent, the dummy opponent's score (16.4; 0 in a round robin), times the
    points scored for SB; a cut drops the least significant values of each row.  A player
    with a VUR among those rounds (16.5), or a round-robin bye, is cut entry by entry.
    """
    sb, fore, as_played = kind
    table = ctx.fide_table
    rounds, n = table.rounds, len(table)
    low = min(low, rounds)
    high = min(high, rounds - low)
    if rules.edition == "2009" or not rounds:
        return [_entry_total(ctx, rules, i, kind, low, high) for i in range(n)]
    adj, own = adjusted_scores(ctx, rules, fore)
    score = [adj[o] for o in table.opp]  # the cells without an opponent are set below
    special = special_cells(ctx, fore, as_played)
    bye_cap = ctx.draw * rounds
    for k in special:
        if rules.round_robin:
            value = 0  # a round-robin bye or unplayed game counts nothing
        else:
            value = own[k // rounds]  # the dummy opponent (16.4)
            if rules.edition == "2026":
                o = table.opp[k]
                value = min(value, adj[o] if o >= 0 else bye_cap)
        score[k] = value
    contrib = list(map(mul, score, table.pts)) if sb else score
    starts = table.row_starts()
    if not (low or high):
        return table.row_sums(contrib)
    if sb:  # least significant: lowest opponent score, then lowest contribution
        totals = [sum(c for _, c in sorted(zip(score[k:k + rounds], contrib[k:k + rounds],
                                               strict=True))[low:rounds - high])
                  for k in starts]
    else:
        totals = [sum(sorted(contrib[k:k + rounds])[low:rounds - high]) for k in starts]
    vur = fide_rows(ctx).vur
    # byes are left out of a round-robin row, and a VUR is cut first (16.5)
    for i in sorted({k // rounds for k in special if rules.round_robin or vur[k]}):
        totals[i] = _entry_total(ctx, rules, i, kind, low, high)
    return totals


def _entry_total(ctx: Context, rules: FideRules, i: int, kind: Kind, low: int, high: int
                 ) -> int:
    items = entries(ctx, rules, i, *kind)
    if low or high:
        items = apply_cuts(rules, ctx.fide_table.rounds, items, low, high)[0]
    return sum(e[2] for e in items)


def _scale(ctx: Context, kind: Kind) -> int:
    return ctx.unit if kind[0] else 1


def _summary(system: System, rules: FideRules) -> str:
    if rules.edition == "2009" and system.code in _SUMMARY_2009:
        return _SUMMARY_2009[system.code]
    return system.summary


_SUMMARY_2009 = {
    "BH": "sum of the opponents' scores (their unplayed games as draws); own unplayed rounds "
          "against a virtual opponent (pre-2023 rules, SPP Kallithea 2009)",
    "SB": "sum of opponent's score (unplayed games as draws) x points scored against them; "
          "own unplayed rounds against a virtual opponent (pre-2023 rules, SPP Kallithea 2009)",
}


def explain_opponent_scores(ctx: Context, spec: Spec, i: int) -> Explanation:
    """Player ``i``'s BH, FB or SB: one row per round, with the cut rows marked."""
    rules = ctx.fide_rules(spec)
    kind = _kind(rules, spec)
    table = ctx.fide_table
    items = entries(ctx, rules, i, *kind)
    why: dict[int, str] = {}
    if spec.cut_low or spec.cut_high:
        why = apply_cuts(rules, table.rounds, items, spec.cut_low, spec.cut_high)[1]
    sno, scale = table.start_nos, _scale(ctx, kind)
    rows = tuple(ctx.explain_row(table, i, e[0], ctx.frac(e[2], scale),
                                 _note(ctx, rules, i, e, kind), sno[e[4]] if e[4] >= 0 else None,
                                 why.get(e[0], ""))
                 for e in items)
    return Explanation(rules.rule_text(spec.system, _summary(spec.system, rules)), rows,
                       rules.notes)


def _note(ctx: Context, rules: FideRules, i: int, e: Entry, kind: Kind) -> str:
    rnd, score, _, vur, o, what = e
    sb, fore, _ = kind
    table = ctx.fide_table
    sno, text = table.start_nos, ctx.num_text(score)
    pts = table.pts[i * table.rounds + rnd - 1]
    if what == OPPONENT:
        note = f"opponent {sno[o]}: {text}"
        if rules.edition == "2009" and score != table.totals[o]:
            note += " (unplayed games counted as draws, pre-2023 rules)"
        elif score != table.totals[o]:
            note += " (adjusted score, 16.3)"
        if fore and rnd == table.rounds:
            note += " (last round counted as a draw, §8.3)"
    elif what == DUMMY:
        note = f"dummy opponent = own score {text} (16.4)"
    elif what == CAP_FORFEIT:
        note = (f"dummy opponent capped at {text}, the adjusted score of the scheduled "
                f"opponent {sno[o]} (16.4.1)")
    elif what == CAP_BYE:
        note = f"dummy opponent capped at {text}, half the maximum score (16.4.2)"
    elif what == RR_UNPLAYED:
        note = f"unplayed against {sno[o]}: counts nothing (round robin)"
    else:
        start = i * table.rounds
        before = sum(table.pts[start:start + rnd - 1])
        note = (f"virtual opponent: {ctx.num_text(before)} before the round + "
                f"{ctx.num_text(opposite(ctx, pts))} + a draw in each of "
                f"{table.rounds - rnd} later round(s) = {text} (pre-2023 rules)")
    if sb:
        note += f", x {ctx.num_text(pts)} scored"
    if vur:
        note += "; a VUR (16.1.2)"
    return note




@tiebreak("BH", "Buchholz", "FIDE C.07 §8.1", family="FIDE", decimals=1,
          explain=explain_opponent_scores, modifiers=frozenset("CMPS"),
          summary="sum of the opponents' adjusted scores; own unplayed rounds against a "
                  "dummy opponent (16.4)")
@tiebreak("FB", "Fore Buchholz", "FIDE C.07 §8.3", family="FIDE", decimals=1,
          explain=explain_opponent_scores, modifiers=frozenset("CMPS"),
          summary="Buchholz with every paired last-round game counted as a draw")
@tiebreak("SB", "Sonneborn-Berger", "FIDE C.07 §9.1", family="FIDE", decimals=2,
          explain=explain_opponent_scores, modifiers=frozenset("CPS"),
          summary="sum of opponent's adjusted score x points scored against them; own "
                  "unplayed rounds against a dummy opponent (16.4)")
def opponent_scores(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """BH, FB or SB of every player under ``spec``'s modifiers."""
    rules = ctx.fide_rules(spec)
    kind = _kind(rules, spec)
    scale = _scale(ctx, kind)
    totals = _totals(ctx, rules, kind, spec.cut_low, spec.cut_high)
    return [ctx.frac(t, scale) for t in totals]


# --------------------------------------------------------------------------- AOB


def _opponents_buchholz(ctx: Context, spec: Spec) -> tuple[str, list[Fraction]]:
    """(BH or FB, its value per player) that AOB averages: FB with ``/F``."""
    rules = ctx.fide_rules(spec)
    code = "FB" if spec.fore else "BH"
    kind = _kind(rules, spec, code)
    values = ctx.memo(f"aob base {rules.edition} {kind}", lambda: [
        ctx.frac(t) for t in _totals(ctx, rules, kind, 0, 0)])
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
    notes: tuple[str, ...] = rules.notes
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


# --------------------------------------------------------------------------- KS


def _koya_limit(ctx: Context, spec: Spec, rules: FideRules) -> tuple[Fraction, str]:
    """The limit score and the note saying how it is found.

    In a round robin the maximum is reduced by the byes of an odd field and by one game for
    each participant never paired (withdrawn before playing).
    """
    table = ctx.fide_table
    rounds, n = table.rounds, len(table)
    max_games = rounds
    if rules.round_robin:
        if n and rounds % n == 0:
            max_games -= rounds // n
        max_games -= sum(1 for k in table.row_starts()
                         if not any(o >= 0 or pl for o, pl in zip(
                             table.opp[k:k + rounds], table.played[k:k + rounds], strict=True)))
    limit = spec.limit_pct * ctx.frac(ctx.win) * max_games / 100 + spec.limit_offset
    offset = spec.limit_offset
    note = (f"limit {spec.limit_pct}% of {max_games} x {ctx.num_text(ctx.win)}"
            + (f" {'+' if offset > 0 else ''}{offset}" if offset else "") + f" = {limit}")
    return limit, note


def explain_koya(ctx: Context, spec: Spec, i: int) -> Explanation:
    rules = ctx.fide_rules(spec)
    limit, limit_note = _koya_limit(ctx, spec, rules)
    table = ctx.fide_table
    sno = table.start_nos
    rows: list[ExplainRow] = []
    for r in range(table.rounds):
        k = i * table.rounds + r
        o = table.opp[k]
        if o < 0:
            continue
        osc = ctx.frac(table.totals[o])
        scored = ctx.frac(table.pts[k])
        if osc >= limit:
            rows.append(ctx.explain_row(table, i, r + 1, scored,
                                        f"opponent {sno[o]} scored {osc} >= {limit}", sno[o]))
        else:
            rows.append(ctx.explain_row(table, i, r + 1, scored,
                                        f"opponent {sno[o]} scored {osc}", sno[o],
                                        f"not counted: below the limit {limit}"))
    return Explanation(rules.rule_text(spec.system), tuple(rows), (*rules.notes, limit_note))


@tiebreak("KS", "Koya System", "FIDE C.07 §9.2", family="FIDE", modifiers=frozenset("L"),
          decimals=1, explain=explain_koya,
          summary="points scored against opponents with at least the limit (50 %) of the "
                  "maximum score")
def koya(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """KS (§9.2): points scored against opponents with at least the limit of the maximum."""
    limit, _ = _koya_limit(ctx, spec, ctx.fide_rules(spec))
    table = ctx.fide_table
    strong = [o >= 0 and ctx.frac(table.totals[o]) >= limit for o in table.opp]
    counted = [p if s else 0 for p, s in zip(table.pts, strong, strict=True)]
    return [ctx.frac(t) for t in table.row_sums(counted)]

