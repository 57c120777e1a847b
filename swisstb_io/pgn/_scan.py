"""The games of a PGN file as tag pairs and spans of bytes (PGN standard, 1994, §8).

The scanner works on the bytes.  Every character that gives PGN its structure is ASCII,
and neither UTF-8 nor Windows-1252 uses those bytes inside another character, so the
file is never decoded as a whole: the reader decodes the tag values it uses
(:func:`text`).  Where a tag is, is found again only when a message needs it
(:func:`tag_offset`).

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
its line, as python-chess reads it, with a warning (for a tag pair that starts a line).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import NamedTuple

from ..errors import FormatError, Location
from ..textio import BOM

_NAME = rb"[A-Za-z0-9][A-Za-z0-9_+#=:-]*"
_VALUE = rb'"((?:[^"\\\r\n]++|\\[^\r\n])*+)"'
_TAG = re.compile(rb"\[[ \t]*(" + _NAME + rb")[ \t]*" + _VALUE + rb"[ \t]*\]")
_TAG_LINES = re.compile(rb"(?:\[[ \t]*" + _NAME + rb"[ \t]*" + _VALUE.replace(b"(", b"(?:", 1)
                        + rb"[ \t]*\][ \t]*+(?>\r\n|\r|\n))++")
"""Tag pairs one a line, as nearly every file writes them."""
_TAG_LINE = re.compile(rb"^\[[ \t]*(" + _NAME + rb")[ \t]*" + _VALUE + rb"[ \t]*\][ \t]*\r?$",
                       re.MULTILINE)
"""A line that is one tag pair (LF or CRLF)."""
_RUN_END = re.compile(rb"\n(?!\[)")
"""The end of a run of lines that start with ``[``."""
_LOOSE_TAG = re.compile(rb'\[[ \t]*(' + _NAME + rb')[ \t]*"([^\r\n]*)"[ \t]*\]')
_ESCAPE = re.compile(rb"\\(.)")
_REST_OF_LINE = re.compile(rb"[^\r\n]*+")
_GAP = re.compile(rb"(?:[ \t\f\v\r\n]++|;[^\r\n]*+|(?<![^\r\n])%[^\r\n]*+)*+")
_EMPTY_LINE = re.compile(rb"(?>\r\n|\r|\n)[ \t\f\v]*+(?=[\r\n])")
_MOVES = (rb"[^{}()\[;%]++"  # moves, move numbers, NAGs, results, white space
          rb"|\{[^}]*+\}")  # a comment
_STRAYS = (rb"|;[^\r\n]*+"  # a comment to the end of the line
           rb"|(?<![^\r\n])%[^\r\n]*+"  # an escaped line
           rb"|(?<=[^\r\n])\[(?![ \t]*+" + _NAME + rb'[ \t]*+")'  # a [ that starts no tag pair
           rb"|[%}]")  # stray characters
_MOVETEXT = re.compile(rb"(?:" + _MOVES + rb"|\((?:" + _MOVES + rb")*+\)" + _STRAYS + rb")*+")
"""Movetext up to the next ``(`` that opens a variation holding others (or ``;``, ``%``,
``[``), ``)``, unclosed ``{``, or ``[`` that may start a tag pair (or starts a line): a
variation of moves and comments only is read in one go."""
_TOP_LEVEL = re.compile(rb"(?:" + _MOVES + _STRAYS + rb")*+")
"""Movetext up to the next ``(`` or ``)`` (or where :data:`_MOVETEXT` stops): what is
outside variations, found again only when the moves do not end with the marker."""
_PARENS = re.compile(rb"[()]++")
MARKERS = (b"1-0", b"0-1", b"1/2-1/2", b"*")
_DELIMITERS = frozenset(b" \t\r\n\f\v{}()[];")

Warn = Callable[[int, str, str], None]
"""``warn(offset, message, code)``: a problem at byte ``offset`` that does not stop reading."""
Locate = Callable[[int], Location]
"""``locate(offset)``: where byte ``offset`` is, as ``path:line:col``."""


class RawGame(NamedTuple):
    """One game as the file holds it."""

    start: int
    """Offset of the game's first ``[``."""
    tags_end: int
    """Where its tag section ends."""
    end: int
    """Offset where the next game starts (or the file ends): ``data[start:end]`` is the
    game with the blank lines after it."""
    tags: list[tuple[bytes, bytes]]
    """Name and value of each tag pair, in file order, the value as written (see
    :func:`text`)."""
    marker: bytes
    """The game termination marker (``b""`` when the movetext has none)."""
    marker_at: int


def text(value: bytes, encoding: str) -> str:
    """A tag value as text: escapes resolved, decoded, spaces trimmed."""
    if b"\\" in value:
        value = _ESCAPE.sub(rb"\1", value)
    return value.decode(encoding).strip()


def tag_offset(data: bytes, game: RawGame | tuple[int, int], name: bytes) -> int:
    """Where the (last) tag ``name`` of the game is; the game's start when it has none."""
    start, tags_end = game[0], game[1]
    found = start
    for match in _TAG.finditer(data, start, tags_end):
        if match.group(1) == name:
            found = match.start()
    if found == start:
        for match in _LOOSE_TAG.finditer(data, start, tags_end):
            if match.group(1) == name:
                found = match.start()
    return found


def games(data: bytes, start: int, locate: Locate, warn: Warn) -> Iterator[RawGame]:
    """Every game of ``data`` from offset ``start`` (after a BOM), in file order; what
    comes before the first tag pair is not a game.  Raises :class:`FormatError` for a
    comment that is never closed."""
    pos = _skip_movetext(data, start, locate, warn)[0]
    lines = _TagLines(data)
    while pos < len(data):
        begin = pos
        tags, pos, ended = _tag_section(data, pos, lines, warn)
        tags_end = pos
        marker, marker_at = b"", -1
        if not ended:
            pos, marker, marker_at = _skip_movetext(data, pos, locate, warn)
        yield RawGame(begin, tags_end, pos, tags, marker, marker_at)


def _tag_at(data: bytes, pos: int, warn: Warn | None) -> re.Match[bytes] | None:
    """The tag pair at ``pos``: a loose one (a bare quote in the value) only at the start
    of a line, with a warning when ``warn`` is given."""
    match = _TAG.match(data, pos)
    if match is None and (pos == 0 or data[pos - 1] in b"\r\n" or (
            pos == len(BOM) and data.startswith(BOM))):
        match = _LOOSE_TAG.match(data, pos)
        if match is not None and warn is not None:
            warn(pos, f"tag {match.group(1).decode('ascii')}: a quote inside the value is not "
                 'escaped (write \\" for it); the value is read to the last "] of the line',
                 "pgn-bare-quote")
    return match


class _TagLines:
    """The tag sections of a file as nearly every file writes them, one tag pair a line,
    read a section at a time: the lines from a game's first ``[`` up to the first line
    that does not start with ``[`` (:data:`_RUN_END`) are read with one search, when each
    of them is one tag pair.  A run where some line is not is read the slow way, and not
    tried again: each byte is looked at a bounded number of times."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.end = -1
        """Where the run that holds the last offset asked for ends (its last newline)."""
        self.whole = False
        """Whether that run is lines of one tag pair each, so far as it was tried."""

    def at(self, pos: int) -> tuple[list[tuple[bytes, bytes]], int] | None:
        """The tag pairs of the lines from ``pos`` to the end of their run and where they
        end, or ``None`` when those lines are not all one tag pair each."""
        data = self.data
        if pos > self.end:
            run = _RUN_END.search(data, pos)
            self.end, self.whole = (run.start(), True) if run is not None else (len(data), False)
        if not self.whole:
            return None
        found = _TAG_LINE.findall(data, pos, self.end)
        if len(found) != data.count(b"\n", pos, self.end) + 1:
            self.whole = False
            return None
        return found, self.end + 1


def _tags_at(data: bytes, pos: int, lines: _TagLines, warn: Warn
             ) -> tuple[list[tuple[bytes, bytes]], int]:
    """The tag pairs at ``pos`` (a ``[``) and where they end: a run of lines with one tag
    pair each, else the one tag pair there, else (a line that only starts like one) none,
    with a warning, and the line is left out."""
    run = lines.at(pos)
    if run is not None:
        return run
    found = _TAG_LINES.match(data, pos)
    if found is not None:
        return _TAG.findall(data, pos, found.end()), found.end()
    match = _tag_at(data, pos, warn)
    if match is None:
        warn(pos, "this line starts with '[' but is not a tag pair ([Name \"value\"]); "
             "it is left out", "pgn-bad-tag")
        return [], _line_end(data, pos)
    value = match.group(2)
    if match.re is _LOOSE_TAG:  # read as it is: keep its backslashes from :func:`text`
        value = value.replace(b"\\", b"\\\\")
    return [(match.group(1), value)], match.end()


def _tag_section(data: bytes, pos: int, lines: _TagLines, warn: Warn
                 ) -> tuple[list[tuple[bytes, bytes]], int, bool]:
    """The tag pairs from ``pos`` (a ``[``), where the section ends, and whether the game
    ended with it (no movetext: another game's tag pair follows)."""
    tags: list[tuple[bytes, bytes]] = []
    empty_lines = 0
    while True:
        found, end = _tags_at(data, pos, lines, warn)
        if found and empty_lines and found[0][0] in {name for name, _ in tags}:
            return tags, pos, True  # the next game, which has no movetext before it
        tags.extend(found)
        pos = end
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
    begin, depth, end = pos, 0, len(data)
    while True:
        pos = _end_of(_MOVETEXT.match(data, pos))
        if pos >= end:
            break
        char = data[pos]
        if char in b"()":
            depth, pos = _nested(data, pos, depth)
        elif char == 0x5B:  # [
            if _tag_at(data, pos, None) is not None:
                break
            if pos == 0 or data[pos - 1] in b"\r\n":
                warn(pos, "this line starts with '[' but is not a tag pair ([Name \"value\"]); "
                     "it is read as movetext", "pgn-bad-tag")
            pos += 1
        else:  # { that is never closed
            raise FormatError(
                "this comment '{' is never closed: the rest of the file would be inside "
                "it; close it with '}'", locate(pos))
    found, marker = _final_marker(data, begin, pos) if depth == 0 else (-1, b"")
    if found < 0:
        found, marker = _top_level_marker(data, begin, pos)
    return pos, marker, found


def _end_of(run: re.Match[bytes] | None) -> int:
    assert run is not None  # the patterns match the empty string
    return run.end()


def _top_level_marker(data: bytes, begin: int, stop: int) -> tuple[int, bytes]:
    """The last termination marker of the movetext ``data[begin:stop]`` outside variations
    and comments, and its offset (-1 if none)."""
    depth, pos = 0, begin
    top_level: list[tuple[int, int]] = []
    """The stretches of movetext outside variations: where the marker can be."""
    while pos < stop:
        run = min(_end_of(_TOP_LEVEL.match(data, pos)), stop)
        if depth == 0 and run > pos:
            top_level.append((pos, run))
        pos = run
        if pos < stop:
            if data[pos] in b"()":
                depth, pos = _nested(data, pos, depth)
            else:
                pos += 1  # a [ that starts no tag pair
    for start, end in reversed(top_level):
        found, marker = _last_marker(data, start, end)
        if found >= 0:
            return found, marker
    return -1, b""


def _nested(data: bytes, pos: int, depth: int) -> tuple[int, int]:
    """The variation depth after the parentheses at ``pos``, and where they end (a ``)``
    too many is ignored)."""
    run = _PARENS.match(data, pos)
    assert run is not None
    text = run.group()
    if b")" not in text:
        return depth + len(text), run.end()
    if b"(" not in text:
        return max(depth - len(text), 0), run.end()
    for char in text:
        depth = depth + 1 if char == 0x28 else max(depth - 1, 0)
    return depth, run.end()


def _final_marker(data: bytes, start: int, stop: int) -> tuple[int, bytes]:
    """The termination marker that ends the movetext ``data[start:stop]``, as nearly every
    game has it: its last token, outside comments (the movetext's variations are all
    closed), and its offset; -1 when the last token is no such marker."""
    end = stop
    while end > start and data[end - 1] in b" \t\r\n\f\v":
        end -= 1
    for marker in MARKERS:
        at = end - len(marker)
        if at >= start and data.startswith(marker, at) and _is_token(data, at, end, start) and (
                not _last_in_comment(data, start, at)):
            return at, marker
    return -1, b""


def _last_marker(data: bytes, start: int, stop: int) -> tuple[int, bytes]:
    """The last termination marker in ``data[start:stop]`` (movetext without variations)
    that is a token of its own and not in a comment, and its offset (-1 if none)."""
    found = _final_marker(data, start, stop)
    if found[0] >= 0:
        return found
    best, best_marker = -1, b""
    for match in _COMMENT_OR_MARKER.finditer(data, start, stop):  # one pass: linear
        marker = match.group(1)
        if marker is not None and _is_token(data, match.start(), match.end(), start):
            best, best_marker = match.start(), marker
    return best, best_marker


def _last_in_comment(data: bytes, start: int, at: int) -> bool:
    """:func:`_in_comment` for the last token of a stretch of movetext: only white space
    follows it, so no brace comment can hold it (every one before it is closed), and when
    its line before it has no ``;`` or ``%`` it is in no comment at all."""
    line = max(data.rfind(b"\n", start, at), data.rfind(b"\r", start, at)) + 1
    if _LINE_COMMENT.search(data, max(line, start), at) is not None:
        return _in_comment(data, start, at)
    return False


def _is_token(data: bytes, at: int, after: int, start: int) -> bool:
    before_ok = at == start or data[at - 1] in _DELIMITERS
    return before_ok and (after >= len(data) or data[after] in _DELIMITERS)


_LINE_COMMENT = re.compile(rb"[;%]")
_COMMENT_OR_MARKER = re.compile(rb"\{[^}]*+\}?|;[^\r\n]*+|(?<![^\r\n])%[^\r\n]*+"
                                rb"|(1-0|0-1|1/2-1/2|\*)")
"""A comment (read whole, so that a marker inside it is not seen) or a termination
marker."""
_OUTSIDE_COMMENTS = re.compile(
    rb"(?:[^{}()\[;%]++|\{[^}]*+\}|;[^\r\n]*+(?=[\r\n])|(?<![^\r\n])%[^\r\n]*+(?=[\r\n])"
    rb"|(?<=[^\r\n])%|\})*+")
"""Movetext up to an offset, stopping early where that offset is in a comment (a comment
not closed, or a ``;`` comment or ``%`` line not ended, before it)."""


def _in_comment(data: bytes, start: int, at: int) -> bool:
    """Whether offset ``at`` of movetext (without variations) that begins at ``start``
    is in a comment: ``{…}``, ``;…`` or a ``%`` line."""
    run = _OUTSIDE_COMMENTS.match(data, start, at)
    assert run is not None  # the pattern matches the empty string
    return run.end() < at


def _line_end(data: bytes, pos: int) -> int:
    rest = _REST_OF_LINE.match(data, pos)
    assert rest is not None  # the pattern matches the empty string
    return rest.end()


__all__ = ["MARKERS", "Locate", "RawGame", "Warn", "games", "tag_offset", "text"]
