"""The single prizes of a prize file, with what they pay and their order of desirability.

A :class:`Prize` is one place of one group: its cash (after a based-on fund scales it,
§3.0 step 2) and its item.  The US order (§3.0 step 4, 32B4): amount, then a place prize
before a rating prize (higher top limit, then higher floor, first) before any other
restricted prize, then ``priority``, file order and place.  The FIDE order (§3.2): value
(cash plus the item's ``value``), then ``priority``, file order and place.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .model import Group, Kind

_NO_LIMIT = 10**9


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True)
class Prize:
    """Place ``place`` (1-based) of ``group``."""

    group: Group
    place: int
    amount: Fraction
    """Cash paid for it (the advertised amount scaled by a based-on fund)."""
    advertised: Fraction
    item: str = ""
    remainder_of: str = ""
    """Set on the money left over by a per-player limit (§3.1 step 8)."""

    @property
    def label(self) -> str:
        base = f"{ordinal(self.place)} {self.group.id}"
        return f"remainder of {self.remainder_of}" if self.remainder_of else base

    @property
    def key(self) -> tuple[str, int, str]:
        return (self.group.id, self.place, self.remainder_of)

    def precedence(self) -> tuple[int, int, int]:
        """32B4 among equal amounts: place, then rating prizes (higher top limit, then
        higher floor), then other restricted prizes."""
        g = self.group
        if g.kind is Kind.PLACE:
            return (0, 0, 0)
        if g.kind is Kind.UNDER and g.below is not None:
            return (1, -g.below, 0)
        if g.kind is Kind.CLASS and g.max is not None and g.min is not None:
            return (1, -(g.max + 1), -g.min)
        return (2, 0, 0)

    def us_order(self) -> tuple[Fraction, int, int, int, int, int, int, str]:
        return (-self.amount, *self.precedence(), self.group.priority, self.group.index,
                self.place, self.remainder_of)

    def value(self) -> Fraction:
        """Cash plus the declared value of the item (FIDE comparisons, §3.2)."""
        return self.amount + self.group.value_at(self.place)

    def fide_order(self) -> tuple[Fraction, int, int, int, str]:
        return (-self.value(), self.group.priority, self.group.index, self.place,
                self.remainder_of)

    def item_order(self) -> tuple[int, int, int, int, int]:
        """§3.5: place items by place, then rating items (higher limit first), then the
        others, then file order."""
        cls, top, floor = self.precedence()
        if cls == 0:
            return (0, self.place, 0, 0, self.group.index)
        return (cls, top, floor, self.group.index, self.place)


def group_prizes(group: Group, factor: Fraction, unit: Fraction) -> list[Prize]:
    """Every place of ``group``; cash scaled by ``factor`` and rounded half-up to ``unit``."""
    from .money import round_half_up

    out = []
    for place in range(1, group.places + 1):
        advertised = group.cash_at(place)
        amount = advertised if factor == 1 else round_half_up(advertised * factor, unit)
        out.append(Prize(group, place, amount, advertised, group.item_at(place)))
    return out
