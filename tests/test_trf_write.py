"""Writing FIDE TRF: byte-exact round trips, model changes, versions, options and errors."""

from __future__ import annotations

import dataclasses
import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest

from swisstb_io.errors import WriteError
from swisstb_io.model import (
    Color,
    DateText,
    Outcome,
    Player,
    PointSystem,
    Rating,
    RoundResult,
    Team,
    Tournament,
)
from swisstb_io.registry import ReadOptions, WriteOptions
from swisstb_io.trf import read_trf, write_trf

ROOT = Path(__file__).resolve().parent.parent
TRF_DIR = ROOT / "fixtures" / "trf"
FILES = [*sorted(TRF_DIR.glob("*.trf")), ROOT / "formats" / "trf" / "minimal.trf"]
ELSEWHERE = sorted(p for p in (ROOT / "fixtures").glob("*/*.trf")
                   if p.parent != TRF_DIR and p.name != "unreadable.trf")
"""The TRF files of the other fixture folders (check/unreadable.trf does not read)."""


def load(name: str) -> Tournament:
    return read_trf((TRF_DIR / name).read_bytes(), name, ReadOptions()).tournament


def reread(data: bytes) -> Tournament:
    return read_trf(data, "out.trf", ReadOptions()).tournament


def write(t: Tournament, **options: str) -> bytes:
    return write_trf(t, WriteOptions(**options))


def lines_of(data: bytes) -> list[str]:
    return data.decode("utf-8").splitlines()


@pytest.mark.parametrize("path", FILES + ELSEWHERE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_round_trip_is_byte_for_byte(path: Path) -> None:
    data = path.read_bytes()
    t = read_trf(data, path.name, ReadOptions()).tournament
    assert write_trf(t, WriteOptions()) == data
    version = t.extras["trf:version"]
    assert write_trf(t, WriteOptions(version=version)) == data


@pytest.mark.parametrize("version", ["16", "2026"])
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_write_is_idempotent(path: Path, version: str) -> None:
    t = read_trf(path.read_bytes(), path.name, ReadOptions()).tournament
    once = write(t, version=version)
    assert write(reread(once), version=version) == once
    # the model survives a conversion both ways, except what TRF16 cannot hold
    back = reread(once)
    assert [p.results for p in back.players] == [p.results for p in t.players]
    assert (back.name, back.total_rounds, back.point_system) == (
        t.name, t.total_rounds, t.point_system)


def test_changed_player_is_written_from_the_model_alone() -> None:
    data = (TRF_DIR / "held_swiss_5.trf").read_bytes()
    t = reread(data)
    bruno = t.player(2)
    changed = dataclasses.replace(bruno, fide_rating=2201)
    t2 = dataclasses.replace(t, players=tuple(changed if p is bruno else p for p in t.players))
    old, new = lines_of(data), lines_of(write(t2))
    assert len(old) == len(new)
    diff = [(a, b) for a, b in zip(old, new, strict=True) if a != b]
    # the changed line is written from the model: the FIDE ID "0" (none) becomes blank
    assert diff == [(old[4], old[4].replace(" 2150 ", " 2201 ").replace("NOR           0 ",
                                                                       "NOR             "))]


def test_changed_results_rewrite_the_line_canonically() -> None:
    t = load("own_midevent.trf")
    ann = t.player(1)
    played = (*ann.results[:3], RoundResult(Outcome.WIN, 5, Color.BLACK))
    t2 = dataclasses.replace(t, players=tuple(
        dataclasses.replace(p, results=played) if p is ann else p for p in t.players))
    out = lines_of(write(t2))
    assert out[4] == ("001    1 w    Alpha, Ann                        2100 NOR        1001 "
                      "1990/01/01  2.0    1     2 w 1     3 b W     4 w -     5 b 1")
    assert reread(write(t2)).player(1).results == played


def test_header_change_keeps_everything_else() -> None:
    data = (TRF_DIR / "own_cp1252_quirks.trf").read_bytes()
    t = reread(data)
    out = write(dataclasses.replace(t, name="Torneo de Otoño 2025"))
    assert out == data.replace("Otoño 2024".encode("cp1252"), "Otoño 2025".encode("cp1252"))
    # a quirky date stays while unchanged; a new date is written as YYYY/MM/DD
    moved = dataclasses.replace(t, start_date=DateText.from_date(dt.date(2024, 10, 4)))
    assert b"\r\n042 2024/10/04\r\n" in write(moved)
    assert b"042 05/10/2024" in write(t)


def test_removed_and_added_players() -> None:
    t = load("held_round_robin.trf")
    kept = tuple(p for p in t.players if p.start_no != 6)
    newcomer = Player(7, "Newcomer, Nina", sex="w", fide_rating=1500)
    out = lines_of(write(dataclasses.replace(t, players=(*kept, newcomer))))
    assert [ln[:8] for ln in out if ln.startswith("001")] == [
        "001    1", "001    2", "001    3", "001    4", "001    5", "001    7"]
    assert out[-1] == "001    7 w    Newcomer, Nina                    1500" + " " * 29 + "0.0"


def small() -> Tournament:
    return Tournament(
        name="Built in memory",
        city="Oslo",
        start_date=DateText.from_date(dt.date(2026, 3, 1)),
        total_rounds=2,
        pairing_system="FIDE_DUTCH_2025",
        tiebreaks=("BH/C1", "SB"),
        players=(
            Player(1, "Øye, Åse", results=(RoundResult(Outcome.WIN, 2, Color.WHITE),
                                           RoundResult(Outcome.HALF_BYE)),
                   sex="w", title="WFM", fide_rating=2000, federation="NOR", fide_id="1500000",
                   ratings=(Rating("NOR", 2010), Rating("USCF", 2100)),
                   national_ids=(("NOR", "77"),)),
            Player(2, "Berg, Bo", results=(RoundResult(Outcome.LOSS, 1, Color.BLACK),
                                           RoundResult(Outcome.PAIRING_BYE)), team="Oslo SK"),
        ),
    )


def test_in_memory_model_defaults() -> None:
    out = write(small())
    p1 = "001    1 wWFM Øye, Åse" + " " * 26 + "2000 NOR     1500000" + " " * 13 + "1.5"
    p2 = "001    2      Berg, Bo" + " " * 59 + "1.0"
    assert out.decode("utf-8").split("\r\n") == [
        "012 Built in memory",
        "022 Oslo",
        "042 2026/03/01",
        "142 2",
        "192 FIDE_DUTCH_2025",
        "202 BH/C1,SB",
        p1 + "          2 w 1  0000 - H",
        p2 + "          1 b 0  0000 - U",
        "NOR    1 wWFM Øye, Åse" + " " * 26 + "2010" + " " * 14 + "77",
        "",  # Bo's team in an individual event is a club: no 310 (issue 33 item 11)
    ]
    assert p1.index("2000") == 48 and p1.index("1.5") == 81 and p2.index("1.0") == 81
    back = reread(out)
    assert back.player(1).ratings == (Rating("NOR", 2010),)  # USCF has no TRF record
    assert back.player(1).national_ids == (("NOR", "77"),)
    assert back.player(2).team == "" and back.teams == ()
    team_event = dataclasses.replace(small(), pairing_system="FIDE_TEAM_BAKU")
    assert reread(write(team_event)).teams[0].members == (2,)  # the file says it is one


def test_newline_and_encoding_options() -> None:
    t = small()
    assert write(t, newline="\n").count(b"\r") == 0
    assert write(t, encoding="utf-8-sig").startswith(b"\xef\xbb\xbf012 ")
    latin = write(t, encoding="cp1252")
    assert "Øye, Åse".encode("cp1252") in latin
    assert reread(latin).player(1).name == "Øye, Åse"
    with pytest.raises(WriteError, match=r"unknown encoding 'klingon'"):
        write(t, encoding="klingon")


def test_file_properties_survive() -> None:
    for name in ("own_cr_only_no_final_newline.trf", "own_utf8_bom.trf"):
        data = (TRF_DIR / name).read_bytes()
        t = reread(data)
        t2 = dataclasses.replace(t, city="Somewhere")  # a new line joins the file
        out = write(t2)
        assert out.startswith(b"\xef\xbb\xbf") == data.startswith(b"\xef\xbb\xbf")
        assert out.endswith(data[-3:])
        assert b"022 Somewhere" in out
        assert reread(out).city == "Somewhere"


def test_convert_trf16_to_2026() -> None:
    t = load("own_extensions.trf")
    out = lines_of(write(t, version="2026"))
    assert "142 3" in out and "XXR 3" in out
    first_player = next(i for i, ln in enumerate(out) if ln.startswith("001"))
    assert out.index("142 3") < first_player and out.index("XXR 3") == 1
    # 162 cannot say "half-point bye 0.5, draw 1.0": a full XXS follows it
    i = out.index("162  W 2.0    D 1.0    L 0.0    A 0.0    P 2.0")
    assert out[i + 1] == ("XXS WW=2.0 BW=2.0 WD=1.0 BD=1.0 WL=0.0 BL=0.0 ZPB=0.0 HPB=0.5 "
                          "FPB=2.0 PAB=2.0 FW=2.0 FL=0.0")
    assert "310   1 Team Ants" + " " * 59 + "1    3" in out
    assert not any(ln.startswith("013") for ln in out)
    back = reread(write(t, version="2026"))
    assert back.point_system == t.point_system and back.extras["trf:version"] == "2026"


def test_convert_trf2026_to_16() -> None:
    t = load("own_trf2026_individual.trf")
    out = lines_of(write(t, version="16"))
    codes = [ln[:3] for ln in out]
    for gone in ("###", "142", "152", "162", "172", "182", "192", "202", "212", "222", "IND"):
        assert gone not in codes
    assert "XXR 3" in out and "XXC black1" in out
    assert ("XXS WW=3.0 BW=3.0 WD=1.0 BD=1.0 WL=0.0 BL=0.0 ZPB=0.0 HPB=1.0 FPB=3.0 PAB=3.0 "
            "FW=3.0 FL=0.0") in out
    back = reread(write(t, version="16"))
    assert back.extras["trf:version"] == "16" and back.point_system == t.point_system
    assert back.player(1).ratings == () and back.tiebreaks == ()
    teams = load("sharlybbp_team_utf8_names.trf")
    assert "013 Liffré A" + " " * 27 + "1    2" in lines_of(write(teams, version="16"))


def test_double_forfeit_is_a_minus_on_both_lines() -> None:
    t = load("own_midevent.trf")
    g, h = t.player(7), t.player(8)
    assert g.results[0].outcome is h.results[0].outcome is Outcome.DOUBLE_FORFEIT
    rebuilt = dataclasses.replace(t, extras={})  # no layout: everything from the model
    out = lines_of(write(rebuilt))
    g_line = next(ln for ln in out if ln.startswith("001    7"))
    h_line = next(ln for ln in out if ln.startswith("001    8"))
    assert g_line.endswith("     8 w -  0000 - Z") and h_line.endswith("     7 b -")
    assert reread(write(rebuilt)).players == t.players


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": "X" * 34}, r"player 1 \(X+\): name 'X+' does not fit TRF columns 15-47"),
        ({"start_no": 10000}, r"start number 10000 does not fit TRF columns 5-8"),
        ({"fide_rating": 12345}, r"player 1 \(A\): rating 12345 does not fit TRF columns 49-52"),
        ({"federation": "NORW"}, r"federation 'NORW' does not fit TRF columns 54-56"),
        ({"title": "GMXX"}, r"title 'GMXX' does not fit"),
        ({"declared_points": Fraction(1, 3)}, r"points 1/3 cannot be written as a TRF decimal"),
        ({"results": (RoundResult(Outcome.FORFEIT_DRAW, 2),)},
         r"round 1: TRF has no result code for 'forfeit-draw'"),
        ({"name": "A\nB"}, r"a value holds a line break"),
    ],
)
def test_values_that_do_not_fit(change: dict[str, object], message: str) -> None:
    p = dataclasses.replace(Player(1, "A"), **change)  # type: ignore[arg-type]
    with pytest.raises(WriteError, match=message):
        write(Tournament(name="W", players=(p, Player(2, "B"))))


def test_inconsistent_outcomes_map_to_the_credited_result() -> None:
    players = (Player(1, "A", results=(RoundResult(Outcome.INCONSISTENT_WIN, 2, Color.WHITE),)),
               Player(2, "B", results=(RoundResult(Outcome.INCONSISTENT_LOSS, 1, Color.BLACK),)))
    t = Tournament(name="I", players=players)
    back = reread(write(t))
    assert [p.results[0].outcome for p in back.players] == [Outcome.WIN, Outcome.LOSS]
    with pytest.raises(WriteError, match="no result code for 'inconsistent-win'"):
        write_trf(t, WriteOptions(strict=True))


def test_unencodable_character_names_the_line() -> None:
    t = Tournament(name="Ωmega", players=(Player(1, "A"),))
    with pytest.raises(WriteError, match=r"^line 1: character 'Ω' cannot be written in cp1252"):
        write(t, encoding="cp1252")


def test_point_system_that_162_cannot_hold_gets_xxs_too() -> None:
    ps = PointSystem(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(2))
    t = Tournament(name="P", point_system=ps, players=(Player(1, "A"),))
    out = lines_of(write(t))
    assert out[1].startswith("162  W 3.0") and out[2].startswith("XXS WW=3.0")
    assert reread(write(t)).point_system == ps
    assert reread(write(t, version="16")).point_system == ps


def test_unknown_version_is_refused() -> None:
    with pytest.raises(WriteError, match="unknown TRF version '2006'"):
        write(small(), version="2006")


def test_teams_from_players_and_team_objects() -> None:
    t = dataclasses.replace(small(), teams=(Team("Alpha", (1, 2), number=7),))
    back = reread(write(t))
    assert back.teams == (Team("Alpha", (1, 2), number=7),)
    assert [p.team for p in back.players] == ["Alpha", "Alpha"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"sex": "male"}, r"sex 'male' does not fit TRF columns 10-10"),
        ({"fide_id": "123456789012"}, r"FIDE ID '123456789012' does not fit"),
        ({"birth": "31 January 1990"}, r"birth date '31 January 1990' does not fit"),
        ({"results": (RoundResult(Outcome.WIN, 10000, Color.WHITE),)},
         r"round 1: opponent 10000 does not fit 4 columns"),
        ({"declared_points": Fraction(100)}, r"points '100.0' does not fit TRF columns 81-84"),
    ],
)
def test_more_values_that_do_not_fit(change: dict[str, object], message: str) -> None:
    p = dataclasses.replace(Player(1, "A"), **change)  # type: ignore[arg-type]
    with pytest.raises(WriteError, match=message):
        write(Tournament(name="W", players=(p,)))


def test_team_values_that_do_not_fit() -> None:
    players = (Player(1, "A"),)
    with pytest.raises(WriteError, match=r"team 'T+': name 'T+' does not fit TRF columns 9-40"):
        write(Tournament(name="W", players=players, teams=(Team("T" * 33, (1,)),)))
    with pytest.raises(WriteError, match=r"team 'T': team number 1000 does not fit"):
        write(Tournament(name="W", players=players, teams=(Team("T", (1,), number=1000),)))
    with pytest.raises(WriteError, match=r"team 'T+': name 'T+' does not fit TRF columns 5-36"):
        write(Tournament(name="W", players=players, teams=(Team("T" * 33, (1,)),)),
              version="16")


def test_damaged_layout_is_a_write_error() -> None:
    t = load("held_round_robin.trf")
    for damage in ("not json", '[["001:x", "001", "\\n"]]', '[["001:1"]]'):
        broken = dataclasses.replace(t, extras={**t.extras, "trf:layout": damage})
        with pytest.raises(WriteError, match=r"extras\['trf:layout'\] is damaged"):
            write(broken)


def test_newline_override_rewrites_every_ending() -> None:
    data = (TRF_DIR / "own_cr_only_no_final_newline.trf").read_bytes()
    out = write(reread(data), newline="\r\n")
    assert out == data.replace(b"\r", b"\r\n") + b"\r\n"


def test_deputies_follow_the_chief_arbiter() -> None:
    t = Tournament(name="D", chief_arbiter="IA Chief", deputy_arbiters=("One", "Two"),
                   time_control="90+30", players=(Player(1, "A"),))
    assert lines_of(write(t))[:5] == ["012 D", "102 IA Chief", "112 One", "112 Two", "122 90+30"]


def test_paired_round_without_result_keeps_its_pairing() -> None:
    players = (Player(1, "A", results=(RoundResult(Outcome.NOT_PAIRED, 2, Color.WHITE),)),
               Player(2, "B", results=(RoundResult(Outcome.NOT_PAIRED, 1, Color.BLACK),)))
    out = write(Tournament(name="N", players=players))
    assert lines_of(out)[1].endswith(" 0.0          2 w")
    assert [p.results for p in reread(out).players] == [p.results for p in players]


def test_verbatim_records_without_layout_find_their_group() -> None:
    t = load("own_trf2026_individual.trf")
    bare = dataclasses.replace(t, extras={k: v for k, v in t.extras.items()
                                          if k != "trf:layout"})
    out = lines_of(write(bare))
    first_player = next(i for i, ln in enumerate(out) if ln.startswith("001"))
    assert out.index("172 IND FIDE") < first_player and out.index("152 B") < first_player
    assert reread(write(bare)).player(1).ratings == t.player(1).ratings


def test_round_dates_fit_their_slots() -> None:
    t = Tournament(name="R", round_dates=("2026-02-14", "26/02/15"), players=(Player(1, "A"),))
    assert lines_of(write(t))[1] == "132" + " " * 88 + "26/02/14  26/02/15"
    assert reread(write(t)).round_dates == ("26/02/14", "26/02/15")
    with pytest.raises(WriteError, match="round date 'next Monday' does not fit 8 columns"):
        write(dataclasses.replace(t, round_dates=("next Monday",)))
    with pytest.raises(WriteError, match=r"total rounds -1 cannot be written in TRF \(142\)"):
        write(dataclasses.replace(t, total_rounds=-1))
