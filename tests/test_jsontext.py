"""The JSON loader refuses numbers no tournament value needs, wherever they are."""

from __future__ import annotations

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
