"""The checks of a TRF-2026 team event: what its team records declare against the team
standings swisstb computes (``teams.md`` §A.3.2, "Checks").

* **310** (cols 55-60 MP, 62-67 GP, 69-71 rank): each team's declared match and game points
  against the rolled-up totals (with 299 bonus lines), and its declared rank against its
  place under the file's chain (a rank inside a shared place is fine; a file that declares
  no chain: inside the teams on its primary score, as players' ranks are checked).  A rank
  of 0 or blank is none.
* **801** (informative cross-table rows): per team its MP and GP (cols 12-15, 17-22), then
  one block per round from col 24, ``8 + 2 x boards`` wide: ``OOO c RRRR LLLL`` (opponent,
  colour, one result per board, line-up positions); a bye shows ``FFFF``, ``HHHH``, ``UUUU``
  or ``ZZZZ`` (also an absent team's round).  Each round's opponent, bye kind and game
  points are checked against the computed team round.
* **802** (the same, with game points): MP and GP (cols 15-20, 21-27), then one block per
  round from col 29, 13 wide: ``OOO c GGGGf`` (opponent, colour, the team's game points,
  ``f`` for a forfeited match) or the bye's kind (``FPB``, ``HPB``, ``PAB``, ``ZPB``) and its
  game points.  Each round's opponent or bye, game points and forfeit mark are checked.

Every finding is located at the record's line and the field's column.  The file's data are
read as text (UTF-8; a byte that is not UTF-8 is one character, as a Latin-1 column is).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ..errors import Diagnostic, Location, Severity, SwisstbError
from ..model import Tournament
from ..teams.kinds import Kind
from ..teams.matches import TeamEvent
from ..teams.standings import TeamStandings, team_standings
from ..tiebreaks.values import num
from ..trf import layout as L

_BOARD_RESULT = {"1": "win", "+": "win", "=": "draw", "0": "", "-": "", " ": ""}
"""A board result of an 801 block: a win, a draw or nothing (162 gives the points)."""
_BYE = {"F": Kind.FPB, "H": Kind.HPB, "U": Kind.PAB, "Z": Kind.ZPB}
_BLOCK_START = 24
"""The column of the first round block of an 801 record."""


def _number(text: str) -> Decimal | None:
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


class _Found:
    def __init__(self, path: str) -> None:
        self.path = path
        self.items: list[Diagnostic] = []

    def add(self, line: int, col: int, kind: str, message: str) -> None:
        self.items.append(Diagnostic(Location(self.path, line, col), message, Severity.ERROR,
                                     kind))


def _totals(ts: TeamStandings) -> dict[int, tuple[Fraction, Fraction]]:
    ctx = ts.context
    mp, gp = ctx.mp, ctx.gp
    return {r.start_no: (mp.frac(mp.points[ctx.index[r.start_no]]),
                         gp.frac(gp.points[ctx.index[r.start_no]])) for r in ts.result.rows}


def _check_310(line: str, no: int, ts: TeamStandings,
               totals: dict[int, tuple[Fraction, Fraction]], f: _Found) -> None:
    team_no = int(L.cut(line, L.T310_NUMBER).strip() or 0)
    if team_no not in totals:
        return
    mp, gp = totals[team_no]
    for span, what, value in ((L.T310_MP, "match points", mp), (L.T310_GP, "game points", gp)):
        declared = _number(L.cut(line, span))
        if declared is not None and Fraction(declared) != value:
            f.add(no, span[0], "team-total-mismatch",
                  f"team {team_no}: 310 declares {L.cut(line, span).strip()} {what}, but the "
                  f"board results give {num(value)}")
    rank_text = L.cut(line, L.T310_RANK).strip()
    if not rank_text.isdigit() or int(rank_text) == 0:
        return
    rank = int(rank_text)
    rows = ts.result.rows
    row = next(r for r in rows if r.start_no == team_no)
    if ts.chain_origin == "default":  # the file never said how it breaks ties
        tied = [r.place for r in rows if r.points == row.points]
        lo, hi, how = min(tied), min(tied) + len(tied) - 1, f"by {ts.primary} (no chain declared)"
    else:
        lo, hi = row.place, row.last_place
        how = f"by {ts.primary}, then {ts.chain_text} ({ts.chain_origin})"
    if not lo <= rank <= hi:
        want = str(lo) if lo == hi else f"{lo}-{hi}"
        f.add(no, L.T310_RANK[0], "rank-mismatch",
              f"team {team_no} ({row.name}): 310 declares rank {rank}, but swisstb ranks the "
              f"team {want} {how}")


def _check_801(line: str, no: int, event: TeamEvent,
               totals: dict[int, tuple[Fraction, Fraction]], f: _Found) -> None:
    team_no = _check_totals(line, no, "801", ((12, 15), (17, 22)), event, totals, f)
    if team_no is None:
        return
    rows = event.rows[team_no]
    boards = event.boards
    width = 8 + 2 * boards
    for k, row in enumerate(rows):
        col = _BLOCK_START + k * width
        block = line[col - 1: col - 1 + width].ljust(width)
        if not block.strip():
            continue
        results = block[6:6 + boards]
        opponent = block[:3].strip()
        where = f"team {team_no} round {row.round}: 801"
        if not opponent:
            kind = _BYE.get(results[:1])
            actual = Kind.ZPB if row.kind is Kind.ABSENT else row.kind  # ZZZZ: no points
            if kind is not None and kind is not actual:
                f.add(no, col + 6, "team-crosstable-mismatch",
                      f"{where} shows {kind.value}, but the team's round is "
                      f"{row.kind.value}")
            continue
        if not opponent.isdigit() or int(opponent) != row.opponent_no:
            theirs = "no opponent" if row.opponent_no is None else f"team {row.opponent_no}"
            f.add(no, col, "team-crosstable-mismatch",
                  f"{where} names opponent {opponent}, but the board results pair {theirs}")
            continue
        if any(c not in _BOARD_RESULT for c in results):
            continue
        worth = {"win": event.game_win, "draw": event.game_draw, "": Fraction(0)}
        declared_gp = sum((worth[_BOARD_RESULT[c]] for c in results), Fraction(0))
        if declared_gp != row.gp:
            f.add(no, col + 6, "team-crosstable-mismatch",
                  f"{where} gives {results.strip()} = {num(declared_gp)} game points against "
                  f"team {opponent}, but the board results give {num(row.gp)}")


def _check_totals(line: str, no: int, record: str, spans: tuple[L.Span, L.Span], event: TeamEvent,
                  totals: dict[int, tuple[Fraction, Fraction]], f: _Found) -> int | None:
    """The team number of an 801 / 802 line (``None`` when it names no team of the event),
    its declared match and game points (at ``spans``) checked against the computed ones."""
    number = L.cut(line, (5, 7)).strip()
    if not number.isdigit() or int(number) not in event.rows:
        return None
    team_no = int(number)
    for span, what, value in zip(spans, ("match points", "game points"), totals[team_no],
                                 strict=True):
        declared = _number(L.cut(line, span))
        if declared is not None and Fraction(declared) != value:
            f.add(no, span[0], "team-crosstable-mismatch",
                  f"team {team_no}: {record} declares {L.cut(line, span).strip()} {what}, "
                  f"but the board results give {num(value)}")
    return team_no


_FORFEITED = (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)


def _check_802(line: str, no: int, event: TeamEvent,
               totals: dict[int, tuple[Fraction, Fraction]], f: _Found) -> None:
    team_no = _check_totals(line, no, "802", ((15, 20), (21, 27)), event, totals, f)
    if team_no is None:
        return
    for k, row in enumerate(event.rows[team_no]):
        col = 29 + 13 * k
        block = line[col - 1: col + 12].ljust(13)
        if not block.strip():
            continue
        where = f"team {team_no} round {row.round}: 802"
        head = block[:3].strip()
        actual = Kind.ZPB if row.kind is Kind.ABSENT else row.kind
        if head.isdigit():
            if int(head) != row.opponent_no:
                theirs = "no opponent" if row.opponent_no is None else f"team {row.opponent_no}"
                f.add(no, col, "team-crosstable-mismatch",
                      f"{where} names opponent {head}, but the board results pair {theirs}")
                continue
            if (block[10] == "f") != (row.kind in _FORFEITED):
                mark = "marks" if block[10] == "f" else "does not mark"
                f.add(no, col + 10, "team-crosstable-mismatch",
                      f"{where} {mark} the match as forfeited, but the team's round is "
                      f"{row.kind.value}")
        elif head in _KINDS and _KINDS[head] is not actual:
            f.add(no, col, "team-crosstable-mismatch",
                  f"{where} shows {head}, but the team's round is {row.kind.value}")
            continue
        declared = _number(block[6:10])
        if declared is not None and Fraction(declared) != row.gp:
            f.add(no, col + 6, "team-crosstable-mismatch",
                  f"{where} gives {block[6:10].strip()} game points, but the board results "
                  f"give {num(row.gp)}")


_KINDS = {k.value: k for k in (Kind.PAB, Kind.FPB, Kind.HPB, Kind.ZPB)}


def check_team_records(t: Tournament, data: bytes, path: str,
                       chain: str | None = None) -> list[Diagnostic]:
    """The 310, 801 and 802 findings of team event ``t`` read from ``data`` (module docstring);
    ``chain``: the team chain to check ranks with (default: the file's)."""
    f = _Found(path)
    try:
        ts = team_standings(t, chain)
    except SwisstbError as exc:
        f.items.append(Diagnostic(Location(path), f"the team standings cannot be computed "
                                  f"({exc.message}); 310 ranks and totals are not checked",
                                  Severity.WARNING, "tiebreaks-unknown"))
        return f.items
    totals = _totals(ts)
    text = data.decode("utf-8", errors="replace")
    for no, line in enumerate(text.splitlines(), 1):
        if line.startswith("310 "):
            _check_310(line, no, ts, totals, f)
        elif line.startswith("801 "):
            _check_801(line, no, ts.event, totals, f)
        elif line.startswith("802 "):
            _check_802(line, no, ts.event, totals, f)
    return f.items
