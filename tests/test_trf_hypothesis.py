"""Property tests for TRF: the reader raises only FormatError whatever it is given, and
generated consistent tournaments survive write -> read unchanged."""

from __future__ import annotations

import contextlib
import dataclasses
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import consistent_tournaments

from swisstb_io.errors import FormatError, WriteError
from swisstb_io.model import Color, Outcome, Player, RoundResult, Team, Tournament
from swisstb_io.registry import ReadOptions, WriteOptions
from swisstb_io.trf import read_trf, write_trf

SAMPLE = (Path(__file__).resolve().parent.parent / "fixtures" / "trf" / "own_midevent.trf"
          ).read_bytes()
PREFIXES = ["001 ", "012 ", "013 ", "042 ", "132 ", "142 ", "162 ", "202 ", "299 ", "310 ",
            "XXR ", "XXS ", "BBW ", "IND ", "DAT ", "### ", ""]


def read_only_format_errors(data: bytes, strict: bool = False) -> None:
    with contextlib.suppress(FormatError):
        read_trf(data, "fuzz.trf", ReadOptions(strict=strict))


@settings(max_examples=100)
@given(st.binary(max_size=400))
def test_any_bytes_raise_only_format_error(data: bytes) -> None:
    read_only_format_errors(data)


@settings(max_examples=100)
@given(st.text(max_size=400), st.booleans())
def test_any_text_raises_only_format_error(text: str, strict: bool) -> None:
    read_only_format_errors(text.encode("utf-8", "surrogatepass"), strict)


_trf_lines = st.lists(
    st.tuples(st.sampled_from(PREFIXES),
              st.text(alphabet=" 0123456789wbWBDL=+-FHUZ.,/abcXé\t", max_size=140)),
    max_size=12,
).map(lambda rows: "\n".join(p + body for p, body in rows))


@settings(max_examples=120)
@given(_trf_lines, st.booleans())
def test_trf_shaped_text_raises_only_format_error(text: str, strict: bool) -> None:
    read_only_format_errors(text.encode(), strict)


@settings(max_examples=100)
@given(st.lists(st.tuples(st.integers(0, len(SAMPLE) - 1), st.binary(min_size=1, max_size=3)),
                min_size=1, max_size=6))
def test_damaged_real_file_raises_only_format_error(edits: list[tuple[int, bytes]]) -> None:
    data = bytearray(SAMPLE)
    for pos, new in edits:
        data[pos : pos + len(new)] = new
    read_only_format_errors(bytes(data))
    read_only_format_errors(bytes(data), strict=True)


def _plain(t: Tournament, lossy16: bool = False) -> Tournament:
    """``t`` without the TRF bookkeeping in extras (and, for TRF16, without what it lacks)."""
    t = dataclasses.replace(t, extras={})
    if lossy16:
        t = dataclasses.replace(
            t, pairing_system="", tiebreaks=(), standings_order=(),
            teams=tuple(Team(tm.name, tm.members) for tm in t.teams))
    return t


@settings(max_examples=40)
@given(consistent_tournaments())
def test_generated_tournament_survives_trf2026(t: Tournament) -> None:
    data = write_trf(t, WriteOptions())
    result = read_trf(data, "gen.trf", ReadOptions(strict=True))
    # TRF-2026 has no version record: a file with no 2026-only record reads as TRF16
    has_2026 = bool(t.pairing_system or t.tiebreaks or t.standings_order or t.teams
                    or t.total_rounds is not None or not t.point_system.is_default)
    assert result.format == ("trf2026" if has_2026 else "trf16")
    assert _plain(result.tournament) == t
    assert write_trf(result.tournament, WriteOptions()) == data


@settings(max_examples=40)
@given(consistent_tournaments())
def test_generated_tournament_survives_trf16(t: Tournament) -> None:
    data = write_trf(t, WriteOptions(version="16"))
    back = read_trf(data, "gen.trf", ReadOptions(strict=True)).tournament
    assert back.extras["trf:version"] == "16"
    assert _plain(back, lossy16=True) == _plain(t, lossy16=True)
    assert write_trf(back, WriteOptions(version="16")) == data


@settings(max_examples=60)
@given(st.text(max_size=40), st.text(max_size=5), st.integers(-5, 20000), st.text(max_size=12))
def test_writer_raises_only_write_error(name: str, title: str, number: int, fed: str) -> None:
    p = Player(1, name, title=title, fide_rating=number, federation=fed,
               results=(RoundResult(Outcome.WIN, 2, Color.WHITE),))
    q = Player(2, fed, results=(RoundResult(Outcome.LOSS, 1, Color.BLACK),))
    t = Tournament(name=name, players=(p, q), total_rounds=number - 10,
                   round_dates=(title, fed), time_control=fed)
    for version in ("16", "2026"):
        with contextlib.suppress(WriteError):
            back = read_trf(write_trf(t, WriteOptions(version=version)), "w.trf", ReadOptions())
            assert back.tournament.player(1).results == p.results


@given(st.text(alphabet="ab\r\n", max_size=40))
def test_lines_and_their_endings_give_the_text_back(text: str) -> None:
    """Any mix of CR, LF and CRLF splits into lines without endings, and back."""
    from swisstb_io.trf._decode import split_any

    lines, endings = split_any(text)
    assert "".join(line + end for line, end in zip(lines, endings, strict=True)) == text
    assert not any("\r" in line or "\n" in line for line in lines)
    assert all(end in ("\r\n", "\r", "\n") for end in endings[:-1])
