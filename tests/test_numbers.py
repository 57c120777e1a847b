"""The notations of exact numbers (:mod:`swisstb_io.numbers`) and the one JSON writer
(:func:`swisstb_io.jsonwrite.dumps`)."""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from swisstb_io.jsonwrite import dumps
from swisstb_io.numbers import exact, fixed, fixed_decimal, glyph, rule_decimal, rule_text

fractions = st.fractions(min_value=-1000, max_value=1000, max_denominator=64)


@given(fractions)
def test_exact_reads_back_as_the_same_number(value: Fraction) -> None:
    assert Fraction(exact(value)) == value
    assert Fraction(exact(value, places=1)) == value
    assert "." in exact(value, places=1) or "/" in exact(value, places=1)


def test_exact_examples() -> None:
    assert [exact(Fraction(x)) for x in ("5/2", "3", "1/8", "7/3", "-1/4")] == [
        "2.5", "3", "0.125", "7/3", "-0.25"]
    assert exact(Fraction(3), places=1) == "3.0"
    assert exact(Fraction(1, 8), most=2) == "1/8" and exact(Fraction(1, 4), most=2) == "0.25"


@given(fractions, st.integers(min_value=0, max_value=6))
def test_fixed_rounds_half_up_as_decimal_does(value: Fraction, places: int) -> None:
    with localcontext() as ctx:
        ctx.prec = 60
        want = (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
            Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    assert Decimal(fixed(value, places)) == want
    assert not fixed(value, places).startswith("-") or want < 0  # no "-0.0"


def test_glyph() -> None:
    assert [glyph(Fraction(x)) for x in ("9/2", "1/2", "7", "0", "9/4", "-1/2")] == [
        "4½", "½", "7", "0", "2.25", "-½"]


def test_rule_decimal_and_text() -> None:
    assert str(rule_decimal(Fraction(7, 2))) == "3.5"
    assert str(rule_decimal(Fraction(7, 3))) == "2.33"
    assert str(rule_decimal(Fraction(2, 3), 1)) == "0.7"
    assert rule_text(Fraction(7, 2), 2, 2) == "3.50" and rule_text(None, 2, 1) == "-"
    assert rule_text(Fraction(7, 3), 2, 1) == "2.33"


def test_dumps_the_report_layout_and_compact() -> None:
    doc = {"a": [1, Decimal("2.50"), None], "b": {"c": True, "d": []}, "e": [{"f": "é"}]}
    assert dumps(doc) == ('{\n  "a": [1, 2.50, null],\n  "b": {\n    "c": true,\n    "d": []\n'
                          '  },\n  "e": [\n    {\n      "f": "é"\n    }\n  ]\n}')
    assert dumps(doc, indent=None) == '{"a":[1,2.50,null],"b":{"c":true,"d":[]},"e":[{"f":"é"}]}'
    assert dumps(doc, indent=None, ascii=True).endswith('[{"f":"\\u00e9"}]}')
    assert json.loads(dumps(doc), parse_float=Decimal)["a"][1] == Decimal("2.50")


@pytest.mark.parametrize("bad", [1.5, {1.5}, [object()], {"x": [float("nan")]}])
def test_dumps_refuses_what_is_not_plain_exact_data(bad: object) -> None:
    with pytest.raises(TypeError):
        dumps(bad)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner,
                                                                max_size=4),
    max_leaves=20)


@given(json_values, st.booleans())
def test_compact_text_is_the_same_with_or_without_a_decimal_in_the_value(
        value: object, ascii: bool) -> None:
    """The standard library writes compact values without a Decimal, the writer the
    others: the same text either way."""
    assert dumps([value, Decimal("1.5")], indent=None, ascii=ascii) == \
        "[" + dumps(value, indent=None, ascii=ascii) + ",1.5]"


@given(st.decimals(min_value=-10**6, max_value=10**6, allow_nan=False, allow_infinity=False,
                   places=12), st.integers(min_value=0, max_value=6))
def test_fixed_decimal_writes_what_fixed_writes(value: Decimal, places: int) -> None:
    assert fixed_decimal(value, places) == fixed(Fraction(value), places)


def test_fixed_decimal_examples() -> None:
    assert [fixed_decimal(Decimal(x), 2) for x in ("-0.004", "2.345", "-7.4", "1523")] == [
        "0.00", "2.35", "-7.40", "1523.00"]
    assert fixed_decimal(Decimal("39.1"), 3) == "39.100"
    assert fixed_decimal(Decimal("1522.5"), 0) == "1523"
