"""Every tie-break explanation of an HTML page as one compact JSON object.

The explanations are data, not markup: the page's script (:mod:`.html_kit`) builds a
value's popover when it is first opened, so a big event's page stays light.  Nothing is
left out: every rule, round, value, note and dropped value is there.

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

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Protocol

from ..jsonwrite import dumps
from ..numbers import rule_decimal
from ..tiebreaks import Explanation
from ._model import Cell, Column


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


def _cell(e: Explanation, digits: int, texts: dict[str, int], numbers: _Numbers,
          prefix: str) -> list[Any]:
    """One explanation as the data's cell (module docstring); ``digits``: the column's,
    ``texts``: the string table (new texts are added), ``numbers``: the values printed so
    far, ``prefix``: that of the opponents' keys (``""``: their start numbers)."""
    rows: list[list[Any]] = []
    add = texts.setdefault
    for row in e.rows:
        opponent: int | str | None = row.opponent
        if prefix and opponent is not None:
            opponent = f"{prefix}{opponent}"
        value = None if row.value is None else numbers.text(row.value, digits)
        result = add(row.result, len(texts))
        if row.dropped:
            rows.append([row.round, result, opponent, value, add(row.note, len(texts)),
                         add(row.dropped, len(texts))])
        elif row.note:
            rows.append([row.round, result, opponent, value, add(row.note, len(texts))])
        else:
            rows.append([row.round, result, opponent, value])
    notes = [add(n, len(texts)) for n in e.notes]  # after the rows' texts, then the rule's
    cell: list[Any] = [add(e.rule, len(texts)), rows]
    if notes:
        cell.append(notes)
    return cell


class _Numbers:
    """The values of one page as it prints them, each printed once (a page's rows hold a
    few dozen distinct values): by ``(numerator, denominator, digits)``."""

    def __init__(self) -> None:
        self.printed: dict[tuple[int, int, int], str] = {}

    def text(self, value: Fraction, digits: int) -> str:
        num, den = value.as_integer_ratio()
        key = (num, den, digits)
        text = self.printed.get(key)
        if text is None:
            text = self.printed[key] = str(rule_decimal(value, digits))
        return text


def why_data(reports: Sequence[tuple[str, ExplainedTable]]) -> str:
    """The JSON text of the explanations of a page's reports (``(prefix, report)`` each:
    ``""`` for the one event of a page, ``secN-`` for the sections of a page of several);
    safe inside ``<script>``: ASCII, no ``<``."""
    texts = {"": 0}
    numbers = _Numbers()
    labels: list[str] = []
    names: dict[str, str] = {}
    players: dict[str, list[Any]] = {}
    for prefix, report in reports:
        before: list[Any] = [None] * len(labels)
        digits = [c.digits for c in report.columns]
        for r in report.rows:
            players[f"{prefix}{r.start_no}"] = [*before, *(
                None if c.explanation is None
                else _cell(c.explanation, d, texts, numbers, prefix)
                for c, d in zip(r.cells, digits, strict=True))]
        labels += [c.label for c in report.columns]
        names.update((f"{prefix}{r.start_no}", r.name) for r in report.rows)
    data = {"s": list(texts), "c": labels, "n": names, "p": players}
    return dumps(data, indent=None, ascii=True).replace("<", "\\u003c")
