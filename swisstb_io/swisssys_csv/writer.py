"""Write the US cross-table CSV (formats.md §2.4): metadata comments, header, one row a player."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import WriteError
from ..model import DateText, Outcome, Player, Tournament
from ..registry import WriteOptions
from ..textsafe import after_delimiters_safe, spreadsheet_safe
from ..us_notation import CODE_TO_OUTCOME, OUTCOME_TO_CODE, format_cell, format_points, parse_date
from .adjustments import adjustments_text
from .columns import LABEL, LIST_SEPARATORS, META_LABEL, ROUND_DATES_AS_WRITTEN
from .points import point_text

_COLUMNS = frozenset({"uscf:state"})
"""Player extras with a column of their own."""


def _quote(value: str, delimiter: str) -> str:
    if (
        any(c in value for c in (delimiter, '"', "\n", "\r"))
        or value != value.strip()
        or value.startswith("#")
    ):
        return '"' + value.replace('"', '""') + '"'
    return value


def _us_round_dates(text: str) -> tuple[str, ...]:
    """A ``Round dates`` line as the reader puts it in the model (``YYYY/MM/DD``)."""
    out = []
    for item in (v.strip() for v in text.split(LIST_SEPARATORS["round_dates"].strip())):
        if item:
            date = parse_date(item)
            out.append(item if date.value is None else f"{date.value:%Y/%m/%d}")
    return tuple(out)


def _meta_lines(t: Tournament) -> list[str]:
    lines: list[tuple[str, str]] = []

    def add(fieldname: str, value: str) -> None:
        if value:
            lines.append((META_LABEL[fieldname], value))

    add("name", t.name)
    add("section", t.section)
    add("total_rounds", "" if t.total_rounds is None else str(t.total_rounds))
    for fieldname in ("start_date", "end_date"):
        date: DateText | None = getattr(t, fieldname)
        add(fieldname, date.text if date else "")
        if date is not None and date.value is not None and parse_date(date.text) != date:
            add(f"{fieldname}_value", date.value.isoformat())  # a text we would not parse
    for fieldname in (
        "city",
        "federation",
        "chief_arbiter",
        "time_control",
        "tournament_type",
        "pairing_system",
    ):
        add(fieldname, getattr(t, fieldname))
    for fieldname, sep in LIST_SEPARATORS.items():
        values: tuple[str, ...] = getattr(t, fieldname)
        if any(sep.strip() in v for v in values):
            raise WriteError(
                f"cannot write {META_LABEL[fieldname]} {values!r}: a value contains "
                f"{sep.strip()!r}, the list separator"
            )
        written = t.extras.get(ROUND_DATES_AS_WRITTEN) if fieldname == "round_dates" else None
        if written is not None and _us_round_dates(written) == values:
            add(fieldname, written)  # as the file had it: the same dates
        else:
            add(fieldname, sep.join(values))
    for key, value in t.extras.items():
        if key.startswith("csv:meta:"):
            lines.append((key[len("csv:meta:") :], value))
        elif not key.startswith("csv:"):  # other formats' extras, e.g. uscf:affiliate_id
            lines.append((key, value))
    if not t.point_system.is_default:
        add("point_system", point_text(t.point_system))
    overrides = _overrides(t)
    if overrides:
        lines.append((META_LABEL["outcomes"], " ".join(overrides)))
    out = []
    for label, value in lines:
        if "\n" in value or "\r" in value:
            raise WriteError(_line_break(t, label, value))
        out.append(f"# {label}: {after_delimiters_safe(value)}")
    return out


def _line_break(t: Tournament, label: str, value: str) -> str:
    """Why ``label`` cannot be a metadata line, whose it is and the way out."""
    rows = value.splitlines()
    whose = ""
    if label == "trf:DAT":  # Tornelo DAT lines: "DAT <start no> <type> <data>"
        names = {p.start_no: p.name for p in t.players}
        numbers = dict.fromkeys(int(row.split()[1]) for row in rows
                                if len(row.split()) > 1 and row.split()[1].isdecimal())
        whose = " of " + ", ".join(f"player {n} ({names[n]})" if n in names else f"player {n}"
                                   for n in numbers)
    return (f"cannot write {label}{whose}: its {len(rows)} lines ({rows[0][:40]!r}…) do not "
            "fit one CSV metadata line; write XML or TRF, which keep it, or leave such data "
            "out with `swisstb convert --no-extras`")


def _overrides(t: Tournament) -> list[str]:
    """Cells whose letter alone would read back as another outcome (``3/2=pairing-bye``)."""
    by_no = t.by_start_no()
    out = []
    for p in sorted(t.players, key=lambda p: p.start_no):
        for rnd, r in enumerate(p.results, 1):
            code = OUTCOME_TO_CODE[r.outcome]
            default = CODE_TO_OUTCOME.get(code, Outcome.NOT_PAIRED)
            if code == "F" and r.opponent is not None and r.opponent in by_no:
                other = by_no[r.opponent].result(rnd)
                if OUTCOME_TO_CODE[other.outcome] == "F" and other.opponent == p.start_no:
                    default = Outcome.DOUBLE_FORFEIT  # mutual F cells read back so
            if r.outcome is not default:
                out.append(f"{p.start_no}/{rnd}={r.outcome.value}")
    return out


def _systems(players: tuple[Player, ...], kind: str) -> list[str]:
    seen: dict[str, None] = {}
    for p in players:
        pairs = (
            [(r.system, r.value) for r in p.ratings] if kind == "rating" else list(p.national_ids)
        )
        for system, _ in pairs:
            if system.upper() not in ("USCF", "FIDE"):
                seen.setdefault(system.upper())
    return list(seen)


def write(t: Tournament, options: WriteOptions) -> bytes:
    delimiter = ","
    newline = options.newline or "\r\n"
    players = tuple(sorted(t.players, key=lambda p: p.start_no))
    n_rounds = t.rounds
    columns: list[tuple[str, Callable[[Player], str]]] = [
        (LABEL["pair"], lambda p: str(p.start_no)),
        (LABEL["name"], lambda p: spreadsheet_safe(p.name)),
    ]

    def optional(label: str, get: Callable[[Player], str]) -> None:
        if any(get(p) for p in players):
            columns.append((label, get))

    optional(LABEL["id"], lambda p: p.national_id("USCF"))
    optional(LABEL["rating"], _us_rating)
    optional(LABEL["title"], lambda p: spreadsheet_safe(p.title))
    optional(LABEL["sex"], lambda p: spreadsheet_safe(p.sex))
    optional(LABEL["fide_id"], lambda p: p.fide_id)
    optional(LABEL["fide_rating"], lambda p: "" if p.fide_rating is None else str(p.fide_rating))
    optional(LABEL["federation"], lambda p: spreadsheet_safe(p.federation))
    optional(LABEL["birth"], lambda p: spreadsheet_safe(p.birth))
    for system in _systems(players, "rating"):
        optional(f"{system} Rating", _rating_of(system))
    for system in _systems(players, "id"):
        optional(f"{system} ID", _id_of(system))
    optional(LABEL["state"], lambda p: spreadsheet_safe(p.extras.get("uscf:state", "")))
    optional(LABEL["team"], lambda p: spreadsheet_safe(p.team))
    optional(LABEL["place"], _place)
    extra_keys: dict[str, None] = {}
    for p in players:
        for key in p.extras:
            if key.startswith("csv:column:") or not (key.startswith("csv:") or key in _COLUMNS):
                extra_keys.setdefault(key)
    for key in extra_keys:
        columns.append((key.removeprefix("csv:column:"), _extra_of(key)))
    for rnd in range(1, n_rounds + 1):
        columns.append((f"Rd {rnd}", _cell_of(rnd)))
    optional(LABEL["adjustments"], lambda p: spreadsheet_safe(
        adjustments_text(p.adjustments, f"pair {p.start_no} ({p.name})")))
    optional(
        LABEL["total"],
        lambda p: "" if p.declared_points is None else format_points(p.declared_points),
    )
    lines = _meta_lines(t)
    lines.append(delimiter.join(_quote(label, delimiter) for label, _ in columns))
    for p in players:
        lines.append(delimiter.join(_quote(get(p), delimiter) for _, get in columns))
    text = newline.join(lines) + newline
    encoding = options.encoding or "utf-8"
    try:
        return text.encode(encoding)
    except (UnicodeEncodeError, LookupError) as exc:
        raise WriteError(f"cannot encode the CSV as {encoding}: {exc}") from exc


def _rating_of(system: str) -> Callable[[Player], str]:
    return lambda p: _str(p.rating(system))


def _id_of(system: str) -> Callable[[Player], str]:
    return lambda p: p.national_id(system)


def _extra_of(key: str) -> Callable[[Player], str]:
    return lambda p: spreadsheet_safe(p.extras.get(key, ""))


def _cell_of(rnd: int) -> Callable[[Player], str]:
    return lambda p: format_cell(p.result(rnd))


def _str(value: int | None) -> str:
    return "" if value is None else str(value)


def _us_rating(p: Player) -> str:
    raw = p.extras.get("csv:rating", "")
    rating = p.rating("USCF")
    if raw and (rating is None or raw.startswith(str(rating))):
        return raw
    return _str(rating)


def _place(p: Player) -> str:
    raw = p.extras.get("csv:place", "")
    if raw:
        return raw
    return _str(p.declared_rank)
