"""Text escaped for HTML, shared by the HTML report and its SVG chart."""

from __future__ import annotations

import re
from html import escape

SPECIAL = re.compile("[&<>\"']").search
"""A match when a text holds a character that :func:`html.escape` changes."""

ENTITIES = str.maketrans({"§": "&sect;", "…": "&hellip;", "½": "&frac12;", "–": "&ndash;"})
"""The typographic characters of swisstb_io's own texts (rule citations, notes, the chart's
shortened labels) as character references."""


def html_text(text: str) -> str:
    """``text`` escaped for element content or a quoted attribute value.

    The characters of :data:`ENTITIES` become references, so a page whose input is ASCII
    is an ASCII string: Python encodes that to UTF-8 with one copy, while a single wider
    character (``…``) makes it encode every character one by one (~30x slower on a
    report of ~1 MB).  Other characters (names with accents, any script) stay as they are.
    """
    if SPECIAL(text):
        text = escape(text, quote=True)
    return text if text.isascii() else text.translate(ENTITIES)
