"""LazyExtras: an extras mapping whose costly values are computed once, on first read."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from swisstb_io import api
from swisstb_io.extras import LazyExtras
from swisstb_io.trf._read import LAYOUT_KEY

FIX = Path(__file__).resolve().parent.parent / "fixtures"


def counting() -> tuple[list[int], LazyExtras]:
    calls: list[int] = []

    def make() -> str:
        calls.append(1)
        return "computed"

    return calls, LazyExtras({"a:x": "1"}, {"a:lazy": make})


def test_a_pending_value_is_computed_once_on_first_read() -> None:
    calls, extras = counting()
    assert "a:lazy" in extras and len(extras) == 2 and list(extras) == ["a:x", "a:lazy"]
    assert calls == []
    assert extras["a:lazy"] == "computed"
    assert extras["a:lazy"] == "computed"
    assert calls == [1]


def test_it_behaves_as_a_plain_read_only_mapping() -> None:
    _, extras = counting()
    assert extras == {"a:x": "1", "a:lazy": "computed"}
    assert dict(extras) == {"a:x": "1", "a:lazy": "computed"}
    assert extras.get("missing") is None
    with pytest.raises(KeyError):
        extras["missing"]
    assert "missing" not in extras
    assert repr(extras) == "LazyExtras({'a:x': '1', 'a:lazy': 'computed'})"
    with pytest.raises(TypeError):
        extras["a:x"] = "2"  # type: ignore[index]


def test_a_ready_value_wins_over_a_pending_one() -> None:
    extras = LazyExtras({"k": "ready"}, {"k": lambda: "late"})
    assert len(extras) == 1 and extras["k"] == "ready"


def test_pickling_keeps_the_computed_values() -> None:
    _, extras = counting()
    back = pickle.loads(pickle.dumps(extras))
    assert isinstance(back, LazyExtras) and back == extras


def test_reading_trf_leaves_the_layout_for_whoever_needs_it() -> None:
    """``info`` and ``report`` never pay for the layout; writing still gives the file back."""
    data = (FIX / "trf" / "held_swiss_5.trf").read_bytes()
    t = api.read(data, format="trf")
    assert isinstance(t.extras, LazyExtras) and LAYOUT_KEY in t.extras
    assert LAYOUT_KEY in t.extras._pending
    assert api.dumps(t, "trf") == data
    assert LAYOUT_KEY not in t.extras._pending
