"""Shared fixtures: a real Memory on a temporary SQLite file for every test that asks."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import settings

from memory_core import Memory, ScopedMemory
from memory_core.scope import Scope

settings.register_profile("ci", max_examples=60, deadline=None)
settings.register_profile("dev", max_examples=25, deadline=None)
_DEFAULT_PROFILE = "ci" if os.environ.get("CI") else "dev"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _DEFAULT_PROFILE))

SHARED = Path(__file__).resolve().parents[2] / "shared"


class ManualClock:
    """A clock the test moves by hand: ``now`` is the time the store sees."""

    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def start() -> float:
    """Where :func:`clock` starts (a test module may override this fixture)."""
    return 1_750_000_000.0


@pytest.fixture
def clock(start: float) -> ManualClock:
    return ManualClock(start)


@pytest.fixture
async def store(tmp_path: Path, clock: ManualClock) -> AsyncIterator[Memory]:
    """A Memory on a temporary file whose time is :func:`clock`."""
    async with Memory(tmp_path / "m.db", clock=clock) as m:
        yield m


@pytest.fixture
async def memory(tmp_path: Path) -> AsyncIterator[Memory]:
    async with Memory(tmp_path / "memory.db") as m:
        yield m


@pytest.fixture
async def owner(memory: Memory) -> ScopedMemory:
    return memory.scoped(Scope.owner())
