"""Prize groups and sections: one ranked table per group.

``rating:<1800,1800-1999,2000+`` makes rating classes (``<N`` below N, ``A-B`` from A to B
inclusive, ``N+`` N and above; classes may nest, as class prizes often do, ``<1600`` inside
``<1800``, but two that only partly overlap, ``1800-1999`` and ``1900-2099``, are a mistake
and an error; players without a rating form an ``Unrated`` group).  Several specs give
their groups one after the other.  ``team``, ``state``, ``section``,
``federation`` or ``title`` group by that field (players without one form ``(none)``);
``board`` groups the players of a team event by their board, their place in their team's
list (310, else 013: board 1 first; past the board count, the reserves), for board prizes.
Inside a group players keep the overall order; places are counted inside the group, and
players who share an overall place share it in the group too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ._labels import ReportError
from ._model import Group, Row, place_text

FIELDS = ("team", "state", "section", "federation", "title", "board")
_RANGE = re.compile(r"^(?:<\s*(\d+)|(\d+)\s*-\s*(\d+)|(\d+)\s*\+|>=\s*(\d+))$")


def _rating_classes(spec: str) -> list[tuple[str, int | None, int | None]]:
    """``(title, lowest, highest)`` per class; ``None`` = open end."""
    classes: list[tuple[str, int | None, int | None]] = []
    for item in (x.strip() for x in spec.split(",")):
        if not item:
            continue
        m = _RANGE.match(item)
        if m is None:
            raise ReportError(
                f"rating class {item!r} is not understood; write <1800, 1800-1999 or 2000+"
            )
        below, lo, hi, above, above2 = m.groups()
        if below is not None:
            classes.append((f"Under {below}", None, int(below) - 1))
        elif lo is not None:
            a, b = int(lo), int(hi)
            if a > b:
                raise ReportError(f"rating class {item!r} is empty: {a} is above {b}")
            classes.append((f"{a}-{b}", a, b))
        else:
            n = int(above if above is not None else above2)
            classes.append((f"{n} and above", n, None))
    if not classes:
        raise ReportError("--group rating: needs classes, e.g. rating:<1800,1800-1999,2000+")
    for k, (name_a, lo_a, hi_a) in enumerate(classes):
        for name_b, lo_b, hi_b in classes[k + 1:]:
            a0, a1 = (-1 if lo_a is None else lo_a, 10**9 if hi_a is None else hi_a)
            b0, b1 = (-1 if lo_b is None else lo_b, 10**9 if hi_b is None else hi_b)
            meet = a0 <= b1 and b0 <= a1
            nested = (a0 <= b0 and b1 <= a1) or (b0 <= a0 and a1 <= b1)
            if meet and not nested:
                raise ReportError(
                    f"rating classes {name_a!r} and {name_b!r} overlap in part; classes may "
                    "nest (Under 1600 inside Under 1800) but not half-overlap: fix the bounds")
    return classes


def _in(rating: int | None, lo: int | None, hi: int | None) -> bool:
    return (rating is not None and (lo is None or rating >= lo)
            and (hi is None or rating <= hi))


def _ranked(title: str, members: Sequence[Row]) -> Group:
    """Group-local places from the overall places (members are in overall order)."""
    rows: list[Row] = []
    ahead = 0
    n = len(members)
    k = 0
    while k < n:
        end = k
        while end + 1 < n and members[end + 1].place == members[k].place:
            end += 1
        tied = members[k : end + 1]
        for row in tied:
            rows.append(row._replace(
                place=ahead + 1, place_text=place_text(ahead + 1, end - k),
                shared_with=tuple(r.start_no for r in tied if r.start_no != row.start_no)))
        ahead += end - k + 1
        k = end + 1
    return Group(title, tuple(rows))


def make_groups(rows: tuple[Row, ...],
                spec: str | tuple[str, ...] | None) -> tuple[Group, ...]:
    """The groups ``spec`` asks for (``()`` for none; several specs: their groups in
    turn); see the module docstring."""
    if not spec:
        return ()
    if isinstance(spec, tuple):
        return tuple(g for one in spec for g in make_groups(rows, one))
    kind, _, arg = spec.partition(":")
    kind = kind.strip().lower()
    if kind == "rating":
        groups = []
        for title, lo, hi in _rating_classes(arg):
            members = [r for r in rows if _in(r.rating, lo, hi)]
            groups.append(_ranked(title, members))
        unrated = [r for r in rows if r.rating is None]
        if unrated:
            groups.append(_ranked("Unrated", unrated))
        return tuple(groups)
    if kind in FIELDS and not arg:
        by_value: dict[str, list[Row]] = {}
        for r in rows:
            by_value.setdefault(r.fields.get(kind, ""), []).append(r)
        names = sorted((v for v in by_value if v),
                       key=(lambda v: (len(v), v)) if kind == "board" else None)
        out = [_ranked(v, by_value[v]) for v in names]
        if "" in by_value:
            out.append(_ranked("(none)", by_value[""]))
        return tuple(out)
    raise ReportError(
        f"--group {spec!r} is not understood; use rating:<1800,1800-1999,2000+ or one of "
        + ", ".join(FIELDS)
    )
