"""Names other packages import from here (``JSON``, ``Spec``); new code imports them from
:mod:`.values` and :mod:`.spec`, the registry from :mod:`.registry`."""

from __future__ import annotations

from .spec import Spec
from .values import JSON

__all__ = ["JSON", "Spec"]
