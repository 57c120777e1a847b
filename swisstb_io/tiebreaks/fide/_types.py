"""Value types of the FIDE tie-breaks: the parsed specifier, per-round parts, the result.

The FIDE computations are pure functions over :mod:`swisstb_io.model`; of the calculator
core they use only its explanation row (a part *is* one), and the registration module
adapts the rest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from ...errors import TiebreakError
from ..core import ExplainRow

ARTICLES: dict[str, str] = {
    "DE": "FIDE C.07 §6",
    "WIN": "FIDE C.07 §7.1",
    "WON": "FIDE C.07 §7.2",
    "BPG": "FIDE C.07 §7.3",
    "BWG": "FIDE C.07 §7.4",
    "PS": "FIDE C.07 §7.5",
    "GE": "FIDE C.07 §7.6",
    "BH": "FIDE C.07 §8.1",
    "AOB": "FIDE C.07 §8.2",
    "FB": "FIDE C.07 §8.3",
    "SB": "FIDE C.07 §9.1",
    "KS": "FIDE C.07 §9.2",
    "ARO": "FIDE C.07 §10.1",
    "TPR": "FIDE C.07 §10.2",
    "PTP": "FIDE C.07 §10.3",
    "APRO": "FIDE C.07 §10.4",
    "APPO": "FIDE C.07 §10.5",
    "STD": "FIDE C.07 (2026) Standard Points",
}
"""The article each tie-break is defined in (numbering as cited in rules-fide.md §A.2)."""

ALIASES = {"REP": "GE"}
"""Other names accepted for a code (TieBreakServer spells GE as REP too)."""

CODES = frozenset(ARTICLES)

_MOD = re.compile(r"^(C|M|L|U|V)([+-]?[0-9.]*)$|^(P|F|S)$")


@dataclass(frozen=True)
class FideSpec:
    """A FIDE tie-break specifier, ``NAME[:PT][/MOD…]`` as in TRF-2026 records 202/212.

    ``cut_low``/``cut_high`` come from ``C<n>`` and ``M<n>``; ``limit_pct`` and
    ``limit_offset`` (points) from ``L<pct>``/``L+n``/``L-n`` (n half points, or
    points when written with a dot); ``played`` from ``P``; ``unrated`` from
    ``U<rating>``; ``fore`` from ``F`` (AOB over FB); ``edition`` from ``V1``/``V2``
    (or ``V2024``/``V2026``/``V2009``); ``swiss`` from ``S`` (Swiss rules in a round robin).
    """

    code: str
    cut_low: int = 0
    cut_high: int = 0
    limit_pct: Fraction = Fraction(50)
    limit_offset: Fraction = Fraction(0)
    played: bool = False
    unrated: int | None = None
    fore: bool = False
    edition: str | None = None
    swiss: bool = False
    point_type: str = ""
    text: str = ""

    @property
    def article(self) -> str:
        return ARTICLES[self.code]


def parse_fide_spec(text: str) -> FideSpec:
    """Parse ``"BH/C1"``, ``"KS/L40"``, ``"ARO/U1400"``, ``"BH-C1"``… into a :class:`FideSpec`.

    Raises :class:`TiebreakError` quoting the bad part.
    """
    raw = text.strip()
    parts = raw.upper().replace("!", "/").split("/")
    head = parts[0]
    # The regulations' own spelling "BH-C1" / "BH-M1": a cut after a dash.
    m = re.match(r"^([A-Z]+)(?::([A-Z]+))?-(C\d+|M\d+)$", head)
    if m:
        head = m.group(1) + (":" + m.group(2) if m.group(2) else "")
        parts = [head, m.group(3), *parts[1:]]
    name, _, point_type = head.partition(":")
    code = ALIASES.get(name, name)
    if code not in CODES:
        raise TiebreakError(
            f"unknown FIDE tie-break code {name!r} in {raw!r} "
            f"(known: {', '.join(sorted(CODES | set(ALIASES)))})"
        )
    if point_type not in ("", "MP", "GP", "PT"):
        raise TiebreakError(f"unknown point type {point_type!r} in {raw!r} (use :MP or :GP)")
    kw: dict[str, object] = {}
    for mod in parts[1:]:
        mm = _MOD.match(mod)
        if not mm:
            raise TiebreakError(f"unknown modifier {mod!r} in {raw!r}")
        letter = mm.group(1) or mm.group(3)
        arg = mm.group(2) or ""
        try:
            _apply_modifier(kw, letter, arg)
        except (ValueError, ArithmeticError):
            raise TiebreakError(f"bad modifier {mod!r} in {raw!r}") from None
    spec = FideSpec(code=code, point_type=point_type, text=raw, **kw)  # type: ignore[arg-type]
    _check_modifiers(spec, raw)
    return spec


def _apply_modifier(kw: dict[str, object], letter: str, arg: str) -> None:
    if letter == "C":
        kw["cut_low"] = int(arg)
    elif letter == "M":
        kw["cut_low"] = kw["cut_high"] = int(arg)
    elif letter == "L":
        if arg[:1] in "+-" and arg:
            scale = Fraction(1) if "." in arg else Fraction(1, 2)
            kw["limit_offset"] = Fraction(arg) * scale
        else:
            kw["limit_pct"] = Fraction(arg)
    elif letter == "U":
        kw["unrated"] = int(arg)
    elif letter == "V":
        kw["edition"] = {"0": "2009", "1": "2024", "2": "2026", "2009": "2009", "2022": "2009",
                         "2024": "2024", "2026": "2026"}[arg or "2"]
    elif letter == "P":
        kw["played"] = True
    elif letter == "F":
        kw["fore"] = True
    elif letter == "S":
        kw["swiss"] = True


_ALLOWED = {
    "cut": {"BH", "FB", "SB", "PS", "ARO"},
    "median": {"BH", "FB", "ARO"},
    "limit": {"KS"},
    "fore": {"AOB"},
}


def _check_modifiers(spec: FideSpec, raw: str) -> None:
    if spec.cut_low and not spec.cut_high and spec.code not in _ALLOWED["cut"]:
        raise TiebreakError(f"{raw!r}: Cut applies only to BH, FB, SB, PS and ARO (FIDE C.07 §14)")
    if spec.cut_high and spec.code not in _ALLOWED["median"]:
        raise TiebreakError(f"{raw!r}: Median applies only to BH, FB and ARO (FIDE C.07 §14)")
    if (spec.limit_pct != 50 or spec.limit_offset) and spec.code not in _ALLOWED["limit"]:
        raise TiebreakError(f"{raw!r}: Limit applies only to KS (FIDE C.07 §14)")
    if spec.fore and spec.code not in _ALLOWED["fore"]:
        raise TiebreakError(f"{raw!r}: /F applies only to AOB")
    if spec.cut_low < 0 or spec.cut_high < 0:
        raise TiebreakError(f"{raw!r}: a cut cannot be negative")


class Part(ExplainRow):
    """One round's contribution to a player's value, and whether (and why) it was cut.

    The calculator's :class:`~swisstb_io.tiebreaks.ExplainRow` itself (a named tuple: the
    explanations of a big event hold thousands), so the core shows the parts as they are;
    build one with :meth:`FideContext.part <._context.FideContext.part>`, which fills in
    the round's result.  ``cut`` is the row's ``dropped``.
    """

    __slots__ = ()

    @property
    def cut(self) -> str:
        return self.dropped


class FideValue(NamedTuple):
    """One player's value of one FIDE tie-break.

    ``value`` is the tie-break as C.07 defines it (ARO/TPR/APRO… integers, AOB at two
    decimals, both rounded half up), ``exact`` the unrounded figure, ``None`` when the
    value is undefined (``reason`` says why). DE holds a rank within the tied group
    (1 is best), so ``higher_is_better`` is False for it.

    A named tuple (immutable, like the frozen dataclass it was): one is made per player
    and system, and a tuple is built ~8x faster than a frozen dataclass of nine fields.
    """

    code: str
    value: Fraction | None
    article: str
    exact: Fraction | None = None
    parts: tuple[Part, ...] = ()
    notes: tuple[str, ...] = ()
    reason: str = ""
    decimals: int = 0
    higher_is_better: bool = True

    @property
    def display(self) -> str:
        if self.value is None:
            return "-"
        return format_fixed(self.value, self.decimals)


def round_half_up(x: Fraction, decimals: int = 0) -> Fraction:
    """``x`` rounded to ``decimals`` places, halves away from zero (C.07: "rounded up")."""
    scale = 10**decimals
    n = abs(x) * scale
    q = (n.numerator * 2 + n.denominator) // (2 * n.denominator)
    return Fraction(q if x >= 0 else -q, scale)


def format_fixed(x: Fraction, decimals: int) -> str:
    """``x`` written with exactly ``decimals`` places (rounded half up), no float involved."""
    r = round_half_up(x, decimals)
    sign = "-" if r < 0 else ""
    scaled = abs(r) * 10**decimals
    whole, frac = divmod(int(scaled), 10**decimals)
    return f"{sign}{whole}" + (f".{frac:0{decimals}d}" if decimals else "")

