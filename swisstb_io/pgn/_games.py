"""One PGN game as the reader uses it: the tags it reads, decoded and checked.

The tags read (formats/pgn/README.md): ``Event``, ``Site``, ``Date``, ``EventDate``,
``Round``, ``Board``, ``White``, ``Black``, ``Result``, ``Termination``, and for each
side ``…Elo``, ``…FideId``, ``…Title``, ``…Team`` and ``…StartNo``.  The others stay in
the game's text, which the writer gives back.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import NamedTuple

from ..errors import quoted
from ..limits import MAX_NUMBER_DIGITS
from ._scan import RawGame, Warn, tag_offset, text

At = tuple[int, int, bytes]
"""A tag of a game: the game's start, the end of its tag section, and the tag's name; where
it is (:func:`._scan.tag_offset`) is worked out only for a message."""

UNKNOWN = frozenset({"", "?", "-", "??"})
"""Tag values that say nothing (the standard's ``?`` and what programs write instead)."""
BYE_NAMES = frozenset({"bye"})
"""Names (compared without case) of the pseudo-player a bye is played against."""

_DATE = re.compile(r"(\d{4}|\?{4})[./-](\d\d|\?\?)[./-](\d\d|\?\?)")


class Side(NamedTuple):
    """A player as a game's tags name them (the same tags give the same ``Side``)."""

    name: str
    """As written, spaces trimmed."""
    key: str
    """The name normalised for spaces and case: how players are told apart without a
    FIDE id."""
    fide_id: str
    """A plausible FIDE id (digits, not zero), or ``""``."""
    elo: int | None
    title: str
    team: str
    start_no: int | None
    is_bye: bool
    """The pseudo-player ``BYE``."""


class Game(NamedTuple):
    """The tags of one game that the reader uses."""

    start: int
    tags_end: int
    end: int
    """``data[start:end]`` is the game as the file has it (:class:`._scan.RawGame`)."""
    marker: str
    """The movetext's termination marker (``""`` if none)."""
    marker_at: int
    event: str
    site: str
    event_date: str
    date: dt.date | None
    date_text: str
    round: tuple[int, ...] | None
    """``Round "3.1.2"`` as ``(3, 1, 2)``; ``None`` when the tag is missing or ``?``."""
    round_text: str
    board: int | None
    white: Side
    black: Side
    result: str
    termination: str

    def tag(self, name: bytes) -> At:
        """The game's tag ``name`` (its start when it has none), for messages."""
        return self.start, self.tags_end, name


def name_key(name: str) -> str:
    """``name`` for telling players apart: spaces collapsed (none around a comma), case
    folded.  ``"Carlsen ,  Magnus"`` and ``"carlsen, magnus"`` are one player."""
    return " ".join(name.split()).replace(" ,", ",").replace(", ", ",").casefold()


def plausible_fide_id(text: str) -> str:
    """``text`` as a FIDE id when it can be one (1 to 10 digits, not all zero), else ``""``."""
    text = text.strip()
    return text if text.isascii() and text.isdigit() and len(text) <= 10 and int(text) else ""


def parse_date(text: str) -> dt.date | None:
    """A PGN date (``2024.03.01``; ``/`` and ``-`` are read too) when it is complete and real."""
    match = _DATE.fullmatch(text.strip())
    if match is None or "?" in text:
        return None
    try:
        return dt.date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None


def parse_round(text: str) -> tuple[int, ...] | None:
    """``"3"``, ``"3.1"``, ``"3.1.2"`` as numbers; ``None`` for a round the file does not
    give (``?``, ``-``, empty); raises ``ValueError`` for anything else."""
    text = text.strip()
    if text in UNKNOWN:
        return None
    parts = text.split(".")
    if not all(p.isdigit() and p.isascii() and len(p) <= MAX_NUMBER_DIGITS for p in parts):
        raise ValueError(text)
    return tuple(map(int, parts))


class _Decoder:
    """Decodes the tags of one game and warns about values that cannot be used."""

    def __init__(self, data: bytes, raw: RawGame, encoding: str, warn: Warn) -> None:
        self.data = data
        self.raw = raw
        self.tags = dict(raw.tags)  # a tag given twice: the second is read
        self.encoding = encoding
        self.warn = warn

    def text(self, name: bytes) -> str:
        value = self.tags.get(name)
        return "" if value is None else text(value, self.encoding)

    def bad(self, name: bytes, message: str) -> None:
        self.warn(tag_offset(self.data, self.raw, name), message, "pgn-bad-value")

    def number(self, name: bytes, what: str) -> int | None:
        value = self.text(name)
        if value.isdigit() and value.isascii() and len(value) <= MAX_NUMBER_DIGITS:
            return int(value) or None
        if value in UNKNOWN:
            return None
        self.bad(name, f"{name.decode()} {quoted(value)} is not {what}; it is left out")
        return None

    def side(self, colour: bytes, people: dict[tuple[bytes | None, ...], Side]) -> Side:
        """White's or Black's side; ``people`` holds the sides already made from the same
        tags (a player's games name them alike), whose values are then checked once."""
        names = _SIDE_TAGS[colour]
        raw = tuple(map(self.tags.get, names))
        side = people.get(raw)
        if side is None:
            side = people[raw] = self._side(*names)
        return side

    def _side(self, colour: bytes, id_tag: bytes, title_tag: bytes, team_tag: bytes,
              elo_tag: bytes, start_tag: bytes) -> Side:
        name = self.text(colour)
        given_id = self.text(id_tag)
        fide_id = plausible_fide_id(given_id)
        if given_id and not fide_id and given_id not in UNKNOWN | {"0"}:
            self.bad(id_tag, f"{id_tag.decode()} {quoted(given_id)} is not a FIDE id "
                     "(digits); the player is told apart by name")
        title, team, key = self.text(title_tag), self.text(team_tag), name_key(name)
        return Side(
            name=name,
            key=key,
            fide_id=fide_id,
            elo=self.number(elo_tag, "a rating"),
            title="" if title in UNKNOWN else title,
            team="" if team in UNKNOWN else team,
            start_no=self.number(start_tag, "a start number"),
            is_bye=key in BYE_NAMES,
        )


_SIDE_TAGS = {colour: (colour, colour + b"FideId", colour + b"Title", colour + b"Team",
                       colour + b"Elo", colour + b"StartNo") for colour in (b"White", b"Black")}


def game_of(data: bytes, raw: RawGame, encoding: str, warn: Warn,
            people: dict[tuple[bytes | None, ...], Side]) -> Game | None:
    """The game ``raw`` as the reader uses it; ``None`` (with a warning) when it names no
    players, and for a game without tags (text before or between games).  ``people``:
    the sides made so far (:meth:`_Decoder.side`)."""
    if not raw.tags:
        return None
    decode = _Decoder(data, raw, encoding, warn)
    if len(decode.tags) < len(raw.tags):
        _warn_twice(data, raw, encoding, warn)
    white, black = decode.side(b"White", people), decode.side(b"Black", people)
    if white.name in UNKNOWN or black.name in UNKNOWN:
        warn(raw.start, "this game does not name both players (White and Black tags); it is "
             "left out", "pgn-no-players")
        return None
    round_text = decode.text(b"Round")
    try:
        round_no = parse_round(round_text)
    except ValueError:
        round_no = None  # the reader refuses it where the round is needed
    date_text = decode.text(b"Date")
    event = decode.text(b"Event")
    site = decode.text(b"Site")
    return Game(
        start=raw.start,
        tags_end=raw.tags_end,
        end=raw.end,
        marker=raw.marker.decode("ascii"),
        marker_at=raw.marker_at,
        event="" if event in UNKNOWN else event,
        site="" if site in UNKNOWN else site,
        event_date=decode.text(b"EventDate"),
        date=parse_date(date_text),
        date_text=date_text,
        round=round_no,
        round_text=round_text,
        board=decode.number(b"Board", "a board number"),
        white=white,
        black=black,
        result=decode.text(b"Result"),
        termination=decode.text(b"Termination"),
    )


def _warn_twice(data: bytes, raw: RawGame, encoding: str, warn: Warn) -> None:
    """A warning for each tag given twice with two values (the second is read)."""
    seen: dict[bytes, bytes] = {}
    for name, value in raw.tags:
        before = seen.get(name)
        if before is not None and before != value:
            warn(tag_offset(data, raw, name), f"tag {name.decode()} is given twice in this "
                 f"game ({quoted(text(before, encoding))}, then {quoted(text(value, encoding))}"
                 "); the second is read", "pgn-tags-disagree")
        seen[name] = value


__all__ = ["BYE_NAMES", "UNKNOWN", "At", "Game", "Side", "game_of", "name_key", "parse_date",
           "parse_round", "plausible_fide_id"]
