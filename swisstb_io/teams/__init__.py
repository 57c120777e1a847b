"""Team events: team rounds rolled up from board results, and team standings.

:func:`~.matches.team_event` derives every team's rounds (:mod:`.matches`, whose docstring
states the roll-up rules) from the TRF-2026 team records (:mod:`.records`); the team
standings (:mod:`.standings`) rank the teams with the one tie-break engine
(:mod:`swisstb_io.tiebreaks`), a team being a competitor of a team score table
(:mod:`swisstb_io.tiebreaks.team_context`).  :mod:`.kinds` holds what every command needs
first: whether a file is a team event, and the kinds of team round.

The package imports nothing itself: import from the module that holds a name, so that an
individual event never loads the team roll-up.
"""
