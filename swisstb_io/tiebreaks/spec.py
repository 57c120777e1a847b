"""One entry of a tie-break chain, and the one parser for codes, modifiers and options.

Grammar (TRF-2026 records 202/212, case-insensitive, plus options in square brackets)::

    CODE[/C<n>][/M<n>][/L<v>][/U<rating>][/K<n>][/FLAG…][[option=value;…]]
    e.g.  BH/C1  BH/M1  SB/C1  KS/L40  KS/L+1  DE/P  ARO/C1  ARO/U1400  BH/V0  SSSC/K3
          CUM[unplayed=all-unplayed-points]   MM[discards=1]

The ``:MP`` / ``:GP`` suffix of TRF-2026 (match or game points) belongs to team events;
on an individual event it is refused with a clear message.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from ..errors import TiebreakError, quoted
from .registry import EDITION_FLAGS, System, get_system, known_codes, norm, preset


@dataclass(frozen=True)
class Spec:
    """One entry of a tie-break chain, parsed: ``"BH/C1"``, ``"CUM[unplayed=all]"``.

    ``key`` is the canonical text (aliases resolved, modifiers normalised) and is what
    reports use as the column and JSON key.
    """

    code: str
    """The registered system code, e.g. ``"BH"`` or ``"MM"``."""
    key: str
    """Canonical text: ``code`` + ``/C1`` … + ``[opt=value]``."""
    cut: int = 0
    """``/C<n>``: drop the n least significant values."""
    median: int = 0
    """``/M<n>``: drop the n lowest and the n highest values."""
    limit: str | None = None
    """``/L<v>`` as written: ``"40"`` (percent) or ``"+1"`` / ``"-1"`` (half points)."""
    unrated: int | None = None
    """``/U<rating>``: the rating given to unrated players."""
    factor: int | None = None
    """``/K<n>``: a factor given (SSSC's F, FIDE C.07 §13.4)."""
    flags: frozenset[str] = frozenset()
    """Other modifiers, upper-case: ``{"P"}`` for ``DE/P``, ``{"V0"}``…"""
    options: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), hash=False)
    """Resolved system options (defaults filled in) from ``[name=value;…]``."""
    score: str | None = None
    """Team events: ``"MP"`` or ``"GP"`` from a ``:MP`` / ``:GP`` suffix (the score the
    system reads), ``None`` without one (the primary score)."""

    def option(self, name: str) -> str:
        """The value of option ``name`` (always present once parsed: defaults are filled in)."""
        return self.options[name]

    @functools.cached_property
    def system(self) -> System:
        """The system of :attr:`code` in the table of systems."""
        return get_system(self.code)

    # FIDE C.07 §14 modifiers, as the FIDE systems read them

    @property
    def cut_low(self) -> int:
        """Least significant values removed: ``/C<n>``, or n of ``/M<n>``."""
        return max(self.cut, self.median)

    @property
    def cut_high(self) -> int:
        """Most significant values removed: n of ``/M<n>``."""
        return self.median

    @property
    def played(self) -> bool:
        """``/P``: count forfeits as games played (FIDE)."""
        return "P" in self.flags

    @property
    def swiss(self) -> bool:
        """``/S``: Swiss rules for unplayed games in a round robin (FIDE)."""
        return "S" in self.flags

    @property
    def fore(self) -> bool:
        """``/F``: AOB over Fore Buchholz (FIDE §8.2)."""
        return "F" in self.flags

    @property
    def edition(self) -> str | None:
        """The C.07 edition asked for by a ``/V`` flag, ``None`` without one."""
        for flag in sorted(self.flags):
            if flag in EDITION_FLAGS:
                return EDITION_FLAGS[flag]
        return None

    @property
    def limit_pct(self) -> Fraction:
        """KS ``/L<pct>``: the limit in per cent of the maximum score (default 50)."""
        if self.limit is None or self.limit[:1] in "+-":
            return Fraction(50)
        return Fraction(int(self.limit))

    @property
    def limit_offset(self) -> Fraction:
        """KS ``/L+n`` / ``/L-n``: points added to the limit (n half points)."""
        if self.limit is None or self.limit[:1] not in "+-":
            return Fraction(0)
        return Fraction(int(self.limit), 2)


_MOD_RE = re.compile(
    r"""^(?:
        (?P<cut>C)(?P<cutn>\d+)            # Cut-N:     BH/C1
      | (?P<med>M)(?P<medn>\d+)            # Median-N:  BH/M1
      | (?P<lim>L)(?P<limv>[+-]?\d+)       # Limit:     KS/L40, KS/L+1
      | (?P<unr>U)(?P<unrv>\d+)            # Unrated:   ARO/U1400
      | (?P<fac>K)(?P<facv>\d+)            # Factor:    SSSC/K3
      | (?P<flag>[A-Z][A-Z0-9]*)           # other flags: DE/P, ARO/V0
    )$""",
    re.VERBOSE,
)


_LONG_NUMBER = re.compile(r"\d{10,}")
"""More digits than a modifier or option of any system takes (a cut, a rating, a limit)."""


def parse_spec(text: str, team: bool = False) -> Spec:
    """Parse one code with modifiers: ``"BH/C1"``, ``"ks/l40"``, ``"ARO/U1400"``,
    ``"CUM[unplayed=all-unplayed-points]"``; with ``team`` (a team event) also the
    ``:MP`` / ``:GP`` suffix, ``"BH:MP/C1"``."""
    raw = text.strip()
    long_number = _LONG_NUMBER.search(raw)
    if long_number:  # a hostile /C<5,000 digits> would fail int() itself
        raise TiebreakError(f"{quoted(raw)}: the number {quoted(long_number.group())} has "
                            "more digits than any tie-break modifier or option takes (9)")
    body, opts_text = raw, ""
    bracket = raw.find("[")
    if bracket >= 0 and raw.endswith("]"):  # CODE[options]: from the first [ to the last ]
        body, opts_text = raw[:bracket].strip(), raw[bracket + 1 : -1]
    parts = body.split("/")
    head = parts[0].strip()
    score: str | None = None
    if ":" in head:
        head, _, score_text = head.partition(":")
        score = score_text.strip().upper()
        if score not in ("MP", "GP"):
            raise TiebreakError(f"{quoted(text, 80)}: score suffix must be :MP or :GP, "
                                f"not {quoted(':' + score_text, 20)}")
    if not head:
        raise TiebreakError(f"empty tie-break code in {quoted(text, 80)}; {known_codes()}")
    system = get_system(head, team)
    if score is not None and not team:
        raise TiebreakError(
            f"{quoted(text, 80)}: the :{score} suffix chooses match or game points in a team "
            "event; "
            f"this is an individual event, so write {system.code} without it"
        )
    cut = median = 0
    limit: str | None = None
    unrated: int | None = None
    factor: int | None = None
    flags: set[str] = set()
    mod_keys: list[str] = []
    allowed = system.allowed_modifiers
    for part in parts[1:]:
        mod = part.strip().upper()
        mm = _MOD_RE.match(mod)
        if not mm:
            raise TiebreakError(f"{quoted(text, 80)}: bad modifier {quoted('/' + part, 80)}")
        kind = (
            "C" if mm.group("cut") else "M" if mm.group("med") else "L" if mm.group("lim")
            else "U" if mm.group("unr") else "K" if mm.group("fac") else mod
        )
        if kind not in allowed:
            listed = ", ".join("/" + k for k in sorted(allowed)) or "none"
            raise TiebreakError(
                f"{quoted(text, 80)}: {system.code} ({system.rule}) takes no /{mod} modifier "
                f"(allowed: {listed})"
            )
        if kind == "C":
            cut = int(mm.group("cutn"))
        elif kind == "M":
            median = int(mm.group("medn"))
        elif kind == "L":
            limit = mm.group("limv")
        elif kind == "U":
            unrated = int(mm.group("unrv"))
        elif kind == "K":
            factor = int(mm.group("facv"))
        else:
            flags.add(mod)
        mod_keys.append(mod)
    options = {name: opt.default for name, opt in system.options.items()}
    given: list[str] = []
    for item in _split(opts_text, ";") if opts_text.strip() else []:
        name, eq, value = item.partition("=")
        name = name.strip().lower()
        value = value.strip().lower()
        if not eq or name not in system.options:
            known = ", ".join(f"{n}=<{'|'.join(o.choices) or 'n'}>" for n, o in
                              system.options.items()) or "none"
            raise TiebreakError(f"{quoted(text, 80)}: unknown option "
                                f"{quoted(item.strip(), 80)} (options: {known})")
        options[name] = system.options[name].check(name, value, system.code)
        given.append(f"{name}={value}")
    key = system.code + (f":{score}" if score else "") + "".join("/" + k for k in mod_keys)
    if given:
        key += "[" + ";".join(given) + "]"
    return Spec(
        code=system.code, key=key, cut=cut, median=median, limit=limit, unrated=unrated,
        factor=factor, flags=frozenset(flags), options=MappingProxyType(options), score=score,
    )


def _split(text: str, sep: str) -> list[str]:
    """Split on ``sep`` outside square brackets."""
    out: list[str] = []
    cur: list[str] = []
    depth = 0
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        if ch == sep and depth == 0:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    out.append("".join(cur))
    return out


def split_items(text: str) -> list[str]:
    """The items of a chain as written (``"uscf,KASH[x=1;y=2]"``): split on the commas
    outside square brackets, each stripped."""
    return [item.strip() for item in _split(text, ",")]


def parse_chain(text: str | Iterable[str], team: bool = False) -> tuple[Spec, ...]:
    """A chain from ``"MM,SOLK,CUM"``, a preset name (``"uscf"``) or a list of codes.

    Presets may be mixed with codes (``"uscf,KASH"``).  ``PTS`` (the primary score in TRF
    212) is skipped.  Duplicate keys are an error.  ``team``: see :func:`parse_spec`.
    """
    items = _split(text, ",") if isinstance(text, str) else list(text)
    out: list[Spec] = []
    for item in items:
        item = item.strip()
        if not item:
            continue
        codes = preset(item)
        if codes is not None:
            out.extend(parse_spec(code, team) for code in codes)
        elif norm(item) in ("PTS", "POINTS"):
            continue
        else:
            out.append(parse_spec(item, team))
    seen: set[str] = set()
    for spec in out:
        if spec.key in seen:
            raise TiebreakError(f"tie-break {spec.key} appears twice in the chain")
        seen.add(spec.key)
    return tuple(out)
