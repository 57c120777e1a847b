"""US Chess rule 34E tie-breaks on opponents' scores and on the player's own games.

Defaults are the recommended resolutions A1–A13 of the project's US Chess notes:

* an opponent's *adjusted score* counts every round they did not play over the board as a
  draw (½), whatever it earned (34E1; A2, A8);
* each of the player's own unplayed rounds (bye, forfeit either way, absence) is a
  0-opponent in the list, sorted like any other value, so it is dropped first (A1, A2);
* plus/even/minus compares the score with half the section's rounds (A6: the rounds
  completed so far, which is the scheduled number once the event is over; not the
  player's own games); 9 or more scheduled rounds discard 2 per side, else 1 (A7);
* Cumulative subtracts the points of each unplayed one-point result once (A3), with a
  running-score term for every round (A4); Cumulative of Opposition sums the Cumulative of
  opponents met over the board (A5); Sonneborn-Berger uses adjusted scores in Swiss events
  and raw scores in round robins (A9).

The rating-based systems (34E10, 34E11) and the group systems (34E5, 34E12/13) are in
:mod:`.uscf_more`.
"""

from __future__ import annotations

from fractions import Fraction

from ..model import Color, Outcome
from .context import Context
from .core import (
    ExplainRow,
    Explanation,
    Option,
    Spec,
    TiebreakValue,
    register_preset,
    tiebreak,
)

_UNPLAYED_FULL = frozenset({Outcome.FULL_BYE, Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN})
_ABSENT = frozenset({Outcome.NOT_PAIRED, Outcome.ZERO_BYE})
# id()-keyed twins for the hot loops (an Enum member hashes in Python code).
_UNPLAYED_FULL_IDS = frozenset(map(id, _UNPLAYED_FULL))
_ABSENT_IDS = frozenset(map(id, _ABSENT))

_MEDIAN_OPTIONS = {
    "plusminus": Option(
        "completed", ("completed", "scheduled"),
        "plus/even/minus against half the section's rounds completed so far (A6: the "
        "scheduled number once the event is over) or always half the scheduled rounds",
    ),
    "discards": Option(
        "auto", ("auto", "auto-completed", "0", "1", "2", "3"),
        "values dropped per side: auto = 2 from 9 scheduled rounds, else 1 (A7); "
        "auto-completed counts the rounds completed so far instead",
    ),
    "own-unplayed": Option(
        "zero", ("zero", "omit"),
        "the player's own unplayed rounds: a 0-opponent (A1, 34E1) or left out of the list",
    ),
}


# --------------------------------------------------------------------------- shared data


def adjusted(ctx: Context) -> list[int]:
    """Adjusted score per player (units): unplayed rounds count as a draw (34E1)."""

    def build() -> list[int]:
        draw = ctx.draw
        return [
            sum(p if pl else draw for p, pl in zip(pts, played, strict=True))
            for pts, played in zip(ctx.pts, ctx.played, strict=True)
        ]

    return ctx.memo("us.adjusted", build)


def _opp_lists(ctx: Context, own_zero: bool) -> list[list[int]]:
    def build() -> list[list[int]]:
        adj = adjusted(ctx)
        out: list[list[int]] = []
        for opps, played in zip(ctx.opp, ctx.played, strict=True):
            if own_zero:
                out.append([adj[j] if pl else 0 for j, pl in zip(opps, played, strict=True)])
            else:
                out.append([adj[j] for j, pl in zip(opps, played, strict=True) if pl])
        return out

    return ctx.memo(f"us.opp_adj.{own_zero}", build)


def _discards(ctx: Context, spec: Spec) -> int:
    opt = spec.option("discards")
    if opt == "auto":
        return 2 if ctx.scheduled >= 9 else 1
    if opt == "auto-completed":
        return 2 if ctx.n_rounds >= 9 else 1
    return int(opt)


def _median_family(ctx: Context, spec: Spec, mode: str) -> dict[int, TiebreakValue]:
    """34E1 (mode "modified"), 34E2 ("none"), median ("both")."""
    own_zero = spec.option("own-unplayed") == "zero"
    lists = _opp_lists(ctx, own_zero)
    d = basis = 0
    if mode != "none":
        d = _discards(ctx, spec)
        basis = ctx.scheduled if spec.option("plusminus") == "scheduled" else ctx.n_rounds
    half = ctx.win * basis  # compare 2 * points with this
    out: dict[int, TiebreakValue] = {}
    for i, values in enumerate(lists):
        two_pts = 2 * ctx.points[i]
        cls = "even" if two_pts == half else "plus" if two_pts > half else "minus"
        low = high = 0
        if mode == "both" or (mode == "modified" and cls == "even"):
            low = high = d
        elif mode == "modified":
            low, high = (d, 0) if cls == "plus" else (0, d)
        n = len(values)
        low = min(low, n)
        high = min(high, n - low)
        if low or high:
            ordered = sorted(values)
            total = sum(ordered[low : n - high])
        else:
            total = sum(values)
        expl = _explain_median(ctx, spec, i, mode, cls, low, high) if ctx.explain else None
        out[ctx.start_nos[i]] = TiebreakValue(ctx.frac(total), expl)
    return out


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


def _explain_median(
    ctx: Context, spec: Spec, i: int, mode: str, cls: str, low: int, high: int
) -> Explanation:
    base, ordered = _median_rows(ctx, spec.option("own-unplayed") == "zero")[i]
    rows = list(base)
    for _, r in ordered[:low]:
        rows[r] = rows[r]._replace(dropped="lowest")
    for _, r in ordered[len(ordered) - high :] if high else ():
        rows[r] = rows[r]._replace(dropped="highest")
    notes = []
    if mode != "none":
        notes.append(
            f"score {ctx.num_text(ctx.points[i])} is a {cls} score; dropped {low} lowest, "
            f"{high} highest"
        )
    return Explanation(_RULES[mode], tuple(rows), tuple(notes))


def _median_rows(
    ctx: Context, own_zero: bool
) -> list[tuple[tuple[ExplainRow, ...], list[tuple[int, int]]]]:
    """Per player: the rows of 34E1/34E2/34E9 before anything is dropped (one per round),
    and the ``(value, round)`` entries in order; shared by MM, SOLK and MED."""

    def build() -> list[tuple[tuple[ExplainRow, ...], list[tuple[int, int]]]]:
        adj = adjusted(ctx)
        sno = ctx.start_nos
        frac, text = ctx.frac, ctx.num_text
        zero = frac(0)
        out = []
        for codes, opps, played in zip(ctx.us_codes(), ctx.opp, ctx.played, strict=True):
            rows: list[ExplainRow] = []
            entries: list[tuple[int, int]] = []  # (value, round)
            for r, (code, j, pl) in enumerate(zip(codes, opps, played, strict=True)):
                if pl:
                    value = adj[j]
                    entries.append((value, r))
                    rows.append(ExplainRow(r + 1, code, sno[j] if j >= 0 else None, frac(value),
                                           f"opponent's adjusted score {text(value)}"))
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


_MEDIAN_KW = {"modifiers": frozenset(), "options": _MEDIAN_OPTIONS}


@tiebreak("MM", "Modified Median", "US Chess 34E1",
          aliases=("modified-median", "modmed", "34E1"), **_MEDIAN_KW)
def modified_median(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    return _median_family(ctx, spec, "modified")


@tiebreak("SOLK", "Solkoff", "US Chess 34E2", aliases=("solkoff", "34E2"),
          options={"own-unplayed": _MEDIAN_OPTIONS["own-unplayed"]})
def solkoff(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    return _median_family(ctx, spec, "none")


@tiebreak("MED", "Median", "US Chess 34E9 (34E4 before the 7th edition)",
          aliases=("median", "harkness"), **_MEDIAN_KW)
def median(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    return _median_family(ctx, spec, "both")


# --------------------------------------------------------------------------- cumulative

_CUM_OPTIONS = {
    "unplayed": Option(
        "full-only", ("full-only", "all-unplayed-points"),
        "subtract the points of unplayed one-point results only (A3, literal 34E3) or of "
        "every unplayed result (half-point byes too)",
    ),
    "rounds": Option(
        "all", ("all", "participated"),
        "a running-score term for every round (A4) or only rounds the player took part in",
    ),
}


def _cumulative(ctx: Context, spec: Spec) -> list[int]:
    sub_all = spec.option("unplayed") == "all-unplayed-points"
    every = spec.option("rounds") == "all"

    def build() -> list[int]:
        out: list[int] = []
        for pts, outs, played in zip(ctx.pts, ctx.outcome, ctx.played, strict=True):
            running = total = 0
            for p, o, pl in zip(pts, outs, played, strict=True):
                running += p
                if every or id(o) not in _ABSENT_IDS:
                    total += running
                if not pl and (sub_all or id(o) in _UNPLAYED_FULL_IDS):
                    total -= p
            out.append(total)
        return out

    return ctx.memo(f"us.cum.{sub_all}.{every}", build)


@tiebreak("CUM", "Cumulative", "US Chess 34E3", aliases=("cumulative", "34E3"),
          options=_CUM_OPTIONS)
def cumulative(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    cum = _cumulative(ctx, spec)
    out: dict[int, TiebreakValue] = {}
    for i, value in enumerate(cum):
        expl = None
        if ctx.explain:
            expl = _explain_cum(ctx, spec, i)
        out[ctx.start_nos[i]] = TiebreakValue(ctx.frac(value), expl)
    return out


def _explain_cum(ctx: Context, spec: Spec, i: int) -> Explanation:
    sub_all = spec.option("unplayed") == "all-unplayed-points"
    every = spec.option("rounds") == "all"
    rows = []
    running = 0
    sno, frac = ctx.start_nos, ctx.frac
    for r, (code, p, o, j, pl) in enumerate(zip(ctx.us_codes()[i], ctx.pts[i], ctx.outcome[i],
                                                ctx.opp[i], ctx.played[i], strict=True)):
        running += p
        counted = every or id(o) not in _ABSENT_IDS
        note = "running score" if counted else "running score not counted (absent)"
        if not pl and (sub_all or id(o) in _UNPLAYED_FULL_IDS) and p:
            note += f"; minus {ctx.num_text(p)} for the unplayed result"
        rows.append(ExplainRow(r + 1, code, sno[j] if j >= 0 else None, frac(running), note,
                               "" if counted else "absent"))
    rule = ("US Chess 34E3 Cumulative: sum of the running scores after each round, minus "
            "1 for each unplayed win or one-point bye")
    return Explanation(rule, tuple(rows))


@tiebreak("OPPCUM", "Cumulative of Opposition", "US Chess 34E4 (34E9 before the 7th edition)",
          aliases=("opp-cumulative", "opposition-cumulative", "cumulative-of-opposition",
                   "oppcumulative"),
          options={**_CUM_OPTIONS, "forfeits": Option(
              "exclude", ("exclude", "include"),
              "opponents of forfeited games: left out (A5) or counted")})
def opp_cumulative(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    cum = _cumulative(ctx, spec)
    with_forfeits = spec.option("forfeits") == "include"
    out: dict[int, TiebreakValue] = {}
    for i, (opps, played) in enumerate(zip(ctx.opp, ctx.played, strict=True)):
        total = 0
        for j, pl in zip(opps, played, strict=True):
            if j >= 0 and (pl or with_forfeits):
                total += cum[j]
        expl = None
        if ctx.explain:
            sno, frac = ctx.start_nos, ctx.frac
            rows = tuple([
                ExplainRow(r + 1, code, sno[j], frac(cum[j]), "opponent's Cumulative (34E3)")
                if j >= 0 and (pl or with_forfeits) else
                ExplainRow(r + 1, code, sno[j] if j >= 0 else None, None,
                           "no opponent met over the board: adds nothing")
                for r, (code, j, pl) in enumerate(zip(ctx.us_codes()[i], opps, played,
                                                      strict=True))
            ])
            expl = Explanation("US Chess 34E4 Cumulative of Opposition: sum of the Cumulative "
                               "tie-breaks of the opponents met over the board", rows)
        out[ctx.start_nos[i]] = TiebreakValue(ctx.frac(total), expl)
    return out


# --------------------------------------------------------------------------- own games


@tiebreak("BLK", "Most Blacks", "US Chess 34E6", aliases=("most-blacks", "blacks", "34E6"))
def most_blacks(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    out: dict[int, TiebreakValue] = {}
    black = Color.BLACK
    for i, (cols, played) in enumerate(zip(ctx.color, ctx.played, strict=True)):
        n = sum(1 for c, pl in zip(cols, played, strict=True) if pl and c is black)
        expl = None
        if ctx.explain:
            rows = tuple(
                ExplainRow(r + 1, ctx.us_code(i, r), None,
                           Fraction(int(pl and c is black)),
                           "played with Black" if pl and c is black else
                           "not a game played with Black")
                for r, (c, pl) in enumerate(zip(cols, played, strict=True))
            )
            expl = Explanation("US Chess 34E6 Most Blacks: the number of games played with "
                               "Black (byes and forfeits have no colour)", rows)
        out[ctx.start_nos[i]] = TiebreakValue(Fraction(n), expl)
    return out


@tiebreak("KASH", "Kashdan", "US Chess 34E7", aliases=("kashdan", "34E7"))
def kashdan(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    out: dict[int, TiebreakValue] = {}
    kash = {1: 4, 0: 2, -1: 1}
    for i in range(len(ctx)):
        weights = [kash[w] if pl else 0
                   for w, pl in zip(ctx.wdl[i], ctx.played[i], strict=True)]
        expl = None
        if ctx.explain:
            rows = tuple(
                ExplainRow(r + 1, ctx.us_code(i, r), None, Fraction(w),
                           "win 4, draw 2, loss 1, unplayed 0")
                for r, w in enumerate(weights)
            )
            expl = Explanation("US Chess 34E7 Kashdan: 4 per win, 2 per draw, 1 per loss, "
                               "0 per unplayed game", rows)
        out[ctx.start_nos[i]] = TiebreakValue(Fraction(sum(weights)), expl)
    return out


@tiebreak("USSB", "Sonneborn-Berger", "US Chess 34E8",
          aliases=("sonneborn-berger", "34E8"),
          options={"scores": Option(
              "auto", ("auto", "adjusted", "raw"),
              "opponents' scores: adjusted in Swiss events and raw in round robins (auto, A9)")})
def sonneborn_berger(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    mode = spec.option("scores")
    raw = mode == "raw" or (mode == "auto" and ctx.is_round_robin)
    scores = ctx.game_points if raw else adjusted(ctx)
    # result points / win points: 1 for a win, ½ for a draw (a point system whose win is
    # worth 0 keeps the plain product)
    scale = ctx.win or ctx.unit
    out: dict[int, TiebreakValue] = {}
    for i, (opps, played, pts) in enumerate(zip(ctx.opp, ctx.played, ctx.pts, strict=True)):
        total = sum(scores[j] * p for j, pl, p in zip(opps, played, pts, strict=True) if pl)
        expl = None
        if ctx.explain:
            kind, text, sno = "final" if raw else "adjusted", ctx.num_text, ctx.start_nos
            rows = tuple([
                ExplainRow(r + 1, code, sno[j] if j >= 0 else None, ctx.frac(scores[j] * p, scale),
                           f"opponent's {kind} score {text(scores[j])} x result {text(p)}")
                if pl else
                ExplainRow(r + 1, code, sno[j] if j >= 0 else None, Fraction(0),
                           "unplayed: adds 0")
                for r, (code, j, pl, p) in enumerate(zip(ctx.us_codes()[i], opps, played, pts,
                                                         strict=True))
            ])
            expl = Explanation("US Chess 34E8 Sonneborn-Berger: the scores of opponents beaten "
                               "plus half the scores of opponents drawn", rows)
        out[ctx.start_nos[i]] = TiebreakValue(ctx.frac(total, scale), expl)
    return out


register_preset("uscf", ("MM", "SOLK", "CUM", "OPPCUM"))
register_preset("uscf-default", ("MM", "SOLK", "CUM", "OPPCUM"))
register_preset("uscf-scholastic", ("MM", "SOLK", "USSB", "CUM", "KASH", "RBT", "BLK"))
register_preset("wintd", ("MM", "SOLK", "USSB", "CUM"))
register_preset("wintd-default", ("MM", "SOLK", "USSB", "CUM"))

from . import uscf_more  # noqa: E402, F401  (registers 34E5, 34E10-34E13)
