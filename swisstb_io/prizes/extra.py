"""Prizes outside the place/class split: points prizes (33E), special prizes given by
hand, and team prizes (§1.8)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .model import Entrant, EventSettings, Group
from .money import money, points_text, round_shares
from .prizelist import Prize
from .result import Pool, Share, TeamAward, Unawarded
from .uscf import rounding_notes


def points_prizes(qualifiers: Sequence[Entrant], prize: Prize, pools: list[Pool],
                  event: EventSettings) -> list[Pool]:
    """Every qualifier gets the points prize; in an exclusivity pool he keeps the larger
    of it and his pooled cash, and the cash he gives up is not split again (§3.1 step 9).
    ``pools`` (the same exclusivity pool's) are updated in place."""
    def cur(v: Fraction) -> str:
        return money(v, event.currency, event.unit)

    out = []
    stacking = prize.group.exclusive == ""
    for e in sorted(qualifiers, key=lambda x: x.rank):
        held = [(i, s) for i, pool in enumerate(pools) for s in pool.shares
                if s.entrant.start_no == e.start_no and not s.given_up]
        cash = sum((s.paid for _, s in held), Fraction(0))
        why = f"{e.name} scored {points_text(e.points)} (needs " \
              f"{points_text(prize.group.min_points or Fraction(0))}): {prize.label} " \
              f"{cur(prize.amount)} (33E)"
        if stacking:
            out.append(Pool((prize,), (Share(e, prize.amount, prize.amount),), e.points,
                            "points", (why + "; a bonus that stacks.",)))
            continue
        if cash >= prize.amount:
            continue  # keeps the pooled cash: noted by the caller as not needed
        for i, s in held:
            pool = pools[i]
            shares = tuple(
                Share(x.entrant, x.exact, x.paid, x.capped,
                      f"gave up for {prize.label} {cur(prize.amount)}")
                if x is s else x for x in pool.shares)
            note = f"{e.name} gives up {cur(s.paid)} of this pool for the larger points " \
                   f"prize {cur(prize.amount)}; it is not split again (§3.1 step 9)."
            pools[i] = Pool(pool.prizes, shares, pool.points, pool.rule,
                            (*pool.explanation, note))
        extra = f"; more than the {cur(cash)} pooled cash given up" if held else ""
        out.append(Pool((prize,), (Share(e, prize.amount, prize.amount),), e.points,
                        "points", (why + extra + ".",)))
    return out


def special_prizes(entrants: Sequence[Entrant], prizes: Sequence[Prize], group: Group,
                   event: EventSettings) -> tuple[list[Pool], list[Unawarded]]:
    """Prizes given by hand (``award_to``: start numbers or names); they stack."""
    pools, missing = [], []
    for p, who in zip(prizes, group.award_to, strict=False):
        hit = [e for e in entrants if (e.start_no == who if isinstance(who, int)
                                       else e.name == who)]
        if not hit:
            missing.append(Unawarded(p, f"award_to names no player {who!r}"))
            continue
        e = hit[0]
        pools.append(Pool((p,), (Share(e, p.amount, p.amount),), None, "special",
                          (f"{e.name}: {p.label} "
                           f"{money(p.amount, event.currency, event.unit)}, awarded by "
                           "hand (special prizes stack).",)))
    return pools, missing


def team_prizes(entrants: Sequence[Entrant], prizes: Sequence[Prize], group: Group,
                event: EventSettings) -> tuple[list[TeamAward], list[Unawarded], list[str]]:
    """Teams score the sum of their best ``count`` members' points (at least
    ``min_members``); tied teams share cash; items go by the counted members' first
    tie-break sum, then the best member's rank."""
    need = group.min_members if group.min_members is not None else group.count
    field = group.team_field.lower()
    teams: dict[str, list[Entrant]] = {}
    for e in entrants:
        name = e.fields.get(field, "")
        if name:
            teams.setdefault(name, []).append(e)
    notes: list[str] = []
    scored = []
    for name, members in teams.items():
        members.sort(key=lambda x: (-x.points, x.rank))
        counted = members[: group.count]
        if len(counted) < need:
            notes.append(f"Team {name}: {len(counted)} member(s), {group.id} needs {need}.")
            continue
        score = sum((m.points for m in counted), Fraction(0))
        tb = sum((m.first_tiebreak or Fraction(0) for m in counted), Fraction(0))
        scored.append((score, tb, counted[0].rank, name, counted))
    scored.sort(key=lambda t: (-t[0], -t[1], t[2], t[3]))
    awards: list[TeamAward] = []
    cash = [p for p in prizes if p.amount > 0]
    start = 0
    while start < len(scored) and start < len(prizes):
        score = scored[start][0]
        tied = [t for t in scored if t[0] == score]
        places = prizes[start: start + len(tied)]
        total = sum((p.amount for p in places), Fraction(0))
        exact = [total / len(tied)] * len(tied)
        paid = round_shares(exact, event.rounding_mode, event.unit)
        for k, (t, x, y) in enumerate(zip(tied, exact, paid, strict=True)):
            item = prizes[start + k].item if start + k < len(prizes) else ""
            counted = t[4]
            sums = " + ".join(points_text(m.points) for m in counted)
            why = f"Team {t[3]}: {sums} = {points_text(score)} points"
            if len(tied) > 1 and total:
                why += f"; tied with {len(tied) - 1} other team(s), " \
                       f"{' + '.join(p.label for p in places)} shared"
            awards.append(TeamAward(tuple(places), t[3], tuple(counted), score, x,
                                    y if total else Fraction(0), item, why + "."))
            rounding = rounding_notes([Share(counted[0], x, y)], event) if total else []
            notes += rounding
        start += len(tied)
    missing = [Unawarded(p, "no team qualified for it") for p in prizes[start:]
               if p in cash or p.item]
    return awards, missing, notes
