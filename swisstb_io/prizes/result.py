"""What a prize calculation produces: pools of shared cash, items, team prizes, prizes
not awarded, and one explanation line per decision (§3.6)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from .model import Entrant, PrizeFile
from .money import FundScale
from .prizelist import Prize


@dataclass(frozen=True)
class Share:
    """One player's part of a pool."""

    entrant: Entrant
    exact: Fraction
    """The exact share before rounding."""
    paid: Fraction
    capped: bool = False
    given_up: str = ""
    """Why the share is not paid after all (a larger points prize, §3.1 step 9)."""


@dataclass(frozen=True)
class Pool:
    """Cash prizes awarded together and the players who share them."""

    prizes: tuple[Prize, ...]
    shares: tuple[Share, ...]
    points: Fraction | None
    """The score group (``None`` for prizes that are not by score, e.g. special)."""
    rule: str
    """Why they share: ``32B3`` pooled, ``clear`` one winner, ``hort``, ``equal``…"""
    explanation: tuple[str, ...] = ()

    @property
    def total(self) -> Fraction:
        return sum((p.amount for p in self.prizes), Fraction(0))

    @property
    def paid(self) -> Fraction:
        return sum((s.paid for s in self.shares if not s.given_up), Fraction(0))


@dataclass(frozen=True)
class ItemAward:
    prize: Prize
    entrant: Entrant
    why: str


@dataclass(frozen=True)
class TeamAward:
    """A team prize (or tied teams' share of pooled team prizes)."""

    prizes: tuple[Prize, ...]
    team: str
    members: tuple[Entrant, ...]
    """The counted members, best first."""
    score: Fraction
    exact: Fraction
    paid: Fraction
    item: str
    why: str


@dataclass(frozen=True)
class Unawarded:
    prize: Prize
    reason: str
    item: bool = False
    """The prize's item (not its cash) was not given."""


@dataclass(frozen=True)
class Option:
    """A setting that resolves a point the rules leave open (§7), named in the output."""

    name: str
    value: str
    default: bool
    about: str


@dataclass(frozen=True)
class PrizeResult:
    prize_file: PrizeFile
    entrants: tuple[Entrant, ...]
    """Everyone in the standings, best first."""
    scale: FundScale
    pools: tuple[Pool, ...]
    items: tuple[ItemAward, ...]
    teams: tuple[TeamAward, ...]
    unawarded: tuple[Unawarded, ...]
    explanations: tuple[str, ...]
    player_notes: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    options: tuple[Option, ...] = ()

    owed: Fraction = Fraction(0)
    """The fund: every cash prize at its paid amount (after based-on); points prizes are
    paid per qualifier and counted as awarded."""

    @property
    def announced(self) -> Fraction:
        return self.scale.announced

    @property
    def paid(self) -> Fraction:
        return (sum((p.paid for p in self.pools), Fraction(0))
                + sum((t.paid for t in self.teams), Fraction(0)))

    def cash(self, start_no: int) -> Fraction:
        return sum((s.paid for _, s in self._won_by_player.get(start_no, ()) if not s.given_up),
                   Fraction(0))

    def won(self, start_no: int) -> list[tuple[Pool, Share]]:
        return list(self._won_by_player.get(start_no, ()))

    def items_of(self, start_no: int) -> list[ItemAward]:
        return list(self._items_by_player.get(start_no, ()))

    @cached_property
    def _won_by_player(self) -> dict[int, list[tuple[Pool, Share]]]:
        """Every share by its winner's start number, in pool order (built once: a prize
        shared by thousands of tied players made the per-player lists quadratic)."""
        out: dict[int, list[tuple[Pool, Share]]] = {}
        for pool in self.pools:
            for s in pool.shares:
                out.setdefault(s.entrant.start_no, []).append((pool, s))
        return out

    @cached_property
    def _items_by_player(self) -> dict[int, list[ItemAward]]:
        out: dict[int, list[ItemAward]] = {}
        for a in self.items:
            out.setdefault(a.entrant.start_no, []).append(a)
        return out
