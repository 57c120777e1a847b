"""Explanations of the US Chess 34E median family (34E1, 34E2, 34E9) and of Cumulative (34E3).

Built only when ``ctx.explain`` is set.  The rows of the median family are made once per
player and shared by MM, SOLK and MED, which only mark what they drop; the value and note
of each distinct adjusted score are made once.
"""

from __future__ import annotations

from ..model import Outcome
from .context import Context
from .core import ExplainRow, Explanation, Spec

_UNPLAYED_FULL = frozenset({Outcome.FULL_BYE, Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN})
_ABSENT = frozenset({Outcome.NOT_PAIRED, Outcome.ZERO_BYE})
# id()-keyed twins for the hot loops (an Enum member hashes in Python code).
UNPLAYED_FULL_IDS = frozenset(map(id, _UNPLAYED_FULL))
ABSENT_IDS = frozenset(map(id, _ABSENT))


_RULES = {
    "modified": "US Chess 34E1 Modified Median: sum of opponents' adjusted scores (unplayed "
    "rounds of an opponent count ½; own unplayed rounds count 0), dropping the lowest and "
    "highest for an even score, the lowest for a plus score, the highest for a minus score "
    "(2 each from 9 rounds)",
    "none": "US Chess 34E2 Solkoff: sum of opponents' adjusted scores (unplayed rounds of an "
    "opponent count ½; own unplayed rounds count 0), nothing dropped",
    "both": "US Chess 34E9 Median (plain Harkness; 34E4 before the 7th edition): as 34E1 but "
    "the highest and the lowest are always dropped",
}


def explain_median(
    ctx: Context, spec: Spec, i: int, mode: str, cls: str, low: int, high: int, adj: list[int]
) -> Explanation:
    """Player ``i``'s 34E1 / 34E2 / 34E9 explanation: ``low`` lowest and ``high`` highest
    values dropped; ``adj`` holds the adjusted scores (see :func:`.uscf.adjusted`)."""
    base, ordered = _median_rows(ctx, spec.option("own-unplayed") == "zero", adj)[i]
    rows = list(base)
    for _, r in ordered[:low]:
        rnd, result, opponent, value, note, _ = rows[r]
        rows[r] = ExplainRow(rnd, result, opponent, value, note, "lowest")
    for _, r in ordered[len(ordered) - high :] if high else ():
        rnd, result, opponent, value, note, _ = rows[r]
        rows[r] = ExplainRow(rnd, result, opponent, value, note, "highest")
    notes = []
    if mode != "none":
        notes.append(
            f"score {ctx.num_text(ctx.points[i])} is a {cls} score; dropped {low} lowest, "
            f"{high} highest"
        )
    return Explanation(_RULES[mode], tuple(rows), tuple(notes))


def _median_rows(
    ctx: Context, own_zero: bool, adj: list[int]
) -> list[tuple[tuple[ExplainRow, ...], list[tuple[int, int]]]]:
    """Per player: the rows of 34E1/34E2/34E9 before anything is dropped (one per round),
    and the ``(value, round)`` entries in order; shared by MM, SOLK and MED."""

    def build() -> list[tuple[tuple[ExplainRow, ...], list[tuple[int, int]]]]:
        sno = ctx.start_nos
        frac, text = ctx.frac, ctx.num_text
        zero = frac(0)
        # the value and note of each distinct adjusted score, made once
        shown = {v: (frac(v), f"opponent's adjusted score {text(v)}") for v in set(adj)}
        out = []
        for codes, opps, played in zip(ctx.us_codes(), ctx.opp, ctx.played, strict=True):
            rows: list[ExplainRow] = []
            entries: list[tuple[int, int]] = []  # (value, round)
            for r, (code, j, pl) in enumerate(zip(codes, opps, played, strict=True)):
                if pl:
                    value = adj[j]
                    entries.append((value, r))
                    rows.append(ExplainRow(r + 1, code, sno[j] if j >= 0 else None,
                                           *shown[value]))
                elif own_zero:
                    entries.append((0, r))
                    rows.append(ExplainRow(r + 1, code, sno[j] if j >= 0 else None, zero,
                                           "own unplayed round: a 0-opponent (34E1)"))
                else:
                    rows.append(ExplainRow(r + 1, code, None, None, "own unplayed: omitted"))
            entries.sort()
            out.append((tuple(rows), entries))
        return out

    return ctx.memo(f"us.median_rows.{own_zero}", build)


def explain_cumulative(ctx: Context, spec: Spec, i: int) -> Explanation:
    """Player ``i``'s 34E3 explanation: one row per round with the running score, and a
    note naming the subtraction applied (A3) and why."""
    sub_all = spec.option("unplayed") == "all-unplayed-points"
    every = spec.option("rounds") == "all"
    rows = []
    running = 0
    subtracted = kept = 0
    sno, frac, text = ctx.start_nos, ctx.frac, ctx.num_text
    for r, (code, p, o, j, pl) in enumerate(zip(ctx.us_codes()[i], ctx.pts[i], ctx.outcome[i],
                                                ctx.opp[i], ctx.played[i], strict=True)):
        running += p
        counted = every or id(o) not in ABSENT_IDS
        note = "running score" if counted else "running score not counted (absent)"
        if not pl and p:
            if sub_all or id(o) in UNPLAYED_FULL_IDS:
                note += f"; minus {text(p)} for the unplayed result"
                subtracted += p
            else:
                note += (f"; its {text(p)} not subtracted (full-only: 34E3 names one-point "
                         "results only)")
                kept += p
        rows.append(ExplainRow(r + 1, code, sno[j] if j >= 0 else None, frac(running), note,
                               "" if counted else "absent"))
    notes = []
    if subtracted:
        notes.append(f"minus {text(subtracted)} in all for unplayed results")
    if kept:
        notes.append(f"{text(kept)} from unplayed results below a full point (half-point "
                     "byes) not subtracted: full-only")
    return Explanation(_CUM_RULES[sub_all], tuple(rows), tuple(notes))


_CUM_RULES = {
    True: "US Chess 34E3 Cumulative: sum of the running scores after each round, minus the "
    "points of each unplayed result (1 per forfeit win, full-point or pairing bye; ½ per "
    "half-point bye): the default reading of 34E3 (rules-uscf.md A3), as SwissSys 11 "
    "computes it",
    False: "US Chess 34E3 Cumulative: sum of the running scores after each round, minus 1 "
    "for each unplayed win or one-point bye (full-only: the literal 34E3 text; a half-point "
    "bye is not subtracted)",
}
