"""A gallery of small tournaments built from the model, for round-trip and conversion tests.

``GALLERY`` maps a name to a :class:`~swisstb_io.model.Tournament`.  Every tournament is
self-consistent (each game appears on both players' lines with opposite colours, the
declared points are what the results score under the tournament's point system, ranks
follow the points), so any format that can hold it must give it back unchanged.

Between them the tournaments hold every kind of bye (PAIRING_BYE, FULL_BYE, HALF_BYE,
ZERO_BYE, NOT_PAIRED), forfeits including a double forfeit, games that lasted less than
one move, a withdrawal, a late entry, unrated players, UTF-8 names, teams, a 3-1-0 point
system and declared tie-breaks.  Usage: ``from gallery import GALLERY`` (tests/ is on
``sys.path`` through ``tests/conftest.py``).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType

from swisstb_io.model import (
    Color,
    DateText,
    Outcome,
    Player,
    PointSystem,
    Rating,
    RoundResult,
    Team,
    Tournament,
)

# A game: (white, black, result) with result one of
#   "1-0" "0-1" "1/2"            played and rated
#   "1-0u" "0-1u" "1/2u"         played, not rated (less than one move)
#   "+-" "-+" "--"               forfeits (unplayed; "--" is a double forfeit)
# A bye: (player, Outcome) for PAIRING_BYE, FULL_BYE, HALF_BYE, ZERO_BYE, NOT_PAIRED.
Game = tuple[int, int, str]
Bye = tuple[int, Outcome]

_GAMES: Mapping[str, tuple[Outcome, Outcome]] = {
    "1-0": (Outcome.WIN, Outcome.LOSS),
    "0-1": (Outcome.LOSS, Outcome.WIN),
    "1/2": (Outcome.DRAW, Outcome.DRAW),
    "1-0u": (Outcome.WIN_UNRATED, Outcome.LOSS_UNRATED),
    "0-1u": (Outcome.LOSS_UNRATED, Outcome.WIN_UNRATED),
    "1/2u": (Outcome.DRAW_UNRATED, Outcome.DRAW_UNRATED),
    "+-": (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    "-+": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    "--": (Outcome.DOUBLE_FORFEIT, Outcome.DOUBLE_FORFEIT),
}


def _build(
    base: Tournament,
    players: Sequence[Player],
    rounds: Sequence[Sequence[Game | Bye]],
) -> Tournament:
    """``base`` with ``players`` whose results, points and ranks come from ``rounds``."""
    table: dict[int, list[RoundResult]] = {p.start_no: [] for p in players}
    for no, pairings in enumerate(rounds, 1):
        for item in pairings:
            if len(item) == 3:
                white, black, code = item  # type: ignore[misc]
                w_out, b_out = _GAMES[code]
                table[white].append(RoundResult(w_out, black, Color.WHITE))
                table[black].append(RoundResult(b_out, white, Color.BLACK))
            else:
                who, outcome = item  # type: ignore[misc]
                table[who].append(RoundResult(outcome))
        for sno, results in table.items():
            if len(results) != no:
                raise AssertionError(f"gallery: player {sno} has no entry in round {no}")
    scored = [replace(p, results=tuple(table[p.start_no])) for p in players]
    scored = [replace(p, declared_points=p.points(base.point_system)) for p in scored]
    order = sorted(scored, key=lambda p: (-(p.declared_points or 0), p.start_no))
    rank = {p.start_no: i for i, p in enumerate(order, 1)}
    final = tuple(replace(p, declared_rank=rank[p.start_no]) for p in scored)
    return replace(base, players=final, total_rounds=base.total_rounds or len(rounds))


_P = Player
_D = dt.date

SMALL_SWISS = _build(
    Tournament(
        name="Gallery Spring Open",
        city="Oslo",
        federation="NOR",
        start_date=DateText.from_date(_D(2025, 3, 1)),
        end_date=DateText.from_date(_D(2025, 3, 2)),
        chief_arbiter="IA Example Arbiter",
        deputy_arbiters=("FA Second Arbiter",),
        time_control="90 minutes + 30 seconds per move",
        tournament_type="Individual: Swiss-System",
        pairing_system="FIDE_DUTCH_2025",
    ),
    [
        _P(
            1,
            "Alpha, Anton",
            sex="m",
            title="GM",
            fide_rating=2501,
            federation="NOR",
            fide_id="12345678",
            birth="1990/01/31",
        ),
        _P(
            2,
            "Beta, Berit",
            sex="w",
            title="WIM",
            fide_rating=2302,
            federation="SWE",
            fide_id="23456789",
            birth="1995/05/05",
        ),
        _P(3, "Gamma, Gustav", sex="m", fide_rating=1980, federation="DEN", birth="2001"),
        _P(4, "Delta, Dirk", sex="m", federation="FIN"),
    ],
    [
        [(1, 3, "1-0"), (4, 2, "0-1")],
        [(2, 1, "1/2"), (3, Outcome.PAIRING_BYE), (4, Outcome.ZERO_BYE)],
        [(1, 4, "+-"), (2, Outcome.HALF_BYE), (3, Outcome.ZERO_BYE)],
    ],
)

BYES = _build(
    Tournament(name="Gallery Bye Festival", federation="ENG", tournament_type="Swiss"),
    [
        _P(1, "Ash, Alice", sex="w", fide_rating=2100, federation="ENG", fide_id="400001"),
        _P(2, "Birch, Bob", sex="m", fide_rating=2050, federation="ENG", fide_id="400002"),
        _P(3, "Cedar, Carol", sex="w", fide_rating=1990, federation="SCO"),
        _P(4, "Dogwood, Dan", sex="m", fide_rating=1900, federation="WLS"),
        _P(5, "Elm, Eve", sex="w", fide_rating=1850, federation="ENG"),
        _P(6, "Fir, Frank", sex="m", federation="ENG"),
        # a late entry: joins in round 2
        _P(7, "Gum, Grace", sex="w", fide_rating=1700, federation="IRL"),
    ],
    [
        [(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "1/2"), (7, Outcome.NOT_PAIRED)],
        [(2, 1, "1/2"), (6, 5, "0-1"), (7, 4, "1-0"), (3, Outcome.FULL_BYE)],
        # player 6 withdraws after round 2 (a known absence, then not paired)
        [
            (1, 3, "1-0"),
            (4, 5, "1/2"),
            (7, Outcome.PAIRING_BYE),
            (2, Outcome.HALF_BYE),
            (6, Outcome.ZERO_BYE),
        ],
        [(3, 2, "0-1"), (5, 1, "1/2"), (4, 7, "1-0"), (6, Outcome.NOT_PAIRED)],
    ],
)

FORFEITS = _build(
    Tournament(name="Gallery Forfeit Cup", federation="GER", city="Köln"),
    [
        _P(1, "Adler, Anna", sex="w", fide_rating=2210, federation="GER", fide_id="4600001"),
        _P(2, "Bär, Bernd", sex="m", fide_rating=2150, federation="GER", fide_id="4600002"),
        _P(3, "Chamäleon, Clara", sex="w", fide_rating=2000, federation="AUT"),
        _P(4, "Dachs, Dieter", sex="m", fide_rating=1950, federation="SUI"),
        _P(5, "Eule, Emil", sex="m", fide_rating=1800, federation="GER"),
        _P(6, "Fuchs, Frieda", sex="w", fide_rating=1750, federation="GER"),
    ],
    [
        [(1, 4, "+-"), (5, 2, "-+"), (3, 6, "--")],
        [(2, 1, "1/2u"), (4, 3, "1-0u"), (6, 5, "0-1u")],
        [(1, 3, "1-0"), (6, 2, "--"), (4, 5, "0-1")],
    ],
)

UTF8_UNRATED = _build(
    Tournament(
        name="Gallery Ünïcødé Open – Zürich",
        city="Zürich",
        federation="SUI",
        start_date=DateText.from_date(_D(2024, 12, 28)),
        end_date=DateText.from_date(_D(2024, 12, 30)),
    ),
    [
        _P(
            1,
            "Müller, Jürgen",
            sex="m",
            fide_rating=2012,
            federation="SUI",
            fide_id="1300001",
            ratings=(Rating("USCF", 2150),),
            national_ids=(("USCF", "12345678"),),
        ),
        _P(2, "Øster, Åse", sex="w", federation="NOR"),
        _P(
            3,
            "Łukasiewicz, Świętosław",
            sex="m",
            fide_rating=1888,
            federation="POL",
            ratings=(Rating("USCF", 1999),),
            national_ids=(("USCF", "23456789"),),
        ),
        _P(4, "Иванов, Иван", sex="m", federation="RUS"),
        _P(5, "Ngô, Thị Ánh", sex="w"),
    ],
    [
        [(1, 2, "1-0"), (3, 4, "1/2"), (5, Outcome.PAIRING_BYE)],
        [(4, 1, "0-1"), (2, 5, "1/2"), (3, Outcome.HALF_BYE)],
        [(1, 3, "1/2"), (5, 4, "1-0"), (2, Outcome.PAIRING_BYE)],
    ],
)

TEAMS = _build(
    Tournament(
        name="Gallery Club Match Swiss",
        federation="NED",
        teams=(
            Team("Rooks United", (1, 3, 5), number=1),
            Team("Knights Errant", (2, 4, 6), number=2),
        ),
    ),
    [
        _P(1, "Aarts, Anouk", sex="w", fide_rating=2200, federation="NED", team="Rooks United"),
        _P(2, "Bakker, Bram", sex="m", fide_rating=2190, federation="NED", team="Knights Errant"),
        _P(3, "Claes, Carla", sex="w", fide_rating=2080, federation="BEL", team="Rooks United"),
        _P(4, "de Vries, Daan", sex="m", fide_rating=2010, federation="NED", team="Knights Errant"),
        _P(5, "Evers, Eline", sex="w", fide_rating=1900, federation="NED", team="Rooks United"),
        _P(6, "Franssen, Floor", sex="m", federation="NED", team="Knights Errant"),
    ],
    [
        [(1, 2, "1/2"), (4, 3, "0-1"), (5, 6, "1-0")],
        [(2, 3, "1-0"), (6, 1, "0-1"), (4, 5, "1/2")],
    ],
)

THREE_ONE_ZERO = _build(
    Tournament(
        name="Gallery Football Scoring Rapid",
        city="Bilbao",
        federation="ESP",
        start_date=DateText.from_date(_D(2025, 7, 14)),
        end_date=DateText.from_date(_D(2025, 7, 15)),
        chief_arbiter="IA Mikel Example",
        time_control="15 minutes + 10 seconds per move",
        tournament_type="Individual: Swiss-System",
        pairing_system="FIDE_DUTCH_2025",
        round_dates=("25/07/14", "25/07/14", "25/07/15"),
        point_system=PointSystem(
            win=Fraction(3),
            draw=Fraction(1),
            loss=Fraction(0),
            forfeit_win=Fraction(3),
            forfeit_loss=Fraction(0),
            pairing_bye=Fraction(3),
            full_bye=Fraction(3),
            half_bye=Fraction(1),
            zero_bye=Fraction(0),
        ),
        tiebreaks=("BH/C1", "BH", "SB"),
        standings_order=("PTS", "BH/C1", "BH", "SB"),
    ),
    [
        _P(
            1,
            "Arana, Ainhoa",
            sex="w",
            title="WGM",
            fide_rating=2350,
            federation="ESP",
            fide_id="2200001",
            birth="1992/02/02",
        ),
        _P(
            2,
            "Bengoetxea, Beñat",
            sex="m",
            title="FM",
            fide_rating=2290,
            federation="ESP",
            fide_id="2200002",
            birth="1999/09/09",
        ),
        _P(3, "Castro, Carmen", sex="w", fide_rating=2100, federation="ESP", fide_id="2200003"),
        _P(4, "Durán, Diego", sex="m", fide_rating=2005, federation="MEX", fide_id="5100004"),
        _P(5, "Etxeberria, Edurne", sex="w", fide_rating=1850, federation="ESP"),
    ],
    [
        [(1, 4, "1-0"), (5, 2, "0-1"), (3, Outcome.PAIRING_BYE)],
        [(2, 1, "1/2"), (3, 5, "1-0"), (4, Outcome.HALF_BYE)],
        [(1, 3, "1-0"), (4, 2, "1/2"), (5, Outcome.FULL_BYE)],
    ],
)

ROUND_ROBIN = _build(
    Tournament(
        name="Gallery Quad",
        federation="USA",
        pairing_system="FIDE_ROUNDROBIN",
        tournament_type="Round Robin",
        tiebreaks=("SB", "DE"),
    ),
    [
        _P(
            1,
            "Adams, Amy",
            sex="w",
            fide_rating=2000,
            federation="USA",
            ratings=(Rating("USCF", 2080),),
            national_ids=(("USCF", "30000001"),),
        ),
        _P(
            2,
            "Brown, Ben",
            sex="m",
            fide_rating=1950,
            federation="USA",
            ratings=(Rating("USCF", 2011),),
            national_ids=(("USCF", "30000002"),),
        ),
        _P(
            3,
            "Clark, Cy",
            sex="m",
            federation="USA",
            ratings=(Rating("USCF", 1720),),
            national_ids=(("USCF", "30000003"),),
        ),
        _P(4, "Davis, Dee", sex="w", federation="USA", national_ids=(("USCF", "30000004"),)),
    ],
    [
        [(1, 4, "1-0"), (2, 3, "1/2")],
        [(4, 3, "0-1"), (1, 2, "1/2")],
        [(2, 4, "1-0"), (3, 1, "0-1")],
    ],
)

_BYES = (
    Outcome.PAIRING_BYE,
    Outcome.FULL_BYE,
    Outcome.HALF_BYE,
    Outcome.ZERO_BYE,
    Outcome.NOT_PAIRED,
)


def random_event(rng: random.Random, players: int, rounds: int) -> Tournament:
    """A random but self-consistent event (for property tests): every round pairs the
    players in a shuffled order with random game results; the odd one out, and now and
    then a pair that does not play, gets a random kind of bye or absence."""
    games = list(_GAMES)
    table: list[list[Game | Bye]] = []
    for _ in range(rounds):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        pairings: list[Game | Bye] = []
        while len(order) >= 2:
            a, b = order.pop(), order.pop()
            if rng.random() < 0.15:
                pairings += [(a, rng.choice(_BYES)), (b, rng.choice(_BYES))]
            else:
                pairings.append((a, b, rng.choice(games)))
        pairings += [(a, rng.choice(_BYES)) for a in order]
        table.append(pairings)
    base = Tournament(name=f"Random {players}x{rounds}", total_rounds=rounds)
    return _build(base, [_P(n, f"Player {n}, Random") for n in range(1, players + 1)], table)


GALLERY: Mapping[str, Tournament] = MappingProxyType(
    {
        "small-swiss": SMALL_SWISS,
        "byes": BYES,
        "forfeits": FORFEITS,
        "utf8-unrated": UTF8_UNRATED,
        "teams": TEAMS,
        "three-one-zero": THREE_ONE_ZERO,
        "round-robin": ROUND_ROBIN,
    }
)
"""Name -> tournament; iterate ``GALLERY.items()`` in parametrised tests."""

__all__ = ["GALLERY", "random_event"]
