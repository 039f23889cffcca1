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


@pytest.fixture
async def memory(tmp_path: Path) -> AsyncIterator[Memory]:
    async with Memory(tmp_path / "memory.db") as m:
        yield m


@pytest.fixture
async def owner(memory: Memory) -> ScopedMemory:
    return memory.scoped(Scope.owner())
