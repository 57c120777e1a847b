"""The readers' fast paths give what the general code they stand in for gives.

The CSV, Chess-JSON and XML readers each take a quick route for the usual input and fall
back to a careful one (which names the bad value) for anything else.  These tests feed
both routes the same input and require the same answer whenever the quick one accepts it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from swisstb_io.chess_json._access import Access
from swisstb_io.chess_json._games import _plain_row, _row
from swisstb_io.errors import Diagnostics, FormatError
from swisstb_io.swisssys_csv.tokenize import FieldPlaces, rows, table
from swisstb_io.xml._common import schema, structure_schema
from swisstb_io.xml._reader import _validate

# --- CSV: the table's splitter (str.split, the csv module) against the character scan ----

_CSV_PIECES = st.sampled_from(['"', '""', ",", ";", "\t", "a", " ", "xy", '","', "é", "\n",
                               "\x00", "\\"])


@settings(max_examples=400)
@given(st.lists(_CSV_PIECES, max_size=30).map("".join), st.sampled_from([",", ";", "\t"]))
def test_csv_table_splits_rows_as_the_character_scan_does(text: str, delimiter: str) -> None:
    try:
        scanned = [[f.value for f in row] for row in rows(text, delimiter, "p")]
    except FormatError as exc:  # unterminated: the table says the same, at the same place
        with pytest.raises(FormatError) as raised:
            list(table(text, delimiter, "p"))
        assert str(raised.value) == str(exc)
        return
    split = list(table(text, delimiter, "p"))
    assert [row.values for row in split] == scanned
    places = FieldPlaces(text, delimiter, "p")
    located = [[places.at(row.offset, idx) for idx in range(len(row.values))] for row in split]
    assert [[(at.line, at.col) for at in row] for row in located] == [
        [(f.line, f.col) for f in row] for row in rows(text, delimiter, "p")]


def test_csv_quoted_field_over_two_lines_keeps_its_start() -> None:
    text = 'a,"b\nc",d\ne'
    assert [[(f.value, f.line, f.col) for f in row] for row in rows(text, ",", "p")] == [
        [("a", 1, 1), ("b\nc", 1, 3), ("d", 2, 4)],
        [("e", 3, 1)],
    ]


# --- Chess-JSON: a plain gameList row against the checked one ----------------------------

# values of the right kinds (cid 4 is not a competitor), then wrong ones too
_SIDES = [{"cid": 1}, {"cid": 2}, {"cid": 3}, {"cid": 4}, {"cid": 0}, None, 0, 2]
_BAD_SIDES = [-1, {"cid": -1}, {"cid": None}, {"cid": True}, "1", 1.5, True]
_CODES = ["W", "D", "L", None, "Z", "P", "F", "H", "U", "A", "w", ""]
_BAD_CODES = ["X", "WD", 1]


@st.composite
def _game_rows(draw: st.DrawFn) -> dict[str, Any]:
    """A gameList row: of the right shape 4 times in 5, else with any value anywhere."""
    wild = draw(st.integers(0, 4)) == 0
    sides = st.sampled_from(_SIDES + _BAD_SIDES if wild else _SIDES)
    codes = st.sampled_from(_CODES + _BAD_CODES if wild else _CODES)
    flags = st.one_of(st.booleans(), st.just(1)) if wild else st.booleans()
    row: dict[str, Any] = {"round": draw(st.sampled_from([1, 2, 0, True] if wild else [1, 2]))}
    for key, values in (("white", sides), ("black", sides), ("wResult", codes),
                        ("bResult", codes), ("played", flags), ("rated", flags)):
        if draw(st.integers(0, 3)):
            row[key] = draw(values)
    return row


@settings(max_examples=400)
@given(st.lists(_game_rows(), min_size=1, max_size=4))
def test_plain_game_rows_read_as_the_checked_reader_reads_them(game_rows: list[Any]) -> None:
    known = {1, 2, 3}
    text = json.dumps({"rows": game_rows})
    quick: tuple[dict[int, Any], list[Any]] = ({}, [])
    slow: tuple[dict[int, Any], list[Any]] = ({}, [])
    quick_access, slow_access = Access("p", text, Diagnostics()), Access("p", text, Diagnostics())
    memo: dict[Any, Any] = {}
    for i, row in enumerate(game_rows):
        try:
            _row(slow_access, f"rows[{i}]", row, known, *slow)
        except FormatError:
            assert not _plain_row(row, known, *quick, memo)  # the quick route never takes a bad row
            return
        if not _plain_row(row, known, *quick, memo):
            _row(quick_access, f"rows[{i}]", row, known, *quick)
        assert quick == slow
        assert quick_access.diags.items == slow_access.diags.items


# --- XML: the schema without xs:unique plus a check of the startNo texts ------------------

_NUMBERS = ["1", "01", "2", "10"]


@given(st.lists(st.sampled_from([*_NUMBERS, "x", ""]), max_size=5))
def test_xml_structure_check_accepts_what_the_whole_schema_accepts(numbers: list[str]) -> None:
    players = "".join(f'<player startNo="{n}" name="p"/>' for n in numbers)
    data = (
        f'<tournament xmlns="urn:swisstb_io:1" version="1"><players>{players}</players>'
        "</tournament>"
    ).encode()
    tree = etree.fromstring(data).getroottree()
    well_typed = all(n in _NUMBERS for n in numbers)
    assert structure_schema().validate(tree) == well_typed
    whole = schema().validate(tree)
    assert whole == (well_typed and len(set(numbers)) == len(numbers))  # "1" and "01" differ
    try:
        _validate(tree, data, "p.xml")
    except FormatError as exc:
        assert not whole
        assert str(exc).startswith("p.xml:1:")
    else:
        assert whole
