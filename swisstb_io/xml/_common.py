"""Shared pieces of the swisstb_io XML reader and writer: names, schema, number text."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from importlib import resources

from lxml import etree

from ..numbers import exact

NAMESPACE = "urn:swisstb_io:1"
VERSION = "1"
SCHEMA_FILE = "swisstb-1.xsd"
NS = "{" + NAMESPACE + "}"

#: Characters XML 1.0 cannot hold, even as character references.
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")

#: Model field name -> attribute of <scoring>.
SCORING_ATTRS: tuple[tuple[str, str], ...] = (
    ("win", "win"),
    ("draw", "draw"),
    ("loss", "loss"),
    ("forfeit_win", "forfeitWin"),
    ("forfeit_loss", "forfeitLoss"),
    ("pairing_bye", "pairingBye"),
    ("full_bye", "fullBye"),
    ("half_bye", "halfBye"),
    ("zero_bye", "zeroBye"),
)


def _xsd() -> etree._Element:
    return etree.fromstring(resources.files(__package__).joinpath(SCHEMA_FILE).read_bytes())


@cache
def schema() -> etree.XMLSchema:
    """The XSD shipped in the package, parsed once."""
    return etree.XMLSchema(_xsd())


@cache
def structure_schema() -> etree.XMLSchema:
    """The shipped XSD without its identity constraint (``xs:unique`` on the players'
    ``startNo``), which libxml2 checks slowly (benchmarks/README.md).  A file valid under it
    is valid under :func:`schema` exactly when no two players' ``startNo`` texts are equal
    (libxml2 compares the texts: "1" and "01" differ)."""
    root = _xsd()
    for unique in root.iter("{http://www.w3.org/2001/XMLSchema}unique"):
        parent = unique.getparent()
        assert parent is not None
        parent.remove(unique)
    return etree.XMLSchema(root)


def points_text(value: Fraction) -> str:
    """``value`` as a finite decimal when it has one ("0.5", "3"), else as "p/q"."""
    return exact(value)


def plain(message: str) -> str:
    """An lxml message in plain words: no ``{namespace}`` prefixes, no trailing dot."""
    return message.replace(NS, "").rstrip(".").strip()
