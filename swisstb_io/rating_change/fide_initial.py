"""FIDE initial ratings of unrated players (Handbook B.02 §7.1.4, §8.2).

``fide-2024-03`` and ``fide-2025-10``: Ra = (the rated opponents' ratings + 2 x 1800) /
(n + 2), the two hypothetical 1800 opponents drawn, so p = (W + 1) / (n + 2); Ru = Ra +
dp(p) rounded, at most 2200 (§8.2.2-8.2.3).  ``fide-2022-01``: Ra the rated opponents'
mean; 50 % gives Ra, more gives Ra + 20 a half point over 50 %, less Ra + dp(p).  p is
looked up as a whole percentage rounded half up, as the Title Regulations round before
the same table (ratings.md D.4).  A rating is published once it rests on 5 games against
rated opponents and reaches the floor (§7.1.4); this estimate sees only this event's games.
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction

from ..fide_tables import DP_TABLE
from ..model import Player
from .fide import dropped_notes, not_counted, performance, score_text, why_not
from .games import Round
from .model import US_PRECISION, Formula, GameLine, PlayerChange, Rules

GAMES_NEEDED = 5
"""§7.1.4: games against rated opponents for a first published rating."""
MAX_INITIAL = 2200
"""§8.2.3 (2024): the maximum initial rating."""
HYPOTHETICAL = 1800
"""§8.2.2 (2024): the rating of the two hypothetical opponents."""


def decimal(value: Fraction) -> Decimal:
    """``value`` as a Decimal of :data:`~.model.US_PRECISION` digits (exact when it
    terminates within them)."""
    with localcontext() as ctx:
        ctx.prec = US_PRECISION
        return Decimal(value.numerator) / Decimal(value.denominator)


def half_up(value: Fraction) -> int:
    """``value`` rounded to a whole number, halves up (ratings are positive)."""
    return (2 * value.numerator + value.denominator) // (2 * value.denominator)


def percent(value: Fraction) -> int:
    """A score fraction as a whole percentage, rounded half up."""
    return half_up(value * 100)


def two_places(value: Fraction) -> str:
    """``1872.43`` (rounded half up to two places, for the explanation)."""
    hundredths = half_up(value * 100)
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def initial_rating(p: Player, rounds: tuple[Round, ...], ratings: dict[int, int],
                   rules: Rules, explain: bool) -> PlayerChange:
    """An unrated player's initial rating, or why there is none yet; ``explain``: with
    its rounds (:attr:`~.model.PlayerChange.lines`)."""
    lines: list[GameLine] = []
    notes: list[str] = []
    opponents: list[int] = []
    halves = 0
    for r in rounds:
        if r.score is None:
            lines.append(not_counted(r, why_not(r)))
        elif r.opponent not in ratings:
            lines.append(not_counted(r, "opponent unrated: a game between unrated players "
                                        "counts for neither (§8.2.2)"))
        else:
            opp = ratings[r.opponent]
            opponents.append(opp)
            halves += r.halves
            if explain:
                lines.append(GameLine(r.round, r.code, r.opponent, r.score, True, "",
                                      Decimal(opp), "", contribution=Decimal(opp)))
    notes += dropped_notes(lines)
    n = len(opponents)
    score = Fraction(halves, 2)
    old_rules = rules.edition.id == "fide-2022-01"
    floor = 1000 if old_rules else 1400

    def change(exact: Fraction | None, summary: str, *more: str) -> PlayerChange:
        new = None
        if exact is not None:
            rounded = half_up(exact)
            if not old_rules and rounded > MAX_INITIAL:
                notes.append(f"Ru {rounded} is above the maximum initial rating: "
                             f"{MAX_INITIAL} (§8.2.3)")
                rounded = MAX_INITIAL
            if n < GAMES_NEEDED:
                notes.append(f"not rated yet: needs {GAMES_NEEDED - n} more game"
                             f"{'s' if GAMES_NEEDED - n != 1 else ''} against rated "
                             f"opponents (§7.1.4: {GAMES_NEEDED}; games of other events "
                             f"within 26 months count too); Ru would be {rounded}")
            elif rounded < floor:
                notes.append(f"not rated yet: Ru {rounded} is below {floor}, the minimum "
                             "first rating (§7.1.4)")
            else:
                new = rounded
        notes.extend(more)
        return PlayerChange(p.start_no, p.name, None, None, n, score, None, None, new,
                            performance(opponents, halves), tuple(notes), Formula.INITIAL,
                            tuple(lines) if explain else (), exact_rating=None if exact is None
                            else decimal(exact), summary=summary)

    if not n:
        notes.append(f"not rated yet: needs {GAMES_NEEDED} games against rated opponents "
                     "(§7.1.4); this event gives none")
        return change(None, "no game against a rated opponent: no rating")
    if not halves:
        notes.append("scored zero against rated opponents: the event is disregarded for a "
                     "first rating (§8.2.1; the file cannot show whether it is the player's "
                     "first event)")
        return change(None, f"{n} games against rated opponents, score 0: no rating")
    total = sum(opponents)
    if old_rules:
        ra = Fraction(total, n)
        over = halves - n  # half points over 50 % (n half points make 50 %)
        if over == 0:
            exact, how = ra, "50 %: Ru = Ra"
        elif over > 0:
            exact, how = ra + 20 * over, f"{over} half points over 50 %: Ru = Ra + 20 × {over}"
        else:
            pct = percent(Fraction(halves, 2 * n))
            exact = ra + DP_TABLE[pct]
            how = f"p = {pct} % → dp {DP_TABLE[pct]:+}: Ru = Ra + dp"
        summary = (f"Ra = {total} / {n} = {two_places(ra)}; {how} = {two_places(exact)} → "
                   f"{half_up(exact)} (§8.2, 2022 rules)")
        return change(exact, summary)
    ra = Fraction(total + 2 * HYPOTHETICAL, n + 2)
    p_exact = Fraction(halves + 2, 2 * (n + 2))
    pct = percent(p_exact)
    dp = DP_TABLE[pct]
    exact = ra + dp
    summary = (f"Ra = ({total} + 2 × {HYPOTHETICAL}) / ({n} + 2) = {two_places(ra)}; p = "
               f"({score_text(score)} + 1) / ({n} + 2) = {two_places(p_exact * 100)} % → "
               f"{pct} % → dp {dp:+}; Ru = {two_places(exact)} → {half_up(exact)} "
               "(§8.2.2-8.2.3)")
    return change(exact, summary, "the two hypothetical 1800 opponents count as draws "
                                  "(§8.2.2)")
