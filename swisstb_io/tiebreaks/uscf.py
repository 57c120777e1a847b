"""US Chess rule 34E tie-breaks on opponents' scores and on the player's own games.

Defaults are the recommended resolutions A1–A13 of the project's US Chess notes:

* an opponent's *adjusted score* counts every round they did not play over the board as a
  draw (½), whatever it earned (34E1; A2, A8);
* each of the player's own unplayed rounds (bye, forfeit either way, absence) is a
  0-opponent in the list, sorted like any other value, so it is dropped first (A1, A2);
* plus/even/minus compares the score with half the section's rounds (A6: the rounds
  completed so far, which is the scheduled number once the event is over; not the
  player's own games); 9 or more scheduled rounds discard 2 per side, else 1 (A7);
* Cumulative subtracts the points of each unplayed result once: 1 for a forfeit win,
  full-point or pairing bye, ½ for a half-point bye (A3, as SwissSys 11; ``full-only``
  subtracts the one-point results only, as the 34E3 text names them), with a
  running-score term for every round (A4); Cumulative of Opposition sums the Cumulative of
  opponents met over the board (A5); Sonneborn-Berger uses adjusted scores in Swiss events
  and raw scores in round robins (A9).

The rating-based systems (34E10, 34E11) and the group systems (34E5, 34E12/13) are in
:mod:`.uscf_more`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import compress
from operator import mul

from ..model import Color, Outcome
from .context import Context
from .core import (
    ExplainRow,
    Explanation,
    Option,
    Spec,
    TiebreakValue,
    plain_values,
    register_preset,
    tiebreak,
)
from .uscf_explain import ABSENT_IDS, UNPLAYED_FULL_IDS, explain_cumulative, explain_median

_ZERO = Fraction(0)

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
        draw, nr, pts = ctx.draw, ctx.n_rounds, ctx.flat_pts
        adj = list(ctx.game_points)
        for k in ctx.unplayed_cells:
            adj[k // nr] += draw - pts[k]
        return adj

    return ctx.memo("us.adjusted", build)


def _opp_lists(ctx: Context, own_zero: bool) -> list[list[int]]:
    """Per player, the opponents' adjusted scores round by round: 0 for an unplayed round
    (``own_zero``), else only the rounds played."""

    def build() -> list[list[int]]:
        adj = adjusted(ctx)
        nr = ctx.n_rounds
        cells = [adj[j] for j in ctx.flat_opp]
        for k in ctx.unplayed_cells:
            cells[k] = 0
        starts = range(0, len(cells), nr) if nr else range(len(ctx))
        if own_zero:
            return [cells[k:k + nr] for k in starts]
        played = ctx.flat_played
        return [list(compress(cells[k:k + nr], played[k:k + nr])) for k in starts]

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
    # values dropped (lowest, highest) for an even, plus and minus score
    drops = {"even": (0, 0) if mode == "none" else (d, d),
             "plus": (d, d) if mode == "both" else (d, 0) if mode == "modified" else (0, 0),
             "minus": (d, d) if mode == "both" else (0, d) if mode == "modified" else (0, 0)}
    explain = ctx.explain
    totals: list[int] = []
    out: dict[int, TiebreakValue] = {}
    for i, (values, points) in enumerate(zip(lists, ctx.points, strict=True)):
        two_pts = 2 * points
        cls = "even" if two_pts == half else "plus" if two_pts > half else "minus"
        low, high = drops[cls]
        if low or high:
            n = len(values)
            low = min(low, n)
            high = min(high, n - low)
            total = sum(sorted(values)[low : n - high])
        else:
            total = sum(values)
        totals.append(total)
        if explain:
            out[ctx.start_nos[i]] = TiebreakValue(ctx.frac(total), explain_median(
                ctx, spec, i, mode, cls, low, high, adjusted(ctx)))
    if explain:
        return out
    return plain_values(ctx.start_nos, [ctx.frac(t) for t in totals])


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


def _row_sums(ctx: Context, cells: list[int], counts: Callable[[int, bool], bool]) -> list[int]:
    """Per player, the sum of ``cells`` (one value per cell ``i * n_rounds + r``) over the
    rounds where ``counts(opponent, played)``; every round played against an opponent is
    assumed to count, the others are asked."""
    nr = ctx.n_rounds
    opp = ctx.flat_opp
    for k in ctx.unplayed_cells:
        if not counts(opp[k], False):
            cells[k] = 0
    if -1 in compress(opp, ctx.flat_played):  # a game without an opponent (never in a file)
        for k, (j, pl) in enumerate(zip(opp, ctx.flat_played, strict=True)):
            if pl and not counts(j, True):
                cells[k] = 0
    return [sum(cells[k:k + nr]) for k in (range(0, len(cells), nr) if nr else range(len(ctx)))]


# --------------------------------------------------------------------------- cumulative

_CUM_OPTIONS = {
    "unplayed": Option(
        "all-unplayed-points", ("all-unplayed-points", "full-only"),
        "subtract the points of every unplayed result, ½ for a half-point bye (A3 default, "
        "as SwissSys 11), or of unplayed one-point results only (full-only, the literal "
        "34E3 text)",
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
        if not every:
            return [_participated(pts, outs, played, sub_all)
                    for pts, outs, played in zip(ctx.pts, ctx.outcome, ctx.played, strict=True)]
        # round r is in the running scores of rounds r to the last: it counts nr - r times
        nr = ctx.n_rounds
        weights = [nr - r for r in range(nr)]
        out = [sum(map(mul, row, weights)) for row in ctx.pts]
        pts, outcome = ctx.flat_pts, ctx.flat_outcome
        for k in ctx.unplayed_cells:
            if sub_all or id(outcome[k]) in UNPLAYED_FULL_IDS:
                out[k // nr] -= pts[k]
        return out

    return ctx.memo(f"us.cum.{sub_all}.{every}", build)


def _participated(pts: list[int], outs: list[Outcome], played: list[bool], sub_all: bool
                  ) -> int:
    """Cumulative counting the running score only in the rounds the player took part in."""
    running = total = 0
    for p, o, pl in zip(pts, outs, played, strict=True):
        running += p
        if id(o) not in ABSENT_IDS:
            total += running
        if not pl and (sub_all or id(o) in UNPLAYED_FULL_IDS):
            total -= p
    return total


@tiebreak("CUM", "Cumulative", "US Chess 34E3", aliases=("cumulative", "34E3"),
          options=_CUM_OPTIONS)
def cumulative(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    cum = _cumulative(ctx, spec)
    if not ctx.explain:
        return plain_values(ctx.start_nos, [ctx.frac(value) for value in cum])
    return {sn: TiebreakValue(ctx.frac(value), explain_cumulative(ctx, spec, i))
            for i, (sn, value) in enumerate(zip(ctx.start_nos, cum, strict=True))}


@tiebreak("OPPCUM", "Cumulative of Opposition", "US Chess 34E4 (34E9 before the 7th edition)",
          aliases=("opp-cumulative", "opposition-cumulative", "cumulative-of-opposition",
                   "oppcumulative"),
          options={**_CUM_OPTIONS, "forfeits": Option(
              "exclude", ("exclude", "include"),
              "opponents of forfeited games: left out (A5) or counted")})
def opp_cumulative(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    cum = _cumulative(ctx, spec)
    with_forfeits = spec.option("forfeits") == "include"
    if not ctx.explain:
        cells = [cum[j] for j in ctx.flat_opp]
        return plain_values(ctx.start_nos, [ctx.frac(total) for total in _row_sums(
            ctx, cells, lambda j, pl: j >= 0 and (pl or with_forfeits))])
    cum_fracs = [ctx.frac(c) for c in cum]
    out: dict[int, TiebreakValue] = {}
    for i, (opps, played) in enumerate(zip(ctx.opp, ctx.played, strict=True)):
        total = 0
        for j, pl in zip(opps, played, strict=True):
            if j >= 0 and (pl or with_forfeits):
                total += cum[j]
        expl = None
        if ctx.explain:
            sno, frac = ctx.start_nos, cum_fracs
            rows = tuple([
                ExplainRow(r + 1, code, sno[j], frac[j], "opponent's Cumulative (34E3)")
                if j >= 0 and (pl or with_forfeits) else
                ExplainRow(r + 1, code, sno[j] if j >= 0 else None, None,
                           "no opponent met over the board: adds nothing")
                for r, (code, j, pl) in enumerate(zip(ctx.us_codes()[i], opps, played,
                                                      strict=True))
            ])
            expl = Explanation("US Chess 34E4 Cumulative of Opposition: sum of the Cumulative "
                               "tie-breaks of the opponents met over the board, "
                               + _OPPCUM_SUBTRACTION[spec.option("unplayed")], rows)
        out[ctx.start_nos[i]] = TiebreakValue(ctx.frac(total), expl)
    return out


_OPPCUM_SUBTRACTION = {
    "all-unplayed-points": "each less the points of its unplayed results (½ per half-point "
    "bye; rules-uscf.md A3, as SwissSys 11)",
    "full-only": "each less 1 per unplayed win or one-point bye (full-only: the literal 34E3 "
    "text)",
}


# --------------------------------------------------------------------------- own games


_WITH_BLACK = (Fraction(1), "played with Black")
_NOT_WITH_BLACK = (Fraction(0), "not a game played with Black")


@tiebreak("BLK", "Most Blacks", "US Chess 34E6", aliases=("most-blacks", "blacks", "34E6"))
def most_blacks(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    out: dict[int, TiebreakValue] = {}
    black = Color.BLACK
    for i, (cols, played) in enumerate(zip(ctx.color, ctx.played, strict=True)):
        n = sum(1 for c, pl in zip(cols, played, strict=True) if pl and c is black)
        expl = None
        if ctx.explain:
            rows = tuple([
                ExplainRow(r + 1, code, None, *(_WITH_BLACK if pl and c is black else
                                               _NOT_WITH_BLACK))
                for r, (code, c, pl) in enumerate(zip(ctx.us_codes()[i], cols, played,
                                                      strict=True))
            ])
            expl = Explanation("US Chess 34E6 Most Blacks: the number of games played with "
                               "Black (byes and forfeits have no colour)", rows)
        out[ctx.start_nos[i]] = TiebreakValue(Fraction(n), expl)
    return out


_KASH_VALUES = {w: Fraction(w) for w in (0, 1, 2, 4)}


@tiebreak("KASH", "Kashdan", "US Chess 34E7", aliases=("kashdan", "34E7"))
def kashdan(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    out: dict[int, TiebreakValue] = {}
    kash = {1: 4, 0: 2, -1: 1}
    for i in range(len(ctx)):
        weights = [kash[w] if pl else 0
                   for w, pl in zip(ctx.wdl[i], ctx.played[i], strict=True)]
        expl = None
        if ctx.explain:
            rows = tuple([
                ExplainRow(r + 1, code, None, _KASH_VALUES[w], "win 4, draw 2, loss 1, unplayed 0")
                for r, (code, w) in enumerate(zip(ctx.us_codes()[i], weights, strict=True))
            ])
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
    kind, text = "final" if raw else "adjusted", ctx.num_text
    shown: dict[tuple[int, int], tuple[Fraction, str]] = {}

    def show(score: int, p: int) -> tuple[Fraction, str]:
        """The value and note of a game (opponent's score, points), made once per pair."""
        made = shown[score, p] = (ctx.frac(score * p, scale),
                                  f"opponent's {kind} score {text(score)} x result {text(p)}")
        return made

    if not ctx.explain:
        cells = [scores[j] * p for j, p in zip(ctx.flat_opp, ctx.flat_pts, strict=True)]
        return plain_values(ctx.start_nos, [ctx.frac(total, scale) for total in _row_sums(
            ctx, cells, lambda j, pl: pl)])
    out: dict[int, TiebreakValue] = {}
    for i, (opps, played, pts) in enumerate(zip(ctx.opp, ctx.played, ctx.pts, strict=True)):
        total = sum(scores[j] * p for j, pl, p in zip(opps, played, pts, strict=True) if pl)
        expl = None
        if ctx.explain:
            sno = ctx.start_nos
            rows = tuple([
                ExplainRow(r + 1, code, sno[j] if j >= 0 else None,
                           *(shown.get((scores[j], p)) or show(scores[j], p)))
                if pl else
                ExplainRow(r + 1, code, sno[j] if j >= 0 else None, _ZERO, "unplayed: adds 0")
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
