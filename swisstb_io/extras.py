"""An ``extras`` mapping whose costly values are worked out on first use.

A reader may know how to produce an extra (the TRF line layout, say) without every caller
needing it: ``swisstb info`` and ``swisstb report`` never look at the layout, writers
always do.  :class:`LazyExtras` holds such values as functions and calls each one once,
the first time its key is read; to everybody else it is an ordinary read-only mapping
(equality, iteration, pickling and ``repr`` all see the computed values).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any


class LazyExtras(Mapping[str, str]):
    """Read-only ``str -> str`` mapping; the values in ``pending`` are computed when
    first read.  Keys keep the order given: ``ready`` first, then ``pending``."""

    __slots__ = ("_keys", "_pending", "_values")

    def __init__(self, ready: Mapping[str, str],
                 pending: Mapping[str, Callable[[], str]]) -> None:
        self._values: dict[str, str] = dict(ready)
        self._pending: dict[str, Callable[[], str]] = {
            k: f for k, f in pending.items() if k not in self._values
        }
        self._keys: tuple[str, ...] = (*self._values, *self._pending)

    def __getitem__(self, key: str) -> str:
        try:
            return self._values[key]
        except KeyError:
            make = self._pending.pop(key)  # KeyError for unknown keys, as a dict
            value = self._values[key] = make()
            return value

    def __contains__(self, key: object) -> bool:
        return key in self._values or key in self._pending

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self.items())!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (LazyExtras, (dict(self.items()), {}))


__all__ = ["LazyExtras"]
