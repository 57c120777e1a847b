"""Write PGN: one game per pairing, or the games a PGN file was read from.

For an event read from another format every pairing becomes a game with tags only (no
moves): the Seven Tag Roster (``Event``, ``Site``, ``Date``, ``Round`` as ``"r.b"``,
``White``, ``Black``, ``Result``), then ``WhiteElo``/``BlackElo``, ``…Title``,
``…FideId``, ``…Team``, ``…StartNo``, ``EventDate``, ``Board`` and, for an unplayed game,
``Termination`` (formats/pgn/README.md has the conventions).  Each round is written in
board order: games by the higher score of their two players before the round, then the
lower start number; then byes, as games against ``BYE``.  Such a file can seed a
broadcast or a database.

An event read from PGN keeps its games' text (the ``pgn:games`` extra): a game whose
pairing and result the event still has is written as it was read, movetext and all, in
file order; pairings the file did not have follow, written as above.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

from ..errors import WriteError
from ..model import Color, Outcome, Player, RoundResult, Tournament
from ..registry import WriteOptions
from ..textio import BOM
from . import _results
from ._games import plausible_fide_id

_NEWLINES = {"LF": "\n", "CRLF": "\r\n", "CR": "\r"}
_EOL = re.compile(r"\r\n|\r|\n")
_DATES = (re.compile(r"(\d\d)/(\d\d)/(\d\d)"), re.compile(r"(\d{4})[./-](\d\d)[./-](\d\d)"))


class Pairing(NamedTuple):
    """One game (or bye) of the event, as it will be written."""

    round: int
    board: int
    white: Player
    black: Player | None
    """``None`` for a bye: the game is against ``BYE``."""
    white_outcome: Outcome
    black_outcome: Outcome
    """``NOT_PAIRED`` for a bye."""

    @property
    def key(self) -> tuple[int, int, int]:
        """The round and the two start numbers, lower first (``BYE`` is 0), whoever is
        White: the colours of an unplayed game are not the model's."""
        low, high = sorted((self.white.start_no, self.black.start_no if self.black else 0))
        return self.round, low, high

    @property
    def outcomes(self) -> tuple[tuple[int, str], ...]:
        """Each player's outcome, by start number."""
        sides = [(self.white.start_no, self.white_outcome.value)]
        if self.black is not None:
            sides.append((self.black.start_no, self.black_outcome.value))
        return tuple(sorted(sides))


def write(t: Tournament, options: WriteOptions) -> bytes:
    """The event as PGN."""
    return write_sections((t,), options)


def write_sections(sections: Sequence[Tournament], options: WriteOptions) -> bytes:
    """Several events as one PGN file (PGN holds any number of events)."""
    first = sections[0].extras
    newline = options.newline or _NEWLINES.get(first.get("pgn:newline", "LF"), "\n")
    parts: list[tuple[str, bool]] = []
    for t in sections:
        parts.extend(_parts(t, newline))
    prelude = next((t.extras["pgn:prelude"] for t in sections if "pgn:prelude" in t.extras), "")
    text = prelude + _joined(parts, newline)
    encoding = options.encoding or first.get("pgn:encoding", "utf-8")
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        data = text.encode("utf-8")  # a name the file's old encoding has no letter for
    except LookupError as exc:
        raise WriteError(f"unknown encoding {encoding!r}") from exc
    return (BOM if first.get("pgn:bom") == "yes" else b"") + data


def _parts(t: Tournament, newline: str) -> list[tuple[str, bool]]:
    """The texts of the event's games, in the order they are written, each with whether it
    is a game's text as read (the text before the file's first game, ``pgn:prelude``, is
    not one of them)."""
    pairings = pairings_of(t)
    by_key = {p.key: p for p in pairings}
    names = {p.start_no: p.name for p in t.players}
    parts: list[tuple[str, bool]] = []
    written: set[tuple[int, int, int]] = set()
    kept = json.loads(t.extras["pgn:games"]) if "pgn:games" in t.extras else []
    for rnd, w, b, white_outcome, black_outcome, white_name, black_name, text in kept:
        if rnd is None:
            parts.append((text, True))  # a game the reader left out comes back as it was
            continue
        low, high = sorted((w, b))
        key = (rnd, low, high)
        pairing = by_key.get(key)
        if pairing is None or key in written:
            continue  # the event no longer has this game
        written.add(key)
        outcomes = tuple(sorted((sn, o) for sn, o in ((w, white_outcome), (b, black_outcome))
                                if sn))
        same = pairing.outcomes == outcomes and (names.get(w, ""), names.get(b, "")) == (
            white_name, black_name)
        parts.append((text, True) if same else (_game(t, pairing, newline), False))
    parts.extend((_game(t, p, newline), False) for p in pairings if p.key not in written)
    return parts


def _joined(parts: list[tuple[str, bool]], newline: str) -> str:
    """The games one after the other.  A game as read follows the one before it as in its
    file (which ends where the next game starts); a game we write follows an empty line."""
    out: list[str] = []
    for text, as_read in parts:
        if out:
            before = out[-1]
            tail = before[len(before.rstrip(" \t\r\n")):]
            missing = (1 if as_read else 2) - len(_EOL.findall(tail))
            if missing > 0:
                out.append(newline * (2 if as_read else missing))
        out.append(text)
    return "".join(out)


def pairings_of(t: Tournament) -> list[Pairing]:
    """Every game and bye of ``t``, by round, in board order."""
    by_no = t.by_start_no()
    scores = {p.start_no: Fraction(0) for p in t.players}
    out: list[Pairing] = []
    for rnd in range(1, t.rounds + 1):
        games: list[Pairing] = []
        byes: list[Pairing] = []
        seen: set[frozenset[int]] = set()
        for p in t.players:
            res = p.result(rnd)
            if res.outcome.is_bye or (res.opponent is None and res.outcome.has_opponent):
                byes.append(Pairing(rnd, 0, p, None, res.outcome, Outcome.NOT_PAIRED))
                continue
            if res.opponent is None or frozenset((p.start_no, res.opponent)) in seen:
                continue
            seen.add(frozenset((p.start_no, res.opponent)))
            games.append(_pairing(rnd, p, by_no, res.opponent))
        games.sort(key=lambda g: (-max(scores[g.white.start_no], scores[g.black.start_no]
                                       if g.black else 0),
                                  min(g.white.start_no, g.black.start_no if g.black else 0)))
        byes.sort(key=lambda g: g.white.start_no)
        out.extend(g._replace(board=n) for n, g in enumerate([*games, *byes], 1))
        for p in t.players:
            scores[p.start_no] += t.point_system.points(p.result(rnd).outcome)
    return out


def _pairing(rnd: int, p: Player, by_no: dict[int, Player], opponent: int) -> Pairing:
    q = by_no.get(opponent)
    if q is None:
        raise WriteError(f"round {rnd}: player {p.start_no}'s opponent {opponent} is not in "
                         "the event")
    mine, theirs = p.result(rnd), q.result(rnd)
    if theirs.opponent not in (p.start_no, None):
        raise WriteError(f"round {rnd}: player {p.start_no} plays {q.start_no}, but "
                         f"{q.start_no}'s round {rnd} names {theirs.opponent}; a PGN game "
                         "has two players: fix the pairing")
    if mine.color is Color.BLACK or (mine.color is Color.NONE and (
            theirs.color is Color.WHITE or (theirs.color is Color.NONE
                                            and q.start_no < p.start_no))):
        p, q, mine, theirs = q, p, theirs, mine
    black_outcome = theirs.outcome if theirs.opponent is not None else (
        _results.reading(*_results.WRITTEN.get(mine.outcome, ("*", ""))).black)
    if _results.written(mine.outcome, black_outcome) is None:
        raise WriteError(f"round {rnd}: players {p.start_no} and {q.start_no} have results "
                         f"that do not mirror ({mine.outcome.value} and {black_outcome.value}); "
                         "a PGN game has one result: fix one of them")
    return Pairing(rnd, 0, p, q, mine.outcome, black_outcome)


def _game(t: Tournament, pairing: Pairing, newline: str) -> str:
    """One game with tags only."""
    white, black = pairing.white, pairing.black
    if black is None:
        result, termination = _results.BYE_WRITTEN.get(pairing.white_outcome) or (
            _results.WRITTEN.get(pairing.white_outcome, ("1-0", ""))[0], "")
    else:
        tags = _results.written(pairing.white_outcome, pairing.black_outcome)
        result, termination = tags if tags is not None else ("*", "")
    rows: list[tuple[str, str]] = [
        ("Event", _event_name(t) or "?"),
        ("Site", t.city or "?"),
        ("Date", _date_tag(t, pairing.round)),
        ("Round", f"{pairing.round}.{pairing.board}"),
        ("White", white.name),
        ("Black", black.name if black else "BYE"),
        ("Result", result),
    ]
    sides = [("White", white), ("Black", black)]
    for tag, value in (("Elo", lambda p: str(p.fide_rating) if p.fide_rating else ""),
                       ("Title", lambda p: p.title),
                       ("FideId", lambda p: plausible_fide_id(p.fide_id)),
                       ("Team", lambda p: p.team),
                       ("StartNo", lambda p: str(p.start_no))):
        rows.extend((colour + tag, value(player)) for colour, player in sides if player)
    start = t.start_date.value if t.start_date else None
    rows += [("EventDate", _pgn_date(start) if start else ""), ("Board", str(pairing.board)),
             ("Termination", termination)]
    lines = [f'[{name} "{_escaped(value)}"]' for name, value in rows if value]
    marker = result if result in _results.STANDARD or result == _results.PENDING else "*"
    return newline.join(lines) + newline * 2 + marker + newline * 2


def _event_name(t: Tournament) -> str:
    """The ``Event`` tag: the event's name, with the section's when it has one of its own
    (so the sections of one file stay apart when read back)."""
    if not t.section or (t.section.startswith(t.name) and t.name):
        return t.name
    return f"{t.name} - {t.section}" if t.name else t.section


def _date_tag(t: Tournament, rnd: int) -> str:
    date = _round_date(t, rnd)
    return _pgn_date(date) if date is not None else "????.??.??"


def _round_date(t: Tournament, rnd: int) -> dt.date | None:
    """Round ``rnd``'s date, when the event has one that can be read."""
    if rnd > len(t.round_dates):
        return None
    text = t.round_dates[rnd - 1].strip()
    for pattern in _DATES:
        match = pattern.fullmatch(text)
        if match is not None:
            year = int(match[1]) + (2000 if len(match[1]) == 2 else 0)
            try:
                return dt.date(year, int(match[2]), int(match[3]))
            except ValueError:
                return None
    return None


def _is_written(res: RoundResult) -> bool:
    """Whether a player's round is written as a game: a pairing (played or not), or a bye
    (a game against ``BYE``; also a game without its opponent)."""
    return res.opponent is not None or res.outcome.is_bye or res.outcome.has_opponent


def dates_written(t: Tournament) -> dict[int, dt.date]:
    """The ``Date`` each round's games are written with (rounds with a game or a bye and a
    readable date): what a reader finds as the round dates, the first and the last."""
    written = {rnd for p in t.players for rnd, res in enumerate(p.results, 1)
               if _is_written(res)}
    dates = {rnd: _round_date(t, rnd) for rnd in sorted(written)}
    return {rnd: date for rnd, date in dates.items() if date is not None}


def round_dates_kept(t: Tournament) -> bool:
    """Whether every round date of ``t`` comes back: each is readable and its round has a
    game or a bye to carry it."""
    written = dates_written(t)
    return all(rnd in written for rnd, text in enumerate(t.round_dates, 1) if text.strip())


def end_date_kept(t: Tournament) -> bool:
    """Whether ``t``'s end date comes back: it is the date of the last round written."""
    written = dates_written(t).values()
    return t.end_date is not None and t.end_date.value is not None and bool(written) and (
        t.end_date.value == max(written))


def trailing_kept(t: Tournament) -> bool:
    """Whether rounds without a game at the end of players' results come back: the last
    round of the event has a game or a bye, so every player's rounds go that far."""
    last = max((len(p.results) for p in t.players), default=0)
    return any(_is_written(p.result(last)) for p in t.players)


def _pgn_date(value: dt.date) -> str:
    return f"{value.year:04d}.{value.month:02d}.{value.day:02d}"


def _escaped(value: str) -> str:
    """``value`` as the inside of a PGN string (§7): one line, quotes and backslashes
    escaped."""
    one_line = " ".join(value.splitlines())
    return one_line.replace("\\", "\\\\").replace('"', '\\"')


__all__ = ["Pairing", "dates_written", "end_date_kept", "pairings_of", "round_dates_kept",
           "trailing_kept", "write", "write_sections"]
