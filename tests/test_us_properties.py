"""Property tests: generated tournaments through the US formats lose only what is declared."""

from __future__ import annotations

from hypothesis import given, settings
from lossy import differences
from strategies import consistent_tournaments

from swisstb_io.model import Tournament
from swisstb_io.registry import ReadOptions, WriteOptions, find


def _through(name: str, t: Tournament) -> Tournament:
    spec = find(name)
    assert spec.writer is not None and spec.reader is not None
    return spec.reader(spec.writer(t, WriteOptions()), "gen", ReadOptions()).tournament


@settings(max_examples=20)
@given(consistent_tournaments())
def test_csv_round_trip(t: Tournament) -> None:
    assert differences(t, _through("swisssys-csv", t), find("swisssys-csv").lossy) == []


@settings(max_examples=20)
@given(consistent_tournaments())
def test_dbf_round_trip(t: Tournament) -> None:
    assert differences(t, _through("uscf-dbf", t), find("uscf-dbf").lossy) == []


@settings(max_examples=20)
@given(consistent_tournaments())
def test_sjson_round_trip(t: Tournament) -> None:
    assert differences(t, _through("sjson", t), find("sjson").lossy) == []
