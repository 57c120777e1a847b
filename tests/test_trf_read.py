"""Reading FIDE TRF: every fixture, the quirks, the extensions, bad files and diagnostics."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest

from swisstb_io.errors import FormatError, Severity
from swisstb_io.model import Color, Outcome, PointSystem, Rating, RoundResult
from swisstb_io.registry import ReadOptions, ReadResult, detect, find
from swisstb_io.trf import read_trf, sniff

TRF_DIR = Path(__file__).resolve().parent.parent / "fixtures" / "trf"
FIXTURES = sorted(TRF_DIR.glob("*.trf"))
BAD = sorted((TRF_DIR / "bad").glob("*.trf"))


def read(name: str, strict: bool = False) -> ReadResult:
    return read_trf((TRF_DIR / name).read_bytes(), name, ReadOptions(strict=strict))


def read_text(text: str, strict: bool = False) -> ReadResult:
    return read_trf(text.encode(), "t.trf", ReadOptions(strict=strict))


def line(sn: int, name: str, points: str = "", *rounds: str, rating: str = "") -> str:
    """A column-exact 001 line (round blocks as 'oooo c r')."""
    head = f"001 {sn:>4} m    {name:<33} {rating:>4} {'':3} {'':>11} {'':10} {points:>4} {'':>4}"
    return head + "".join(f"  {b}" for b in rounds)


def test_every_fixture_folder_has_files() -> None:
    assert len(FIXTURES) >= 20 and len(BAD) >= 10


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_fixture_reads_and_is_sniffed(path: Path) -> None:
    data = path.read_bytes()
    result = read_trf(data, path.name, ReadOptions())
    assert result.format in ("trf16", "trf2026")
    assert result.tournament.extras["trf:version"] == result.format[3:]
    assert result.tournament.players or result.tournament.name
    assert sniff(data)
    assert detect(data, path.name).name == "trf"


def test_sniff_rejects_other_text() -> None:
    assert not sniff(b"name,rating\nAlice,1800\n")
    assert not sniff(b'{"event": "x"}')


def test_registry_names() -> None:
    assert find("trfx").name == "trf"
    assert find("trf16").write_options.version == "16"
    assert find("trf2026").write_options.version == "2026"


def test_fide_example_player_and_rounds() -> None:
    t = read("held_swiss_5.trf").tournament
    bruno = t.player(2)
    assert (bruno.name, bruno.fide_rating, bruno.federation, bruno.birth) == (
        "Bruno", 2150, "NOR", "1990/01/01")
    assert bruno.fide_id == ""  # "0" means none
    assert bruno.declared_points == Fraction(4) and bruno.declared_rank == 2
    assert bruno.results[0] == RoundResult(Outcome.WIN, 10, Color.BLACK)
    assert t.player(4).results[1] == RoundResult(Outcome.HALF_BYE)
    assert t.player(6).results[2] == RoundResult(Outcome.PAIRING_BYE)
    assert t.player(11).results[3] == RoundResult(Outcome.FORFEIT_WIN, 9, Color.WHITE)
    assert t.player(9).results[3] == RoundResult(Outcome.FORFEIT_LOSS, 11, Color.BLACK)
    assert t.player(12).results[3] == RoundResult(Outcome.ZERO_BYE)
    assert t.total_rounds == 5
    assert [p.start_no for p in t.players][:3] == [2, 1, 3]  # file order is kept


def test_cp1252_and_swiss_manager_quirks() -> None:
    r = read("own_cp1252_quirks.trf")
    t = r.tournament
    assert r.encoding == "cp1252" and r.details["line endings"] == "CRLF"
    assert t.name == "Torneo de Otoño 2024"
    assert t.start_date is not None and t.start_date.value == dt.date(2024, 10, 5)
    assert t.start_date.text == "05/10/2024"
    assert t.player(1).name == "Muñoz Peña José" and t.player(1).title == "IM"
    assert t.player(2).title == "WFM" and t.player(2).sex == "w"
    assert t.player(1).birth == "1985"
    assert t.player(4).fide_rating is None and t.player(4).fide_id == ""
    assert t.deputy_arbiters == ()  # the empty 112 line is kept verbatim, not a deputy
    # 05/10/2024 and 06/10/2024 do not say which is the day: read day first, and said
    assert [(str(d.location), d.code) for d in r.diagnostics] == [
        ("own_cp1252_quirks.trf:4:5", "trf-unclear-date"),
        ("own_cp1252_quirks.trf:5:5", "trf-unclear-date")]


def test_bom_and_line_endings() -> None:
    r = read("own_utf8_bom.trf")
    assert (r.encoding, r.details["BOM"], r.details["line endings"]) == ("utf-8", "yes", "LF")
    assert r.tournament.name == "Memorijal Šćepanović"
    assert r.tournament.player(1).name == "Šćepanović, Miloš"
    cr = read("own_cr_only_no_final_newline.trf")
    assert cr.details["line endings"] == "CR" and cr.details["final newline"] == "no"
    assert cr.tournament.total_rounds == 4
    mixed = read("own_mixed_endings.trf")
    assert mixed.details["line endings"] == "mixed"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("28. 07. 2005", dt.date(2005, 7, 28)),
        ("May 29, 2020", dt.date(2020, 5, 29)),
        ("24/09/2010", dt.date(2010, 9, 24)),
        ("2025-03-01", dt.date(2025, 3, 1)),
        ("1969.12.06", dt.date(1969, 12, 6)),
        ("31/02/2020", None),
        ("soon", None),
    ],
)
def test_date_styles(text: str, value: dt.date | None) -> None:
    t = read_text(f"012 X\n042 {text}\n").tournament
    assert t.start_date is not None
    assert (t.start_date.text, t.start_date.value) == (text, value)


def test_mid_event_file() -> None:
    r = read("own_midevent.trf")
    t = r.tournament
    assert r.diagnostics == ()
    a, b, e, f, g, h = (t.player(n) for n in (1, 2, 5, 6, 7, 8))
    assert a.results[1].outcome is Outcome.WIN_UNRATED
    assert b.results[1].outcome is Outcome.DRAW_UNRATED  # lower-case 'd'
    assert a.results[2] == RoundResult(Outcome.FORFEIT_LOSS, 4, Color.WHITE)
    # round 4 is paired but not played yet: the pairing is kept, the outcome is NOT_PAIRED
    assert a.results[3] == RoundResult(Outcome.NOT_PAIRED, 5, Color.BLACK)
    assert e.results[1] == RoundResult(Outcome.NOT_PAIRED)  # blank block
    assert f.results[1].outcome is Outcome.ZERO_BYE  # lower-case 'z'
    assert len(f.results) == 4  # trailing blank block dropped
    assert g.results[0] == RoundResult(Outcome.DOUBLE_FORFEIT, 8, Color.WHITE)
    assert h.results == (RoundResult(Outcome.DOUBLE_FORFEIT, 7, Color.BLACK),)
    assert len(g.results) == 2  # the blank blocks after 0000 - Z are trailing
    assert t.player(4).results[3].outcome is Outcome.HALF_BYE
    assert (t.rounds, t.rounds_played) == (5, 4)


def test_trf2026_records() -> None:
    t = read("own_trf2026_individual.trf").tournament
    assert t.extras["trf:version"] == "2026"
    assert t.total_rounds == 3
    assert t.point_system == PointSystem(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(3),
                                         full_bye=Fraction(3), half_bye=Fraction(1),
                                         pairing_bye=Fraction(3))
    assert t.pairing_system == "FIDE_DUTCH_2025"
    assert t.tiebreaks == ("BH/C1", "BH", "SB")
    assert t.standings_order == ("PTS", "BH/C1", "BH")
    assert t.deputy_arbiters == ("Deputy One", "Deputy Two")
    assert t.round_dates == ("26/02/14", "26/02/14", "26/02/15")
    assert t.extras["trf:172"] == "172 IND FIDE"
    assert t.extras["trf:222"] == "222 2700+10"
    rao, khan = t.player(1), t.player(4)
    assert rao.ratings == (Rating("IND", 2301),) and rao.national_id("IND") == "10001"
    assert rao.title == "FM" and khan.title == "" and khan.sex == "w"
    assert khan.rating("IND") == 1650 and khan.fide_rating is None


def test_teams_310_left_aligned_and_013() -> None:
    t = read("sharlybbp_team_informative_score.trf").tournament
    assert [(tm.number, tm.name, tm.members) for tm in t.teams][:2] == [
        (1, "Alpha", (1, 2)), (2, "Bravo", (3, 4))]
    assert t.player(3).team == "Bravo"
    big = read("echecs_grandmommyscup.trf").tournament
    assert len(big.teams) == 50 and len(big.players) == 249
    india = big.teams[0]
    assert india.members == (1, 5, 15, 28, 44) and india.extras["trf:nickname"] == "IND"
    assert big.player(44).team == "India"
    assert big.player(1).rating("IND") == 2634
    assert big.extras["trf:330"].startswith("330 +-   4  23  33")
    old = read("own_extensions.trf").tournament
    assert [(tm.name, tm.members) for tm in old.teams] == [("Team Ants", (1, 3)),
                                                          ("Team Bees", (2, 4))]


def test_utf8_team_names_do_not_shift_columns() -> None:
    t = read("sharlybbp_team_utf8_names.trf").tournament
    assert [(tm.name, tm.members) for tm in t.teams] == [
        ("Liffré A", (1, 2)), ("Pacé B", (3, 4)), ("Vitré", (5, 6)), ("Évran D", (7, 8))]


def test_extension_records() -> None:
    r = read("own_extensions.trf")
    t = r.tournament
    # XXS sets win/forfeit win/byes to 2, draw to 1; BBL confirms the loss.
    assert t.point_system == PointSystem(win=Fraction(2), draw=Fraction(1), forfeit_win=Fraction(2),
                                         full_bye=Fraction(2), pairing_bye=Fraction(2))
    assert t.extras["trf:XXA"] == "XXA    1  1.0  1.0"
    assert t.extras["trf:XXC"] == "XXC white1"
    assert t.extras["trf:DAT"].splitlines() == ["DAT 0001 EMAIL ant@example.org",
                                               "DAT 2 ID:USCF 12345678"]
    assert [(d.severity, d.code) for d in r.diagnostics] == [
        (Severity.INFO, "trf-unknown-record")]
    assert str(r.diagnostics[0]) == (
        "own_extensions.trf:15:1: info: unknown record 'ZZZ' kept verbatim")


def test_bb_point_codes() -> None:
    text = "012 X\nBBW  3.0\nBBD  1.0\nBBU  1.5\n"
    assert read_text(text).tournament.point_system == PointSystem(
        win=Fraction(3), forfeit_win=Fraction(3), full_bye=Fraction(3), draw=Fraction(1),
        half_bye=Fraction(1), pairing_bye=Fraction(3, 2))


def test_299_bonus_counts_in_the_points_check() -> None:
    assert read("sharlybbp_indiv_299_bonus.trf").diagnostics == ()
    assert read("sharlybbp_indiv_299_penalty.trf").diagnostics == ()


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.name)
def test_bad_file_message(path: Path) -> None:
    expected = path.with_suffix(".error.txt").read_text(encoding="utf-8").rstrip("\n")
    with pytest.raises(FormatError) as info:
        read_trf(path.read_bytes(), path.name, ReadOptions())
    assert str(info.value) == expected


# ---- diagnostics ----------------------------------------------------------------------

def diagnostics(*lines: str) -> list[str]:
    return [str(d) for d in read_text("\n".join(["012 D", *lines]) + "\n").diagnostics]


def test_asymmetric_game() -> None:
    assert diagnostics(
        line(1, "A", "1.0", "   2 w 1"),
        line(2, "B", "0.0", "   3 b 0"),
        line(3, "C", "0.0", "   2 w 0"),
    ) == [
        "t.trf:2:92: warning: round 1: player 1 plays 2, but 2's round 1 has opponent 3",
        "t.trf:3:92: warning: round 1: results do not mirror: 2 has loss, 3 has loss",
        "t.trf:3:92: warning: round 1: player 2 is paired twice (players 1, 3 name 2 as "
        "their opponent)",
    ]


def test_colour_clash_and_result_mismatch() -> None:
    assert diagnostics(line(1, "A", "1.0", "   2 w 1"), line(2, "B", "1.0", "   1 w 1")) == [
        "t.trf:2:92: warning: round 1: players 1 and 2 both have colour 'w'",
        "t.trf:2:92: warning: round 1: results do not mirror: 1 has win, 2 has win",
    ]


def test_colour_on_a_bye_and_two_pabs() -> None:
    assert diagnostics(line(1, "A", "1.0", "0000 w U"), line(2, "B", "1.0", "0000 - U")) == [
        "t.trf:2:92: warning: round 1: bye 'U' with opponent '0000' and colour 'w'; "
        "expected '0000 -'",
        "t.trf:3:99: warning: round 1: second pairing-allocated bye 'U' (player 1 has one too)",
    ]


def test_points_mismatch_under_the_files_point_system() -> None:
    found = diagnostics("162  W 3.0    D 1.0    L 0.0",
                        line(1, "A", "1.0", "   2 w 1"), line(2, "B", "0.0", "   1 b 0"))
    assert found == ["t.trf:3:81: warning: player 1: points column says 1.0 but the results "
                     "give 3.0 under the file's point system"]


def test_misaligned_columns() -> None:
    # A writer that padded UTF-8 names by bytes: everything after the name moves left.
    shifted = line(1, "Añ", "1.0", "   2 w 1")
    shifted = shifted[:20] + shifted[21:]
    found = diagnostics(shifted, line(2, "B", "0.0", "   1 b 0"))
    assert found[0] == ("t.trf:2:96: warning: round 1: block '  2 w 1' has text where a space "
                        "belongs (misaligned columns; is the file in another encoding?)")
    wrong_letter = line(1, "A", "1.0", "   2 x 1")
    found = diagnostics(wrong_letter, line(2, "B", "0.0", "   1 b 0"))
    assert found[0] == ("t.trf:2:97: warning: round 1: colour 'x' is not w, b or - "
                        "(misaligned columns; is the file in another encoding?)")


def test_played_game_without_colour() -> None:
    assert diagnostics(line(1, "A", "1.0", "   2 - 1"), line(2, "B", "0.0", "   1 - 0")) == [
        "t.trf:2:97: warning: round 1: game with result '1' has no colour",
        "t.trf:3:97: warning: round 1: game with result '0' has no colour",
    ]


def test_strict_turns_the_first_warning_into_an_error() -> None:
    text = "\n".join(["012 D", line(1, "A", "1.0", "   2 w 1"), line(2, "B", "1.0", "   1 w 1")])
    with pytest.raises(FormatError, match=r"^t\.trf:2:92: round 1: players 1 and 2 both"):
        read_text(text, strict=True)
    assert read_text(text).tournament.player(1).results[0].outcome is Outcome.WIN


def test_unknown_record_is_info_even_when_strict() -> None:
    r = read_text("012 D\nQQQ whatever\n", strict=True)
    assert r.tournament.extras["trf:QQQ"] == "QQQ whatever"


# ---- the reader's fast paths give what the plain code gives ---------------------------


@pytest.mark.parametrize(("rounds", "message"), [
    (("   1 b 0", "   2 w 1", "   9 w ?"), r"round 2: player 2 is paired against themself"),
    (("   1 b 0", "   9 w ?", "   2 w 1"), r"round 2: unknown result code '\?'"),
])
def test_self_pairing_after_a_cached_block_and_before_a_bad_one(
    rounds: tuple[str, ...], message: str
) -> None:
    """The first problem in round order is the one reported, whatever the block cache."""
    text = "\n".join([
        line(1, "A", "", "   2 w 1", "   3 b 0"),
        line(2, "B", "", *rounds),
    ]) + "\n"
    with pytest.raises(FormatError, match=message):
        read_text(text)
