"""Each player's estimate explained game by game, as the tie-break values are: an
:class:`~swisstb_io.tiebreaks.Explanation` (the rule applied, one row per round, notes),
which ``ratings --explain`` prints as text and the HTML page opens as a popover, with the
same machinery as the standings report.

A row's value is what the game adds: to the change (FIDE K x (score - PD); US Chess its
share of the new rating minus the prior one) or, for a FIDE initial rating, the
opponent's rating that enters Ra.  Rows of round 0 are the parts of a change that are no
single game's (a bonus, a floor, the earlier games of the special formula), so the rows
of a rated player add up to the change.  Rounds that do not count are rows without a
value, with the reason.
"""

from __future__ import annotations

from fractions import Fraction

from ..tiebreaks.values import ExplainRow, Explanation
from . import numbers
from .fide import games_text, hundredths, pd_text, round_away, signed
from .model import Formula, GameLine, PlayerChange, RatingResult, RatingSystem

_SCORED = {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}


def rule_text(p: PlayerChange, result: RatingResult) -> str:
    edition = result.rules.edition.id
    if result.system is RatingSystem.FIDE:
        if p.formula is Formula.INITIAL:
            if edition == "fide-2022-01":
                return (f"FIDE B.02 §8.2 initial rating ({edition}): Ra the mean of the rated "
                        "opponents (each game's value: the opponent's rating), then Ra + 20 "
                        "a half point over 50 %, or Ra + dp(p) below")
            return (f"FIDE B.02 §8.2 initial rating ({edition}): Ra = (the rated opponents' "
                    "ratings + 2 × 1800) / (n + 2) (each game's value: the opponent's "
                    "rating), Ru = Ra + dp(p), p = (score + 1) / (n + 2)")
        return (f"FIDE B.02 §8.3 rating change ({edition}): K × Σ(score − PD), PD from table "
                "8.1.2 after the 400-point rule (§8.3.1); each game adds K × (score − PD)")
    if p.formula is Formula.SPECIAL:
        return (f"US Chess rating system ({edition}), Step 5, special formula: the rating at "
                "which the score equals the sum of the expected scores PWe; each game adds "
                "its share of the change, (Rᵢ − R0 ± 400) / (N′ + m) within 400 points")
    if p.formula is Formula.STANDARD:
        return (f"US Chess rating system ({edition}), Step 5, standard formula: R = R0 + "
                "K(S − E) + bonus; each game adds K × (score − W)")
    return f"{result.system.label} ({edition}): no game counts"


def _fide_note(line: GameLine, initial: bool) -> str:
    assert line.opponent_rating is not None and line.score is not None
    rated = f"rated {numbers.rating(line.opponent_rating)}"
    if initial:
        return f"{rated}, scored {_SCORED[line.score]}"
    assert line.diff is not None and line.diff_used is not None and line.expected is not None
    d = f"D {signed(line.diff_used)}"
    if line.diff_used != line.diff:
        d += f" (true {signed(line.diff)}: the 400-point rule, §8.3.1)"
    pd = pd_text(int(line.expected * 100))
    return f"{rated}: {d}, PD {pd}, scored {_SCORED[line.score]}"


def _us_note(line: GameLine, formula: Formula) -> str:
    assert line.opponent_rating is not None and line.score is not None
    assert line.expected is not None
    name = "PWe" if formula is Formula.SPECIAL else "W"
    return (f"{numbers.rating(line.opponent_rating)} ({line.rating_note}), {name} "
            f"{numbers.fixed(line.expected, 4)}, scored {_SCORED[line.score]}")


def rows(p: PlayerChange, system: RatingSystem) -> tuple[ExplainRow, ...]:
    out = []
    for line in p.lines:
        if not line.counted:
            out.append(ExplainRow(line.round, line.result, line.opponent, None, "",
                                  line.why_not))
            continue
        if system is RatingSystem.FIDE:
            note = _fide_note(line, p.formula is Formula.INITIAL)
        else:
            note = _us_note(line, p.formula)
        value = None if line.contribution is None else Fraction(line.contribution)
        out.append(ExplainRow(line.round, line.result, line.opponent, value, note))
    out += [ExplainRow(0, "", None, Fraction(a.value), a.label) for a in p.adjustments]
    return tuple(out)


def summary(p: PlayerChange) -> str:
    """The explanation's last line: the totals and the rounding."""
    if p.summary:
        return p.summary
    if p.formula is Formula.CHANGE:
        if not p.games:
            return "no game against a rated opponent: the rating stays"
        assert p.k is not None and p.expected is not None and p.change is not None
        assert p.rating is not None
        cents = int(p.change * 100)
        swing = Fraction(p.score) - Fraction(p.expected)
        return (f"{games_text(p.games)}, score {numbers.score(p.score)}, expected "
                f"{p.expected} → {p.k} × ({hundredths(int(swing * 100)):+}) = "
                f"{p.change:+} → {p.rating + round_away(cents)} (rounded per event, 0.5 away "
                "from zero; FIDE rounds the rating period, §8.3.4)")
    if p.exact_rating is None or p.start_rating is None:
        return "no game over the board"
    if p.change is None:
        return (f"{p.start_rating:.3f} (start) → {p.exact_rating:.3f} → {p.new_rating} "
                "(provisional)")
    return f"{p.start_rating:.3f} {p.change:+.3f} → {p.exact_rating:.3f} → {p.new_rating}"


def explanation(p: PlayerChange, result: RatingResult) -> Explanation:
    """How ``p``'s estimate was found; ``result`` must be computed with ``explain=True``
    (else :class:`ValueError`: its players have no lines)."""
    if not result.explained:
        raise ValueError("an explanation needs the estimate computed with "
                         "rating_changes(..., explain=True)")
    return Explanation(rule_text(p, result), rows(p, result.system), (*p.notes, summary(p)))


def value_label(p: PlayerChange) -> str:
    """Which value the explanation is of: the change, or the new rating of an unrated
    player."""
    return "Change" if p.change is not None else "New rating"
