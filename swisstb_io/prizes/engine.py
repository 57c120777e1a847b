"""One prize calculation: entrants (§3.0), amounts, the split of each exclusivity pool,
points, special and team prizes, items, and what was not awarded."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from .eligibility import ineligible
from .extra import points_prizes, special_prizes, team_prizes
from .fide import FideSharing, serial_assignment
from .items import allocate, follow_cash
from .model import (
    CarveOut,
    Entrant,
    Group,
    Kind,
    LimitExcess,
    Rule32B3,
    Sharing,
    System,
)
from .model import PrizeFile as PrizeFileModel
from .money import fund_scale, money, points_text
from .prizelist import Prize, group_prizes
from .result import ItemAward, Option, Pool, PrizeResult, TeamAward, Unawarded
from .uscf import USSplit

_DROPPED_TAGS = ("house", "replaced", "absent")
_INDIVIDUAL = (Kind.PLACE, Kind.UNDER, Kind.CLASS, Kind.UNRATED, Kind.CRITERIA)


def award(entrants: Sequence[Entrant], pf: PrizeFileModel) -> PrizeResult:
    """Distribute the prizes of ``pf`` over ``entrants`` (the final standings)."""
    return _Calculation(entrants, pf).run()


class _Calculation:
    def __init__(self, entrants: Sequence[Entrant], pf: PrizeFileModel) -> None:
        self.pf = pf
        self.event = pf.event
        self.ranked = sorted(entrants, key=lambda e: e.rank)
        self.notes: list[str] = []
        self.player_notes: dict[int, list[str]] = {}
        self.reasons: dict[tuple[int, str], str | None] = {}
        counted = [e for e in self.ranked if not (e.tags & set(_DROPPED_TAGS))]
        self.counted = counted  # all but house players, replaced and absent entries
        self.present = [e for e in counted
                        if self.event.withdrawn_eligible or not e.withdrawn]
        present = {e.start_no for e in self.present}
        kept = {e.start_no for e in counted}
        for e in self.ranked:
            if e.start_no not in present:
                why = ("a house player, a replaced entry or absent from the prize-giving"
                       if e.start_no not in kept else
                       "did not complete the tournament (32C1; withdrawn_eligible = false)")
                self.note_player(e, f"not eligible for prizes: {why}")
        individual = [g for g in pf.groups if g.kind is not Kind.POINTS]
        announced = sum((c for g in individual for c in g.cash), Fraction(0))
        paying = sum(1 for e in self.ranked if "house" not in e.tags)
        entries = pf.fund.entries if pf.fund.entries is not None else paying
        self.scale = fund_scale(pf.fund, announced, entries)

    def money(self, value: Fraction) -> str:
        return money(value, self.event.currency, self.event.unit)

    def note_player(self, e: Entrant, text: str) -> None:
        self.player_notes.setdefault(e.start_no, []).append(text)

    def why_not(self, e: Entrant, group: Group) -> str | None:
        key = (e.start_no, group.id)
        if key not in self.reasons:
            self.reasons[key] = ineligible(e, group, self.event)
        return self.reasons[key]

    def eligible(self, e: Entrant, p: Prize) -> bool:
        return self.why_not(e, p.group) is None

    def prizes(self, g: Group) -> list[Prize]:
        factor = Fraction(1) if g.id in self.pf.fund.guaranteed else self.scale.factor
        return group_prizes(g, factor, self.event.unit)

    # -- the run ------------------------------------------------------------------------

    def run(self) -> PrizeResult:
        self.notes.append(f"Fund: {self.scale.note}.")
        pools: list[Pool] = []
        items: list[ItemAward] = []
        teams: list[TeamAward] = []
        unawarded: list[Unawarded] = []
        groups = [g for g in self.pf.groups if self.enough_eligible(g, unawarded)]
        by_pool: dict[str, list[Group]] = {}
        for g in groups:
            if g.kind in _INDIVIDUAL:
                by_pool.setdefault(g.exclusive or f"#{g.id}", []).append(g)
        item_prizes: list[Prize] = []
        team_notes: list[str] = []
        for pool_groups in by_pool.values():
            made, left, follow = self.split_pool(pool_groups)
            exclusive = pool_groups[0].exclusive
            points = [g for g in groups if g.kind is Kind.POINTS and exclusive != ""
                      and g.exclusive == exclusive]
            for g in points:
                made += self.points_group(g, made)
            pools += made
            unawarded += left
            items += follow
        for g in groups:
            if g.kind is Kind.POINTS and (g.exclusive == "" or g.exclusive not in by_pool):
                pools += self.points_group(g, [])
            elif g.kind is Kind.SPECIAL:
                made_special, missing = special_prizes(self.ranked, self.prizes(g), g,
                                                       self.event)
                pools += made_special
                unawarded += missing
            elif g.kind is Kind.TEAM:
                made_teams, missing, notes = team_prizes(self.counted, self.prizes(g), g,
                                                         self.event)
                teams += made_teams
                unawarded += missing
                team_notes += [t.why for t in made_teams] + notes
        followed = {a.prize.key for a in items}
        for g in groups:
            if g.kind in _INDIVIDUAL or g.kind is Kind.POINTS:
                item_prizes += [p for p in self.prizes(g) if p.item and p.key not in followed]
        holders = {a.entrant.start_no for a in items} if self.event.one_item_per_player \
            else set()
        given, missing_items = allocate(self.present, item_prizes, self.eligible,
                                        self.event.one_item_per_player, holders)
        items += given
        unawarded += [Unawarded(u.prize, u.reason, item=True) for u in missing_items]
        for pool in pools:
            self.notes += pool.explanation
        self.notes += team_notes
        for a in items:
            self.notes.append(f"{a.entrant.name} takes the {a.prize.item} ({a.prize.label}): "
                              f"{a.why}.")
        for u in unawarded:
            what = f"the {u.prize.item} ({u.prize.label})" if u.item else \
                f"{u.prize.label} {self.money(u.prize.amount)}"
            self.notes.append(f"{what} not awarded: {u.reason}.")
        self.explain_nothing(pools, items)
        owed = sum((p.amount for g in groups if g.kind is not Kind.POINTS
                    for p in self.prizes(g)), Fraction(0))
        owed += sum((p.paid for pool in pools if pool.rule == "points" for p in pool.shares),
                    Fraction(0))
        return PrizeResult(
            prize_file=self.pf, entrants=tuple(self.ranked), scale=self.scale,
            pools=tuple(pools), items=tuple(items), teams=tuple(teams),
            unawarded=tuple(unawarded), explanations=tuple(self.notes),
            player_notes={k: tuple(v) for k, v in self.player_notes.items()},
            options=self.options(), owed=owed,
        )

    def enough_eligible(self, g: Group, unawarded: list[Unawarded]) -> bool:
        if g.min_eligible <= 0:
            return True
        n = sum(1 for e in self.present if self.why_not(e, g) is None)
        if n >= g.min_eligible:
            return True
        for p in self.prizes(g):
            unawarded.append(Unawarded(p, f"only {n} eligible entrant(s); the group needs "
                                          f"{g.min_eligible} (min_eligible)"))
        return False

    def split_pool(self, groups: list[Group]) -> tuple[list[Pool], list[Unawarded],
                                                         list[ItemAward]]:
        prizes = [p for g in groups for p in self.prizes(g)]
        cash = [p for p in prizes if p.amount > 0]
        if self.event.system is System.USCF:
            us = USSplit(self.event, self.pf.limits, self.eligible)
            pools, left = us.run(self.present, cash, self.limited)
            not_given = [Unawarded(p, self.unawarded_reason(p, pools)) for p in left
                         if not p.remainder_of] + self.remainders(left)
            self.explain_skipped(cash, pools, not_given)
            follows = self.event.items_follow_cash
            followed = follow_cash(pools, lambda p: follows,
                                   self.event.one_item_per_player) if follows else []
            return pools, not_given, followed
        valued = [p for p in prizes if p.value() > 0]
        taken, lapsed, passed = serial_assignment(self.present, valued, self.eligible)
        sharing = FideSharing(self.event, lambda e, g: self.why_not(e, g) is None)
        pools = sharing.pools(taken, self.present, passed)
        got = {p.key for _, p in taken}
        lapsed_keys = {u.prize.key for u in lapsed}
        missed = [Unawarded(p, self.unawarded_reason(p, pools)) for p in cash
                  if p.key not in got and p.key not in lapsed_keys]
        item_units = [ItemAward(p, e, f"taken as a prize worth {self.money(p.value())}")
                      for e, p in taken if p.amount == 0 and p.item]
        self.explain_skipped(cash, pools, lapsed + missed,
                             {a.entrant.start_no: a.prize for a in item_units})

        def travels(p: Prize) -> bool:
            return self.event.items_follow_cash or \
                (p.group.sharing or self.event.sharing) is Sharing.NONE
        return pools, lapsed + missed, item_units + follow_cash(
            pools, travels, self.event.one_item_per_player)

    def remainders(self, left: list[Prize]) -> list[Unawarded]:
        return [Unawarded(p, "no player below could take the money above the limit")
                for p in left if p.remainder_of]

    def limited(self, e: Entrant) -> bool:
        return bool(self.event.rating) and e.rating(self.event.rating) is None

    def points_group(self, g: Group, pools: list[Pool]) -> list[Pool]:
        prize = self.prizes(g)[0]
        qualifiers = [e for e in self.present if self.why_not(e, g) is None]
        return points_prizes(qualifiers, prize, pools, self.event)

    def unawarded_reason(self, p: Prize, pools: Sequence[Pool]) -> str:
        able = [e for e in self.present if self.eligible(e, p)]
        if not able:
            return "no eligible player finished (32C3)"
        paid = {s.entrant.start_no for pool in pools for s in pool.shares}
        if all(e.start_no in paid for e in able):
            return "every eligible player holds a larger or equal prize (leftover, TJ-LL)"
        return "not reached"

    def explain_skipped(self, cash: list[Prize], pools: list[Pool],
                        not_given: Sequence[Unawarded] = (),
                        took: Mapping[int, Prize] | None = None) -> None:
        """Per player: the groups of this pool he cannot win, and why ("1800 is not under
        1800"); for a player who won no cash, what happened to the rest: nothing left (the
        players ranked above took every prize of the group), or, for a prize that was still
        open at his turn, why he did not take it (``took``: the item he took instead) and
        where it went (the players below who hold it, or why it was not awarded)."""
        winners = {s.entrant.start_no for pool in pools for s in pool.shares}
        holders: dict[tuple[str, int, str], list[Entrant]] = {}
        for pool in pools:
            for p in pool.prizes:
                holders.setdefault(p.key, []).extend(s.entrant for s in pool.shares)
        reasons = {u.prize.key: u.reason for u in not_given if not u.item}
        groups = list({p.group.id: p.group for p in cash}.values())
        for e in self.present:
            used_up = []
            for g in groups:
                why = self.why_not(e, g)
                if why is not None:
                    self.note_player(e, f"not {g.id}: {why}")
                elif e.start_no not in winners:
                    left = [p for p in cash if p.group is g and (p.key in reasons or any(
                        h.rank > e.rank for h in holders.get(p.key, ())))]
                    if not left:
                        used_up.append(g.id)
                    else:
                        self.note_player(e, self.still_open(e, left[0], holders, reasons,
                                                            (took or {}).get(e.start_no)))
            if used_up:
                self.note_player(e, f"{', '.join(used_up)}: nothing left for "
                                    f"{points_text(e.points)} "
                                    f"point{'' if e.points == 1 else 's'}")

    def still_open(self, e: Entrant, p: Prize,
                   holders: Mapping[tuple[str, int, str], Sequence[Entrant]],
                   reasons: Mapping[tuple[str, int, str], str], took: Prize | None) -> str:
        """Why ``e`` did not take ``p``, still open at his turn, and where it went."""
        what = f"{p.label} {self.money(p.amount)}"
        below = [h.name for h in holders.get(p.key, ()) if h.rank > e.rank]
        went = (f"it went to {', '.join(below)}" if below
                else f"it was not awarded: {reasons.get(p.key, 'not reached')}")
        if took is not None:
            return (f"{p.group.id}: took the {took.item} ({took.label}, worth "
                    f"{self.money(took.value())}) instead of {what}, still open; {went}")
        return f"{p.group.id}: {what} was still open at this player's turn; {went}"

    def explain_nothing(self, pools: list[Pool], items: list[ItemAward]) -> None:
        won = {s.entrant.start_no for pool in pools for s in pool.shares} | \
            {a.entrant.start_no for a in items}
        for e in self.present:
            if e.start_no not in won and e.start_no not in self.player_notes:
                self.note_player(e, "no prize")

    def options(self) -> tuple[Option, ...]:
        ev, lim = self.event, self.pf.limits
        out = [
            Option("rounding", ev.rounding_mode.value, ev.rounding is None,
                   "§3.4, §7.5: no rule is written down"),
            Option("entries", str(self.scale.entries), self.pf.fund.entries is None,
                   "§7.6: players in the standings, house players not counted"),
        ]
        if ev.system is System.USCF:
            out += [
                Option("rule32b3", ev.rule32b3.value, ev.rule32b3 is Rule32B3.AMENDED,
                       "§1.3: the amended 32B3 caps a share at the largest prize alone"),
                Option("carve_out", ev.carve_out.value, ev.carve_out is CarveOut.LARGEST_GAIN,
                       "§7.2: which 32B3 exception wins when several qualify"),
                Option("limits.excess", lim.excess.value,
                       lim.excess is LimitExcess.NEXT_SCORE_GROUP,
                       "§7.3: where money above a per-player limit goes"),
            ]
        else:
            out.append(Option("fide choice", "nominal", True,
                              "§7.4: a player's prize is chosen on nominal amounts, not on "
                              "shares (the only method implemented)"))
            for g in self.pf.groups:
                mode = g.sharing or ev.sharing
                if mode is not Sharing.NONE:
                    beyond = g.share_beyond_last
                    value = beyond if beyond is not None else mode is Sharing.EQUAL
                    out.append(Option(f"{g.id}.share_beyond_last", str(value).lower(),
                                      beyond is None, "§7.4: Sharly includes tied players "
                                      "beyond the last prize, EAC22 excludes them"))
        if any(g.kind is Kind.TEAM for g in self.pf.groups):
            out.append(Option("team scoring", "top-n", True,
                              "§7.7: the sum of the best count members' points (US "
                              "scholastic), not rank points (the only method implemented)"))
        return tuple(out)
