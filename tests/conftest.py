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
