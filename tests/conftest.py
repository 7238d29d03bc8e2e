"""Shared test setup: hypothesis profiles (quick locally, big in CI) and the list of registered games."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=30, deadline=None)
# CI draws the same 150 examples on every run (derandomize), so a run is reproducible and a red CI names a case
# that fails every time; local runs ("dev") keep drawing new ones, and what they find becomes a fix and a test.
settings.register_profile(
    "ci", max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
