"""US Chess rating changes (the Glickman-Doan rating system, Regular over the board;
ratings.md Part U): the five steps, the standard and the special formula, floors.

Step 1 gives unrated players a start rating and Step 2 every player N' (both in
:mod:`.uscf_entrants`).  Step 3 estimates the unrated players with the special formula and
N' = 1 against their opponents' pre-event or Step 1 ratings; Step 4 rates them against
the other unrated players' Step 3 estimates; Step 5 rates everybody against the pre-event
ratings of rated opponents and the Step 4 ratings of unrated ones (ratings.md D.7).  Every
rating of Steps 3-5 is at least 100; the final one then gets the floors of U.8.

The arithmetic is :class:`~decimal.Decimal` at :data:`~.model.US_PRECISION` digits.  The
irrational numbers (square roots, powers of ten) and K are kept to 30 decimal places
(:func:`~.uscf_numbers.fix`); from them on the standard formula is exact: each game's
contribution K(s - W) is a product of two such numbers, and the change K(S - E) is, exactly,
the sum of the contributions, computed once a player.  Ratings are rounded only when
printed.
"""

from __future__ import annotations

import datetime as _dt
from collections import Counter
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from typing import NamedTuple

from ..model import Tournament
from ..us_notation import OUTCOME_TO_CODE
from .games import SCORE, Played, Round, games_and_others
from .model import US_PRECISION, Adjustment, Formula, GameLine, PlayerChange, Rules
from .player_data import History, PlayerData
from .uscf_entrants import Entrant, entrants
from .uscf_numbers import Tables, fix
from .uscf_special import Term, solve

BONUS_THRESHOLD = {"uscf-2025": 10, "uscf-2023": 12, "uscf-2017": 14}
"""B of each edition (U.1)."""
ABSOLUTE_FLOOR = Decimal(100)
SPECIAL_CAP = Decimal(2700)
HIGHEST_FLOOR = 2100

Used = tuple[Decimal, str, int | None]
"""A player's rating as an opponent in one step: the rating used, where it comes from, and
that rating as the whole number of the file (``None`` for an estimate)."""

Rounds = tuple[list[Played], list[Round]]
"""A player's games over the board and the rounds that are not games
(:func:`~.games.games_and_others`)."""


class Pass(NamedTuple):
    """One player's rating from one step."""

    rating: Decimal
    lines: tuple[GameLine, ...]
    """The games, for an explanation (else ``()``)."""
    adjustments: tuple[Adjustment, ...]
    k: Decimal | None
    notes: tuple[str, ...]
    halves: int
    """The score in half points."""
    faced: Decimal
    """The sum of the opponents' ratings used (for the performance)."""
    expected: Decimal | None = None
    """E = the sum of W, when the standard formula computed it."""


HALF = Decimal("0.5")
POINTS = (Decimal(0), HALF, Decimal(1))
"""A game's score as a Decimal, by its half points."""


def half_up(value: Decimal) -> int:
    """``value`` rounded to a whole number, 0.5 up."""
    return int(value.to_integral_value(ROUND_HALF_UP))


def _k(e: Entrant, m: int, dual: bool) -> tuple[Decimal, str]:
    """K = 800 / (N' + m), or the dual-rated K above 2200 (ratings.md D.9)."""
    games = e.effective + m
    r0 = e.prior
    if dual and r0 >= 2500:
        return 200 / games, " (dual-rated, 2500+: 200 / (N′ + m))"
    if dual and r0 > 2200:
        return 800 * (Decimal("6.5") - Decimal("0.0025") * r0) / games, \
            " (dual-rated, 2200-2500: 800(6.5 - 0.0025 R0) / (N′ + m))"
    return 800 / games, ""


def _meets_one_opponent_thrice(games: Sequence[Played]) -> bool:
    """Whether an opponent is met more than twice (U.6: then no bonus).  Such an opponent
    makes the set of opponents at least two shorter than the games, so most players (all
    opponents different) are answered without counting."""
    opponents = [opponent for _, opponent, _ in games]
    if len(set(opponents)) > len(opponents) - 2:
        return False
    return max(Counter(opponents).values()) > 2


def standard(e: Entrant, games: Sequence[Played], used: dict[int, Used], bonus_b: int,
             dual: bool, tables: Tables, explain: bool) -> Pass:
    """R = R0 + K(S - E) + bonus (U.6); ``explain``: with a line for each game, whose
    contribution is K(s - W).

    K and every W are fixed-point numbers (30 places), so K(s - W) is exact and the sum of
    the games' contributions is K(S - E) exactly: the change is computed once, from S and
    E = the sum of W."""
    m = len(games)
    quotient, how = _k(e, m, dual)
    k = fix(quotient)
    lines = []
    expected_sum = faced = Decimal(0)
    points = 0
    own = e.rating
    whole_w = tables.whole
    for number, opponent, outcome in games:
        opp, note, whole = used[opponent]
        score, halves = SCORE[outcome]
        expected = (whole_w[whole - own] if own is not None and whole is not None
                    else tables.w(e.prior, opp))
        expected_sum += expected
        points += halves
        faced += opp
        if explain:
            lines.append(GameLine(number, OUTCOME_TO_CODE[outcome], opponent, score, True, "",
                                  opp, note, None, None, expected,
                                  k * (POINTS[halves] - expected)))
    base = k * (HALF * points - expected_sum)
    notes = [f"standard formula: K = 800 / ({e.effective:.2f} + {m}) = {k:.4f}{how}"]
    adjustments = []
    rating = e.prior + base
    if m < 3:
        notes.append("no bonus: fewer than 3 games (U.6)")
    elif _meets_one_opponent_thrice(games):
        notes.append("no bonus: an opponent met more than twice (U.6)")
    else:
        threshold = bonus_b * tables.root(max(m, 4))
        bonus = fix(max(Decimal(0), base - threshold))
        limit = f"B × √max(m, 4) = {bonus_b} × √{max(m, 4)} = {threshold:.3f}"
        if bonus:
            notes.append(f"bonus = K(S − E) − {limit}: {base:.3f} − {threshold:.3f} = "
                         f"{bonus:.3f} (U.6)")
            adjustments.append(Adjustment(f"bonus: K(S − E) {base:.3f} over {bonus_b} × "
                                          f"√{max(m, 4)}", bonus))
            rating += bonus
        else:
            notes.append(f"no bonus: K(S − E) = {base:.3f} is not above {limit} (U.6)")
    return Pass(rating, tuple(lines), tuple(adjustments), k, tuple(notes), points, faced,
                expected_sum)


def special(e: Entrant, games: Sequence[Played], used: dict[int, Used], explain: bool,
            effective: Decimal | None = None) -> Pass:
    """The special formula (U.5), with ``effective`` for N' when given (Step 3: 1);
    ``explain``: with a line for each game."""
    n = e.effective if effective is None else effective
    terms = []
    halves = 0
    for _, opponent, outcome in games:
        half = SCORE[outcome][1]
        halves += half
        terms.append(Term(used[opponent][0], Decimal(1), POINTS[half]))
    faced = sum((t.rating for t in terms), Decimal(0))
    history = e.history if effective is None else History.MIXED
    if n:
        shift = {History.MIXED: 0, History.WINS: -400, History.LOSSES: 400}[history]
        score = {History.MIXED: Decimal("0.5"), History.WINS: Decimal(1),
                 History.LOSSES: Decimal(0)}[history]
        terms.append(Term(e.prior + shift, n, score))
    solution = solve(e.prior, terms)
    parts = [fix(part) for part in solution.parts]
    lines = tuple(GameLine(number, OUTCOME_TO_CODE[outcome], opponent, SCORE[outcome][0], True,
                           "", used[opponent][0], used[opponent][1], expected=x,
                           contribution=part)
                  for (number, opponent, outcome), x, part
                  in zip(games, solution.expected, parts, strict=False)) if explain else ()
    adjustments = []
    if n:
        adjustments.append(Adjustment(f"the {n:.2f} earlier games (N′) at "
                                      f"{terms[-1].rating:.0f}", parts[-1]))
    notes = [f"special formula: the rating at which the score ({_score(halves)}"
             + (f" + {n * terms[-1].score:.2f} for the earlier games" if n else "")
             + ") equals the sum of the expected scores PWe (U.5)"]
    if solution.interval is not None:
        low, high = solution.interval
        span = (f"from {low:.3f}" if low is not None else "up to") + (
            f" to {high:.3f}" if high is not None and low is not None else
            f" {high:.3f}" if high is not None else " up")
        notes.append(f"every rating {span} gives that score: the one nearest the prior "
                     f"rating {e.prior:.3f} is taken (U.5)")
        if solution.rest:
            adjustments.append(Adjustment("the solution nearest the prior rating",
                                          fix(solution.rest)))
    rating = e.prior + sum(parts, Decimal(0)) + fix(solution.rest)
    if rating > SPECIAL_CAP:
        adjustments.append(Adjustment("a special rating above 2700 is set to 2700",
                                      SPECIAL_CAP - rating))
        rating = SPECIAL_CAP
    return Pass(rating, lines, tuple(adjustments), None, tuple(notes), halves, faced)


def _score(halves: int) -> str:
    return f"{halves // 2}.5" if halves % 2 else str(halves // 2)


def at_least_100(p: Pass) -> Pass:
    if p.rating >= ABSOLUTE_FLOOR:
        return p
    return p._replace(rating=ABSOLUTE_FLOOR, adjustments=(
        *p.adjustments, Adjustment("absolute floor 100", ABSOLUTE_FLOOR - p.rating)))


def floor_of(e: Entrant) -> tuple[Decimal, str]:
    """The player's floor (U.8) and how it was found."""
    facts = e.facts
    own = Decimal(facts.uscf_floor) if facts is not None and facts.uscf_floor else None
    floor, how = ABSOLUTE_FLOOR, "the absolute floor 100"
    if e.rating is not None and e.established:
        given = facts.uscf_peak if facts is not None and facts.uscf_peak else None
        peak = max(e.rating, given or 0)
        if peak >= 1400:
            floor = Decimal(min(HIGHEST_FLOOR, (peak - 200) // 100 * 100))
            how = (f"highest rating {peak} - 200, hundreds" + (
                " (uscf_peak)" if given and given >= e.rating else
                " (the pre-event rating: the highest is not in the file; give uscf_peak)"))
    elif e.rating is not None:
        how = "provisional: the absolute floor 100 only"
    if own is not None and own > floor:
        floor, how = own, "uscf_floor (player data)"
    return floor, how


class Steps(NamedTuple):
    """The unrated players' ratings of Steps 3 and 4, by start number."""

    estimate: dict[int, Decimal]
    intermediate: dict[int, Decimal]


def _used(who: dict[int, Entrant], unrated: dict[int, Decimal], step: str
          ) -> dict[int, Used]:
    """Every player's rating as an opponent in one step: the pre-event rating of a rated
    player, ``unrated``'s rating of an unrated one (``step`` says which)."""
    note = f"unrated: {step}"
    return {sn: (e.prior, "pre-event", e.rating) if e.rating is not None
            else (unrated[sn], note, None) for sn, e in who.items()}


def _pass(e: Entrant, games: Sequence[Played], used: dict[int, Used], bonus_b: int,
          dual: bool, tables: Tables, explain: bool) -> Pass:
    return at_least_100(special(e, games, used, explain) if e.special
                        else standard(e, games, used, bonus_b, dual, tables, explain))


def steps(who: dict[int, Entrant], rounds: dict[int, Rounds], bonus_b: int,
          dual: bool, tables: Tables) -> Steps:
    """Steps 3 and 4 for the unrated players."""
    start = {sn: e.prior for sn, e in who.items() if e.rating is None}
    if not start:
        return Steps({}, {})
    estimate = {}
    used = _used(who, start, "Step 1 rating")
    for sn in start:
        games = rounds[sn][0]
        estimate[sn] = at_least_100(special(who[sn], games, used, False, Decimal(1))).rating \
            if games else start[sn]
    intermediate = {}
    used = _used(who, estimate, "Step 3 estimate")
    for sn in start:
        games = rounds[sn][0]
        intermediate[sn] = _pass(who[sn], games, used, bonus_b, dual, tables, False).rating \
            if games else start[sn]
    return Steps(estimate, intermediate)


def final(e: Entrant, rounds: Rounds, used: dict[int, Used], found: Steps,
          bonus_b: int, dual: bool, tables: Tables, explain: bool) -> PlayerChange:
    """Step 5 and the floors: one player's result; ``explain``: with its rounds
    (:attr:`~.model.PlayerChange.lines`)."""
    p = e.player
    games = rounds[0]
    notes = list(e.notes)
    dropped = [GameLine(r.round, r.code, r.opponent, r.score, False, f"{r.why_not} (U.2)")
               for r in rounds[1]]
    notes += [f"round {g.round} ({g.result}): {g.why_not}" for g in dropped]
    if not games:
        notes.append("no game over the board: " + ("the rating stays" if e.rating is not None
                                                  else "still unrated"))
        expected = Decimal(0) if e.rating is not None else None
        return PlayerChange(p.start_no, p.name, e.rating, None, 0, Fraction(0), expected,
                            Decimal(0) if e.rating is not None else None, e.rating, None,
                            tuple(notes), Formula.NONE, tuple(dropped) if explain else (),
                            start_rating=e.prior)
    if e.rating is None:
        sn = p.start_no
        notes.append(f"Step 3 estimate {found.estimate[sn]:.3f} (special formula, N′ = 1), "
                     f"Step 4 intermediate rating {found.intermediate[sn]:.3f}")
    result = _pass(e, games, used, bonus_b, dual, tables, explain)
    notes.extend(result.notes)
    adjustments = list(result.adjustments)
    rating = result.rating
    floor, how = floor_of(e)
    if rating < floor:
        adjustments.append(Adjustment(f"rating floor {floor} ({how})", floor - rating))
        notes.append(f"held at the rating floor {floor} ({how})")
        rating = floor
    elif e.rating is not None and rating < e.prior:
        notes.append(f"rating floor {floor}: {how}")
    new = half_up(rating)
    lines = (sorted((*result.lines, *dropped), key=lambda g: g.round) if dropped and explain
             else result.lines)
    expected = None
    if e.rating is not None:
        expected = result.expected if result.expected is not None else sum(
            (tables.w(e.prior, used[opponent][0]) for _, opponent, _ in games), Decimal(0))
    if e.rating is None:
        notes.append(f"provisional rating from {len(games)} game"
                     f"{'s' if len(games) != 1 else ''}")
        change = None
    else:
        change = rating - e.prior
    formula = Formula.SPECIAL if e.special else Formula.STANDARD
    m = len(games)
    performance = half_up((result.faced + 400 * (result.halves - m)) / m)
    return PlayerChange(p.start_no, p.name, e.rating, result.k, m, tables.scores[result.halves],
                        expected, change, new, performance, tuple(notes), formula,
                        tuple(lines), tuple(adjustments), e.prior, rating)


def uscf_changes(t: Tournament, rules: Rules, data: PlayerData, dual: bool = False,
                 explain: bool = False) -> tuple[tuple[PlayerChange, ...], tuple[str, ...]]:
    """Every player's US Chess estimate, and the notes for the whole event; ``explain``:
    with each player's rounds (:attr:`~.model.PlayerChange.lines`)."""
    ends = [d.value for d in (t.end_date, t.start_date) if d is not None and d.value]
    day: _dt.date | None = ends[0] if ends else None
    bonus_b = BONUS_THRESHOLD[rules.edition.id]
    paired = t.rounds_paired
    start_nos = frozenset(p.start_no for p in t.players)
    rounds = {p.start_no: games_and_others(p, paired, start_nos) for p in t.players}
    with localcontext() as ctx:
        ctx.prec = US_PRECISION
        tables = Tables()
        who, notes = entrants(t, data, day, tables)
        found = steps(who, rounds, bonus_b, dual, tables)
        used = _used(who, found.intermediate, "Step 4 intermediate rating")
        players = tuple(final(who[p.start_no], rounds[p.start_no], used, found, bonus_b,
                              dual, tables, explain)
                        for p in sorted(t.players, key=lambda p: p.start_no))
    return players, notes
