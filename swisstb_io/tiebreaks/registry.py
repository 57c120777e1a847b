"""The table of tie-break systems: one entry per code, declared next to its functions.

A system is registered with the :func:`tiebreak` (or :func:`group_tiebreak`) decorator on
the function that computes its values; the same entry holds the code, name, rule citation,
aliases, the modifiers and options it accepts, the digits it prints and the function that
builds its explanation.  Nothing else lists the systems.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from ..errors import TiebreakError, quoted
from .values import Explanation

if TYPE_CHECKING:
    from .context import Context
    from .spec import Spec

FieldValues = Callable[["Context", "Spec"], Sequence[Fraction | None]]
"""``values(ctx, spec)``: one value per competitor index, for the whole field."""
Explain = Callable[["Context", "Spec", int], Explanation]
"""``explain(ctx, spec, i)``: how competitor ``i``'s value is found."""
ExplainAll = Callable[["Context", "Spec"], Sequence[Explanation]]
"""``explain_all(ctx, spec)``: every competitor's explanation, by index (given, next to
``explain``, by a system that builds them for the whole field at once)."""
GroupValues = Callable[["Context", "Spec", tuple[int, ...]], dict[int, Fraction | None]]
"""``values(ctx, spec, group)``: a value per start number of one tied group (its start
numbers in ascending order)."""
GroupExplain = Callable[["Context", "Spec", tuple[int, ...], int], Explanation]
"""``explain(ctx, spec, group, start_no)``: how that member's value is found (``group`` as
for :data:`GroupValues`: called once per member, so it must not walk the whole group)."""

EDITION_FLAGS: Mapping[str, str] = MappingProxyType({
    "V0": "2009", "V1": "2024", "V2": "2026", "V2009": "2009", "V2024": "2024", "V2026": "2026",
})
"""``/V`` modifiers of every FIDE system: compute under another C.07 edition."""


class Option(NamedTuple):
    """A system option: its default, the values allowed (empty = any integer) and what it does."""

    default: str
    choices: tuple[str, ...] = ()
    doc: str = ""

    def check(self, name: str, value: str, code: str) -> str:
        if self.choices and value not in self.choices:
            raise TiebreakError(
                f"{code}: option {name}={quoted(value, 80)} is not allowed; use one of "
                + ", ".join(self.choices)
            )
        if not self.choices and not re.fullmatch(r"-?\d+", value):
            raise TiebreakError(f"{code}: option {name}={quoted(value, 80)} must be a whole number")
        return value


_NO_OPTIONS: Mapping[str, Option] = MappingProxyType({})


class Direction(Enum):
    """Which values of a system rank higher: most systems rank the higher value first; a
    rank inside the tied group (DE-style ranks of EDE, TBR, BBE: 1 = best) or a board count
    (BC, C.07 §12.1) ranks the lower first."""

    HIGHER = "higher"
    LOWER = "lower"


class System(NamedTuple):
    """One entry of the table of systems.

    A field system has ``values`` (every competitor at once) and ``explain``; a group
    system (result between tied players, FIDE direct encounter) has ``group_values`` and
    ``group_explain`` and is applied to the group still tied when its turn comes.
    """

    code: str
    name: str
    rule: str
    """Citation: ``"US Chess 34E1"``, ``"FIDE C.07 §8.1"``."""
    summary: str = ""
    """What the rule does, in a few words (the explanation's rule text is made from it)."""
    values: FieldValues | None = None
    explain: Explain | None = None
    explain_all: ExplainAll | None = None
    """Every competitor's explanation at once, used instead of calling ``explain`` per
    competitor when given."""
    group_values: GroupValues | None = None
    group_explain: GroupExplain | None = None
    aliases: tuple[str, ...] = ()
    options: Mapping[str, Option] = _NO_OPTIONS
    modifiers: frozenset[str] = frozenset()
    """Modifier letters allowed: ``"C"``, ``"M"``, ``"L"``, ``"U"``, or a flag such as ``"P"``
    (FIDE systems also take the ``/V`` edition flags)."""
    decimals: int = 2
    """Digits to print when a value is not a multiple of 1/4 (the rule's rounding)."""
    reapply: bool = False
    """Group systems: apply again to a subgroup that is still tied after a pass."""
    family: str = "US"
    """``"US"`` or ``"FIDE"``: US systems switch on the 34E "actual play" pre-sort."""
    team_only: bool = False
    """A team-event system (C.07 §12-§13, 34G2): listed only for team chains."""
    label: str = ""
    """The short column header (the names the US rules notes propose: ``ModMed``,
    ``Solk``…); empty: the code."""
    direction: Direction = Direction.HIGHER
    """Whether the higher or the lower value ranks higher (the value is shown as the rule
    defines it, and ranking reads this)."""

    @property
    def allowed_modifiers(self) -> frozenset[str]:
        """:attr:`modifiers`, with the ``/V`` edition flags for a FIDE system."""
        if self.family == "FIDE":
            return self.modifiers | frozenset(EDITION_FLAGS)
        return self.modifiers

    @property
    def is_group(self) -> bool:
        return self.group_values is not None


_SYSTEMS: dict[str, System] = {}
_ALIASES: dict[str, str] = {}
_PRESETS: dict[str, tuple[str, ...]] = {
    "USCF": ("MM", "SOLK", "CUM", "OPPCUM"),
    "USCF-DEFAULT": ("MM", "SOLK", "CUM", "OPPCUM"),
    "USCF-SCHOLASTIC": ("MM", "SOLK", "USSB", "CUM", "KASH", "RBT", "BLK"),
    "WINTD": ("MM", "SOLK", "USSB", "CUM"),
    "WINTD-DEFAULT": ("MM", "SOLK", "USSB", "CUM"),
}
"""Named chains: the US Chess rulebook default (34E) and the scholastic order, and WinTD's
defaults (keys as :func:`norm` writes them)."""
_NOT_ALIASES: dict[str, str] = {
    "34E4": "34E4 is Cumulative of Opposition in the 7th edition but Median in older editions",
    "34E9": "34E9 is Median in the 7th edition but Cumulative of Opposition in older editions",
}


def norm(name: str) -> str:
    """A code, alias or preset name as the registry keys it (any case, ``_`` as ``-``)."""
    return name.strip().upper().replace("_", "-")


def register(system: System) -> System:
    """Add ``system`` to the table (its code and aliases, case-insensitive); it has
    exactly one of ``values`` and ``group_values``."""
    if (system.values is None) == (system.group_values is None):
        raise TypeError(f"{system.code}: give exactly one of values and group_values")
    for name in (system.code, *system.aliases):
        key = norm(name)
        owner = _ALIASES.get(key)
        if owner is not None and owner != system.code:
            raise ValueError(f"tie-break name {name!r} is already used by {owner}")
        _ALIASES[key] = system.code
    _SYSTEMS[system.code] = system
    return system


F = TypeVar("F", bound=Callable[..., Any])


def tiebreak(code: str, name: str, rule: str, *, explain: Explain | None = None,
             **kwargs: Any) -> Callable[[F], F]:
    """Decorator: ``fn(ctx, spec) -> [value per competitor]`` is the system ``code``.

    ``explain(ctx, spec, i)`` builds competitor ``i``'s explanation; the other keywords are
    fields of :class:`System`.  Stack several on one function for systems that share it.
    """

    def wrap(fn: F) -> F:
        register(System(code=code, name=name, rule=rule, values=fn, explain=explain, **kwargs))
        return fn

    return wrap


def group_tiebreak(code: str, name: str, rule: str, *, explain: GroupExplain | None = None,
                   **kwargs: Any) -> Callable[[F], F]:
    """Decorator: ``fn(ctx, spec, group) -> {start_no: value}`` is the group system ``code``."""

    def wrap(fn: F) -> F:
        register(System(code=code, name=name, rule=rule, group_values=fn,
                        group_explain=explain, **kwargs))
        return fn

    return wrap


def register_preset(name: str, codes: Sequence[str]) -> None:
    _PRESETS[norm(name)] = tuple(codes)


def preset(name: str) -> tuple[str, ...] | None:
    """The codes of preset ``name``, ``None`` if there is no such preset."""
    return _PRESETS.get(norm(name))


def systems() -> tuple[System, ...]:
    """Every registered system, in registration order."""
    return tuple(_SYSTEMS.values())


def presets() -> Mapping[str, tuple[str, ...]]:
    return MappingProxyType(dict(_PRESETS))


def known_codes(team: bool = False) -> str:
    """A one-line list of the codes and presets, for error messages: US Chess codes, then
    FIDE codes, each in the order of their rulebook (whatever the order of the modules);
    the team-event systems only with ``team``."""
    ordered = sorted((s for s in _SYSTEMS.values() if team or not s.team_only),
                     key=_rulebook_order)
    return (
        "known codes: "
        + ", ".join(s.code for s in ordered)
        + "; presets: "
        + ", ".join(p.lower() for p in _PRESETS)
    )


def _rulebook_order(system: System) -> tuple[int, tuple[int, ...]]:
    """(US before FIDE, the rule number: ``34E9`` -> (9,), ``§10.1`` -> (10, 1))."""
    m = re.search(r"(?:34E|§)(\d+(?:\.\d+)*)", system.rule)
    number = tuple(int(x) for x in m.group(1).split(".")) if m else (999,)
    return (system.family != "US", number)


def get_system(name: str, team: bool = False) -> System:
    """The system called ``name`` (code or alias, any case); :class:`TiebreakError` if none
    (listing the team-event codes too with ``team``)."""
    key = norm(name)
    if key in _NOT_ALIASES:
        raise TiebreakError(
            f"{name!r} is ambiguous: {_NOT_ALIASES[key]}; name the system instead "
            "(OPPCUM or MED); " + known_codes()
        )
    code = _ALIASES.get(key)
    if code is None:
        raise TiebreakError(f"unknown tie-break {quoted(name, 80)}; {known_codes(team)}")
    return _SYSTEMS[code]
