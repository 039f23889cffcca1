"""The entities and lines recall keeps between questions: what the file holds, never stale."""

from __future__ import annotations

import random
from pathlib import Path

import aiosqlite

from memory_core import Entity, Memory
from memory_core.entity_lines import EntityLines, Loaded
from memory_core.rows import EntityRow, ObservationRow
from memory_core.scope import Scope
from memory_core.service import ScopedMemory

Read = tuple[dict[int, EntityRow], dict[int, list[ObservationRow]]]


def _as_read(found: dict[int, Loaded]) -> Read:
    """Kept entities as the file's statement returns them."""
    return {i: e.row for i, e in found.items()}, {i: list(e.lines) for i, e in found.items()}


def _ranked(loaded: Read) -> Read:
    """What ranking reads: the rows without the counts reinforcement changes."""
    rows, lines = loaded
    return rows, {
        i: [o._replace(access_count=0, confidence=0.0) for o in ls] for i, ls in lines.items()
    }


async def _ids(conn: aiosqlite.Connection) -> list[int]:
    return [int(r[0]) for r in await conn.execute_fetchall("SELECT id FROM entity ORDER BY id")]


async def _same_as_the_file(owner: ScopedMemory, kept: EntityLines, pick: list[int]) -> None:
    async with owner.read() as conn:
        from_kept = _as_read(await kept.load(owner.repo, conn, pick))
        from_file = await owner.repo.entities_with_lines(conn, pick)
    assert _ranked(from_kept) == _ranked(from_file)


async def _people(owner: ScopedMemory, n: int) -> None:
    await owner.create_entities(
        [
            Entity(
                f"Person:P{i:02d}",
                "Person",
                tuple(f"fact: line {j} of P{i:02d}" for j in range(i % 4)),
            )
            for i in range(n)
        ]
    )


async def test_kept_entities_follow_every_change_of_what_ranking_reads(
    memory: Memory, owner: ScopedMemory
) -> None:
    await _people(owner, 30)
    kept = EntityLines()
    async with owner.read() as conn:
        ids = await _ids(conn)
    await _same_as_the_file(owner, kept, ids)
    assert len(kept) == 30
    first_line = "(SELECT min(id) FROM observation)"
    last_line = "(SELECT max(id) FROM observation WHERE forgotten_at IS NULL)"
    changes = [
        f"UPDATE observation SET text = 'fact: edited' WHERE id = {first_line}",
        f"UPDATE observation SET forgotten_at = 1.0 WHERE id = {last_line}",
        "UPDATE observation SET as_of = '2020-01-01' WHERE id IN"
        " (SELECT id FROM observation LIMIT 3)",
        "UPDATE observation SET source = 'kb', updated_at = 5.0 WHERE id % 5 = 0",
        "UPDATE observation SET position = 100 - position"
        " WHERE entity_id = (SELECT max(id) FROM entity)",
        # a line moved to another entity (a merge): both ends change
        f"UPDATE observation SET entity_id = (SELECT min(id) FROM entity) WHERE id = {last_line}",
        "UPDATE entity SET name = 'Person:Renamed', name_key = 'renamed'"
        " WHERE name = 'Person:P03'",
        "UPDATE entity SET entity_type = 'Colleague' WHERE name = 'Person:P05'",
        "UPDATE entity SET updated_at = 9.0 WHERE name = 'Person:P06'",
        f"DELETE FROM observation WHERE id = {first_line}",
    ]
    for sql in changes:
        async with memory.db.write() as conn:  # the triggers see every writer
            await conn.execute(sql)
        await _same_as_the_file(owner, kept, ids)
    await owner.add_observations([("Person:P00", ["fact: new line"])])
    await _same_as_the_file(owner, kept, ids)
    await owner.delete_entities(["Person:P01"])
    await _same_as_the_file(owner, kept, ids)


async def test_a_reused_id_is_read_again(owner: ScopedMemory) -> None:
    """SQLite gives the largest id again after it was deleted; its version is a new one."""
    await _people(owner, 3)
    kept = EntityLines()
    async with owner.read() as conn:
        ids = await _ids(conn)
    await _same_as_the_file(owner, kept, ids)
    await owner.delete_entities(["Person:P02"])
    await owner.create_entities([Entity("Project:Reborn", "Project", ("status: new",))])
    async with owner.read() as conn:
        assert ids[-1] in await _ids(conn)  # the id came back
    await _same_as_the_file(owner, kept, ids)


async def test_counts_do_not_make_an_entity_read_again(owner: ScopedMemory) -> None:
    """Reinforcement changes counts on every recall; ranking never reads them."""
    await _people(owner, 8)
    kept = EntityLines()
    statements: list[str] = []
    async with owner.read() as conn:
        ids = await _ids(conn)
        await conn.set_trace_callback(statements.append)
    await _same_as_the_file(owner, kept, ids)
    async with owner.read() as conn:
        line_ids = [int(r[0]) for r in await conn.execute_fetchall("SELECT id FROM observation")]
    owner.reinforce(line_ids)
    await owner.flush_hits()
    statements.clear()
    async with owner.read() as conn:
        await kept.load(owner.repo, conn, ids)
    assert not any("LEFT JOIN observation" in s for s in statements)  # versions only
    assert any("lines_version" in s for s in statements)
    await owner.add_observations([("Person:P02", ["fact: one more"])])
    statements.clear()
    async with owner.read() as conn:
        rows, lines = _as_read(await kept.load(owner.repo, conn, ids))
    joined = [s for s in statements if "LEFT JOIN observation" in s]
    assert len(joined) == 1
    assert f"e.id IN ({ids[2]})" in joined[0]  # the changed one only
    assert rows[ids[2]].name == "Person:P02"
    assert "fact: one more" in [o.text for o in lines[ids[2]]]


async def test_another_process_writing_a_line_is_seen(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with Memory(path) as bot, Memory(path) as other:
        owner = bot.scoped(Scope.owner())
        await _people(owner, 5)
        kept = EntityLines()
        async with owner.read() as conn:
            ids = await _ids(conn)
        await _same_as_the_file(owner, kept, ids)
        await other.scoped(Scope.owner()).add_observations([("Person:P04", ["fact: from MCP"])])
        async with owner.read() as conn:
            _, lines = _as_read(await kept.load(owner.repo, conn, ids))
        assert "fact: from MCP" in [o.text for o in lines[ids[4]]]


async def test_other_scopes_and_missing_ids_are_not_returned(memory: Memory) -> None:
    owner, group = memory.scoped(Scope.owner()), memory.scoped(Scope.chat(-100))
    await owner.create_entities([Entity("Person:Mine", "Person", ("fact: private",))])
    await group.create_entities([Entity("Person:Theirs", "Person", ("fact: the group's",))])
    kept = EntityLines()
    async with owner.read() as conn:
        ids = await _ids(conn)
        rows, lines = _as_read(await kept.load(owner.repo, conn, [*ids, 999]))
    assert [r.name for r in rows.values()] == ["Person:Mine"]
    assert set(lines) == set(rows)


async def test_a_small_cache_keeps_at_most_its_size(owner: ScopedMemory) -> None:
    await _people(owner, 40)
    small = EntityLines(max_entities=6)
    rnd = random.Random(3)
    async with owner.read() as conn:
        ids = await _ids(conn)
    for _ in range(20):
        pick = rnd.sample(ids, 5)
        await _same_as_the_file(owner, small, pick)
        assert len(small) <= 6
