"""FIDE rating changes of rated players (Handbook B.02 §8.3), and the shared FIDE pieces:
which games count, K, performance.  Unrated players' initial ratings are in
:mod:`.fide_initial`.

For each game against a rated opponent: D = own rating - opponent's, limited by the
edition's 400-point rule (§8.3.1), PD from table 8.1.2
(:func:`~swisstb_io.tiebreaks.rating_tables.expected_hundredths`), and the change is
K x the sum of (score - PD) (§8.3.2).  Everything is in whole hundredths, so the change
is exact; the new rating adds it rounded to a whole number, 0.5 away from zero (§8.3.4).
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

from ..model import Player, Tournament
from ..tiebreaks.rating_tables import DP_TABLE, expected_hundredths
from .games import Round
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
    return (int(m[1]), "the file") if m else (None, "")


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
    return GameLine(r.round, r.result, r.opponent, r.score, False, reason)


def dropped_notes(lines: list[GameLine]) -> list[str]:
    """A note for every round that does not count, with the reason."""
    return [f"round {g.round} ({g.result}): {g.why_not}" for g in lines if not g.counted]


def why_not(r: Round) -> str:
    """A round that is no game: its reason, with the article."""
    return f"{r.why_not} (§5.1)"


class K(NamedTuple):
    value: int
    notes: tuple[str, ...]


def choose_k(p: Player, rating: int, t: Tournament, facts: Facts | None, games: int) -> K:
    """K of §8.3.3 in FIDE's order (ratings.md F.4), then the K x n <= 700 cap."""
    notes = []
    year = event_year(t)
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
        notes.append(f"K 40: a junior (born {born}, {source}; {year - born} in {year}) rated "
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
        unknown = [(what, column) for what, column, given in (
            ("fewer than 30 earlier games", "prior_games",
             facts is not None and facts.prior_games is not None),
            ("a past 2400 rating", "ever_2400",
             facts is not None and facts.ever_2400 is not None)) if not given]
        if unknown:
            why += (f"; the file cannot show {' or '.join(w for w, _ in unknown)} (give "
                    f"{', '.join(c for _, c in unknown)})")
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


def limit_400(rules: Rules, rating: int, games: list[tuple[Round, int]]) -> list[int]:
    """D after the 400-point rule of the edition, game by game (``games``: each game with
    its true D)."""
    edition = rules.edition.id
    out = []
    for _, d in games:
        if edition == "fide-2025-10" and rating >= 2650:
            out.append(d)
        else:
            out.append(max(-400, min(400, d)))
    if edition == "fide-2022-01":
        # "only one upgrade": the higher-rated side keeps the limit in the game with the
        # greatest difference (the earliest of equal ones) only (ratings.md F.3, D.3)
        above = [(-d, r.round, k) for k, (r, d) in enumerate(games) if d > 400]
        if above:
            keep = min(above)[2]
            for _, _, k in above:
                if k != keep:
                    out[k] = games[k][1]
    return out


def rated_change(p: Player, rating: int, rounds: tuple[Round, ...], ratings: dict[int, int],
                 t: Tournament, rules: Rules, facts: Facts | None) -> PlayerChange:
    """The change of a rated player (§8.3): only games against rated opponents count."""
    counted: list[tuple[Round, int]] = []
    for r in rounds:
        if r.score is not None and r.opponent in ratings:
            counted.append((r, rating - ratings[r.opponent]))
    k = choose_k(p, rating, t, facts, len(counted))
    used = iter(limit_400(rules, rating, counted))
    lines = []
    notes = list(k.notes)
    change = expected = 0
    halves = 0
    opponents = []
    for r in rounds:
        if r.score is None:
            lines.append(not_counted(r, why_not(r)))
            continue
        if r.opponent not in ratings:
            lines.append(not_counted(r, "opponent unrated: not counted (§8.3.1)"))
            continue
        opp = ratings[r.opponent]
        d = rating - opp
        d_used = next(used)
        pd = expected_hundredths(d_used, 0)
        part = k.value * (int(r.score * 100) - pd)
        change += part
        expected += pd
        halves += int(r.score * 2)
        opponents.append(opp)
        lines.append(GameLine(r.round, r.result, r.opponent, r.score, True, "", Decimal(opp),
                              "", d, d_used, hundredths(pd), hundredths(part)))
        if r.credited:
            notes.append(f"round {r.round}: the two sides of the game disagree; counted as "
                         "the TD credited it")
    notes += dropped_notes(lines)
    score = Fraction(halves, 2)
    new: int | None = rating + round_away(change)
    floor = 1000 if rules.edition.id == "fide-2022-01" else 1400
    summary = (f"{games_text(len(counted))}, score {score_text(score)}, expected "
               f"{hundredths(expected)} → {k.value} × ({hundredths(50 * halves - expected):+}) "
               f"= {hundredths(change):+} → {new} (rounded per event, 0.5 away from zero; FIDE "
               "rounds the rating period, §8.3.4)")
    if not counted:
        summary = "no game against a rated opponent: the rating stays"
    assert new is not None
    if new < floor:
        notes.append(f"{new} is below {floor}: shown as unrated on the next list (§7.2.1)")
        new = None
    return PlayerChange(p.start_no, p.name, rating, Decimal(k.value), len(counted), score,
                        hundredths(expected), hundredths(change), new,
                        performance(opponents, halves), tuple(notes), Formula.CHANGE,
                        tuple(lines), summary=summary)


def games_text(n: int) -> str:
    return f"{n} game" + ("" if n == 1 else "s")


def score_text(score: Fraction) -> str:
    """``2.5``, ``3``."""
    return str(score.numerator // 2) + ".5" if score.denominator == 2 else str(int(score))
