"""PGN reader and writer: the real-shaped fixtures, exact diagnostics and errors, rounds by
date, start numbers, and writing (header-only pairings, games given back as read)."""

from __future__ import annotations

import datetime as dt
import time
import tracemalloc
from dataclasses import replace
from pathlib import Path

import pytest

from swisstb_io import api
from swisstb_io.errors import FormatError, WriteError
from swisstb_io.model import Color, DateText, Outcome, Player, RoundResult, Tournament
from swisstb_io.pgn import read, sniff, write
from swisstb_io.registry import ReadOptions, WriteOptions, detect

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "pgn"
GOOD = sorted(FIX.glob("*.pgn"))


def load(name: str, **options: object):  # type: ignore[no-untyped-def]
    return read((FIX / name).read_bytes(), f"{name}", ReadOptions(**options))  # type: ignore[arg-type]


def cells(p: Player) -> list[tuple[str, int | None, str]]:
    return [(r.outcome.name, r.opponent, r.color.value) for r in p.results]


def by_name(t: Tournament) -> dict[str, Player]:
    return {p.name: p for p in t.players}


def test_lichess_broadcast_clocks_pending_and_unplayed() -> None:
    res = load("lichess-broadcast-clocks.pgn")
    assert res.format == "pgn" and res.encoding == "utf-8" and res.diagnostics == ()
    assert res.sections == () and dict(res.details) == {
        "line endings": "LF", "BOM": "no", "games": "9", "events": "1"}
    t = res.tournament
    assert (t.name, t.city, t.start_date.text, t.end_date.text) == (  # type: ignore[union-attr]
        "Nordic Spring Open 2025", "Bergen", "2025.04.05", "2025.04.06")
    # start numbers by rating: Aasen 2311, Berg 2240, Dahl 2205, Eriksen 2150, Foss, Gran
    assert [p.name for p in t.players] == ["Aasen, Kari", "Berg, Lars", "Dahl, Ingrid",
                                           "Eriksen, Ole", "Foss, Nina", "Gran, Petter"]
    aasen, dahl = t.players[0], t.players[2]
    assert (aasen.title, aasen.fide_rating, aasen.fide_id) == ("FM", 2311, "90000011")
    assert dahl.title == "WIM"
    assert cells(aasen) == [("WIN", 4, "w"), ("DRAW", 2, "b"), ("NOT_PAIRED", 5, "w")]
    # Termination "Unplayed": a forfeit, which has no colour in the model
    assert cells(t.players[5]) == [("DRAW", 3, "b"), ("LOSS", 5, "w"), ("FORFEIT_WIN", 4, "-")]
    assert cells(t.players[3])[2] == ("FORFEIT_LOSS", 6, "-")
    assert t.rounds_paired == 3


def test_swiss_manager_cp1252_crlf_byes_forfeits_and_clubs() -> None:
    res = load("swiss-manager-cp1252-crlf.pgn")
    assert (res.encoding, res.details["line endings"], res.diagnostics) == ("cp1252", "CRLF", ())
    t = res.tournament
    assert t.teams == ()  # the Team tags are clubs: club mates meet, so no team event
    p = by_name(t)
    assert p["Gruber, Jürgen"].team == "SK Graz" and "Weiß, Stefan" in p
    assert cells(p["Schröder, Anna"])[0] == ("PAIRING_BYE", None, "-")
    assert cells(p["Brückner, Lena"])[1] == ("PAIRING_BYE", None, "-")
    weiss = p["Weiß, Stefan"].start_no
    assert cells(p["Pölzl, Franz"])[1] == ("FORFEIT_LOSS", weiss, "-")  # Result "-/+"
    assert cells(p["Weiß, Stefan"])[1] == ("FORFEIT_WIN", p["Pölzl, Franz"].start_no, "-")
    assert t.start_date.text == "2024.10.05"  # type: ignore[union-attr]


def test_twic_database_events_are_sections() -> None:
    res = load("twic-style-database.pgn")
    assert res.sections == ("Spring Open 2025 (London ENG)", "Spring Open 2025 (Leeds ENG)",
                            "Bundesliga 2024-25")
    london, leeds, liga = res.all_sections
    assert res.tournament is london and london.section == res.sections[0]
    assert (london.name, london.city, len(london.players), london.rounds) == (
        "Spring Open 2025", "London ENG", 4, 2)
    assert by_name(london)["Whitfield,Tom"].title == "IM"
    assert len(leeds.players) == 4 and leeds.rounds == 1
    # a team event: each round, a team's players meet the players of one other team, on
    # consecutive boards; members in board order (Wagner, 4, is Südring's board 1)
    assert [(m.name, m.members) for m in liga.teams] == [
        ("SV Nordwest", (1, 3, 5, 6)), ("SF Südring", (4, 2, 7, 8))]
    assert liga.rounds == 5 and all(r.outcome is Outcome.NOT_PAIRED
                                    for p in liga.players for r in p.results[:4])
    assert [d.message for d in res.diagnostics] == [
        f"round {n} has no games in this event; every player is counted absent in it"
        for n in (1, 2, 3, 4)]
    assert load("twic-style-database.pgn", section="3").tournament == liga
    assert load("twic-style-database.pgn", section="spring open 2025 (leeds eng)"
                ).tournament.city == "Leeds ENG"


def test_unknown_event_lists_the_events() -> None:
    with pytest.raises(FormatError, match=r"no event 'Blitz' in this file \(events: 1 'Spring"):
        load("twic-style-database.pgn", section="Blitz")


def test_chessbase_bom_empty_line_in_tags_escapes_and_huge_comment() -> None:
    res = load("chessbase-annotated-bom.pgn")
    assert (res.details["BOM"], res.details["line endings"], res.diagnostics) == (
        "yes", "CRLF", ())
    t = res.tournament
    assert (t.name, t.city, [p.name for p in t.players]) == (
        "Oxford Club Championship 2023", "Oxford ENG",
        ["Ashworth, Clare", "Brennan, Liam", "Cole, Harriet"])
    assert cells(t.players[0]) == [("WIN", 2, "w"), ("NOT_PAIRED", None, "-"),
                                   ("WIN", 3, "b")]


def test_two_editions_of_one_event_name() -> None:
    res = load("club-night-two-editions.pgn")
    assert res.sections == ("Club Night Rapid (Oxford, 2024.01.10-2024.01.17)",
                            "Club Night Rapid (Oxford, 2025.01.08-2025.01.15)")
    first, second = res.all_sections
    assert {p.name for p in first.players} == {"Ash, Amy", "Brook, Ben", "Cray, Cal",
                                               "Dunn, Dora"}
    assert "Evans, Eli" in {p.name for p in second.players} and second.rounds == 2


def test_missing_round_is_a_located_error_unless_rounds_by_date() -> None:
    with pytest.raises(FormatError) as info:
        load("club-database-no-rounds.pgn")
    assert str(info.value) == (
        "club-database-no-rounds.pgn:4:1: this game's Round is '?': give each game its round "
        '(Round "3" or "3.1" for round 3, board 1), or number the rounds by the games\' '
        "dates with --rounds-by-date")
    res = load("club-database-no-rounds.pgn", rounds_by_date=True)
    hale = by_name(res.tournament)["Hale, Hugo"]
    assert [r.outcome.name for r in hale.results] == ["WIN", "WIN", "DRAW"]
    assert [d.code for d in res.diagnostics] == ["pgn-rounds-by-date"]


def test_rounds_by_date_needs_every_date() -> None:
    data = (b'[Event "E"]\n[Round "?"]\n[Date "2024.??.??"]\n[White "A"]\n[Black "B"]\n'
            b'[Result "1-0"]\n\n1-0\n')
    with pytest.raises(FormatError, match=r"e.pgn:3:1: --rounds-by-date: this game's Date "
                                          r"'2024.\?\?.\?\?' is not a full date"):
        read(data, "e.pgn", ReadOptions(rounds_by_date=True))


QUIRKS = [  # in file order, as the games are read; then what is seen once all are
    ("11:10", "pgn-tags-disagree"),  # Result tag 1-0, moves end 0-1
    ("19:1", "pgn-nonstandard-result"),  # 1:0
    ("29:1", "pgn-nonstandard-result"),
    ("37:1", "pgn-tags-disagree"),  # Round 2.1, Board 3
    ("66:1", "pgn-bad-tag"),
    ("61:1", "pgn-nonstandard-result"),  # adj.
    ("69:1", "pgn-no-result"),
    ("88:1", "pgn-bare-quote"),
    ("87:1", "pgn-tags-disagree"),  # WhiteElo twice
    ("92:1", "pgn-no-players"),
    ("59:1", "pgn-one-id-two-names"),
    ("60:1", "pgn-one-name-two-ids"),
    ("23:1", "pgn-duplicate-game"),
    ("45:1", "pgn-paired-twice"),
    ("", "pgn-round-missing"),
]


def test_broadcast_quirks_are_located_warnings() -> None:
    res = load("broadcast-quirks.pgn")
    found = [(str(d.location).partition(":")[2], d.code) for d in res.diagnostics]
    assert found == QUIRKS
    t = res.tournament
    p = by_name(t)
    assert set(p) == {"Adams, Ann", "Baker, Bob", "Clark, Cy", "Dean, Dot", "Evans, Ed"} and (
        len(t.players) == 6)  # two Evans, Ed: two FIDE ids
    assert cells(p["Adams, Ann"])[:2] == [("WIN", p["Baker, Bob"].start_no, "w"),
                                          ("DRAW", p["Clark, Cy"].start_no, "w")]
    assert cells(p["Clark, Cy"])[0] == ("WIN", p["Dean, Dot"].start_no, "w")  # 1:0
    assert p["Dean, Dot"].fide_rating == 2010  # the second of two WhiteElo tags
    assert cells(p["Baker, Bob"])[2][0] == "NOT_PAIRED"  # adj.: pending
    assert [r.outcome for r in p["Clark, Cy"].results][3] is Outcome.NOT_PAIRED  # round 4


def test_strict_makes_the_first_warning_an_error() -> None:
    with pytest.raises(FormatError, match=r"broadcast-quirks.pgn:11:10: the Result tag says"):
        load("broadcast-quirks.pgn", strict=True)


BAD = {
    "empty.pgn": "1:1: the file is empty; a PGN file holds games with tag pairs ([Event \"…\"], "
                 "[White \"…\"] …)",
    "no-players.pgn": "1:1: no game here names its players: a PGN game starts with tag pairs "
                      "such as [White \"…\"] and [Black \"…\"]",
    "not-text.pgn": "4:10: byte 0x81 is neither UTF-8 nor Windows-1252 text; is this really "
                    "a PGN file? (save it as UTF-8)",
    "round-not-a-number.pgn": "2:1: Round 'R3' is not a round number (write 3, or 3.1 for "
                              "round 3, board 1)",
    "round-too-big.pgn": "2:1: round 1000 is not a round from 1 to 999",
    "round-zero.pgn": "2:1: round 0 is not a round from 1 to 999",
    "self-pairing.pgn": "4:1: White and Black are the same player ('Same, Sam' and "
                        "'same,sam'); a player cannot play themself",
    "unclosed-comment.pgn": "7:7: this comment '{' is never closed: the rest of the file "
                            "would be inside it; close it with '}'",
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_each_refusal_is_one_located_line(name: str) -> None:
    with pytest.raises(FormatError) as info:
        read((FIX / "bad" / name).read_bytes(), name, ReadOptions())
    assert str(info.value) == f"{name}:{BAD[name]}"
    assert "\n" not in str(info.value)


def test_every_bad_fixture_has_its_message() -> None:
    assert sorted(p.name for p in (FIX / "bad").glob("*.pgn")) == sorted(BAD)


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_pgn_written_back_is_the_same_bytes(path: Path) -> None:
    res = read(path.read_bytes(), path.name, ReadOptions(rounds_by_date=True))
    again = api.dumps_sections(res.every_section(), "pgn")
    assert again == path.read_bytes()


def test_detected_by_content_and_extension() -> None:
    data = (FIX / "minimal.pgn").read_bytes()
    assert detect(data, "games.txt").name == "pgn" and detect(data).name == "pgn"
    assert sniff(b"\xef\xbb\xbf% header\n; comment\n\n[Event \"x\"]")
    assert not sniff(b"012 Open\n001    1") and not sniff(b'{"Sections": []}')


def test_start_numbers_from_the_file_when_every_player_has_one() -> None:
    game = ('[Event "E"]\n[Round "1"]\n[White "{w}"]\n[Black "{b}"]\n[Result "1-0"]\n'
            '[WhiteElo "{we}"]\n{ws}{bs}\n1-0\n\n')
    full = game.format(w="Low", b="High", we="1000", ws='[WhiteStartNo "1"]\n',
                       bs='[BlackStartNo "2"]\n')
    t = read(full.encode(), "e.pgn", ReadOptions()).tournament
    assert [(p.start_no, p.name) for p in t.players] == [(1, "Low"), (2, "High")]
    part = game.format(w="Low", b="High", we="1000", ws='[WhiteStartNo "1"]\n', bs="")
    res = read(part.encode(), "e.pgn", ReadOptions())
    assert [(p.start_no, p.name) for p in res.tournament.players] == [(1, "Low"), (2, "High")]
    assert [d.code for d in res.diagnostics] == ["pgn-start-numbers"]
    rated = game.format(w="Zed", b="Amy", we="1500", ws="", bs="")
    t = read(rated.encode(), "e.pgn", ReadOptions()).tournament
    assert [p.name for p in t.players] == ["Zed", "Amy"]  # by rating, then name


def test_one_player_whether_or_not_a_game_gives_the_fide_id() -> None:
    data = (b'[Event "E"]\n[Round "1"]\n[White "Carlsen, Magnus"]\n[Black "B"]\n'
            b'[WhiteFideId "1503014"]\n[Result "1-0"]\n\n1-0\n\n'
            b'[Event "E"]\n[Round "2"]\n[White "B"]\n[Black "carlsen,  magnus"]\n'
            b'[Result "0-1"]\n\n0-1\n')
    res = read(data, "e.pgn", ReadOptions())
    assert [p.name for p in res.tournament.players] == ["B", "Carlsen, Magnus"]
    assert res.diagnostics == ()


def test_forfeit_conventions() -> None:
    def outcome(result: str, termination: str = "") -> tuple[str, str]:
        extra = f'[Termination "{termination}"]\n' if termination else ""
        data = (f'[Event "E"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "{result}"]\n'
                f"{extra}\n*\n").encode()
        t = read(data, "e.pgn", ReadOptions()).tournament
        return tuple(p.results[0].outcome.name for p in t.players)  # type: ignore[return-value]

    assert outcome("1-0", "forfeit") == ("FORFEIT_WIN", "FORFEIT_LOSS")
    assert outcome("0-1", "Unplayed") == ("FORFEIT_LOSS", "FORFEIT_WIN")
    assert outcome("1/2-1/2", "unplayed") == ("FORFEIT_DRAW", "FORFEIT_DRAW")
    assert outcome("1-0", "time forfeit") == ("WIN", "LOSS")  # a played game lost on time
    assert outcome("+/-") == outcome("+:-") == ("FORFEIT_WIN", "FORFEIT_LOSS")
    assert outcome("-/+") == outcome("-:+") == ("FORFEIT_LOSS", "FORFEIT_WIN")
    assert outcome("-/-") == outcome("-:-") == outcome("0-0") == ("DOUBLE_FORFEIT",) * 2


@pytest.mark.parametrize(("result", "bye"), [("1-0", "PAIRING_BYE"), ("*", "PAIRING_BYE"),
                                             ("1/2-1/2", "HALF_BYE"), ("0-1", "ZERO_BYE")])
def test_a_bye_is_a_game_against_bye(result: str, bye: str) -> None:
    data = (f'[Event "E"]\n[Round "1"]\n[White "A"]\n[Black "bye"]\n[Result "{result}"]\n\n'
            f'*\n\n[Event "E"]\n[Round "1"]\n[White "BYE"]\n[Black "C"]\n'
            f'[Result "{result}"]\n\n*\n').encode()
    t = read(data, "e.pgn", ReadOptions()).tournament
    assert [p.name for p in t.players] == ["A", "C"]
    mirror = {"PAIRING_BYE": "ZERO_BYE", "ZERO_BYE": "PAIRING_BYE"}.get(bye, bye)
    if result == "*":
        mirror = "PAIRING_BYE"
    assert [p.results[0].outcome.name for p in t.players] == [bye, mirror]


def _event(*rounds: list[tuple[int, int, Outcome, Outcome]], names: int = 4) -> Tournament:
    table: dict[int, list[RoundResult]] = {n: [] for n in range(1, names + 1)}
    for games in rounds:
        for w, b, wo, bo in games:
            table[w].append(RoundResult(wo, b, Color.WHITE))
            table[b].append(RoundResult(bo, w, Color.BLACK))
    players = tuple(Player(n, f"Player {n}", tuple(table[n])) for n in table)
    return Tournament(name="Pairings", players=players)


def test_pairings_are_header_only_games_in_board_order() -> None:
    W, L, D, N = Outcome.WIN, Outcome.LOSS, Outcome.DRAW, Outcome.NOT_PAIRED
    t = _event([(1, 2, W, L), (3, 4, D, D)], [(4, 1, N, N), (2, 3, N, N)])
    text = write(t, WriteOptions()).decode()
    games = text.split("\n\n\n") if "\n\n\n" in text else text.split('\n\n[')
    rounds = [line for line in text.splitlines() if line.startswith("[Round")]
    # round 2: board 1 is the game of the leader (player 1, 1 point), then 2 v 3
    assert rounds == ['[Round "1.1"]', '[Round "1.2"]', '[Round "2.1"]', '[Round "2.2"]']
    assert '[White "Player 4"]\n[Black "Player 1"]\n[Result "*"]' in text
    assert text.count("\n\n*\n") == 2 and len(games) >= 1
    back = read(text.encode(), "p.pgn", ReadOptions()).tournament
    assert [p.results for p in back.players] == [p.results for p in t.players]


def test_results_that_do_not_mirror_are_refused() -> None:
    t = _event([(1, 2, Outcome.WIN, Outcome.WIN)], names=2)
    with pytest.raises(WriteError, match=r"round 1: players 1 and 2 have results that do not "
                                         r"mirror \(win and win\)"):
        write(t, WriteOptions())


def test_a_cp1252_file_gets_utf8_when_a_new_name_needs_it() -> None:
    res = load("swiss-manager-cp1252-crlf.pgn")
    t = res.tournament
    renamed = t.players[0].__class__(**{**{f: getattr(t.players[0], f) for f in (
        "start_no", "results", "title", "fide_rating", "fide_id", "team")}, "name": "Łukasz"})
    changed = Tournament(name=t.name, players=(renamed, *t.players[1:]), extras=t.extras)
    data = write(changed, WriteOptions())
    assert "Łukasz".encode() in data and "Höfler".encode() in data


def _broadcast(games: int) -> bytes:
    """A broadcast-shaped file: a clock comment after each of 80 half-moves a game."""
    moves = " ".join(f"{n}. e4 {{ [%clk 1:{n % 60:02d}:00] }} {n}... e5 "
                     f"{{ [%clk 1:00:{n % 60:02d}] }}" for n in range(1, 41))
    out = []
    for g in range(games):
        rnd, board = divmod(g, 50)
        out.append(f'[Event "Big Open"]\n[Site "Here"]\n[Date "2025.01.{rnd % 28 + 1:02d}"]\n'
                   f'[Round "{rnd + 1}.{board + 1}"]\n[White "Player {2 * board}, A"]\n'
                   f'[Black "Player {2 * board + 1}, B"]\n[Result "1-0"]\n'
                   f'[WhiteElo "{2000 + board}"]\n[WhiteFideId "{700000 + 2 * board}"]\n\n'
                   f"{moves} 1-0\n")
    return "\n".join(out).encode()


def test_a_big_file_is_read_in_memory_that_does_not_grow_with_its_text() -> None:
    """The bytes are never decoded whole, and a game costs a small record: reading a 4 MB
    broadcast allocates less than half its size again."""
    data = _broadcast(1800)
    assert len(data) > 4_000_000
    tracemalloc.start()
    try:
        res = read(data, "big.pgn", ReadOptions())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert res.details["games"] == "1800" and len(res.tournament.players) == 100
    assert peak < len(data) / 2, peak


@pytest.mark.parametrize("body", [b"(" * 1_000_000, b"()" * 400_000, b"[" * 1_000_000,
                                  b"x[" * 400_000, b'[a "' * 200_000, b"\n[a" * 100_000,
                                  b"{" + b"x" * 2_000_000 + b"}", b"\n%x" * 200_000],
                         ids=lambda b: repr(b[:4]))
def test_hostile_movetext_is_read_in_linear_time(body: bytes) -> None:
    head = b'[Event "E"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 '
    start = time.perf_counter()
    res = read(head + body + b" 1-0\n", "h.pgn", ReadOptions())
    assert time.perf_counter() - start < 15  # quadratic costs took minutes here
    assert res.tournament.players[0].results[0].outcome is Outcome.WIN


@pytest.mark.parametrize("body", [b"{" + b"1-0 " * 250_000 + b"}", b"; 1-0\n" * 150_000 + b"e5",
                                  b"{1-0} " * 150_000 + b"e5", b"1-0 {x} " * 120_000],
                         ids=lambda b: repr(b[:6]))
def test_movetext_that_does_not_end_with_its_result_is_read_in_linear_time(body: bytes) -> None:
    """The last result outside comments is looked for in one pass (markers in comments
    were each checked from the movetext's start: minutes for a MB of them)."""
    head = b'[Event "E"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 '
    start = time.perf_counter()
    res = read(head + body + b"\n", "h.pgn", ReadOptions())
    assert time.perf_counter() - start < 15
    assert res.tournament.players[0].results[0].outcome is Outcome.WIN


def test_a_player_without_any_game_is_said_to_be_lost() -> None:
    from swisstb_io.losses import losses
    from swisstb_io.registry import find

    W, L = Outcome.WIN, Outcome.LOSS
    t = _event([(1, 2, W, L)], names=3)
    assert [x.message for x in losses(t, find("pgn"))] == [
        "players without any game or bye (1 player: PGN has a player only in a game)"]
    back = read(write(t, WriteOptions()), "p.pgn", ReadOptions()).tournament
    assert [p.name for p in back.players] == ["Player 1", "Player 2"]


def _dated(end: str, round_dates: tuple[str, ...]) -> Tournament:
    W, L = Outcome.WIN, Outcome.LOSS
    t = _event([(1, 2, W, L)], [(2, 1, W, L)], names=2)
    return replace(t, start_date=DateText("2025/03/01", dt.date(2025, 3, 1)),
                   end_date=DateText(end, parse_text_date(end)), round_dates=round_dates)


def parse_text_date(text: str) -> dt.date | None:
    try:
        return dt.datetime.strptime(text, "%Y/%m/%d").date()
    except ValueError:
        return None


def test_dates_that_come_back_are_not_said_to_be_lost() -> None:
    from swisstb_io.losses import losses
    from swisstb_io.registry import find

    spec = find("pgn")
    t = _dated("2025/03/02", ("25/03/01", "25/03/02"))
    assert [x.entry for x in losses(t, spec) if "date" in x.entry] == []
    back = read(write(t, WriteOptions()), "d.pgn", ReadOptions()).tournament
    assert back.end_date is not None and back.end_date.value == dt.date(2025, 3, 2)
    assert back.round_dates == ("2025.03.01", "2025.03.02")
    assert back.start_date is not None and back.start_date.value == dt.date(2025, 3, 1)
    # what is really lost is still said: an end date after the last round, a round date
    # that is no date, the date of a round nobody played, a start date that is no date
    words = {x.entry: x.message for x in losses(
        _dated("2025/03/09", ("25/03/01", "the second Sunday", "25/03/03")), spec)}
    assert words["tournament.end_date"] == ("an end date that is not the date of the last "
                                            "round's games")
    assert "tournament.round_dates" in words
    assert "tournament.round_dates" in {x.entry for x in losses(
        _dated("2025/03/02", ("25/03/01", "25/03/02", "25/03/03")), spec)}
    vague = replace(t, start_date=DateText("spring 2025"))
    assert "tournament.start_date" in {x.entry for x in losses(vague, spec)}
    assert read(write(vague, WriteOptions()), "v.pgn", ReadOptions()).tournament.start_date \
        != vague.start_date


def test_a_pgn_converted_to_pgn_warns_about_nothing_it_keeps(tmp_path: Path) -> None:
    """Dates, the colours of games not played yet and rounds without a game at the end
    of a player's results come back (a file of one event: no section names)."""
    from swisstb_io.losses import losses
    from swisstb_io.registry import find

    for name in ("lichess-broadcast-clocks.pgn", "broadcast-quirks.pgn",
                 "chessbase-annotated-bom.pgn", "swiss-manager-cp1252-crlf.pgn"):
        t = api.load(FIX / name).tournament
        assert losses(t, find("pgn")) == [], name
    held = _event([(1, 2, Outcome.NOT_PAIRED, Outcome.NOT_PAIRED)], names=2)
    forfeit = _event([(1, 2, Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)], names=2)
    assert [x.message for x in losses(held, find("pgn"))] == []
    assert [x.message for x in losses(forfeit, find("pgn"))] == [
        "colours of forfeits and byes (2 players)"]


def test_a_requested_full_point_bye_keeps_its_kind() -> None:
    """PGN has no word for a bye: a won game against BYE is the pairing-allocated bye, and
    one whose Termination says "requested bye" the requested full-point bye."""
    W, L = Outcome.WIN, Outcome.LOSS
    t = _event([(1, 2, W, L)], [(1, 2, L, W)], names=3)
    players = list(t.players)
    players[2] = replace(players[2], results=(RoundResult(Outcome.FULL_BYE),
                                              RoundResult(Outcome.PAIRING_BYE)))
    t = replace(t, players=tuple(players))
    text = write(t, WriteOptions()).decode()
    assert '[Black "BYE"]\n[Result "1-0"]' in text and '[Termination "requested bye"]' in text
    back = read(text.encode(), "b.pgn", ReadOptions()).tournament
    assert [r.outcome for r in back.players[2].results] == [Outcome.FULL_BYE,
                                                            Outcome.PAIRING_BYE]
    data = (b'[Event "E"]\n[Round "1"]\n[White "BYE"]\n[Black "C"]\n[Result "0-1"]\n'
            b'[Termination "Requested bye"]\n\n0-1\n')
    assert read(data, "c.pgn", ReadOptions()).tournament.players[0].results[0].outcome \
        is Outcome.FULL_BYE


def test_team_tags_are_teams_only_when_the_games_are_matches() -> None:
    olympiad = (FIX / "olympiad-broadcast-teams.pgn").read_bytes()
    t = read(olympiad, "o.pgn", ReadOptions()).tournament
    names = {p.start_no: p.name for p in t.players}
    teams = {m.name: [names[sn] for sn in m.members] for m in t.teams}
    assert teams["Norway"] == ["Hagen, Ola", "Lund, Siri", "Moe, Per", "Berg, Tone"]  # boards
    assert {m.name: len(m.members) for m in t.teams} == {"Norway": 4, "India": 3,
                                                          "Armenia": 3, "Peru": 3}
    # a match on boards 1, 2 and 4 is no match: the tags are then clubs
    gap = olympiad.replace(b'[Round "1.3"]', b'[Round "1.7"]')
    assert read(gap, "g.pgn", ReadOptions()).tournament.teams == ()
    # two players of one team playing each other: no team event either
    game = olympiad.index(b'[Round "1.3"]')
    end = olympiad.index(b"[Event", game)
    same = olympiad[:game] + olympiad[game:end].replace(b"Das, Vikram", b"Berg, Tone").replace(
        b'[BlackTeam "India"]', b'[BlackTeam "Norway"]').replace(b"92000013", b"91000014"
                                                              ) + olympiad[end:]
    assert read(same, "s.pgn", ReadOptions()).tournament.teams == ()
    # one club a player, every round a one-board "match": an individual event with clubs
    rapid = api.load(FIX / "club-rapid-one-club-each.pgn").tournament
    assert rapid.teams == () and not rapid.says_team_event
    assert [p.team for p in rapid.players] == ["Leiden", "Delft", "Haarlem", "Zwolle"]
