"""Promotion: a guess recalled on 5 days within a week becomes durable and stops fading."""

from __future__ import annotations

from memory_core import Entity, Memory, ScopedMemory
from memory_core.lifecycle import (
    AUTO_CONFIDENCE,
    PROMOTE_DAYS,
    durable_lines,
    promote_recalled,
    run_lifecycle,
)
from memory_core.recall import recall
from memory_core.scope import Scope
from tests.conftest import ManualClock

DAY = 24 * 3600.0
WEEK = 7 * DAY
START = 1_750_000_000.0

GUESS = "fact: location=Belgrade (as_of=2025-06-15, src=auto)"
OTHER = "fact: employer=Acme Robotics (as_of=2025-06-15, src=auto)"
STATED = "fact: team=Platform (as_of=2025-06-15, src=user)"


async def seed(owner: ScopedMemory) -> None:
    await owner.create_entities([Entity("User:Alex", "User", (STATED,))])
    await owner.create_entities([Entity("Project:Atlas", "Project")])
    await owner.add_observations(
        [("User:Alex", [GUESS]), ("Project:Atlas", [OTHER])], confidence=AUTO_CONFIDENCE
    )


async def recall_on_days(owner: ScopedMemory, clock: ManualClock, query: str, days: int) -> None:
    for _ in range(days):
        result = await recall(owner, query)
        assert result.lines, f"{query!r} recalled nothing"
        clock.now += DAY


async def test_recalled_on_five_days_becomes_durable(store: Memory, clock: ManualClock) -> None:
    owner = store.scoped(Scope.owner())
    await seed(owner)
    await recall_on_days(owner, clock, "Belgrade", PROMOTE_DAYS - 1)
    assert await promote_recalled(owner) == 0, "four days are not enough"
    await recall_on_days(owner, clock, "Belgrade", 1)
    report = await run_lifecycle(owner)
    assert report.promoted == 1
    assert await durable_lines(owner) == [("User:Alex", GUESS)]


async def test_many_hits_on_one_day_count_once(store: Memory, clock: ManualClock) -> None:
    owner = store.scoped(Scope.owner())
    await seed(owner)
    for _ in range(10):
        await recall(owner, "Belgrade")
    clock.now += DAY
    assert await promote_recalled(owner) == 0
    assert await durable_lines(owner) == []


async def test_hits_spread_over_more_than_a_week_do_not_promote(
    store: Memory, clock: ManualClock
) -> None:
    owner = store.scoped(Scope.owner())
    await seed(owner)
    for _ in range(PROMOTE_DAYS):
        await recall(owner, "Belgrade")
        clock.now += 2 * DAY
    assert await promote_recalled(owner) == 0


async def test_a_durable_line_no_longer_fades(store: Memory, clock: ManualClock) -> None:
    """After promotion the line keeps its confidence; an unused guess fades and is forgotten."""
    owner = store.scoped(Scope.owner())
    await seed(owner)
    await recall_on_days(owner, clock, "Belgrade", PROMOTE_DAYS)
    await run_lifecycle(owner)
    clock.now += 20 * WEEK
    report = await run_lifecycle(owner)
    assert report.forgotten == 1  # the never-recalled guess on Atlas
    lines = (await owner.open_nodes(["User:Alex"])).entities[0].observations
    assert GUESS in lines
    async with store.db.read() as conn:
        rows = await conn.execute_fetchall(
            "SELECT confidence, durable_at IS NOT NULL FROM observation WHERE text = ?", (GUESS,)
        )
    [(confidence, durable)] = rows
    assert durable
    assert confidence > AUTO_CONFIDENCE


async def test_stated_lines_are_never_counted(store: Memory, clock: ManualClock) -> None:
    """Only guesses (src=auto) are promoted; an explicit line needs no promotion."""
    owner = store.scoped(Scope.owner())
    await seed(owner)
    # asked by name, the owner's entry shows all its lines, the stated one and the guess
    await recall_on_days(owner, clock, "Alex", PROMOTE_DAYS)
    await owner.flush_hits()  # hits are written within a second; now, to read the table
    async with store.db.read() as conn:
        rows = await conn.execute_fetchall(
            "SELECT o.text, count(*) FROM recall_day r JOIN observation o"
            " ON o.id = r.observation_id GROUP BY o.text"
        )
    # the guess was shown beside the stated line, so it is counted
    assert [tuple(r) for r in rows] == [(GUESS, PROMOTE_DAYS)]
    await promote_recalled(owner)
    assert await durable_lines(owner) == [("User:Alex", GUESS)]
