"""How board results roll up into team matches: one pure function, :func:`team_event`.

The rules (``teams.md`` §"How boards roll up into matches", with swisstb's choices of
§A.3.2):

1. **Which team.** A player's team is the 310 record (else 013) listing them.  A team's
   number is its 310 TPN (013: its position).  In each round, the boards of a team face the
   team of its members' opponents.
2. **Board order.** The round's 300 line-up if there is one; otherwise the members who have
   a board that round (a game or forfeit against a player, or a ``+`` against ``0000``; a
   ``0000 - -`` marks a member not fielded) facing the boards of an opponent that has a
   line-up, else in 310 order, those without an opponent last.
   Boards past the board count (352's length; else the most
   boards fielded in any match; else the largest team) are dropped.
3. **Game points** (GP) are the sum of the team's board points under the 162 point system
   (``+`` = W, ``-`` / ``Z`` / blank = 0, ``U`` = 162 P).
4. **Match result.** More game points wins the match (TW), equal and both above 0 is a draw
   (TD), 0-0 is a loss for both (TL), as the reference implementation counts it.
5. **Played or not.** A match is *played* when a board was played over the board (or both
   teams scored); otherwise the winner has a forfeit win and the loser a forfeit loss, and
   0-0 is a double forfeit.
6. **330** makes the match a forfeited one of its type (``+-``, ``-+``, ``--``); the game
   points are still those of the board lines.
7. **Byes.** 240 F = TW and W x boards GP; 240 H = TD and D x boards; 240 Z = 0 / 0; the
   PAB (320) = 320's values.  A PAB without 320's values takes :attr:`TeamOptions.pab`
   when given; else its boards decide its game points when the file writes them (each
   board's ``0000 - U``, ``0000 - F`` or ``+`` against ``0000``, at its 162 value: the
   file's own statement, which its 310 totals follow) and it is a drawn match in match
   points (TD); a PAB whose boards say nothing is a drawn match (TD and D x boards; the
   reference gives W x boards GP).  A team with no match and no bye record takes its
   kind from its members' lines (all ``U`` or all ``+`` against ``0000`` = PAB, all ``F``
   = FPB, all ``H`` = HPB, a ``Z`` = ZPB), else it was absent.
8. **299.** A typed line with a round and teams sets that team's match and game points in
   that round; a typed line with neither (a new default value for that result type) applies
   to every such result (:attr:`TeamOptions.apply_299_defaults`; the reference ignores
   them); a blank-type line is a bonus or penalty counted in the team's own score only
   (round 999: the final standings).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction

from ..model import Color, Outcome, Player, PointSystem, RoundResult, Tournament
from ..numbers import exact
from .kinds import Kind
from .records import MatchPoints, TeamAdjustment, TeamBye, TeamRecords, read_records


@dataclass(frozen=True)
class Board:
    """One board of a match: the team's player, their opponent, colour, outcome, points."""

    number: int
    player: int | None
    opponent: int | None
    color: Color
    outcome: Outcome
    points: Fraction


@dataclass(frozen=True)
class TeamRound:
    """One team's round, rolled up from its boards."""

    team_no: int
    round: int
    kind: Kind
    opponent_no: int | None
    color: Color
    mp: Fraction
    gp: Fraction
    boards: tuple[Board, ...] = ()
    source: str = ""
    """Where the kind came from: ``"boards"`` (a match; a PAB: its game points, written on
    its boards), ``"330"``, ``"240"``, ``"320"``, ``"members"`` (derived from the players'
    lines), ``"299"`` (overridden)."""

    @property
    def vur(self) -> bool:
        return self.kind.vur


@dataclass(frozen=True)
class TeamOptions:
    """Choices the file does not make."""

    pab: tuple[Fraction, Fraction] | None = None
    """(MP, GP) of a PAB without a 320 record; ``None``: a drawn match (TD, D x boards)."""
    apply_299_defaults: bool = True
    """Apply 299 default lines (no round, no team); ``False`` ignores them (as the
    reference implementation does)."""


Bonus = tuple[int | None, Fraction, Fraction]
"""A 299 bonus or penalty line of one team: (round, ``None`` = the whole event; MP; GP)."""


@dataclass(frozen=True)
class TeamEntry:
    """A team as the standings see it."""

    number: int
    name: str
    members: tuple[int, ...]


@dataclass(frozen=True)
class TeamEvent:
    """The team view of an event: every team's rounds, rolled up from the boards."""

    teams: tuple[TeamEntry, ...]
    boards: int
    rounds: int
    match_points: MatchPoints
    game_win: Fraction
    """Game points of a won board (162 W)."""
    game_draw: Fraction
    rows: dict[int, tuple[TeamRound, ...]]
    """Team number -> its rounds, round 1 first."""
    bonus: dict[int, tuple[Bonus, ...]]
    """Team number -> (round or ``None`` for the whole event, MP, GP) of its 299 bonus and
    penalty lines."""
    notes: tuple[str, ...] = ()


_BYE_LETTER = {Outcome.PAIRING_BYE: Kind.PAB, Outcome.FULL_BYE: Kind.FPB,
               Outcome.HALF_BYE: Kind.HPB}
_PAB_BOARD = frozenset({Outcome.PAIRING_BYE, Outcome.FULL_BYE, Outcome.FORFEIT_WIN})
"""A board of the PAB as files write it: ``0000 - U``, ``0000 - F``, ``+`` against ``0000``."""
_299_KIND = {"+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS, "F": Kind.FPB, "H": Kind.HPB,
             "Z": Kind.ZPB}


def _entries(t: Tournament) -> tuple[TeamEntry, ...]:
    return tuple(TeamEntry(team.number if team.number is not None else k, team.name,
                           team.members) for k, team in enumerate(t.teams, 1))


def team_event(t: Tournament, options: TeamOptions | None = None,
               records: TeamRecords | None = None) -> TeamEvent:
    """Every team's rounds of ``t``, rolled up from the board results (module docstring)."""
    opts = options or TeamOptions()
    rec = records or read_records(t)
    teams = _entries(t)
    players = t.by_start_no()
    team_of = {m: team.number for team in teams for m in team.members}
    rounds = t.rounds_paired
    ps = t.point_system
    mpts = rec.match_points
    boards = _board_count(t, rec, teams, team_of, rounds)
    lineup = {(lu.round, lu.team_no): lu.players for lu in rec.lineups}
    forfeit = {}
    for f in rec.forfeits:
        forfeit[(f.round, f.white)] = (f.black, Color.WHITE, f.kind[0])
        forfeit[(f.round, f.black)] = (f.white, Color.BLACK, f.kind[1])
    byes = {(b.round, b.team_no): b for b in rec.byes}
    defaults = ({a.letter: a for a in rec.adjustments if a.kind == "default"}
                if opts.apply_299_defaults else {})
    results = {(a.round, a.team_no): a for a in rec.adjustments if a.kind == "result"}
    notes: list[str] = []
    if rec.pab is None:
        pab = opts.pab or (mpts.draw, ps.draw * boards)
        why = "as chosen" if opts.pab else "a drawn match, the default (--team-pab to choose)"
    else:
        pab, why = rec.pab, "from record 320"
    boards_say = rec.pab is None and opts.pab is None  # a PAB's own boards give its GP
    rows: dict[int, list[TeamRound]] = {team.number: [] for team in teams}
    points = {o: ps.points(o) for o in Outcome}
    unit, steps = ps.units()
    for rnd in range(1, rounds + 1):
        facing = {sn: (k, lu) for team in teams
                  for lu in (lineup.get((rnd, team.number), ()),)
                  for k, sn in enumerate(lu, 1) if sn is not None}
        sheet = {team.number: _boards(team, rnd, players, lineup, facing, boards, points)
                 for team in teams}
        # the boards' points summed in the point system's integer steps (one Fraction a
        # team, not one addition a board: the roll-up of 250 teams x 6 boards x 13 rounds
        # spent a third of its time adding Fractions)
        gp = {n: Fraction(sum(steps[b.outcome] for b in bs if b.player is not None), unit)
              for n, bs in sheet.items()}
        for team in teams:
            n = team.number
            faced = Counter(team_of[b.opponent] for b in sheet[n]
                            if b.opponent is not None and b.opponent in team_of)
            if (rnd, n) in forfeit:
                opp, color, sign = forfeit[(rnd, n)]
                kind = {"+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS}[sign]
                if forfeit[(rnd, opp)][2] == "-" and sign == "-":
                    kind = Kind.DOUBLE_FORFEIT
                mp = mpts.win if kind is Kind.FORFEIT_WIN else mpts.loss
                row = TeamRound(team_no=n, round=rnd, kind=kind, opponent_no=opp, color=color,
                                mp=mp, gp=gp[n], boards=sheet[n], source="330")
            elif faced:
                opp = faced.most_common(1)[0][0]
                row = _match(n, opp, rnd, sheet, gp, mpts, rec.colours)
            else:
                row = _bye(n, rnd, byes.get((rnd, n)), sheet[n], players, team, mpts, ps,
                           boards, pab, boards_say)
            row = _override(row, results.get((rnd, n)), defaults)
            rows[n].append(row)
    pabs = [r for rs in rows.values() for r in rs if r.kind is Kind.PAB]
    if rec.pab is None and any(r.source != "boards" for r in pabs):
        notes.append(f"a PAB without record 320 counts {_text(pab[0])} MP and "
                     f"{_text(pab[1])} GP: {why}")
    if any(r.source == "boards" for r in pabs):
        notes.append(f"a PAB without record 320 whose boards are written (U, F or + against "
                     f"0000) counts the game points of its boards and {_text(pab[0])} MP: a "
                     "drawn match, the default (--team-pab to choose)")
    notes.extend(_default_notes(rec.adjustments, rows, opts.apply_299_defaults))
    bonus: dict[int, list[Bonus]] = {}
    for a in rec.adjustments:
        if a.kind == "bonus" and a.team_no is not None:
            rnd_or_none = None if a.round in (None, 999) else a.round
            bonus.setdefault(a.team_no, []).append(
                (rnd_or_none, a.mp or Fraction(0), a.gp or Fraction(0)))
    return TeamEvent(teams=teams, boards=boards, rounds=rounds, match_points=mpts,
                     game_win=ps.win, game_draw=ps.draw,
                     rows={n: tuple(rs) for n, rs in rows.items()},
                     bonus={n: tuple(b) for n, b in bonus.items()},
                     notes=tuple(dict.fromkeys(notes)))


def _text(x: Fraction) -> str:
    """``Fraction(1, 2)`` -> ``0.5`` (notes; quarter points are exact decimals)."""
    return exact(x, most=2)


def _board_count(t: Tournament, rec: TeamRecords, teams: tuple[TeamEntry, ...],
                 team_of: dict[int, int], rounds: int) -> int:
    if rec.colours:
        return len(rec.colours)
    most = 0
    for rnd in range(1, rounds + 1):
        fielded = Counter(team_of[p.start_no] for p in t.players if p.start_no in team_of
                          and _has_board(p.result(rnd)))
        most = max(most, *fielded.values(), 0)
    return most or max((len(team.members) for team in teams), default=1)


def _boards(team: TeamEntry, rnd: int, players: dict[int, Player],
            lineup: dict[tuple[int, int], tuple[int | None, ...]],
            facing: dict[int, tuple[int, tuple[int | None, ...]]],
            boards: int,
            points: dict[Outcome, Fraction]) -> tuple[Board, ...]:
    """The boards of ``team`` in round ``rnd``; ``points``: each outcome's worth (the
    event's point system, looked up once per event)."""
    results = {m: players[m].result(rnd) for m in team.members if m in players}
    order = lineup.get((rnd, team.number))
    if order is None:
        fielded = [m for m, r in results.items() if _has_board(r)]
        order = _facing_order(fielded, results, facing)
    out = []
    for k, sn in enumerate(order[:boards], 1):
        if sn is None or sn not in players:
            out.append(Board(k, None, None, Color.NONE, Outcome.NOT_PAIRED, Fraction(0)))
            continue
        r = results[sn] if sn in results else players[sn].result(rnd)  # a line-up's non-member
        out.append(Board(k, sn, r.opponent, r.color, r.outcome, points[r.outcome]))
    return tuple(out)


def _facing_order(fielded: list[int], results: dict[int, RoundResult],
                  facing: dict[int, tuple[int, tuple[int | None, ...]]]) -> tuple[int, ...]:
    """Board order of a team without a line-up: facing the boards of an opponent that has a
    300 line-up (its empty boards taken by the members who won on an empty board, in 310
    order), else 310 order; members without an opponent last."""
    seated = [m for m in fielded if results[m].opponent in facing]
    if not seated:
        return tuple(sorted(fielded, key=lambda m: results[m].opponent is None))
    theirs = facing[results[seated[0]].opponent or 0][1]
    seats: list[int | None] = [None] * len(theirs)
    rest = []
    for m in fielded:
        opp = results[m].opponent
        if opp is not None and opp in facing and seats[facing[opp][0] - 1] is None:
            seats[facing[opp][0] - 1] = m
        else:
            rest.append(m)
    empty = [k for k, sn in enumerate(theirs) if sn is None and seats[k] is None]
    for k in empty:
        free = next((m for m in rest if results[m].opponent is None), None)
        if free is not None:
            seats[k] = free
            rest.remove(free)
    rest.sort(key=lambda m: results[m].opponent is None)
    return tuple(m for m in seats if m is not None) + tuple(rest)


def _has_board(r: RoundResult) -> bool:
    """A member's round is a board: a game or forfeit against a player, or a forfeit win
    on an empty board (``+`` against ``0000``); ``-``, byes and blanks against nobody are
    not (``0000 - -`` marks a member not fielded)."""
    return r.opponent is not None or r.outcome is Outcome.FORFEIT_WIN


def _match(n: int, opp: int, rnd: int, sheet: dict[int, tuple[Board, ...]],
           gp: dict[int, Fraction], mpts: MatchPoints, colours: str) -> TeamRound:
    mine, theirs = gp[n], gp[opp]
    played = any(b.outcome.played for b in (*sheet[n], *sheet[opp]))
    if played or (mine > 0 and theirs > 0):
        kind = Kind.PLAYED
        mp = mpts.win if mine > theirs else mpts.loss if mine < theirs or mine == 0 \
            else mpts.draw
    elif mine == theirs:
        kind, mp = Kind.DOUBLE_FORFEIT, mpts.loss
    else:
        kind = Kind.FORFEIT_WIN if mine > theirs else Kind.FORFEIT_LOSS
        mp = mpts.win if mine > theirs else mpts.loss
    color = Color.NONE
    for b in sheet[n]:  # the first board with a colour says which side the team had
        if b.color is not Color.NONE:
            white_board = not colours or colours[(b.number - 1) % len(colours)] == "W"
            color = b.color if white_board else b.color.opposite()
            break
    return TeamRound(team_no=n, round=rnd, kind=kind, opponent_no=opp, color=color, mp=mp,
                     gp=mine, boards=sheet[n], source="boards")


def _bye(n: int, rnd: int, bye: TeamBye | None, boards_: tuple[Board, ...],
         players: dict[int, Player], team: TeamEntry, mpts: MatchPoints, ps: PointSystem,
         boards: int, pab: tuple[Fraction, Fraction], boards_say: bool) -> TeamRound:
    """A team without a match in round ``rnd``: its bye (``bye``: the 240 / 320 record),
    else what its members' lines say.  ``boards_say``: a PAB's boards, when written, give
    its game points (no 320 values and no :attr:`TeamOptions.pab`)."""
    lines = [players[m].result(rnd) for m in team.members if m in players]
    if bye is not None:
        kind, source = Kind(bye.kind), "240" if bye.kind != "PAB" else "320"
    else:
        outcomes = {r.outcome for r in lines}
        outcomes.discard(Outcome.NOT_PAIRED)
        if len(outcomes) == 1 and next(iter(outcomes)) in _BYE_LETTER:
            kind = _BYE_LETTER[next(iter(outcomes))]
        elif outcomes == {Outcome.FORFEIT_WIN} and all(r.opponent is None for r in lines):
            kind = Kind.PAB  # "+" against 0000 on every board fielded
        else:
            kind = Kind.ZPB if Outcome.ZERO_BYE in outcomes else Kind.ABSENT
        source = "members"
    value = {Kind.PAB: pab, Kind.FPB: (mpts.win, ps.win * boards),
             Kind.HPB: (mpts.draw, ps.draw * boards)}.get(kind, (mpts.loss, Fraction(0)))
    if kind is Kind.PAB and boards_say:
        written = [r.outcome for r in lines if r.opponent is None
                   and r.outcome in _PAB_BOARD][:boards]
        if written:
            value, source = (pab[0], sum((ps.points(o) for o in written), Fraction(0))), "boards"
    return TeamRound(team_no=n, round=rnd, kind=kind, opponent_no=None, color=Color.NONE,
                     mp=value[0], gp=value[1], boards=boards_, source=source)


_DEFAULT_LETTER = {Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "-",
                   Kind.FPB: "F", Kind.HPB: "H", Kind.ZPB: "Z", Kind.PAB: "U"}
"""The 299 result type whose default line gives a team round of each kind its points."""
_RESULT_WORDS = {"+": "forfeit win", "-": "forfeit loss", "F": "full-point bye",
                 "H": "half-point bye", "Z": "zero-point bye", "U": "pairing-allocated bye",
                 "W": "won match", "D": "drawn match", "L": "lost match"}
_LISTED = 5
"""Team rounds a note on a 299 default line names (then how many more)."""


def _default_notes(adjustments: tuple[TeamAdjustment, ...],
                   rows: dict[int, list[TeamRound]], applied: bool) -> list[str]:
    """For each 299 default line (no round, no team: a new value for one result type), a
    note saying what it set, which team rounds it changed (or would have) and that FIDE's
    reference implementation ignores such lines."""
    notes = []
    for a in adjustments:
        if a.kind != "default":
            continue
        what = _RESULT_WORDS.get(a.letter, f"result {a.letter!r}")
        value = " and ".join(f"{_text(v)} {unit}" for v, unit in ((a.mp, "MP"), (a.gp, "GP"))
                             if v is not None) or "its usual points"
        hits = [f"team {r.team_no} in round {r.round}" for n in sorted(rows) for r in rows[n]
                if _DEFAULT_LETTER.get(r.kind) == a.letter and r.source != "299"]
        said = f"record 299 (no round, no team) makes every {what} worth {value}"
        if not hits:
            notes.append(f"{said}: this event has no {what}")
            continue
        listed = ", ".join(hits[:_LISTED]) + (f" and {len(hits) - _LISTED} more"
                                              if len(hits) > _LISTED else "")
        if applied:
            notes.append(f"{said}: applied to {listed}; FIDE's reference implementation "
                         "ignores such lines, so its values differ there")
        else:
            notes.append(f"{said}: not applied ({listed} keep their usual points), as FIDE's "
                         "reference implementation does")
    return notes


def _override(row: TeamRound, result: TeamAdjustment | None,
              defaults: dict[str, TeamAdjustment]) -> TeamRound:
    """A 299 per-round result, else a 299 default for the row's result type."""
    if result is not None:
        kind = _299_KIND.get(result.letter, row.kind)
        return replace(row, kind=kind, mp=row.mp if result.mp is None else result.mp,
                       gp=row.gp if result.gp is None else result.gp, source="299")
    letter = _DEFAULT_LETTER.get(row.kind)
    default = defaults.get(letter or "")
    if default is not None:
        return replace(row, mp=row.mp if default.mp is None else default.mp,
                       gp=row.gp if default.gp is None else default.gp)
    return row
