"""The prize file as data, and the entrant the prize calculation sees.

Every class is frozen; money is an exact :class:`~fractions.Fraction` in the file's
currency (never a float).  The TOML reader (:mod:`.prize_file`) builds these; the
algorithms (:mod:`.uscf`, :mod:`.fide`, :mod:`.items`, :mod:`.extra`) only read them.
Section numbers (§) refer to the project's prize notes (``prizes.md``).
"""

from __future__ import annotations

import datetime as _dt
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType


class System(enum.Enum):
    """How cash is split among tied players."""

    USCF = "uscf"
    """US Chess 32B: tied winners pool their prizes (§3.1)."""
    FIDE = "fide"
    """European practice: prizes by strict ranking, optionally shared (§3.2, §3.3)."""


class Sharing(enum.Enum):
    """FIDE-style sharing of one group's prizes among players tied on points (§3.3)."""

    NONE = "none"
    EQUAL = "equal"
    HORT = "hort"


class Rounding(enum.Enum):
    """How a share that is not a whole number of units is paid (§3.4)."""

    UP = "up"
    EXACT_TOTAL = "exact-total"
    DOWN = "down"
    HALF_UP = "half-up"


class Kind(enum.Enum):
    """What a prize group is for (§4)."""

    PLACE = "place"
    UNDER = "under"
    CLASS = "class"
    UNRATED = "unrated"
    CRITERIA = "criteria"
    POINTS = "points"
    TEAM = "team"
    SPECIAL = "special"


class Unrated(enum.Enum):
    """Whether players without a rating (in the group's rating list) may win the group."""

    NO = "no"
    YES = "yes"
    ONLY = "only"


class OnVacate(enum.Enum):
    """FIDE: what happens to a prize whose best candidate took a better one (§3.2)."""

    PASS = "pass"
    LAPSE = "lapse"


class FundMode(enum.Enum):
    GUARANTEED = "guaranteed"
    BASED_ON = "based-on"


class Rule32B3(enum.Enum):
    """Edition of US Chess 32B3: ``amended`` adds the cap sentence, ``2014`` has none."""

    AMENDED = "amended"
    Y2014 = "2014"


class CarveOut(enum.Enum):
    """§7.2 (unsourced): which 32B3 exception wins when several sub-groups qualify."""

    LARGEST_GAIN = "largest-gain"
    """The sub-group with the largest total gain, then the smallest (default)."""
    FILE_ORDER = "file-order"
    """The first qualifying group in prize-file order."""


class LimitExcess(enum.Enum):
    """§7.3: where the money above a per-player limit goes."""

    NEXT_SCORE_GROUP = "next-score-group"
    """Other sharers up to their caps, the rest to the next score group (default, F-21198)."""
    WITHHOLD = "withhold"
    """Not paid (SwissSys "holds onto" it)."""


def section_index(name: str, sections: Sequence[str]) -> int | None:
    """The index in ``sections`` (an event's section names, in file order) of the section
    ``name`` names, by name (any case) or 1-based number; ``None`` when it names none of
    them, or ``name`` is empty."""
    key = name.strip().casefold()
    if not key:
        return None
    return next((i for i, label in enumerate(sections)
                 if key in (label.casefold(), str(i + 1))), None)


@dataclass(frozen=True)
class EventSettings:
    """``[event]``: settings for the whole prize list."""

    name: str = ""
    section: str = ""
    section_at: tuple[int, int] | None = None
    """Line and column of ``section`` in the file, for a message about it."""
    currency: str = ""
    unit: Fraction = Fraction(1, 100)
    system: System = System.USCF
    sharing: Sharing = Sharing.NONE
    rounding: Rounding | None = None
    """``None``: the system's default (``up`` for uscf, ``exact-total`` for fide)."""
    rating: str = "uscf"
    rating_list: str = ""
    withdrawn_eligible: bool = False
    one_item_per_player: bool = True
    items_follow_cash: bool = False
    rule32b3: Rule32B3 = Rule32B3.AMENDED
    carve_out: CarveOut = CarveOut.LARGEST_GAIN

    def section_index(self, sections: Sequence[str]) -> int | None:
        """The index in ``sections`` (an event's section names, in file order) of the
        section :attr:`section` names (:func:`section_index`)."""
        return section_index(self.section, sections)

    @property
    def rounding_mode(self) -> Rounding:
        if self.rounding is not None:
            return self.rounding
        return Rounding.UP if self.system is System.USCF else Rounding.EXACT_TOTAL


@dataclass(frozen=True)
class Fund:
    """``[fund]``: guaranteed or based-on money (§1.7)."""

    mode: FundMode = FundMode.GUARANTEED
    based_on: int | None = None
    entries: int | None = None
    """Override of the entry count; default: the players in the standings (§7.6)."""
    floor_percent: Fraction = Fraction(50)
    floor_threshold: Fraction = Fraction(500)
    guaranteed: tuple[str, ...] = ()
    """Ids of groups paid in full under a based-on fund."""


@dataclass(frozen=True)
class Limits:
    """``[limits]``: per-player caps (§1.7)."""

    unrated_max: Fraction | None = None
    excess: LimitExcess = LimitExcess.NEXT_SCORE_GROUP


@dataclass(frozen=True)
class Group:
    """One ``[[group]]``: a list of prizes by place with one eligibility rule."""

    id: str
    kind: Kind
    index: int
    """Position in the file (0-based): the last tie order among equal prizes."""
    line: int = 0
    cash: tuple[Fraction, ...] = ()
    items: tuple[str, ...] = ()
    value: tuple[Fraction, ...] = ()
    exclusive: str = "cash"
    """Exclusivity pool: one cash prize per player per pool; ``""`` stacks (a bonus)."""
    sharing: Sharing | None = None
    share_beyond_last: bool | None = None
    on_vacate: OnVacate = OnVacate.PASS
    min_eligible: int = 0
    priority: int = 0
    """Among equal amounts, the smaller number is offered first."""
    below: int | None = None
    min: int | None = None
    max: int | None = None
    unrated: Unrated = Unrated.NO
    rating: str = ""
    """Rating list of this group; ``""``: the event's."""
    sex: str = ""
    born_on_or_after: _dt.date | None = None
    born_before: _dt.date | None = None
    federation: str = ""
    tag: str = ""
    min_points: Fraction | None = None
    team_field: str = "team"
    count: int = 4
    min_members: int | None = None
    award_to: tuple[int | str, ...] = ()

    @property
    def places(self) -> int:
        return max(len(self.cash), len(self.items))

    def cash_at(self, place: int) -> Fraction:
        """Cash of ``place`` (1-based); 0 past the list."""
        return self.cash[place - 1] if place <= len(self.cash) else Fraction(0)

    def item_at(self, place: int) -> str:
        return self.items[place - 1] if place <= len(self.items) else ""

    def value_at(self, place: int) -> Fraction:
        return self.value[place - 1] if place <= len(self.value) else Fraction(0)

    @property
    def rating_bound(self) -> bool:
        """Whether the group limits ratings (an under or class prize)."""
        return self.kind in (Kind.UNDER, Kind.CLASS)


@dataclass(frozen=True)
class PrizeFile:
    """A whole prize file."""

    path: str
    event: EventSettings
    fund: Fund
    limits: Limits
    groups: tuple[Group, ...]

    def group(self, group_id: str) -> Group:
        for g in self.groups:
            if g.id == group_id:
                return g
        raise KeyError(group_id)


def _no_ratings() -> Mapping[str, int]:
    return MappingProxyType({})


def _no_fields() -> Mapping[str, str]:
    return MappingProxyType({})


@dataclass(frozen=True)
class Entrant:
    """One player as the prize calculation sees them: final points, strict rank, the
    fields eligibility reads.  Built from the standings by :mod:`.entrants`."""

    start_no: int
    name: str
    points: Fraction
    rank: int
    """Strict position in the standings (1 = best); ties on every tie-break are ordered
    as the standings list them."""
    place: int = 0
    """The standings place (shared by players equal on every tie-break)."""
    ratings: Mapping[str, int] = field(default_factory=_no_ratings)
    """Rating by list name in lower case (``"uscf"``, ``"fide"``); missing = unrated."""
    sex: str = ""
    birth: _dt.date | None = None
    federation: str = ""
    tags: frozenset[str] = frozenset()
    fields: Mapping[str, str] = field(default_factory=_no_fields)
    """Text fields a team prize can group by (``team``, ``club``, ``federation``, ``state``)."""
    withdrawn: bool = False
    first_tiebreak: Fraction | None = None
    """The value of the chain's first tie-break (team trophies, §1.8)."""

    def rating(self, rating_list: str) -> int | None:
        return self.ratings.get(rating_list.lower())

    @property
    def label(self) -> str:
        return f"{self.start_no} {self.name}"
