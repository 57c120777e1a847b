"""Trophies and other non-cash prizes (§1.5, §3.5).

By default items are independent of cash (US 32F/33D): down the ranking (points, then
tie-breaks), each player takes the best-ranked open item he is eligible for; items rank
place items by place, then rating items (higher limit first), then the rest in file
order.  ``one_item_per_player = false`` gives each item, in that order, to the best-ranked
eligible player instead.  An item that follows its cash prize (``items_follow_cash``, US
33D2a; or a FIDE prize without sharing, which travels as one unit) goes to the best-ranked
player sharing that prize.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .model import Entrant
from .money import points_text
from .prizelist import Prize, ordinal
from .result import ItemAward, Pool, Unawarded

Eligible = Callable[[Entrant, Prize], bool]


def follow_cash(pools: Sequence[Pool], follows: Callable[[Prize], bool],
                one_per_player: bool = True) -> list[ItemAward]:
    """Items of cash prizes that go with the money: the pool's items, best first, to its
    sharers in ranking order (one each with ``one_per_player``, else all to the best)."""
    out = []
    for pool in pools:
        sharers = sorted((s.entrant for s in pool.shares), key=lambda e: e.rank)
        items = [p for p in pool.prizes if p.item and follows(p)]
        for k, p in enumerate(items):
            if one_per_player and k >= len(sharers):
                break
            who = sharers[k] if one_per_player else sharers[0]
            shared = "" if len(sharers) == 1 else \
                f", the {'best' if who is sharers[0] else 'next'}-ranked of the players " \
                "sharing it"
            out.append(ItemAward(p, who, f"goes with the cash of {p.label}{shared}"))
    return out


def allocate(ranked: Sequence[Entrant], items: Sequence[Prize], eligible: Eligible,
             one_per_player: bool, holders: set[int]) -> tuple[list[ItemAward], list[Unawarded]]:
    """Give ``items`` by ranking; ``holders`` already have an item (one per player)."""
    order = sorted(items, key=Prize.item_order)
    people = sorted(ranked, key=lambda e: e.rank)
    out: list[ItemAward] = []
    if one_per_player:
        taken = set(holders)
        for e in people:
            if e.start_no in taken:
                continue
            mine = [p for p in order if eligible(e, p)]
            if mine:
                p = mine[0]
                order.remove(p)
                taken.add(e.start_no)
                out.append(ItemAward(p, e, _why(p, e, people, eligible)))
    else:
        for p in list(order):
            winner = next((e for e in people if eligible(e, p)), None)
            if winner is not None:
                order.remove(p)
                out.append(ItemAward(p, winner, _why(p, winner, people, eligible)))
    missing = [Unawarded(p, _unawarded(p, people, eligible)) for p in order]
    return out, missing


def _why(p: Prize, e: Entrant, people: Sequence[Entrant], eligible: Eligible) -> str:
    ahead = [x for x in people if x.rank < e.rank and eligible(x, p)]
    tie = any(x.points == e.points and x.start_no != e.start_no and eligible(x, p)
              for x in people)
    text = f"the best-ranked eligible player without an item ({_rank_text(e)})" if ahead else \
        f"the best-ranked eligible player ({_rank_text(e)})"
    if tie:
        text += ", ahead of tied players on tie-breaks"
    return text + "; items are independent of cash"


def _unawarded(p: Prize, people: Sequence[Entrant], eligible: Eligible) -> str:
    if any(eligible(e, p) for e in people):
        return "every eligible player already holds an item (one item per player)"
    return "no eligible player finished"


def _rank_text(e: Entrant) -> str:
    return f"{ordinal(e.rank)} in the standings, {points_text(e.points)} points"
