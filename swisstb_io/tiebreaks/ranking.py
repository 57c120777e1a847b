"""Ranking: points, the 34E "actual play" rule, then the tie-break chain; shared places.

Order of keys inside a score group:

1. (chains holding a US Chess system, unless ``CalcOptions.actual_play_rule`` is off)
   US Chess 34E introduction: a player who scored points in a game actually played ranks
   ahead of a tied player whose whole score came from unplayed games (byes, forfeit wins);
   SwissSys 11 does not apply this rule, so turning it off gives SwissSys's order;
2. each tie-break of the chain in turn, the higher value first or, for a system whose
   registry entry says so (:class:`~.registry.Direction`: a board count, a rank inside the
   tied group), the lower; a group system (34E5, FIDE DE) is computed for the group still
   tied at that point; ``None`` (undefined) ranks below any value;
3. a play-off order or a seeded lot (34E12/34E13) only when one is given: it is appended to
   the chain as ``LOT`` unless the chain already holds it.

Players still equal after all keys share a place (``place`` to ``last_place``), listed by
start number.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple

from ..model import Tournament
from . import chain_policy
from .context import CalcOptions, Context
from .registry import Direction
from .spec import Spec, parse_spec
from .values import Explanation, TiebreakValue

_ACTUAL_PLAY = (
    "US Chess 34E: a player who scored in actual play finishes ahead of a tied player whose "
    "whole score came from unplayed games"
)
_ACTUAL_PLAY_ON = ("US Chess 34E actual-play rule applied: points scored in play rank ahead of "
                   "an all-unplayed tie")
_ACTUAL_PLAY_OFF = ("US Chess 34E actual-play rule not applied: points, then the tie-breaks "
                    "(SwissSys's order)")


class Standing(NamedTuple):
    """One line of the standings."""

    place: int
    start_no: int
    name: str
    rating: int | None
    points: Fraction
    values: dict[str, TiebreakValue]
    """Tie-break values by spec key; a group system has a value only for players who were
    still tied when it was applied (``None`` otherwise)."""
    last_place: int
    """The last place of the range this player shares (``place`` when not shared): the
    players sharing it are the rows with the same ``place``."""
    scored_in_play: bool = True
    """False when the whole (non-zero) score came from unplayed games (34E)."""


class StandingsResult(NamedTuple):
    chain: tuple[Spec, ...]
    rows: tuple[Standing, ...]
    context: Context
    actual_play_rule: bool
    """Whether the 34E actual-play rule was applied."""
    choice: chain_policy.ChainChoice | None = None
    """Where the chain came from (given, declared, the default), which every report says;
    ``None`` only for a result made by hand."""


def compute_values(ctx: Context, chain: Sequence[Spec]) -> dict[str, dict[int, TiebreakValue]]:
    """Values of every non-group system of ``chain`` for every player, by spec key (with
    their explanations when ``ctx.explain``)."""
    out: dict[str, dict[int, TiebreakValue]] = {}
    for spec in chain:
        system = spec.system
        if system.values is not None:
            on = ctx.for_spec(spec)
            values = system.values(on, spec)
            explain = system.explain
            if ctx.explain and explain is not None:
                explain_all = system.explain_all
                explained = (explain_all(on, spec) if explain_all is not None
                             else [explain(on, spec, i) for i in range(len(values))])
                out[spec.key] = {sn: TiebreakValue(v, e) for sn, v, e
                                 in zip(ctx.start_nos, values, explained, strict=True)}
            else:
                out[spec.key] = {sn: TiebreakValue(v)
                                 for sn, v in zip(ctx.start_nos, values, strict=True)}
    return out


def int_keys(values: Sequence[TiebreakValue | None],
             direction: Direction = Direction.HIGHER) -> list[int]:
    """Exact integer sort keys (smaller ranks higher) for a list of values of a system
    whose ``direction`` says whether the higher or the lower value ranks higher.

    Every value is scaled to the common denominator, so comparing keys compares the
    Fractions exactly; undefined values sort last.
    """
    fracs = [None if v is None else v.value for v in values]
    dens = {f.denominator for f in fracs if f is not None}
    scale = math.lcm(*dens) if dens else 1
    sign = -1 if direction is Direction.HIGHER else 1
    keys = [None if f is None else sign * f.numerator * (scale // f.denominator)
            for f in fracs]
    worst = max((k for k in keys if k is not None), default=0) + 1
    return [worst if k is None else k for k in keys]


def _split(items: list[int], key: Sequence[int] | Mapping[int, int]) -> list[list[int]]:
    """Order ``items`` by ``key[i]`` and cut them into runs of equal keys."""
    ordered = sorted(items, key=key.__getitem__)
    parts: list[list[int]] = []
    last = None
    for i in ordered:
        k = key[i]
        if parts and k == last:
            parts[-1].append(i)
        else:
            parts.append([i])
            last = k
    return parts


def standings(
    tournament: Tournament,
    chain: str | Iterable[str] | Sequence[Spec] | chain_policy.ChainChoice | None = None,
    options: CalcOptions | None = None,
    *,
    context: Context | None = None,
) -> StandingsResult:
    """Rank ``tournament`` by points and the tie-break ``chain`` (codes or presets, given;
    specs; a :class:`~swisstb_io.tiebreaks.chain_policy.ChainChoice` already made;
    ``None``: the chain policy, :func:`~swisstb_io.tiebreaks.chain_policy.choose_chain`:
    the file's declared chain, else ``uscf``).

    ``options``: how to compute (:class:`CalcOptions`: explanations, the 34E actual-play
    rule, a play-off order or lot seed, the rating list…; default: the documented
    defaults); ``context``: a :class:`Context` already built for ``tournament`` (its
    options then apply and ``options`` is ignored), to rank one event with several chains
    without building it again."""
    ctx = context or Context(tournament, options)
    opts = ctx.options
    choice = _choice(tournament, chain, opts)
    specs = choice.specs
    if (opts.playoff or opts.lot_seed is not None) and all(s.code != "LOT" for s in specs):
        specs = (*specs, parse_spec("LOT"))
    values = compute_values(ctx, specs)
    group_values: dict[str, dict[int, TiebreakValue]] = {
        s.key: {} for s in specs if s.system.is_group
    }
    us_chain = any(s.system.family == "US" and s.code != "LOT" for s in specs)
    us_rule = us_chain and opts.actual_play_rule
    _state_actual_play(ctx, us_chain, us_rule)
    _state_short_event(ctx, specs)
    in_play = _scored_in_play(ctx)
    directions = {s.key: s.system.direction for s in specs}
    keys = {key: int_keys([vals[sn] for sn in ctx.start_nos], directions[key])
            for key, vals in values.items()}
    by_points = _split(list(range(len(ctx))), [-p for p in ctx.points])
    play_key = [0 if p else 1 for p in in_play]
    final: list[list[int]] = []
    for group in by_points:
        subgroups = _split(group, play_key) if us_rule and len(group) > 1 else [group]
        for sub in subgroups:
            final.extend(_refine(ctx, specs, keys, group_values, sub, 0))
    rows = _rows(ctx, specs, final, values, group_values, in_play, us_rule)
    return StandingsResult(specs, tuple(rows), ctx, us_rule, choice)


def _refine(ctx: Context, specs: tuple[Spec, ...], keys: dict[str, list[int]],
            group_values: dict[str, dict[int, TiebreakValue]], group: list[int], k: int
            ) -> list[list[int]]:
    """``group`` (tied on points and the first ``k`` tie-breaks) split by the rest."""
    if len(group) == 1 or k == len(specs):
        return [group]
    spec = specs[k]
    if not spec.system.is_group:
        parts = _split(group, keys[spec.key])
    else:
        parts = _apply_group(ctx, spec, group, group_values[spec.key])
    out: list[list[int]] = []
    for part in parts:
        out.extend(_refine(ctx, specs, keys, group_values, part, k + 1))
    return out


def _choice(t: Tournament,
            chain: str | Iterable[str] | Sequence[Spec] | chain_policy.ChainChoice | None,
            options: CalcOptions) -> chain_policy.ChainChoice:
    """The chain of :func:`standings` and where it came from."""
    if isinstance(chain, chain_policy.ChainChoice):
        return chain
    if chain is not None and not isinstance(chain, str):
        items = list(chain)
        if all(isinstance(s, Spec) for s in items):
            specs = tuple(s for s in items if isinstance(s, Spec))
            return chain_policy.ChainChoice(specs, chain_policy.ChainOrigin.GIVEN,
                                            ",".join(s.key for s in specs))
        chain = ",".join(str(s) for s in items)
    return chain_policy.choose_chain(t, chain, system=options.system,
                                     fide_rules=options.fide_rules)


def _apply_group(
    ctx: Context, spec: Spec, group: list[int], store: dict[int, TiebreakValue]
) -> list[list[int]]:
    system = spec.system
    members = tuple(sorted(ctx.start_nos[i] for i in group))
    assert system.group_values is not None
    explain = system.group_explain
    on = ctx.for_spec(spec)
    vals = {sn: TiebreakValue(v, explain(on, spec, members, sn)
                              if ctx.explain and explain is not None else None)
            for sn, v in system.group_values(on, spec, members).items()}
    store.update(vals)
    group_keys = int_keys([vals.get(ctx.start_nos[i]) for i in group], system.direction)
    parts = _split(group, dict(zip(group, group_keys, strict=True)))
    if not system.reapply or len(parts) == 1:
        return parts
    out: list[list[int]] = []
    for part in parts:
        out.extend(_apply_group(ctx, spec, part, store) if len(part) > 1 else [part])
    return out


def _scored_in_play(ctx: Context) -> list[bool]:
    """Per player: some points came from a game played over the board, or none at all."""
    nr = ctx.n_rounds
    if not nr:
        return [points == 0 for points in ctx.points]
    scored = [p if pl else 0 for p, pl in zip(ctx.flat_pts, ctx.flat_played, strict=True)]
    return [points == 0 or max(scored[k:k + nr]) > 0
            for k, points in zip(range(0, len(scored), nr), ctx.points, strict=True)]


def _state_actual_play(ctx: Context, us_chain: bool, applied: bool) -> None:
    """Record in the context's decisions (which every report prints) whether the 34E
    actual-play rule ordered a US Chess chain."""
    if not us_chain:
        ctx.decisions.pop("actual_play_rule_reason", None)
    elif applied:
        ctx.decisions["actual_play_rule_reason"] = _ACTUAL_PLAY_ON
    else:
        ctx.decisions["actual_play_rule_reason"] = _ACTUAL_PLAY_OFF


def _state_short_event(ctx: Context, specs: Sequence[Spec]) -> None:
    """Record in the context's decisions (which every report prints) each cut or median
    that removes every round of the event (``BH/C1`` on 1 round): the value is what is
    left, nothing (0 for a sum), as FIDE's reference implementation gives it (it never cuts
    more values than there are rounds, C.07 §14.1)."""
    rounds = ctx.n_rounds
    notes = [f"{s.key} on {rounds} round{'s' if rounds != 1 else ''}: nothing left after "
             f"the {'median' if s.median else 'cut'}" for s in specs
             if (s.cut or s.median) and s.cut_low + s.cut_high >= rounds]
    if notes:
        ctx.decisions["short_event_reason"] = "; ".join(notes)
    else:
        ctx.decisions.pop("short_event_reason", None)


def _rows(
    ctx: Context,
    specs: Sequence[Spec],
    final: list[list[int]],
    values: dict[str, dict[int, TiebreakValue]],
    group_values: dict[str, dict[int, TiebreakValue]],
    in_play: list[bool],
    us_rule: bool = True,
) -> list[Standing]:
    names = [p.name for p in ctx.tournament.players]
    ratings = ctx.ratings(None)
    sno = ctx.start_nos
    frac = ctx.frac
    points = [frac(p) for p in ctx.points]
    keys = [spec.key for spec in specs]
    columns = []
    for key in keys:
        by_sn = values[key] if key in values else group_values[key]
        columns.append([by_sn.get(sn, _UNDEFINED) for sn in sno])
    by_player = list(zip(*columns, strict=True)) if columns else [()] * len(sno)
    mark_play = us_rule and ctx.explain
    rows: list[Standing] = []
    place = 1
    for group in final:
        last = place + len(group) - 1
        for i in sorted(group, key=sno.__getitem__):
            vals = dict(zip(keys, by_player[i], strict=True))
            if mark_play and not in_play[i]:
                _mark_unplayed(vals)
            rows.append(Standing(place=place, start_no=sno[i], name=names[i],
                                 rating=ratings[i], points=points[i], values=vals,
                                 last_place=last, scored_in_play=in_play[i]))
        place = last + 1
    return rows


def _mark_unplayed(vals: dict[str, TiebreakValue]) -> None:
    """Add the 34E actual-play note to the explanations of a player whose whole score came
    from unplayed games."""
    for key, v in vals.items():
        if v.explanation is not None:
            vals[key] = v._replace(explanation=Explanation(
                v.explanation.rule, v.explanation.rows,
                (*v.explanation.notes, _ACTUAL_PLAY)))


_UNDEFINED = TiebreakValue(None)
"""The value of a group system for a player who was not tied when it applied."""
