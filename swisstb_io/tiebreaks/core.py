"""Core types of the tie-break calculator: specs, values, explanations, the system registry.

See the package docstring (:mod:`swisstb_io.tiebreaks`) for the contract.
"""

from __future__ import annotations

import functools
import gc
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias

from ..errors import TiebreakError

if TYPE_CHECKING:
    from .context import Context

JSON: TypeAlias = Any
"""A JSON-serialisable value (dict/list/str/int/bool/None; exact numbers as strings)."""


# --------------------------------------------------------------------------- explanations


def fraction_text(value: Fraction | None) -> str | None:
    """``Fraction(11, 2)`` -> ``"11/2"`` (exact, for explanations); ``None`` stays ``None``."""
    if value is None:
        return None
    return str(value)


def num(value: Fraction) -> str:
    """``Fraction(3, 2)`` -> ``"1.5"`` for notes: decimals for multiples of 1/4, else ``"a/b"``."""
    if value.denominator == 1:
        return str(value.numerator)
    if (value * 4).denominator == 1:
        return str(Decimal(value.numerator) / Decimal(value.denominator))
    return str(value)


NumberFormat = Callable[[Fraction | None], JSON]


class ExplainRow(NamedTuple):
    """One round of one player's tie-break computation.

    A named tuple rather than a dataclass: an HTML report of a 200-player event holds
    thousands of rows, and a tuple is built several times faster than a frozen dataclass.
    """

    round: int
    """The round (1-based); 0 for a row that is not about one round."""
    result: str
    """What happened, in US wall-chart notation: ``W12``, ``D3``, ``X7``, ``B``, ``H``, ``U``."""
    opponent: int | None
    """The opponent's start number, ``None`` for byes and absences."""
    value: Fraction | None
    """The number this round contributes (adjusted score, running score, weight…)."""
    note: str = ""
    """Why the number is what it is: ``"own unplayed round: a 0-opponent (34E1)"``."""
    dropped: str = ""
    """Empty if the value counts; else why it was discarded (``"lowest"``, ``"cut 1"``)."""

    def to_json(self, number: NumberFormat = fraction_text) -> dict[str, JSON]:
        return {
            "round": self.round,
            "result": self.result,
            "opponent": self.opponent,
            "value": number(self.value),
            "note": self.note,
            "dropped": self.dropped,
        }


class Explanation(NamedTuple):
    """How one player's value was found: the rule applied, one row per round, and notes.

    Immutable; a named tuple because one is made per player and system (see
    :class:`TiebreakValue`).
    """

    rule: str
    """The rule text applied, paraphrased, with its citation."""
    rows: tuple[ExplainRow, ...] = ()
    notes: tuple[str, ...] = ()
    """Extra steps: ``"plus score (5.5 > 4.5): drop the 2 lowest"``, ``"minus 1 for the bye"``."""

    def to_json(self, number: NumberFormat = fraction_text) -> dict[str, JSON]:
        """A JSON-ready dict; ``number`` formats values (default: exact ``"11/2"`` strings)."""
        return {
            "rule": self.rule,
            "rounds": [r.to_json(number) for r in self.rows],
            "notes": list(self.notes),
        }


class TiebreakValue(NamedTuple):
    """One player's value for one tie-break; ``None`` when it is undefined (JSON ``null``).

    Higher values rank higher.  ``explanation`` is only built when the context asks for it
    (``Context.explain``); it is ``None`` otherwise.  Immutable; a named tuple rather than a
    frozen dataclass, which sets each field through ``object.__setattr__`` and is built
    several times slower (one value is made per player and system).
    """

    value: Fraction | None
    explanation: Explanation | None = None


Values: TypeAlias = Mapping[int, TiebreakValue]
"""start number -> value; every player of the context has an entry."""


def plain_values(start_nos: Sequence[int], values: Sequence[Fraction | None]
                 ) -> dict[int, TiebreakValue]:
    """``{start_nos[i]: TiebreakValue(values[i])}`` without explanations.

    Values repeat a lot and a :class:`TiebreakValue` is immutable, so one is made per
    distinct value *object* (by ``id``: hashing a Fraction runs Python code) and shared;
    ``ctx.frac`` hands out one object per value, which makes the sharing effective.
    """
    ids = list(map(id, values))
    made = {k: TiebreakValue(v) for k, v in dict(zip(ids, values, strict=True)).items()}
    return dict(zip(start_nos, map(made.__getitem__, ids), strict=True))


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector while tie-breaks are computed.

    The systems allocate many small lists and tuples and no reference cycles (all of it is
    freed by reference counting), but the allocations trigger full collections that scan the
    whole tournament model again and again: a large share of the run time on 2,000 x 11,
    growing faster than the input.  The previous state is restored, even on errors.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


# --------------------------------------------------------------------------- specs

@dataclass(frozen=True)
class Spec:
    """One entry of a tie-break chain, parsed: ``"BH/C1"``, ``"CUM[unplayed=all]"``, ``"SB:GP"``.

    ``key`` is the canonical text (aliases resolved, modifiers normalised) and is what
    reports use as the column and JSON key.
    """

    code: str
    """The registered system code, e.g. ``"BH"`` or ``"MM"``."""
    key: str
    """Canonical text: ``code`` + ``:GP`` + ``/C1`` … + ``[opt=value]``."""
    cut: int = 0
    """``/C<n>``: drop the n least significant values."""
    median: int = 0
    """``/M<n>``: drop the n lowest and the n highest values."""
    limit: str | None = None
    """``/L<v>`` as written: ``"40"`` (percent) or ``"+1"`` / ``"-1"`` (half points)."""
    unrated: int | None = None
    """``/U<rating>``: the rating given to unrated players."""
    flags: frozenset[str] = frozenset()
    """Other modifiers, upper-case: ``{"P"}`` for ``DE/P``, ``{"V0"}``…"""
    score: str | None = None
    """``:MP`` / ``:GP`` (team events): which score the system works on."""
    options: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), hash=False)
    """Resolved system options (defaults filled in) from ``[name=value;…]``."""

    def option(self, name: str) -> str:
        """The value of option ``name`` (always present once parsed: defaults are filled in)."""
        return self.options[name]

    @functools.cached_property
    def system(self) -> System:
        """The registered system (looked up once per spec; specs are used per player)."""
        return get_system(self.code)


# --------------------------------------------------------------------------- systems

Compute = Callable[["Context", Spec], Values]
GroupCompute = Callable[["Context", Spec, tuple[int, ...]], Values]


@dataclass(frozen=True)
class Option:
    """A system option: its default, the values allowed (empty = any integer) and what it does."""

    default: str
    choices: tuple[str, ...] = ()
    doc: str = ""

    def check(self, name: str, value: str, code: str) -> str:
        if self.choices and value not in self.choices:
            raise TiebreakError(
                f"{code}: option {name}={value!r} is not allowed; use one of "
                + ", ".join(self.choices)
            )
        if not self.choices and not re.fullmatch(r"-?\d+", value):
            raise TiebreakError(f"{code}: option {name}={value!r} must be a whole number")
        return value


@dataclass(frozen=True)
class System:
    """A registered tie-break system.

    Exactly one of ``compute`` (a value for every player, computed once for the field) and
    ``compute_group`` (values for the members of one tied group, such as result between
    tied players or FIDE direct encounter) is set.
    """

    code: str
    name: str
    rule: str
    """Citation: ``"US Chess 34E1"``, ``"FIDE C.07 8.1"``."""
    compute: Compute | None = None
    compute_group: GroupCompute | None = None
    aliases: tuple[str, ...] = ()
    options: Mapping[str, Option] = field(default_factory=lambda: MappingProxyType({}))
    modifiers: frozenset[str] = frozenset()
    """Modifier letters allowed: ``"C"``, ``"M"``, ``"L"``, ``"U"``, ``"P"``, ``"score"``, or a
    flag name such as ``"V0"``."""
    decimals: int = 2
    """Digits to print when a value is not a multiple of 1/4 (the rule's rounding)."""
    reapply: bool = False
    """Group systems: apply again to a subgroup that is still tied after a pass (FIDE DE)."""
    family: str = "US"
    """``"US"`` or ``"FIDE"``: US systems switch on the 34E "actual play" pre-sort."""
    doc: str = ""

    @property
    def is_group(self) -> bool:
        return self.compute_group is not None


_SYSTEMS: dict[str, System] = {}
_ALIASES: dict[str, str] = {}
_PRESETS: dict[str, tuple[str, ...]] = {}
_NOT_ALIASES: dict[str, str] = {
    "34E4": "34E4 is Cumulative of Opposition in the 7th edition but Median in older editions",
    "34E9": "34E9 is Median in the 7th edition but Cumulative of Opposition in older editions",
}
_LOADED = False


def _norm(name: str) -> str:
    return name.strip().upper().replace("_", "-")


def register(system: System) -> System:
    """Add ``system`` to the registry (its code and aliases, case-insensitive)."""
    if (system.compute is None) == (system.compute_group is None):
        raise TypeError(f"{system.code}: give exactly one of compute and compute_group")
    for name in (system.code, *system.aliases):
        key = _norm(name)
        owner = _ALIASES.get(key)
        if owner is not None and owner != system.code:
            raise ValueError(f"tie-break name {name!r} is already used by {owner}")
        _ALIASES[key] = system.code
    _SYSTEMS[system.code] = system
    return system


def tiebreak(
    code: str, name: str, rule: str, **kwargs: Any
) -> Callable[[Compute], Compute]:
    """Decorator: register ``fn(ctx, spec) -> {start_no: TiebreakValue}`` as a system."""

    def wrap(fn: Compute) -> Compute:
        register(System(code=code, name=name, rule=rule, compute=fn, **kwargs))
        return fn

    return wrap


def group_tiebreak(
    code: str, name: str, rule: str, **kwargs: Any
) -> Callable[[GroupCompute], GroupCompute]:
    """Decorator: register ``fn(ctx, spec, group) -> {start_no: value}`` as a group system."""

    def wrap(fn: GroupCompute) -> GroupCompute:
        register(System(code=code, name=name, rule=rule, compute_group=fn, **kwargs))
        return fn

    return wrap


def register_preset(name: str, codes: Sequence[str]) -> None:
    _PRESETS[_norm(name)] = tuple(codes)


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    import importlib

    from . import uscf  # noqa: F401

    try:
        importlib.import_module(f"{__package__}.fide")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__package__}.fide":
            raise


def systems() -> tuple[System, ...]:
    """Every registered system, in registration order."""
    _load()
    return tuple(_SYSTEMS.values())


def presets() -> Mapping[str, tuple[str, ...]]:
    _load()
    return MappingProxyType(dict(_PRESETS))


def known_codes() -> str:
    """A one-line list of the codes and presets, for error messages."""
    _load()
    return (
        "known codes: "
        + ", ".join(_SYSTEMS)
        + "; presets: "
        + ", ".join(p.lower() for p in _PRESETS)
    )


def get_system(name: str) -> System:
    """The system called ``name`` (code or alias, any case); :class:`TiebreakError` if none."""
    _load()
    key = _norm(name)
    if key in _NOT_ALIASES:
        raise TiebreakError(
            f"{name!r} is ambiguous: {_NOT_ALIASES[key]}; name the system instead "
            "(OPPCUM or MED); " + known_codes()
        )
    code = _ALIASES.get(key)
    if code is None:
        raise TiebreakError(f"unknown tie-break {name!r}; {known_codes()}")
    return _SYSTEMS[code]
