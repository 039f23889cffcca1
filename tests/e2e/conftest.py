"""Fixtures for end-to-end tests: a fake Bot API server per test, and the bot running on it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.fake_bot_api import FakeBotApi
from tests.e2e.harness import RunningBot, running_bot


@pytest.fixture(autouse=True)
def ptb_timedelta(monkeypatch: pytest.MonkeyPatch) -> None:
    """Opt in to PTB's timedelta durations, as the bot does.

    Without it, PTB 22 itself emits a PTBDeprecationWarning whenever it builds a RetryAfter
    (every 429), which ``filterwarnings = ["error"]`` turns into a failure.
    """
    monkeypatch.setenv("PTB_TIMEDELTA", "1")


@pytest.fixture
async def fake_api() -> AsyncIterator[FakeBotApi]:
    """A started fake Bot API on 127.0.0.1; stopped after the test."""
    async with FakeBotApi() as api:
        yield api


@pytest.fixture
async def bot(fake_api: FakeBotApi, tmp_path: Path) -> AsyncIterator[RunningBot]:
    """The real bot (build_application + serve) on a temp database, polling the fake API."""
    async with running_bot(fake_api, tmp_path / "memory.db") as running:
        yield running
