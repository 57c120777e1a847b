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


def test_reading_a_trf_file_loads_no_other_reader() -> None:
    """A format package only declares its formats: a fresh interpreter that reads a
    ``.trf`` imports the other packages' declarations, but none of their readers or
    writers, nor lxml."""
    import subprocess
    import sys

    code = (
        "import sys, swisstb_io.api as api\n"
        f"api.load({str(FIX / 'trf' / 'held_swiss_5.trf')!r})\n"
        "print(sorted(m for m in sys.modules if m.startswith(('lxml', 'swisstb_io.xml.', "
        "'swisstb_io.chess_json.', 'swisstb_io.swisssys_csv.', 'swisstb_io.sjson.', "
        "'swisstb_io.uscf_dbf.'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_a_format_package_is_one_line_in_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """A package named in ``BUILTIN_MODULES`` is found by name, alias and extension from its
    own ``FORMATS``, with nothing else to declare."""
    import sys
    import types

    package = types.ModuleType("scratch_format")
    spec = registry.FormatSpec(name="scratch", title="t", extensions=(".scratchx",),
                               aliases=("scratchy",))
    package.FORMATS = (spec,)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "scratch_format", package)
    monkeypatch.setattr(registry, "BUILTIN_MODULES", (*registry.BUILTIN_MODULES,
                                                      "scratch_format"))
    assert registry.find("SCRATCHY") is spec
    assert registry.by_extension("a/b.SCRATCHX") == [spec]
    assert registry.all_formats()[-1] is spec
