"""Every tie-break explanation of an HTML page as one compact JSON object.

A 2,000-player event has ~90,000 explanation rows: as markup they made a 17 MB page that
took seconds to open; as this data (read only when a value is first opened, the popover
built by the page's script, :mod:`._html_assets`) the page is a fifth of that size.
Nothing is left out: every rule, round, value, note and dropped value is there.

The object (in ``<script type="application/json" id="why-data">``)::

    {"s": [text, ...],          # every distinct text once; s[0] is ""
     "c": [label, ...],         # the tie-break columns' labels, in column order
     "n": {"12": name, ...},    # players' names by start number (the opponents)
     "p": {"12": [cell, ...]}}  # by start number: one entry per column

A cell is ``null`` (no explanation) or ``[rule, rows, notes]`` (``notes`` left out when
empty): ``rule`` and each note are indexes into ``s``.  A row is
``[round, result, opponent, value, note, dropped]``: ``result``, ``note`` and ``dropped``
are indexes into ``s``, ``opponent`` a start number or ``null``, ``value`` the number as
printed in the page (a string, exact digits) or ``null``; trailing ``note`` and
``dropped`` entries that are ``0`` (the empty text) are left out.

A page of several sections (:func:`.html_report.render_sections`) has one such object for
all of them: a player's key in ``n`` and ``p`` (its rows' ``data-no``) is then its section's
id prefix and start number (``"sec2-12"``), an opponent is such a key (a string), ``c``
holds every section's columns one section after the other, and a player's cells start at
its section's first column (``null`` for the columns of the sections before it: the
script finds a value's label and explanation by the column's ``data-col``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction

from ..tiebreaks import Explanation
from ._model import Report
from ._numbers import decimal

_dumps = json.JSONEncoder(ensure_ascii=True, separators=(",", ":")).encode
"""Compact ASCII JSON of the texts (names and notes come from the input file)."""


class _Texts(dict[str, int]):
    """``texts[text]``: the index of ``text`` in the string table (added when new)."""

    def __missing__(self, key: str) -> int:
        value = self[key] = len(self)
        return value


class _Numbers(dict[tuple[int, int, int], str]):
    """``numbers[numerator, denominator, digits]``: a value as the page prints it, as a
    JSON string (values recur from row to row; a Fraction hashes in Python code, its
    ratio in C)."""

    def __missing__(self, key: tuple[int, int, int]) -> str:
        num, den, digits = key
        value = self[key] = f'"{decimal(Fraction(num, den), digits)}"'
        return value


def _cell(e: Explanation, digits: int, texts: _Texts, numbers: _Numbers,
          prefix: str) -> str:
    """One explanation as JSON text (``prefix``: of the opponents' keys, see above).  The
    rows hold only integers, ``null`` and the numbers' digits, so each is written as text
    straight away: ~90,000 rows in a 2,000-player page, half the HTML report's time when
    built as lists for the encoder."""
    rows = []
    for rnd, result, opponent, value, note, dropped in e.rows:
        who = ("null" if opponent is None else f'"{prefix}{opponent}"' if prefix
               else opponent)
        row = (f"[{rnd},{texts[result]},{who},"
               f"{'null' if value is None else numbers[(*value.as_integer_ratio(), digits)]}")
        if dropped:
            row += f",{texts[note]},{texts[dropped]}"
        elif note:
            row += f",{texts[note]}"
        rows.append(row + "]")
    notes = f",[{','.join(str(texts[n]) for n in e.notes)}]" if e.notes else ""
    return f"[{texts[e.rule]},[{','.join(rows)}]{notes}]"


def why_data(reports: Sequence[tuple[str, Report]]) -> str:
    """The JSON text of the explanations of a page's reports (``(prefix, report)`` each:
    ``""`` for the one event of a page, ``secN-`` for the sections of a page of several);
    safe inside ``<script>``: ASCII, no ``<``."""
    texts = _Texts()
    texts[""] = 0
    numbers = _Numbers()
    labels: list[str] = []
    names: dict[str, str] = {}
    players = []
    for prefix, report in reports:
        digits = [c.digits for c in report.columns]
        before = ["null"] * len(labels)
        for r in report.rows:
            cells = ",".join([*before, *("null" if c.explanation is None
                                         else _cell(c.explanation, d, texts, numbers, prefix)
                                         for c, d in zip(r.cells, digits, strict=True))])
            players.append(f'"{prefix}{r.start_no}":[{cells}]')
        labels += [c.label for c in report.columns]
        names.update((f"{prefix}{r.start_no}", r.name) for r in report.rows)
    head = _dumps({"s": list(texts), "c": labels, "n": names})
    return f'{head[:-1]},"p":{{{",".join(players)}}}}}'.replace("<", "\\u003c")
