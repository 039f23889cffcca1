"""The durable inbox: stored before handling, finished after, redeliveries and poison updates."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from memory_core import Memory
from memory_core.inbox import FINISH_DELAY, KEEP_DONE_SECONDS, MAX_ATTEMPTS, STALE_SECONDS


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def payloads(path: Path) -> list[tuple[int, str | None, float | None]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT update_id, payload, done_at FROM inbox ORDER BY 1").fetchall()


async def test_received_updates_survive_a_restart_until_finished(tmp_path: Path) -> None:
    """What was received and not finished comes back after reopening, oldest first."""
    db = tmp_path / "m.db"
    async with Memory(db) as memory:
        assert await memory.inbox.receive(7, '{"n": 7}')
        assert await memory.inbox.receive(5, '{"n": 5}')
        assert await memory.inbox.receive(9, '{"n": 9}')
        await memory.inbox.begin(7)
        await memory.inbox.finish(7)
    async with Memory(db) as memory:
        found = await memory.inbox.unfinished()
    assert [(r.key, r.payload) for r in found.pending] == [(5, '{"n": 5}'), (9, '{"n": 9}')]
    assert found.given_up == ()
    assert payloads(db)[1] == (7, None, payloads(db)[1][2]), "a finished payload is dropped"


async def test_a_redelivery_is_not_received_twice(memory: Memory) -> None:
    assert await memory.inbox.receive(1, "a")
    assert not await memory.inbox.receive(1, "a"), "in hand: a redelivery"
    await memory.inbox.finish(1)
    assert not await memory.inbox.receive(1, "a"), "finished: still a redelivery"
    assert (await memory.inbox.unfinished()).pending == ()


async def test_finished_ids_are_forgotten_after_a_while(tmp_path: Path) -> None:
    clock = Clock()
    async with Memory(tmp_path / "m.db", clock=clock) as memory:
        await memory.inbox.receive(1, "a")
        await memory.inbox.finish(1)
        clock.now += KEEP_DONE_SECONDS + 1
        assert await memory.inbox.receive(2, "b")
        assert [row[0] for row in payloads(tmp_path / "m.db")] == [2]
        assert await memory.inbox.receive(1, "a new update with an old id")


async def test_an_update_that_never_finishes_is_given_up(tmp_path: Path) -> None:
    """An update begun MAX_ATTEMPTS times (it may crash the process) is not tried again."""
    clock = Clock()
    async with Memory(tmp_path / "m.db", clock=clock) as memory:
        await memory.inbox.receive(1, "poison")
        await memory.inbox.receive(2, "fine")
        for _ in range(MAX_ATTEMPTS - 1):
            await memory.inbox.begin(1)
            assert [r.key for r in (await memory.inbox.unfinished()).pending] == [1, 2]
        await memory.inbox.begin(1)
        found = await memory.inbox.unfinished()
        assert [r.key for r in found.pending] == [2]
        assert found.given_up == (1,)
        assert (await memory.inbox.unfinished()).given_up == ()
        clock.now += STALE_SECONDS + 1
        assert (await memory.inbox.unfinished()).given_up == (2,), "too old to answer now"


async def test_a_fetched_batch_is_stored_in_one_transaction(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    async with Memory(db) as memory:
        assert await memory.inbox.receive(2, "two")
        commits: list[str] = []
        await memory.db.writer.set_trace_callback(commits.append)
        fresh = await memory.inbox.receive_many([(1, "one"), (2, "two again"), (3, "three")])
        await memory.db.writer.set_trace_callback(lambda _statement: None)
        assert fresh == {1, 3}, "2 was here already: a redelivery"
        assert sum(s.strip().upper() == "COMMIT" for s in commits) == 1
        assert [r.key for r in (await memory.inbox.unfinished()).pending] == [1, 2, 3]
    assert [p for _, p, _ in payloads(db)] == ["one", "two", "three"]


async def test_a_finish_is_written_with_the_next_begin(tmp_path: Path) -> None:
    """Marks wait for the next write: a process killed before it handles that update again."""
    db = tmp_path / "m.db"
    async with Memory(db) as memory:
        await memory.inbox.receive_many([(1, "a"), (2, "b")])
        await memory.inbox.begin(1)
        await memory.inbox.finish(1)
        assert [done for *_, done in payloads(db)] == [None, None], "not written yet"
        await memory.inbox.begin(2)
        first, second = payloads(db)
        assert first[1] is None, "the payload of a finished update is dropped"
        assert first[2] is not None, "finished with the next begin"
        assert second[2] is None
        await memory.inbox.finish(2)
    assert payloads(db)[1][2] is not None, "written when the store closed"


async def test_a_finish_is_written_within_the_delay(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    async with Memory(db) as memory:
        await memory.inbox.receive(1, "a")
        await memory.inbox.finish(1)
        await asyncio.sleep(FINISH_DELAY + 0.3)
        assert payloads(db) == [(1, None, payloads(db)[0][2])]
        assert payloads(db)[0][2] is not None
        assert (await memory.inbox.unfinished()).pending == ()
