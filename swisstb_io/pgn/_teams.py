"""Whether a PGN event is a team event, and its teams in board order
(formats/pgn/README.md).

PGN writers put a player's club in ``WhiteTeam``/``BlackTeam`` in an individual open, and
the player's team in a team event (an Olympiad broadcast); the file never says which.  A
club is not a team unless the file shows a team event, and its games show it when every
player has a team and, in every round, the games are matches:

* every game is between players of two different teams (games against ``BYE`` aside);
* each team meets one other team in the round, on two boards or more;
* when the games give their boards (``Round "3.2"`` or ``Board``), the boards of a match
  follow each other (no gap, none twice): a match is played on consecutive boards.

Otherwise the ``…Team`` tags are the players' clubs, on the players only.

A team's members are listed in board order (the order the team standings read boards
in): an order that keeps the boards of every match it played, where its matches leave
it open the lower board a member played first, then the lower start number.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Sequence

from ..model import Player, Team

Placed = tuple[int, int, int, int | None]
"""A game of two players: its round, White's and Black's start numbers and its board
(``None`` when the file does not give it)."""


def team_event(players: Sequence[Player], placed: Sequence[Placed]) -> tuple[Team, ...]:
    """The teams when the games make the event a team event (the rule above), else
    ``()``."""
    team_of = {p.start_no: p.team for p in players}
    if not placed or not all(team_of.values()):
        return ()
    opponent: dict[tuple[int, str], str] = {}
    matches: dict[tuple[int, str], list[tuple[int | None, int, int, str]]] = {}
    """(round, one of the teams) -> the match's games: board, order in the file, the
    player of that team and their team."""
    for order, (rnd, w, b, board) in enumerate(placed):
        tw, tb = team_of[w], team_of[b]
        if tw == tb or opponent.setdefault((rnd, tw), tb) != tb or (
                opponent.setdefault((rnd, tb), tw) != tw):
            return ()
        for sn, team in ((w, tw), (b, tb)):
            matches.setdefault((rnd, team), []).append((board, order, sn, team))
    if not all(_is_a_match(games) for games in matches.values()):
        return ()
    line_ups: dict[str, list[list[int]]] = {}
    for games in matches.values():
        games.sort(key=lambda g: (g[0] is None, g[0] or 0, g[1]))
        line_ups.setdefault(games[0][3], []).append([sn for _, _, sn, _ in games])
    members: dict[str, list[int]] = {}
    for p in players:
        members.setdefault(p.team, []).append(p.start_no)
    return tuple(Team(name, tuple(_board_order(sns, line_ups.get(name, []))))
                 for name, sns in members.items())


def _is_a_match(games: list[tuple[int | None, int, int, str]]) -> bool:
    """Two boards or more, consecutive when the file gives them."""
    boards = [board for board, _, _, _ in games]
    if len(boards) < 2:
        return False
    if None in boards:
        return True
    low = min(b for b in boards if b is not None)
    return sorted(b for b in boards if b is not None) == list(range(low, low + len(boards)))


def _board_order(members: list[int], line_ups: list[list[int]]) -> list[int]:
    """``members`` (start numbers) in an order that keeps each line-up's (a match's
    players of the team, board by board); where the line-ups leave it open, the lower
    board a member played first, then the lower start number.  Members the line-ups put
    in a circle (boards that contradict each other) follow in that order."""
    below: dict[int, set[int]] = {sn: set() for sn in members}
    above_count = dict.fromkeys(members, 0)
    best_board: dict[int, int] = {}
    for line_up in line_ups:
        for board, sn in enumerate(line_up, 1):
            best_board[sn] = min(board, best_board.get(sn, board))
        for upper, lower in itertools.pairwise(line_up):
            if lower not in below[upper]:
                below[upper].add(lower)
                above_count[lower] += 1

    def key(sn: int) -> tuple[int, int]:
        return best_board.get(sn, len(members) + 1), sn

    ready = [(key(sn), sn) for sn in members if not above_count[sn]]
    heapq.heapify(ready)
    order: list[int] = []
    while ready:
        _, sn = heapq.heappop(ready)
        order.append(sn)
        for lower in below[sn]:
            above_count[lower] -= 1
            if not above_count[lower]:
                heapq.heappush(ready, (key(lower), lower))
    if len(order) < len(members):
        done = set(order)
        order.extend(sorted((sn for sn in members if sn not in done), key=key))
    return order


__all__ = ["Placed", "team_event"]
