"""Model-built tournaments for the US-format round-trip tests (CSV, DBF).

Each one is built directly in the model, so the tests do not depend on any reader.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from swisstb_io.model import (
    Color,
    DateText,
    Outcome,
    Player,
    Rating,
    RoundResult,
    Tournament,
)

W, B = Color.WHITE, Color.BLACK
OC = Outcome


def r(outcome: Outcome, opponent: int | None = None, color: Color = Color.NONE) -> RoundResult:
    return RoundResult(outcome, opponent, color)


def uscf(start_no: int, name: str, rating: int | None, uscf_id: str, results: list[RoundResult],
         state: str = "") -> Player:
    return Player(
        start_no=start_no,
        name=name,
        results=tuple(results),
        ratings=(Rating("USCF", rating),) if rating else (),
        national_ids=(("USCF", uscf_id),) if uscf_id else (),
        extras={"uscf:state": state} if state else {},
    )


def byes_and_forfeits() -> Tournament:
    """Every bye kind, forfeits both ways, a double forfeit, a late entry, a withdrawal,
    an unrated player and a UTF-8 name (ASCII-safe for DBF: see ``utf8_names``)."""
    players = (
        uscf(1, "Alpha, Anton", 2150, "12345678",
             [r(OC.WIN, 4, W), r(OC.DRAW, 2, B), r(OC.FORFEIT_WIN, 3), r(OC.HALF_BYE)], "MA"),
        uscf(2, "Beta, Berit", 1980, "23456789",
             [r(OC.WIN, 5, B), r(OC.DRAW, 1, W), r(OC.FULL_BYE), r(OC.WIN, 3, W)], "NH"),
        uscf(3, "Gamma, Gus", None, "",
             [r(OC.DRAW, 6, W), r(OC.WIN, 4, B), r(OC.FORFEIT_LOSS, 1), r(OC.LOSS, 2, B)]),
        uscf(4, "Delta, Dirk", 1705, "34567890",
             [r(OC.LOSS, 1, B), r(OC.LOSS, 3, W)], "VT"),  # withdrew after round 2
        uscf(5, "Epsilon, Eve", 1210, "45678901",
             [r(OC.LOSS, 2, W), r(OC.DOUBLE_FORFEIT, 6), r(OC.HALF_BYE), r(OC.DRAW, 7, B)]),
        uscf(6, "Zeta, Zed", 1500, "56789012",
             [r(OC.DRAW, 3, B), r(OC.DOUBLE_FORFEIT, 5), r(OC.FULL_BYE), r(OC.WIN, 8, W)]),
        uscf(7, "Eta, Ede", 1850, "67890123",
             [r(OC.NOT_PAIRED), r(OC.HALF_BYE), r(OC.WIN, 8, B), r(OC.DRAW, 5, W)]),  # late entry
        uscf(8, "Theta, Tim", None, "78901234",
             [r(OC.NOT_PAIRED), r(OC.NOT_PAIRED), r(OC.LOSS, 7, W), r(OC.LOSS, 6, B)]),
    )
    return Tournament(
        name="Spring Swiss",
        section="Open",
        city="Gainesville",
        players=players,
        start_date=DateText.from_date(dt.date(2026, 3, 28)),
        end_date=DateText.from_date(dt.date(2026, 3, 29)),
        time_control="G/90;d5",
        total_rounds=4,
        extras={"uscf:affiliate_id": "A0000001", "uscf:chief_td_id": "90000001"},
    )


def inconsistent_results() -> Tournament:
    """US N/R/S cells (TD-credited results the two sides disagree on) and a forfeit draw."""
    players = (
        uscf(1, "One, Ann", 1600, "11111111",
             [r(OC.INCONSISTENT_WIN, 2, W), r(OC.FORFEIT_DRAW, 3)]),
        uscf(2, "Two, Bob", 1550, "22222222",
             [r(OC.INCONSISTENT_WIN, 1, B), r(OC.INCONSISTENT_DRAW, 4, W)]),
        uscf(3, "Three, Cy", 1500, "33333333",
             [r(OC.INCONSISTENT_LOSS, 4, W), r(OC.FORFEIT_DRAW, 1)]),
        uscf(4, "Four, Di", 1450, "44444444",
             [r(OC.INCONSISTENT_LOSS, 3, B), r(OC.INCONSISTENT_DRAW, 2, B)]),
    )
    return Tournament(
        name="Quad", section="Quad 1", players=players, total_rounds=2,
        start_date=DateText.from_date(dt.date(2026, 5, 2)),
        end_date=DateText.from_date(dt.date(2026, 5, 2)),
        pairing_system="ROUNDROBIN",
    )


def utf8_names() -> Tournament:
    """Non-ASCII names, for formats that keep them (the DBF transliterates)."""
    players = (
        uscf(1, "Åström, Zoë", 1700, "", [r(OC.WIN, 2, W)]),
        uscf(2, "Müller, Jürgen", 1650, "", [r(OC.LOSS, 1, B)]),
        uscf(3, "Øvergård, Łukasz", None, "", [r(OC.PAIRING_BYE)]),
    )
    return Tournament(name="Café Open — 2026", players=players, total_rounds=1)


def csv_only_data() -> Tournament:
    """What the CSV holds beyond the US basics: FIDE data, titles, other rating lists,
    declared points and places, unrated games, pairing and zero-point byes, metadata."""
    players = (
        Player(1, "Carlsen, Magnus", (r(OC.WIN_UNRATED, 2, W), r(OC.PAIRING_BYE)),
               sex="m", title="GM", fide_rating=2830, fide_id="1503014", federation="NOR",
               birth="1990", ratings=(Rating("USCF", 2900), Rating("NOR", 2840)),
               national_ids=(("USCF", "12345678"), ("NOR", "N-77")), team="Norway",
               declared_points=Fraction(2), declared_rank=1,
               extras={"csv:column:Post": "2905", "uscf:state": "NY", "trf:XXA": "x y"}),
        Player(2, "Doe, Jane", (r(OC.LOSS_UNRATED, 1, B), r(OC.ZERO_BYE)),
               sex="f", declared_points=Fraction(0), declared_rank=2),
        Player(3, "Roe, Rick", (r(OC.NOT_PAIRED), r(OC.DRAW_UNRATED, 4, W)),
               declared_points=Fraction(1, 2)),
        Player(4, "Poe, Pat", (r(OC.NOT_PAIRED), r(OC.DRAW_UNRATED, 3, B))),
    )
    return Tournament(
        name="Everything", section="A", players=players, total_rounds=3, city="Reno",
        federation="USA", chief_arbiter="Roe, Richard", deputy_arbiters=("Smith, A", "Jones, B"),
        time_control="G/60", tournament_type="Swiss", pairing_system="US_SWISS",
        round_dates=("2026/01/01", "2026/01/02"), tiebreaks=("MM", "SOLK", "CUM"),
        standings_order=("PTS", "MM"),
        start_date=DateText("1 Jan 2026"), end_date=DateText.from_date(dt.date(2026, 1, 2)),
        extras={"csv:meta:Organizer": "Reno CC", "uscf:affiliate_id": "A1", "trf:XXR": "3"},
    )


def gallery() -> list[Tournament]:
    return [byes_and_forfeits(), inconsistent_results(), utf8_names(), csv_only_data()]
