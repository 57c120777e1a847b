"""The format registry: lookup by name, alias, extension and content."""

from __future__ import annotations

from pathlib import Path

import pytest

from swisstb_io import registry
from swisstb_io.errors import FormatError, UnknownFormatError

FIX = Path(__file__).resolve().parent.parent / "fixtures"


def test_names_are_unique_and_lowercase() -> None:
    names = registry.known_names()
    assert len(names) == len(set(names))
    assert all(n == n.lower() for n in names)


def test_find_by_name_and_alias_is_case_insensitive() -> None:
    assert registry.find("TRF").name == "trf"
    for spec in registry.all_formats():
        for alias in spec.aliases:
            assert registry.find(alias.upper()).name == spec.name


def test_unknown_name_lists_known_formats() -> None:
    with pytest.raises(UnknownFormatError) as info:
        registry.find("vega")
    assert str(info.value).startswith("unknown format 'vega'; known formats: trf, ")


def test_every_extension_maps_back_to_its_format() -> None:
    for spec in registry.all_formats():
        for ext in spec.extensions:
            assert spec in registry.by_extension(f"event{ext.upper()}")


def test_trf_is_found_by_content_whatever_the_name() -> None:
    data = (FIX / "trf" / "held_swiss_5.trf").read_bytes()
    assert registry.detect(data, "mystery.bin").name == "trf"
    assert registry.detect(data).name == "trf"


def test_every_readable_format_detects_its_own_fixtures() -> None:
    """A fixture directory named after a format holds files that format must sniff."""
    checked = 0
    for spec in registry.all_formats():
        if spec.reader is None or spec.sniff is None:
            continue
        folder = FIX / spec.name.replace("-", "_")
        for path in sorted(folder.glob("*")) if folder.is_dir() else []:
            if path.is_file() and path.suffix in spec.extensions and "bad" not in path.name:
                assert registry.detect(path.read_bytes(), str(path)).name == spec.name, path
                checked += 1
    assert checked >= 3


def test_undetectable_content_is_a_format_error() -> None:
    with pytest.raises(FormatError) as info:
        registry.detect(b"hello world\n", "notes.dat")
    assert str(info.value).startswith("notes.dat: cannot tell the file's format")


def test_lookup_hints_match_what_each_package_declares() -> None:
    """``BUILTIN_HINTS`` lets lookups import only the package they need; it must say
    exactly what the packages' own ``FORMATS`` say."""
    import importlib

    assert list(registry.BUILTIN_HINTS) == list(registry.BUILTIN_MODULES)
    for mod_name, (names, extensions) in registry.BUILTIN_HINTS.items():
        specs = importlib.import_module(mod_name).FORMATS
        assert names == {n for s in specs for n in (s.name, *s.aliases)}, mod_name
        assert set(extensions) == {e for s in specs for e in s.extensions}, mod_name


def test_reading_a_trf_file_loads_no_other_format_package() -> None:
    """Start-up cost: a fresh interpreter that reads a ``.trf`` imports neither lxml nor
    the other format packages."""
    import subprocess
    import sys

    code = (
        "import sys, swisstb_io.api as api\n"
        f"api.load({str(FIX / 'trf' / 'held_swiss_5.trf')!r})\n"
        "print(sorted(m for m in sys.modules if m.startswith(('lxml', 'swisstb_io.xml', "
        "'swisstb_io.chess_json', 'swisstb_io.swisssys_csv', 'swisstb_io.sjson', "
        "'swisstb_io.uscf_dbf'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
