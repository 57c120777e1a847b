"""Read a PGN file (PGN standard, 1994, §8) into one model per event.

The file's games (:mod:`._scan`, :mod:`._games`) are grouped into events
(:mod:`._events`); each event's players are told apart and numbered (:mod:`._players`);
each game becomes a round of its two players (:mod:`._results` says what its result
means).  Every game's text is kept, as read, under the ``pgn:games`` extra (worked out
when a writer asks), so writing PGN back gives the games back with their movetext.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable
from types import MappingProxyType

from .. import textio
from ..errors import Diagnostics, FormatError, Location, quoted
from ..extras import LazyExtras
from ..limits import MAX_ROUNDS
from ..model import NOT_PAIRED, Color, DateText, Outcome, Player, RoundResult, Team, Tournament
from ..registry import ReadOptions, ReadResult
from ..validate import Places, check_games
from . import _results
from ._events import Event, group, labels
from ._games import UNKNOWN, At, Game, Side, game_of, parse_date
from ._players import Identity, identify, start_numbers
from ._scan import games as scan_games
from ._where import Where

FORMAT_NAME = "pgn"
GAMES_KEY = "pgn:games"
"""Extra holding every game's text as read (JSON: round, start numbers, outcomes, the
players' names, text)."""
_EOL = re.compile(rb"\r\n|\r|\n")
EOL_NAMES = {b"\r\n": "CRLF", b"\n": "LF", b"\r": "CR"}

Kept = tuple[int | None, int, int, str, str, int, int]
"""A game as :data:`GAMES_KEY` keeps it: round (``None`` for a game left out), White's and
Black's start numbers (0 for ``BYE``), their outcomes, and where its text is."""


def read(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    """Read every event of the file; ``tournament`` is the one ``options.section`` names
    (the first by default)."""
    if not data.strip():
        raise FormatError("the file is empty; a PGN file holds games with tag pairs "
                          '([Event "…"], [White "…"] …)', Location(path, 1, 1))
    encoding, bom = textio.encoding_of(data, path, "PGN")
    start = len(textio.BOM) if bom else 0
    where = Where(data, path, encoding, start)
    diag = Diagnostics(options.strict)

    def warn(offset: int, message: str, code: str) -> None:
        diag.warn(where(offset), message, code)

    games: list[Game] = []
    unread: list[tuple[int, int]] = []
    first = len(data)
    for index, raw in enumerate(scan_games(data, start, where, warn)):
        first = min(first, raw.start)
        game = game_of(data, raw, index, encoding, warn)
        if game is not None:
            games.append(game)
        else:
            unread.append((raw.start, raw.end))
    if not games:
        raise FormatError("no game here names its players: a PGN game starts with tag pairs "
                          'such as [White "…"] and [Black "…"]', Location(path, 1, 1))
    events = group(games, unread)
    names = labels(events)
    many = len(events) > 1
    index = _select(names, options.section, path) if many else 0
    newline = _EOL.search(data, start)
    common: dict[str, str] = {
        "pgn:encoding": encoding,
        "pgn:newline": EOL_NAMES[newline.group()] if newline else "LF",
    }
    if bom:
        common["pgn:bom"] = "yes"
    prelude = data[start:first].decode(encoding)
    sections = []
    for event, name in zip(events, names, strict=True):
        extras = dict(common)
        starts = [g.start for g in event.games] + [start for start, _ in event.unread]
        if prelude and min(starts) == first:
            extras["pgn:prelude"] = prelude
        sections.append(_event(event, name if many else "", extras, data, encoding, where,
                               diag, options))
    details = {
        "line endings": common["pgn:newline"],
        "BOM": "yes" if bom else "no",
        "games": str(len(games)),
        "events": str(len(events)),
    }
    return ReadResult(sections[index], FORMAT_NAME, encoding, diag.freeze(),
                      sections=tuple(names) if many else (), details=MappingProxyType(details),
                      all_sections=tuple(sections) if many else ())


def _select(names: list[str], wanted: str | None, path: str) -> int:
    """The event ``wanted`` names (by name without case, or 1-based number)."""
    if wanted is None:
        return 0
    key = wanted.strip().casefold()
    for i, name in enumerate(names):
        if name.casefold() == key:
            return i
    if key.isdecimal() and 1 <= int(key) <= len(names):
        return int(key) - 1
    listing = ", ".join(f"{i} {n!r}" for i, n in enumerate(names, 1))
    raise FormatError(f"no event {wanted!r} in this file (events: {listing})", Location(path))


def _rounds(event: Event, where: Where, diag: Diagnostics, options: ReadOptions) -> list[int]:
    """Each game's round: its ``Round`` tag, or its place among the dates of the event
    (``--rounds-by-date``) when some game has none."""
    for game in event.games:
        if game.round is None and game.round_text not in UNKNOWN:
            raise FormatError(f"Round {quoted(game.round_text)} is not a round number (write "
                              "3, or 3.1 for round 3, board 1)", where.tag(game.tag(b"Round")))
    missing = next((g for g in event.games if g.round is None), None)
    if missing is None:
        rounds = [g.round[0] for g in event.games if g.round is not None]
    elif not options.rounds_by_date:
        said = f"is {quoted(missing.round_text)}" if missing.round_text else "is missing"
        raise FormatError(f"this game's Round {said}: give each game its round (Round \"3\" "
                          "or \"3.1\" for round 3, board 1), or number the rounds by the games' "
                          "dates with --rounds-by-date", where.tag(missing.tag(b"Round")))
    else:
        undated = next((g for g in event.games if g.date is None), None)
        if undated is not None:
            raise FormatError(f"--rounds-by-date: this game's Date {quoted(undated.date_text)} "
                              "is not a full date (YYYY.MM.DD), so its round cannot be told",
                              where(undated.start))
        order = {d: n for n, d in enumerate(sorted({g.date for g in event.games
                                                    if g.date is not None}), 1)}
        rounds = [order[g.date] for g in event.games if g.date is not None]
        diag.info(where.tag(missing.tag(b"Round")), f"rounds numbered by date: {len(order)} "
                  "dates, one round a day", "pgn-rounds-by-date")
    for game, rnd in zip(event.games, rounds, strict=True):
        if not 1 <= rnd <= MAX_ROUNDS:
            raise FormatError(f"round {rnd} is not a round from 1 to {MAX_ROUNDS}",
                              where.tag(game.tag(b"Round")))
    return rounds


def _outcomes(game: Game, where: Where, diag: Diagnostics) -> _results.Reading:
    """What the game's result says, with a warning for what is not standard."""
    def warn(at: At, message: str, code: str) -> None:
        diag.warn(where.tag(at), message, code)

    result = game.result or game.marker
    read = _results.reading(result, game.termination)
    if not result:
        warn(game.tag(b""), "this game has no Result tag and no result after its moves; "
             "it counts as not played yet (*)", "pgn-no-result")
    elif read.unknown:
        warn(game.tag(b"Result"), f"result {quoted(result)} is not a PGN result (1-0, 0-1, "
             "1/2-1/2, *) nor a forfeit (+/-, -/+, -/-); the game counts as not played yet",
             "pgn-nonstandard-result")
    elif read.standard_as:
        warn(game.tag(b"Result"), f"result {quoted(result)} is not how PGN writes it; read as "
             f"{read.standard_as}", "pgn-nonstandard-result")
    marker = game.marker
    if game.result and marker and marker != game.result and (
            game.result in _results.STANDARD or game.result == _results.PENDING):
        diag.warn(where(game.marker_at), f"the Result tag says {game.result} but the moves "
                  f"end with {marker}; the tag is read", "pgn-tags-disagree")
    if game.board is not None and game.round is not None and len(game.round) > 1 and (
            game.round[1] != game.board):
        warn(game.tag(b"Board"), f"Round {game.round_text} says board {game.round[1]} but the "
             f"Board tag says {game.board}", "pgn-tags-disagree")
    return read


class _Table:
    """The rounds of an event being filled in, game by game."""

    def __init__(self, numbers: dict[Identity, int], rounds: int) -> None:
        self.results = {sn: [NOT_PAIRED] * rounds for sn in numbers.values()}
        self.taken: dict[tuple[int, int], At] = {}
        """(start number, round) -> the player's tag in the game that filled it."""

    def free(self, rnd: int, *players: int) -> At | None:
        """``None`` when every player is free in round ``rnd``, else the player's tag in
        the game that already holds one of them."""
        for sn in players:
            if (sn, rnd) in self.taken:
                return self.taken[sn, rnd]
        return None

    def put(self, rnd: int, sn: int, result: RoundResult, at: At) -> None:
        self.results[sn][rnd - 1] = result
        self.taken[sn, rnd] = at


def _event(event: Event, name: str, extras: dict[str, str], data: bytes, encoding: str,
           where: Where, diag: Diagnostics, options: ReadOptions) -> Tournament:
    def warn(offset: int, message: str, code: str) -> None:
        diag.warn(where(offset), message, code)

    rounds = _rounds(event, where, diag, options)
    entrants, identity = identify(event, diag, where)
    numbers = start_numbers(entrants, diag, where)
    table = _Table(numbers, max(rounds))
    kept: list[Kept] = []
    placed: list[tuple[int, int, int]] = []
    for game, rnd in zip(event.games, rounds, strict=True):
        read = _outcomes(game, where, diag)
        span = (game.start, game.end)
        white, black = game.white, game.black
        if white.is_bye and black.is_bye:
            warn(game.start, "both players of this game are BYE; it is left out",
                 "pgn-no-players")
            kept.append((None, 0, 0, "", "", *span))
            continue
        if white.is_bye or black.is_bye:
            side, own = (black, read.black) if white.is_bye else (white, read.white)
            sn = numbers[identity(side)]
            before = table.free(rnd, sn)
            if before is not None:
                _twice(warn, where, side, rnd, before, game)
                kept.append((None, 0, 0, "", "", *span))
                continue
            bye = _results.BYE_OUTCOMES.get(own, Outcome.PAIRING_BYE)
            table.put(rnd, sn, RoundResult(bye), side.at)
            w, b = (0, sn) if white.is_bye else (sn, 0)
            kept.append((rnd, w, b, bye.value if w else "", bye.value if b else "", *span))
            continue
        w, b = numbers[identity(white)], numbers[identity(black)]
        if w == b:
            raise FormatError(f"White and Black are the same player ({white.name!r} and "
                              f"{black.name!r}); a player cannot play themself",
                              where.tag(black.at))
        before = table.free(rnd, w, b)
        if before is not None:
            other = table.results[w][rnd - 1]
            if other.opponent == b:
                warn(game.start, f"round {rnd}: {white.name} and {black.name} already have "
                     f"a game in this round (at {_line(where.tag(before))}); this duplicate "
                     "is left out", "pgn-duplicate-game")
            else:
                _twice(warn, where, white if (w, rnd) in table.taken else black, rnd, before,
                       game)
            kept.append((None, 0, 0, "", "", *span))
            continue
        over_the_board = read.white.played or read.white is Outcome.NOT_PAIRED
        table.put(rnd, w, RoundResult(read.white, b, Color.WHITE if over_the_board
                                      else Color.NONE), white.at)
        table.put(rnd, b, RoundResult(read.black, w, Color.BLACK if over_the_board
                                      else Color.NONE), black.at)
        placed.append((rnd, w, b))
        kept.append((rnd, w, b, read.white.value, read.black.value, *span))
    for rnd in sorted(set(range(1, max(rounds) + 1)) - set(rounds)):
        diag.warn(Location(where.path), f"round {rnd} has no games in this event; every "
                  "player is counted absent in it", "pgn-round-missing")
    kept.extend((None, 0, 0, "", "", start, end) for start, end in event.unread)
    kept.sort(key=lambda entry: entry[5])
    first = {numbers[who]: e.first_at for who, e in entrants.items()}

    def cell(sn: int, rnd: int) -> Location:
        return where.tag(table.taken.get((sn, rnd), first[sn]))

    check_games(table.results, Places(cell, lambda sn: where.tag(first[sn])), diag,
                FORMAT_NAME)
    players = sorted(
        (Player(numbers[who], e.name, tuple(table.results[numbers[who]]), title=e.title,
                fide_rating=e.elo, fide_id=e.fide_id, team=e.team)
         for who, e in entrants.items()), key=lambda p: p.start_no)
    dates = sorted(g.date for g in event.games if g.date is not None)
    round_dates = _round_dates(event.games, rounds)
    start_date = _date_text(event.event_date) or (_pgn_date(dates[0]) if dates else None)
    games_json = _games_json(kept, data, encoding, {p.start_no: p.name for p in players})
    return Tournament(
        name=event.event,
        players=tuple(players),
        city=event.site,
        start_date=start_date,
        end_date=_pgn_date(dates[-1]) if dates else None,
        round_dates=round_dates,
        teams=_teams(players, placed),
        section=name,
        extras=LazyExtras(extras, {GAMES_KEY: games_json}),
    )


def _twice(warn: Callable[[int, str, str], None], where: Where, side: Side, rnd: int,
           before: At, game: Game) -> None:
    warn(game.start, f"round {rnd}: {side.name} is paired twice (this game and the one at "
         f"{_line(where.tag(before))}); this game is left out", "pgn-paired-twice")


def _line(location: Location) -> str:
    return f"line {location.line}" if location.line is not None else "the start"


def _date_text(text: str) -> DateText | None:
    if text in UNKNOWN or text == "????.??.??":
        return None
    return DateText(text, parse_date(text))


def _pgn_date(value: dt.date) -> DateText:
    return DateText(f"{value:%Y.%m.%d}", value)


def _round_dates(games: list[Game], rounds: list[int]) -> tuple[str, ...]:
    """Each round's date, the earliest of its games' (``""`` for a round without one)."""
    first: dict[int, dt.date] = {}
    for game, rnd in zip(games, rounds, strict=True):
        if game.date is not None and (rnd not in first or game.date < first[rnd]):
            first[rnd] = game.date
    if not first:
        return ()
    return tuple(f"{first[r]:%Y.%m.%d}" if r in first else "" for r in range(1, max(rounds) + 1))


def _teams(players: list[Player], placed: list[tuple[int, int, int]]) -> tuple[Team, ...]:
    """The teams, when the event is a team event: every player has a team, and in each
    round each team's players meet the players of one other team (a match).  Otherwise
    the ``…Team`` tags are the players' clubs, kept on the players only."""
    team_of = {p.start_no: p.team for p in players}
    if not placed or not all(team_of.values()):
        return ()
    opponent: dict[tuple[int, str], str] = {}
    for rnd, w, b in placed:
        tw, tb = team_of[w], team_of[b]
        if tw == tb or opponent.setdefault((rnd, tw), tb) != tb or (
                opponent.setdefault((rnd, tb), tw) != tw):
            return ()
    members: dict[str, list[int]] = {}
    for p in players:
        members.setdefault(p.team, []).append(p.start_no)
    return tuple(Team(team, tuple(sns)) for team, sns in members.items())


def _games_json(kept: list[Kept], data: bytes, encoding: str, names: dict[int, str]
                ) -> Callable[[], str]:
    """The :data:`GAMES_KEY` extra, made when first read."""
    def make() -> str:
        return json.dumps([[rnd, w, b, wo, bo, names.get(w, ""), names.get(b, ""),
                            data[s:e].decode(encoding)] for rnd, w, b, wo, bo, s, e in kept],
                          ensure_ascii=False)
    return make


__all__ = ["FORMAT_NAME", "GAMES_KEY", "read"]
