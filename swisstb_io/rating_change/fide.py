"""FIDE rating changes of rated players (Handbook B.02 §8.3), and the shared FIDE pieces:
which games count, K, performance.  Unrated players' initial ratings are in
:mod:`.fide_initial`.

For each game against a rated opponent: D = own rating - opponent's, limited by the
edition's 400-point rule (§8.3.1), PD from table 8.1.2
(:func:`~swisstb_io.fide_tables.expected_hundredths`), and the change is
K x the sum of (score - PD) (§8.3.2).  Everything is in whole hundredths, so the change
is exact; the new rating adds it rounded to a whole number, 0.5 away from zero (§8.3.4).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

from ..fide_tables import DP_TABLE, expected_hundredths
from ..model import Outcome, Player, RoundResult, Tournament
from ..us_notation import OUTCOME_TO_CODE
from .games import CREDITED, SCORE, Round, Scores, not_a_game
from .model import Formula, GameLine, PlayerChange, Rules
from .player_data import Facts

JUNIOR_AGE = 18
K_CAP = 700
"""§8.3.3: K x n may not exceed 700."""


def hundredths(value: int) -> Decimal:
    """``-740`` -> ``Decimal("-7.40")``."""
    return Decimal(value).scaleb(-2)


def pd_text(pd: int) -> str:
    """PD as the table prints it: ``.40``, ``1.00``."""
    return "1.00" if pd == 100 else f".{pd:02d}"


def signed(value: int) -> str:
    """A difference with its sign and a true minus: ``+70``, ``−400``."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def fide_rating(p: Player) -> int | None:
    """The FIDE rating on the file (columns 49-52); blank or 0 is unrated."""
    return p.fide_rating or None


def birth_year(p: Player, facts: Facts | None) -> tuple[int | None, str]:
    """The birth year, from the player data or the file, and where it came from."""
    if facts is not None and facts.birth_year is not None:
        return facts.birth_year, "player data"
    m = re.search(r"(?<!\d)(19\d\d|20\d\d)(?!\d)", p.birth)
    return (int(m[1]), "in the file") if m else (None, "")


def event_year(t: Tournament) -> int | None:
    for d in (t.start_date, t.end_date):
        if d is not None and d.value is not None:
            return d.value.year
    return None


def round_away(value_hundredths: int) -> int:
    """A change in hundredths rounded to a whole number, 0.5 away from zero (§8.3.4)."""
    whole = (abs(value_hundredths) + 50) // 100
    return whole if value_hundredths >= 0 else -whole


def performance(opponents: list[int], halves: int) -> int | None:
    """Ra + dp (Title Regulations 1.4.7-1.4.9 without their floors): the opponents' mean
    rounded half up, dp of the score percentage rounded half up."""
    n = len(opponents)
    if not n:
        return None
    ra = (2 * sum(opponents) + n) // (2 * n)
    pct = (halves * 100 + n) // (2 * n)
    dp: int = DP_TABLE[pct]
    return ra + dp


def not_counted(r: Round, reason: str) -> GameLine:
    return GameLine(r.round, r.code, r.opponent, r.score, False, reason)


def dropped_notes(lines: Sequence[GameLine]) -> list[str]:
    """A note for every round that does not count, with the reason."""
    return [f"round {g.round} ({g.result}): {g.why_not}" for g in lines if not g.counted]


def why_not(r: Round) -> str:
    """A round that is no game: its reason, with the article."""
    return f"{r.why_not} (§5.1)"


class K(NamedTuple):
    value: int
    notes: tuple[str, ...]


_NOT_IN_FILE = {
    (False, False): "; the file cannot show fewer than 30 earlier games or a past 2400 rating "
                    "(give prior_games, ever_2400)",
    (True, False): "; the file cannot show a past 2400 rating (give ever_2400)",
    (False, True): "; the file cannot show fewer than 30 earlier games (give prior_games)",
    (True, True): "",
}
"""What the default K assumes, by (prior_games given, ever_2400 given)."""


def choose_k(p: Player, rating: int, year: int | None, facts: Facts | None, games: int) -> K:
    """K of §8.3.3 in FIDE's order (ratings.md F.4), then the K x n <= 700 cap; ``year``:
    the event's, for the junior K."""
    notes = []
    born, source = birth_year(p, facts)
    if facts is not None and facts.k is not None:
        k = facts.k
        notes.append(f"K {k}: given in the player data")
    elif rating >= 2400:
        k = 10
        notes.append("K 10: rated 2400 or more (§8.3.3)")
    elif facts is not None and facts.ever_2400:
        k = 10
        notes.append("K 10: the player's rating has reached 2400 (player data; §8.3.3)")
    elif born is not None and year is not None and year - born <= JUNIOR_AGE and rating < 2300:
        k = 40
        notes.append(f"K 40: a junior, born {born} ({source}), {year - born} in {year}, rated "
                     "under 2300 (§8.3.3)")
    elif facts is not None and facts.prior_games is not None and facts.prior_games < 30:
        k = 40
        notes.append(f"K 40: {facts.prior_games} rated games before this event, fewer than "
                     "30 (player data; §8.3.3)")
    else:
        k = 20
        why = "rated under 2400"
        if rating < 2300:
            if born is None:
                why += ", no birth year in the file (not taken for a junior)"
            elif year is None:
                why += ", no event date (junior status not known)"
            else:
                why += f", not a junior (born {born})"
        why += _NOT_IN_FILE[(facts is not None and facts.prior_games is not None,
                             facts is not None and facts.ever_2400 is not None)]
        notes.append("K 20 (default, §8.3.3): " + why)
    period = facts.period_games if facts is not None and facts.period_games is not None else 0
    n = games + period
    if n and k * n > K_CAP:
        capped = K_CAP // n
        count = f"{games} games here" + (f" + {period} in the period" if period else "")
        notes.append(f"K {k} x {n} ({count}) = {k * n} > 700: K {capped} (§8.3.3)"
                     + ("" if period else "; other games of the rating period are not in "
                        "the file (give period_games), so the cap may be lower still"))
        k = capped
    return K(k, tuple(notes))


def limit_400(rules: Rules, rating: int, diffs: list[int]) -> list[int]:
    """The differences D (own rating - opponent's, game by game) after the edition's
    400-point rule (§8.3.1)."""
    edition = rules.edition.id
    if edition == "fide-2025-10" and rating >= 2650:
        return diffs  # 2650+: the true difference
    used = [400 if d > 400 else -400 if d < -400 else d for d in diffs]
    if edition == "fide-2022-01":
        # "only one upgrade": the higher-rated side keeps the limit in the game with the
        # greatest difference (the earliest of equal ones) only (ratings.md F.3, D.3); for
        # the lower-rated side the limit is no benefit and applies in every game
        above = [(-d, k) for k, d in enumerate(diffs) if d > 400]
        for _, k in sorted(above)[1:]:
            used[k] = diffs[k]
    return used


class Hundredths(dict[int, Decimal]):
    """``values[n]``: ``n`` hundredths as a Decimal, made once each for one computation
    (the same PDs and contributions recur game after game)."""

    def __missing__(self, key: int) -> Decimal:
        value = self[key] = hundredths(key)
        return value


class ExpectedScores(dict[int, int]):
    """``pd[d]``: PD x 100 of table 8.1.2 for a rating difference ``d``
    (:func:`~swisstb_io.fide_tables.expected_hundredths`), looked up once
    each for one computation."""

    def __missing__(self, key: int) -> int:
        value = self[key] = expected_hundredths(key, 0)
        return value


class Field(NamedTuple):
    """What every rated player's computation reads: the event's ratings (as ints and as
    Decimals), the rounds that count, the rules, the event's year, and the numbers
    already made."""

    ratings: dict[int, int]
    """By start number."""
    decimals: dict[int, Decimal]
    """Each rating as a Decimal, by rating."""
    paired: int
    """The rounds paired so far (:attr:`~swisstb_io.model.Tournament.rounds_paired`)."""
    start_nos: frozenset[int]
    rules: Rules
    year: int | None
    """The event's year (the junior K)."""
    values: Hundredths
    pd: ExpectedScores
    scores: Scores
    explain: bool
    """Keep each player's rounds (:attr:`~.model.PlayerChange.lines`) for the
    explanations."""


def field_of(t: Tournament, ratings: dict[int, int], rules: Rules, explain: bool) -> Field:
    return Field(ratings, {r: Decimal(r) for r in set(ratings.values())}, t.rounds_paired,
                 frozenset(p.start_no for p in t.players), rules, event_year(t),
                 Hundredths(), ExpectedScores(), Scores(), explain)


def rated_change(p: Player, rating: int, field: Field, facts: Facts | None) -> PlayerChange:
    """The change of a rated player (§8.3): only games against rated opponents count.

    The player's results are read here directly (not through
    :func:`~.games.rounds_of`, as unrated players' are): a rated player's games are nearly
    all of an event's cells, and an object less a game is a quarter of the computation."""
    ratings, values, expected_of = field.ratings, field.values, field.pd
    numbers: list[int] = []
    games: list[RoundResult] = []
    opponents: list[int] = []
    for number, r in enumerate(p.results[:field.paired], 1):
        if r.outcome in SCORE and r.opponent is not None:
            opponent = ratings.get(r.opponent)
            if opponent is not None:
                numbers.append(number)
                games.append(r)
                opponents.append(opponent)
    chosen = choose_k(p, rating, field.year, facts, len(games))
    k = chosen.value
    diffs = [rating - opp for opp in opponents]
    change = expected = halves = 0
    lines = []
    decimals = field.decimals
    explain = field.explain
    notes = list(chosen.notes)
    for number, r, opp, d, d_used in zip(numbers, games, opponents, diffs,
                                         limit_400(field.rules, rating, diffs), strict=True):
        outcome = r.outcome
        score, half = SCORE[outcome]
        if outcome in CREDITED:
            notes.append(f"round {number}: the two sides of the game disagree; counted as "
                         "the TD credited it")
        pd = expected_of[d_used]
        part = k * (50 * half - pd)
        change += part
        expected += pd
        halves += half
        if explain:
            lines.append(GameLine(number, OUTCOME_TO_CODE[outcome], r.opponent, score, True,
                                  "", decimals[opp], "", d, d_used, values[pd], values[part]))
    left = left_out(p, field, frozenset(numbers))
    if left:
        notes += dropped_notes(left)
        if explain:
            lines = sorted(lines + left, key=lambda g: g.round)
    new: int | None = rating + round_away(change)
    floor = 1000 if field.rules.edition.id == "fide-2022-01" else 1400
    assert new is not None
    if new < floor:
        notes.append(f"{new} is below {floor}: shown as unrated on the next list (§7.2.1)")
        new = None
    return PlayerChange(p.start_no, p.name, rating, Decimal(k), len(games),
                        field.scores[halves], values[expected], values[change], new,
                        performance(opponents, halves), tuple(notes), Formula.CHANGE,
                        tuple(lines))


def left_out(p: Player, field: Field, counted: frozenset[int]) -> list[GameLine]:
    """The paired rounds of ``p`` whose numbers are not ``counted``, each with the reason
    it does not count (§5.1, §8.3.1)."""
    out = []
    for number, r in enumerate(p.results[:field.paired], 1):
        if number in counted or r.outcome is Outcome.NOT_PAIRED:
            continue
        why = not_a_game(r, field.start_nos)
        game = SCORE.get(r.outcome) if not why else None
        out.append(GameLine(number, OUTCOME_TO_CODE[r.outcome], r.opponent,
                            game[0] if game else None, False,
                            f"{why} (§5.1)" if why else "opponent unrated: not counted (§8.3.1)"))
    return out


def games_text(n: int) -> str:
    return f"{n} game" + ("" if n == 1 else "s")


def score_text(score: Fraction) -> str:
    """``2.5``, ``3``."""
    return str(score.numerator // 2) + ".5" if score.denominator == 2 else str(int(score))
