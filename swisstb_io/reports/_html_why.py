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
from typing import Protocol

from ..tiebreaks import ExplainRow, Explanation
from ._model import Cell, Column
from ._numbers import decimal


class ExplainedRow(Protocol):
    """A row of explained values: a standings row (:class:`~._model.Row`), or any row of
    another command's table built from the same cells (``swisstb ratings``)."""

    @property
    def start_no(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def cells(self) -> Sequence[Cell]: ...


class ExplainedTable(Protocol):
    """A table whose cells open their explanations: a :class:`~._model.Report`, or any
    table with columns and rows of the same kinds."""

    @property
    def columns(self) -> Sequence[Column]: ...
    @property
    def rows(self) -> Sequence[ExplainedRow]: ...

_dumps = json.JSONEncoder(ensure_ascii=True, separators=(",", ":")).encode
"""Compact ASCII JSON of the texts (names and notes come from the input file)."""


class _Texts(dict[str, str]):
    """``texts[text]``: the index of ``text`` in the string table (added when new), as the
    digits the rows print (an index written once per text, not once per row)."""

    def __missing__(self, key: str) -> str:
        value = self[key] = str(len(self))
        return value


class _Digits(dict[int | None, str]):
    """``digits[number]``: a round or an opponent as the rows print it: ``null`` for
    ``None``, else its digits (quoted after ``prefix``, the keys of a page of several
    sections); at most ``most`` kept."""

    def __init__(self, prefix: str = "", most: int = 10_000) -> None:
        super().__init__({None: "null"})
        self.prefix = prefix
        self.most = most

    def __missing__(self, key: int | None) -> str:
        value = f'"{self.prefix}{key}"' if self.prefix else str(key)
        if len(self) < self.most:
            self[key] = value
        return value


class _Numbers(dict[tuple[int, int], str]):
    """``numbers[numerator, denominator]``: a value as the page prints it with ``digits``,
    as a JSON string (values recur from row to row; a Fraction hashes in Python code, its
    ratio in C); at most ``most`` kept."""

    def __init__(self, digits: int, most: int = 10_000) -> None:
        super().__init__()
        self.digits = digits
        self.most = most

    def __missing__(self, key: tuple[int, int]) -> str:
        value = f'"{decimal(Fraction(*key), self.digits)}"'
        if len(self) < self.most:
            self[key] = value
        return value


_NUMBERS: dict[int, _Numbers] = {}
"""The :class:`_Numbers` of each number of digits, shared by the pages a process writes
(the same values recur from event to event: 300 season events, HTML 30.4 -> 29.7 M
instructions an event with this and :data:`_PLAIN`)."""
_PLAIN = _Digits()
"""The rounds, and the opponents of a page of one event, shared likewise."""


def _numbers(digits: int) -> _Numbers:
    table = _NUMBERS.get(digits)
    if table is None:
        table = _NUMBERS[digits] = _Numbers(digits)
    return table


_Shared = tuple[Sequence[ExplainRow], list[str], int]
"""A cell's rows, their texts and the digits its values are printed with, for the next
cell of the same player (:func:`_cell`)."""

_NOTHING_SHARED: _Shared = ((), [], -1)


def _cell(e: Explanation, numbers: _Numbers, texts: _Texts, rounds: _Digits,
          opponents: _Digits, shared: _Shared) -> tuple[str, _Shared]:
    """One explanation as JSON text, and its rows with their texts.  The rows hold only
    integers, ``null`` and the numbers' digits, so each is written as text straight away
    from the tables of texts already written (~90,000 rows in a 2,000-player page, half
    the HTML report's time when built as lists for the encoder; these tables instead of
    formatting each integer of each row: 300 season events, 3.7 -> 2.3 ms an event).

    ``shared``: the rows, texts and digits of the player's previous cell.  A row that is
    the same object as the row in the same place there (``BH/C1`` and ``BH`` share their
    uncut rows) takes that text when the digits are the same too, since a row is
    immutable; any other row is written (300 season events, chain ``BH/C1 BH SB``: 2.5 ->
    2.3 ms an event).
    """
    before_rows, before_texts, before_digits = shared
    if len(before_rows) != len(e.rows) or before_digits != numbers.digits:
        before_rows = ()
    rows = []
    for k, row in enumerate(e.rows):
        if before_rows and row is before_rows[k]:
            rows.append(before_texts[k])
            continue
        rnd, result, opponent, value, note, dropped = row
        number = "null" if value is None else numbers[value.as_integer_ratio()]
        if dropped:
            rows.append(f"[{rounds[rnd]},{texts[result]},{opponents[opponent]},{number},"
                        f"{texts[note]},{texts[dropped]}]")
        elif note:
            rows.append(f"[{rounds[rnd]},{texts[result]},{opponents[opponent]},{number},"
                        f"{texts[note]}]")
        else:
            rows.append(f"[{rounds[rnd]},{texts[result]},{opponents[opponent]},{number}]")
    notes = f",[{','.join([texts[n] for n in e.notes])}]" if e.notes else ""
    return f"[{texts[e.rule]},[{','.join(rows)}]{notes}]", (e.rows, rows, numbers.digits)


def why_data(reports: Sequence[tuple[str, ExplainedTable]]) -> str:
    """The JSON text of the explanations of a page's reports (``(prefix, report)`` each:
    ``""`` for the one event of a page, ``secN-`` for the sections of a page of several);
    safe inside ``<script>``: ASCII, no ``<``."""
    texts = _Texts()
    texts[""] = "0"
    rounds = _PLAIN
    labels: list[str] = []
    names: dict[str, str] = {}
    players = []
    for prefix, report in reports:
        numbers = [_numbers(c.digits) for c in report.columns]
        opponents = _Digits(prefix) if prefix else _PLAIN
        before = ["null"] * len(labels)
        for r in report.rows:
            cells = list(before)
            shared = _NOTHING_SHARED
            for c, n in zip(r.cells, numbers, strict=True):
                if c.explanation is None:
                    cells.append("null")
                else:
                    text, shared = _cell(c.explanation, n, texts, rounds, opponents, shared)
                    cells.append(text)
            players.append(f'"{prefix}{r.start_no}":[{",".join(cells)}]')
        labels += [c.label for c in report.columns]
        names.update((f"{prefix}{r.start_no}", r.name) for r in report.rows)
    head = _dumps({"s": list(texts), "c": labels, "n": names})
    return f'{head[:-1]},"p":{{{",".join(players)}}}}}'.replace("<", "\\u003c")
