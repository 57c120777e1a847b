"""US Chess 32B: tied winners pool their cash prizes (§3.1 of the prize notes).

Score groups are walked from the top (points only, never tie-breaks).  In each:

1. contenders: the members eligible for at least one prize still open;
2. the pool: the most desirable set of open prizes that can go to distinct contenders
   (a transversal matroid: greedy in 32B4 order with one augmenting path per prize),
   at most one prize per contender;
3. caps (amended 32B3): nobody gets more than the largest open prize he could win alone;
4. the pool is split equally, water-filling around the caps;
5. the exception: a sub-group that does better taking only the prizes nobody else in
   the tie can win (a class prize) takes them; the rest are solved again;
8. a per-player limit (``[limits] unrated_max``) pays the limited player the limit; the
   others take the excess up to what they would get without him; the rest is a
   "remainder" prize open to the next score group.

One instance runs one exclusivity pool: a player wins at most one of its prizes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .model import CarveOut, Entrant, EventSettings, LimitExcess, Limits, Rule32B3
from .money import exact_text, money, points_text, round_shares
from .prizelist import Prize
from .result import Pool, Share

Eligible = Callable[[Entrant, Prize], bool]


@dataclass
class _Split:
    """Steps 2-4 for one set of contenders: the prizes pooled and each exact share."""

    members: list[Entrant]
    prizes: list[Prize]
    shares: dict[int, Fraction]
    caps: dict[int, Fraction | None]
    note: str = ""
    remainders: list[Prize] = field(default_factory=list)
    """Money above a per-player limit, open to the next score group (step 8)."""

    @property
    def capped(self) -> set[int]:
        return {n for n, cap in self.caps.items() if cap is not None and self.shares[n] == cap
                and self.shares[n] < self.total / max(1, len(self.members))}

    @property
    def total(self) -> Fraction:
        return sum((p.amount for p in self.prizes), Fraction(0))


class USSplit:
    """The 32B pooled split of one exclusivity pool's prizes."""

    def __init__(self, event: EventSettings, limits: Limits, eligible: Eligible) -> None:
        self.event = event
        self.limits = limits
        self.eligible = eligible

    def money(self, value: Fraction) -> str:
        return money(value, self.event.currency, self.event.unit)

    def run(self, entrants: Sequence[Entrant], prizes: Sequence[Prize],
            limited: Callable[[Entrant], bool]) -> tuple[list[Pool], list[Prize]]:
        """Pools awarded and the prizes left open after the last score group."""
        avail = sorted(prizes, key=Prize.us_order)
        pools: list[Pool] = []
        for points in sorted({e.points for e in entrants}, reverse=True):
            if not avail:
                break
            members = sorted((e for e in entrants if e.points == points), key=_rank)
            splits = self.solve(members, avail)
            splits = self.apply_limit(splits, avail, limited)
            used = {p.key for s in splits for p in s.prizes}
            avail = [p for p in avail if p.key not in used]
            avail += [p for s in splits for p in s.remainders]
            avail.sort(key=Prize.us_order)
            pools += [self.pool(s, points) for s in splits if s.prizes]
        return pools, avail

    # -- steps 1-5 ----------------------------------------------------------------------

    def solve(self, members: Sequence[Entrant], avail: Sequence[Prize]) -> list[_Split]:
        contenders = [m for m in members if any(self.eligible(m, p) for p in avail)]
        if not contenders:
            return []
        base = self.split(contenders, avail)
        best: tuple[tuple[Fraction | int, ...], list[_Split], list[Entrant], str] | None = None
        rejected: list[str] = []
        for group_id, group_index in _groups(avail):
            sub = [c for c in contenders
                   if any(p.group.id == group_id and self.eligible(c, p) for p in avail)]
            if not sub or len(sub) == len(contenders):
                continue
            ids = {c.start_no for c in sub}
            others = [c for c in contenders if c.start_no not in ids]
            only_theirs = [p for p in avail if not any(self.eligible(c, p) for c in others)]
            result = self.solve(sub, only_theirs)
            got = {n: a for s in result for n, a in s.shares.items()}
            gain = sum((got.get(c.start_no, Fraction(0)) - base.shares[c.start_no]
                        for c in sub), Fraction(0))
            if gain <= 0 or not all(got.get(c.start_no, 0) >= base.shares[c.start_no]
                                    for c in sub):
                alone = ", ".join(f"{c.name} {self.money(got.get(c.start_no, Fraction(0)))}"
                                  for c in sub)
                rejected.append(f"No exception for {group_id}: taking only the prizes nobody "
                                f"else in the tie can win would give {alone}, not more than "
                                "the pool")
                continue
            key: tuple[Fraction | int, ...] = (
                (-gain, len(sub), group_index)
                if self.event.carve_out is CarveOut.LARGEST_GAIN else (group_index,))
            if best is None or key < best[0]:
                best = (key, result, sub, group_id)
        if best is None:
            if rejected:
                base.note = " ".join(x for x in (base.note, "; ".join(rejected) + " (32B3).")
                                     if x)
            return [base]
        _, result, sub, group_id = best
        used = {p.key for s in result for p in s.prizes}
        ids = {c.start_no for c in sub}
        others = [c for c in contenders if c.start_no not in ids]
        rest = self.solve(others, [p for p in avail if p.key not in used])
        names = ", ".join(c.name for c in sub)
        full = ", ".join(f"{c.name} {self.money(base.shares[c.start_no])}" for c in sub)
        carve = (f"{names} take only the {group_id} prizes, which nobody else in the tie can "
                 f"win: more than their share of the whole pool ({full}); 32B3 exception.")
        result[0].note = " ".join(x for x in (carve, result[0].note) if x)
        return result + rest

    def split(self, contenders: list[Entrant], avail: Sequence[Prize]) -> _Split:
        skipped: list[Prize] = []
        pool = self.pool_prizes(contenders, avail, skipped)
        caps: dict[int, Fraction | None] = {}
        for c in contenders:
            mine = [p.amount for p in avail if self.eligible(c, p)]
            amended = self.event.rule32b3 is Rule32B3.AMENDED
            caps[c.start_no] = max(mine) if amended and mine else None
        total = sum((p.amount for p in pool), Fraction(0))
        out = _Split(contenders, pool, water_fill(total, caps), caps)
        reasons = []
        if len(pool) == len(contenders) < len(avail) and len(contenders) > 1:
            reasons.append(f"{len(contenders)} players bring at most {len(pool)} prizes, one "
                           "each: the most valuable set they can hold one per player (32B3)")
        for p in skipped:
            takers = ", ".join(c.name for c in contenders if self.eligible(c, p))
            reasons.append(f"{p.label} not pooled: only {takers} can win it, and they "
                           "already bring a more valuable prize")
        out.note = "; ".join(reasons) + "." if reasons else ""
        return out

    def pool_prizes(self, contenders: list[Entrant], avail: Sequence[Prize],
                    skipped: list[Prize] | None = None) -> list[Prize]:
        """Greedy on the transversal matroid: keep a prize if the chosen set can still go
        to distinct eligible contenders (Kuhn's augmenting path).  Prizes passed over
        because their only takers already bring one go to ``skipped``."""
        chosen: list[Prize] = []
        holder: dict[int, int] = {}  # contender index -> chosen prize index

        def augment(prize: int, seen: set[int]) -> bool:
            for ci, c in enumerate(contenders):
                if ci in seen or not self.eligible(c, chosen[prize]):
                    continue
                seen.add(ci)
                if ci not in holder or augment(holder[ci], seen):
                    holder[ci] = prize
                    return True
            return False

        for p in avail:
            if len(chosen) == len(contenders):
                break
            chosen.append(p)
            if not augment(len(chosen) - 1, set()):
                chosen.pop()
                if skipped is not None and any(self.eligible(c, p) for c in contenders):
                    skipped.append(p)
        return chosen

    # -- step 8 -------------------------------------------------------------------------

    def apply_limit(self, splits: list[_Split], avail: Sequence[Prize],
                    limited: Callable[[Entrant], bool]) -> list[_Split]:
        cap = self.limits.unrated_max
        if cap is None:
            return splits
        for s in splits:
            left = Fraction(0)
            for m in [m for m in s.members if limited(m) and s.shares[m.start_no] > cap]:
                excess = s.shares[m.start_no] - cap
                s.shares[m.start_no] = cap
                others = [o for o in s.members if o.start_no != m.start_no]
                without = {n: a for x in self.solve(others, avail) for n, a in x.shares.items()}
                room: dict[int, Fraction] = {}
                for o in others:
                    own_cap = s.caps[o.start_no]
                    alone = without.get(o.start_no, Fraction(0))
                    limit = alone if own_cap is None else min(own_cap, alone)
                    if limited(o):  # another limited player takes no more than the limit
                        limit = min(limit, cap)
                    room[o.start_no] = max(Fraction(0), limit - s.shares[o.start_no])
                extra = water_fill(min(excess, sum(room.values(), Fraction(0))), room)
                for n, a in extra.items():
                    s.shares[n] += a
                rest = excess - sum(extra.values(), Fraction(0))
                line = (f"{m.name} is limited to {self.money(cap)} (unrated limit): "
                        f"{self.money(excess)} above it")
                if extra:
                    line += f"; {self.money(excess - rest)} to the others up to what they " \
                            "would win without him"
                if rest > 0 and self.limits.excess is LimitExcess.NEXT_SCORE_GROUP:
                    left += rest
                    line += f"; {self.money(rest)} stays open for the next score group"
                elif rest > 0:
                    line += f"; {self.money(rest)} withheld (limits excess = withhold)"
                s.note = (s.note + " " if s.note else "") + line + " (§3.1 step 8)."
            s.remainders = self.remainders(s, left)
        return splits

    def remainders(self, s: _Split, left: Fraction) -> list[Prize]:
        """The money a limit left unpaid, as what remains of the pool's prizes, the least
        desirable first (each no larger than its prize, with its prize's eligibility)."""
        out = []
        for p in reversed(s.prizes):
            if left <= 0:
                break
            take = min(left, p.amount)
            out.append(Prize(p.group, p.place, take, take, "", remainder_of=p.label))
            left -= take
        if out:
            s.note += " Open to the next score group: " + ", ".join(
                f"{p.label} {self.money(p.amount)}" for p in out) + "."
        return out

    # -- step 6: the award --------------------------------------------------------------

    def pool(self, s: _Split, points: Fraction) -> Pool:
        ranked = sorted(s.members, key=_rank)
        exact = [s.shares[m.start_no] for m in ranked]
        paid = round_shares(exact, self.event.rounding_mode, self.event.unit)
        capped = s.capped
        shares = tuple(Share(m, x, y, m.start_no in capped)
                       for m, x, y in zip(ranked, exact, paid, strict=True))
        return Pool(tuple(s.prizes), shares, points, self.rule(s),
                    tuple(self.explain(s, shares, points)))

    def rule(self, s: _Split) -> str:
        if len(s.members) == 1:
            return "clear"
        return "32B3" if len(s.prizes) > 1 else "32B2"

    def explain(self, s: _Split, shares: tuple[Share, ...], points: Fraction) -> list[str]:
        names = ", ".join(sh.entrant.name for sh in shares)
        labels = " + ".join(p.label for p in s.prizes)
        amounts = " + ".join(self.money(p.amount) for p in s.prizes)
        pts = points_text(points)
        lines = []
        if len(shares) == 1:
            sh = shares[0]
            lines.append(f"{names} alone on {pts}: {labels} {self.money(sh.exact)}.")
        else:
            head = f"{names} tied on {pts} for {labels}: "
            if len(s.prizes) > 1:
                head += f"{amounts} = {self.money(s.total)} pooled"
            else:
                head += f"{self.money(s.total)}"
            by_amount: dict[Fraction, list[str]] = {}
            for sh in shares:
                by_amount.setdefault(sh.paid, []).append(sh.entrant.name)
            if len(by_amount) == 1:
                head += f", {self.money(shares[0].paid)} each"
            else:
                head += ", " + "; ".join(
                    f"{', '.join(who)} {self.money(paid)}" + (" each" if len(who) > 1 else "")
                    for paid, who in by_amount.items())
            rule = "32B3" if len(s.prizes) > 1 else "32B2"
            lines.append(head + f" ({rule}).")
            for sh in shares:
                if sh.capped:
                    lines.append(f"{sh.entrant.name} capped at {self.money(sh.exact)}, the "
                                 "largest prize they could win with no tie (32B3).")
        if s.note:
            lines.append(s.note)
        lines += rounding_notes(shares, self.event)
        return lines


def rounding_notes(shares: Sequence[Share], event: EventSettings) -> list[str]:
    """Say how a pool's shares were rounded, and what that costs or saves."""
    odd = [sh for sh in shares if sh.exact != sh.paid]
    if not odd:
        return []
    cur = event.currency
    diff = sum((sh.paid - sh.exact for sh in shares), Fraction(0))
    mode = event.rounding_mode.value
    parts = list(dict.fromkeys(f"{exact_text(sh.exact)} → {money(sh.paid, cur, event.unit)}"
                               for sh in odd))
    line = f"Rounding ({mode}, unit {exact_text(event.unit)}): {'; '.join(parts)}"
    if diff > 0:
        line += f"; pays {money(diff, cur, event.unit)} over the pool"
    elif diff < 0:
        line += f"; {money(-diff, cur, event.unit)} of the pool is not paid"
    else:
        line += "; the total equals the pool (the spare units go to the better ranked)"
    return [line + " (§3.4)."]


def water_fill(total: Fraction, caps: Mapping[int, Fraction | None]) -> dict[int, Fraction]:
    """Split ``total`` equally among ``caps``' keys; anyone whose cap is below the equal
    share gets the cap, and the rest is split again (``None`` = no cap)."""
    out: dict[int, Fraction] = {}
    left = total
    pending = sorted(caps, key=lambda n: (caps[n] is None, caps[n] or 0))
    while pending:
        share = left / len(pending)
        n = pending[0]
        cap = caps[n]
        if cap is not None and cap < share:
            out[n] = cap
            left -= cap
            pending.pop(0)
            continue
        for m in pending:
            out[m] = share
        break
    return out


def _groups(avail: Sequence[Prize]) -> list[tuple[str, int]]:
    seen: dict[str, int] = {}
    for p in avail:
        seen.setdefault(p.group.id, p.group.index)
    return list(seen.items())


def _rank(e: Entrant) -> int:
    return e.rank
