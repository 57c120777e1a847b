"""Field lists of the US Chess DBF trio and the ``uscf:`` extras keys that carry event data.

The revised (``H_FORMAT = 2C``) field names and widths are those SwissSys 11.52 writes
(formats.md §4.2 (a)); the 1991 layout is only read.
"""

from __future__ import annotations

TH_FIELDS: tuple[tuple[str, int], ...] = (
    ("H_FORMAT", 5),
    ("H_PROGRAM", 10),
    ("H_EVENT_ID", 12),
    ("H_NAME", 35),
    ("H_TOT_SECT", 2),
    ("H_BEG_DATE", 8),
    ("H_END_DATE", 8),
    ("H_AFF_ID", 8),
    ("H_CITY", 21),
    ("H_STATE", 2),
    ("H_ZIPCODE", 10),
    ("H_COUNTRY", 21),
    ("H_SENDCROS", 1),
    ("H_CTD_ID", 8),
    ("H_ATD_ID", 8),
    ("H_OTHER_TD", 254),
)

TS_FIELDS: tuple[tuple[str, int], ...] = (
    ("S_EVENT_ID", 12),
    ("S_SEC_NUM", 2),
    ("S_SEC_NAME", 30),
    ("S_R_SYSTEM", 1),
    ("S_TIMECTL", 40),
    ("S_CTD_ID", 8),
    ("S_ATD_ID", 8),
    ("S_TRN_TYPE", 1),
    ("S_TOT_RNDS", 2),
    ("S_LST_PAIR", 4),
    ("S_BEG_DATE", 8),
    ("S_END_DATE", 8),
    ("S_SCH_LVL", 1),
    ("S_GR_PRIX", 1),
    ("S_GP_PTS", 3),
    ("S_FIDE", 1),
)

TD_FIELDS: tuple[tuple[str, int], ...] = (
    ("D_EVENT_ID", 12),
    ("D_SEC_NUM", 2),
    ("D_PAIR_NUM", 4),
    ("D_MEM_ID", 8),
    ("D_NAME", 30),
    ("D_STATE", 2),
    ("D_RATING", 4),
)
ROUND_WIDTH = 7
"""Each ``D_RNDnn`` field of the revised layout."""

FORMAT_CODE = "2C"
PROGRAM = "SWISSTB"

# (DBF field, extras key, default written when the key is missing and omitted on read)
EVENT_EXTRAS: tuple[tuple[str, str, str], ...] = (
    ("H_EVENT_ID", "uscf:event_id", ""),
    ("H_AFF_ID", "uscf:affiliate_id", ""),
    ("H_STATE", "uscf:state", ""),
    ("H_ZIPCODE", "uscf:zipcode", ""),
    ("H_COUNTRY", "uscf:country", "United States"),
    ("H_SENDCROS", "uscf:send_crosstable", "N"),
    ("H_CTD_ID", "uscf:chief_td_id", ""),
    ("H_ATD_ID", "uscf:assistant_td_id", ""),
    ("H_OTHER_TD", "uscf:other_td_ids", ""),
)
SECTION_EXTRAS: tuple[tuple[str, str, str], ...] = (
    ("S_R_SYSTEM", "uscf:rating_system", "R"),
    ("S_SCH_LVL", "uscf:scholastic_level", ""),
    ("S_GR_PRIX", "uscf:grand_prix", "N"),
    ("S_GP_PTS", "uscf:grand_prix_points", ""),
    ("S_FIDE", "uscf:fide_rated", "N"),
)
SECTION_TD_KEYS = (
    ("S_CTD_ID", "uscf:section_chief_td_id"),
    ("S_ATD_ID", "uscf:section_assistant_td_id"),
)
"""Section TDs are kept only when they differ from the event's (H_CTD_ID, H_ATD_ID)."""

HANDLED = frozenset(
    {name for name, _ in TH_FIELDS + TS_FIELDS + TD_FIELDS}
    | {"D_REC_SEQ", "H_RCV_DATE", "H_ENT_DATE", "S_DTLREC01"}
)
"""Fields with a model or extras home; any other non-blank field is kept as ``uscf:dbf:<NAME>``."""
