"""FIDE C.07 §13.2 Extended Sonneborn-Berger of a team event: EMMSB, EMGSB, EGMSB, EGGSB.

Σ over the team's rounds of the opponent's X score x the team's own Y score in the match
(X, Y: the first and second letter after the E, M = match points, G = game points).  An
unplayed match is one against the dummy opponent of Article 16 (its own X score; in 2026
capped at the scheduled opponent's adjusted score, 16.4.1, or at a draw a round, 16.4.2),
so a PAB or an HPB gives a non-zero product.  ``/C<n>`` cuts the contribution of the
opponent with the lowest X score (the lowest contribution among equals, §14.1.2), a VUR's
contribution first unless the least significant one is worth more (16.5).  'Median'
modifiers do not apply (H p. 56): ``/M`` is refused when the chain is read.
"""

from __future__ import annotations

from fractions import Fraction

from .context import Context
from .registry import tiebreak
from .spec import Spec
from .team_context import TeamContext, team_context
from .unplayed import Against, Entry, apply_cuts, entries
from .values import Explanation

ESB_SCORES = {"EMMSB": ("MP", "MP"), "EMGSB": ("MP", "GP"), "EGMSB": ("GP", "MP"),
              "EGGSB": ("GP", "GP")}
"""Code -> (the opponent's score, the team's own score in the match)."""


def esb_entries(tctx: TeamContext, spec: Spec, i: int) -> list[Entry]:
    """Team ``i``'s rounds as entries whose score is the opponent's X score and whose
    contribution is that x the team's own Y points, in units of X and of X x Y."""
    x_name, y_name = ESB_SCORES[spec.code]
    x, y = tctx.score(x_name), tctx.score(y_name)
    rounds = y.fide_table.rounds
    own = y.fide_table.pts
    return [e._replace(contribution=e.score * own[i * rounds + e.round - 1])
            for e in entries(x, x.fide_rules(spec), i, False, False, spec.played)]


def _why(tctx: TeamContext, x_name: str, e: Entry) -> str:
    """Where the opponent's X score of entry ``e`` comes from."""
    x = tctx.score(x_name)
    table = x.fide_table
    score, o = e.score, e.opponent
    text = f"{x.num_text(score)} {x_name}"
    if e.against is Against.OPPONENT:
        note = f"opponent {table.start_nos[o]}: {text}"
        if score != table.totals[o]:
            note += (f" (adjusted: {x.num_text(table.totals[o])} scored; a requested bye "
                     "followed only by VURs counts as a draw, 16.3.2)")
    elif e.against is Against.DUMMY:
        note = f"dummy opponent = own score {text} (16.4)"
    elif e.against is Against.CAP_FORFEIT:
        note = (f"dummy opponent capped at {text}, the adjusted score of the scheduled "
                f"opponent {table.start_nos[o]} (16.4.1)")
    elif e.against is Against.CAP_BYE:
        note = f"dummy opponent capped at {text}, a draw a round (16.4.2)"
    elif e.against is Against.RR_UNPLAYED:
        note = f"unplayed against {table.start_nos[o]}: counts nothing (round robin)"
    else:
        note = f"virtual opponent {text} (pre-2023 rules, §A.7)"
    return note + ("; a VUR (16.1.2)" if e.vur else "")


def explain_esb(ctx: Context, spec: Spec, i: int) -> Explanation:
    """One row per round: the opponent's (or the dummy's) score x the team's own score =
    the product; the cut rows say why."""
    tctx = team_context(ctx, spec)
    x_name, y_name = ESB_SCORES[spec.code]
    x, y = tctx.score(x_name), tctx.score(y_name)
    rules = tctx.fide_rules(spec)
    items = esb_entries(tctx, spec, i)
    why = apply_cuts(rules, tctx.fide_table.rounds, items, spec.cut_low, 0)[1]
    table = tctx.fide_table
    own = y.fide_table.pts
    rows = []
    for e in items:
        mine = own[i * table.rounds + e.round - 1]
        product = Fraction(e.contribution, x.unit * y.unit)
        note = (f"{tctx.match_text(table.start_nos[i], e.round)}: "
                f"{_why(tctx, x_name, e)} x own {y.num_text(mine)} {y_name} = "
                f"{x.num_text(e.score)} x {y.num_text(mine)} = {product}")
        rows.append(tctx.explain_row(table, i, e.round, product, note,
                                     table.start_nos[e.opponent] if e.opponent >= 0 else None,
                                     why.get(e.round, "")))
    notes = (f"primary score: {tctx.primary_reason}",)
    return Explanation(rules.rule_text(spec.system), tuple(rows), notes)


def _esb(code: str, name: str, article: str) -> None:
    tiebreak(code, name, f"FIDE C.07 {article}", family="FIDE", team_only=True, decimals=2,
             modifiers=frozenset("CP"), explain=explain_esb,
             summary="sum over the matches of the opponent's score x the team's own score in "
                     "the match ('Median' modifiers do not apply)")(extended_sonneborn_berger)


def extended_sonneborn_berger(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """EMMSB / EMGSB / EGMSB / EGGSB (module docstring)."""
    tctx = team_context(ctx, spec)
    x, y = (tctx.score(s) for s in ESB_SCORES[spec.code])
    rules = tctx.fide_rules(spec)
    out: list[Fraction | None] = []
    for i in range(len(tctx)):
        items = esb_entries(tctx, spec, i)
        if spec.cut_low:
            items = apply_cuts(rules, tctx.fide_table.rounds, items, spec.cut_low, 0)[0]
        out.append(Fraction(sum(e.contribution for e in items), x.unit * y.unit))
    return out


_esb("EMMSB", "Extended Sonneborn-Berger (MP x MP)", "§13.2.1")
_esb("EMGSB", "Extended Sonneborn-Berger (MP x GP)", "§13.2.2")
_esb("EGMSB", "Extended Sonneborn-Berger (GP x MP)", "§13.2.3")
_esb("EGGSB", "Extended Sonneborn-Berger (GP x GP)", "§13.2.4")
