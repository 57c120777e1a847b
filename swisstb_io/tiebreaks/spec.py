"""Parsing tie-break specs and chains (TRF-2026 202/212 notation plus options).

See the package docstring of :mod:`swisstb_io.tiebreaks` for the grammar.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from types import MappingProxyType

from ..errors import TiebreakError
from .core import _PRESETS, Spec, _load, _norm, get_system, known_codes

_MOD_RE = re.compile(
    r"""^(?:
        (?P<cut>C)(?P<cutn>\d+)            # Cut-N:     BH/C1
      | (?P<med>M)(?P<medn>\d+)            # Median-N:  BH/M1
      | (?P<lim>L)(?P<limv>[+-]?\d+)       # Limit:     KS/L40, KS/L+1
      | (?P<unr>U)(?P<unrv>\d+)            # Unrated:   ARO/U1400
      | (?P<flag>[A-Z][A-Z0-9]*)           # other flags: DE/P, ARO/V0
    )$""",
    re.VERBOSE,
)


def parse_spec(text: str) -> Spec:
    """Parse one code with modifiers: ``"BH/C1"``, ``"ks/l40"``, ``"SB:GP"``, ``"ARO/U1400"``,
    ``"CUM[unplayed=all-unplayed-points]"``."""
    raw = text.strip()
    body, opts_text = raw, ""
    m = re.fullmatch(r"(?s)(.*?)\[(.*)\]", raw)
    if m:
        body, opts_text = m.group(1).strip(), m.group(2)
    parts = body.split("/")
    head = parts[0].strip()
    score: str | None = None
    if ":" in head:
        head, _, score_text = head.partition(":")
        score = score_text.strip().upper()
        if score not in ("MP", "GP"):
            raise TiebreakError(f"{text!r}: score suffix must be :MP or :GP, not :{score_text}")
    if not head:
        raise TiebreakError(f"empty tie-break code in {text!r}; {known_codes()}")
    system = get_system(head)
    cut = median = 0
    limit: str | None = None
    unrated: int | None = None
    flags: set[str] = set()
    mod_keys: list[str] = []
    for part in parts[1:]:
        mod = part.strip().upper()
        mm = _MOD_RE.match(mod)
        if not mm:
            raise TiebreakError(f"{text!r}: bad modifier {'/' + part!r}")
        kind = (
            "C" if mm.group("cut") else "M" if mm.group("med") else "L" if mm.group("lim")
            else "U" if mm.group("unr") else mod
        )
        if kind not in system.modifiers:
            allowed = ", ".join("/" + k for k in sorted(system.modifiers - {"score"})) or "none"
            raise TiebreakError(
                f"{text!r}: {system.code} ({system.rule}) takes no /{mod} modifier "
                f"(allowed: {allowed})"
            )
        if kind == "C":
            cut = int(mm.group("cutn"))
        elif kind == "M":
            median = int(mm.group("medn"))
        elif kind == "L":
            limit = mm.group("limv")
        elif kind == "U":
            unrated = int(mm.group("unrv"))
        else:
            flags.add(mod)
        mod_keys.append(mod)
    if score is not None and "score" not in system.modifiers:
        raise TiebreakError(f"{text!r}: {system.code} takes no :{score} suffix")
    options = {name: opt.default for name, opt in system.options.items()}
    given: list[str] = []
    for item in _split(opts_text, ";") if opts_text.strip() else []:
        name, eq, value = item.partition("=")
        name = name.strip().lower()
        value = value.strip().lower()
        if not eq or name not in system.options:
            known = ", ".join(f"{n}=<{'|'.join(o.choices) or 'n'}>" for n, o in
                              system.options.items()) or "none"
            raise TiebreakError(f"{text!r}: unknown option {item.strip()!r} (options: {known})")
        options[name] = system.options[name].check(name, value, system.code)
        given.append(f"{name}={value}")
    key = system.code + (f":{score}" if score else "") + "".join("/" + k for k in mod_keys)
    if given:
        key += "[" + ";".join(given) + "]"
    return Spec(
        code=system.code, key=key, cut=cut, median=median, limit=limit, unrated=unrated,
        flags=frozenset(flags), score=score, options=MappingProxyType(options),
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


def parse_chain(text: str | Iterable[str]) -> tuple[Spec, ...]:
    """A chain from ``"MM,SOLK,CUM"``, a preset name (``"uscf"``) or a list of codes.

    Presets may be mixed with codes (``"uscf,KASH"``).  ``PTS`` (the primary score in TRF
    212) is skipped.  Duplicate keys are an error.
    """
    _load()
    items = _split(text, ",") if isinstance(text, str) else list(text)
    out: list[Spec] = []
    for item in items:
        item = item.strip()
        if not item:
            continue
        preset = _PRESETS.get(_norm(item))
        if preset is not None:
            out.extend(parse_spec(code) for code in preset)
        elif _norm(item) in ("PTS", "POINTS"):
            continue
        else:
            out.append(parse_spec(item))
    seen: set[str] = set()
    for spec in out:
        if spec.key in seen:
            raise TiebreakError(f"tie-break {spec.key} appears twice in the chain")
        seen.add(spec.key)
    return tuple(out)
