"""The memory lifecycle over simulated weeks, with an injected clock, on a real SQLite file."""

from __future__ import annotations

import pytest

from memory_core import Entity, Memory, ScopedMemory
from memory_core.jsonl import export_lines
from memory_core.lifecycle import (
    AUTO_CONFIDENCE,
    forgotten_lines,
    restore_lines,
    run_lifecycle,
)
from memory_core.overview import recent_lines
from memory_core.recall import RecallOptions, recall
from memory_core.scope import Scope
from tests.conftest import ManualClock

DAY = 24 * 3600.0
WEEK = 7 * DAY
START = 1_750_000_000.0

AUTO = "fact: location=Belgrade (as_of=2025-06-15, src=auto)"
AUTO_2 = "fact: employer=Acme Robotics (as_of=2025-06-15, src=auto)"
EXPLICIT = "pref: answer_format=1_screen (as_of=2025-06-15, src=user)"


async def seed(scoped: ScopedMemory) -> None:
    await scoped.create_entities(
        [Entity("User:Alex", "User", (EXPLICIT,)), Entity("Project:Atlas", "Project")]
    )
    await scoped.add_observations(
        [("User:Alex", [AUTO]), ("Project:Atlas", [AUTO_2])], confidence=AUTO_CONFIDENCE
    )


async def confidences(scoped: ScopedMemory) -> dict[str, float]:
    async with (
        scoped.read() as conn,
        conn.execute(
            "SELECT text, confidence FROM observation WHERE scope = ?", (scoped.scope.value,)
        ) as cur,
    ):
        return {str(t): float(c) for t, c in await cur.fetchall()}


async def visible(scoped: ScopedMemory) -> list[str]:
    graph = await scoped.read_graph()
    return [o for e in graph.entities for o in e.observations]


async def live_weeks(store: Memory, clock: ManualClock, n: int) -> None:
    """Run the daily job every day for ``n`` weeks."""
    for _ in range(n * 7):
        clock.now += DAY
        await run_lifecycle(store.scoped(Scope.owner()))


async def test_confidence_parameter_sets_the_starting_confidence(store: Memory) -> None:
    owner = store.scoped(Scope.owner())
    await seed(owner)
    assert await confidences(owner) == {EXPLICIT: 0.8, AUTO: 0.5, AUTO_2: 0.5}


async def test_auto_facts_decay_weekly_and_explicit_ones_never(
    store: Memory, clock: ManualClock
) -> None:
    owner = store.scoped(Scope.owner())
    await seed(owner)
    clock.now += 6 * DAY
    await run_lifecycle(owner)
    assert (await confidences(owner))[AUTO] == 0.5  # not a full week yet
    await live_weeks(store, clock, 4)
    conf = await confidences(owner)
    assert conf[AUTO] == pytest.approx(0.3)
    assert conf[EXPLICIT] == 0.8
    # a job that ran once a month decays exactly as much as a daily one
    clock.now += 4 * WEEK
    await run_lifecycle(owner)
    assert (await confidences(owner))[AUTO] == pytest.approx(0.1)


async def test_unreinforced_auto_fact_is_forgotten_restorable_then_purged(
    store: Memory, clock: ManualClock
) -> None:
    owner = store.scoped(Scope.owner())
    await seed(owner)
    # recalled once: reinforced, so never forgotten softly
    hit = await recall(owner, "Acme Robotics", RecallOptions())
    assert [ln.text for ln in hit.lines] == [AUTO_2]

    await live_weeks(store, clock, 8)
    assert AUTO in await visible(owner)  # 0.1 is not below 0.1 yet
    await live_weeks(store, clock, 1)
    shown = await visible(owner)
    assert AUTO not in shown
    assert {EXPLICIT, AUTO_2} <= set(shown)
    assert (await owner.stats()).observations == 2
    assert AUTO not in "\n".join([line async for line in export_lines(owner)])
    assert AUTO not in [ln.text for ln in await recent_lines(owner, 10)]
    assert not (await recall(owner, "Belgrade", RecallOptions(reinforce=False))).lines
    assert not (await owner.search_nodes("Belgrade")).entities

    [gone] = await forgotten_lines(owner)
    assert (gone.entity, gone.text) == ("User:Alex", AUTO)
    assert gone.restorable_until == pytest.approx(gone.forgotten_at + 30 * DAY)
    [back] = await restore_lines(owner, [gone.id])
    assert back.text == AUTO
    assert AUTO in await visible(owner)
    assert (await confidences(owner))[AUTO] == AUTO_CONFIDENCE
    assert (await owner.search_nodes("Belgrade")).entities
    assert await forgotten_lines(owner) == []

    # forgotten again after another nine weeks, then purged 30 days later
    await live_weeks(store, clock, 9)
    assert [f.text for f in await forgotten_lines(owner)] == [AUTO]
    clock.now += 29 * DAY
    await run_lifecycle(owner)
    assert len(await forgotten_lines(owner)) == 1
    clock.now += 2 * DAY
    report = await run_lifecycle(owner)
    assert report.purged == 1
    assert await forgotten_lines(owner) == []
    assert AUTO not in await confidences(owner)
    assert (await confidences(owner))[EXPLICIT] == 0.8


async def test_re_adding_a_forgotten_line_unforgets_it(store: Memory, clock: ManualClock) -> None:
    owner = store.scoped(Scope.owner())
    await seed(owner)
    await live_weeks(store, clock, 9)
    assert len(await forgotten_lines(owner)) == 2
    [added] = await owner.add_observations([("User:Alex", [AUTO])])
    assert added.added == (AUTO,)
    assert AUTO in await visible(owner)
    assert [f.text for f in await forgotten_lines(owner)] == [AUTO_2]
    assert (await confidences(owner))[AUTO] == 0.8
    # a new value for a forgotten key replaces the forgotten line for good
    await owner.add_observations([("Project:Atlas", ["fact: employer=Globex (src=user)"])])
    assert await forgotten_lines(owner) == []


async def test_restore_ignores_other_scopes_and_visible_lines(
    store: Memory, clock: ManualClock
) -> None:
    owner, other = store.scoped(Scope.owner()), store.scoped(Scope.parse("chat:-100200"))
    await seed(owner)
    await seed(other)
    assert [s.value for s in await store.scopes()] == ["chat:-100200", "owner"]
    await live_weeks(store, clock, 9)  # only the owner's scope ran
    assert await forgotten_lines(other) == []
    ids = [f.id for f in await forgotten_lines(owner)]
    assert await restore_lines(other, ids) == []
    assert len(await forgotten_lines(owner)) == 2
