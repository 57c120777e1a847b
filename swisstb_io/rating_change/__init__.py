"""Rating-change estimates: how each player's FIDE or US Chess rating moves with one event
(``swisstb ratings``; the rules digest is ratings.md, the JSON contract
``formats/ratings-json.md``).

    from swisstb_io import read
    from swisstb_io.rating_change import RatingSystem, rating_changes

    result = rating_changes(read("fixtures/ratings/club_rr.trf"), RatingSystem.FIDE)
    berg = result.players[1]
    berg.k, berg.change, berg.new_rating       # Decimal('40'), Decimal('10.80'), 2191

It is an estimate from one file: the federations rate whole periods (FIDE) or use data a
file does not hold (US Chess), so every assumption is a note of the player it affects
(or of the whole event, :attr:`~.model.Rules.notes`).  The library never prints; the
renderers (:mod:`.render_json`, :mod:`.render_tables`) return text.
"""

from __future__ import annotations

from ..model import Tournament
from .editions import EDITIONS, RulesError, choose, edition
from .fide import fide_rating, field_of, rated_change
from .fide_initial import initial_rating
from .games import rounds_of
from .model import (
    Adjustment,
    Edition,
    Formula,
    GameLine,
    PlayerChange,
    RatingResult,
    RatingSystem,
    Rules,
)
from .player_data import (
    FIDE_COLUMNS,
    NO_DATA,
    USCF_COLUMNS,
    PlayerData,
    PlayerDataError,
    check_against,
    parse_player_data,
    read_player_data,
)
from .uscf import uscf_changes

SCHEMA = "swisstb-ratings/1"


def _fide(t: Tournament, rules: Rules, data: PlayerData, explain: bool
          ) -> tuple[PlayerChange, ...]:
    ratings = {p.start_no: r for p in t.players if (r := fide_rating(p)) is not None}
    field = field_of(t, ratings, rules, explain)
    out = []
    for p in sorted(t.players, key=lambda p: p.start_no):
        rating = ratings.get(p.start_no)
        if rating is None:
            rounds = rounds_of(p, field.paired, field.start_nos)
            out.append(initial_rating(p, rounds, ratings, rules, explain))
        else:
            out.append(rated_change(p, rating, field, data.rows.get(p.start_no)))
    return tuple(out)


def _event_notes(t: Tournament, system: RatingSystem, data: PlayerData,
                 dual_rated: bool) -> list[str]:
    notes = []
    other = USCF_COLUMNS if system is RatingSystem.FIDE else FIDE_COLUMNS
    unused = [c for c in data.columns if c in other]
    if unused:
        notes.append(f"player data columns {', '.join(unused)} are for the other system: not "
                     "used")
    if system is RatingSystem.FIDE:
        notes.append("an estimate from one file: FIDE rates the whole rating period (other "
                     "events, base corrections and Fair Play decisions are not in the file)")
        notes.append("changes are rounded per event; FIDE rounds the rating period's total "
                     "(§8.3.4), so a player with several events may differ by a point")
        if not any(fide_rating(p) for p in t.players):
            notes.append("no player has a FIDE rating in the file: everybody is unrated")
        if len(t.players) == 2:
            notes.append("two players: rated as an event; the match rules (§6) are not "
                         "checked")
    else:
        notes.append("an estimate from one file: US Chess also uses a player's other "
                     "ratings, rerates and personal floors, which the file does not hold")
        notes.append("the Regular system (time controls of mm + ss ≥ 30) is applied; the "
                     "file's time control is not checked")
        notes.append("Step 5 rates against the pre-event ratings of rated opponents and the "
                     "Step 4 ratings of unrated ones (our reading of the steps)")
        if dual_rated:
            notes.append("dual-rated event (--dual-rated): K is smaller above 2200")
    return notes


def rating_changes(
    tournament: Tournament,
    system: RatingSystem,
    *,
    rules: str | None = None,
    player_data: PlayerData = NO_DATA,
    dual_rated: bool = False,
    explain: bool = False,
) -> RatingResult:
    """Every player's estimated rating change in ``tournament``.

    ``system``: FIDE or US Chess; ``rules``: an edition id (``fide-2024-03``…) to force,
    else by the event's date (:mod:`.editions`); ``player_data``: what the file cannot say
    (:func:`read_player_data`; its rows must name players of the event, else a
    :class:`PlayerDataError` at the row); ``dual_rated``: US Chess, an event rated in both
    the Regular and the Quick system (a smaller K above 2200); ``explain``: with each
    player's rounds (:attr:`~.model.PlayerChange.lines`), which the explanations show
    (:func:`.explain.explanation`; the HTML page and ``--explain`` need them).

    Raises :class:`RulesError` for an unknown edition or one of the other system.
    """
    warnings = check_against(player_data, tournament)
    chosen = choose(tournament, system, rules)
    notes = _event_notes(tournament, system, player_data, dual_rated)
    if system is RatingSystem.FIDE:
        players = _fide(tournament, chosen, player_data, explain)
    else:
        players, more = uscf_changes(tournament, chosen, player_data, dual_rated, explain)
        notes[:0] = more
    return RatingResult(system, chosen._replace(notes=tuple(notes)), players,
                        tournament.name, warnings, explain)


__all__ = [
    "EDITIONS",
    "NO_DATA",
    "SCHEMA",
    "Adjustment",
    "Edition",
    "Formula",
    "GameLine",
    "PlayerChange",
    "PlayerData",
    "PlayerDataError",
    "RatingResult",
    "RatingSystem",
    "Rules",
    "RulesError",
    "edition",
    "parse_player_data",
    "rating_changes",
    "read_player_data",
]
