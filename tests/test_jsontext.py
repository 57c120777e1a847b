"""The JSON loader refuses numbers no tournament value needs, wherever they are."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from swisstb_io import jsontext
from swisstb_io.errors import FormatError

digits = st.text("0123456789", min_size=1, max_size=30)


@st.composite
def number_literals(draw: st.DrawFn) -> str:
    """JSON number literals, short and long, with or without fraction and exponent."""
    text = draw(st.sampled_from(["", "-"])) + draw(digits)
    if draw(st.booleans()):
        text += "." + draw(digits)
    if draw(st.booleans()):
        text += draw(st.sampled_from("eE")) + draw(st.sampled_from(["", "+", "-"])) + draw(digits)
    return text


@given(number_literals(), st.sampled_from(['{"a": %s}', "[1, %s, 2]", '{"x": "é", "n": %s}']))
def test_every_too_long_number_is_refused(number: str, frame: str) -> None:
    text = frame % number
    if jsontext._LONG_NUMBER.search(text) or jsontext._HUGE_EXPONENT.search(text):
        with pytest.raises(FormatError):
            jsontext.load(text, "x.json")
    else:  # every other number is read as the standard decoder reads it
        try:
            expected = json.loads(text)
        except ValueError:
            return
        assert jsontext.load(text, "x.json") == expected


def test_a_sign_is_not_counted_in_a_number_s_length() -> None:
    assert jsontext.load("[-" + "9" * 40 + "]", "x.json") == [-int("9" * 40)]
    with pytest.raises(FormatError, match=r"x\.json:1:2: the number -9999.* longer than 40"):
        jsontext.load("[-" + "9" * 41 + "]", "x.json")


def test_a_refused_number_is_the_error_wherever_it_is() -> None:
    # the numbers are checked as the decoder reads them; a syntax error before a refused
    # number still reports the number, as a check of the whole text first would
    text = '{"a": [1 2],\n "b": 1e99999}'
    with pytest.raises(FormatError) as info:
        jsontext.load(text, "x.json")
    assert str(info.value) == ("x.json:2:7: the number 1e99999 has an exponent no tournament "
                               "value needs")
    text = '{"a": 1' + "2" * 45 + ', "b": 1e99999, "c": "1e99999"}'
    with pytest.raises(FormatError, match="exponent no tournament value needs"):
        jsontext.load(text, "x.json")  # the exponent first, as before
    assert jsontext.load('{"c": "1e99999", "d": "' + "1" * 50 + '"}', "x.json") == {
        "c": "1e99999", "d": "1" * 50}  # in strings: text, not numbers


def test_the_tightest_long_number_is_refused() -> None:
    # 41 characters with a short exponent (four digits would be a huge one): 18 + 17 + 3
    number = "1" * 18 + "." + "2" * 17 + "e+" + "3" * 3
    assert len(number) == 41
    with pytest.raises(FormatError, match="longer than 40 characters"):
        jsontext.load(f'{{"a": {number}}}', "x.json")


def test_a_lone_surrogate_is_refused() -> None:
    with pytest.raises(FormatError, match="surrogate"):
        jsontext.load('{"name": "A\\ud800B"}', "x.json")
    assert jsontext.load('{"name": "\\u00e9\\ud83d\\ude00"}', "x.json") == {"name": "é😀"}
