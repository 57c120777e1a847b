"""The codes that may head a TRF-2026 national-rating record: FIDE's three-letter
federation codes (TRF-2026: "XXX = the federation whose rating list is given").

A line such as ``TNR 5`` or ``BYE 20`` starts with three capitals too, but no federation
is called that: such a record is unknown and kept verbatim, never read as a rating.
``FID`` (players under the FIDE flag) is in the list: TieBreakServer's tests write it.
"""

from __future__ import annotations

FEDERATIONS = frozenset({
    "AFG", "AHO", "ALB", "ALG", "AND", "ANG", "ANT", "ARG", "ARM", "ARU", "AUS", "AUT",
    "AZE", "BAH", "BAN", "BAR", "BDI", "BEL", "BER", "BHU", "BIH", "BIZ", "BLR", "BOL",
    "BOT", "BRA", "BRN", "BRU", "BUL", "BUR", "CAF", "CAM", "CAN", "CAY", "CHA", "CHI",
    "CHN", "CIV", "CMR", "COD", "COK", "COL", "COM", "CPV", "CRC", "CRO", "CUB", "CYP",
    "CZE", "DEN", "DJI", "DMA", "DOM", "ECU", "EGY", "ENG", "ERI", "ESA", "ESP", "EST",
    "ETH", "FAI", "FID", "FIJ", "FIN", "FRA", "GAB", "GAM", "GCI", "GEO", "GEQ", "GER",
    "GHA", "GRE", "GRL", "GRN", "GUA", "GUM", "GUY", "HAI", "HKG", "HON", "HUN", "INA",
    "IND", "IOM", "IRI", "IRL", "IRQ", "ISL", "ISR", "ITA", "IVB", "JAM", "JCI", "JOR",
    "JPN", "KAZ", "KEN", "KGZ", "KIR", "KOR", "KOS", "KSA", "KUW", "LAO", "LAT", "LBA",
    "LBN", "LBR", "LCA", "LES", "LIE", "LTU", "LUX", "MAC", "MAD", "MAR", "MAS", "MAW",
    "MDA", "MDV", "MEX", "MGL", "MHL", "MKD", "MLI", "MLT", "MNC", "MNE", "MOZ", "MRI",
    "MTN", "MYA", "NAM", "NCA", "NED", "NEP", "NGR", "NIG", "NOR", "NRU", "NZL", "OMA",
    "PAK", "PAN", "PAR", "PER", "PHI", "PLE", "PLW", "PNG", "POL", "POR", "PUR", "QAT",
    "ROU", "RSA", "RUS", "RWA", "SCO", "SEN", "SEY", "SGP", "SKN", "SLE", "SLO", "SMR",
    "SOL", "SOM", "SRB", "SRI", "SSD", "STP", "SUD", "SUI", "SUR", "SVK", "SWE", "SWZ",
    "SYR", "TAN", "THA", "TJK", "TKM", "TLS", "TOG", "TON", "TPE", "TTO", "TUN", "TUR",
    "TUV", "UAE", "UGA", "UKR", "URU", "USA", "UZB", "VAN", "VEN", "VIE", "VIN", "WLS",
    "YEM", "ZAM", "ZIM",
})
"""FIDE member federations (and ``FID``), as rating lists and TRF files write them."""
