"""The 24-hour working memory: turns kept per scope, expiry by the injected clock, forgetting."""

from __future__ import annotations

from memory_core import Entity, Memory
from memory_core.editing import EntityTarget, LineTarget
from memory_core.jsonl import export_lines
from memory_core.lifecycle import run_lifecycle
from memory_core.models import Relation
from memory_core.scope import Scope
from memory_core.working_memory import (
    MAX_TURNS,
    WINDOW_SECONDS,
    forget_turns,
    recent_turns,
    record_turn,
)
from tests.conftest import ManualClock

START = 1_750_000_000.0
HOUR = 3600.0


async def test_turns_come_back_newest_first_with_what_they_touched(store: Memory) -> None:
    """A turn keeps the message, the reply, the entities and exactly what it wrote."""
    owner = store.scoped(Scope.owner())
    wrote = (
        LineTarget("Person:Ann", "role: QA (as_of=2026-01-01, src=user)"),
        EntityTarget("Person:Ann"),
        Relation("Person:Ann", "Project:Orion", "works_on"),
    )
    await record_turn(owner, "who leads Orion?", "Nobody I know of.", ["Project:Orion"])
    await record_turn(owner, "remember Ann is QA on Orion", "Saved.", ["Person:Ann"], wrote)
    first, second = await recent_turns(owner)
    assert (first.message, first.reply, first.entities) == (
        "remember Ann is QA on Orion",
        "Saved.",
        ("Person:Ann",),
    )
    assert first.wrote == wrote
    assert second.entities == ("Project:Orion",)
    assert second.wrote == ()


async def test_turns_expire_after_24_hours(store: Memory, clock: ManualClock) -> None:
    """A turn is read for 24 hours and deleted at the next write (or lifecycle run) after."""
    owner = store.scoped(Scope.owner())
    await record_turn(owner, "old message", "old reply")
    clock.now += WINDOW_SECONDS - HOUR
    assert [t.message for t in await recent_turns(owner)] == ["old message"]
    await record_turn(owner, "newer", "reply")
    clock.now += 2 * HOUR
    assert [t.message for t in await recent_turns(owner)] == ["newer"]
    async with store.db.read() as conn:
        rows = await conn.execute_fetchall("SELECT message FROM working_turn")
    assert [r[0] for r in rows] == ["old message", "newer"]  # hidden, not yet deleted
    await record_turn(owner, "latest", "reply")
    async with store.db.read() as conn:
        rows = await conn.execute_fetchall("SELECT message FROM working_turn")
    assert [r[0] for r in rows] == ["newer", "latest"]
    clock.now += WINDOW_SECONDS + 1
    await owner.create_entities([Entity("User:Alex", "User")])
    await run_lifecycle(owner)
    async with store.db.read() as conn:
        assert await conn.execute_fetchall("SELECT * FROM working_turn") == []


async def test_only_the_newest_turns_are_kept(store: Memory, clock: ManualClock) -> None:
    owner = store.scoped(Scope.owner())
    for n in range(MAX_TURNS + 5):
        clock.now += 1
        await record_turn(owner, f"message {n}", "ok")
    turns = await recent_turns(owner, limit=100)
    assert len(turns) == MAX_TURNS
    assert turns[0].message == f"message {MAX_TURNS + 4}"


async def test_scopes_never_see_each_others_turns(store: Memory) -> None:
    owner = store.scoped(Scope.owner())
    group = store.scoped(Scope.parse("chat:-100"))
    await record_turn(owner, "mine", "a")
    await record_turn(group, "theirs", "b")
    assert [t.message for t in await recent_turns(owner)] == ["mine"]
    assert [t.message for t in await recent_turns(group)] == ["theirs"]
    assert await forget_turns(group) == 1
    assert [t.message for t in await recent_turns(owner)] == ["mine"]


async def test_forgetting_one_turn(store: Memory) -> None:
    owner = store.scoped(Scope.owner())
    await record_turn(owner, "keep", "a")
    drop = await record_turn(owner, "drop", "b")
    assert await forget_turns(owner, [drop]) == 1
    assert [t.message for t in await recent_turns(owner)] == ["keep"]


async def test_turns_are_never_memory(store: Memory) -> None:
    """No count, search, graph or export shows a turn."""
    owner = store.scoped(Scope.owner())
    await record_turn(owner, "my secret plan is tea", "noted", ["User:Alex"])
    stats = await owner.stats()
    assert (stats.entities, stats.observations, stats.relations) == (0, 0, 0)
    assert (await owner.search_nodes("tea")).entities == ()
    assert (await owner.read_graph()).entities == ()
    assert [line async for line in export_lines(owner)] == []
