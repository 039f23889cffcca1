"""Recall hits are written in batches within a second: a crash loses those at most, no fact."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from memory_core import Entity, Memory, ScopedMemory
from memory_core.errors import StorageError
from memory_core.recall import RecallOptions, recall
from memory_core.scope import Scope
from tests.conftest import ManualClock

ROOT = Path(__file__).resolve().parents[2]


async def counts(scoped: ScopedMemory, text: str) -> tuple[int, float]:
    async with (
        scoped.read() as conn,
        conn.execute(
            "SELECT access_count, confidence FROM observation WHERE scope = ? AND text = ?",
            (scoped.scope.value, text),
        ) as cur,
    ):
        row = await cur.fetchone()
    assert row is not None, text
    return int(row[0]), float(row[1])


@pytest.fixture
async def atlas(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("Project:Atlas", "Project", ("status: green",)),
            Entity("Person:Dana", "Person", ("role: designer",)),
        ]
    )
    return owner


async def test_a_crash_loses_only_the_hits_not_yet_written_and_no_fact(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    proc = await asyncio.create_subprocess_exec(
        *[sys.executable, "-m", "tests.memory_core.recall_hits_process", str(db)],
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode == -signal.SIGKILL, err.decode()
    assert out.decode().splitlines() == ["hits written"]
    async with Memory(db) as memory:
        owner = memory.scoped(Scope.owner())
        [atlas] = (await owner.open_nodes(["Project:Atlas"])).entities
        assert set(atlas.observations) == {"status: green", "owner: Dana"}
        hits, confidence = await counts(owner, "status: green")
    assert hits == 3, "the three hits written before the crash, not the two after"
    assert confidence == pytest.approx(1 - 0.2 * 0.9**3)


async def test_hits_wait_in_memory_and_closing_writes_them(tmp_path: Path) -> None:
    memory = Memory(tmp_path / "m.db")
    await memory.open()
    memory.hits.delay = 3600  # nothing is written before the close
    owner = memory.scoped(Scope.owner())
    await owner.create_entities([Entity("Project:Atlas", "Project", ("status: green",))])
    for _ in range(2):
        await recall(owner, "Atlas status", RecallOptions())
    assert len(memory.hits) == 1
    assert await counts(owner, "status: green") == pytest.approx((0, 0.8))
    await memory.close()
    async with Memory(tmp_path / "m.db") as again:
        hits, confidence = await counts(again.scoped(Scope.owner()), "status: green")
    assert hits == 2
    assert confidence == pytest.approx(0.8 + 0.1 * 0.2 + 0.1 * (1 - 0.82))


async def test_many_hits_in_one_write_equal_one_write_per_hit(
    memory: Memory, atlas: ScopedMemory
) -> None:
    for _ in range(4):
        await recall(atlas, "Atlas status", RecallOptions())
    await recall(atlas, "Dana role", RecallOptions())
    await atlas.flush_hits()
    assert len(memory.hits) == 0
    single = 0.8
    for _ in range(4):
        single += 0.1 * (1 - single)
    assert await counts(atlas, "status: green") == pytest.approx((4, single))
    assert await counts(atlas, "role: designer") == pytest.approx((1, 0.82))


async def test_hits_stay_in_their_scope_and_survive_a_deleted_line(memory: Memory) -> None:
    owner, group = memory.scoped(Scope.owner()), memory.scoped(Scope.chat(-100))
    for scoped in (owner, group):
        await scoped.create_entities([Entity("Project:Atlas", "Project", ("status: green",))])
    await recall(owner, "Atlas status", RecallOptions())
    await recall(group, "Atlas status", RecallOptions())
    await recall(group, "Atlas status", RecallOptions())
    await owner.delete_observations([("Project:Atlas", ["status: green"])])
    await memory.hits.flush()  # one line is gone: its hit is dropped, the other written
    assert (await counts(group, "status: green"))[0] == 2
    assert (await owner.open_nodes(["Project:Atlas"])).entities[0].observations == ()


async def test_a_failed_write_keeps_the_hits_for_the_next(tmp_path: Path) -> None:
    memory = Memory(tmp_path / "m.db")
    await memory.open()
    memory.hits.delay = 3600  # only the explicit writes below
    owner = memory.scoped(Scope.owner())
    await owner.create_entities([Entity("Project:Atlas", "Project", ("status: green",))])
    await recall(owner, "Atlas status", RecallOptions())
    await memory.db.close()  # the file goes away under the waiting hits
    with pytest.raises(StorageError):
        await memory.hits.flush()
    assert len(memory.hits) == 1
    await memory.db.open()
    await memory.hits.flush()
    assert await counts(owner, "status: green") == pytest.approx((1, 0.82))
    await memory.close()


async def test_hits_keep_the_day_they_happened_on(store: Memory, clock: ManualClock) -> None:
    """Recall days promote guesses: a hit written a moment later still counts on its day."""
    store.hits.delay = 3600  # all of them wait for the one write below
    owner = store.scoped(Scope.owner())
    await owner.create_entities([Entity("User:Alex", "User")])
    await owner.add_observations(
        [("User:Alex", ["fact: location=Belgrade (src=auto)"])], confidence=0.5
    )
    for _ in range(3):
        await recall(owner, "Belgrade", RecallOptions())
        clock.now += 24 * 3600
    await owner.flush_hits()
    async with (
        owner.read() as conn,
        conn.execute("SELECT count(DISTINCT day) FROM recall_day") as cur,
    ):
        assert await cur.fetchone() == (3,)
    assert (await counts(owner, "fact: location=Belgrade (src=auto)"))[0] == 3
