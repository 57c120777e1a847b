"""Column labels: the label each system declares (``@tiebreak(label=…)``), overridable per
report.

``--labels`` takes ``short`` (the default: the system's label, the names proposed in the
US rules notes, ``ModMed``, ``Solk``, ``Cum``…, else the code, as the FIDE acronyms),
``key`` (the spec key, ``BH/C1``), ``name`` (the system's full name), and/or
``CODE=Label`` pairs separated by commas, e.g. ``short,MM=M,SOLK=S,CUM=C,OPPCUM=O``
(SwissSys' one-letter headers).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import SwisstbError
from ..tiebreaks import Spec


class ReportError(SwisstbError):
    """A report option that cannot be honoured (bad --group, --labels or notation)."""


_STYLES = ("short", "key", "name")


def parse_labels(text: str | None) -> dict[str, str]:
    """``"name,MM=M"`` -> ``{"": "name", "MM": "M"}`` (the ``""`` entry is the style)."""
    out = {"": "short"}
    if not text:
        return out
    for item in (x.strip() for x in text.split(",")):
        if not item:
            continue
        if "=" in item:
            code, _, label = item.partition("=")
            code, label = code.strip(), label.strip()
            if not code or not label:
                raise ReportError(f"label {item!r} must look like CODE=Label, e.g. MM=M")
            out[code.upper()] = label
        elif item.lower() in _STYLES:
            out[""] = item.lower()
        else:
            raise ReportError(
                f"unknown label style {item!r}; use short, key, name or CODE=Label pairs"
            )
    return out


def label_for(spec: Spec, overrides: Mapping[str, str]) -> str:
    """The header of ``spec``'s column: an override for its key or code, else the style."""
    for k in (spec.key.upper(), spec.code.upper()):
        if k in overrides:
            return overrides[k]
    style = overrides.get("", "short")
    if style == "name":
        return spec.system.name
    if style == "short" and spec.key == spec.code:
        return spec.system.label or spec.key
    return spec.key
