"""A pairing system in a director's words, from the code a file gives
(:attr:`~swisstb_io.model.Tournament.pairing_system`: TRF-2026 record 192, the XML
``system``, a US Chess DBF round robin).

TRF-2026 codes are built from parts, and so is the name: the system (``FIDE_DUTCH``,
``FIDE_BURSTEIN``, ``FIDE_DUBOV``, ``FIDE_LIM``, ``FIDE_TEAM``, ``…ROUNDROBIN``,
``…SCHEVENINGEN``), then the rules' year, the team colour model (``TYPEA``, ``TYPEB``, none),
the scores that rank (``MP_GP``: match points then game points; ``GP``: game points
only…), a double round (``DOUBLE…``, ``_G2``) and Baku acceleration (``BAKU``).
``FIDE_TEAM`` stands for ``FIDE_TEAM_TYPEA_MP_GP`` and ``FIDE_TEAM_BAKU`` for
``FIDE_TEAM_TYPEA_MP_GP_BAKU``, as the code table of TRF-2026 has it.  A code of no known
system is given back as written.
"""

from __future__ import annotations

_SYSTEMS = {
    "DUTCH": "FIDE Dutch system",
    "BURSTEIN": "FIDE Burstein system",
    "DUBOV": "FIDE Dubov system",
    "LIM": "FIDE Lim system",
    "DOUBLESWISS": "FIDE Double-Swiss system",
}
_SCORES = {
    ("MP", "GP"): "match points then game points",
    ("GP", "MP"): "game points then match points",
    ("MP",): "match points only",
    ("GP",): "game points only",
}
_ALIASES = {"FIDE_TEAM": "FIDE_TEAM_TYPEA_MP_GP",
            "FIDE_TEAM_BAKU": "FIDE_TEAM_TYPEA_MP_GP_BAKU"}


def pairing_system_name(code: str) -> str:
    """``FIDE_TEAM_BAKU`` -> ``FIDE team Swiss system with Baku acceleration, match points
    then game points, type A colour preferences`` (module docstring); ``""`` for no
    code."""
    written = code.strip()
    c = written.upper().replace("-", "_")
    c = _ALIASES.get(c, c)
    parts = [p for p in c.split("_") if p]
    if not parts:
        return ""
    baku = " with Baku acceleration" if "BAKU" in parts else ""
    if "ROUNDROBIN" in c.replace("_", "") or "SCHEVENINGEN" in c or "SCHILLER" in c:
        return _round_robin(c, parts)
    if parts[:2] == ["FIDE", "TEAM"]:
        rest = parts[2:]
        colours = ("type A colour preferences" if "TYPEA" in rest else
                   "type B colour preferences" if "TYPEB" in rest else "no colour preferences")
        scores = _SCORES.get(tuple(p for p in rest if p in ("MP", "GP")), "")
        return ", ".join(filter(None, [f"FIDE team Swiss system{baku}", scores, colours]))
    if parts[0] == "FIDE" and len(parts) > 1 and parts[1] in _SYSTEMS:
        year = next((p for p in parts[2:] if p.isdigit() and len(p) == 4), "")
        return _SYSTEMS[parts[1]] + (f" ({year} rules)" if year else "") + baku
    if parts[0] == "CUSTOM":
        return ("a Swiss system of the organiser's own" if "SWISS" in parts
                else f"a system of the organiser's own ({written})")
    return written


def _round_robin(c: str, parts: list[str]) -> str:
    """A round robin (or Scheveningen, Schiller) code's name."""
    double = "DOUBLE" in c or "G2" in parts
    team = "TEAM" in parts
    if "SCHEVENINGEN" in c:
        kind = "Scheveningen system"
    elif "SCHILLER" in c:
        kind = "Schiller system"
    else:
        kind = "round robin"
    name = ("double " if double else "") + ("team " if team else "") + kind
    tables = ("Berger tables" if parts[0] == "BERGER" else
              "FIDE tables" if parts[0] == "FIDE" and kind == "round robin" else "")
    return f"{name} ({tables})" if tables else name
