"""/memory says which accepted guesses became durable (recalled on 5 days in a week)."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.conversation.pipeline import Pipeline
from bot.conversation.render import to_plain
from bot.conversation.reply import Turn
from memory_core import Entity, Memory
from memory_core.lifecycle import AUTO_CONFIDENCE, PROMOTE_DAYS, run_lifecycle
from memory_core.scope import Scope
from tests.conftest import ManualClock

DAY = 24 * 3600.0
EN = Turn(lang="en", speaker="Alex")
GUESS = "fact: location=Lisbon (as_of=2026-01-05, src=auto)"


@pytest.fixture
def start() -> float:
    return 1_767_600_000.0


async def test_memory_lists_durable_guesses(store: Memory, clock: ManualClock) -> None:
    owner = store.scoped(Scope.owner())
    pipeline = Pipeline(today=lambda: dt.date(2026, 1, 5))
    await owner.create_entities([Entity("User:Alex", "User")])
    await owner.add_observations([("User:Alex", [GUESS])], confidence=AUTO_CONFIDENCE)
    for _ in range(PROMOTE_DAYS - 1):
        await pipeline.handle_text(owner, "where is Lisbon", EN)
        clock.now += DAY
    await run_lifecycle(owner)
    assert "Durable" not in to_plain((await pipeline.handle_text(owner, "/memory", EN)).html)
    await pipeline.handle_text(owner, "what about Lisbon", EN)
    report = await run_lifecycle(owner)
    assert report.promoted == 1
    shown = to_plain((await pipeline.handle_text(owner, "/memory", EN)).html).splitlines()
    at = shown.index("📌 Durable guesses (recalled on 5 days in a week; they no longer fade): 1")
    assert shown[at + 1 : at + 3] == ["User:Alex", f"• {GUESS}"]
