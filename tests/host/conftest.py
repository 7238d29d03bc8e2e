"""Fixtures the host's tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import ravenry
from ravenry.registry.plugins import registry


@pytest.fixture
def forget_policy_bots() -> Iterator[None]:
    """Bots a test registers (``ravenry.register_bot``) are gone after it: the registry is the process's."""
    before = dict(registry().bots)
    yield
    registry().bots.clear()
    registry().bots.update(before)
    ravenry.model.game.clear_cache()
