"""The database layer: PRAGMAs, recorded migrations, FTS kept in step, write transactions."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from memory_core import Entity, Memory, Relation, SchemaVersionError, ScopedMemory
from memory_core import db as db_module
from memory_core.errors import StorageError
from memory_core.schema import MIGRATIONS
from memory_core.scope import Scope
from memory_core.upkeep import applied_migrations, search_index_problems


async def test_pragmas(memory: Memory) -> None:
    conn = memory.db.writer
    async with conn.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone()) == ("wal",)
    async with conn.execute("PRAGMA synchronous") as cur:
        assert (await cur.fetchone()) == (2,)  # FULL
    async with conn.execute("PRAGMA foreign_keys") as cur:
        assert (await cur.fetchone()) == (1,)
    async with conn.execute("PRAGMA busy_timeout") as cur:
        row = await cur.fetchone()
        assert row is not None
        assert row[0] >= 5000


async def test_migrations_are_recorded_in_order(memory: Memory) -> None:
    assert applied_migrations(memory.db.path) == [name for name, _ in MIGRATIONS]


async def test_reopen_does_not_rerun_migrations(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with Memory(path) as m:
        await m.scoped(Scope.owner()).create_entities([Entity("Project:A", "Project", ("x",))])
    async with Memory(path) as m:
        assert len(applied_migrations(m.db.path)) == len(MIGRATIONS)
        assert (await m.scoped(Scope.owner()).stats()).entities == 1


async def test_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with Memory(path):
        pass
    with sqlite3.connect(path) as raw:
        raw.execute("INSERT INTO schema_migrations VALUES ('9999_future', 0)")
    with pytest.raises(SchemaVersionError, match="9999_future"):
        async with Memory(path):
            pass


async def test_indexes_lead_with_scope(memory: Memory) -> None:
    conn = memory.db.writer
    for table in ("entity", "observation", "relation"):
        async with conn.execute(f"PRAGMA index_list({table})") as cur:
            indexes = [row[1] for row in await cur.fetchall()]
        assert indexes
        for index in indexes:
            async with conn.execute(f"PRAGMA index_info({index})") as cur:
                columns = [row[2] for row in await cur.fetchall()]
            assert columns[0] == "scope", (table, index, columns)


async def fts_in_step(memory: Memory) -> None:
    conn = memory.db.writer
    for table in ("entity_fts", "observation_fts"):
        await conn.execute(f"INSERT INTO {table} ({table}) VALUES ('integrity-check')")
    async with conn.execute(
        "SELECT count(*) FROM entity e LEFT JOIN entity_doc d ON d.rowid = e.id"
        " WHERE d.rowid IS NULL"
    ) as cur:
        assert (await cur.fetchone()) == (0,)
    async with conn.execute("SELECT count(*) FROM entity_doc") as cur:
        doc_count = await cur.fetchone()
    async with conn.execute("SELECT count(*) FROM entity") as cur:
        assert await cur.fetchone() == doc_count


async def test_fts_indexes_follow_every_change(memory: Memory) -> None:
    owner: ScopedMemory = memory.scoped(Scope.owner())
    await owner.create_entities(
        [Entity("Project:ESO", "Project", ("a: one",)), Entity("Person:Ann", "Person", ())]
    )
    await owner.create_relations([Relation("Person:Ann", "Project:ESO", "works_on")])
    await owner.add_observations([("Person:Ann", ["role: lead", "mood=x"])])
    await owner.add_observations([("Project:ESO", ["a: two"])])
    await owner.delete_observations([("Person:Ann", ["role: lead"])])
    await fts_in_step(memory)
    assert [e.name for e in (await owner.search_nodes("two")).entities] == ["Project:ESO"]
    assert (await owner.search_nodes("lead")).entities == ()
    await owner.delete_entities(["Project:ESO"])
    await fts_in_step(memory)
    assert (await owner.search_nodes("two")).entities == ()


async def test_failed_write_rolls_back(owner: ScopedMemory, memory: Memory) -> None:
    async def failing_write() -> None:
        async with memory.db.write() as conn:
            await owner.repo.insert_entity(conn, "Project:X", "Project", 0.0)
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        await failing_write()
    assert (await owner.stats()).entities == 0
    # the lock is free again
    await owner.create_entities([Entity("Project:Y", "Project", ())])
    assert (await owner.stats()).entities == 1


def _database_before(path: Path, last: str) -> None:
    """Write a file as the version whose newest migration was ``last`` left it."""
    names = [name for name, _ in MIGRATIONS]
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at REAL)")
        for name, sql in MIGRATIONS[: names.index(last) + 1]:
            raw.executescript(sql)
            raw.execute("INSERT INTO schema_migrations VALUES (?, 0)", (name,))


async def test_upgrade_indexes_lines_without_their_provenance(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "m.db"
    _database_before(path, "0009_inserted_names")
    lines = [
        "topic: cursors (as_of=2025-04-09, src=meeting)",
        "role: head of platform (ESO and Orion)",
        "fact: живёт в Белграде (src=user)",
    ]
    sources = ("meeting", None, "user")
    with sqlite3.connect(path) as raw:  # as the previous version wrote them
        raw.execute(
            "INSERT INTO entity VALUES (1, 'owner', 'Note:a.md', 'note:a.md', 'Note', 0, 0)"
        )
        for position, line in enumerate(lines):
            raw.execute(
                "INSERT INTO observation (scope, entity_id, position, text, as_of, source,"
                " created_at, updated_at) VALUES ('owner', 1, ?, ?, ?, ?, 0, 0)",
                (position, line, ("2025-04-09", None, None)[position], sources[position]),
            )
        old = raw.execute("SELECT body FROM entity_doc WHERE rowid = 1").fetchone()[0]
    assert "src=meeting" in old
    caplog.set_level(logging.INFO, logger="memory_core.migrate")
    async with Memory(path) as m:
        assert "re-indexing 3 lines for search" in caplog.text
        owner = m.scoped(Scope.owner())
        assert applied_migrations(m.db.path) == [name for name, _ in MIGRATIONS]
        assert [e.name for e in (await owner.search_nodes("2025-04-09 cursors")).entities] == [
            "Note:a.md"
        ]
        assert (await owner.search_nodes("src")).entities == ()
        assert len((await owner.search_nodes("Orion белград")).entities) == 1
        # lines written after the upgrade are indexed the same way
        await owner.add_observations([("Note:a.md", ["fact: keyset (as_of=2025-05-01, src=kb)"])])
        assert len((await owner.search_nodes("keyset 2025-05")).entities) == 1
        assert (await owner.search_nodes("as_of")).entities == ()
    with sqlite3.connect(path) as raw:
        body = raw.execute("SELECT body FROM entity_doc WHERE rowid = 1").fetchone()[0]
    # each line without its suffix, with its date, month and source; in any order
    expected = [
        "topic: cursors 20250409 mo04 meeting",
        "role: head of platform (ESO and Orion)",
        "fact: живет в Белграде user",
        "fact: keyset 20250501 mo05 kb",
    ]
    assert all(line in body for line in expected)
    assert len(body) == len(" ".join(expected))
    assert search_index_problems(path) == []


def _index_segments(path: Path) -> int:
    with sqlite3.connect(path) as raw:
        return int(raw.execute("SELECT count(DISTINCT segid) FROM entity_doc_idx").fetchone()[0])


async def _one_note(memory: Memory) -> ScopedMemory:
    owner = memory.scoped(Scope.owner())
    await owner.create_entities([Entity("Note:a.md", "Note", ("topic: first",))])
    return owner


async def test_the_search_index_is_merged_once_writes_pause(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db_module, "MERGE_IDLE_SECONDS", 0.05)
    path = tmp_path / "m.db"
    async with Memory(path) as m:
        owner = await _one_note(m)
        for i in range(db_module.MERGE_AFTER + 4):
            await owner.add_observations([("Note:a.md", [f"line {i} of many"])])
        piled = _index_segments(path)  # one small segment per write (FTS5 merges at 16)
        for _ in range(100):
            await asyncio.sleep(0.02)
            if _index_segments(path) < piled:
                break
        assert _index_segments(path) == 1 < piled
        found = await owner.search_nodes("line 11 many")
        assert [e.name for e in found.entities] == ["Note:a.md"]
    with sqlite3.connect(path) as raw:  # the merged index is sound
        raw.execute("INSERT INTO entity_doc (entity_doc, rank) VALUES ('integrity-check', 0)")


async def test_writes_that_never_pause_are_merged_once_they_pile_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A busy chat or a client writing in a loop never pauses for a second: after
    MERGE_BUSY commits the merge runs anyway (searches read every segment)."""
    monkeypatch.setattr(db_module, "MERGE_BUSY", db_module.MERGE_AFTER + 2)
    path = tmp_path / "m.db"
    async with Memory(path) as m:
        owner = await _one_note(m)
        for i in range(db_module.MERGE_BUSY + 1):
            await owner.add_observations([("Note:a.md", [f"line {i} of many"])])
        merged = False
        for _ in range(25):  # half the pause that would merge them (a second)
            await asyncio.sleep(0.02)
            if _index_segments(path) <= 3:
                merged = True
                break
        assert merged, _index_segments(path)
        found = await owner.search_nodes("line 3 many")
        assert [e.name for e in found.entities] == ["Note:a.md"]


async def test_no_merge_runs_while_a_few_writes_go_on_or_after_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "m.db"
    async with Memory(path) as m:  # a write every 0.05 s: never the pause of a second
        owner = await _one_note(m)
        assert db_module.MERGE_AFTER * 3 < db_module.MERGE_BUSY
        for i in range(db_module.MERGE_AFTER * 3):
            await owner.add_observations([("Note:a.md", [f"line {i}"])])
            await asyncio.sleep(0.05)
        assert _index_segments(path) > db_module.MERGE_AFTER
    monkeypatch.setattr(db_module, "MERGE_IDLE_SECONDS", 0.05)
    async with Memory(path) as m:
        await m.scoped(Scope.owner()).add_observations([("Note:a.md", ["one more"])])
        piled = _index_segments(path)
        await asyncio.sleep(0.3)  # one write is no reason to merge
        assert _index_segments(path) == piled


async def test_statements_run_on_the_loop_thread_and_waits_on_the_writers(
    memory: Memory, tmp_path: Path
) -> None:
    """Reads, and a write's own statements, make no aiosqlite thread hop per statement (its
    cost was the statement's own, or more). What may wait goes to the writer's thread: a
    commit that flushes to the disk, taking the write lock while another connection holds
    it, and every statement of a bulk write."""
    owner = memory.scoped(Scope.owner())
    here = threading.get_ident()
    reads: set[int] = set()
    writes: list[tuple[str, bool]] = []
    async with memory.db.read() as conn:
        await conn.set_trace_callback(lambda _sql: reads.add(threading.get_ident()))
    async with memory.db.write() as conn:
        await conn.set_trace_callback(
            lambda sql: writes.append((sql, threading.get_ident() == here))
        )

    def away() -> list[str]:
        return [sql for sql, on_loop in writes if not on_loop and not sql.startswith("PRAGMA")]

    writes.clear()
    await owner.create_entities([Entity("Project:Atlas", "Project", ("status: green",))])
    assert (await owner.search_nodes("atlas")).entities
    assert reads == {here}
    assert away() == ["COMMIT"], "the lock was free: only the flushing commit went away"
    assert any(sql.startswith("INSERT INTO entity") and on_loop for sql, on_loop in writes)

    writes.clear()
    async with memory.db.write(bulk=True) as conn:
        await conn.execute("SELECT count(*) FROM entity")
    assert away() == ["SELECT count(*) FROM entity", "COMMIT"]

    def mark(raw: sqlite3.Connection) -> None:
        raw.execute(
            "INSERT INTO inbox (update_id, payload, received_at, attempts) VALUES (7, 'x', 0, 0)"
        )

    writes.clear()
    await memory.db.transact(mark, durable=False)
    assert away() == [], "nothing waited: a free lock, a commit not flushed"
    assert ("COMMIT", True) in writes
    writes.clear()
    await memory.db.transact(lambda raw: raw.execute("DELETE FROM inbox"))
    assert away() == ["BEGIN IMMEDIATE", "DELETE FROM inbox", "COMMIT"], "a durable one: all away"

    other = sqlite3.connect(tmp_path / "memory.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    writes.clear()
    pending = asyncio.create_task(memory.db.transact(mark, durable=False))
    await asyncio.sleep(0.05)
    other.execute("COMMIT")
    other.close()
    await pending
    assert away()[0] == "BEGIN IMMEDIATE", "a held lock is waited for on the writer's thread"
    [(sync,)] = await memory.db.writer.execute_fetchall("PRAGMA synchronous")
    assert sync == 2, "FULL again after commits that were not flushed"

    await memory.close()
    with pytest.raises(Exception, match="not open"):
        await owner.search_nodes("atlas")


async def test_a_write_after_a_cancelled_one_waits_for_the_writers_thread(
    memory: Memory,
) -> None:
    """A caller cancelled while the writer's thread runs its transaction releases the lock
    at once; the next write must not start on the same connection meanwhile, but after."""
    started = threading.Event()

    def slow(raw: sqlite3.Connection) -> None:
        raw.execute(
            "INSERT INTO inbox (update_id, payload, received_at, attempts) VALUES (1, 'a', 0, 0)"
        )
        started.set()
        time.sleep(0.2)

    def mark(raw: sqlite3.Connection) -> None:
        raw.execute(
            "INSERT INTO inbox (update_id, payload, received_at, attempts) VALUES (2, 'b', 0, 0)"
        )

    first = asyncio.create_task(memory.db.transact(slow))
    assert await asyncio.to_thread(started.wait, 5.0)
    first.cancel()
    with pytest.raises(asyncio.CancelledError):
        await first
    await memory.db.transact(mark, durable=False)
    async with memory.db.read() as conn:
        keys = await conn.execute_fetchall("SELECT update_id FROM inbox ORDER BY update_id")
    assert [k for (k,) in keys] == [1, 2], "both landed, one after the other"


async def test_waiting_for_another_writer_leaves_the_loop_running(
    memory: Memory, tmp_path: Path
) -> None:
    """While another connection holds the write lock, other tasks run; then the write lands."""
    owner = memory.scoped(Scope.owner())
    other = sqlite3.connect(tmp_path / "memory.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    ticker = asyncio.create_task(tick())
    write = asyncio.create_task(
        owner.create_entities([Entity("Project:Atlas", "Project", ("status: green",))])
    )
    try:
        await asyncio.sleep(0.1)
        seen = ticks
        assert not write.done(), "the other connection still holds the lock"
        await asyncio.sleep(0.05)
        assert ticks > seen, "the loop kept running while the write waited"
    finally:
        other.execute("COMMIT")
        other.close()
    await write
    ticker.cancel()
    assert (await owner.open_nodes(["Project:Atlas"])).entities


async def test_a_short_write_is_one_transaction_and_keeps_full_sync(memory: Memory) -> None:
    """``transact``: one transaction, rolled back whole on an error; a write that need not
    reach the disk at once leaves the connection flushing every later commit again."""

    def insert(raw: sqlite3.Connection) -> int:
        raw.execute(
            "INSERT INTO inbox (update_id, payload, received_at, attempts) VALUES (1, 'a', 0, 0)"
        )
        return int(raw.execute("SELECT count(*) FROM inbox").fetchone()[0])

    def half_then_fail(raw: sqlite3.Connection) -> None:
        raw.execute(
            "INSERT INTO inbox (update_id, payload, received_at, attempts) VALUES (2, 'b', 0, 0)"
        )
        raw.execute("INSERT INTO no_such_table VALUES (1)")

    assert await memory.db.transact(insert, durable=False) == 1
    with pytest.raises(StorageError):
        await memory.db.transact(half_then_fail)
    async with memory.db.read() as conn:
        keys = await conn.execute_fetchall("SELECT update_id FROM inbox")
    assert [k for (k,) in keys] == [1], "the failed one left nothing"
    [(sync,)] = await memory.db.writer.execute_fetchall("PRAGMA synchronous")
    assert sync == 2, "FULL again after a write that was not flushed"
