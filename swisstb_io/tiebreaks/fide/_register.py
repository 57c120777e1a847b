"""Registration of the FIDE C.07 systems in the shared calculator (one per code).

Adapts the pure functions of this package to the core contract: a core
:class:`~swisstb_io.tiebreaks.Spec` becomes a :class:`FideSpec`, a :class:`FideValue`
becomes a :class:`~swisstb_io.tiebreaks.TiebreakValue` with an
:class:`~swisstb_io.tiebreaks.Explanation`.  One :class:`FideContext` is built per
calculator context (``ctx.memo``) from the arrays the core already holds.
"""

from __future__ import annotations

from fractions import Fraction

from ...errors import TiebreakError
from ..context import Context
from ..core import (
    Explanation,
    Spec,
    System,
    TiebreakValue,
    paused_gc,
    plain_values,
    register,
)
from . import compute as fide_compute
from . import compute_values as fide_values
from ._context import EDITIONS, FideContext, FideOptions, build_context
from ._de import direct_encounter
from ._types import ARTICLES, FideSpec, FideValue, format_fixed

_RULE_TEXT: dict[str, tuple[str, str]] = {
    "DE": ("Direct Encounter", "points scored in games among the tied players"),
    "WIN": ("Number of Wins", "rounds with win points, including PAB, FPB and forfeit wins"),
    "WON": ("Number of Games Won", "wins over the board"),
    "BPG": ("Games Played with Black", "games played over the board with black"),
    "BWG": ("Games Won with Black", "games won over the board with black"),
    "PS": ("Progressive Scores", "sum of the running score after each round"),
    "GE": ("Games Elected to Play", "rounds minus the voluntarily unplayed rounds (16.1.2)"),
    "BH": ("Buchholz", "sum of the opponents' adjusted scores; own unplayed rounds against "
                       "a dummy opponent (16.4)"),
    "FB": ("Fore Buchholz", "Buchholz with every paired last-round game counted as a draw"),
    "AOB": ("Average of Opponents' Buchholz", "mean Buchholz of the opponents met over the "
                                              "board, 2 decimals half up"),
    "SB": ("Sonneborn-Berger", "sum of opponent's adjusted score x points scored against them; "
                               "own unplayed rounds against a dummy opponent (16.4)"),
    "KS": ("Koya System", "points scored against opponents with at least the limit "
                          "(50 %) of the maximum score"),
    "ARO": ("Average Rating of Opponents", "mean rating of the opponents met over the board, "
                                           "rounded half up"),
    "TPR": ("Tournament Performance Rating", "ARO + dp(score %) from the FIDE table"),
    "PTP": ("Perfect Tournament Performance", "lowest rating whose expected score reaches "
                                              "the player's score"),
    "APRO": ("Average Performance Rating of Opponents", "mean TPR of the opponents met over "
                                                        "the board"),
    "APPO": ("Average Perfect Performance of Opponents", "mean PTP of the opponents met over "
                                                         "the board"),
    "STD": ("Standard Points", "every round mapped to 1 / ½ / 0"),
}

_EDITION_FLAGS = {"V0": "2009", "V1": "2024", "V2": "2026", "V2009": "2009", "V2024": "2024",
                  "V2026": "2026"}
_MODIFIERS: dict[str, frozenset[str]] = {
    "BH": frozenset({"C", "M", "P", "S", "score"}),
    "FB": frozenset({"C", "M", "P", "S", "score"}),
    "SB": frozenset({"C", "P", "S", "score"}),
    "AOB": frozenset({"F", "P", "S", "score"}),
    "PS": frozenset({"C", "score"}),
    "KS": frozenset({"L", "score"}),
    "ARO": frozenset({"C", "M", "U"}),
    "TPR": frozenset({"U"}),
    "PTP": frozenset({"U"}),
    "APRO": frozenset({"U"}),
    "APPO": frozenset({"U"}),
    "DE": frozenset({"P", "S", "score"}),
}
_DECIMALS = {"SB": 2, "AOB": 2, "BH": 1, "FB": 1, "PS": 1, "KS": 1, "STD": 1}


def fide_context(ctx: Context) -> FideContext:
    """The :class:`FideContext` of ``ctx``, built once and shared by every FIDE system."""

    def build() -> FideContext:
        opts = ctx.options
        edition = opts.fide_rules
        if edition is not None and edition not in EDITIONS:
            raise TiebreakError(
                f"unknown FIDE rule edition {edition!r}; use 2024, 2026 or 2009"
            )
        rating_list = "FIDE" if opts.rating.upper() == "AUTO" else opts.rating
        fopts = FideOptions(edition=edition, system=opts.system,
                            unrated=opts.unrated_rating, rating_list=rating_list,
                            explain=ctx.explain)
        core = (ctx.start_nos, ctx.outcome, ctx.opp, ctx.color, ctx.pts)
        flat = (ctx.flat_opp, ctx.flat_pts, ctx.flat_played)
        fc = build_context(ctx.tournament, fopts, core, flat)
        if ctx.explain and ctx.n_rounds == fc.rounds:
            fc.codes = ctx.us_codes()  # the same wall chart as the core's (and the report's)
        ctx.decisions["fide_rules"] = fc.edition
        ctx.decisions["fide_rules_reason"] = fc.edition_reason
        ctx.decisions["fide_system"] = "round-robin" if fc.round_robin else "swiss"
        ctx.decisions["fide_system_reason"] = fc.system_reason
        return fc

    return ctx.memo("fide.context", build)


def to_fide_spec(spec: Spec) -> FideSpec:
    limit_pct, limit_offset = Fraction(50), Fraction(0)
    if spec.limit is not None:
        if spec.limit[:1] in "+-":
            limit_offset = Fraction(int(spec.limit), 2)
        else:
            limit_pct = Fraction(int(spec.limit))
    edition = None
    for flag in spec.flags:
        if flag in _EDITION_FLAGS:
            edition = _EDITION_FLAGS[flag]
    return FideSpec(
        code=spec.code, cut_low=max(spec.cut, spec.median), cut_high=spec.median,
        limit_pct=limit_pct, limit_offset=limit_offset, played="P" in spec.flags,
        unrated=spec.unrated, fore="F" in spec.flags, edition=edition,
        swiss="S" in spec.flags, point_type=spec.score or "", text=spec.key,
    )


def _rule(fc: FideContext, code: str) -> str:
    key = ("rule text", code)
    text = fc.cache.get(key)
    if not isinstance(text, str):
        text = fc.cache[key] = _rule_text(fc, code)
    return text


def _rule_text(fc: FideContext, code: str) -> str:
    name, what = _RULE_TEXT[code]
    if fc.edition == "2009" and code in ("BH", "SB"):
        what = what.replace("adjusted scores", "scores (their unplayed games as draws)")
        what = what.replace("adjusted score", "score (unplayed games as draws)")
        what = what.replace("a dummy opponent (16.4)", "a virtual opponent (pre-2023 rules, "
                            "SPP Kallithea 2009)")
    return f"{ARTICLES[code]} {name} ({fc.edition} rules): {what}"


def _explanations(fc: FideContext, values: list[FideValue]) -> list[Explanation]:
    """The :class:`Explanation` of each of ``values``: its parts are the rows."""
    rule = _rule(fc, values[0].code) if values else ""
    out: list[Explanation] = []
    for fv in values:
        exact, value = fv.exact, fv.value
        if fv.reason or (exact is not value and exact is not None and value is not None
                         and exact != value):
            notes = list(fv.notes)
            if fv.reason:
                notes.append(fv.reason)
            if exact is not None and value is not None and exact != value:
                notes.append(f"exact value {exact} = {format_fixed(exact, 4)}..., rounded "
                             f"half up as {ARTICLES[fv.code]} says")
            these = tuple(notes)
        else:  # the common case
            these = fv.notes
        out.append(Explanation(rule, fv.parts, these))
    return out


def _compute(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    with paused_gc():
        return _compute_values(ctx, spec)


def _compute_values(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]:
    fc = fide_context(ctx)
    if not ctx.explain:
        return plain_values(fc.start_nos, fide_values(fc, to_fide_spec(spec)))
    values = fide_compute(fc, to_fide_spec(spec))
    return {sn: TiebreakValue(fv.value, expl) for sn, fv, expl
            in zip(fc.start_nos, values, _explanations(fc, values), strict=True)}


def _compute_de(ctx: Context, spec: Spec, group: tuple[int, ...]) -> dict[int, TiebreakValue]:
    with paused_gc():
        return _direct_encounter_values(ctx, spec, group)


def _direct_encounter_values(ctx: Context, spec: Spec, group: tuple[int, ...]
                             ) -> dict[int, TiebreakValue]:
    fc = fide_context(ctx)
    fs = to_fide_spec(spec)
    ranks, lines = direct_encounter(fc, list(group), True if fs.played else None, fs.swiss)
    out: dict[int, TiebreakValue] = {}
    size = len(group)
    for sn, rank in ranks.items():
        expl = None
        if ctx.explain:
            notes = (*lines, f"rank {rank} of {size} in the tied group; value = "
                     f"{size} + 1 - rank", fc.edition_reason, fc.system_reason)
            expl = Explanation(_rule(fc, "DE"), (), notes)
        out[sn] = TiebreakValue(Fraction(size + 1 - rank), expl)
    return out


def register_all() -> None:
    for code, (name, _) in _RULE_TEXT.items():
        mods = _MODIFIERS.get(code, frozenset()) | frozenset(_EDITION_FLAGS)
        aliases = ("REP",) if code == "GE" else ()
        if code == "DE":
            register(System(code=code, name=name, rule=ARTICLES[code], compute_group=_compute_de,
                            modifiers=mods, decimals=0, reapply=False, family="FIDE"))
        else:
            register(System(code=code, name=name, rule=ARTICLES[code], compute=_compute,
                            aliases=aliases, modifiers=mods, decimals=_DECIMALS.get(code, 0),
                            family="FIDE"))
