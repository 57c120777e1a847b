"""European practice: prizes by strict ranking, then optional sharing (§3.2, §3.3).

1. Serial assignment, one exclusivity pool at a time: down the ranking, each player takes
   the most valuable open prize he is eligible for (cash plus the item's ``value``, then
   ``priority``, file order, place).  A prize of an ``on_vacate = "lapse"`` group whose
   best candidate took something better is not paid (Basel); otherwise it passes down.
2. Sharing, per group (``sharing = "equal" | "hort"``): the holders of the group's prizes,
   partitioned by points, share their nominal prizes: equally (T/n each) or by the Hort
   system (own/2 + T/(2n)).  With ``share_beyond_last`` (default for equal), players tied
   with the holder of the group's last prize and holding no prize of the pool join that
   partition with own = 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from .model import Entrant, EventSettings, Group, OnVacate, Sharing
from .money import exact_text, money, points_text, round_shares
from .prizelist import Prize
from .result import Pool, Share, Unawarded
from .uscf import rounding_notes

Eligible = Callable[[Entrant, Prize], bool]


def serial_assignment(
    ranked: Sequence[Entrant], prizes: Sequence[Prize], eligible: Eligible
) -> tuple[list[tuple[Entrant, Prize]], list[Unawarded], dict[int, Prize]]:
    """(who took what in ranking order, lapsed prizes, the best prize each taker passed
    over in another group)."""
    open_ = sorted(prizes, key=Prize.fide_order)
    taken: list[tuple[Entrant, Prize]] = []
    lapsed: list[Unawarded] = []
    passed: dict[int, Prize] = {}
    for e in sorted(ranked, key=lambda x: x.rank):
        mine = [p for p in open_ if eligible(e, p)]
        if not mine:
            continue
        best = mine[0]
        taken.append((e, best))
        open_.remove(best)
        other = [p for p in mine[1:] if p.group.id != best.group.id]
        if other:
            passed[e.start_no] = other[0]
        for p in _first_per_group(mine[1:]):
            if p.group.on_vacate is OnVacate.LAPSE and p.group.id != best.group.id:
                open_.remove(p)
                lapsed.append(Unawarded(p, f"lapsed: its best candidate {e.name} took "
                                           f"{best.label} (on_vacate = lapse)"))
    return taken, lapsed, passed


def _first_per_group(prizes: Sequence[Prize]) -> list[Prize]:
    seen: set[str] = set()
    out = []
    for p in prizes:
        if p.group.id not in seen:
            seen.add(p.group.id)
            out.append(p)
    return out


class FideSharing:
    """Turns the serial assignment of one exclusivity pool into paid pools."""

    def __init__(self, event: EventSettings, eligible_group: Callable[[Entrant, Group], bool]):
        self.event = event
        self.eligible_group = eligible_group
        self.notes: list[str] = []

    def money(self, value: Fraction) -> str:
        return money(value, self.event.currency, self.event.unit)

    def sharing(self, group: Group) -> Sharing:
        return group.sharing or self.event.sharing

    def pools(self, taken: list[tuple[Entrant, Prize]], ranked: Sequence[Entrant],
              passed: dict[int, Prize]) -> list[Pool]:
        out: list[Pool] = []
        holders = {e.start_no for e, _ in taken}
        by_group: dict[str, list[tuple[Entrant, Prize]]] = {}
        for e, p in taken:
            if p.amount > 0:
                by_group.setdefault(p.group.id, []).append((e, p))
        # the most valuable group first: a player tied beyond the last prize of two groups
        # joins the first (holders grows as they join)
        for held in sorted(by_group.values(), key=lambda h: min(p.fide_order() for _, p in h)):
            group = held[0][1].group
            mode = self.sharing(group)
            if mode is Sharing.NONE:
                for e, p in held:
                    lines = (f"{e.name} ({ordinal_rank(e)}) takes {p.label} "
                             f"{self.money(p.amount)}: the best open prize they can win, by "
                             "ranking (no sharing).", *self.choice(e, p, taken, passed))
                    out.append(Pool((p,), (Share(e, p.amount, p.amount),), e.points, "ranking",
                                    lines))
                continue
            for pool in self.shared(group, mode, held, ranked, holders, passed):
                extra = [line for sh in pool.shares for p in pool.prizes
                         if any(x is sh.entrant and y is p for x, y in taken)
                         for line in self.choice(sh.entrant, p, taken, passed)]
                out.append(Pool(pool.prizes, pool.shares, pool.points, pool.rule,
                                (*pool.explanation, *extra)))
        return out

    def choice(self, e: Entrant, p: Prize, taken: list[tuple[Entrant, Prize]],
               passed: dict[int, Prize]) -> list[str]:
        """Why ``e`` holds ``p``: what he passed over, and whom it passed down from."""
        lines = []
        other = passed.get(e.start_no)
        if other is not None:
            lines.append(f"{e.name}: {p.label} ({self.money(p.value())}) is worth more than "
                         f"{other.label} ({self.money(other.value())}), which they could "
                         "also win; one prize per player.")
        above = [x.name for x, y in taken if x.rank < e.rank and y.group.id != p.group.id
                 and self.eligible_group(x, p.group)]
        if above and p.place == 1:
            lines.append(f"{p.label} passes down to {e.name}: {', '.join(above)}, ranked "
                         "higher and eligible, took a more valuable prize.")
        return lines

    def shared(self, group: Group, mode: Sharing, held: list[tuple[Entrant, Prize]],
               ranked: Sequence[Entrant], holders: set[int],
               passed: dict[int, Prize]) -> list[Pool]:
        beyond = group.share_beyond_last
        if beyond is None:
            beyond = mode is Sharing.EQUAL
        parts: dict[Fraction, list[tuple[Entrant, Prize | None]]] = {}
        for e, p in held:
            parts.setdefault(e.points, []).append((e, p))
        last = max(held, key=lambda ep: ep[1].place)
        if beyond and last[1].place == len(group.cash):
            for e in ranked:
                if (e.points == last[0].points and e.start_no not in holders
                        and self.eligible_group(e, group)):
                    parts[e.points].append((e, None))
                    holders.add(e.start_no)
        out = []
        for points, members in parts.items():
            members.sort(key=lambda ep: ep[0].rank)
            prizes = tuple(p for _, p in members if p is not None)
            total = sum((p.amount for p in prizes), Fraction(0))
            n = len(members)
            exact = []
            for _, held_prize in members:
                own = held_prize.amount if held_prize is not None else Fraction(0)
                exact.append(total / n if mode is Sharing.EQUAL else own / 2 + total / (2 * n))
            paid = round_shares(exact, self.event.rounding_mode, self.event.unit)
            shares = tuple(Share(e, x, y) for (e, _), x, y in zip(members, exact, paid,
                                                                  strict=True))
            lines = [self.explain(mode, group, members, total, shares, points)]
            lines += rounding_notes(shares, self.event)
            for sh in shares:
                other = passed.get(sh.entrant.start_no)
                if other is not None and sh.paid < other.amount:
                    lines.append(f"Warning: {sh.entrant.name}'s share {self.money(sh.paid)} "
                                 f"is below {other.label} {self.money(other.amount)}, which "
                                 "he passed over on nominal values (§3.3 step 4, §7.4).")
            rule = "clear" if n == 1 else mode.value
            out.append(Pool(prizes, shares, points, rule, tuple(lines)))
        return out

    def explain(self, mode: Sharing, group: Group, members: list[tuple[Entrant, Prize | None]],
                total: Fraction, shares: tuple[Share, ...], points: Fraction) -> str:
        n = len(members)
        labels = " + ".join(p.label for _, p in members if p is not None)
        if n == 1:
            e, p = members[0]
            return f"{e.name} alone on {points_text(points)}: {labels} " \
                   f"{self.money(total)}."
        head = (f"{', '.join(e.name for e, _ in members)} tied on {points_text(points)} "
                f"share {labels} = {self.money(total)}")
        if mode is Sharing.EQUAL:
            return head + f" equally: {exact_text(total / n)} each (sharing = equal)."
        parts = []
        for (e, p), sh in zip(members, shares, strict=True):
            own = p.amount if p is not None else Fraction(0)
            parts.append(f"{e.name} {exact_text(own / 2)} + {exact_text(total / (2 * n))} "
                         f"= {exact_text(sh.exact)}")
        return head + " by the Hort system, half of the own prize plus an equal part of " \
                      f"the other half: {'; '.join(parts)} (sharing = hort)."


def ordinal_rank(e: Entrant) -> str:
    from .prizelist import ordinal

    return ordinal(e.rank)
