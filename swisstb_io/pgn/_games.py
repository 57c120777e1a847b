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
from ._results import Reading, reading
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
    event: tuple[str, str, str]
    """Its ``Event``, ``Site`` and ``EventDate`` (``""`` for a tag that says nothing):
    the event it belongs to (:class:`._events.Events`)."""
    date: dt.date | None
    date_text: str
    round: tuple[int, ...] | None
    """``Round "3.1.2"`` as ``(3, 1, 2)``; ``None`` when the tag is missing or ``?``."""
    round_text: str
    board: int | None
    white: Side
    black: Side
    result: str
    read: Reading
    """What ``result`` (else the moves' ``marker``) says with the ``Termination`` tag
    (:func:`._results.reading`)."""

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


class Values:
    """The tag values of one file, each decoded and checked once: every game of an event
    repeats its ``Event``, ``Site`` and ``EventDate``, the games of a round their ``Date``,
    and a player's games the player's tags.  It lives as long as one read and holds one
    entry per distinct value."""

    def __init__(self, data: bytes, encoding: str, warn: Warn) -> None:
        self.data = data
        self.encoding = encoding
        self.warn = warn
        self.texts: dict[bytes | None, str] = {None: ""}
        self.events: dict[tuple[bytes | None, ...], tuple[str, str, str]] = {}
        self.dates: dict[str, dt.date | None] = {}
        self.rounds: dict[str, tuple[int, ...] | None] = {}
        self.readings: dict[tuple[str, str], Reading] = {}
        self.people: dict[tuple[bytes | None, ...], Side] = {}

    def text(self, value: bytes | None) -> str:
        """A tag's value as text (:func:`._scan.text`); ``""`` for a tag the game lacks."""
        known = self.texts.get(value)
        if known is None:
            known = self.texts[value] = text(value, self.encoding) if value is not None else ""
        return known

    def event(self, tags: dict[bytes, bytes]) -> tuple[str, str, str]:
        """The game's ``Event``, ``Site`` and ``EventDate``."""
        raw = (tags.get(b"Event"), tags.get(b"Site"), tags.get(b"EventDate"))
        known = self.events.get(raw)
        if known is None:
            event, site, event_date = map(self.text, raw)
            known = self.events[raw] = ("" if event in UNKNOWN else event,
                                        "" if site in UNKNOWN else site, event_date)
        return known

    def date(self, value: str) -> dt.date | None:
        if value not in self.dates:
            self.dates[value] = parse_date(value)
        return self.dates[value]

    def round(self, value: str) -> tuple[int, ...] | None:
        """The round ``value`` gives, ``None`` when it gives none or cannot be one (the
        reader refuses it where the round is needed)."""
        if value not in self.rounds:
            try:
                self.rounds[value] = parse_round(value)
            except ValueError:
                self.rounds[value] = None
        return self.rounds[value]

    def reading(self, result: str, termination: str) -> Reading:
        key = (result, termination)
        known = self.readings.get(key)
        if known is None:
            known = self.readings[key] = reading(result, termination)
        return known

    def side(self, tags: dict[bytes, bytes], raw: RawGame, colour: bytes) -> Side:
        """White's or Black's side: made once for each set of values of the side's tags
        (a player's games name them alike), whose values are then checked once."""
        names = _SIDE_TAGS[colour]
        key = tuple(map(tags.get, names))
        side = self.people.get(key)
        if side is None:
            side = self.people[key] = self._side(tags, raw, *names)
        return side

    def _bad(self, raw: RawGame, name: bytes, message: str) -> None:
        self.warn(tag_offset(self.data, raw, name), message, "pgn-bad-value")

    def number(self, tags: dict[bytes, bytes], raw: RawGame, name: bytes, what: str
               ) -> int | None:
        value = self.text(tags.get(name))
        if value.isdigit() and value.isascii() and len(value) <= MAX_NUMBER_DIGITS:
            return int(value) or None
        if value in UNKNOWN:
            return None
        self._bad(raw, name, f"{name.decode()} {quoted(value)} is not {what}; it is left out")
        return None

    def _side(self, tags: dict[bytes, bytes], raw: RawGame, colour: bytes, id_tag: bytes,
              title_tag: bytes, team_tag: bytes, elo_tag: bytes, start_tag: bytes) -> Side:
        name = self.text(tags.get(colour))
        given_id = self.text(tags.get(id_tag))
        fide_id = plausible_fide_id(given_id)
        if given_id and not fide_id and given_id not in UNKNOWN | {"0"}:
            self._bad(raw, id_tag, f"{id_tag.decode()} {quoted(given_id)} is not a FIDE id "
                      "(digits); the player is told apart by name")
        title, team = self.text(tags.get(title_tag)), self.text(tags.get(team_tag))
        key = name_key(name)
        return Side(
            name=name,
            key=key,
            fide_id=fide_id,
            elo=self.number(tags, raw, elo_tag, "a rating"),
            title="" if title in UNKNOWN else title,
            team="" if team in UNKNOWN else team,
            start_no=self.number(tags, raw, start_tag, "a start number"),
            is_bye=key in BYE_NAMES,
        )


_SIDE_TAGS = {colour: (colour, colour + b"FideId", colour + b"Title", colour + b"Team",
                       colour + b"Elo", colour + b"StartNo") for colour in (b"White", b"Black")}


def game_of(raw: RawGame, values: Values) -> Game | None:
    """The game ``raw`` as the reader uses it; ``None`` (with a warning) when it names no
    players, and for a game without tags (text before or between games)."""
    if not raw.tags:
        return None
    tags = dict(raw.tags)  # a tag given twice: the second is read
    if len(tags) < len(raw.tags):
        _warn_twice(values.data, raw, values.encoding, values.warn)
    white, black = values.side(tags, raw, b"White"), values.side(tags, raw, b"Black")
    if white.name in UNKNOWN or black.name in UNKNOWN:
        values.warn(raw.start, "this game does not name both players (White and Black tags); "
                    "it is left out", "pgn-no-players")
        return None
    text = values.text
    round_text, date_text = text(tags.get(b"Round")), text(tags.get(b"Date"))
    result = text(tags.get(b"Result"))
    marker = raw.marker.decode("ascii")
    return Game(
        start=raw.start,
        tags_end=raw.tags_end,
        end=raw.end,
        marker=marker,
        marker_at=raw.marker_at,
        event=values.event(tags),
        date=values.date(date_text),
        date_text=date_text,
        round=values.round(round_text),
        round_text=round_text,
        board=values.number(tags, raw, b"Board", "a board number"),
        white=white,
        black=black,
        result=result,
        read=values.reading(result or marker, text(tags.get(b"Termination"))),
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


__all__ = ["BYE_NAMES", "UNKNOWN", "At", "Game", "Side", "Values", "game_of", "name_key",
           "parse_date", "parse_round", "plausible_fide_id"]
