"""Opponent-score tie-breaks: BH (§8.1), FB (§8.3), SB (§9.1) and AOB (§8.2).

Unplayed rounds follow C.07 Article 16 (rules-fide.md §A.4-A.5):

* the *adjusted score* a player shows to opponents counts a requested bye that is
  followed only by VURs as a draw (16.2.5, 16.3.2);
* a player's own unplayed round is a game against a *dummy opponent* scoring the
  player's own score (16.4), capped in 2026 (16.4.1 forfeit: the scheduled opponent's
  adjusted score; 16.4.2 otherwise: draw points x rounds);
* a low cut removes a VUR before a played value unless the least significant value is
  worth more (16.5);
* in a round robin unplayed games count as played against the scheduled opponent and
  byes count nothing;
* edition ``2009`` uses the pre-2023 virtual opponent instead (§A.7, :mod:`._virtual`).

All sums are integers in ``unit`` (BH) or ``unit**2`` (SB) and become ``Fraction`` last.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import chain, compress, count, cycle, repeat
from operator import add, itemgetter, mul, not_

from ...errors import TiebreakError
from ._context import FideContext
from ._types import FideSpec, FideValue, Part, round_half_up
from ._virtual import opposite, virtual_entries

Entry = tuple[int, int, int, bool, int, int]
"""(round, score, contribution, vur, opponent index or -1, kind) in units (unit**2 for SB)."""

OPPONENT, DUMMY, CAP_FORFEIT, CAP_BYE, RR_UNPLAYED, VIRTUAL = range(6)


def adjusted_scores(ctx: FideContext, fore: bool) -> tuple[list[int], list[int]]:
    """(score shown to opponents, own score for the dummy) per player, in units.

    With ``fore`` (FB, §8.3) a player paired in the last round has that game counted as a
    draw, and the last round is then not a VUR (§A.4 d).
    """
    key = ("adjusted", fore)
    hit = ctx.cache.get(key)
    if hit is not None:
        return hit  # type: ignore[return-value]
    rounds = ctx.rounds
    last = rounds - 1
    no_opp_value = 0 if ctx.round_robin else ctx.draw
    adj: list[int] = []
    own: list[int] = []
    for i, (pts, opp, lna, total) in enumerate(zip(ctx.pts, ctx.opp, ctx.lna, ctx.total,
                                                   strict=True)):
        paired_last = fore and last >= 0 and (opp[last] >= 0 or ctx.played[i][last])
        if paired_last or lna == rounds:
            s = total  # every round counts as it was scored
        else:
            s = 0
            for r in range(rounds):
                s += pts[r] if (r < lna or opp[r] >= 0) else no_opp_value
        mine = total
        if paired_last and opp[last] >= 0:
            shift = ctx.draw - pts[last]
            s += shift
            mine += shift
        adj.append(s)
        own.append(mine)
    ctx.cache[key] = (adj, own)
    return adj, own


def entries(ctx: FideContext, i: int, sb: bool, fore: bool, as_played: bool) -> list[Entry]:
    """The per-round (opponent score, contribution) pairs of player ``i`` (16.4, §A.4)."""
    if ctx.edition == "2009":
        return virtual_entries(ctx, i, sb, as_played)
    adj, own = adjusted_scores(ctx, fore)
    cap_2026 = ctx.edition == "2026"
    bye_cap = ctx.draw * ctx.rounds
    last = ctx.rounds - 1
    rr = ctx.round_robin
    mine = own[i]
    out: list[Entry] = []
    for r, (o, p, pl, vur) in enumerate(zip(ctx.opp[i], ctx.pts[i], ctx.played[i], ctx.vur[i],
                                            strict=True)):
        if o >= 0 and (as_played or pl or (fore and r == last)):
            score, vur, kind = adj[o], False, OPPONENT
        elif not rr:
            score, kind = mine, DUMMY
            if cap_2026:
                cap = adj[o] if o >= 0 else bye_cap
                if cap < score:
                    score, kind = cap, CAP_FORFEIT if o >= 0 else CAP_BYE
        elif o < 0:
            continue  # round robin: a bye counts nothing
        else:
            score, kind = 0, RR_UNPLAYED
        out.append((r + 1, score, score * p if sb else score, vur, o, kind))
    return out


def _game_note(ctx: FideContext, o: int, score: int, last: bool) -> str:
    """The note of a game against opponent ``o`` worth ``score`` (``last``: FB's last round)."""
    note = f"opponent {ctx.start_nos[o]}: {ctx.pts_text(score)}"
    if ctx.edition == "2009" and score != ctx.total[o]:
        note += " (unplayed games counted as draws, pre-2023 rules)"
    elif score != ctx.total[o]:
        note += " (adjusted score, 16.3)"
    if last:
        note += " (last round counted as a draw, §8.3)"
    return note


def _note(ctx: FideContext, i: int, e: Entry, sb: bool, fore: bool) -> str:
    rnd, score, _, vur, o, kind = e
    sno = ctx.start_nos
    text = ctx.pts_text(score)
    if kind == OPPONENT:
        note = _game_note(ctx, o, score, fore and rnd == ctx.rounds)
    elif kind == DUMMY:
        note = f"dummy opponent = own score {text} (16.4)"
    elif kind == CAP_FORFEIT:
        note = (f"dummy opponent capped at {text}, the adjusted score of the scheduled "
                f"opponent {sno[o]} (16.4.1)")
    elif kind == CAP_BYE:
        note = f"dummy opponent capped at {text}, half the maximum score (16.4.2)"
    elif kind == RR_UNPLAYED:
        note = f"unplayed against {sno[o]}: counts nothing (round robin)"
    else:
        before = sum(ctx.pts[i][: rnd - 1])
        note = (f"virtual opponent: {ctx.pts_text(before)} before the round + "
                f"{ctx.pts_text(opposite(ctx, ctx.pts[i][rnd - 1]))} + a draw in each of "
                f"{ctx.rounds - rnd} later round(s) = {text} (pre-2023 rules)")
    if sb:
        note += f", x {ctx.pts_text(ctx.pts[i][rnd - 1])} scored"
    if vur:
        note += "; a VUR (16.1.2)"
    return note


def apply_cuts(ctx: FideContext, items: list[Entry], low: int, high: int
               ) -> tuple[list[Entry], dict[int, str]]:
    """Remove ``low`` least significant and ``high`` most significant values (§14, 16.5).

    Returns the kept entries and, by round, why each removed one was cut.
    """
    low = min(low, ctx.rounds)
    high = min(high, ctx.rounds - low)
    keep = list(items)
    why: dict[int, str] = {}
    vur_rule = ctx.edition != "2009"
    if low == 1 and not high and keep and not (vur_rule and any(map(_is_vur, keep))):
        # the usual /C1 without a VUR: the loop below, once, without its VUR search
        pick = min(keep, key=_low_key)
        keep.remove(pick)
        return keep, {pick[0]: "cut: least significant value (14.1.1)"}
    for _ in range(low):
        if not keep:
            break
        lsv = min(keep, key=_low_key)
        vurs = [e for e in keep if e[3]] if vur_rule else []
        if vurs:
            v = min(vurs, key=_vur_key)
            if lsv[2] > v[2]:
                pick, reason = lsv, "cut: least significant value, worth more than the VUR (16.5)"
            else:
                pick, reason = v, "cut: VUR cut first (16.5.1)"
        else:
            pick, reason = lsv, "cut: least significant value (14.1.1)"
        keep.remove(pick)
        why[pick[0]] = reason
    for _ in range(high):
        if not keep:
            break
        pick = max(keep, key=_low_key)
        keep.remove(pick)
        why[pick[0]] = "cut: most significant value (Median, §14)"
    return keep, why


_low_key = itemgetter(1, 2)  # least significant: lowest opponent score, then contribution
_is_vur = itemgetter(3)
_vur_key = itemgetter(2, 1)  # cheapest VUR: lowest contribution, then score


def _kind(ctx: FideContext, spec: FideSpec) -> tuple[bool, bool, bool]:
    """(SB?, FB?, count unplayed games as played?) for a BH, FB or SB ``spec``."""
    fore = spec.code == "FB"
    if fore and ctx.edition == "2009":
        raise TiebreakError("FB does not exist in the pre-2023 rules (--fide-rules 2009)")
    return spec.code == "SB", fore, spec.played or (ctx.round_robin and not spec.swiss)


def explained_all(ctx: FideContext, spec: FideSpec) -> list[FideValue]:
    """BH, FB or SB of every player under ``spec``'s modifiers, with the explanation rows."""
    code = spec.code
    sb, fore, as_played = _kind(ctx, spec)
    power = 2 if sb else 1
    decimals = 2 if sb else 1
    low, high = spec.cut_low, spec.cut_high
    frac, article, notes = ctx.frac, spec.article, _notes(ctx)
    out: list[FideValue] = []
    for items, parts in _parts_table(ctx, sb, fore, as_played):
        if low or high:
            keep, why = apply_cuts(ctx, items, low, high)
            if why:
                parts = _mark_cut(parts, why)
        else:
            keep = items
        value = frac(sum(map(_contribution, keep)), power)
        out.append(FideValue(code, value, article, value, parts, notes, decimals=decimals))
    return out


_contribution = itemgetter(2)


def _mark_cut(parts: tuple[Part, ...], why: dict[int, str]) -> tuple[Part, ...]:
    """``parts`` with each row of a round in ``why`` marked as cut, and why."""
    if len(why) == 1:  # one cut (/C1): the row of that round is usually at its place
        (rnd, reason), = why.items()
        j = rnd - 1
        if 0 <= j < len(parts) and parts[j].round == rnd:
            row = parts[j]
            return (*parts[:j], tuple.__new__(Part, (*row[:5], reason)), *parts[j + 1:])
    return tuple(p._replace(dropped=why[p.round]) if p.round in why else p for p in parts)


def opponent_values(ctx: FideContext, spec: FideSpec) -> list[Fraction]:
    """BH, FB or SB of every player, values only (what :func:`explained_all` gives, without
    the explanation).

    Runs over the whole field at once: every cell takes its opponent's adjusted score, or
    for a round that is not a game against an opponent the dummy opponent's score (16.4;
    0 in a round robin), times the points scored for SB.  Cuts take the least significant
    values of each player's row; a player whose row holds a VUR (16.5) or a round-robin
    bye goes through :func:`entries` and :func:`apply_cuts` as :func:`explained_all` does.
    """
    sb, fore, as_played = _kind(ctx, spec)
    rounds, n = ctx.rounds, ctx.n
    power = 2 if sb else 1
    low = min(spec.cut_low, rounds)
    high = min(spec.cut_high, rounds - low)
    if ctx.edition == "2009" or not rounds:
        slow: Iterable[int] = range(n)
        totals = [0] * n
    else:
        adj, own = adjusted_scores(ctx, fore)
        score = [adj[o] for o in ctx.flat_opp]  # opponent -1 (no opponent) is fixed below
        special = _special_cells(ctx, fore, as_played)
        rr = ctx.round_robin
        cap_2026 = ctx.edition == "2026"
        bye_cap = ctx.draw * rounds
        opp = ctx.flat_opp
        for k in special:
            if rr:
                value = 0  # a round-robin bye or unplayed game counts nothing
            else:
                value = own[k // rounds]  # the dummy opponent (16.4)
                if cap_2026:
                    o = opp[k]
                    cap = adj[o] if o >= 0 else bye_cap
                    if cap < value:
                        value = cap
            score[k] = value
        contrib = list(map(mul, score, ctx.flat_pts)) if sb else score
        starts = range(0, n * rounds, rounds)
        if not (low or high):
            totals = [sum(contrib[k:k + rounds]) for k in starts]
        elif not sb and high == 0 and low == 1:
            totals = [sum(row) - min(row) for row in (contrib[k:k + rounds] for k in starts)]
        elif not sb:
            totals = [sum(sorted(contrib[k:k + rounds])[low:rounds - high]) for k in starts]
        else:  # least significant: lowest opponent score, then lowest contribution
            totals = [sum(c for _, c in sorted(zip(score[k:k + rounds], contrib[k:k + rounds],
                                                   strict=True))[low:rounds - high])
                      for k in starts]
        if not (low or high):
            slow = ()
        elif rr:  # byes are left out of the row, which changes what is cut
            slow = sorted({k // rounds for k in special})
        else:
            vur = ctx.flat_vur
            slow = sorted({k // rounds for k in special if vur[k]})
    for i in slow:
        items = entries(ctx, i, sb, fore, as_played)
        keep = apply_cuts(ctx, items, low, high)[0] if low or high else items
        totals[i] = sum(e[2] for e in keep)
    frac = ctx.frac
    return [frac(t, power) for t in totals]


def _special_cells(ctx: FideContext, fore: bool, as_played: bool) -> list[int]:
    """The cells (``i * rounds + r``) that :func:`entries` does not turn into a game against
    the opponent's adjusted score: byes, absences, forfeits not counted as played."""
    key = ("special cells", fore, as_played)
    hit = ctx.cache.get(key)
    if isinstance(hit, list):
        return hit
    rounds = ctx.rounds
    last = rounds - 1
    opp = ctx.flat_opp
    if as_played:
        cells = [k for k, o in enumerate(opp) if o < 0]
    else:
        cells = list(compress(count(), map(not_, ctx.flat_played)))
        if fore:  # a paired last round counts as a draw against the opponent (§8.3)
            cells = [k for k in cells if k % rounds != last or opp[k] < 0]
    ctx.cache[key] = cells
    return cells


def _parts_table(ctx: FideContext, sb: bool, fore: bool, as_played: bool
                 ) -> list[tuple[list[Entry], tuple[Part, ...]]]:
    """Every player's entries and explanation rows before any cut: built once per kind of
    entry, so that ``BH`` and ``BH/C1`` (or ``/M1``) share the rows and only mark their own
    cuts.

    A player whose every round is a game against the opponent's adjusted score (no bye,
    absence or forfeit: no cell of :func:`_special_cells`) takes their rows from
    :func:`_game_cells`; the others go through :func:`entries`, with a note made once per
    distinct (kind, opponent, score, points) and shared.
    """
    key = ("parts", sb, fore, as_played)
    hit = ctx.cache.get(key)
    if hit is not None:
        return hit  # type: ignore[return-value]
    sno = ctx.start_nos
    rounds = ctx.rounds
    last = rounds if fore else -1
    made: dict[tuple[int, int, int, int, bool, int], str] = {}
    values = _Scaled(ctx, 2 if sb else 1)
    new_part = tuple.__new__
    games: tuple[list[Entry], list[Part]] = ([], [])
    if ctx.edition == "2009" or not rounds:
        general: set[int] | range = range(ctx.n)
    else:
        general = {k // rounds for k in _special_cells(ctx, fore, as_played)}
        if len(general) < ctx.n:
            games = _game_cells(ctx, sb, fore, values)
    table: list[tuple[list[Entry], tuple[Part, ...]]] = []
    for i, (pts, codes) in enumerate(zip(ctx.pts, ctx.result_codes(), strict=True)):
        if i not in general:  # every round: a game against the opponent's adjusted score
            k = i * rounds
            table.append((games[0][k:k + rounds], tuple(games[1][k:k + rounds])))
            continue
        parts: list[Part] = []
        items = entries(ctx, i, sb, fore, as_played)
        for e in items:
            rnd, score, contrib, vur, o, kind = e
            if kind == VIRTUAL:
                note = _note(ctx, i, e, sb, fore)
            else:
                nk = (kind, o, score, pts[rnd - 1] if sb else 0, vur, rnd == last)
                known = made.get(nk)
                if known is None:
                    known = made[nk] = _note(ctx, i, e, sb, fore)
                note = known
            parts.append(new_part(Part, (rnd, codes[rnd - 1] if rnd <= rounds else "U",
                                         sno[o] if o >= 0 else None, values[contrib], note,
                                         "")))
        table.append((items, tuple(parts)))
    ctx.cache[key] = table
    return table


def _game_cells(ctx: FideContext, sb: bool, fore: bool, values: _Scaled
                ) -> tuple[list[Entry], list[Part]]:
    """Every cell (``i * rounds + r``) as a game against the opponent's adjusted score: its
    entry and explanation row, built for the whole field at once (column by column, one
    note per distinct opponent, points and last round).  Only the players without a cell of
    :func:`_special_cells` use them: for those cells the result means nothing.
    """
    rounds = ctx.rounds
    opp, pts = ctx.flat_opp, ctx.flat_pts
    adj = adjusted_scores(ctx, fore)[0]
    score = list(map(adj.__getitem__, opp))
    contrib = list(map(mul, score, pts)) if sb else score
    numbers = range(1, rounds + 1)
    items = list(zip(cycle(numbers), score, contrib, repeat(False), opp, repeat(OPPONENT)))
    notes = _GameNotes(ctx, adj)
    if fore:  # FB's last round is counted as a draw, which its note says
        lasts = cycle([False] * (rounds - 1) + [True])
        game_notes = map(notes.__getitem__, zip(opp, lasts, strict=False))
    else:
        game_notes = map(notes.__getitem__, opp)
    if sb:  # "..., x 0.5 scored": the points of each cell, a text per distinct value
        scored = _Scored(ctx)
        game_notes = map(add, game_notes, map(scored.__getitem__, pts))
    parts = list(map(tuple.__new__, repeat(Part), zip(
        cycle(numbers), chain.from_iterable(ctx.result_codes()),
        map(ctx.start_nos.__getitem__, opp), map(values.__getitem__, contrib),
        game_notes, repeat(""))))
    return items, parts


class _GameNotes(dict[object, str]):
    """``notes[opponent]``, or ``notes[opponent, last round]`` for FB: the note of a game
    against the opponent's adjusted score, made once per key."""

    def __init__(self, ctx: FideContext, adj: list[int]) -> None:
        super().__init__()
        self.ctx, self.adj = ctx, adj

    def __missing__(self, key: object) -> str:
        o, last = key if isinstance(key, tuple) else (key, False)
        note = self[key] = _game_note(self.ctx, o, self.adj[o], last)
        return note


class _Scored(dict[int, str]):
    """``scored[points]``: the end of an SB note, ``", x 0.5 scored"``."""

    def __init__(self, ctx: FideContext) -> None:
        super().__init__()
        self.ctx = ctx

    def __missing__(self, points: int) -> str:
        text = self[points] = f", x {self.ctx.pts_text(points)} scored"
        return text


class _Scaled(dict[int, Fraction]):
    """``values[units]``: ``ctx.frac(units, power)``, looked up once per distinct sum."""

    def __init__(self, ctx: FideContext, power: int) -> None:
        super().__init__()
        self.frac, self.power = ctx.frac, power

    def __missing__(self, units: int) -> Fraction:
        value = self[units] = self.frac(units, self.power)
        return value


def _notes(ctx: FideContext) -> tuple[str, ...]:
    return (ctx.edition_reason, ctx.system_reason)


def buchholz_all(ctx: FideContext, spec: FideSpec) -> list[FideValue]:
    if not ctx.explain:
        code, article = spec.code, spec.article
        decimals = 2 if code == "SB" else 1
        return [FideValue(code, v, article, v, decimals=decimals)
                for v in opponent_values(ctx, spec)]
    return explained_all(ctx, spec)


def aob_all(ctx: FideContext, spec: FideSpec) -> list[FideValue]:
    """AOB (§8.2): mean BH (FB with /F) of the opponents met over the board, 2 decimals."""
    base = FideSpec("FB" if spec.fore else "BH", played=spec.played, swiss=spec.swiss)
    key = ("bh-values", base)
    bh = ctx.cache.get(key)
    if bh is None:
        bh = [v.value for v in buchholz_all(ctx, base)]
        ctx.cache[key] = bh
    assert isinstance(bh, list)
    out = []
    sno = ctx.start_nos
    for i in range(ctx.n):
        vals: list[Fraction] = []
        parts: list[Part] = []
        for r, (o, pl) in enumerate(zip(ctx.opp[i], ctx.played[i], strict=True)):
            if pl:
                vals.append(bh[o])
                if ctx.explain:
                    parts.append(ctx.part(i, r + 1, bh[o], f"{base.code} of opponent {sno[o]}",
                                          sno[o]))
        if not vals:
            out.append(FideValue("AOB", None, spec.article, None, tuple(parts), _notes(ctx),
                                 "no game played over the board", 2))
            continue
        exact = sum(vals, Fraction(0)) / len(vals)
        out.append(FideValue("AOB", round_half_up(exact, 2), spec.article, exact, tuple(parts),
                             _notes(ctx), decimals=2))
    return out
