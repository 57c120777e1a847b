"""Small events for the rating-change tests, built from the model: players with their
ratings and birth dates, and games as (round, white, black, result)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from swisstb_io.model import (
    Color,
    DateText,
    Outcome,
    Player,
    Rating,
    RoundResult,
    Tournament,
)

RESULTS = {
    "1-0": (Outcome.WIN, Outcome.LOSS),
    "0-1": (Outcome.LOSS, Outcome.WIN),
    "=": (Outcome.DRAW, Outcome.DRAW),
    "+-": (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    "-+": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    "W-L": (Outcome.WIN_UNRATED, Outcome.LOSS_UNRATED),
}

Entry = tuple[int, int | None, str]
"""(start number, rating or None, birth text)."""
GameSpec = tuple[int, int, int, str]
"""(round, white, black, result: 1-0 0-1 = +- -+ W-L)."""


def event(players: Sequence[Entry], games: Sequence[GameSpec], *,
          start: str | None = "2026-03-07", end: str | None = None, uscf: bool = False,
          byes: Sequence[tuple[int, int, Outcome]] = ()) -> Tournament:
    """An event; ``uscf``: the ratings are US Chess ratings (else FIDE ratings)."""
    rounds = max([g[0] for g in games] + [b[0] for b in byes] + [1])
    cells: dict[int, list[RoundResult]] = {p[0]: [RoundResult(Outcome.NOT_PAIRED)] * rounds
                                           for p in players}
    for rnd, white, black, result in games:
        a, b = RESULTS[result]
        cells[white][rnd - 1] = RoundResult(a, black, Color.WHITE)
        cells[black][rnd - 1] = RoundResult(b, white, Color.BLACK)
    for rnd, who, outcome in byes:
        cells[who][rnd - 1] = RoundResult(outcome)
    out = []
    for sn, rating, birth in players:
        out.append(Player(sn, f"Player {sn}", tuple(cells[sn]), birth=birth,
                          fide_rating=None if uscf else rating,
                          ratings=(Rating("USCF", rating),) if uscf and rating else ()))

    def date(text: str | None) -> DateText | None:
        return None if text is None else DateText(text, dt.date.fromisoformat(text))

    return Tournament("Test event", tuple(out), start_date=date(start), end_date=date(end),
                      total_rounds=rounds)


def one_player(rating: int | None, birth: str, opponents: Sequence[tuple[int | None, str]],
               *, start: str | None = "2026-03-07", end: str | None = None,
               uscf: bool = False) -> Tournament:
    """Player 1 meets ``opponents`` (rating, result from player 1's side) one a round;
    the opponents are players 2, 3, … (born 1980)."""
    players: list[Entry] = [(1, rating, birth)]
    games: list[GameSpec] = []
    for n, (opp, result) in enumerate(opponents, 2):
        players.append((n, opp, "1980"))
        games.append((n - 1, 1, n, result))
    return event(players, games, start=start, end=end, uscf=uscf)
