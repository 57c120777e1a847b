"""Buchholz-type systems: the sum (or mean) of the scores of a player's opponents.

US Chess: Solkoff (34E2), Modified Median (34E1), Median (34E9); FIDE C.07: Buchholz BH
(§8.1), Fore Buchholz FB (§8.3).  The FIDE opponent-score computation here is shared with
Sonneborn-Berger SB (§9.1, :mod:`.sonneborn_berger`) and the Average of Opponents'
Buchholz AOB (§8.2, :mod:`.opponent_averages`).  Unplayed rounds follow :mod:`.unplayed`:
the US adjusted score and 0-opponent, FIDE Article 16.  Sums are integers in units (units
squared for SB) and become Fractions last.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import compress
from operator import mul
from typing import NamedTuple

from ..errors import TiebreakError
from .context import Context, FideRules
from .registry import Option, System, tiebreak
from .spec import Spec
from .unplayed import (
    Against,
    Entry,
    adjusted_scores,
    apply_cuts,
    cut_entries,
    entries,
    entry_lists,
    fide_rows,
    opposite,
    special_cells,
    us_adjusted,
)
from .values import ExplainRow, Explanation

# --------------------------------------------------------------------------- BH, FB, SB

Kind = tuple[bool, bool, bool]
"""(SB?, FB?, unplayed games counted as played?) of a BH, FB or SB spec."""


def opponent_score_kind(ctx: Context, rules: FideRules, spec: Spec, code: str | None = None
                        ) -> Kind:
    """The kind of ``spec`` (or of ``code`` with ``spec``'s modifiers).  FB draws the games
    of the event's final round (§8.3): before that round is in the table (standings after
    round 2 of 3), FB is BH, as in FIDE's reference implementation."""
    code = code or spec.code
    fore = code == "FB"
    if fore and rules.edition == "2009":
        raise TiebreakError("FB does not exist in the pre-2023 rules (--fide-rules 2009)")
    fore = fore and _final_round_counted(ctx)
    return code == "SB", fore, spec.played or (rules.round_robin and not spec.swiss)


def _final_round_counted(ctx: Context) -> bool:
    return ctx.fide_table.rounds >= ctx.scheduled


def _fore_note(ctx: Context, spec: Spec) -> tuple[str, ...]:
    if spec.code != "FB" or _final_round_counted(ctx):
        return ()
    return (f"the final round ({ctx.scheduled}) is not paired yet: no game of it to count as "
            "a draw, so FB is BH (§8.3)",)


def opponent_score_totals(ctx: Context, rules: FideRules, kind: Kind, low: int, high: int
                          ) -> list[int]:
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
            value = own[k // rounds]  # the dummy opponent (§16.4)
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
    return sum(e.contribution for e in items)


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
    return opponent_score_explanations(ctx, spec)[i]


def opponent_score_explanations(ctx: Context, spec: Spec) -> list[Explanation]:
    """Every player's explanation under ``spec``, by competitor index: the rule text and
    notes written once, the rows of :func:`uncut_rows` shared where nothing is cut."""

    def build() -> list[Explanation]:
        rules = ctx.fide_rules(spec)
        kind = opponent_score_kind(ctx, rules, spec)
        rule = rules.rule_text(spec.system, _summary(spec.system, rules))
        notes = tuple(_fore_note(ctx, spec))
        uncut = uncut_rows(ctx, rules, kind)
        low, high = spec.cut_low, spec.cut_high
        if not (low or high):
            return [Explanation(rule, rows, notes) for _, rows in uncut]
        rounds = ctx.fide_table.rounds
        out = []
        for items, rows in uncut:
            marked = list(rows)
            for e, why in cut_entries(rules, rounds, items, low, high)[1]:
                k = items.index(e)  # a row per entry, in the same order
                row = rows[k]
                marked[k] = ExplainRow(row.round, row.result, row.opponent, row.value,
                                       row.note, why)
            out.append(Explanation(rule, tuple(marked), notes))
        return out

    return ctx.memo(("fide explanations", spec.key), build)


def uncut_rows(ctx: Context, rules: FideRules, kind: Kind
               ) -> list[tuple[list[Entry], tuple[ExplainRow, ...]]]:
    """Every player's entries and explanation rows before any cut, by competitor index.

    Built once per rules and kind, so ``BH`` and ``BH/C1`` share them and each spec only
    marks its own cuts; a note is written once per distinct round (the same opponent, score
    and points give the same words).
    """

    def build() -> list[tuple[list[Entry], tuple[ExplainRow, ...]]]:
        table = ctx.fide_table
        rounds, pts = table.rounds, table.pts
        opponent_no: list[int | None] = [*table.start_nos, None]  # opponent index -1: none
        scale = _scale(ctx, kind)
        sb, fore, _ = kind
        plain = not (sb or fore)
        # (value, note) of a row, by what they depend on: against an opponent (whose score
        # is the same in every round) only who, the points scored (SB) and FB's last round
        known: dict[int | tuple[int | bool, ...], tuple[Fraction, str]] = {}
        out: list[tuple[list[Entry], tuple[ExplainRow, ...]]] = []
        lists = entry_lists(ctx, rules, *kind)
        for i, (codes, items) in enumerate(zip(ctx.result_codes(table), lists, strict=True)):
            rows = []
            start = i * rounds - 1
            for e in items:
                rnd, o = e.round, e.opponent
                key: int | tuple[int | bool, ...]
                if e.against is Against.OPPONENT:
                    key = o if plain else (o, pts[start + rnd] if sb else 0,
                                           fore and rnd == rounds)
                elif e.against is not Against.VIRTUAL:
                    key = (e.against, o, e.score, pts[start + rnd] if sb else 0, e.vur,
                           fore and rnd == rounds)
                else:  # the virtual opponent's words depend on the player's earlier rounds
                    key = (i, rnd)
                pair = known.get(key)
                if pair is None:
                    pair = known[key] = (ctx.frac(e.contribution, scale),
                                         _note(ctx, rules, i, e, kind))
                value, note = pair
                rows.append(ExplainRow(rnd, codes[rnd - 1], opponent_no[o], value, note))
            out.append((items, tuple(rows)))
        return out

    return ctx.memo(("fide uncut rows", rules.edition, rules.round_robin, kind), build)


def _note(ctx: Context, rules: FideRules, i: int, e: Entry, kind: Kind) -> str:
    rnd, score, o, what = e.round, e.score, e.opponent, e.against
    sb, fore, _ = kind
    table = ctx.fide_table
    sno, text = table.start_nos, ctx.num_text(score)
    pts = table.pts[i * table.rounds + rnd - 1]
    if what is Against.OPPONENT:
        note = f"opponent {sno[o]}: {text}"
        if rules.edition == "2009" and score != table.totals[o]:
            note += " (unplayed games counted as draws, pre-2023 rules)"
        elif score != table.totals[o]:
            note += " (adjusted score, §16.3)"
        if fore and rnd == table.rounds:
            note += " (last round counted as a draw, §8.3)"
    elif what is Against.DUMMY:
        note = f"dummy opponent = own score {text} (§16.4)"
    elif what is Against.CAP_FORFEIT:
        note = (f"dummy opponent capped at {text}, the adjusted score of the scheduled "
                f"opponent {sno[o]} (§16.4.1)")
    elif what is Against.CAP_BYE:
        note = f"dummy opponent capped at {text}, half the maximum score (§16.4.2)"
    elif what is Against.RR_UNPLAYED:
        note = f"unplayed against {sno[o]}: counts nothing (round robin)"
    else:
        start = i * table.rounds
        before = sum(table.pts[start:start + rnd - 1])
        note = (f"virtual opponent: {ctx.num_text(before)} before the round + "
                f"{ctx.num_text(opposite(ctx, pts))} + a draw in each of "
                f"{table.rounds - rnd} later round(s) = {text} (pre-2023 rules)")
    if sb:
        note += f", x {ctx.num_text(pts)} scored"
    if e.vur:
        note += "; a VUR (§16.1.2)"
    return note




@tiebreak("BH", "Buchholz", "FIDE C.07 §8.1", family="FIDE", decimals=1,
          explain=explain_opponent_scores, explain_all=opponent_score_explanations,
          modifiers=frozenset("CMPS"),
          summary="sum of the opponents' adjusted scores; own unplayed rounds against a "
                  "dummy opponent (§16.4)")
@tiebreak("FB", "Fore Buchholz", "FIDE C.07 §8.3", family="FIDE", decimals=1,
          explain=explain_opponent_scores, explain_all=opponent_score_explanations,
          modifiers=frozenset("CMPS"),
          summary="Buchholz with every paired last-round game counted as a draw")
def opponent_scores(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """BH or FB (or SB, :mod:`.sonneborn_berger`) of every player under ``spec``'s
    modifiers."""
    rules = ctx.fide_rules(spec)
    kind = opponent_score_kind(ctx, rules, spec)
    scale = _scale(ctx, kind)
    totals = opponent_score_totals(ctx, rules, kind, spec.cut_low, spec.cut_high)
    return [ctx.frac(t, scale) for t in totals]


# --------------------------------------------------------------------------- SOLK, MM, MED
# Defaults are the recommended resolutions of the project's US Chess notes: an opponent's
# adjusted score counts every unplayed round as a draw (34E1; A2, A8); each of the
# player's own unplayed rounds is a 0-opponent, sorted like any other value, so it is
# dropped first (A1, A2); plus/even/minus compares the score with half the section's
# rounds completed so far (A6); 9 or more scheduled rounds discard 2 per side, else 1 (A7).

_MEDIAN_OPTIONS = {
    "plusminus": Option(
        "completed", ("completed", "scheduled"),
        "plus/even/minus against half the section's rounds completed so far (the "
        "default; the scheduled number once the event is over) or always half the "
        "scheduled rounds",
    ),
    "discards": Option(
        "auto", ("auto", "auto-completed", "0", "1", "2", "3"),
        "values dropped per side: auto = 2 from 9 scheduled rounds, else 1 (34E1's "
        "9-round rule, counted on the scheduled rounds); "
        "auto-completed counts the rounds completed so far instead",
    ),
    "own-unplayed": Option(
        "zero", ("zero", "omit"),
        "the player's own unplayed rounds: an opponent scoring 0 (34E1) or left out of the "
        "list",
    ),
}

_MODES = {"MM": "modified", "SOLK": "none", "MED": "both"}
"""What each system drops: 34E1 by the plus/even/minus score, 34E2 nothing, 34E9 both ends."""

_MEDIAN_RULES = {
    "modified": "US Chess 34E1 Modified Median: sum of opponents' adjusted scores (unplayed "
    "rounds of an opponent count ½; own unplayed rounds count 0), dropping the lowest and "
    "the highest for an even score, the lowest for a plus score, the highest for a minus "
    "score",
    "none": "US Chess 34E2 Solkoff: sum of opponents' adjusted scores (unplayed rounds of an "
    "opponent count ½; own unplayed rounds count 0), nothing dropped",
    "both": "US Chess 34E9 Median (plain Harkness; 34E4 before the 7th edition): as 34E1 but "
    "the highest and the lowest are always dropped",
}


def _median_rule(ctx: Context, spec: Spec, d: int) -> str:
    """The rule line of a median-family value, with how many values are dropped at each
    end (``d``) and why, in this event's numbers."""
    mode = _MODES[spec.code]
    rule = _MEDIAN_RULES[mode]
    if mode == "none":
        return rule
    what = "1 value" if d == 1 else f"{d} values"
    option = spec.option("discards")
    if option not in ("auto", "auto-completed"):
        return f"{rule} ({what} at each end, as the discards option sets)"
    n, kind = ((ctx.scheduled, "scheduled") if option == "auto" else
               (ctx.n_rounds, "completed"))
    return (f"{rule} ({what} at each end for {n} {kind} round{'s' if n != 1 else ''}: 1 "
            "below 9 rounds, 2 from 9)")


def _opponent_lists(ctx: Context, own_zero: bool) -> list[list[int]]:
    """Per player, the opponents' adjusted scores round by round: 0 for an unplayed round
    (``own_zero``), else only the rounds played."""

    def build() -> list[list[int]]:
        adj = us_adjusted(ctx)
        table = ctx.table
        cells = [0 if o < 0 else adj[o] for o in table.opp]
        for k in table.unplayed:
            cells[k] = 0
        if own_zero:
            return table.rows(cells)
        nr = table.rounds
        return [list(compress(cells[k:k + nr], table.played[k:k + nr]))
                for k in table.row_starts()]

    return ctx.memo(("us opponent lists", own_zero), build)


def _discards(ctx: Context, spec: Spec) -> int:
    opt = spec.option("discards")
    if opt == "auto":
        return 2 if ctx.scheduled >= 9 else 1
    if opt == "auto-completed":
        return 2 if ctx.n_rounds >= 9 else 1
    return int(opt)


class _DropRule(NamedTuple):
    """What a median-family spec drops: ``mode`` (see :data:`_MODES`), ``d`` values per
    side, plus/even/minus against ``half`` (in units, compared with twice the score)."""

    mode: str
    d: int
    half: int

    def drops(self, points: int, n: int) -> tuple[str, int, int]:
        """The score class (plus, even, minus) of ``points`` and the lowest and highest of
        the ``n`` values dropped."""
        two_pts = 2 * points
        cls = "even" if two_pts == self.half else "plus" if two_pts > self.half else "minus"
        if self.mode == "none":
            low = high = 0
        elif self.mode == "both" or cls == "even":
            low = high = self.d
        else:
            low, high = (self.d, 0) if cls == "plus" else (0, self.d)
        low = min(low, n)
        return cls, low, min(high, n - low)


def _drop_rule(ctx: Context, spec: Spec) -> _DropRule:
    mode = _MODES[spec.code]
    d = basis = 0
    if mode != "none":
        d = _discards(ctx, spec)
        basis = ctx.scheduled if spec.option("plusminus") == "scheduled" else ctx.n_rounds
    return _DropRule(mode, d, ctx.win * basis)


def explain_median(ctx: Context, spec: Spec, i: int) -> Explanation:
    """34E1 / 34E2 / 34E9: one row per round, the dropped ones marked."""
    own_zero = spec.option("own-unplayed") == "zero"
    base, ordered = _median_rows(ctx, own_zero)[i]
    cls, low, high = _drop_rule(ctx, spec).drops(ctx.points[i], len(ordered))
    rows = list(base)
    for _, r in ordered[:low]:
        rows[r] = rows[r]._replace(dropped="lowest")
    for _, r in ordered[len(ordered) - high:] if high else ():
        rows[r] = rows[r]._replace(dropped="highest")
    rule = _drop_rule(ctx, spec)
    notes = []
    if rule.mode != "none":
        article = "an" if cls == "even" else "a"
        notes.append(f"score {ctx.num_text(ctx.points[i])} is {article} {cls} score; dropped "
                     f"{low} lowest, {high} highest")
    return Explanation(_median_rule(ctx, spec, rule.d), tuple(rows), tuple(notes))


def _median_rows(ctx: Context, own_zero: bool
                 ) -> list[tuple[tuple[ExplainRow, ...], list[tuple[int, int]]]]:
    """Per player: the rows before anything is dropped (one per round) and the
    ``(value, round)`` entries in order; shared by MM, SOLK and MED."""

    def build() -> list[tuple[tuple[ExplainRow, ...], list[tuple[int, int]]]]:
        adj = us_adjusted(ctx)
        sno, frac, text = ctx.start_nos, ctx.frac, ctx.num_text
        out = []
        for codes, opps, played in zip(ctx.us_codes(), ctx.opp, ctx.played, strict=True):
            rows: list[ExplainRow] = []
            entries: list[tuple[int, int]] = []  # (value, round)
            for r, (code, j, pl) in enumerate(zip(codes, opps, played, strict=True)):
                if pl:
                    entries.append((adj[j], r))
                    rows.append(ExplainRow(r + 1, code, sno[j], frac(adj[j]),
                                           f"opponent's adjusted score {text(adj[j])}"))
                elif own_zero:
                    entries.append((0, r))
                    rows.append(ExplainRow(r + 1, code, sno[j] if j >= 0 else None, frac(0),
                                           "own unplayed round: counts 0 (34E1)"))
                else:
                    rows.append(ExplainRow(r + 1, code, None, None, "own unplayed: omitted"))
            entries.sort()
            out.append((tuple(rows), entries))
        return out

    return ctx.memo(("us median rows", own_zero), build)


@tiebreak("MM", "Modified Median", "US Chess 34E1", label="ModMed", options=_MEDIAN_OPTIONS,
          aliases=("modified-median", "modmed", "34E1"), explain=explain_median)
@tiebreak("SOLK", "Solkoff", "US Chess 34E2", label="Solk", aliases=("solkoff", "34E2"),
          options={"own-unplayed": _MEDIAN_OPTIONS["own-unplayed"]}, explain=explain_median)
@tiebreak("MED", "Median", "US Chess 34E9 (34E4 before the 7th edition)", label="Median",
          aliases=("median", "harkness"), options=_MEDIAN_OPTIONS, explain=explain_median)
def median_family(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """34E1 Modified Median, 34E2 Solkoff, 34E9 Median of every player."""
    lists = _opponent_lists(ctx, spec.option("own-unplayed") == "zero")
    rule = _drop_rule(ctx, spec)
    out: list[Fraction | None] = []
    for values, points in zip(lists, ctx.points, strict=True):
        _, low, high = rule.drops(points, len(values))
        kept = sorted(values)[low:len(values) - high] if low or high else values
        out.append(ctx.frac(sum(kept)))
    return out
