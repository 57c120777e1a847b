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
``dropped`` entries that are ``0`` (the empty text) are left out.  In a team event's page
the teams are in ``p`` and ``n`` too, keyed ``t<team number>`` (``"t5"``): their
columns follow the players' in ``c``, and a team's cells start with a ``null`` per
player column.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction

from ..tiebreaks import Explanation
from ._model import Column, Report, Row
from ._numbers import decimal
from ._team_model import TeamTable

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


def _cell(e: Explanation, digits: int, texts: _Texts, numbers: _Numbers) -> str:
    """One explanation as JSON text.  The rows hold only integers, ``null`` and the
    numbers' digits, so each is written as text straight away: ~90,000 rows in a
    2,000-player page, half the HTML report's time when built as lists for the encoder."""
    rows = []
    for rnd, result, opponent, value, note, dropped in e.rows:
        row = (f"[{rnd},{texts[result]},{'null' if opponent is None else opponent},"
               f"{'null' if value is None else numbers[(*value.as_integer_ratio(), digits)]}")
        if dropped:
            row += f",{texts[note]},{texts[dropped]}"
        elif note:
            row += f",{texts[note]}"
        rows.append(row + "]")
    notes = f",[{','.join(str(texts[n]) for n in e.notes)}]" if e.notes else ""
    return f"[{texts[e.rule]},[{','.join(rows)}]{notes}]"


def _entries(rows: Sequence[Row], columns: Sequence[Column], prefix: str, texts: _Texts,
             numbers: _Numbers, skip: int = 0) -> list[str]:
    """One ``"key":[cell, ...]`` per row; ``skip``: ``null`` cells first (a team's entry
    skips the players' columns, so its values have the index of their ``data-col``)."""
    digits = [c.digits for c in columns]
    out = []
    for r in rows:
        cells = ",".join(["null"] * skip + [
            "null" if c.explanation is None else _cell(c.explanation, d, texts, numbers)
            for c, d in zip(r.cells, digits, strict=True)])
        out.append(f'"{prefix}{r.start_no}":[{cells}]')
    return out


def why_data(report: Report, rows: Sequence[Row], teams: TeamTable | None = None) -> str:
    """The JSON text of the explanations of ``rows`` (safe inside ``<script>``: ASCII, no
    ``<``).  ``teams``: the team rows' too, keyed ``t<team number>`` in ``p`` and ``n``
    (a team table's rows are ``data-no="t5"``), their columns after the players' in ``c``."""
    texts = _Texts()
    texts[""] = 0
    numbers = _Numbers()
    entries = _entries(rows, report.columns, "", texts, numbers)
    labels = [c.label for c in report.columns]
    names = {str(r.start_no): r.name for r in report.rows}
    if teams is not None:
        entries += _entries([t.row for t in teams.rows], teams.columns, "t", texts, numbers,
                            len(report.columns))
        labels += [c.label for c in teams.columns]
        names.update({f"t{n}": name for n, name in teams.names.items()})
    head = _dumps({"s": list(texts), "c": labels, "n": names})
    return f'{head[:-1]},"p":{{{",".join(entries)}}}}}'.replace("<", "\\u003c")
