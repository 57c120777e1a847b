"""Read a PGN file (PGN standard, 1994, §8) into one model per event.

The file's games (:mod:`._scan`, :mod:`._games`) go into their events as they are read
(:mod:`._events`, :func:`._build.add`); each event then becomes a tournament
(:func:`._build.build`): its players told apart and numbered (:mod:`._players`), each
game a round of its two players (:mod:`._results` says what a result means).  Several
events are the file's sections.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from .. import textio
from ..errors import Diagnostics, FormatError, Location
from ..registry import ReadOptions, ReadResult, pick_section
from ._build import add, build
from ._events import Events, labels
from ._games import Values, game_of
from ._scan import games as scan_games
from ._where import Where

FORMAT_NAME = "pgn"
_EOL = re.compile(rb"\r\n|\r|\n")
EOL_NAMES = {b"\r\n": "CRLF", b"\n": "LF", b"\r": "CR"}


def read(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    """Read every event of the file; ``tournament`` is the one ``options.section`` names
    (the first by default)."""
    if not data or data.isspace():
        raise FormatError("the file is empty; a PGN file holds games with tag pairs "
                          '([Event "…"], [White "…"] …)', Location(path, 1, 1))
    encoding, bom = textio.encoding_of(data, path, "PGN")
    start = len(textio.BOM) if bom else 0
    where = Where(data, path, encoding, start)
    diag = Diagnostics(options.strict)

    def warn(offset: int, message: str, code: str) -> None:
        diag.warn(where(offset), message, code)

    grouped = Events()
    values = Values(data, encoding, warn)
    first, count = len(data), 0
    for raw in scan_games(data, start, where, warn):
        first = min(first, raw.start)
        game = game_of(raw, values)
        if game is None:
            grouped.unread((raw.start, raw.end))
            continue
        count += 1
        add(grouped.of(game), game, where, diag, options)
    events = [e for e in grouped.events if e.records]
    if not events:
        raise FormatError("no game here names its players: a PGN game starts with tag pairs "
                          'such as [White "…"] and [Black "…"]', Location(path, 1, 1))
    names = labels(events)
    many = len(events) > 1
    index = pick_section(names, options.section, path, "event") if many else 0
    newline = _EOL.search(data, start)
    common: dict[str, str] = {
        "pgn:encoding": encoding,
        "pgn:newline": EOL_NAMES[newline.group()] if newline else "LF",
    }
    if bom:
        common["pgn:bom"] = "yes"
    prelude = data[start:first].decode(encoding)
    sections = []
    for event, name in zip(events, names, strict=True):
        extras = dict(common)
        starts = [r.start for r in event.records] + [start for start, _ in event.unread]
        if prelude and min(starts) == first:
            extras["pgn:prelude"] = prelude
        sections.append(build(event, name if many else "", extras, data, encoding, where,
                              diag))
    details = {
        "line endings": common["pgn:newline"],
        "BOM": "yes" if bom else "no",
        "games": str(count),
        "events": str(len(events)),
    }
    return ReadResult(sections[index], FORMAT_NAME, encoding, diag.freeze(),
                      sections=tuple(names) if many else (), details=MappingProxyType(details),
                      all_sections=tuple(sections) if many else ())


__all__ = ["EOL_NAMES", "FORMAT_NAME", "read"]
