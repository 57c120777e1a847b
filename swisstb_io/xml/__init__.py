"""swisstb_io's own XML format: the canonical model, one element per concept, with an XSD.

The schema ``swisstb-1.xsd`` ships inside this package (and in ``formats/xml/``).  Files
are validated against it on read and on write; the format holds every model field, so
nothing is lost in either direction (``lossy`` is empty).
"""

from __future__ import annotations

from ..registry import FormatSpec
from ._common import NAMESPACE, SCHEMA_FILE, schema
from ._reader import read_xml, sniff_xml
from ._writer import write_xml

FORMAT = FormatSpec(
    name="xml",
    title="swisstb_io XML (urn:swisstb_io:1, validated against swisstb-1.xsd)",
    extensions=(".xml",),
    aliases=("swisstb-xml",),
    reader=read_xml,
    writer=write_xml,
    sniff=sniff_xml,
    lossy=frozenset(),
    dossier="formats/xml/README.md",
)

FORMATS: tuple[FormatSpec, ...] = (FORMAT,)

__all__ = ["FORMAT", "FORMATS", "NAMESPACE", "SCHEMA_FILE", "read_xml", "schema", "write_xml"]
