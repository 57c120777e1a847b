"""The TRF line layout (extras["trf:layout"]): minimal, compact, and still byte-exact."""

from __future__ import annotations

import dataclasses
import datetime as dt
import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swisstb_io.errors import FormatError, WriteError
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
from swisstb_io.submit.fide import prepare_fide
from swisstb_io.trf import _lines, read_trf, write_trf
from swisstb_io.trf import _render as R
from swisstb_io.trf._records import parse_player

ROOT = Path(__file__).resolve().parent.parent
TRF_DIR = ROOT / "fixtures" / "trf"
LAYOUT = "trf:layout"


def read(data: bytes) -> Tournament:
    return read_trf(data, "t.trf", ReadOptions()).tournament


def items(t: Tournament) -> list[object]:
    parsed = json.loads(t.extras[LAYOUT])
    assert isinstance(parsed, list)
    return parsed


def rich_model() -> Tournament:
    """A model with every kind of line the layout keys: headers, deputies, point records,
    players with every kind of round block, national ratings and teams."""
    win, draw, loss = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
    w, b = Color.WHITE, Color.BLACK
    players = (
        Player(1, "Alpha, Ann", (RoundResult(win, 2, w), RoundResult(Outcome.HALF_BYE),
                                 RoundResult(draw, 3, b), RoundResult(Outcome.FORFEIT_WIN, 4, w)),
               sex="w", title="WGM", fide_rating=2300, federation="NOR", fide_id="1500001",
               birth="1990/01/01", ratings=(Rating("NOR", 2310),), national_ids=(("NOR", "7"),)),
        Player(2, "Berg, Bo", (RoundResult(loss, 1, b), RoundResult(Outcome.PAIRING_BYE),
                               RoundResult(Outcome.NOT_PAIRED), RoundResult(win, 3, w)),
               team="Oslo SK"),
        Player(3, "Carlsen, Cy", (RoundResult(Outcome.ZERO_BYE), RoundResult(Outcome.FULL_BYE),
                                  RoundResult(draw, 1, w), RoundResult(loss, 2, b)),
               fide_rating=1800, team="Oslo SK"),
        Player(4, "Dahl, Di", (RoundResult(Outcome.NOT_PAIRED), RoundResult(Outcome.NOT_PAIRED),
                               RoundResult(Outcome.NOT_PAIRED, 2, Color.NONE),
                               RoundResult(Outcome.FORFEIT_LOSS, 1, b))),
    )
    return Tournament(
        name="Layout Open", city="Oslo", federation="NOR", chief_arbiter="IA Chief",
        deputy_arbiters=("Deputy One", "Deputy Two"), time_control="90+30",
        start_date=DateText.from_date(dt.date(2026, 3, 1)),
        end_date=DateText.from_date(dt.date(2026, 3, 2)),
        round_dates=("26/03/01", "26/03/01", "26/03/02", "26/03/02"), total_rounds=4,
        pairing_system="FIDE_DUTCH_2025", tiebreaks=("BH/C1", "SB"),
        point_system=PointSystem(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(2)),
        players=players, teams=(Team("Oslo SK", (2, 3)),),
    )


@pytest.mark.parametrize("version", ["16", "2026"])
def test_a_canonical_file_keeps_no_original_text(version: str) -> None:
    data = write_trf(rich_model(), WriteOptions(version=version))
    t = read(data)
    layout = items(t)
    # every line is a bare key (or a run of keys): no text, no ending, no edits
    assert all(isinstance(item, str) for item in layout), layout
    assert "001:1-4" in layout  # the player block is one run
    assert len(t.extras[LAYOUT]) < len(data) / 5
    assert write_trf(t, WriteOptions()) == data


def test_held_swiss_5_layout_is_a_fraction_of_the_file() -> None:
    data = (TRF_DIR / "held_swiss_5.trf").read_bytes()
    t = read(data)
    raw = t.extras[LAYOUT]
    # The file writes FIDE ID "0" for "none" on every 001 line, so no line is canonical;
    # each keeps only its edits of its canonical text ("0" at column 68, 0-based 67), under
    # the canonical text's checksum.  The layout used to hold every line: 2,653 characters.
    assert len(raw) < len(data) / 3, (len(raw), len(data))
    p2 = R.player_line(t.player(2), t.point_system, False)
    assert ["001:2", [_lines.checksum(p2), 67, 68, "0"]] in items(t)
    assert "0 1990/01/01  1.0" not in raw  # no line text, only the differing columns
    assert write_trf(t, WriteOptions()) == data


@pytest.mark.parametrize("name", ["echecs_javafo_sample2.trf", "echecs_grandmommyscup.trf",
                                  "bbp_issue_15.trf"])
def test_fixture_layouts_are_small(name: str) -> None:
    data = (TRF_DIR / name).read_bytes()
    t = read(data)
    # javafo_sample2 is the largest: a rating "0" at column 52 and padding at the line end
    # on every 001 line, two edits a line (a third of the file)
    assert len(t.extras[LAYOUT]) < len(data) / 2.5
    assert write_trf(t, WriteOptions()) == data


def test_only_endings_that_differ_are_stored() -> None:
    data = (TRF_DIR / "own_mixed_endings.trf").read_bytes()  # CRLF, LF and a final CR
    t = read(data)
    assert t.extras["trf:newline"] == "CRLF"
    stored = [item[2] for item in items(t) if isinstance(item, list) and len(item) == 3]
    assert stored == ["\n", "\n", "\r"]
    assert write_trf(t, WriteOptions()) == data


def test_changed_element_drops_its_edits_and_the_others_keep_theirs() -> None:
    data = (TRF_DIR / "held_swiss_5.trf").read_bytes()
    t = read(data)
    ann = t.player(1)
    t2 = dataclasses.replace(t, players=tuple(
        dataclasses.replace(p, name="Alyx, Ann") if p is ann else p for p in t.players))
    old, new = data.decode().splitlines(), write_trf(t2, WriteOptions()).decode().splitlines()
    changed = [(a, b) for a, b in zip(old, new, strict=True) if a != b]
    assert changed == [(old[5], R.player_line(t2.player(1), t.point_system, False))]
    assert "NOR           0 " in old[5] and "NOR           0 " not in changed[0][1]


def test_layouts_of_earlier_versions_still_write_the_same_bytes() -> None:
    head = "001    1 m    Alpha, Ann                        2100 NOR        1001 1990/01/01"
    lines = ["012 Old Layout ", "XXS WW=1.0", f"{head}  1.0    1     2 w 1",
             f"001    2 m    Berg, Bo{' ' * 59}0.0    2     1 b 0", "XXA kept"]
    data = ("\r\n".join(lines) + "\n").encode()
    t = read(data)
    old = [["h:012", lines[0], "\r\n"], ["pts", lines[1], "\r\n"], ["001:1", lines[2], "\r\n"],
           ["001:2", lines[3], "\r\n"], ["x:XXA:0", None, "\n"]]
    assert write_trf(dataclasses.replace(t, extras={**t.extras, LAYOUT: json.dumps(old)}),
                     WriteOptions()) == data
    # the new layout of the same file: the short XXS line is the start of the full one
    xxs = R.line_xxs(t.point_system)
    assert xxs.startswith(lines[1])
    assert items(t) == [["h:012", [_lines.checksum("012 Old Layout"), 14, 14, " "]],
                        ["pts:XXS", [_lines.checksum(xxs), len(lines[1]), len(xxs), ""]], "001:1-2",
                        ["x:XXA:0", None, "\n"]]


HELD_ROUND_ROBIN_2026_11 = (
    '["h:012",["h:042","042 2024-08-01"],"x:062:0","h:XXR",["001:1",["40754449",67,68,"0"]],'
    '["001:2",["efb70758"]],["001:3",["637104a2"]],["001:4",["c0581457"]],'
    '["001:5",["b3b49d49"]],["001:6",["9c4993f7"]]]')
"""The layout of held_round_robin.trf as the reader of November 2026 wrote it: a stored
text, a patch, and checksums alone repeating the patch before them."""


def test_compact_layouts_of_earlier_versions_still_write_the_same_bytes() -> None:
    data = (TRF_DIR / "held_round_robin.trf").read_bytes()
    t = read(data)
    earlier = dataclasses.replace(t, extras={**t.extras, LAYOUT: HELD_ROUND_ROBIN_2026_11})
    assert write_trf(earlier, WriteOptions()) == data
    # patches of several edits, too; a changed element is written canonically
    p1 = R.player_line(t.player(1), t.point_system, False)
    two_edits = json.dumps([["001:1", [_lines.checksum(p1), 4, 5, "X", 67, 68, "0"]]])
    out = write_trf(dataclasses.replace(t, extras={**t.extras, LAYOUT: two_edits}),
                    WriteOptions()).decode().splitlines()
    assert f"001 X{p1[5:67]}0{p1[68:]}" in out  # the other lines, missing here, follow
    renamed = dataclasses.replace(earlier, players=tuple(
        dataclasses.replace(p, name="Renamed") if p.start_no == 2 else p for p in t.players))
    out = write_trf(renamed, WriteOptions()).decode().splitlines()
    assert out[5] == R.player_line(renamed.player(2), t.point_system, False)
    assert [ln for k, ln in enumerate(out) if k != 5] == [
        ln for k, ln in enumerate(data.decode().splitlines()) if k != 5]


def test_fide_submission_sorts_players_inside_a_compact_layout() -> None:
    t = read((ROOT / "fixtures" / "submit" / "own_unsorted.trf").read_bytes())
    assert [p.start_no for p in t.players] == [3, 1, 2]
    assert items(t)[-2:] == ["001:3", "001:1-2"]
    sub = prepare_fide(t, version="2026", tiebreaks="BH")
    assert sub.tournament.extras[LAYOUT] == t.extras[LAYOUT]  # the submission leaves it alone
    lines = sub.to_bytes().decode().splitlines()
    assert [ln[:8] for ln in lines if ln.startswith("001")] == ["001    1", "001    2",
                                                                "001    3"]


def test_the_writer_orders_players_by_start_number_in_the_places_of_the_001_lines() -> None:
    data = (ROOT / "fixtures" / "submit" / "own_unsorted.trf").read_bytes()
    t = read(data)
    assert write_trf(t, WriteOptions()) == data
    out = write_trf(t, WriteOptions(player_order="start-number")).decode().splitlines()
    lines = data.decode().splitlines()
    slots = [k for k, ln in enumerate(lines) if ln.startswith("001")]
    assert [k for k, ln in enumerate(out) if ln.startswith("001")] == slots
    assert [out[k] for k in slots] == sorted((lines[k] for k in slots), key=lambda ln: ln[:8])
    assert [ln for k, ln in enumerate(out) if k not in slots] == [
        ln for k, ln in enumerate(lines) if k not in slots]
    with pytest.raises(WriteError, match="unknown player order 'x'"):
        write_trf(t, WriteOptions(player_order="x"))


@pytest.mark.parametrize("damage", [
    '["001:5-2"]',                      # a run that goes down
    '["001:1-2000000"]',                # more lines than any file has
    '[["001:1", ["0000"]]]',            # a checksum alone with no patch before it
    '[["001:1", ["abc", 1, "x", "y"]]]',  # an edit whose end is not a number
    '[["001:1", 5]]',                   # text that is neither text nor a patch
    '[["001:1", null, "\\t"]]',         # an ending that is no line ending
    '[["h:012", null, "\\n", 4]]',      # too many members
    '{"001:1": null}',                  # not a list
    '["h:999"]',                        # no such header record
])
def test_damaged_layouts_are_a_write_error(damage: str) -> None:
    t = read((TRF_DIR / "held_round_robin.trf").read_bytes())
    with pytest.raises(WriteError, match=r"extras\['trf:layout'\] is damaged"):
        write_trf(dataclasses.replace(t, extras={**t.extras, LAYOUT: damage}), WriteOptions())


def test_a_patch_that_does_not_fit_its_text_is_damage() -> None:
    t = read((TRF_DIR / "held_swiss_5.trf").read_bytes())
    p1 = R.player_line(t.player(1), t.point_system, False)
    bad = json.dumps([["001:1", [_lines.checksum(p1), 500, 501, "x"]]])
    with pytest.raises(WriteError, match="is damaged"):
        write_trf(dataclasses.replace(t, extras={**t.extras, LAYOUT: bad}), WriteOptions())


# -- the codec --------------------------------------------------------------------------
_key = st.one_of(
    st.integers(1, 40).map(lambda n: f"001:{n}"),
    st.integers(0, 5).map(lambda n: f"x:XXA:{n}"),
    st.sampled_from(["h:012", "h:132", "pts:162", "", "n:NOR:3", "310:0"]),
)
_edit_list = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.text(max_size=3)),
                      min_size=1, max_size=3)
_patch = st.tuples(st.text("0123456789abcdef", min_size=8, max_size=8),
                   _edit_list.map(lambda es: tuple((a, a + b, t) for a, b, t in es)))
_entry = st.tuples(_key, st.one_of(st.none(), st.text(max_size=5), _patch),
                   st.sampled_from([None, "\n", "\r", "\r\n", ""]))


@settings(max_examples=150)
@given(st.lists(_entry, max_size=30))
def test_encode_then_decode_gives_the_entries(entries: list[_lines.Entry]) -> None:
    assert _lines.decode(_lines.encode(entries)) == entries


@settings(max_examples=200)
@given(st.text("ab 0", max_size=40), st.text("ab 0", max_size=40))
def test_edits_rebuild_the_original(canonical: str, original: str) -> None:
    changes = _lines.edits(canonical, original)
    patch = (_lines.checksum(canonical), changes)
    assert _lines.apply(patch, canonical) == original
    assert _lines.apply(patch, canonical + "!") is None  # another text: the element changed
    assert sum(len(text) for _, _, text in changes) <= len(original)
    # one edit per run of differing columns, runs at least MERGE_GAP columns apart
    for (_, end, _), (start, _, _) in itertools.pairwise(changes):
        assert start - end >= _lines.MERGE_GAP
    # columns do not move: an edit starts and ends on a differing column; when the lengths
    # differ, the last edit runs to the end
    n = min(len(canonical), len(original))
    inner = changes[:-1] if len(canonical) != len(original) else changes
    for start, end, _ in inner:
        assert canonical[start] != original[start] and canonical[end - 1] != original[end - 1]
    if inner != changes:
        start, end, _ = changes[-1]
        assert (start == n or canonical[start] != original[start]) and end == len(canonical)


def test_consecutive_keys_make_runs() -> None:
    keys = ["001:1", "001:2", "001:3", "001:5", "x:###:0", "x:###:1", "h:012", "h:022",
            "112:0", "112:1", "n:NOR:1", "n:NOR:2", "n:SWE:3"]
    encoded = json.loads(_lines.encode([(k, None, None) for k in keys]))
    assert encoded == ["001:1-3", "001:5", "x:###:0-1", "h:012", "h:022", "112:0-1",
                       "n:NOR:1-2", "n:SWE:3"]
    assert [k for k, _, _ in _lines.decode(json.dumps(encoded))] == keys


# -- the fast canonical check of round blocks ---------------------------------------------
_OPPONENTS = ["0000", "   1", "   3", "  12", " 123", "1234", "   0", "  01", "0001", " 1 2",
              "    ", "1   ", " +12"]
_COLOURS = "wb-WB x"
_CODES = "10=WDL+-FHUZ wdlfhuz?"
_HEAD = R.player_head(Player(5, "Test, Five", sex="m", fide_rating=1500, federation="NOR",
                             fide_id="5005", birth="2000/01/01"), "001", Fraction(0))


def _check(blocks: list[str]) -> bool:
    """If CANONICAL_ROUNDS admits the blocks (the reader's fast path), the writer must give
    the line back as it is; a line it refuses may or may not be canonical.  True when
    admitted."""
    line = (_HEAD + "".join(f"  {b}" for b in blocks)).rstrip()
    rounds = line[len(_HEAD):]
    admitted = R.CANONICAL_ROUNDS.fullmatch(rounds) is not None
    try:
        p = parse_player(line, "t", 1, None)
    except FormatError:
        return False  # the reader refuses the file: no layout is made
    written = R.player_line(p, PointSystem(), False)
    if admitted and rounds:
        assert written == line, blocks
    assert R.is_player_line(p, PointSystem(), line) == (written == line), blocks
    return admitted


def test_canonical_rounds_admit_only_what_the_writer_writes_back() -> None:
    admitted = 0
    for opp in _OPPONENTS:
        for colour in _COLOURS:
            for code in _CODES:
                block = f"{opp} {colour} {code}"
                for blocks in ([block], [block, "   2 w 1"], ["   2 b 0", block],
                               [" " * 8, block], [block, " " * 8]):
                    admitted += _check(blocks)
    assert admitted > 300
    # trailing blank rounds and trailing spaces are not what the writer writes
    assert not R.CANONICAL_ROUNDS.fullmatch("     2 w 1          ") or \
        R.is_player_line(parse_player(_HEAD + "     2 w 1          ", "t", 1, None),
                         PointSystem(), _HEAD + "     2 w 1          ") is False


def test_an_empty_header_record_keeps_its_text_until_the_model_fills_it() -> None:
    data = b"012 Empty Headers\n032\n122 \n001    1 m    Alpha, Ann\n"
    t = read(data)
    assert ["h:032", "032"] in items(t) and ["h:122", "122 "] in items(t)
    assert write_trf(t, WriteOptions()) == data
    filled = dataclasses.replace(t, federation="NOR")
    assert write_trf(filled, WriteOptions()).decode().splitlines()[1] == "032 NOR"
