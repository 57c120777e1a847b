"""Our PGN reader against python-chess (GPL-3.0, a test dependency only, never imported by
the package): both see the same games with the same tags, on every fixture and on
generated files with comments, variations, NAGs, escapes and ``%`` lines.

Three documented differences are set aside (formats/pgn/README.md): python-chess gives
tag values with their escapes (``\\"``), which we resolve (and we trim spaces); it fills in
the Seven Tag Roster's defaults for tags a game does not have; and it replaces a missing or
``*`` Result by the movetext's termination marker.  The last two are applied to ours
before comparing.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import chess.pgn
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swisstb_io import textio
from swisstb_io.errors import Location
from swisstb_io.pgn._scan import games, text

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "pgn"
ROSTER = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?",
          "Black": "?", "Result": "*"}
_ESCAPE = re.compile(r"\\(.)")


def ours(data: bytes) -> list[dict[str, str]]:
    encoding, bom = textio.encoding_of(data, "f", "PGN")
    found = []
    for raw in games(data, len(textio.BOM) if bom else 0, lambda _: Location("f"),
                     lambda *_: None):
        tags = dict(ROSTER)
        tags.update((name.decode("ascii"), text(value, encoding)) for name, value in raw.tags)
        if tags["Result"] == "*" and raw.marker:
            tags["Result"] = raw.marker.decode("ascii")
        found.append(tags)
    return found


def python_chess(data: bytes) -> list[dict[str, str]]:
    encoding, _ = textio.encoding_of(data, "f", "PGN")
    handle = io.StringIO(data.decode(encoding), newline=None)
    found = []
    while (game := chess.pgn.read_game(handle)) is not None:
        found.append({k: _ESCAPE.sub(r"\1", v).strip() for k, v in game.headers.items()})
    return found


@pytest.fixture(autouse=True)
def _quiet_python_chess(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("CRITICAL", logger="chess.pgn")  # illegal moves in fixtures are not ours


@pytest.mark.parametrize("path", sorted(FIX.glob("*.pgn")), ids=lambda p: p.name)
def test_both_readers_see_the_same_games_and_tags(path: Path) -> None:
    data = path.read_bytes()
    mine = ours(data)
    assert mine and mine == python_chess(data)


_TEXT = st.text(alphabet=st.sampled_from(list('ab Zé߀Ł中"\\[]{}();%*-/.,0129')), max_size=12)
_NAMES = st.sampled_from(["Event", "Site", "Date", "Round", "White", "Black", "Result",
                          "WhiteElo", "BlackFideId", "Annotator", "X_9", "ECO", "Board"])
_NAGS = st.sampled_from(["$1", "$14", "$201", "!?", "??", "!"])


@st.composite
def _comment(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["brace", "line", "escape"]))
    body = draw(st.text(alphabet=st.sampled_from(list("ab 1-0*[]();%\"\n{é")), max_size=30))
    if kind == "brace":
        return "{" + body.replace("}", "") + "}"
    if kind == "line":
        return ";" + body.replace("\n", " ") + "\n"
    return "\n%" + body.replace("\n", " ") + "\n"


@st.composite
def _line(draw: st.DrawFn, board: chess.Board, depth: int) -> str:
    """Legal moves from ``board`` (python-chess stops on some illegal ones), with move
    numbers, NAGs, comments and variations."""
    parts = []
    for _ in range(draw(st.integers(0, 6))):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = moves[draw(st.integers(0, len(moves) - 1))]
        number = f"{board.fullmove_number}{'.' if board.turn else '...'}"
        parts.append((number + " " if board.turn or draw(st.booleans()) else "") + board.san(move))
        before = board.copy()
        board.push(move)
        if draw(st.integers(0, 4)) == 0:
            parts.append(draw(_NAGS))
        if draw(st.integers(0, 3)) == 0:
            parts.append(draw(_comment()))
        if depth < 3 and draw(st.integers(0, 4)) == 0:
            parts.append("(" + draw(_line(before, depth + 1)).strip(" ") + ")")
    return " ".join(parts)


@st.composite
def _movetext(draw: st.DrawFn) -> str:
    text = draw(_line(chess.Board(), 0))
    if draw(st.booleans()):
        text = draw(_comment()) + " " + text
    return re.sub(r"\n[ \n]*\n", "\n", text).strip(" ")  # no empty line outside a comment


def _escaped(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


@st.composite
def _game(draw: st.DrawFn) -> str:
    names = draw(st.lists(_NAMES, min_size=1, max_size=8))
    lines = [f'[{n} "{_escaped(draw(_TEXT))}"]' for n in names]
    if len(lines) > 1 and len(set(names)) == len(names) and draw(st.booleans()):
        lines.insert(1, "")  # ChessBase's empty line after the first tag
    movetext = draw(_movetext())
    marker = draw(st.sampled_from(["1-0", "0-1", "1/2-1/2", "*"]))
    body = (movetext + " " + marker).strip() if not movetext.endswith("\n") else (
        movetext + marker)
    return "\n".join(lines) + "\n\n" + body.lstrip("\n") + "\n"


@st.composite
def _file(draw: st.DrawFn) -> bytes:
    text = "\n".join(draw(st.lists(_game(), min_size=1, max_size=4)))
    if draw(st.booleans()):
        text = "% written by a generator\n" + text
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    data = text.encode("utf-8")
    return textio.BOM + data if draw(st.booleans()) else data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_file())
def test_generated_pgn_reads_the_same_in_both(data: bytes) -> None:
    assert ours(data) == python_chess(data)
