"""The games of a PGN file as tag pairs and spans of bytes (PGN standard, 1994, §8).

The scanner works on the bytes.  Every character that gives PGN its structure is ASCII,
and neither UTF-8 nor Windows-1252 uses those bytes inside another character, so the
file is never decoded as a whole: the reader decodes the tag values it uses.

Movetext is skipped exactly (§8.2): brace comments ``{…}`` (they do not nest, may span
lines and hold anything but ``}``), rest-of-line comments ``;…``, lines that start with
``%`` (the escape mechanism of §6), recursive variations ``(…)`` to any depth, NAGs, move
numbers and moves.  The game termination marker is the last ``1-0``, ``0-1``,
``1/2-1/2`` or ``*`` outside comments and variations.

Where games start and end:

* a game starts at its first tag pair.  Its tag section is the tag pairs that follow,
  with comments, ``%`` lines and at most one empty line between them (ChessBase writes
  one after ``Event``).  Two empty lines, or an empty line before a tag the game already
  has, end the section without movetext, and the next tag pair starts the next game (a
  game without movetext is valid).
* the movetext runs to the next tag pair outside comments and variations, or to the end
  of the file.  A line that starts with ``[`` but is no tag pair stays movetext (with a
  warning).

Tag values are strings (§7): ``"…"`` where ``\\"`` is a quote and ``\\\\`` a backslash.
A value with a bare quote inside (some programs write them) runs to the last ``"]`` of
its line, as python-chess reads it, with a warning.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import NamedTuple

from ..errors import FormatError, Location

_NAME = rb"[A-Za-z0-9][A-Za-z0-9_+#=:-]*"
_TAG = re.compile(rb'\[[ \t]*(' + _NAME + rb')[ \t]*"((?:[^"\\\r\n]++|\\[^\r\n])*+)"[ \t]*\]')
_LOOSE_TAG = re.compile(rb'\[[ \t]*(' + _NAME + rb')[ \t]*"([^\r\n]*)"[ \t]*\]')
_ESCAPE = re.compile(rb"\\(.)")
_REST_OF_LINE = re.compile(rb"[^\r\n]*+")
_GAP = re.compile(rb"(?:[ \t\f\v\r\n]++|;[^\r\n]*+|(?<![^\r\n])%[^\r\n]*+)*+")
_EMPTY_LINE = re.compile(rb"(?>\r\n|\r|\n)[ \t\f\v]*+(?=[\r\n])")
_MARKER_TEXT = rb"(?:1-0|0-1|1/2-1/2|\*)(?![^\s{}()\[\];])"
_MARKER = re.compile(_MARKER_TEXT)
_MOVETEXT = re.compile(
    rb"(?:(?!" + _MARKER_TEXT + rb")[^\s{}()\[;%]++"  # a move, move number or NAG
    rb"|\s++"
    rb"|\{[^}]*+\}"  # a comment
    rb"|;[^\r\n]*+"  # a comment to the end of the line
    rb"|(?<![^\r\n])%[^\r\n]*+"  # an escaped line
    rb"|[%}])*+"  # stray characters
)
"""Movetext up to the next ``(``, ``)``, ``[``, unclosed ``{`` or termination marker."""

Warn = Callable[[int, str, str], None]
"""``warn(offset, message, code)``: a problem at byte ``offset`` that does not stop reading."""
Locate = Callable[[int], Location]
"""``locate(offset)``: where byte ``offset`` is, as ``path:line:col``."""


class Tag(NamedTuple):
    """One tag pair: its name, its value (escapes resolved, not decoded) and where its
    ``[`` is."""

    name: str
    value: bytes
    at: int


class RawGame(NamedTuple):
    """One game as the file holds it."""

    start: int
    """Offset of the game's first ``[``."""
    end: int
    """Offset where the next game starts (or the file ends): ``data[start:end]`` is the
    game with the blank lines after it."""
    tags: tuple[Tag, ...]
    marker: bytes
    """The game termination marker (``b""`` when the movetext has none)."""
    marker_at: int


def games(data: bytes, start: int, locate: Locate, warn: Warn) -> Iterator[RawGame]:
    """Every game of ``data`` from offset ``start`` (after a BOM), in file order; what
    comes before the first tag pair is not a game.  Raises :class:`FormatError` for a
    comment that is never closed."""
    pos = _skip_movetext(data, start, locate, warn)[0]
    while pos < len(data):
        begin = pos
        tags, pos, ended = _tag_section(data, pos, warn)
        marker, marker_at = b"", -1
        if not ended:
            pos, marker, marker_at = _skip_movetext(data, pos, locate, warn)
        yield RawGame(begin, pos, tuple(tags), marker, marker_at)


def _tag_at(data: bytes, pos: int, warn: Warn | None) -> re.Match[bytes] | None:
    """The tag pair at ``pos`` (a loose one, with a warning when ``warn`` is given)."""
    match = _TAG.match(data, pos)
    if match is None:
        match = _LOOSE_TAG.match(data, pos)
        if match is not None and warn is not None:
            warn(pos, f"tag {match.group(1).decode('ascii')}: a quote inside the value is not "
                 'escaped (write \\" for it); the value is read to the last "] of the line',
                 "pgn-bare-quote")
    return match


def _tag_section(data: bytes, pos: int, warn: Warn) -> tuple[list[Tag], int, bool]:
    """The tag pairs from ``pos`` (a ``[``), where the section ends, and whether the game
    ended with it (no movetext: another game's tag pair follows)."""
    tags: list[Tag] = []
    names: set[str] = set()
    empty_lines = 0
    while True:
        match = _tag_at(data, pos, warn)
        if match is None:
            warn(pos, "this line starts with '[' but is not a tag pair ([Name \"value\"]); "
                 "it is left out", "pgn-bad-tag")
            pos = _line_end(data, pos)
        else:
            name = match.group(1).decode("ascii")
            if tags and name in names and empty_lines:
                return tags, pos, True  # the next game, which has no movetext before it
            value = match.group(2)
            if b"\\" in value and match.re is _TAG:
                value = _ESCAPE.sub(rb"\1", value)
            tags.append(Tag(name, value, pos))
            names.add(name)
            pos = match.end()
        gap = _GAP.match(data, pos)
        assert gap is not None  # the pattern matches the empty string
        empty_lines = len(_EMPTY_LINE.findall(data, pos, gap.end())) if gap.end() > pos + 1 else 0
        pos = gap.end()
        if pos >= len(data):
            return tags, pos, True
        if data[pos] != 0x5B:
            return tags, pos, False  # the movetext
        if empty_lines >= 2 and tags:
            return tags, pos, True


def _skip_movetext(data: bytes, pos: int, locate: Locate, warn: Warn
                   ) -> tuple[int, bytes, int]:
    """Skip movetext from ``pos`` to the next tag pair (or the end); returns where that is
    and the termination marker with its offset."""
    depth = 0
    marker, marker_at = b"", -1
    end = len(data)
    while True:
        run = _MOVETEXT.match(data, pos)
        assert run is not None  # the pattern matches the empty string
        pos = run.end()
        if pos >= end:
            return pos, marker, marker_at
        char = data[pos]
        if char == 0x28:  # (
            depth += 1
            pos += 1
        elif char == 0x29:  # )
            depth = max(depth - 1, 0)
            pos += 1
        elif char == 0x5B:  # [
            if _tag_at(data, pos, None) is not None:
                return pos, marker, marker_at
            if pos == 0 or data[pos - 1] in b"\r\n":
                warn(pos, "this line starts with '[' but is not a tag pair ([Name \"value\"]); "
                     "it is read as movetext", "pgn-bad-tag")
            pos += 1
        elif char == 0x7B:  # { that is never closed
            raise FormatError(
                "this comment '{' is never closed: the rest of the file would be inside "
                "it; close it with '}'", locate(pos))
        else:  # a termination marker
            found = _MARKER.match(data, pos)
            assert found is not None
            if depth == 0:
                marker, marker_at = found.group(), pos
            pos = found.end()


def _line_end(data: bytes, pos: int) -> int:
    rest = _REST_OF_LINE.match(data, pos)
    assert rest is not None  # the pattern matches the empty string
    return rest.end()


__all__ = ["Locate", "RawGame", "Tag", "Warn", "games"]
