"""FIDE C.07 team tie-breaks (§12, §13) and US Chess 34G2, on the team contexts.

Every system here reads a :class:`~.team_context.TeamContext` (a team is a competitor; MP
and GP are two score tables of the same teams) and uses the engine's Article 16 rules
(:mod:`.unplayed`) on the score it names.  The individual systems (BH, FB, SB, PS, WIN, STD,
DE, ...) run on a team score through a ``:MP`` / ``:GP`` suffix and need nothing here.
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import TiebreakError
from ..teams.matches import Kind
from .context import Context
from .encounters import direct_encounter
from .registry import Option, group_tiebreak, tiebreak
from .spec import Spec
from .team_context import TeamContext, team_context
from .unplayed import Entry, apply_cuts, entries
from .values import Explanation, round_half_up

# --------------------------------------------------------------------------- scores


@tiebreak("MPTS", "Match Points", "FIDE C.07 §11.1.1", family="FIDE", team_only=True, decimals=1,
          summary="the team's match points")
@tiebreak("GPTS", "Game Points", "FIDE C.07 §11.1.2", family="FIDE", team_only=True, decimals=1,
          summary="the team's game points")
@tiebreak("MPVGP", "Secondary score", "FIDE C.07 §13.1", family="FIDE", team_only=True, decimals=1,
          aliases=("MPvGP",), summary="the secondary score (GP when MP is primary, and so on)")
def team_score(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """MPTS / GPTS: one score; MPVGP: the secondary score (with the 299 bonus lines)."""
    tctx = team_context(ctx, spec)
    name = {"MPTS": "MP", "GPTS": "GP"}.get(spec.code, tctx.secondary)
    on = tctx.score(name)
    return [on.frac(p) for p in on.points]


# --------------------------------------------------------------------------- ESB

_ESB = {"EMMSB": ("MP", "MP"), "EMGSB": ("MP", "GP"), "EGMSB": ("GP", "MP"),
        "EGGSB": ("GP", "GP")}


def _esb_entries(tctx: TeamContext, spec: Spec, i: int) -> list[Entry]:
    """Team ``i``'s rounds as (opponent's X score, X score x own Y points) entries."""
    x_name, y_name = _ESB[spec.code]
    x, y = tctx.score(x_name), tctx.score(y_name)
    rules = x.fide_rules(spec)
    rounds = y.fide_table.rounds
    own = y.fide_table.pts
    return [(e[0], e[1], e[1] * own[i * rounds + e[0] - 1], *e[3:])
            for e in entries(x, rules, i, False, False, spec.played)]


def explain_esb(ctx: Context, spec: Spec, i: int) -> Explanation:
    tctx = team_context(ctx, spec)
    items = _esb_entries(tctx, spec, i)
    why = apply_cuts(tctx.fide_rules(spec), tctx.fide_table.rounds, items, spec.cut_low, 0)[1]
    x, y = (tctx.score(s) for s in _ESB[spec.code])
    table = tctx.fide_table
    rows = tuple(tctx.explain_row(table, i, e[0], Fraction(e[2], x.unit * y.unit),
                                  f"opponent {x.num_text(e[1])} {_ESB[spec.code][0]} x own "
                                  f"{y.num_text(y.fide_table.pts[i * table.rounds + e[0] - 1])}"
                                  f" {_ESB[spec.code][1]}",
                                  table.start_nos[e[4]] if e[4] >= 0 else None, why.get(e[0], ""))
                 for e in items)
    return Explanation(tctx.fide_rules(spec).rule_text(spec.system), rows,
                       tctx.fide_rules(spec).notes)


def _esb(code: str, name: str, article: str) -> None:
    tiebreak(code, name, f"FIDE C.07 {article}", family="FIDE", team_only=True, decimals=2,
             modifiers=frozenset("CP"), explain=explain_esb,
             summary="sum over the matches of the opponent's score x the team's own score in "
                     "the match ('Median' modifiers do not apply)")(extended_sonneborn_berger)


def extended_sonneborn_berger(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """EMMSB / EMGSB / EGMSB / EGGSB (§13.2): Σ opponent's X score x own Y score; unplayed
    matches against the dummy opponent (16.4); /C cuts the contribution of the opponent with
    the lowest X score (the lowest contribution among equals, §14.1.2; VURs first, 16.5)."""
    tctx = team_context(ctx, spec)
    x, y = (tctx.score(s) for s in _ESB[spec.code])
    rules = tctx.fide_rules(spec)
    out: list[Fraction | None] = []
    for i in range(len(tctx)):
        items = _esb_entries(tctx, spec, i)
        if spec.cut_low:
            items = apply_cuts(rules, tctx.fide_table.rounds, items, spec.cut_low, 0)[0]
        out.append(Fraction(sum(e[2] for e in items), x.unit * y.unit))
    return out


_esb("EMMSB", "Extended Sonneborn-Berger (MP x MP)", "§13.2.1")
_esb("EMGSB", "Extended Sonneborn-Berger (MP x GP)", "§13.2.2")
_esb("EGMSB", "Extended Sonneborn-Berger (GP x MP)", "§13.2.3")
_esb("EGGSB", "Extended Sonneborn-Berger (GP x GP)", "§13.2.4")


# --------------------------------------------------------------------------- SSSC


@tiebreak("SSSC", "Sonneborn-Berger Secondary Score Combined", "FIDE C.07 §13.4",
          family="FIDE", team_only=True, decimals=2, modifiers=frozenset("P"),
          options={"factor": Option("auto", (), "F: auto = ⌊highest achievable primary score "
                                    "/ highest secondary score of one match⌋, or a number")},
          summary="secondary score + BH of the primary score / F")
def secondary_score_combined(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """SSSC: secondary + BH(primary) / F, F = ⌊highest achievable primary score / highest
    secondary score of one match⌋ or ``[factor=n]`` (the TRF-2026 ``/K<n>`` spelling is not
    read yet), 2 decimals half up."""
    from .buchholz import opponent_scores
    from .spec import parse_spec

    tctx = team_context(ctx, spec)
    sec = tctx.score(tctx.secondary)
    bh = opponent_scores(tctx, parse_spec("BH/P" if spec.played else "BH"))
    most = tctx.frac(tctx.win) * tctx.fide_table.rounds
    chosen = spec.option("factor")
    factor = max(int(most // sec.frac(sec.win)), 1) if chosen == "auto" else int(chosen)
    if factor <= 0:
        raise TiebreakError(f"{spec.key}: the factor must be a positive whole number")
    return [round_half_up(sec.frac(s) + (b or Fraction(0)) / factor, 2)
            for s, b in zip(sec.points, bh, strict=True)]


# --------------------------------------------------------------------------- BC


def board_points(tctx: TeamContext) -> dict[int, list[Fraction]]:
    """Team number -> its game points on each board over the event (§12 intro: a
    pairing-allocated or full-point bye is a win on every board, a half-point bye a draw)."""
    ev = tctx.event
    out = {}
    for team in ev.teams:
        per = [Fraction(0)] * ev.boards
        for row in ev.rows[team.number]:
            if row.kind in (Kind.PAB, Kind.FPB, Kind.HPB):
                value = ev.game_draw if row.kind is Kind.HPB else ev.game_win
                per = [p + value for p in per]
                continue
            for b in row.boards:
                per[b.number - 1] += b.points
        out[team.number] = per
    return out


@tiebreak("BC", "Board Count", "FIDE C.07 §12.1", family="FIDE", team_only=True, decimals=1,
          summary="Σ board number x game points on that board (lower is better); shown "
                  "negated so that higher ranks higher")
def board_count(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """BC over the whole event (a knock-out criterion used over the event, as the reference
    implementation does): the lower the sum, the higher the ranking, so the value is the
    negated sum."""
    tctx = team_context(ctx, spec)
    points = tctx.memo("board points", lambda: board_points(tctx))
    return [-sum((k * p for k, p in enumerate(points[sn], 1)), Fraction(0))
            for sn in tctx.start_nos]


# --------------------------------------------------------------------------- EDE


def _ede(tctx: TeamContext, spec: Spec, members: tuple[int, ...], base: int,
         ranks: dict[int, int], notes: list[str]) -> None:
    """Rank ``members``: DE on the primary score, else on the secondary (§13.3.1); each
    subgroup still tied is ranked again the same way."""
    for name in (tctx.primary, tctx.secondary):
        found, lines = direct_encounter(tctx.score(name), spec, members)
        if len(set(found.values())) > 1:
            notes.extend(f"{name}: {line}" for line in lines)
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
    """Board points of teams ``a`` and ``b`` in their matches against each other."""
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


def _knock_out(tctx: TeamContext, a: int, b: int, how: str) -> int:
    """+1 if ``a`` wins the knock-out criteria ``how`` (C, T, B…) on the direct match,
    -1 if ``b`` does, 0 if still tied (§13.3.2, §12)."""
    pa, pb = _direct_match_boards(tctx, a, b)
    n = len(pa)
    for letter in how:
        if letter == "C":
            ca = sum(k * p for k, p in enumerate(pa, 1))
            cb = sum(k * p for k, p in enumerate(pb, 1))
            if ca != cb:
                return 1 if ca < cb else -1
        elif letter == "T":
            for top in range(1, n + 1):
                sa, sb = sum(pa[:top]), sum(pb[:top])
                if sa != sb:
                    return 1 if sa > sb else -1
        else:
            for keep in range(n - 1, 0, -1):
                sa, sb = sum(pa[:keep]), sum(pb[:keep])
                if sa != sb:
                    return 1 if sa > sb else -1
    return 0


_EDE_VARIANTS = {"EDE": "", "EDEC": "C", "EDET": "T", "EDEB": "B", "EDEBT": "BT",
                 "EDEBB": "BB"}


def extended_direct_encounter(ctx: Context, spec: Spec, group: tuple[int, ...]
                              ) -> dict[int, Fraction | None]:
    """EDE (§13.3.1) and its knock-out variants (§13.3.2): group size + 1 - rank inside the
    tied group (higher ranks higher)."""
    tctx = team_context(ctx, spec)
    ranks = dict.fromkeys(group, 1)
    _ede(tctx, spec, group, 1, ranks, [])
    how = _EDE_VARIANTS[spec.code]
    if how and len(group) == 2 and ranks[group[0]] == ranks[group[1]]:
        won = _knock_out(tctx, group[0], group[1], how)
        if won:
            ranks[group[0] if won < 0 else group[1]] = 2
    return {sn: Fraction(len(group) + 1 - r) for sn, r in ranks.items()}


for _code, _how in _EDE_VARIANTS.items():
    group_tiebreak(_code, "Extended Direct Encounter" + (f" ({_how})" if _how else ""),
                   "FIDE C.07 §13.3.1" if not _how else "FIDE C.07 §13.3.2", family="FIDE",
                   team_only=True, decimals=0, modifiers=frozenset("P"), reapply=False,
                   summary="direct encounter on the primary score, then the secondary")(
        extended_direct_encounter)


# --------------------------------------------------------------------------- USAT


# family "FIDE": the US Chess 34E actual-play pre-sort is for individual scores, not teams
@tiebreak("USAT", "US Amateur Team (Barry system)", "US Chess 34G2", aliases=("34G2",),
          family="FIDE", team_only=True, decimals=1,
          summary="Σ opponent's final match points (1-½-0) x game points scored against it")
def us_amateur_team(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """34G2: Σ over the matches of the opponent team's final match points on the 1-½-0
    scale x the game points scored against it; no discards, no adjustment for unplayed
    rounds; byes count 0 (teams.md ambiguity 13)."""
    tctx = team_context(ctx, spec)
    mp, gp = tctx.mp, tctx.gp
    table = mp.table
    scale = [Fraction(mp.game_points[i], mp.win) for i in range(len(table))]
    out: list[Fraction | None] = []
    for k in table.row_starts():
        total = Fraction(0)
        for r in range(table.rounds):
            o = table.opp[k + r]
            if o >= 0:
                total += scale[o] * gp.frac(gp.table.pts[k + r])
        out.append(total)
    return out
