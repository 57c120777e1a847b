"""What a batch produces for every event (:class:`BatchOptions`), checked before any work,
and the fingerprint that decides whether an unchanged event can be skipped."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..errors import SwisstbError
from ..tiebreaks import parse_chain
from ..version import __version__
from .render import REPORT_EXTENSIONS, SUBMISSIONS
from .summary import SUMMARY_SCHEMA


@dataclass(frozen=True)
class BatchOptions:
    """What to produce for every event."""

    formats: tuple[str, ...] = ("html", "json")
    """Report formats (keys of :data:`~swisstb_io.batch.render.REPORT_EXTENSIONS`)."""
    submit: tuple[str, ...] = ()
    """Rating submissions: ``"fide"``, ``"uscf"``."""
    tiebreaks: str | None = None
    """Tie-break chain for every individual event; ``None``: each file's declared chain,
    else the default (:func:`~swisstb_io.tiebreaks.chain_policy.choose_chain`)."""
    team_tiebreaks: str | None = None
    """Tie-break chain of the team standings of every team event (team systems and
    ``:MP`` / ``:GP`` codes); ``None``: each file's declared team chain, else the team
    default (:func:`~swisstb_io.teams.standings.team_standings`)."""
    actual_play_rule: bool = True
    """The US Chess 34E actual-play rule (``CalcOptions.actual_play_rule``); ``False`` with
    ``--no-actual-play-rule``, SwissSys's order."""
    ratings: str | None = None
    """Rating-change estimates on every event page and on the season's player pages:
    ``"fide"`` or ``"uscf"`` (:mod:`swisstb_io.rating_change`); ``None``: none."""
    rating_rules: str | None = None
    """With ``ratings``: the edition of the rating rules for every event (``--rating-rules``,
    ``fide-2024-03``…); ``None``: each event's by its date."""
    player_data: str | None = None
    """With ``ratings``: a player-data CSV (``--player-data``,
    :func:`~swisstb_io.rating_change.read_player_data`) that applies to every event: each
    row names its player, and is used where its start number is a player of that name
    (:func:`~swisstb_io.rating_change.player_data.rows_for`).
    ``None``: each event's ``<event>.players.csv`` beside it, if there is one
    (:func:`~swisstb_io.batch.render.player_data_beside`), as the event's own."""
    dual_rated: bool = False
    """With ``ratings="uscf"``: every event is rated Regular and Quick (``--dual-rated``)."""
    prizes: str | None = None
    """A prize file for every event; ``None``: each event's ``<event>.prizes.toml`` beside
    it, if there is one (:func:`~swisstb_io.batch.render.prize_file_beside`)."""
    event_meta: tuple[tuple[str, str], ...] = ()
    """US Chess event data for ``submit=("uscf",)`` (``--event-meta`` and its options,
    checked by :func:`~swisstb_io.submit.normalize_meta`): ``(key, value)`` pairs."""
    rounds_by_date: bool = False
    """PGN: games without a ``Round`` get the round of their date
    (:attr:`~swisstb_io.registry.ReadOptions.rounds_by_date`)."""
    force: bool = False
    fail_fast: bool = False
    jobs: int = 1
    patterns: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        bad = [f for f in self.formats if f not in REPORT_EXTENSIONS]
        if bad:
            raise SwisstbError(f"unknown report format {bad[0]!r}; choose from "
                               f"{', '.join(sorted(REPORT_EXTENSIONS))}")
        bad = [s for s in self.submit if s not in SUBMISSIONS]
        if bad:
            raise SwisstbError(f"unknown submission {bad[0]!r}; choose from "
                               f"{', '.join(SUBMISSIONS)}")
        if self.tiebreaks is not None:
            parse_chain(self.tiebreaks)  # a bad chain is a usage error, before any work
        if self.team_tiebreaks is not None:
            parse_chain(self.team_tiebreaks, team=True)
        if self.jobs < 1:
            raise SwisstbError(f"--jobs must be at least 1, not {self.jobs}")
        if self.ratings is not None and self.ratings not in ("fide", "uscf"):
            raise SwisstbError(f"unknown rating system {self.ratings!r}; use fide or uscf")
        self._check_rating_options()
        if self.event_meta and "uscf" not in self.submit:
            raise SwisstbError("--event-meta and the event options complete a US Chess "
                               "submission: add --submit uscf, or drop them")

    def _check_rating_options(self) -> None:
        """The rating edition, player data and dual rating go with ``ratings`` (the
        command line says so first, as ``report`` does, ``cli._rating_options``)."""
        if self.ratings is None:
            if self.rating_rules or self.player_data or self.dual_rated:
                raise SwisstbError("the rating rules, player data and dual rating go with "
                                   "ratings='fide' or 'uscf'")
            return
        if self.dual_rated and self.ratings != "uscf":
            raise SwisstbError("dual_rated is a US Chess rule: it goes with ratings='uscf'")
        if self.rating_rules is not None:
            from ..rating_change import RatingSystem, edition

            edition(self.rating_rules, RatingSystem(self.ratings))  # RulesError

    def fingerprint(self) -> str:
        """What, besides the input bytes, decides the outputs."""
        return json.dumps([__version__, SUMMARY_SCHEMA, sorted(self.formats),
                           sorted(self.submit), self.tiebreaks, self.actual_play_rule,
                           self.prizes, *([sorted(self.event_meta)] if self.event_meta else []),
                           *([["team", self.team_tiebreaks]] if self.team_tiebreaks else []),
                           *([["ratings", self.ratings, self.rating_rules, self.player_data,
                               self.dual_rated]] if self.ratings else []),
                           *([["rounds-by-date"]] if self.rounds_by_date else [])])

