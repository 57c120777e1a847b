"""swisstb_io's own XML format: the canonical model, one element per concept, with an XSD.

The schema ``swisstb-1.xsd`` ships inside this package (and in ``formats/xml/``).  Files
are validated against it on read and on write; the format holds every model field, so
nothing is lost in either direction (``lossy`` is empty).

This module only declares the format: the reader and the writer (and lxml) are imported
when first called.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from ..registry import FormatSpec, ReadOptions, ReadResult, WriteOptions

if TYPE_CHECKING:
    from ..model import Tournament

_PREFIX = b"urn:swisstb_io:"
"""How every version of the format's namespace starts."""


def sniff_xml(data: bytes) -> bool:
    """True for XML whose first 2 KiB name the swisstb_io namespace (UTF-8 or UTF-16)."""
    head = data[:4096]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        head = head.decode("utf-16", "ignore").encode("utf-8")
    head = head[:2048].lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith(b"<") and _PREFIX in head


def read_xml(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    """Read swisstb_io XML (see :mod:`._reader`); raises only :class:`FormatError`."""
    from . import _reader

    return _reader.read_xml(data, path, options)


def write_xml(t: Tournament, options: WriteOptions) -> bytes:
    """Write ``t`` as swisstb_io XML (see :mod:`._writer`); raises only :class:`WriteError`."""
    from . import _writer

    return _writer.write_xml(t, options)


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
    chain_records=MappingProxyType({"standings": "its standings element",
                                    "tiebreaks": "its tiebreaks element"}),
)

FORMATS: tuple[FormatSpec, ...] = (FORMAT,)

__all__ = ["FORMAT", "FORMATS", "read_xml", "sniff_xml", "write_xml"]
