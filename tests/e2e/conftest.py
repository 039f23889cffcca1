"""Fixtures for end-to-end tests: a fake Bot API server per test."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.e2e.fake_bot_api import FakeBotApi


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
