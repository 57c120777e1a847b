"""One PGN event from its games: each game into its event as it is read (:func:`add`),
then the event as a :class:`~swisstb_io.model.Tournament` (:func:`build`).

Rounds (formats/pgn/README.md): ``Round "3"``, ``"3.1"`` or ``"3.1.2"`` is round 3; a
missing or ``?`` round is an error unless ``--rounds-by-date`` numbers the event's rounds
by its games' dates.  Results: :mod:`._results`.  A player with no game in a round is
absent in it; a second game of a player in one round is left out with a warning.
Every game's text is kept, as read, under the ``pgn:games`` extra (worked out when a
writer asks), so writing PGN back gives the games back with their movetext.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterable

from ..errors import Diagnostics, FormatError, Location, quoted
from ..extras import LazyExtras
from ..limits import MAX_ROUNDS
from ..model import NOT_PAIRED, Color, DateText, Outcome, Player, RoundResult, Tournament
from ..registry import ReadOptions
from ..validate import Places, check_games
from . import _results
from ._events import Event, Record
from ._games import UNKNOWN, At, Game, parse_date
from ._players import Entrant, start_numbers
from ._teams import Placed, team_event
from ._where import Where

GAMES_KEY = "pgn:games"
"""Extra holding every game's text as read (JSON: round, start numbers, outcomes, the
players' names, text)."""

Kept = tuple[int | None, int, int, Outcome | None, Outcome | None, int, int]
"""A game as :data:`GAMES_KEY` keeps it: round (``None`` for a game left out), White's and
Black's start numbers (0 for ``BYE``), their outcomes (``None`` for ``BYE`` and a game left
out), and where its text is."""


def add(event: Event, game: Game, where: Where, diag: Diagnostics, options: ReadOptions
        ) -> None:
    """Put ``game`` into ``event``: its round checked, its result read (with the
    warnings), its players noted.  Raises :class:`FormatError` for a round that cannot
    be."""
    if game.round is None:
        if game.round_text not in UNKNOWN:
            raise FormatError(f"Round {quoted(game.round_text)} is not a round number (write "
                              "3, or 3.1 for round 3, board 1)", where.tag(game.tag(b"Round")))
        if not options.rounds_by_date:
            said = f"is {quoted(game.round_text)}" if game.round_text else "is missing"
            raise FormatError(f"this game's Round {said}: give each game its round (Round "
                              "\"3\" or \"3.1\" for round 3, board 1), or number the rounds by "
                              "the games' dates with --rounds-by-date",
                              where.tag(game.tag(b"Round")))
        if game.date is None:
            raise FormatError(f"--rounds-by-date: this game's Date {quoted(game.date_text)} "
                              "is not a full date (YYYY.MM.DD), so its round cannot be told",
                              where.tag(game.tag(b"Date")))
    elif not 1 <= game.round[0] <= MAX_ROUNDS:
        raise FormatError(f"round {game.round[0]} is not a round from 1 to {MAX_ROUNDS}",
                          where.tag(game.tag(b"Round")))
    read = _outcomes(game, where, diag)
    white, black = game.white, game.black
    if not white.is_bye and ((white.fide_id and white.fide_id == black.fide_id) or (
            white.key == black.key and not (white.fide_id and black.fide_id))):
        raise FormatError(f"White and Black are the same player ({white.name!r} and "
                          f"{black.name!r}); a player cannot play themself",
                          where.tag(game.tag(b"Black")))
    if white.is_bye and black.is_bye:
        diag.warn(where(game.start), "both players of this game are BYE; it is left out",
                  "pgn-no-players")
        event.unread.append((game.start, game.end))
        return
    white_outcome, black_outcome = read.white, read.black
    if read.requested and (white.is_bye or black.is_bye):  # a requested full-point bye
        white_outcome, black_outcome = (_requested(white_outcome), _requested(black_outcome))
    event.records.append(Record(
        game.round[0] if game.round is not None else None, game.date,
        None if white.is_bye else event.entrants.add(white, game.tag(b"White"), diag, where),
        None if black.is_bye else event.entrants.add(black, game.tag(b"Black"), diag, where),
        white_outcome, black_outcome, _board(game), game.start, game.tags_end, game.end))


def _requested(outcome: Outcome) -> Outcome:
    """A side's outcome in a game against ``BYE`` whose ``Termination`` says the bye was
    requested: a win (or a pending game) is the full-point bye."""
    won = outcome in (Outcome.WIN, Outcome.FORFEIT_WIN, Outcome.NOT_PAIRED)
    return Outcome.FULL_BYE if won else outcome


def _board(game: Game) -> int | None:
    """The game's board: ``Round "3.1"`` says board 1, else the ``Board`` tag."""
    if game.round is not None and len(game.round) > 1:
        return game.round[1]
    return game.board


def _outcomes(game: Game, where: Where, diag: Diagnostics) -> _results.Reading:
    """What the game's result says, with a warning for what is not standard."""
    def warn(at: At, message: str, code: str) -> None:
        diag.warn(where.tag(at), message, code)

    result = game.result or game.marker
    read = game.read
    if not result:
        warn(game.tag(b""), "this game has no Result tag and no result after its moves; it "
             "counts as not played yet (*)", "pgn-no-result")
    elif read.unknown:
        warn(game.tag(b"Result"), f"result {quoted(result)} is not a PGN result (1-0, 0-1, "
             "1/2-1/2, *) nor a forfeit (+/-, -/+, -/-); the game counts as not played yet",
             "pgn-nonstandard-result")
    elif read.standard_as:
        warn(game.tag(b"Result"), f"result {quoted(result)} is not how PGN writes it; read as "
             f"{read.standard_as}", "pgn-nonstandard-result")
    if game.result and game.marker and game.marker != game.result and (
            game.result in _results.STANDARD or game.result == _results.PENDING):
        diag.warn(where(game.marker_at), f"the Result tag says {game.result} but the moves "
                  f"end with {game.marker}; the tag is read", "pgn-tags-disagree")
    if game.board is not None and game.round is not None and len(game.round) > 1 and (
            game.round[1] != game.board):
        warn(game.tag(b"Board"), f"Round {game.round_text} says board {game.round[1]} but "
             f"the Board tag says {game.board}", "pgn-tags-disagree")
    return read


def _rounds(event: Event, where: Where, diag: Diagnostics) -> list[int]:
    """Each game's round: its ``Round``, or, when some game of the event has none
    (``--rounds-by-date``), its date's place among the event's dates."""
    missing = next((r for r in event.records if r.round is None), None)
    if missing is None:
        return [r.round for r in event.records if r.round is not None]
    undated = next((r for r in event.records if r.date is None), None)
    if undated is not None:
        raise FormatError("--rounds-by-date: this game has no full Date (YYYY.MM.DD), so its "
                          "round cannot be told", where.tag((undated.start, undated.tags_end,
                                                            b"Date")))
    order = {d: n for n, d in enumerate(sorted({r.date for r in event.records
                                                if r.date is not None}), 1)}
    diag.info(where.tag((missing.start, missing.tags_end, b"Round")), f"rounds numbered by "
              f"date: {len(order)} dates, one round a day", "pgn-rounds-by-date")
    return [order[r.date] for r in event.records if r.date is not None]


class _Table:
    """The rounds of an event being filled in, game by game: each player's results and,
    for each round, which of the event's records filled it (-1: none yet)."""

    def __init__(self, records: list[Record], number: dict[Entrant, int],
                 players: Iterable[int], rounds: int) -> None:
        self.records = records
        self.number = number
        self.results = {sn: [NOT_PAIRED] * rounds for sn in players}
        self.filled_by = {sn: [-1] * rounds for sn in self.results}

    def holder(self, rnd: int, players: tuple[int, ...]) -> At | None:
        """The player's tag in the game that already holds one of ``players`` in round
        ``rnd``, or ``None`` when they are free."""
        for sn in players:
            index = self.filled_by[sn][rnd - 1]
            if index >= 0:
                return self.at(sn, index)
        return None

    def at(self, sn: int, index: int) -> At:
        """Player ``sn``'s ``White`` or ``Black`` tag in record ``index``."""
        record = self.records[index]
        white = record.white is not None and self.number[record.white] == sn
        return record.start, record.tags_end, b"White" if white else b"Black"

    def put(self, rnd: int, sn: int, result: RoundResult, index: int) -> None:
        self.results[sn][rnd - 1] = result
        self.filled_by[sn][rnd - 1] = index


_WITH_COLOUR = frozenset(o for o in Outcome if o.played or o is Outcome.NOT_PAIRED)
"""Outcomes of a game whose colours are the model's: played, or not played yet."""


def build(event: Event, name: str, extras: dict[str, str], data: bytes, encoding: str,
          where: Where, diag: Diagnostics) -> Tournament:
    """The event as a tournament (``name``: its section name, ``""`` when the file holds
    one event)."""
    rounds = _rounds(event, where, diag)
    player_of = event.entrants.resolve(diag, where)
    entrants = list(dict.fromkeys(player_of.values()))
    numbers = start_numbers(entrants, diag, where)
    number = {raw: numbers[final] for raw, final in player_of.items()}
    table = _Table(event.records, number, numbers.values(), max(rounds))
    kept: list[Kept] = []
    placed: list[Placed] = []
    for index, (record, rnd) in enumerate(zip(event.records, rounds, strict=True)):
        w = number[record.white] if record.white is not None else 0
        b = number[record.black] if record.black is not None else 0
        if w == b:
            raise FormatError("White and Black are the same player; a player cannot play "
                              "themself", where.tag((record.start, record.tags_end, b"Black")))
        before = table.holder(rnd, (w, b) if w and b else (w or b,))
        if before is not None:
            _left_out(table, record, rnd, w, b, before, where, diag)
            kept.append((None, 0, 0, None, None, record.start, record.end))
            continue
        if not (w and b):  # a bye: the player's side of the result says which
            sn, own = (w, record.white_outcome) if w else (b, record.black_outcome)
            bye = _results.BYE_OUTCOMES.get(own, Outcome.PAIRING_BYE)
            table.put(rnd, sn, RoundResult(bye), index)
            kept.append((rnd, w, b, bye if w else None, bye if b else None, record.start,
                         record.end))
            continue
        coloured = record.white_outcome in _WITH_COLOUR
        table.put(rnd, w, RoundResult(record.white_outcome, b, Color.WHITE if coloured
                                      else Color.NONE), index)
        table.put(rnd, b, RoundResult(record.black_outcome, w, Color.BLACK if coloured
                                      else Color.NONE), index)
        placed.append((rnd, w, b, record.board))
        kept.append((rnd, w, b, record.white_outcome, record.black_outcome, record.start,
                     record.end))
    for rnd in sorted(set(range(1, max(rounds) + 1)) - set(rounds)):
        diag.warn(Location(where.path), f"round {rnd} has no games in this event; every "
                  "player is counted absent in it", "pgn-round-missing")
    first = {numbers[e]: e.first_at for e in entrants}

    def cell(sn: int, rnd: int) -> Location:
        index = table.filled_by[sn][rnd - 1] if rnd <= len(table.filled_by[sn]) else -1
        return where.tag(table.at(sn, index) if index >= 0 else first[sn])

    players = sorted((Player(numbers[e], e.name, tuple(table.results[numbers[e]]),
                             title=e.title, fide_rating=e.elo, fide_id=e.fide_id, team=e.team)
                      for e in entrants), key=lambda p: p.start_no)
    teams = team_event(players, placed)
    check_games(table.results, Places(cell, lambda sn: where.tag(first[sn])), diag, "pgn",
                team_of={p.start_no: p.team for p in players} if teams else None)
    if event.unread:  # the records are in file order; the games left out go between them
        kept.extend((None, 0, 0, None, None, start, end) for start, end in event.unread)
        kept.sort(key=lambda entry: entry[5])
    dates = sorted(event.dates)
    return Tournament(
        name=event.event,
        players=tuple(players),
        city=event.site,
        start_date=_date_text(event.event_date) or (_pgn_date(dates[0]) if dates else None),
        end_date=_pgn_date(dates[-1]) if dates else None,
        round_dates=_round_dates(event.records, rounds),
        teams=teams,
        section=name,
        extras=LazyExtras(extras, {GAMES_KEY: _games_json(
            kept, data, encoding, {p.start_no: p.name for p in players})}),
    )


def _left_out(table: _Table, record: Record, rnd: int, w: int, b: int, before: At,
              where: Where, diag: Diagnostics) -> None:
    """The warning for a game whose player already has a game in this round."""
    line = where.tag(before).line
    other = table.results[w][rnd - 1] if w else NOT_PAIRED
    if w and b and other.opponent == b:
        diag.warn(where(record.start), f"round {rnd}: these two players already have a game "
                  f"in this round (at line {line}); this duplicate is left out",
                  "pgn-duplicate-game")
        return
    who = record.white if w and table.filled_by[w][rnd - 1] >= 0 else record.black
    diag.warn(where(record.start), f"round {rnd}: {who.name if who else 'BYE'} is paired twice "
              f"(this game and the one at line {line}); this game is left out",
              "pgn-paired-twice")


def _date_text(text: str) -> DateText | None:
    if text in UNKNOWN or text == "????.??.??":
        return None
    return DateText(text, parse_date(text))


def _pgn_date(value: dt.date) -> DateText:
    return DateText(f"{value:%Y.%m.%d}", value)


def _round_dates(records: list[Record], rounds: list[int]) -> tuple[str, ...]:
    """Each round's date, the earliest of its games' (``""`` for a round without one)."""
    first: dict[int, dt.date] = {}
    for record, rnd in zip(records, rounds, strict=True):
        if record.date is not None and (rnd not in first or record.date < first[rnd]):
            first[rnd] = record.date
    if not first:
        return ()
    return tuple(f"{first[r]:%Y.%m.%d}" if r in first else "" for r in range(1, max(rounds) + 1))


def _games_json(kept: list[Kept], data: bytes, encoding: str, names: dict[int, str]
                ) -> Callable[[], str]:
    """The :data:`GAMES_KEY` extra, made when first read."""
    def make() -> str:
        return json.dumps([[rnd, w, b, wo.value if wo else "", bo.value if bo else "",
                             names.get(w, ""), names.get(b, ""), data[s:e].decode(encoding)]
                            for rnd, w, b, wo, bo, s, e in kept], ensure_ascii=False)
    return make


__all__ = ["GAMES_KEY", "add", "build"]
