"""Database upkeep on real SQLite files: moving a scope, backups, integrity and index checks."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from memory_core import Entity, InvalidInputError, Memory, Relation, Scope, StorageError
from memory_core.editing import remember
from memory_core.recall import recall
from memory_core.upkeep import (
    KNOWN_MIGRATIONS,
    applied_migrations,
    backup_file,
    integrity_problems,
    newest_change,
    search_index_problems,
)

OLD = Scope.chat(-4_001)
NEW = Scope.chat(-1_009_000_000_001)


async def _fill(memory: Memory, scope: Scope) -> None:
    scoped = memory.scoped(scope)
    await scoped.create_entities(
        [
            Entity("Project:Atlas", "Project", ("decision: pagination=cursor (src=meeting)",)),
            Entity("Person:Ann Lee", "Person", ("role: tech lead",)),
        ]
    )
    await scoped.create_relations([Relation("Person:Ann Lee", "Project:Atlas", "works_on")])
    await remember(scoped, "Project:Atlas", "Project", ["fact: due=May"], update_key="tg:1:2:3")


async def _rows(path: Path, scope: Scope) -> dict[str, int]:
    with sqlite3.connect(path) as conn:
        return {
            table: conn.execute(
                f"SELECT count(*) FROM {table} WHERE scope = ?", (scope.value,)
            ).fetchone()[0]
            for table in ("entity", "observation", "relation", "applied_update")
        }


async def test_move_scope_moves_every_row_and_search_follows(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with Memory(path) as memory:
        await _fill(memory, OLD)
        await memory.scoped(Scope.owner()).create_entities([Entity("Project:Own", "Project", ())])
        before = await _rows(path, OLD)
        # warm the recall caches (names known per scope) before the move
        assert (await recall(memory.scoped(NEW), "Atlas pagination")).nodes == ()
        assert list((await recall(memory.scoped(OLD), "Atlas")).built.entities) == [
            "Project:Atlas"
        ]

        moved = await memory.move_scope(OLD, NEW)

        assert moved == sum(before.values())
        assert before == {"entity": 2, "observation": 3, "relation": 1, "applied_update": 1}
        assert await _rows(path, NEW) == before
        assert await _rows(path, OLD) == dict.fromkeys(before, 0)
        new = memory.scoped(NEW)
        found = await new.search_nodes("cursor pagination")
        assert [e.name for e in found.entities] == ["Project:Atlas"]
        recalled = await recall(new, "Atlas pagination")
        assert recalled.nodes[0] == "Project:Atlas"
        assert list(recalled.built.entities) == ["Project:Atlas"]
        assert list((await recall(memory.scoped(OLD), "Atlas")).built.entities) == []
        graph = await new.open_nodes(["Person:Ann Lee"])
        assert [r.relation_type for r in graph.relations] == ["works_on"]
        assert (await memory.scoped(OLD).search_nodes("Atlas")).entities == ()
        assert (await memory.scoped(Scope.owner()).stats()).entities == 1
    assert integrity_problems(path) == []
    assert search_index_problems(path) == []


async def test_move_scope_refuses_a_scope_that_holds_memory(tmp_path: Path) -> None:
    async with Memory(tmp_path / "m.db") as memory:
        await _fill(memory, OLD)
        await memory.scoped(NEW).create_entities([Entity("Project:Other", "Project", ())])
        with pytest.raises(InvalidInputError, match="already holds memory"):
            await memory.move_scope(OLD, NEW)
        assert (await memory.scoped(OLD).stats()).entities == 2
        assert (await memory.scoped(NEW).stats()).entities == 1
        with pytest.raises(InvalidInputError, match="onto itself"):
            await memory.move_scope(OLD, OLD)


async def test_move_scope_of_an_empty_scope_moves_nothing(memory: Memory) -> None:
    assert await memory.move_scope(OLD, NEW) == 0


async def test_backup_is_a_consistent_copy_of_a_live_database(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    dest = tmp_path / "backups" / "b.db"
    async with Memory(path) as memory:
        await _fill(memory, Scope.owner())
        assert Path(f"{path}-wal").exists()  # noqa: ASYNC240 - the data still sits in the WAL
        backup_file(path, dest)
        with pytest.raises(StorageError, match="already exists"):
            backup_file(path, dest)
    assert not (tmp_path / "backups" / "b.db.partial").exists()
    assert integrity_problems(dest) == []
    async with Memory(dest) as copy:
        stats = await copy.scoped(Scope.owner()).stats()
    assert (stats.entities, stats.observations, stats.relations) == (2, 3, 1)


def test_backup_of_a_missing_database_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="no database"):
        backup_file(tmp_path / "none.db", tmp_path / "b.db")
    assert not (tmp_path / "none.db").exists()
    assert list(tmp_path.iterdir()) == []


async def test_search_index_problems_are_found(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with Memory(path) as memory:
        await _fill(memory, Scope.owner())
    assert search_index_problems(path) == []
    with sqlite3.connect(path) as conn:
        entity_id, name = conn.execute("SELECT id, name FROM entity LIMIT 1").fetchone()
        conn.execute(
            "INSERT INTO entity_fts (entity_fts, rowid, name) VALUES ('delete', ?, ?)",
            (entity_id, name),
        )
        conn.execute("DELETE FROM entity_doc WHERE rowid = ?", (entity_id,))
    problems = search_index_problems(path)
    assert any(p.startswith("entity_fts is out of step") for p in problems), problems
    assert "1 entities have no entity_doc row" in problems
    assert integrity_problems(path) == []  # the tables themselves are sound


def test_integrity_of_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StorageError, match="not a usable SQLite database"):
        integrity_problems(path)


async def test_migrations_and_newest_change(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    clock = iter([1000.0, 2000.0, 3000.0])
    async with Memory(path, clock=lambda: next(clock)) as memory:
        assert applied_migrations(path) == list(KNOWN_MIGRATIONS)
        assert newest_change(path) is None
        await memory.scoped(Scope.owner()).create_entities([Entity("Project:A", "Project", ())])
        assert newest_change(path) == 1000.0
        await memory.scoped(Scope.owner()).add_observations([("Project:A", ["x: y=z"])])
        assert newest_change(path) == 2000.0
    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).close()
    assert applied_migrations(empty) == []
    assert newest_change(empty) is None
