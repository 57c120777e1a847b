"""Output formats of ``swisstb check``: text, JSON, JUnit XML, GitHub Actions annotations.

* text: ``path:line:col: severity: message`` (compiler style; line and column when known);
* json: ``swisstb-check/1``: per file its format and problems, and the counts;
* junit: one ``<testcase>`` per file in one ``<testsuite>``; a file that cannot be read is
  an ``<error>``, a file with error-level problems a ``<failure>``, warnings alone go to
  ``<system-out>`` (the layout of the common JUnit schema, ``fixtures/check/junit.xsd``);
* github: ``::error file=…,line=…,col=…,title=…::message`` workflow commands, with ``%``,
  CR and LF escaped in the message and, in properties, ``:`` and ``,`` as well.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

from lxml import etree

from ..errors import Diagnostic, Severity, readable_path
from ..textsafe import shown
from . import FileReport

FORMATS = ("text", "json", "junit", "github")
SCHEMA = "swisstb-check/1"


def promote_warnings(reports: Sequence[FileReport]) -> list[FileReport]:
    """``--warnings-as-errors``: every warning becomes an error."""
    return [replace(r, diagnostics=tuple(
        d._replace(severity=Severity.ERROR) if d.severity is Severity.WARNING else d
        for d in r.diagnostics)) for r in reports]


def counts(reports: Sequence[FileReport]) -> dict[str, int]:
    return {"files": len(reports),
            "errors": sum(r.count(Severity.ERROR) for r in reports),
            "warnings": sum(r.count(Severity.WARNING) for r in reports)}


def summary_line(reports: Sequence[FileReport]) -> str:
    c = counts(reports)

    def plural(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"

    return (f"{plural(c['errors'], 'error')}, {plural(c['warnings'], 'warning')} in "
            f"{plural(c['files'], 'file')}")


def to_text(reports: Sequence[FileReport]) -> str:
    return "".join(f"{shown(str(d))}\n" for r in reports for d in r.diagnostics)


def to_json(reports: Sequence[FileReport]) -> str:
    doc = {
        "schema": SCHEMA,
        "files": [{"path": readable_path(r.path), "format": r.format or None,
                   "problems": [_problem(d) for d in r.diagnostics]} for r in reports],
        "counts": counts(reports),
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def _problem(d: Diagnostic) -> dict[str, object]:
    return {"line": d.location.line, "col": d.location.col, "severity": d.severity.value,
            "code": d.code, "message": d.message}


def to_junit(reports: Sequence[FileReport]) -> str:
    failures = sum(1 for r in reports if _junit_kind(r) == "failure")
    errors = sum(1 for r in reports if _junit_kind(r) == "error")
    root = etree.Element("testsuites")
    suite = etree.SubElement(root, "testsuite")
    for el in (root, suite):
        el.set("name", "swisstb check")
        el.set("tests", str(len(reports)))
        el.set("failures", str(failures))
        el.set("errors", str(errors))
    suite.set("skipped", "0")
    for r in reports:
        case = etree.SubElement(suite, "testcase", {"classname": "swisstb.check",
                                                    "name": readable_path(r.path)})
        kind = _junit_kind(r)
        body = to_text([r])
        if kind:
            n = r.count(Severity.ERROR)
            el = etree.SubElement(case, kind, {
                "message": f"{n} error{'' if n == 1 else 's'}",
                "type": r.diagnostics[0].code if kind == "error" else "swisstb-check"})
            el.text = body
        elif body:
            etree.SubElement(case, "system-out").text = body
    return etree.tostring(root, pretty_print=True, xml_declaration=True,
                          encoding="UTF-8").decode("utf-8")


def _junit_kind(r: FileReport) -> str:
    if any(d.code == "unreadable" for d in r.diagnostics):
        return "error"
    return "failure" if r.count(Severity.ERROR) else ""


def escape_data(text: str) -> str:
    """Escape a workflow-command message."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a workflow-command property value."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


_GITHUB_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def to_github(reports: Sequence[FileReport]) -> str:
    lines = []
    for r in reports:
        for d in r.diagnostics:
            props = [f"file={escape_property(readable_path(d.location.path))}"]
            if d.location.line is not None:
                props.append(f"line={d.location.line}")
                if d.location.col is not None:
                    props.append(f"col={d.location.col}")
            if d.code:
                props.append(f"title={escape_property(d.code)}")
            lines.append(f"::{_GITHUB_LEVEL[d.severity]} {','.join(props)}::"
                         f"{escape_data(d.message)}\n")
    return "".join(lines)


def render(reports: Sequence[FileReport], fmt: str) -> str:
    """``reports`` in ``fmt`` (one of :data:`FORMATS`)."""
    if fmt == "text":
        return to_text(reports)
    if fmt == "json":
        return to_json(reports)
    if fmt == "junit":
        return to_junit(reports)
    if fmt == "github":
        return to_github(reports)
    raise ValueError(f"unknown check output format {fmt!r}")
