"""swisstb_io XML: schema, exact round trips, hardened parsing, exact error messages."""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import random
from fractions import Fraction
from pathlib import Path

import pytest
from gallery import GALLERY, random_event
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from swisstb_io import api
from swisstb_io.errors import FormatError, WriteError
from swisstb_io.model import (
    Color,
    DateText,
    Outcome,
    Player,
    PointAdjustment,
    PointSystem,
    Rating,
    RoundResult,
    Team,
    Tournament,
)
from swisstb_io.registry import ReadOptions, WriteOptions, detect, find
from swisstb_io.xml import FORMAT, read_xml, write_xml
from swisstb_io.xml._common import NAMESPACE, points_text, schema

ROOT = Path(__file__).resolve().parent.parent
XML_DIR = ROOT / "fixtures" / "xml"
TRF_FILES = sorted((ROOT / "fixtures" / "trf").glob("*.trf"))


def _read(data: bytes, path: str = "t.xml") -> Tournament:
    return read_xml(data, path, ReadOptions()).tournament


def _round_trip(t: Tournament) -> Tournament:
    return _read(write_xml(t, WriteOptions()))


# A tournament in which every model field differs from its default, with awkward text.
SINK = Tournament(
    name="  Sink <Open> & \"Cup\" 'x'\ttab\nnewline\r ",
    players=(
        Player(
            start_no=1,
            name="Ünïcødé, Łukasz 李",
            results=(
                RoundResult(Outcome.INCONSISTENT_WIN, 2, Color.WHITE),
                RoundResult(Outcome.FORFEIT_DRAW, None, Color.NONE),
                RoundResult(Outcome.NOT_PAIRED),
                RoundResult(Outcome.DOUBLE_FORFEIT, 2, Color.BLACK),
            ),
            sex="w",
            title="WGM",
            fide_rating=0,
            ratings=(Rating("USCF", 1850), Rating("IND", -5)),
            federation="IND",
            fide_id="0012345",
            national_ids=(("USCF", "12345678"), ("IND", "")),
            birth="1987/00/00",
            team="Team A",
            declared_points=Fraction(-7, 3),
            declared_rank=-1,
            extras={"trf:line": "001    1 \x01\x1f raw", "z:empty": "", "a: spaced ": "  "},
            adjustments=(
                PointAdjustment(Fraction(-7, 3), 2, " fair play <late> & \"x\" "),
                PointAdjustment(Fraction(1, 2)),
            ),
        ),
        Player(
            start_no=2,
            name="",
            results=(
                RoundResult(Outcome.INCONSISTENT_WIN, 1, Color.BLACK),
                RoundResult(Outcome.WIN, 1, Color.NONE),
                RoundResult(Outcome.NOT_PAIRED, 1, Color.WHITE),
                RoundResult(Outcome.DOUBLE_FORFEIT, 1, Color.WHITE),
            ),
            declared_points=Fraction(25, 8),
        ),
    ),
    city=" City ",
    federation="FID",
    start_date=DateText("28. 07. 2005", dt.date(2005, 7, 28)),
    end_date=DateText("later"),
    chief_arbiter="IA Chief (22232540)",
    deputy_arbiters=("", "Deputy Two"),
    time_control="40/6000+30:1500+30",
    tournament_type="Individual: Swiss-System",
    pairing_system="FIDE_DUTCH_2025",
    total_rounds=0,
    round_dates=("25/03/01", "", "  "),
    point_system=PointSystem(
        win=Fraction(3),
        draw=Fraction(1),
        loss=Fraction(-1, 2),
        forfeit_win=Fraction(5, 2),
        forfeit_loss=Fraction(-1),
        pairing_bye=Fraction(1, 3),
        full_bye=Fraction(2),
        half_bye=Fraction(3, 4),
        zero_bye=Fraction(1, 10),
    ),
    tiebreaks=("EDET/P", "BH:MP/C1/P"),
    standings_order=("PTS", "EGGSB/C1"),
    teams=(Team("Team A", (1, 2, 77), number=0, extras={"trf:310": "x\x00y"}), Team("")),
    section="Open A",
    extras={"trf:XXR": "4", "csv:column:Post": "1850/1870"},
)


def test_the_sink_sets_every_model_field() -> None:
    """If the model grows a field, this fails until SINK (and so the XML) covers it."""
    adjustment = SINK.players[0].adjustments[0]
    for obj in (SINK, SINK.players[0], SINK.teams[0], SINK.point_system, SINK.start_date,
                adjustment):
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if f.default is not dataclasses.MISSING:
                assert value != f.default, f"{type(obj).__name__}.{f.name} is left at default"
            elif f.default_factory is not dataclasses.MISSING:
                assert value != f.default_factory(), f"{type(obj).__name__}.{f.name} default"


def test_every_field_and_odd_text_survive_exactly() -> None:
    back = _round_trip(SINK)
    assert back == SINK
    assert dict(back.players[0].extras) == dict(SINK.players[0].extras)
    assert dict(back.teams[0].extras) == {"trf:310": "x\x00y"}
    assert back.players[0].declared_points == Fraction(-7, 3)


def test_defaults_stay_defaults() -> None:
    t = Tournament(players=(Player(1, "A"),))
    back = _round_trip(t)
    assert back == t
    assert back.start_date is None and back.total_rounds is None
    assert back.players[0].fide_rating is None and back.players[0].declared_points is None


@pytest.mark.parametrize("name", list(GALLERY))
def test_gallery_round_trips_exactly(name: str) -> None:
    assert _round_trip(GALLERY[name]) == GALLERY[name]


@pytest.mark.parametrize("path", TRF_FILES, ids=lambda p: p.name)
def test_trf_to_xml_to_trf_is_byte_identical(path: Path) -> None:
    trf = find("trf")
    assert trf.reader is not None and trf.writer is not None
    data = path.read_bytes()
    t = trf.reader(data, str(path), ReadOptions()).tournament
    xml = write_xml(t, WriteOptions())
    back = _read(xml)
    assert back == t
    assert trf.writer(back, WriteOptions()) == trf.writer(t, WriteOptions())
    assert trf.writer(back, WriteOptions()) == data


def test_trf_fixtures_are_there() -> None:
    assert len(TRF_FILES) >= 20


def test_shipped_schema_and_dossier_copy_are_identical() -> None:
    shipped = ROOT / "swisstb_io" / "xml" / "swisstb-1.xsd"
    assert (ROOT / "formats" / "xml" / "swisstb-1.xsd").read_bytes() == shipped.read_bytes()


def test_written_files_validate_and_name_the_namespace() -> None:
    data = write_xml(GALLERY["teams"], WriteOptions())
    assert data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<tournament xmlns="')
    doc = etree.fromstring(data)
    assert etree.QName(doc).namespace == NAMESPACE
    assert schema().validate(doc.getroottree())


def test_minimal_fixture() -> None:
    t = _read((XML_DIR / "minimal.xml").read_bytes())
    assert (t.name, t.city, t.total_rounds, t.pairing_system) == (
        "Minimal Open",
        "Oslo",
        2,
        "FIDE_DUTCH_2025",
    )
    assert t.start_date == DateText("2025/03/01", dt.date(2025, 3, 1))
    assert t.tiebreaks == ("BH/C1", "SB")
    alpha, beta, gamma = t.players
    assert alpha.results == (
        RoundResult(Outcome.WIN, 2, Color.WHITE),
        RoundResult(Outcome.FORFEIT_WIN, 3, Color.BLACK),
    )
    assert beta.results[1] == RoundResult(Outcome.PAIRING_BYE)
    assert gamma.results[0] == RoundResult(Outcome.NOT_PAIRED)
    assert gamma.rating("USCF") == 1850 and gamma.national_id("USCF") == "12345678"
    assert [p.declared_points for p in t.players] == [2, 1, 0]
    assert [p.points(t.point_system) for p in t.players] == [2, 1, 0]


def test_golden_file_for_the_small_swiss(update_golden: bool) -> None:
    golden = XML_DIR / "gallery_small_swiss.xml"
    data = write_xml(GALLERY["small-swiss"], WriteOptions())
    if update_golden:
        golden.write_bytes(data)
    assert data == golden.read_bytes()


BAD = {
    "not_well_formed.xml": "4:12: not well-formed XML: Opening and ending tag mismatch: "
    "players line 3 and player",
    "no_namespace.xml": "2:1: the root element is <tournament>; a swisstb_io XML file starts "
    'with <tournament xmlns="urn:swisstb_io:1" version="1">',
    "future_version.xml": "2:1: namespace 'urn:swisstb_io:2' is a swisstb_io XML version this "
    "reader does not know; it reads 'urn:swisstb_io:1'",
    "entity_expansion.xml": "3:3: the DOCTYPE declares entities, which swisstb_io XML never "
    "uses and does not accept from untrusted files; remove the DOCTYPE",
    "external_entity.xml": "3:64: not well-formed XML: Attribute references external entity "
    "'secret'",
    "bad_start_no.xml": "4:5: does not match the swisstb XML schema: Element 'player', "
    "attribute 'startNo': [facet 'pattern'] The value 'one' is not accepted by the pattern "
    "'0*[1-9][0-9]{0,8}'",
    "bad_points.xml": "3:3: does not match the swisstb XML schema: Element 'scoring', "
    "attribute 'draw': [facet 'pattern'] The value 'one' is not accepted by the pattern "
    r"'-?[0-9]{1,12}(\.[0-9]{1,12})?|-?[0-9]{1,12}/0*[1-9][0-9]{0,11}'",
    "unknown_outcome.xml": "5:7: does not match the swisstb XML schema: Element 'round', "
    "attribute 'outcome': [facet 'enumeration'] The value 'won' is not an element of the set "
    "{'win', 'draw', 'loss', 'win-unrated', 'draw-unrated', 'loss-unrated', 'forfeit-win', "
    "'forfeit-loss', 'forfeit-draw', 'double-forfeit', 'pairing-bye', 'full-bye', "
    "'half-bye', 'zero-bye', 'not-paired', 'inconsistent-win', 'inconsistent-draw', "
    "'inconsistent-loss'}",
    "duplicate_start_no.xml": "5:5: does not match the swisstb XML schema: Element 'player': "
    "Duplicate key-sequence ['1'] in unique identity-constraint 'uniqueStartNo'",
    "round_gap.xml": "6:7: player 1: round 3 follows round 1; list every round from 1 in "
    'order (outcome="not-paired" for a round without a game)',
    "impossible_date.xml": "3:3: date value '2025-02-30' is not a real date (use YYYY-MM-DD)",
    "missing_players.xml": "3:3: does not match the swisstb XML schema: Element 'teams': This "
    "element is not expected. Expected is one of ( startDate, endDate, deputyArbiter, "
    "roundDate, scoring, tiebreaks, standings, extra, players )",
    "latin1_bytes.xml": "2:59: not well-formed XML: Invalid bytes in character encoding",
}


def test_every_bad_fixture_has_a_message() -> None:
    assert sorted(p.name for p in (XML_DIR / "bad").glob("*.xml")) == sorted(BAD)


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_files_give_exact_messages(name: str) -> None:
    path = f"fixtures/xml/bad/{name}"
    with pytest.raises(FormatError) as info:
        read_xml((ROOT / path).read_bytes(), path, ReadOptions())
    assert str(info.value) == f"{path}:{BAD[name]}"


def test_first_round_missing_is_explained() -> None:
    data = (
        b'<tournament xmlns="urn:swisstb_io:1" version="1"><players>\n'
        b'<player startNo="4" name="D"><round no="2" outcome="win"/></player>'
        b"</players></tournament>"
    )
    with pytest.raises(FormatError, match=r"^x\.xml:2:30: player 4: round 2 is the first one"):
        read_xml(data, "x.xml", ReadOptions())


def test_base64_extra_that_is_not_base64() -> None:
    data = (
        b'<tournament xmlns="urn:swisstb_io:1" version="1">\n'
        b'<extra key="k" value="%%%" encoding="base64"/><players/></tournament>'
    )
    with pytest.raises(FormatError) as info:
        read_xml(data, "x.xml", ReadOptions())
    assert str(info.value) == "x.xml:2:1: extra 'k': value '%%%' is not base64 of UTF-8 text"


def test_repeated_extra_key() -> None:
    data = (
        b'<tournament xmlns="urn:swisstb_io:1" version="1"><extra key="k" value="1"/>\n'
        b'<extra key="k" value="2"/><players/></tournament>'
    )
    with pytest.raises(FormatError) as info:
        read_xml(data, "x.xml", ReadOptions())
    assert str(info.value) == "x.xml:2:1: extra key 'k' appears twice; keep one"


def test_writer_refuses_text_xml_cannot_hold() -> None:
    t = Tournament(players=(Player(3, "Bad\x07Bell"),))
    with pytest.raises(WriteError) as info:
        write_xml(t, WriteOptions())
    assert str(info.value) == (
        "player 3: name 'Bad\\x07Bell' holds the character U+0007, which XML cannot hold; remove it"
    )


def test_writer_validates_against_the_schema() -> None:
    t = Tournament(players=(Player(-4, "Negative"),))
    with pytest.raises(WriteError) as info:
        write_xml(t, WriteOptions())
    assert str(info.value) == (
        "the XML would not match urn:swisstb_io:1: Element 'player', attribute 'startNo': "
        "[facet 'pattern'] The value '-4' is not accepted by the pattern '0*[1-9][0-9]{0,8}'"
    )


def test_newline_option() -> None:
    data = write_xml(GALLERY["small-swiss"], WriteOptions(newline="\r\n"))
    assert b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b"")
    assert _read(data) == GALLERY["small-swiss"]


def test_points_text_is_exact() -> None:
    cases = {
        Fraction(1): "1",
        Fraction(1, 2): "0.5",
        Fraction(-5, 4): "-1.25",
        Fraction(1, 3): "1/3",
        Fraction(-2, 3): "-2/3",
        Fraction(0): "0",
    }
    for value, text in cases.items():
        assert points_text(value) == text
        assert Fraction(text) == value


def test_registry_detects_and_api_reads(tmp_path: Path) -> None:
    data = write_xml(GALLERY["byes"], WriteOptions())
    assert detect(data, "whatever.dat") is FORMAT
    assert detect(data, "t.xml") is FORMAT
    out = tmp_path / "byes.xml"
    api.write(GALLERY["byes"], out, format="xml")
    result = api.load(out)
    assert result.format == "xml" and result.encoding == "utf-8"
    assert result.tournament == GALLERY["byes"]
    assert not FORMAT.lossy


def test_sniff_rejects_other_xml() -> None:
    assert FORMAT.sniff is not None
    assert not FORMAT.sniff(b'<?xml version="1.0"?><playerslist><player/></playerslist>')
    assert FORMAT.sniff(b'\xef\xbb\xbf <tournament xmlns="urn:swisstb_io:1"/>')


def test_utf16_files_are_detected_and_read() -> None:
    text = write_xml(GALLERY["utf8-unrated"], WriteOptions()).decode("utf-8")
    data = text.replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16")
    assert detect(data, "t.xml") is FORMAT
    result = read_xml(data, "t.xml", ReadOptions())
    assert result.tournament == GALLERY["utf8-unrated"] and result.encoding == "utf-16"


@given(st.binary(max_size=300))
def test_arbitrary_bytes_raise_only_format_error(data: bytes) -> None:
    with contextlib.suppress(FormatError):
        read_xml(data, "fuzz.xml", ReadOptions())


_VALID = write_xml(GALLERY["forfeits"], WriteOptions())


@given(st.lists(st.tuples(st.integers(0, len(_VALID) - 1), st.integers(0, 255)), max_size=4))
def test_damaged_files_raise_only_format_error(flips: list[tuple[int, int]]) -> None:
    data = bytearray(_VALID)
    for pos, value in flips:
        data[pos] = value
    with contextlib.suppress(FormatError):
        read_xml(bytes(data), "fuzz.xml", ReadOptions())


_TEXT = st.text(max_size=8)
_RESULTS = st.lists(
    st.builds(
        RoundResult,
        st.sampled_from(Outcome),
        st.none() | st.integers(0, 12),
        st.sampled_from(Color),
    ),
    max_size=5,
)
_PLAYERS = st.lists(
    st.builds(
        Player,
        start_no=st.integers(0, 12),
        name=_TEXT,
        results=_RESULTS.map(tuple),
        title=_TEXT,
        fide_rating=st.none() | st.integers(-9999, 9999),
        declared_points=st.none() | st.fractions(max_denominator=9).filter(lambda f: abs(f) < 999),
        extras=st.dictionaries(_TEXT, st.text(max_size=8)),
    ),
    max_size=5,
    unique_by=lambda p: p.start_no,
)


@settings(max_examples=40)
@given(st.builds(Tournament, name=_TEXT, players=_PLAYERS.map(tuple), section=_TEXT))
def test_any_model_round_trips_or_is_refused_with_a_reason(t: Tournament) -> None:
    """Inconsistent games survive exactly (as diagnostics); text XML cannot hold is refused
    by name, and so is, when read, an opponent who does not exist or a self-pairing."""
    from swisstb_io.xml._common import NOT_XML

    texts = [t.name, t.section, *(p.name for p in t.players), *(p.title for p in t.players)]
    texts += [k for p in t.players for k in p.extras]
    numbers = {p.start_no for p in t.players}
    impossible = any(r.opponent is not None and (r.opponent == p.start_no
                                                 or r.opponent not in numbers)
                     for p in t.players for r in p.results)
    if any(NOT_XML.search(x) for x in texts):
        with pytest.raises(WriteError, match="which XML cannot hold; remove it"):
            write_xml(t, WriteOptions())
    elif any(p.start_no < 1 for p in t.players):  # start numbers count from 1
        with pytest.raises(WriteError, match=r"attribute 'startNo': .* is not accepted"):
            write_xml(t, WriteOptions())
    elif impossible:
        with pytest.raises(FormatError, match=r"is paired against themself|does not exist"):
            _round_trip(t)
    else:
        assert _round_trip(t) == t


@given(st.integers(0, 2**32), st.integers(1, 9), st.integers(1, 6))
def test_random_consistent_events_round_trip(seed: int, players: int, rounds: int) -> None:
    t = random_event(random.Random(seed), players, rounds)
    assert _round_trip(t) == t


def test_parameter_entities_are_refused_and_external_dtds_never_fetched() -> None:
    head = b'<?xml version="1.0"?>\n'
    body = b'<tournament xmlns="urn:swisstb_io:1" version="1"><players/></tournament>'
    hostile = head + b'<!DOCTYPE t [ <!ENTITY % p SYSTEM "http://127.0.0.1:1/x"> %p; ]>\n' + body
    with pytest.raises(FormatError) as info:
        read_xml(hostile, "x.xml", ReadOptions())
    assert str(info.value).startswith("x.xml:2:15: the DOCTYPE declares entities")
    external = head + b'<!DOCTYPE tournament SYSTEM "http://127.0.0.1:1/x.dtd">\n' + body
    assert read_xml(external, "x.xml", ReadOptions()).tournament == Tournament()


def test_adjustments_round_trip_and_are_written_as_elements() -> None:
    t = Tournament(players=(Player(1, "A", adjustments=(
        PointAdjustment(Fraction(-1, 2), 3, "penalty"), PointAdjustment(Fraction(2)))),))
    data = write_xml(t, WriteOptions())
    assert b'<adjustment points="-0.5" round="3" note="penalty"/>' in data
    assert b'<adjustment points="2"/>' in data
    assert _round_trip(t) == t


def test_an_adjustment_round_below_one_is_refused_on_write_and_on_read() -> None:
    t = Tournament(players=(Player(1, "A", adjustments=(PointAdjustment(Fraction(1), 0),)),))
    with pytest.raises(WriteError, match="player 1: adjustment round 0 is not a round number"):
        write_xml(t, WriteOptions())
    good = write_xml(dataclasses.replace(t, players=(Player(1, "A", adjustments=(
        PointAdjustment(Fraction(1), 1),)),)), WriteOptions())
    bad = good.replace(b'round="1"', b'round="0"')
    with pytest.raises(FormatError, match="round"):
        _read(bad)


def test_comments_and_processing_instructions_among_rounds_are_not_rounds() -> None:
    """A processing instruction's text can look like attributes (``outcome="win"``); only
    elements are rounds."""
    plain = api.dumps(api.read(ROOT / "fixtures" / "trf" / "held_swiss_5.trf"), "xml")
    at = plain.index(b"<round ")
    noisy = plain[:at] + b'<!-- checked --><?swisstb outcome="win" no="1"?>' + plain[at:]
    assert api.read(noisy, format="xml") == api.read(plain, format="xml")
