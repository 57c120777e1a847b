"""Building model objects in the reader's hot loop.

A frozen dataclass's ``__init__`` sets every field through ``object.__setattr__``, which
costs ``Player(...)`` about as much as parsing its whole line.  For a slotted model class
:func:`positional` makes a constructor that stores the values straight into the slots:
the object it returns is the one ``cls(**dict(zip(names, values)))`` would give (same
fields, defaults and default factories; ``tests/test_trf_read.py`` compares them).  A
class that is not slotted, or that runs ``__post_init__``, gets its own constructor.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def positional(cls: type[T], names: tuple[str, ...]) -> Callable[..., T]:
    """``make(*values)``: an instance of dataclass ``cls`` with the fields ``names`` set to
    ``values`` (in that order) and every other field at its default."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    slots = getattr(cls, "__slots__", ())
    missing = dataclasses.MISSING
    if (hasattr(cls, "__post_init__") or any(not f.init for f in fields)
            or {f.name for f in fields} != set(slots) or not set(names) <= set(slots)
            or any(f.name not in names and f.default is missing
                   and f.default_factory is missing for f in fields)):
        return lambda *values: cls(**dict(zip(names, values, strict=True)))
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    body = ["    obj = _new(_cls)"]
    for f in fields:
        env[f"_set_{f.name}"] = getattr(cls, f.name).__set__  # the slot's descriptor
        if f.name in names:
            value = f.name
        elif f.default is not missing:
            env[f"_default_{f.name}"] = f.default
            value = f"_default_{f.name}"
        else:
            env[f"_factory_{f.name}"] = f.default_factory
            value = f"_factory_{f.name}()"
        body.append(f"    _set_{f.name}(obj, {value})")
    source = f"def make({', '.join(names)}):\n" + "\n".join(body) + "\n    return obj\n"
    exec(source, env)
    make: Callable[..., T] = env["make"]
    return make
