"""Files of a given size for every reader: a large valid one, and hostile shapes that once
made a reader's work grow faster than its input (or without end).

Shared by ``tests/test_bounded_reading.py`` (which asserts that each hostile shape costs
about what a valid file of its size costs, and fails the way it should) and the
``benchmarks/bench_read_*.py`` scripts (which print bytes per second for each).

A shape is a :class:`Shape`: ``make(scale)`` gives the bytes (``scale`` 1 is the size the
tests use; a benchmark may ask for more), ``command`` the ``swisstb`` command that once
showed the problem (with ``options``), and ``expect`` how the command must end (its exit
code and a regular expression its standard error must match; stdout is not looked at).
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from swisstb_io import api
from swisstb_io.model import Color, Outcome, Player, Rating, RoundResult, Tournament
from swisstb_io.uscf_dbf.dbf import build

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@dataclass(frozen=True)
class Shape:
    name: str
    extension: str
    """The file's extension (the format is detected from it)."""
    make: Callable[[int], bytes]
    command: str = "info"
    expect: tuple[int, str] = (0, "")
    """Exit code, and a regular expression the standard error must match (``re.search``)."""
    options: tuple[str, ...] = ()
    """Given after the file (``("-t", "BH")``)."""


def event(players: int, rounds: int) -> Tournament:
    """A consistent Swiss-like event: in round r player i meets i + 2r - 1 (mod n)."""
    res: list[list[RoundResult]] = [[] for _ in range(players)]
    for r in range(1, rounds + 1):
        seen: set[int] = set()
        for i in range(players):
            if i in seen:
                continue
            j = (i + 2 * r - 1) % players
            while j in seen or j == i:
                j = (j + 1) % players
            seen |= {i, j}
            a, b = [(Outcome.WIN, Outcome.LOSS), (Outcome.DRAW, Outcome.DRAW),
                    (Outcome.LOSS, Outcome.WIN)][(i + r) % 3]
            res[i].append(RoundResult(a, j + 1, Color.WHITE))
            res[j].append(RoundResult(b, i + 1, Color.BLACK))
    return Tournament(name="Bench", section="Open", total_rounds=rounds, players=tuple(
        Player(i + 1, f"Player, Number {i + 1}", tuple(res[i]),
               ratings=(Rating("USCF", 1000 + i % 1500),), fide_rating=1000 + i % 1500,
               national_ids=(("USCF", f"{10000000 + i}"),))
        for i in range(players)))


FORMATS = {".trf": "trf", ".csv": "swisssys-csv", ".sjson": "sjson", ".zip": "uscf-dbf",
           ".xml": "xml", ".jch": "chess-json", ".pgn": "pgn"}


MAX_PLAYERS = {".trf": 9998, ".zip": 9998}
"""Most players of a valid file where the format's fields need it (TRF and DBF have 4
digits for a start number); a larger file has more rounds."""


MAX_ROUNDS = {".zip": 99, ".trf": 144}
"""Rounds a format's writer can hold: the DBF has fields D_RND01 to D_RND99; TRF points
have 4 columns (99.5 at most: a player here scores half the rounds), else 999."""


def valid(extension: str, size: int) -> bytes:
    """A valid file of about ``size`` bytes (at least that many, where the format can
    hold it): 9 rounds and more players, then (past :data:`MAX_PLAYERS`) more rounds."""
    fmt = FORMATS[extension]
    probe = len(api.dumps(event(200, 9), fmt))
    players = min(MAX_PLAYERS.get(extension, 10**6), max(4, size * 200 // probe + 2))
    players += players % 2
    rounds, most = 9, MAX_ROUNDS.get(extension, 999)
    data = api.dumps(event(players, rounds), fmt)
    while len(data) < size and rounds < most:
        rounds = min(most, rounds * 2)
        data = api.dumps(event(players, rounds), fmt)
    return data


# ---- the hostile shapes -----------------------------------------------------------------

def _team_trf() -> str:
    return (FIXTURES / "team" / "held_team_2024.trf").read_text(encoding="utf-8")


def _repeated_310(scale: int) -> bytes:
    text = _team_trf()
    record = next(line for line in text.splitlines() if line.startswith("310"))
    return (text + "\n".join([record] * 2001 * scale) + "\n").encode()


def _team_record_number(scale: int) -> bytes:
    return (_team_trf() + "240 F   1    " + "9" * 4301 * scale + "\n").encode()


def _orphan_299(scale: int) -> bytes:
    base = (FIXTURES / "trf" / "held_swiss_5.trf").read_text(encoding="utf-8")
    lines = [f"299          1.0      {10000 + k:5d}" for k in range(8000 * scale)]
    return (base + "\n".join(lines) + "\n").encode()


def _csv() -> str:
    return "Pair,Name,Rd 1\n1,A,W2\n2,B,L1\n"


def _chain_brackets(scale: int) -> bytes:
    return ("# Tie-breaks: BH" + "[" * 50_000 * scale + "\n" + _csv()).encode()


def _point_exponent(scale: int) -> bytes:
    return ("# Point system: win 1e999999999\n" + _csv()).encode()


def _round_columns(scale: int) -> bytes:
    head = "Pair,Name," + ",".join(f"Rd {k}" for k in range(1, 5001))
    return (head + "\n" + "".join(f"{k},P{k}" + "," * 5000 + "\n"
                                  for k in range(1, 20 * scale + 1))).encode()


def _outcomes(scale: int) -> bytes:
    """Many ``# Outcomes`` entries, each naming a cell of a big table (each was located
    by a search of the whole line)."""
    players, rounds = 400 * scale, 40
    t = event(players, rounds)
    table = api.dumps(t, "swisssys-csv").decode()
    entries = " ".join(f"{p.start_no}/{r}=win" for p in t.players
                       for r, res in enumerate(p.results, 1) if res.outcome is Outcome.WIN)
    return (f"# Outcomes: {entries}\n" + table).encode()


def _sjson_rounds(scale: int) -> bytes:
    doc = {"Sections": [{"Section name": "A", "Players": [
        {"Pair number": 1, "Results": ["H;0;-"] * 5003 * scale},
        {"Pair number": 2, "Results": []}]}]}
    return json.dumps(doc).encode()


def _sjson_overview(scale: int) -> bytes:
    """Many sections and a big Overview: every section once copied the whole Overview."""
    n = 4000 * scale
    doc = {"Overview": {f"Key {k}": k for k in range(n)},
           "Sections": [{"Section name": f"S{k}", "Players": []} for k in range(n)]}
    return json.dumps(doc).encode()


def _sjson_across(scale: int) -> bytes:
    """Many sections whose player plays pair 2 of another section: each such round once
    looked through every section."""
    n = 5000 * scale
    sections = [{"Section name": f"S{k}", "Players": [
        {"Pair number": 1, "Results": ["+;2;W"]}]} for k in range(n)]
    sections.append({"Section name": "Last", "Players": [{"Pair number": 2, "Results": []}]})
    return json.dumps({"Sections": sections}).encode()


def _sjson_pair(scale: int) -> bytes:
    doc = {"Sections": [{"Players": [{"Pair number": 10**30}, {"Pair number": 2}]}]}
    return json.dumps(doc).encode()


def _dbf_trio(td_fields: list[tuple[str, int]], td: list[list[str]],
              ts: list[list[str]] | None = None) -> bytes:
    import datetime

    day = datetime.date(2024, 1, 1)
    files = {"THEXPORT.DBF": build([("H_NAME", 10)], [["Event"]], day),
             "TSEXPORT.DBF": build([("S_SEC_NUM", 6), ("S_TOT_RNDS", 3)],
                                   ts if ts is not None else [["1", "2"]], day),
             "TDEXPORT.DBF": build(td_fields, td, day)}
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return buf.getvalue()


_TD_SEQ = [("D_SEC_NUM", 2), ("D_PAIR_NUM", 4), ("D_REC_SEQ", 8), ("D_RND01", 5)]


def _dbf_sequence(seq: str) -> Callable[[int], bytes]:
    def make(scale: int) -> bytes:
        return _dbf_trio(_TD_SEQ, [["1", "1", seq, "W2"], ["1", "2", "1", "L1"]])
    return make


def _dbf_sections(scale: int) -> bytes:
    """One player a section, in many sections: each section once read every record."""
    n = 20_000 * scale
    return _dbf_trio([("D_SEC_NUM", 6), ("D_PAIR_NUM", 4), ("D_RND01", 5)],
                     [[str(k), "1", ""] for k in range(1, n + 1)],
                     [[str(k), "1"] for k in range(1, n + 1)])


def _jch_warnings(scale: int) -> bytes:
    """A warning on every game: each one once walked the text before it."""
    doc = json.loads((FIXTURES / "chess-json" / "minimal.jch").read_text(encoding="utf-8"))
    t = doc["event"]["tournaments"][0]
    n = 1000 * scale
    t["competitors"] = [{"cid": k, "profileId": 1, "present": True, "gamePoints": 0.0,
                         "rank": k, "tpn": k} for k in range(1, n + 1)]
    t["gameList"] = [{"id": k, "round": 1, "white": {"cid": k}, "black": None,
                      "wResult": "A", "played": False, "rated": False}
                     for k in range(1, n + 1)]
    return json.dumps(doc).encode()


def _jch_competitor_number(scale: int) -> bytes:
    """A competitor number of 40 digits (the longest number the JSON loader takes): the
    event was read, and its reports printed, with it."""
    doc = json.loads((FIXTURES / "chess-json" / "minimal.jch").read_text(encoding="utf-8"))
    t = doc["event"]["tournaments"][0]
    big = 10**39
    t["competitors"][3]["cid"] = big
    for game in t["gameList"]:
        for side in ("white", "black"):
            if isinstance(game.get(side), dict) and game[side]["cid"] == 4:
                game[side]["cid"] = big
    return json.dumps(doc).encode()


def _jch_tournaments(scale: int) -> bytes:
    """Many tournaments, the last one chosen, a message on each of its competitors: the
    places of the messages are found past every tournament before it (a guard: this was
    linear before the messages' places moved to the reader's one locator, and must stay so)."""
    doc = json.loads((FIXTURES / "chess-json" / "minimal.jch").read_text(encoding="utf-8"))
    t = doc["event"]["tournaments"][0]
    for comp in t["competitors"]:
        comp["gamePoints"] = 9.0  # the results give less: a warning each
    n = 500 * scale
    doc["event"]["tournaments"] = [{**t, "name": f"T{k}" if k < n else "Last",
                                    "tournamentNo": k} for k in range(1, n + 1)]
    return json.dumps(doc).encode()


def _xml_rounds(scale: int) -> bytes:
    rounds = "".join(f'<round no="{k}" outcome="half-bye"/>' for k in range(1, 1001 + scale))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<tournament xmlns="urn:swisstb_io:1" '
            f'version="1" name="X">\n<players>\n<player startNo="1" name="P">{rounds}'
            '</player>\n</players>\n</tournament>\n').encode()


def _option_brackets(scale: int) -> bytes:
    return _csv().encode()


_PGN_TAGS = ('[Event "E"]\n[Site "S"]\n[Date "2024.01.01"]\n[Round "1"]\n[White "A"]\n'
             '[Black "B"]\n[Result "1-0"]\n\n')


def _pgn_results_in_comments(scale: int) -> bytes:
    """Comments holding a result token, and no result after them: each was once tried as
    the game's last result by scanning from the movetext's start."""
    return (_PGN_TAGS + "1. e4 " + "{ 1-0 } " * 100_000 * scale + "\n").encode()


def _pgn_nested_variations(scale: int) -> bytes:
    n = 100_000 * scale
    return (_PGN_TAGS + "1. e4 " + "( 1... e5 " * n + ")" * n + " 1-0\n").encode()


def _pgn_unclosed_comment(scale: int) -> bytes:
    return (_PGN_TAGS + "1. e4 {" + " 1-0 (" * 150_000 * scale + "\n").encode()


def _pgn_tag_pairs(scale: int) -> bytes:
    tags = "".join(f'[Extra{i} "value"]\n' for i in range(60_000 * scale))
    return (_PGN_TAGS[:-1] + tags + "\n1-0\n").encode()


def _pgn_escaped_quotes(scale: int) -> bytes:
    return ('[Event "' + '\\"' * 300_000 * scale + '"]\n' + _PGN_TAGS[12:] + "1-0\n").encode()


HOSTILE: tuple[Shape, ...] = (
    Shape("310 records repeated", ".trf", _repeated_310, "report",
          (1, r":116:5: team number 1 is used twice \(first on line 98\): each 310 record "
              r"is one team\n$")),
    Shape("4,301-digit team record number", ".trf", _team_record_number, "report",
          (1, r"\.trf:116:14: 240 record: the number '9+…' has more than 9 digits")),
    Shape("299 records for missing players", ".trf", _orphan_299, "info",
          (0, r"^$")),
    Shape("# Tie-breaks: of 50,000 [", ".csv", _chain_brackets, "report",
          (1, r"unknown tie-break 'BH\[\[")),
    Shape("-t of 50,000 [", ".csv", _option_brackets, "report",
          (2, r"Invalid value for '--tiebreaks': unknown tie-break 'BH\[\["),
          options=("-t", "BH" + "[" * 50_000)),
    Shape("# Point system: 1e999999999", ".csv", _point_exponent, "info",
          (1, r"\.csv:1:17: bad Point system: '1e999999999' is not a number of points")),
    Shape("5,000 round columns", ".csv", _round_columns, "info",
          (1, r"\.csv:1:\d+: column 'Rd 1000' is for round 1000, past the 999 rounds")),
    Shape("many # Outcomes entries", ".csv", _outcomes, "info",
          (0, r"^$")),
    Shape("5,003 .sjson results", ".sjson", _sjson_rounds, "info",
          (1, r"Sections\[0\]\.Players\[0\]\.Results\[999\]: 5003 results, more than the 999")),
    Shape("sections x Overview", ".sjson", _sjson_overview, "info",
          (0, r"^$")),
    Shape("sections naming another's players", ".sjson", _sjson_across, "info",
          (0, r"^$")),
    Shape(".sjson pair number 10^30", ".sjson", _sjson_pair, "info",
          (1, r'Sections\[0\]\.Players\[0\]: bad "Pair number" 1000000000000000000000000000000')),
    Shape("DBF D_REC_SEQ 10^7 (under 1 KB)", ".zip", _dbf_sequence("9999999"), "info",
          (1, r"TDEXPORT\.DBF:1:8: record 1: D_REC_SEQ '9999999' would put this record's "
              r"rounds after round 999")),
    Shape("DBF rounds 999981", ".zip", _dbf_sequence("99999"), "info",
          (1, r"TDEXPORT\.DBF:1:8: record 1: D_REC_SEQ '99999'")),
    Shape("DBF sections x records", ".zip", _dbf_sections, "info",
          (0, r"^$")),
    Shape("Chess-JSON warning per game", ".jch", _jch_warnings, "info",
          (0, r"^$")),
    Shape("Chess-JSON competitor number of 40 digits", ".jch", _jch_competitor_number,
          "report", (1, r"\.jch:1:\d+: event\.tournaments\[0\]\.competitors\[3\]\.cid: "
                        r"expected a competitor number from 1 to 999,999,999")),
    Shape("Chess-JSON tournaments, the last chosen", ".jch", _jch_tournaments, "report",
          (0, r"\.jch:1:\d+: warning: player 4: points column says 9 but the results give 0\n$"),
          options=("--section", "Last")),
    Shape("1,001 XML rounds", ".xml", _xml_rounds, "info",
          (1, r"\.xml:4:\d+: player 1: round 1000: more rounds than the 999")),
    Shape("PGN results in comments", ".pgn", _pgn_results_in_comments, "info",
          (0, r"^$")),
    Shape("PGN variations 100,000 deep", ".pgn", _pgn_nested_variations, "info",
          (0, r"^$")),
    Shape("PGN comment never closed", ".pgn", _pgn_unclosed_comment, "info",
          (1, r"\.pgn:9:7: this comment '\{' is never closed")),
    Shape("PGN game of 60,000 tag pairs", ".pgn", _pgn_tag_pairs, "info",
          (0, r"^$")),
    Shape("PGN tag of 300,000 escaped quotes", ".pgn", _pgn_escaped_quotes, "info",
          (0, r"^$")),
)


def matches(expect: tuple[int, str], code: int, stderr: str) -> bool:
    return code == expect[0] and re.search(expect[1], stderr) is not None


__all__ = ["FORMATS", "HOSTILE", "Shape", "event", "matches", "valid"]
