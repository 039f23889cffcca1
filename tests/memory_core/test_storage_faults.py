"""Storage faults: a full disk names its cause and keeps reads working; files are private."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_core import DiskFullError, Entity, Memory, ReadOnlyError, StorageError
from memory_core.scope import Scope
from tests.filesystems import fill_disk, read_only_folder, small_disk

OWNER = Scope.owner()


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    with small_disk(tmp_path / "disk", size_kb=2048) as mounted:
        yield mounted


async def test_a_full_disk_says_so_and_reads_go_on(disk: Path) -> None:
    """A write on a full disk fails with "the disk is full", not a ROLLBACK error."""
    async with Memory(disk / "m.db") as memory:
        owner = memory.scoped(OWNER)
        await owner.create_entities([Entity("Project:Kept", "Project", ("fact: kept",))])
        filler = fill_disk(disk)
        failure: StorageError | None = None
        for n in range(200):
            line = f"fact: line {n} " + "x" * 1500
            try:
                await owner.create_entities([Entity(f"Project:P{n}", "Project", (line,))])
            except StorageError as exc:
                failure = exc
                break
        assert isinstance(failure, DiskFullError), failure
        assert str(failure).startswith("the disk is full")
        assert "rollback" not in str(failure).lower()
        # reads keep working, and the failed write left nothing half-done
        graph = await owner.open_nodes(["Project:Kept"])
        assert graph.entities[0].observations == ("fact: kept",)
        before = (await owner.stats()).entities
        filler.unlink()
        await owner.create_entities([Entity("Project:After", "Project", ())])
        assert (await owner.stats()).entities == before + 1


async def test_opening_a_new_database_on_a_full_disk_is_one_clear_error(disk: Path) -> None:
    fill_disk(disk)
    with pytest.raises(StorageError) as info:
        async with Memory(disk / "sub" / "m.db"):
            pass
    assert "\n" not in str(info.value)
    assert "disk is full" in str(info.value) or "No space" in str(info.value)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def test_new_database_files_and_folders_are_private(tmp_path: Path) -> None:
    """Under umask 022 the database, its WAL and SHM are 0600 and new folders 0700."""
    old = os.umask(0o022)
    try:
        db = tmp_path / "new" / "deeper" / "m.db"
        async with Memory(db) as memory:
            await memory.scoped(OWNER).create_entities([Entity("Project:A", "Project", ())])
            files = [db, db.with_name("m.db-wal"), db.with_name("m.db-shm")]
            assert [_mode(f) for f in files] == [0o600] * 3
        assert _mode(tmp_path / "new") == 0o700
        assert _mode(tmp_path / "new" / "deeper") == 0o700
    finally:
        os.umask(old)


async def test_a_read_only_database_opens_for_reading(tmp_path: Path) -> None:
    folder = tmp_path / "mount"
    async with Memory(folder / "m.db") as memory:
        await memory.scoped(OWNER).create_entities([Entity("Project:A", "Project", ("x: 1",))])
    with read_only_folder(folder):
        async with Memory(folder / "m.db", read_only=True) as memory:
            owner = memory.scoped(OWNER)
            assert (await owner.stats()).observations == 1
            assert [e.name for e in (await owner.search_nodes("Project")).entities] == [
                "Project:A"
            ]
            with pytest.raises(ReadOnlyError):
                await owner.create_entities([Entity("Project:B", "Project", ())])
