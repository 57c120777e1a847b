"""FIDE C.07 board criteria (§12: BC, TBR, BBE) and Extended Direct Encounter (§13.3: EDE,
EDEC, EDET, EDEB, EDEBT, EDEBB) of a team event.

* **Board points.**  A team's game points on each board; a PAB or FPB is a win on every
  board, an HPB a draw, and individual forfeits are standard results (§12 intro).
* **BC** (§12.1): Σ board number x game points on that board; the lower, the better (the
  value is the sum, as the rule defines it; the registry declares the lower value first).
* **TBR** (§12.2): game points on board 1; if equal, boards 1-2; and so on down.
* **BBE** (§12.3): game points on every board but the bottom one; if equal, drop the next
  board up; and so on.
* Used alone in a chain they compare the whole event's board points, as the reference
  implementation does (they are knock-out criteria: ``teams.md`` ambiguity 10).
* **EDE** (§13.3.1): direct encounter (Article 6) on the primary score; if it separates
  nobody, on the secondary; each subgroup still tied again the same way.
* **EDEC / EDET / EDEB / EDEBT / EDEBB** (§13.3.2): then, for exactly two teams still tied,
  the named criteria (C = BC, T = TBR, B = BBE, in that order) on the boards of their own
  match(es).

The group systems (EDE…, TBR, BBE) give the team's rank inside the tied group (1 = best,
equal teams share the better rank), as FIDE's reference implementation reports it; the
registry declares the lower value first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from ..teams.kinds import Kind
from .context import Context
from .encounters import direct_encounter
from .registry import Direction, group_tiebreak, tiebreak
from .spec import Spec
from .team_context import TeamContext, team_context
from .values import Explanation, num

# --------------------------------------------------------------------------- board points


def board_points(tctx: TeamContext) -> dict[int, list[list[Fraction]]]:
    """Team number -> per round, its game points on each board (§12 intro)."""

    def build() -> dict[int, list[list[Fraction]]]:
        ev = tctx.event
        out = {}
        for team in ev.teams:
            rounds = []
            for row in ev.rows[team.number]:
                per = [Fraction(0)] * ev.boards
                if row.kind in (Kind.PAB, Kind.FPB, Kind.HPB):
                    value = ev.game_draw if row.kind is Kind.HPB else ev.game_win
                    per = [value] * ev.boards
                else:
                    for b in row.boards:
                        per[b.number - 1] += b.points
                rounds.append(per)
            out[team.number] = rounds
        return out

    return tctx.memo(("team board points",), build)


def _totals(per_round: Sequence[list[Fraction]], boards: int) -> list[Fraction]:
    return [sum((r[k] for r in per_round), Fraction(0)) for k in range(boards)]


def _count(points: Sequence[Fraction]) -> Fraction:
    """§12.1: Σ board number x game points."""
    return sum((k * p for k, p in enumerate(points, 1)), Fraction(0))


def _tbr_key(points: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """§12.2: board 1, boards 1-2, … (compared in order, higher first)."""
    return tuple(sum(points[:top], Fraction(0)) for top in range(1, len(points) + 1))


def _bbe_key(points: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """§12.3: every board but the bottom one, then one board fewer, … (higher first)."""
    return tuple(sum(points[:keep], Fraction(0)) for keep in range(len(points) - 1, 0, -1))


def _numbers(values: Sequence[Fraction]) -> str:
    return "[" + ", ".join(num(v) for v in values) + "]"


def explain_board_count(ctx: Context, spec: Spec, i: int) -> Explanation:
    """One row per round: Σ board x points of that round."""
    tctx = team_context(ctx, spec)
    table = tctx.fide_table
    rows = []
    for r, per in enumerate(board_points(tctx)[tctx.start_nos[i]], 1):
        parts = " + ".join(f"{k} x {num(p)}" for k, p in enumerate(per, 1))
        rows.append(tctx.explain_row(table, i, r, _count(per), parts))
    return Explanation(tctx.fide_rules(spec).rule_text(spec.system), tuple(rows),
                       ("knock-out criterion used over the whole event (PAB / FPB boards "
                        "count as wins, HPB boards as draws, §12); the lower count ranks "
                        "higher",))


@tiebreak("BC", "Board Count", "FIDE C.07 §12.1", family="FIDE", team_only=True, decimals=1,
          explain=explain_board_count, direction=Direction.LOWER,
          summary="Σ board number x game points on that board (lower is better)")
def board_count(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """BC over the whole event (module docstring): the sum, lower ranking higher."""
    tctx = team_context(ctx, spec)
    points = board_points(tctx)
    boards = tctx.event.boards
    return [_count(_totals(points[sn], boards)) for sn in tctx.start_nos]


# --------------------------------------------------------------------------- TBR, BBE

_KEYS: dict[str, Callable[[Sequence[Fraction]], tuple[Fraction, ...]]] = {
    "TBR": _tbr_key, "BBE": _bbe_key}


def _ranks(keys: dict[int, tuple[Fraction, ...]]) -> dict[int, int]:
    """1 = best; equal keys share a rank."""
    order = sorted(keys, key=lambda sn: keys[sn], reverse=True)
    ranks: dict[int, int] = {}
    for pos, sn in enumerate(order, 1):
        same = pos > 1 and keys[order[pos - 2]] == keys[sn]
        ranks[sn] = ranks[order[pos - 2]] if same else pos
    return ranks


def _board_keys(tctx: TeamContext, code: str, group: tuple[int, ...]
                ) -> dict[int, tuple[list[Fraction], tuple[Fraction, ...]]]:
    points = board_points(tctx)
    out = {}
    for sn in group:
        total = _totals(points[sn], tctx.event.boards)
        out[sn] = (total, _KEYS[code](total))
    return out


def explain_board_order(ctx: Context, spec: Spec, group: tuple[int, ...], start_no: int
                        ) -> Explanation:
    tctx = team_context(ctx, spec)
    keys = _board_keys(tctx, spec.code, group)
    ranks = _ranks({sn: k for sn, (_, k) in keys.items()})
    what = ("board 1, then boards 1-2, …" if spec.code == "TBR"
            else "all boards but the bottom one, then one board fewer, …")
    notes = tuple(f"team {sn}: board points {_numbers(total)}; {what}: {_numbers(key)}"
                  for sn, (total, key) in sorted(keys.items()))
    size = len(group)
    notes += ("knock-out criterion used over the whole event (§12)",
              _rank_note(ranks[start_no], size))
    return Explanation(tctx.fide_rules(spec).rule_text(spec.system), (), notes)


def board_order(ctx: Context, spec: Spec, group: tuple[int, ...]) -> dict[int, Fraction | None]:
    """TBR / BBE of the tied ``group``: each team's rank by the board sums (1 = best)."""
    tctx = team_context(ctx, spec)
    ranks = _ranks({sn: k for sn, (_, k) in _board_keys(tctx, spec.code, group).items()})
    return {sn: Fraction(r) for sn, r in ranks.items()}


def _rank_note(rank: int, size: int) -> str:
    """The value's meaning, for an explanation."""
    return f"rank {rank} of {size} in the tied group (1 = best; the value is the rank)"


group_tiebreak("TBR", "Top Board Result", "FIDE C.07 §12.2", family="FIDE", team_only=True,
               decimals=0, explain=explain_board_order, direction=Direction.LOWER,
               summary="game points on board 1, then boards 1-2, and so on")(board_order)
group_tiebreak("BBE", "Bottom Board Elimination", "FIDE C.07 §12.3", family="FIDE",
               team_only=True, decimals=0, explain=explain_board_order,
               direction=Direction.LOWER,
               summary="game points on all boards but the bottom one, then one board "
                       "fewer, and so on")(board_order)


# --------------------------------------------------------------------------- EDE


def _ede(tctx: TeamContext, spec: Spec, members: tuple[int, ...], base: int,
         ranks: dict[int, int], notes: list[str]) -> None:
    """Rank ``members``: DE on the primary score, else on the secondary (§13.3.1); each
    subgroup still tied is ranked again the same way."""
    for name in (tctx.primary, tctx.secondary):
        found, lines = direct_encounter(tctx.score(name), spec, members)
        separated = len(set(found.values())) > 1
        notes.extend(f"{name}: {line}" for line in lines)
        notes.append(f"{name} {'separates' if separated else 'does not separate'} the group "
                     "(§13.3.1)")
        if separated:
            for sn, r in found.items():
                ranks[sn] = base + r - 1
            by: dict[int, list[int]] = {}
            for sn, r in found.items():
                by.setdefault(r, []).append(sn)
            for r, tied in by.items():
                if len(tied) > 1:
                    _ede(tctx, spec, tuple(sorted(tied)), base + r - 1, ranks, notes)
            return
    notes.append(f"group {{{', '.join(map(str, members))}}}: not separated on MP or GP")


def _direct_match_boards(tctx: TeamContext, a: int, b: int) -> tuple[list[Fraction],
                                                                     list[Fraction]]:
    """Board points of teams ``a`` and ``b`` in their played matches against each other."""
    ev = tctx.event
    out = []
    for me, them in ((a, b), (b, a)):
        per = [Fraction(0)] * ev.boards
        for row in ev.rows[me]:
            if row.opponent_no == them and row.kind is Kind.PLAYED:
                for board in row.boards:
                    per[board.number - 1] += board.points
        out.append(per)
    return out[0], out[1]


def _bc_key(points: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """§12.1 as a key compared higher first (as the TBR and BBE keys are): the board count
    negated, since the lower count is the better."""
    return (-_count(points),)


_CRITERIA: dict[str, tuple[str, Callable[[Sequence[Fraction]], tuple[Fraction, ...]]]] = {
    "C": ("BC", _bc_key), "T": ("TBR", _tbr_key), "B": ("BBE", _bbe_key)}


def _knock_out(tctx: TeamContext, a: int, b: int, how: str, notes: list[str]) -> int:
    """+1 if ``a`` wins the knock-out criteria ``how`` (C, T, B…) on the direct match,
    -1 if ``b`` does, 0 if still tied (§13.3.2, §12)."""
    pa, pb = _direct_match_boards(tctx, a, b)
    notes.append(f"direct match board points: team {a} {_numbers(pa)}, team {b} "
                 f"{_numbers(pb)}")
    for letter in how:
        name, key = _CRITERIA[letter]
        ka, kb = key(pa), key(pb)
        if ka != kb:
            winner = a if ka > kb else b
            notes.append(f"{name}: team {winner} ahead (§13.3.2)")
            return 1 if winner == a else -1
        notes.append(f"{name}: equal")
    return 0


_EDE_VARIANTS = {"EDE": "", "EDEC": "C", "EDET": "T", "EDEB": "B", "EDEBT": "BT",
                 "EDEBB": "BB"}


def _ede_ranks(tctx: TeamContext, spec: Spec, group: tuple[int, ...]
               ) -> tuple[dict[int, int], list[str]]:
    ranks = dict.fromkeys(group, 1)
    notes: list[str] = []
    _ede(tctx, spec, group, 1, ranks, notes)
    how = _EDE_VARIANTS[spec.code]
    if how and len(group) == 2 and ranks[group[0]] == ranks[group[1]]:
        won = _knock_out(tctx, group[0], group[1], how, notes)
        if won:
            ranks[group[0] if won < 0 else group[1]] = 2
    return ranks, notes


def explain_ede(ctx: Context, spec: Spec, group: tuple[int, ...], start_no: int
                ) -> Explanation:
    """The mini crosstable of the team against the others of the tied group (one row per
    match: its MP, GP in the notes), how each pass went, and the rank."""
    tctx = team_context(ctx, spec)
    ranks, notes = _ede_ranks(tctx, spec, group)
    table = tctx.fide_table
    i = table.index[start_no]
    others = set(group) - {start_no}
    rows = []
    prim = tctx.score(tctx.primary)
    for r, row in enumerate(tctx.event.rows[start_no], 1):
        if row.opponent_no in others and (row.kind is Kind.PLAYED or spec.played):
            theirs = tctx.event.rows[row.opponent_no][r - 1]
            rows.append(tctx.explain_row(
                table, i, r, prim.frac(prim.fide_table.pts[i * table.rounds + r - 1]),
                f"v {row.opponent_no}: {num(row.gp)}-{num(theirs.gp)} GP, {num(row.mp)} MP "
                f"({row.kind.value})", row.opponent_no))
    notes.append(_rank_note(ranks[start_no], len(group)))
    return Explanation(tctx.fide_rules(spec).rule_text(spec.system), tuple(rows),
                       (f"primary score: {tctx.primary_reason}", *notes))


def extended_direct_encounter(ctx: Context, spec: Spec, group: tuple[int, ...]
                              ) -> dict[int, Fraction | None]:
    """EDE (§13.3.1) and its knock-out variants (§13.3.2): each team's rank inside the tied
    group (1 = best)."""
    ranks, _ = _ede_ranks(team_context(ctx, spec), spec, group)
    return {sn: Fraction(r) for sn, r in ranks.items()}


for _code, _how in _EDE_VARIANTS.items():
    group_tiebreak(_code, "Extended Direct Encounter" + (f" ({_how})" if _how else ""),
                   "FIDE C.07 §13.3.1" if not _how else "FIDE C.07 §13.3.2", family="FIDE",
                   team_only=True, decimals=0, modifiers=frozenset("P"), reapply=False,
                   explain=explain_ede, direction=Direction.LOWER,
                   summary="direct encounter on the primary score, then the secondary" +
                   ("" if not _how else ", then for two teams the board criteria of "
                    "their match"))(extended_direct_encounter)
