"""Shared test configuration: paths, the --update-golden switch, hypothesis profiles."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from ci_env import under_ci
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"

sys.path.insert(0, str(Path(__file__).resolve().parent))

settings.register_profile(
    "dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck)
)
# SWISSTB_HYPOTHESIS=thorough runs 2,000 examples per property (a fuzzing session).
settings.load_profile(os.environ.get("SWISSTB_HYPOTHESIS") or ("ci" if under_ci() else "dev"))


SLOW_TESTS = (
    "tests/test_cli_inputs.py::test_the_pre_commit_hook_runs_through_pre_commit",
    "tests/test_reader_fast_paths.py::test_plain_game_rows_read_as_the_checked_reader",
    "tests/test_prizes_properties.py::",
    "tests/test_tiebreaks_explained.py::test_explanations_account_for_their_values",
    "tests/test_team_properties.py::",
    "tests/test_future_rounds.py::test_pre_entered_byes_in_future_columns_change_nothing",
    "tests/test_batch_faults.py::",
    "tests/test_hostile_costs.py::",
    "tests/test_tiebreaks_fast.py::test_fast_values_equal_explained_values",
)
"""Node ids (or their beginnings) of the tests marked ``slow``: each takes seconds alone."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``browser`` every test that drives Chromium (it uses the ``driver`` fixture)
    and ``slow`` those of :data:`SLOW_TESTS`; a plain run still runs them all, as CI does
    (``-m "not browser and not slow"`` is the quick local run)."""
    for item in items:
        if "driver" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        if item.nodeid.startswith(SLOW_TESTS):
            item.add_marker(pytest.mark.slow)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="Rewrite our own golden files (never the oracle values) instead of comparing.",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES
