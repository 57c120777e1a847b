"""The line layout (``extras["trf:layout"]``): what the writer needs to give a file back.

The layout lists the file's lines in order, each by the key of the model element it
encodes (``"001:<start no>"``, ``"h:<code>"``, ``"112:<i>"``, ``"pts:<code>"``,
``"n:<code>:<start no>"``, ``"013:<i>"``, ``"310:<i>"``, ``"x:<code>:<i>"`` for the i-th
line kept in ``extras["trf:<code>"]``, ``""`` for a blank line).  It is minimal: a line
whose text is what :func:`render` gives for the model just read keeps its key alone, a
line that differs keeps the column edits that turn the canonical text into it, and a line's
ending is stored only when it is not the file's newline (``extras["trf:newline"]``).

JSON encoding, one item per line or run of lines:

* ``"001:7"``: the canonical text, the file's newline;
* ``"001:1-120"``: a run of bare keys whose numbers go up by one (start numbers 1 to 120;
  also ``"x:XXA:0-9"``, ``"n:NOR:3-40"``, ``"112:0-2"``, ``"013:0-5"``, ``"310:0-5"``);
* ``["001:7", ["5d1e02a7", 67, 68, "0"]]``: the canonical text, whose CRC-32 is
  ``5d1e02a7``, with columns ``[67, 68)`` (0-based, end excluded) replaced by ``"0"``;
  one ``start, end, text`` edit follows the checksum per run of differing columns.  When
  the model's canonical text no longer has that checksum the element changed and is
  written canonically;
* ``["h:032", "032"]``: the original text of a line with no canonical text (an empty
  header record); the writer keeps it while it still reads as what the model says;
* a third member gives another ending: ``["001:7", null, "\\n"]``.

Layouts written by earlier versions stay readable (:func:`_key_and_text`).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Iterator
from typing import Any, TypeAlias

from ..errors import WriteError
from ..model import Player, PointSystem, Team, Tournament
from . import _headers as H
from . import _render as R

Edit: TypeAlias = tuple[int, int, str]
"""Columns ``[start, end)`` of the canonical text (0-based) and what replaces them."""
Patch: TypeAlias = tuple[str, tuple[Edit, ...]]
"""The CRC-32 (8 hex digits) of the canonical text the edits apply to, and the edits."""
Entry: TypeAlias = tuple[str, str | Patch | None, str | None]
"""A line: key, text (``None``: the canonical text; a :data:`Patch`: edits of it) and
ending (``None``: the file's newline)."""
RUN_KINDS = frozenset({"001", "n", "x", "112", "013", "310"})
"""Keys that end in a number counting up through a group, so consecutive ones make a run."""
MAX_LINES = 1_000_000
"""A layout never describes more lines (a TRF file of about 100 MB); more is damage."""
_EOLS = frozenset({"\r\n", "\n", "\r", ""})
MERGE_GAP = 6
"""Differences fewer than this many columns apart make one edit (each edit costs about a
dozen characters of JSON, so a line's edits cost at most about twice its text)."""


def render(key: str, t: Tournament, players: dict[int, Player], teams: tuple[Team, ...],
           strict: bool = False) -> str | None:
    """The canonical text of the line ``key`` for ``t``: the writer's "from the model" text.

    ``None`` when the model has nothing to write there (an empty header value).  Raises
    :class:`WriteError` when a value does not fit, ``KeyError``/``IndexError``/``ValueError``
    when ``key`` names nothing in ``t``.
    """
    kind, _, rest = key.partition(":")
    if kind == "":
        return ""
    if kind == "001":
        return R.player_line(players[int(rest)], t.point_system, strict)
    if kind == "h":
        return H.render(rest, t)
    if kind == "112":
        return f"112 {t.deputy_arbiters[int(rest)]}"
    if kind == "pts":
        return point_line(rest, t.point_system)
    if kind == "n":
        code, _, sn = rest.partition(":")
        return R.national_line(players[int(sn)], code, None)
    if kind == "013":
        return R.team_013(teams[int(rest)])
    if kind == "310":
        i = int(rest)
        return R.team_310(teams[i], i)
    raise ValueError(f"no canonical text for the layout key {key!r}")


def point_line(code: str, ps: PointSystem) -> str:
    """A point record in its own dialect (162, XXS or one of the BB? codes)."""
    if code == "162":
        return R.line_162(ps)
    if code == "XXS":
        return R.line_xxs(ps)
    return R.line_bb(code, ps)


def minimal(lines: list[tuple[str, str | None, str]], t: Tournament, newline: str,
            altered: set[int]) -> Iterator[Entry]:
    """The layout entries for ``(key, original text, ending)`` lines read into ``t``: no
    text where :func:`render` gives it, edits of the canonical text where it does not,
    the text itself where there is no canonical text, and the ending only where it is not
    ``newline``.  ``altered``: start numbers whose results are not what their line reads
    as (the reader's consistency checks changed them)."""
    players = {p.start_no: p for p in t.players}
    for key, text, eol in lines:
        keep: str | Patch | None = None
        if text is not None and not key.startswith("x:"):
            try:
                sn = int(key[4:]) if key.startswith("001:") else 0
                if sn and sn not in altered and R.is_player_line(players[sn], t.point_system,
                                                                 text):
                    canonical: str | None = text  # most lines: checked without rendering
                else:
                    canonical = render(key, t, players, t.teams)
            except (WriteError, KeyError, IndexError, ValueError):
                canonical = None
            if canonical is None:
                keep = text
            elif canonical != text:
                keep = checksum(canonical), edits(canonical, text)
        yield key, keep, None if eol in ("", newline) else eol


def checksum(canonical: str) -> str:
    return f"{zlib.crc32(canonical.encode('utf-8')):08x}"


def edits(canonical: str, original: str) -> tuple[Edit, ...]:
    """Edits turning ``canonical`` into ``original``, one per run of differing columns
    (TRF columns do not move, so the texts are compared column by column; the columns past
    the shorter text differ); runs fewer than :data:`MERGE_GAP` columns apart are one."""
    n = min(len(canonical), len(original))
    columns = [i for i in range(n) if canonical[i] != original[i]]
    longest = max(len(canonical), len(original))
    if n < longest:
        columns.append(n)
    runs: list[list[int]] = []  # [start, end) of each edit
    for i in columns:
        if runs and i - runs[-1][1] < MERGE_GAP:
            runs[-1][1] = i + 1
        else:
            runs.append([i, i + 1])
    if n < longest:
        runs[-1][1] = longest  # the last edit runs to the end of both texts
    return tuple((start, min(end, len(canonical)), original[start : min(end, len(original))])
                 for start, end in runs)


def apply(patch: Patch, canonical: str) -> str | None:
    """The original text, or ``None`` when ``canonical`` is not the text the patch was
    made from (the element changed since it was read)."""
    check, changes = patch
    if checksum(canonical) != check:
        return None
    parts: list[str] = []
    pos = 0
    for start, end, text in changes:
        if not pos <= start <= end <= len(canonical):
            raise ValueError(f"edit {start}-{end} does not fit a text of {len(canonical)}")
        parts += (canonical[pos:start], text)
        pos = end
    parts.append(canonical[pos:])
    return "".join(parts)


def _split_run(key: str) -> tuple[str, int] | None:
    """``("001:", 7)`` for a key that may join a run, else ``None``."""
    head, sep, number = key.rpartition(":")
    if not sep or key.partition(":")[0] not in RUN_KINDS or not number.isdecimal() \
            or not number.isascii() or (number != "0" and number.startswith("0")):
        return None
    return head + sep, int(number)


def encode(entries: Iterable[Entry]) -> str:
    """The JSON text of ``entries`` (bare keys, runs, lists only where text or ending differ)."""
    items: list[Any] = []
    run: tuple[str, int, int] | None = None  # prefix, first, last of the open run

    def close() -> None:
        if run is not None:
            prefix, first, last = run
            items.append(f"{prefix}{first}" if first == last else f"{prefix}{first}-{last}")

    for key, text, eol in entries:
        if isinstance(text, tuple) and not text[1]:
            text = None  # no edits: the canonical text whatever the checksum
        split = _split_run(key) if text is None and eol is None else None
        if split is not None and run is not None and split[0] == run[0] \
                and split[1] == run[2] + 1:
            run = (run[0], run[1], split[1])
            continue
        close()
        run = None
        if split is not None:
            run = (split[0], split[1], split[1])
        elif text is None and eol is None:
            items.append(key)
        else:
            body: Any = text
            if isinstance(text, tuple):
                body = [text[0], *(x for change in text[1] for x in change)]
            items.append([key, body] if eol is None else [key, body, eol])
    close()
    return json.dumps(items, ensure_ascii=False, separators=(",", ":"))


def decode(raw: str) -> list[Entry]:
    """The entries of a layout (runs expanded); raises ``ValueError`` when it is damaged."""
    items = json.loads(raw)
    if not isinstance(items, list):
        raise ValueError("a layout is a JSON list")
    out: list[Entry] = []
    previous: tuple[Edit, ...] = ()
    for item in items:
        if isinstance(item, str):
            head, sep, numbers = item.rpartition(":")
            first, dash, last = numbers.partition("-")
            if dash and sep and _split_run(f"{head}:{first}") and _split_run(f"{head}:{last}"):
                lo, hi = int(first), int(last)
                if hi < lo or len(out) + hi - lo >= MAX_LINES:
                    raise ValueError(f"bad run {item!r}")
                out.extend((f"{head}:{n}", None, None) for n in range(lo, hi + 1))
            else:
                out.append((item, None, None))
        elif isinstance(item, list) and 2 <= len(item) <= 3:
            key, text, eol = (*item, None)[:3]
            if not isinstance(key, str) or not (eol is None or (isinstance(eol, str)
                                                               and eol in _EOLS)):
                raise ValueError(f"bad layout item {item!r}")
            key, value = _key_and_text(key, text, previous)
            if isinstance(value, tuple):
                previous = value[1]
            out.append((key, value, eol))
        else:
            raise ValueError(f"bad layout item {item!r}")
        if len(out) > MAX_LINES:
            raise ValueError("too many lines")
    return out


def _key_and_text(key: str, value: Any,
                  previous: tuple[Edit, ...]) -> tuple[str, str | Patch | None]:
    """An item's key and its text: ``None``, a text or a patch ``[checksum, start, end,
    text, ...]``.

    The forms only earlier versions wrote are read here too: a checksum alone, repeating
    the edits of the patch before it (``previous``), and the key ``"pts"`` for a point
    record, whose code starts its text."""
    if key == "pts":
        if not isinstance(value, str) or not value[:3].strip():
            raise ValueError("a point record without its code")
        key = f"pts:{value[:3]}"
    if value is None or isinstance(value, str):
        return key, value
    if not isinstance(value, list) or len(value) % 3 != 1 or not isinstance(value[0], str):
        raise ValueError(f"bad text or patch {value!r}")
    if len(value) == 1:
        if not previous:
            raise ValueError(f"patch {value!r} repeats no earlier patch")
        return key, (value[0], previous)
    changes: list[Edit] = []
    for k in range(1, len(value), 3):
        start, end, text = value[k : k + 3]
        if type(start) is not int or type(end) is not int or not isinstance(text, str):
            raise ValueError(f"bad edit {value[k : k + 3]!r}")
        changes.append((start, end, text))
    return key, (value[0], tuple(changes))


__all__ = ["Entry", "Patch", "apply", "decode", "edits", "encode", "minimal", "point_line",
           "render"]
