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
from ._scan import RawGame, Tag, Warn

UNKNOWN = frozenset({"", "?", "-", "??"})
"""Tag values that say nothing (the standard's ``?`` and what programs write instead)."""
BYE_NAMES = frozenset({"bye"})
"""Names (compared without case) of the pseudo-player a bye is played against."""

_DATE = re.compile(r"(\d{4}|\?{4})[./-](\d\d|\?\?)[./-](\d\d|\?\?)")
_ROUND = re.compile(r"\d{1,9}(?:\.\d{1,9})*")
_SPACES = re.compile(r"\s+")
_COMMA = re.compile(r"\s*,\s*")


class Side(NamedTuple):
    """White or Black of one game."""

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
    at: int
    """Offset of the ``White``/``Black`` tag."""

    @property
    def is_bye(self) -> bool:
        return self.key in BYE_NAMES


class Game(NamedTuple):
    """The tags of one game that the reader uses."""

    position: int
    """Its place in the file (0-based)."""
    raw: RawGame
    event: str
    site: str
    event_date: str
    date: dt.date | None
    date_text: str
    round: tuple[int, ...] | None
    """``Round "3.1.2"`` as ``(3, 1, 2)``; ``None`` when the tag is missing or ``?``."""
    round_text: str
    round_at: int
    """Offset of the ``Round`` tag (of the game when there is none)."""
    board: int | None
    board_at: int
    white: Side
    black: Side
    result: str
    result_at: int
    termination: str


def name_key(name: str) -> str:
    """``name`` for telling players apart: spaces collapsed (none around a comma), case
    folded.  ``"Carlsen ,  Magnus"`` and ``"carlsen, magnus"`` are one player."""
    return _COMMA.sub(",", _SPACES.sub(" ", name.strip())).casefold()


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
    if _ROUND.fullmatch(text) is None:
        raise ValueError(text)
    return tuple(int(part) for part in text.split("."))


class _Decoder:
    """Decodes the tags of games and warns about values that cannot be used."""

    def __init__(self, encoding: str, warn: Warn) -> None:
        self.encoding = encoding
        self.warn = warn

    def text(self, tag: Tag | None) -> str:
        if tag is None:
            return ""
        return tag.value.decode(self.encoding).strip()

    def number(self, tag: Tag | None, what: str) -> int | None:
        text = self.text(tag)
        if text in UNKNOWN or text == "0" or tag is None:
            return None
        if not (text.isascii() and text.isdigit()) or len(text) > MAX_NUMBER_DIGITS:
            self.warn(tag.at, f"{tag.name} {quoted(text)} is not {what}; it is left out",
                      "pgn-bad-value")
            return None
        return int(text)

    def side(self, tags: dict[str, Tag], colour: str, at: int) -> Side:
        name = self.text(tags.get(colour))
        fide_tag = tags.get(colour + "FideId")
        fide_id = plausible_fide_id(self.text(fide_tag))
        if fide_tag is not None and not fide_id and self.text(fide_tag) not in UNKNOWN | {"0"}:
            self.warn(fide_tag.at, f"{fide_tag.name} {quoted(self.text(fide_tag))} is not a "
                      "FIDE id (digits); the player is told apart by name", "pgn-bad-value")
        title = self.text(tags.get(colour + "Title"))
        team = self.text(tags.get(colour + "Team"))
        return Side(
            name=name,
            key=name_key(name),
            fide_id=fide_id,
            elo=self.number(tags.get(colour + "Elo"), "a rating"),
            title="" if title in UNKNOWN else title,
            team="" if team in UNKNOWN else team,
            start_no=self.number(tags.get(colour + "StartNo"), "a start number"),
            at=at,
        )


def game_of(raw: RawGame, position: int, encoding: str, warn: Warn) -> Game | None:
    """The game ``raw`` as the reader uses it; ``None`` (with a warning) when it names no
    players, and for a game without tags (text before or between games)."""
    if not raw.tags:
        return None
    tags: dict[str, Tag] = {}
    decode = _Decoder(encoding, warn)
    for tag in raw.tags:
        before = tags.get(tag.name)
        if before is not None and before.value != tag.value:
            warn(tag.at, f"tag {tag.name} is given twice in this game "
                 f"({quoted(decode.text(before))}, then {quoted(decode.text(tag))}); the "
                 "second is read", "pgn-tags-disagree")
        tags[tag.name] = tag
    white, black = tags.get("White"), tags.get("Black")
    if white is None or black is None or decode.text(white) in UNKNOWN or (
            decode.text(black) in UNKNOWN):
        warn(raw.start, "this game does not name both players (White and Black tags); it is "
             "left out", "pgn-no-players")
        return None
    round_tag, board_tag, result_tag = tags.get("Round"), tags.get("Board"), tags.get("Result")
    round_text = decode.text(round_tag)
    try:
        round_no = parse_round(round_text)
    except ValueError:
        round_no = None  # the reader refuses it where the round is needed
    date_text = decode.text(tags.get("Date"))
    event = decode.text(tags.get("Event"))
    site = decode.text(tags.get("Site"))
    return Game(
        position=position,
        raw=raw,
        event="" if event in UNKNOWN else event,
        site="" if site in UNKNOWN else site,
        event_date=decode.text(tags.get("EventDate")),
        date=parse_date(date_text),
        date_text=date_text,
        round=round_no,
        round_text=round_text,
        round_at=round_tag.at if round_tag is not None else raw.start,
        board=decode.number(board_tag, "a board number"),
        board_at=board_tag.at if board_tag is not None else raw.start,
        white=decode.side(tags, "White", white.at),
        black=decode.side(tags, "Black", black.at),
        result=decode.text(result_tag),
        result_at=result_tag.at if result_tag is not None else raw.start,
        termination=decode.text(tags.get("Termination")),
    )


__all__ = ["BYE_NAMES", "UNKNOWN", "Game", "Side", "game_of", "name_key", "parse_date",
           "parse_round", "plausible_fide_id"]
