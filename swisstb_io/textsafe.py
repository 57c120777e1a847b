"""Text from a file shown where it could do harm: a spreadsheet cell, a terminal line.

A player's name is data, never a command: ``=HYPERLINK(…)`` must not run as a formula in a
spreadsheet (CSV injection), and an escape sequence, a carriage return or a line break must
not recolour the terminal, overwrite a line or fake another line of output.
"""

from __future__ import annotations

import re

from .errors import readable_path

_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")
_FORMULA_START = "=+-@\t\r\n"
_AFTER_SPACES = "=+-@"

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 control characters, DEL, and the bidirectional marks and overrides that can
make a line read differently from its bytes."""
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def spreadsheet_safe(text: str) -> str:
    """``text`` with a leading ``'`` if a spreadsheet would read it as a formula (a cell
    starting with ``= + - @``, a tab, a carriage return or a line feed that is not a plain
    number, or with spaces and then ``= + - @``: spreadsheets skip the spaces)."""
    if text and text[0] in _FORMULA_START and not _NUMBER.match(text) and text != "-":
        return "'" + text
    head = text.lstrip(" ")
    if head != text and head[:1] in _AFTER_SPACES and not _NUMBER.match(head):
        return "'" + text
    if text.startswith("'") and spreadsheet_safe(text[1:]) != text[1:]:
        return "'" + text  # a real leading ' stays one when read back
    return text


def spreadsheet_unsafe(text: str) -> str:
    """The inverse of :func:`spreadsheet_safe` for a cell read back."""
    if text.startswith("'") and spreadsheet_safe(text[1:]) == text:
        return text[1:]
    return text


def after_delimiters_safe(text: str, delimiter: str = ",") -> str:
    """A comment line's value, written unquoted (``# Event: …``): every piece after a
    ``delimiter`` is a cell of its own in a spreadsheet, so each gets
    :func:`spreadsheet_safe`; the first piece follows the ``#`` and is safe."""
    head, *rest = text.split(delimiter)
    return delimiter.join([head, *(spreadsheet_safe(x) for x in rest)])


def after_delimiters_unsafe(text: str, delimiter: str = ",") -> str:
    """The inverse of :func:`after_delimiters_safe`."""
    head, *rest = text.split(delimiter)
    return delimiter.join([head, *(spreadsheet_unsafe(x) for x in rest)])


def shown(text: str) -> str:
    """``text`` for one line of terminal output: control characters as visible escapes
    (``\\n``, ``\\r``, ``\\x1b``, ``\\u202e``), the bytes of a file name that are not
    UTF-8 as :func:`~swisstb_io.errors.readable_path` shows them (``%E9``), everything else
    unchanged."""
    text = readable_path(text)
    if not _CONTROL.search(text):
        return text
    return _CONTROL.sub(_escape, text)


def report_cell(text: str) -> str:
    """A text from the file as a cell of a CSV report: control characters as
    :func:`shown` shows them (an escape sequence, a bell, a NUL or a right-to-left override
    does nothing in a spreadsheet or a terminal that prints the file), then
    :func:`spreadsheet_safe`."""
    return spreadsheet_safe(shown(text))


def _escape(m: re.Match[str]) -> str:
    ch = m.group()
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


__all__ = ["after_delimiters_safe", "after_delimiters_unsafe", "report_cell", "shown",
           "spreadsheet_safe", "spreadsheet_unsafe"]
