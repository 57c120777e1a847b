"""Who may win a group's prizes (§1.6, §3.0 step 3), with the reason when not.

:func:`ineligible` returns ``None`` for an eligible entrant, else a short reason that the
explanations print as is ("1800 is not under 1800", "unrated").
"""

from __future__ import annotations

from .model import Entrant, EventSettings, Group, Kind, Unrated
from .money import points_text


def rating_list(group: Group, event: EventSettings) -> str:
    """The rating list the group's limits read."""
    return group.rating or event.rating


def ineligible(entrant: Entrant, group: Group, event: EventSettings) -> str | None:
    """Why ``entrant`` cannot win ``group``'s prizes, or ``None`` if they can."""
    if group.kind in (Kind.TEAM, Kind.SPECIAL):
        return None  # decided by team membership or by hand
    uses_rating = group.rating_bound or group.kind is Kind.UNRATED or \
        group.unrated is not Unrated.NO
    rating = entrant.rating(rating_list(group, event)) if uses_rating else None
    if uses_rating:
        if rating is None and group.unrated is Unrated.NO and group.rating_bound:
            return "unrated (unrated players win place and unrated prizes only, 28D)"
        if rating is None and group.unrated is Unrated.NO:
            return "unrated"
        if rating is not None and group.unrated is Unrated.ONLY:
            return f"rated {rating}, the group is for unrated players"
    if rating is not None:
        if group.below is not None and rating >= group.below:
            return f"{rating} is not under {group.below}"
        if group.min is not None and rating < group.min:
            return f"{rating} is below {group.min}"
        if group.max is not None and rating > group.max:
            return f"{rating} is above {group.max}"
    reason = _criteria(entrant, group)
    if reason:
        return reason
    if group.kind is Kind.POINTS and group.min_points is not None and \
            entrant.points < group.min_points:
        return (f"{points_text(entrant.points)} points, the prize needs "
                f"{points_text(group.min_points)}")
    return None


def _criteria(entrant: Entrant, group: Group) -> str:
    if group.sex and entrant.sex.upper() != group.sex:
        return f"sex is {entrant.sex or 'not given'}, the prize is for {group.sex}"
    if group.born_on_or_after is not None or group.born_before is not None:
        born = entrant.birth
        if born is None:
            return "no birth date"
        if group.born_on_or_after is not None and born < group.born_on_or_after:
            return f"born {born.isoformat()}, before {group.born_on_or_after.isoformat()}"
        if group.born_before is not None and born >= group.born_before:
            return f"born {born.isoformat()}, not before {group.born_before.isoformat()}"
    if group.federation and entrant.federation.upper() != group.federation:
        return f"federation {entrant.federation or 'not given'}, not {group.federation}"
    if group.tag and group.tag.lower() not in entrant.tags:
        return f"not tagged {group.tag}"
    return ""

