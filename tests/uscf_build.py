"""Build small tournaments from US wall-chart notation (test helper for the tie-break tests).

``wallchart({1: ("A", 1800, "W2w W5b D4w W3w"), ...})``: one cell per round, ``W``/``D``/``L``
plus the opponent's start number and an optional colour ``w``/``b``; ``X7``/``F7`` forfeit
win/loss against 7; ``B`` full-point bye, ``P`` pairing bye, ``H`` half-point bye, ``U``
zero-point bye, ``-`` not paired.  The opponent's cell is not derived: write both sides.
"""

from __future__ import annotations

from collections.abc import Mapping

from swisstb_io.model import Color, Outcome, Player, Rating, RoundResult, Tournament

_LETTERS = {
    "W": Outcome.WIN,
    "D": Outcome.DRAW,
    "L": Outcome.LOSS,
    "X": Outcome.FORFEIT_WIN,
    "F": Outcome.FORFEIT_LOSS,
    "B": Outcome.FULL_BYE,
    "P": Outcome.PAIRING_BYE,
    "H": Outcome.HALF_BYE,
    "U": Outcome.ZERO_BYE,
    "-": Outcome.NOT_PAIRED,
}


def cell(text: str) -> RoundResult:
    outcome = _LETTERS[text[0]]
    rest = text[1:]
    color = Color.NONE
    if rest and rest[-1] in "wb":
        color = Color.WHITE if rest[-1] == "w" else Color.BLACK
        rest = rest[:-1]
    opponent = int(rest) if rest else None
    return RoundResult(outcome, opponent, color)


def wallchart(
    rows: Mapping[int, tuple[str, int | None, str]],
    rounds: int | None = None,
    uscf: bool = True,
    pairing_system: str = "",
) -> Tournament:
    players = []
    for sn, (name, rating, cells) in rows.items():
        results = tuple(cell(c) for c in cells.split())
        if uscf:
            ratings = (Rating("USCF", rating),) if rating else ()
            players.append(Player(sn, name, results, ratings=ratings))
        else:
            players.append(Player(sn, name, results, fide_rating=rating))
    return Tournament(
        name="test", players=tuple(players), total_rounds=rounds, pairing_system=pairing_system
    )


#: rules-uscf.md §5 T1: 4 rounds, 5 players with byes, a forfeit and a withdrawal.
T1 = {
    1: ("A", 1800, "W2w W5b D4w W3b"),
    2: ("B", 1600, "L1b W3w B D4w"),
    3: ("C", 1500, "D4w L2b X5 L1w"),
    4: ("D", 1400, "D3b B D1b D2b"),
    5: ("E", 1200, "B L1w F3 -"),
}


def with_opponent_scores(
    mains: Mapping[int, list[tuple[str, str]]], rounds: int
) -> Tournament:
    """A consistent tournament in which main player ``sn`` meets, in round k, an opponent
    whose final score (all rounds played, so adjusted = final) is given.

    ``mains[sn] = [("W", "3"), ("L", "5"), …]``: the main player's result and the opponent's
    final score per round.  Opponents reach their score against one-game filler players.
    """
    from fractions import Fraction

    rows: dict[int, list[str]] = {}
    names: dict[int, str] = {}
    next_no = max(mains) + 1
    flip = {"W": "L", "L": "W", "D": "D"}
    gained = {"W": Fraction(1), "L": Fraction(0), "D": Fraction(1, 2)}
    for sn, games in mains.items():
        rows[sn] = []
        names[sn] = f"Main{sn}"
        for k, (res, score) in enumerate(games):
            opp = next_no
            next_no += 1
            names[opp] = f"Opp{opp}"
            rows[sn].append(f"{res}{opp}{'w' if k % 2 else 'b'}")
            cells = ["-"] * rounds
            cells[k] = f"{flip[res]}{sn}{'b' if k % 2 else 'w'}"
            need = Fraction(score) - gained[flip[res]]
            others = [r for r in range(rounds) if r != k]
            assert 0 <= need <= len(others), (sn, k, score)
            for r in others:
                filler = next_no
                next_no += 1
                names[filler] = f"Fill{filler}"
                res_o = "W" if need >= 1 else "D" if need == Fraction(1, 2) else "L"
                need -= gained[res_o]
                cells[r] = f"{res_o}{filler}w"
                fill = ["-"] * rounds
                fill[r] = f"{flip[res_o]}{opp}b"
                rows[filler] = fill
            rows[opp] = cells
    return wallchart(
        {sn: (names[sn], None, " ".join(cells)) for sn, cells in sorted(rows.items())},
        rounds=rounds,
    )
