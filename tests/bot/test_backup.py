"""Backups: names, rotation, the daily schedule, and restore with its refusals (real files)."""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import sqlite3
import stat
from pathlib import Path

import pytest

from bot.ops.backup import (
    DailyBackups,
    RestoreError,
    backup_name,
    backups_in,
    make_backup,
    restore,
    rotate,
)
from bot.ops.instance_lock import InstanceLock, InstanceLockedError, lock_holder, lock_path
from memory_core import Entity, Memory
from memory_core.scope import Scope
from memory_core.upkeep import backup_file


def make_db(path: Path, *facts: str, clock: float | None = None) -> Path:
    async def fill() -> None:
        memory = Memory(path) if clock is None else Memory(path, clock=lambda: clock)
        async with memory:
            await memory.scoped(Scope.owner()).create_entities(
                [Entity("Project:Atlas", "Project", tuple(f"fact: {f}" for f in facts))]
            )

    asyncio.run(fill())
    return path


def facts_in(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [row[0] for row in conn.execute("SELECT text FROM observation ORDER BY id")]


def test_backup_names_sort_by_time_in_utc() -> None:
    moment = dt.datetime(2025, 3, 9, 23, 30, 5, tzinfo=dt.timezone(dt.timedelta(hours=3)))
    assert backup_name(moment) == "memory-20250309-203005.db"
    later = moment + dt.timedelta(seconds=1)
    assert backup_name(moment) < backup_name(later)


def test_make_backup_never_overwrites_and_rotation_keeps_the_newest(tmp_path: Path) -> None:
    db = make_db(tmp_path / "m.db", "a=1")
    moment = dt.datetime(2025, 1, 2, 3, 4, 5, tzinfo=dt.UTC)
    first = make_backup(db, tmp_path / "b", moment)
    second = make_backup(db, tmp_path / "b", moment)  # the same second
    assert first.name == "memory-20250102-030405.db"
    assert second.name == "memory-20250102-030405-2.db"
    for day in (3, 4, 5):
        make_backup(db, tmp_path / "b", moment.replace(day=day))
    (tmp_path / "b" / "notes.txt").write_text("not a backup", encoding="utf-8")
    removed = rotate(tmp_path / "b", keep=2)
    assert [p.name for p in removed] == [first.name, second.name, "memory-20250103-030405.db"]
    assert [p.name for p in backups_in(tmp_path / "b")] == [
        "memory-20250104-030405.db",
        "memory-20250105-030405.db",
    ]
    assert (tmp_path / "b" / "notes.txt").exists()
    assert facts_in(backups_in(tmp_path / "b")[-1]) == ["fact: a=1"]


async def test_daily_backups_are_due_after_a_day_and_stop_on_request(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    async with Memory(db) as memory:
        await memory.scoped(Scope.owner()).create_entities([Entity("Project:A", "Project", ())])
    now = [1_000_000.0]
    daily = DailyBackups(db, tmp_path / "b", keep=2, interval=100.0, clock=lambda: now[0])
    assert daily.seconds_until_due() == 0.0  # no backup yet: due now
    stop = asyncio.Event()
    task = asyncio.create_task(daily.run(stop))
    for _ in range(200):
        if backups_in(tmp_path / "b"):
            break
        await asyncio.sleep(0.02)
    stop.set()
    await asyncio.wait_for(task, 5)
    [made] = backups_in(tmp_path / "b")
    os.utime(made, (now[0] - 30, now[0] - 30))
    assert daily.seconds_until_due() == pytest.approx(70.0)
    now[0] += 80
    assert daily.seconds_until_due() < 0


def test_restore_replaces_the_database_and_keeps_the_old_one(tmp_path: Path) -> None:
    src = make_db(tmp_path / "src.db", "from=backup", clock=2000.0)
    db = make_db(tmp_path / "data" / "m.db", "from=live", clock=1000.0)
    report = restore(src, db)
    assert report.kept == tmp_path / "data" / "m.db.before-restore"
    assert facts_in(db) == ["fact: from=backup"]
    assert facts_in(report.kept) == ["fact: from=live"]
    assert not Path(f"{db}-wal").exists()


def test_restore_refuses_a_database_with_newer_changes_unless_forced(tmp_path: Path) -> None:
    src = make_db(tmp_path / "src.db", "from=backup", clock=1000.0)
    db = make_db(tmp_path / "m.db", "from=live", clock=2000.0)
    with pytest.raises(RestoreError, match=r"has changes newer than the backup.*--force"):
        restore(src, db)
    assert facts_in(db) == ["fact: from=live"]
    assert not (tmp_path / "m.db.before-restore").exists()
    restore(src, db, force=True)
    assert facts_in(db) == ["fact: from=backup"]


def test_restore_into_a_missing_database(tmp_path: Path) -> None:
    src = make_db(tmp_path / "src.db", "x=1")
    report = restore(src, tmp_path / "new" / "m.db")
    assert report.kept is None
    assert facts_in(tmp_path / "new" / "m.db") == ["fact: x=1"]


def test_restore_checks_the_backup_first(tmp_path: Path) -> None:
    db = make_db(tmp_path / "m.db", "keep=me")
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 200)
    with pytest.raises(RestoreError, match="cannot be restored"):
        restore(junk, db)
    with pytest.raises(RestoreError, match="no backup at"):
        restore(tmp_path / "missing.db", db)

    broken = make_db(tmp_path / "broken.db", "x=1")
    with sqlite3.connect(broken) as conn:
        conn.execute("DELETE FROM entity_doc")
    with pytest.raises(RestoreError, match="failed its integrity check: 1 entities have no"):
        restore(broken, db, force=True)

    newer = make_db(tmp_path / "newer.db", "x=1")
    with sqlite3.connect(newer) as conn:
        conn.execute("INSERT INTO schema_migrations VALUES ('9999_future', 0)")
    with pytest.raises(RestoreError, match=r"newer memory-bot.*9999_future"):
        restore(newer, db, force=True)
    assert facts_in(db) == ["fact: keep=me"]


def test_restore_refuses_while_a_bot_runs_on_the_database(tmp_path: Path) -> None:
    src = make_db(tmp_path / "src.db", "x=1")
    db = make_db(tmp_path / "m.db", "keep=me")
    with InstanceLock(db), pytest.raises(InstanceLockedError, match=f"pid {os.getpid()}"):
        restore(src, db, force=True)
    assert facts_in(db) == ["fact: keep=me"]


def test_the_instance_lock_is_exclusive_and_names_its_holder(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    assert lock_holder(db) is None
    first = InstanceLock(db)
    first.acquire()
    try:
        assert lock_path(db).read_text(encoding="ascii").strip() == str(os.getpid())
        assert lock_holder(db) == os.getpid()
        with pytest.raises(InstanceLockedError) as caught:
            InstanceLock(db).acquire()
        assert str(caught.value) == f"another memory-bot is running on {db} (pid {os.getpid()})"
    finally:
        first.release()
    assert lock_holder(db) is None
    with InstanceLock(db):
        pass


def test_backup_file_refuses_to_overwrite(tmp_path: Path) -> None:
    db = make_db(tmp_path / "m.db", "a=1")
    dest = tmp_path / "b.db"
    dest.write_text("precious", encoding="utf-8")
    with pytest.raises(Exception, match="already exists"):
        backup_file(db, dest)
    assert dest.read_text(encoding="utf-8") == "precious"


def test_restore_over_a_damaged_database_keeps_the_damaged_file(tmp_path: Path) -> None:
    src = make_db(tmp_path / "src.db", "x=1")
    db = tmp_path / "m.db"
    db.write_bytes(b"garbage" * 500)
    report = restore(src, db)
    assert facts_in(db) == ["fact: x=1"]
    assert report.kept is not None
    assert report.kept.read_bytes() == b"garbage" * 500


def state_of(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the tables that hold memory (not the search indexes' internals)."""
    with sqlite3.connect(path) as conn:
        return {
            table: sorted(conn.execute(f"SELECT * FROM {table}").fetchall(), key=repr)
            for table in ("entity", "observation", "relation", "applied_update")
        }


def test_undoing_a_restore_gives_back_exactly_the_state_before(tmp_path: Path) -> None:
    """restore, then restore <db>.before-restore: the database is as it was before both."""
    db = make_db(tmp_path / "m.db", "old=1", clock=1000.0)
    old = tmp_path / "old.db"
    backup_file(db, old)

    async def add_new() -> None:
        async with Memory(db, clock=lambda: 2000.0) as memory:
            await memory.scoped(Scope.owner()).create_entities(
                [Entity("Project:New", "Project", ("fact: new=1",))]
            )

    asyncio.run(add_new())
    before = state_of(db)
    assert any(row[2] == "Project:New" for row in before["entity"])

    first = restore(old, db, force=True)
    assert first.kept is not None
    assert not any(row[2] == "Project:New" for row in state_of(db)["entity"])
    assert state_of(first.kept) == before, "the kept file is the state before the restore"

    undo = restore(first.kept, db, force=True)
    assert state_of(db) == before
    assert undo.kept is not None
    assert not any(row[2] == "Project:New" for row in state_of(undo.kept)["entity"])


def test_backups_and_restored_files_are_private(tmp_path: Path) -> None:
    """Under umask 022 a backup, its new folder and a restored database are owner-only."""
    old_umask = os.umask(0o022)
    try:
        db = make_db(tmp_path / "m.db", "a=1")
        made = make_backup(db, tmp_path / "backups" / "nightly")
        assert stat.S_IMODE(made.stat().st_mode) == 0o600
        assert stat.S_IMODE((tmp_path / "backups").stat().st_mode) == 0o700
        assert stat.S_IMODE((tmp_path / "backups" / "nightly").stat().st_mode) == 0o700
        restore(made, tmp_path / "fresh" / "m.db")
        assert stat.S_IMODE((tmp_path / "fresh" / "m.db").stat().st_mode) == 0o600
        assert stat.S_IMODE(lock_path(tmp_path / "fresh" / "m.db").stat().st_mode) == 0o600
    finally:
        os.umask(old_umask)
