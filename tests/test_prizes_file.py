"""The prize file reader: every problem is ``path:line:col: what is wrong``, at the key."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from swisstb_io.prizes import PrizeFileError, parse_prize_file, read_prize_file
from swisstb_io.prizes.locate import KeyLocator
from swisstb_io.prizes.model import Kind, Rounding, Sharing, System

HEAD = 'schema = "swisstb-prizes/1"\n[event]\nrating = "uscf"\n'
PLACE = '[[group]]\nid = "place"\nkind = "place"\ncash = [100, 50]\n'


def error(text: str) -> str:
    with pytest.raises(PrizeFileError) as info:
        parse_prize_file(text, "p.toml")
    return str(info.value)


def test_every_fixture_prize_file_reads() -> None:
    folder = Path(__file__).resolve().parent.parent / "fixtures" / "prizes"
    files = sorted(folder.glob("*.toml"))
    assert len(files) >= 15
    for path in files:
        assert read_prize_file(str(path)).groups


def test_defaults_and_values() -> None:
    pf = parse_prize_file(HEAD + PLACE + '[[group]]\nid = "u"\nkind = "under"\nbelow = 1800\n'
                          'cash = [75.02]\n')
    assert pf.event.system is System.USCF and pf.event.rounding_mode is Rounding.UP
    assert pf.groups[1].kind is Kind.UNDER and pf.groups[1].cash == (Fraction("75.02"),)
    assert pf.groups[0].exclusive == "cash"
    fide = parse_prize_file('schema = "swisstb-prizes/1"\n[event]\nsystem = "fide"\n'
                            'sharing = "hort"\n' + PLACE)
    assert fide.event.rounding_mode is Rounding.EXACT_TOTAL
    assert fide.event.sharing is Sharing.HORT


def test_toml_syntax_error_has_line_and_column() -> None:
    msg = error(HEAD + "unit = = 1\n")
    assert msg.startswith("p.toml:4:8: not valid TOML: Invalid value")


def test_unknown_key_points_at_the_key() -> None:
    msg = error(HEAD + PLACE + '[[group]]\nid = "u"\nkind = "under"\n  belw = 1800\n')
    assert msg.startswith("p.toml:11:3: unknown key 'belw' in a under group")
    assert "below" in msg


def test_unknown_key_in_event() -> None:
    assert error(HEAD + "currancy = 'USD'\n" + PLACE).startswith("p.toml:4:1: unknown key")


def test_overlapping_classes() -> None:
    text = HEAD + PLACE + ('[[group]]\nid = "a"\nkind = "class"\nmin = 1800\nmax = 1999\n'
                           'cash = [10]\n[[group]]\nid = "b"\nkind = "class"\nmin = 1900\n'
                           'max = 2100\ncash = [10]\n')
    msg = error(text)
    assert msg.startswith("p.toml:17:1: class 'b' (1900-2100) overlaps class 'a'")


def test_rating_bound_without_a_rating_list() -> None:
    text = ('schema = "swisstb-prizes/1"\n[event]\ncurrency = "USD"\n' + PLACE
            + '[[group]]\nid = "u"\nkind = "under"\nbelow = 1800\ncash = [10]\n')
    msg = error(text)
    assert msg.startswith("p.toml:10:1: group 'u' depends on ratings")
    assert 'rating = "uscf"' in msg


@pytest.mark.parametrize(("extra", "where", "what"), [
    ('[[group]]\nid = "c"\nkind = "class"\nmin = 2000\nmax = 1800\ncash = [1]\n', "11:1",
     "min 2000 > max 1800"),
    ('[[group]]\nid = "u"\nkind = "under"\ncash = [1]\n', "10:1", "needs below"),
    ('[[group]]\nid = "place"\nkind = "place"\ncash = [1]\n', "9:1", "two groups have the id"),
    ('[[group]]\nid = "x"\nkind = "place"\ncash = [10, 20]\n', "11:1", "place 2 pays more"),
    ('[[group]]\nid = "x"\nkind = "place"\ncash = [10]\nsharing = "hort"\n', "12:1",
     "sharing applies to system"),
    ('[[group]]\nid = "x"\nkind = "place"\ncash = [10.001]\n', "11:1", "not a whole number"),
    ('[[group]]\nid = "x"\nkind = "prize"\n', "10:1", "kind must be one of"),
    ('[[group]]\nid = "x"\nkind = "place"\ncash = "100"\n', "11:1", "a list of numbers"),
    ('[[group]]\nid = "x"\nkind = "points"\nmin_points = 4\ncash = [20, 10]\n', "12:1",
     "pays one amount"),
    ('[[group]]\nid = "x"\nkind = "place"\ncash = [10]\non_vacate = "lapse"\n', "12:1",
     "on_vacate applies to system"),
])
def test_meaning_errors_point_at_the_key(extra: str, where: str, what: str) -> None:
    msg = error(HEAD + PLACE + extra)
    assert msg.startswith(f"p.toml:{where}: "), msg
    assert what in msg


def test_unrated_limit_is_for_uscf() -> None:
    text = ('schema = "swisstb-prizes/1"\n[event]\nsystem = "fide"\nrating = "fide"\n'
            '[limits]\nunrated_max = 100\n' + PLACE)
    assert error(text).startswith('p.toml:6:1: [limits] apply to system = "uscf"')


def test_unrated_limit_needs_a_rating_list() -> None:
    text = ('schema = "swisstb-prizes/1"\n[limits]\nunrated_max = 100\n' + PLACE)
    assert error(text).startswith("p.toml:3:1: unrated_max needs the rating list")


def test_schema_is_required() -> None:
    assert error("[event]\n" + PLACE).startswith("p.toml:1:1: the file must start with schema")


def test_based_on_needs_an_entry_count() -> None:
    msg = error(HEAD + '[fund]\nmode = "based-on"\n' + PLACE)
    assert msg.startswith("p.toml:5:1: mode = \"based-on\" needs based_on")


def test_missing_file_and_bad_encoding(tmp_path: Path) -> None:
    with pytest.raises(PrizeFileError, match="cannot read the prize file"):
        read_prize_file(str(tmp_path / "none.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b'schema = "swisstb-prizes/1"\nname = "\xff"\n')
    with pytest.raises(PrizeFileError, match=r"bad.toml:2:9: a prize file must be UTF-8"):
        read_prize_file(str(bad))


def test_locator_skips_multiline_arrays_and_strings() -> None:
    text = ('[event]\nname = """\nfake = 1\n"""\n[[group]]\ncash = [\n  1,\n  2,\n]\n'
            '  id = "x"\n[[group]]\nid = "y"\n')
    where = KeyLocator(text)
    assert ("event", 0, "fake") not in where.keys
    assert where.key("group", 0, "id") == (10, 3)
    assert where.key("group", 1, "id") == (12, 1)
    assert where.key("group", 1, "missing") == (11, 1)
    assert where.table("nothing") == (1, 1)
