"""Properties of the team standings on generated team events (issue 18, "Must show").

A generated event (:func:`team_events`): 2-6 teams of 1-3 boards, 1-4 rounds; each round
the teams are paired at random, an odd team out gets a PAB (record 320), an FPB, HPB or
ZPB (record 240); a match is played board by board (any result, now and then a board
won by forfeit) or forfeited as a whole (record 330).  Match or game points primary, the
2024 or the 2026 rules.

* renumbering the teams (and their players) changes no place and no value;
* ESB/C2 <= ESB/C1 <= ESB;
* every team system's explanation accounts for its value (rows add up to it, or the notes
  state the formula and its inputs), as ``test_tiebreaks_explained`` checks for the
  individual systems, and the individual systems on a team score too;
* on a one-board event (every player a team of one) BH:MP and SB:MP equal the players'
  individual BH and SB under a 2-1-0 point system.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import consistent_tournaments
from test_tiebreaks_explained import CHECKS, _counted, _rank, _sum

from swisstb_io.model import Color, Outcome, Player, PointSystem, RoundResult, Team, Tournament
from swisstb_io.numbers import round_half_up
from swisstb_io.teams.matches import TeamOptions
from swisstb_io.teams.standings import team_standings
from swisstb_io.tiebreaks import CalcOptions, Explanation, standings

_BOARD = st.sampled_from("10=")  # the white team's result on a board
_INVERSE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
_OUTCOME = {"1": Outcome.WIN, "0": Outcome.LOSS, "=": Outcome.DRAW, "+": Outcome.FORFEIT_WIN,
            "-": Outcome.FORFEIT_LOSS}


@dataclass(frozen=True)
class Event:
    """An abstract team event: teams 0..n-1, per round the matches (white, black, board
    results or a 330 type) and the team out with its bye kind."""

    teams: int
    boards: int
    rounds: tuple[tuple[tuple[tuple[int, int, str], ...], tuple[int, str] | None], ...]
    primary: str
    edition: str


@st.composite
def team_events(draw: st.DrawFn) -> Event:
    n = draw(st.integers(2, 6))
    boards = draw(st.integers(1, 3))
    rounds = []
    for _ in range(draw(st.integers(1, 4))):
        order = draw(st.permutations(range(n)))
        matches = []
        for w, b in zip(order[0::2], order[1::2], strict=False):
            if draw(st.integers(0, 9)) == 0:
                matches.append((w, b, draw(st.sampled_from(("+-", "-+", "--")))))
            else:
                cells = draw(st.lists(_BOARD | st.sampled_from("+-") if draw(st.booleans())
                                      else _BOARD, min_size=boards, max_size=boards))
                matches.append((w, b, "".join(cells)))
        out = (order[-1], draw(st.sampled_from(("PAB", "F", "H", "Z")))) if n % 2 else None
        rounds.append((tuple(matches), out))
    return Event(n, boards, tuple(rounds), draw(st.sampled_from(("MP", "GP"))),
                 draw(st.sampled_from(("2024", "2026"))))


def build(ev: Event, number: tuple[int, ...]) -> Tournament:
    """The TRF-2026 tournament of ``ev`` with team ``k`` numbered ``number[k]`` (its
    board-b player ``10 * number[k] + b``)."""
    def sn(team: int, board: int) -> int:
        return 10 * number[team] + board

    results: dict[int, list[RoundResult]] = {sn(k, b): [] for k in range(ev.teams)
                                             for b in range(1, ev.boards + 1)}
    pab = ["000"] * len(ev.rounds)
    r240, r330 = [], []
    for rnd, (matches, out) in enumerate(ev.rounds, 1):
        for w, b, cells in matches:
            if cells in ("+-", "-+", "--"):
                r330.append(f"330 {cells} {rnd:3d} {number[w]:3d} {number[b]:3d}")
                white, black = cells[0] * ev.boards, cells[1] * ev.boards
            else:
                white, black = cells, "".join(_INVERSE[c] for c in cells)
            for k in range(ev.boards):
                color = Color.WHITE if k % 2 == 0 else Color.BLACK
                results[sn(w, k + 1)].append(RoundResult(_OUTCOME[white[k]], sn(b, k + 1), color))
                results[sn(b, k + 1)].append(RoundResult(_OUTCOME[black[k]], sn(w, k + 1),
                                                         color.opposite()))
        if out is not None:
            team, kind = out
            outcome = {"PAB": Outcome.PAIRING_BYE, "F": Outcome.FULL_BYE,
                       "H": Outcome.HALF_BYE, "Z": Outcome.ZERO_BYE}[kind]
            for k in range(ev.boards):
                results[sn(team, k + 1)].append(RoundResult(outcome))
            if kind == "PAB":
                pab[rnd - 1] = f"{number[team]:3d}"
            else:
                r240.append(f"240 {kind} {rnd:3d} {number[team]:4d}")
    extras = {"trf:352": "352 " + "WB" * ev.boards,
              "trf:362": "362 TW 2.0   TD 1.0   TL 0.0",
              "trf:320": "320  1.0  " + f"{ev.boards:3.1f} " + " ".join(pab)}
    if r240:
        extras["trf:240"] = "\n".join(r240)
    if r330:
        extras["trf:330"] = "\n".join(r330)
    extras["trf:352"] = extras["trf:352"][:4 + ev.boards]
    players = tuple(Player(s, f"P{s}", tuple(rs)) for s, rs in sorted(results.items()))
    teams = tuple(Team(f"T{number[k]}", tuple(sn(k, b) for b in range(1, ev.boards + 1)),
                       number[k]) for k in range(ev.teams))
    system = f"FIDE_TEAM_{ev.primary}_{'GP' if ev.primary == 'MP' else 'MP'}"
    return Tournament(name="generated", players=players, pairing_system=system,
                      teams=teams, extras=extras)


def _options(ev: Event, explain: bool = False) -> CalcOptions:
    return CalcOptions(fide_rules=ev.edition, explain=explain)


CHAIN = ("MPVGP,EDE,BH:MP/C1,BH:GP,FB:MP,EMMSB/C1,EMGSB,EGMSB/P,EGGSB/C2,SSSC,SSSC/F,BC,TBR,"
         "BBE,STD,WIN,USAT,PS:MP,KS:MP")


@settings(max_examples=60, deadline=None)
@given(ev=team_events(), data=st.data())
def test_renumbering_teams_changes_nothing(ev: Event, data: st.DataObject) -> None:
    numbers = tuple(range(1, ev.teams + 1))
    other = tuple(data.draw(st.permutations(numbers)))
    before = team_standings(build(ev, numbers), CHAIN, options=_options(ev))
    after = team_standings(build(ev, other), CHAIN, options=_options(ev))
    b = {s.start_no: (s.place, s.points, {k: v.value for k, v in s.values.items()})
         for s in before.result.rows}
    a = {numbers[other.index(s.start_no)]: (s.place, s.points,
                                            {k: v.value for k, v in s.values.items()})
         for s in after.result.rows}
    assert a == b


@settings(max_examples=60, deadline=None)
@given(ev=team_events())
def test_esb_with_a_cut_is_at_most_esb(ev: Event) -> None:
    codes = ("EMMSB", "EMGSB", "EGMSB", "EGGSB")
    t = build(ev, tuple(range(1, ev.teams + 1)))
    ts = team_standings(t, ",".join(f"{c},{c}/C1,{c}/C2" for c in codes), options=_options(ev))
    for s in ts.result.rows:
        for c in codes:
            full, c1, c2 = (s.values[k].value for k in (c, f"{c}/C1", f"{c}/C2"))
            assert full is not None and c1 is not None and c2 is not None
            assert c2 <= c1 <= full, (s.start_no, c)


def _sssc(value: Fraction | None, e: Explanation) -> None:
    """SSSC: secondary + the Buchholz rows / F, rounded half up to 2 decimals."""
    note = next(n for n in e.notes if n.startswith("SSSC = "))
    m = re.match(r"SSSC = \w+ (\S+) \+ \S+ \S+ / (\d+) = ", note)
    assert m is not None, note
    secondary = Fraction(m.group(1))
    exact = secondary + sum(_counted(e), Fraction(0)) / int(m.group(2))
    assert value == round_half_up(exact, 2), (value, e)


TEAM_CHECKS = {
    **dict.fromkeys(("MPTS", "GPTS", "MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "BC",
                     "USAT"), _sum),
    **dict.fromkeys(("EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"), _rank),
    "SSSC": _sssc,
}
TEAM_SPECS = ("MPTS", "GPTS", "MPVGP", "EMMSB", "EMMSB/C1", "EMGSB/C2", "EGMSB/P",
              "EGGSB/C1/P", "SSSC", "SSSC/K2", "SSSC/F", "SSSC/C1/P", "BC", "TBR", "BBE",
              "EDE", "EDE/P", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "USAT")
ON_SCORES = ("BH:MP", "BH:GP/C1", "FB:MP", "SB:MP", "SB:GP/C1", "PS:MP", "KS:MP", "AOB:MP",
             "WIN", "WON", "STD", "WIN:GP", "WON:GP", "STD:GP", "DE:MP", "GE", "BPG")


def test_every_team_system_has_a_check() -> None:
    from swisstb_io.tiebreaks import systems

    assert {s.code for s in systems() if s.team_only} == set(TEAM_CHECKS)
    assert {spec.split("/")[0] for spec in TEAM_SPECS} == set(TEAM_CHECKS)


@settings(max_examples=40, deadline=None)
@given(ev=team_events())
def test_team_explanations_account_for_their_values(ev: Event) -> None:
    t = build(ev, tuple(range(1, ev.teams + 1)))
    for text in TEAM_SPECS + ON_SCORES:
        ts = team_standings(t, text, options=_options(ev, explain=True))
        key = ts.result.chain[0].key
        code = ts.result.chain[0].code
        check = TEAM_CHECKS.get(code) or CHECKS[code]
        for row in ts.result.rows:
            tv = row.values[key]
            if tv.explanation is not None:
                assert tv.explanation.rule, text
                check(tv.value, tv.explanation)


_TWO_ONE_ZERO = PointSystem(win=Fraction(2), draw=Fraction(1), loss=Fraction(0),
                            forfeit_win=Fraction(2), pairing_bye=Fraction(2),
                            full_bye=Fraction(2), half_bye=Fraction(1))


@settings(max_examples=60, deadline=None)
@given(t=consistent_tournaments(max_players=8, max_rounds=5, teams=False),
       edition=st.sampled_from(("2024", "2026")))
def test_one_board_teams_have_their_players_bh_and_sb(t: Tournament, edition: str) -> None:
    """Every player a team of one, 2-1-0: a PAB without 320 given its individual worth
    (TW, and 1 GP); the event has at least one game."""
    assume(any(r.opponent is not None for p in t.players for r in p.results))
    t = replace(t, point_system=_TWO_ONE_ZERO, teams=tuple(
        Team(p.name, (p.start_no,), p.start_no) for p in t.players))
    options = CalcOptions(fide_rules=edition)
    alone = {s.start_no: s.values for s in standings(t, "BH,SB", options).rows}
    teams = team_standings(t, "BH:MP,SB:MP", options=options,
                           team_options=TeamOptions(pab=(Fraction(2), Fraction(1))))
    for s in teams.result.rows:
        assert s.values["BH:MP"].value == alone[s.start_no]["BH"].value, s.start_no
        assert s.values["SB:MP"].value == alone[s.start_no]["SB"].value, s.start_no
