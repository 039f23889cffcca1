"""Backups of the memory database: named copies, rotation, a checked restore, the daily task.

* A backup is a consistent copy taken with ``VACUUM INTO`` (safe while the bot writes),
  named ``memory-YYYYmmdd-HHMMSS.db`` in UTC, so names sort by age.
* Restore checks the backup first (``PRAGMA integrity_check``, the search indexes, a schema
  this version knows), refuses to replace a database holding newer changes than the backup
  unless forced, refuses while a bot runs on the database, and keeps the replaced file as
  ``<db>.before-restore``. "Newer" compares the newest time recorded inside each file
  (an entry or line written or changed, a relation made, a chat message applied), not file
  times, which a copy or a checkpoint changes.
* :class:`DailyBackups` runs inside the bot when ``BACKUP_DIR`` is set: a backup whenever the
  newest one there is a day old (so also right after a start), keeping ``BACKUP_KEEP``.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import re
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bot.ops.instance_lock import InstanceLock
from memory_core import StorageError
from memory_core.upkeep import (
    KNOWN_MIGRATIONS,
    applied_migrations,
    backup_file,
    integrity_problems,
    newest_change,
    search_index_problems,
)

__all__ = [
    "BACKUP_GLOB",
    "DAY",
    "DailyBackups",
    "RestoreError",
    "RestoreReport",
    "backup_name",
    "backups_in",
    "make_backup",
    "restore",
    "rotate",
]

logger = logging.getLogger(__name__)

BACKUP_GLOB: Final = "memory-*.db"
DAY: Final = 24 * 3600.0
_RETRY_AFTER_FAILURE: Final = 3600.0
_NAME_RE: Final = re.compile(r"memory-(?P<stamp>\d{8}-\d{6})(?:-(?P<n>\d+))?\.db")


class RestoreError(Exception):
    """A restore was refused; nothing was changed. ``str()`` says why in one line."""


@dataclass(frozen=True, slots=True)
class RestoreReport:
    """What a restore did."""

    db: Path
    source: Path
    kept: Path | None
    """Where the replaced database was kept (``None`` when there was none)."""


def backup_name(now: dt.datetime) -> str:
    """Return the file name of a backup taken at ``now``: ``memory-YYYYmmdd-HHMMSS.db`` (UTC)."""
    return f"memory-{now.astimezone(dt.UTC):%Y%m%d-%H%M%S}.db"


def _age_key(path: Path) -> tuple[str, int]:
    match = _NAME_RE.fullmatch(path.name)
    assert match is not None  # noqa: S101 - only called on names that matched
    return match["stamp"], int(match["n"] or 1)


def backups_in(directory: Path) -> list[Path]:
    """Return the backups (files named like :func:`backup_name`) in a directory, oldest first."""
    if not directory.is_dir():
        return []
    found = [p for p in directory.glob(BACKUP_GLOB) if _NAME_RE.fullmatch(p.name) and p.is_file()]
    return sorted(found, key=_age_key)


def make_backup(db: Path, directory: Path, now: dt.datetime | None = None) -> Path:
    """Copy the database into ``directory`` under a dated name; return the new file.

    Raises:
        StorageError: the database is missing or unreadable.
    """
    stamp = now or dt.datetime.now(tz=dt.UTC)
    dest = directory / backup_name(stamp)
    n = 1
    while dest.exists():  # two backups in one second
        n += 1
        dest = directory / backup_name(stamp).replace(".db", f"-{n}.db")
    backup_file(db, dest)
    return dest


def rotate(directory: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` backups in ``directory``; return the deleted ones."""
    old = backups_in(directory)[:-keep] if keep > 0 else backups_in(directory)
    for path in old:
        path.unlink(missing_ok=True)
    return old


def _when(seconds: float | None) -> str:
    if seconds is None:
        return "never"
    return dt.datetime.fromtimestamp(seconds, tz=dt.UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _check_source(source: Path) -> None:
    if not source.is_file():
        raise RestoreError(f"no backup at {source}")
    try:
        problems = integrity_problems(source) + search_index_problems(source)
        unknown = sorted(set(applied_migrations(source)) - set(KNOWN_MIGRATIONS))
    except StorageError as exc:
        raise RestoreError(f"{source} cannot be restored: {exc}") from None
    if problems:
        raise RestoreError(f"{source} failed its integrity check: {problems[0]}")
    if unknown:
        raise RestoreError(
            f"{source} was written by a newer memory-bot (unknown migrations: "
            f"{', '.join(unknown)}); upgrade memory-bot first"
        )


def _retire(db: Path) -> Path:
    """Fold the WAL into the database, then move the file aside; return its new name.

    A WAL that cannot be folded in (a damaged file) moves along with it, so nothing is lost.
    """
    try:
        conn = sqlite3.connect(db, isolation_level=None)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
    except sqlite3.Error as exc:
        logger.warning("could not fold the WAL into %s before replacing it: %s", db, exc)
    kept = db.with_name(db.name + ".before-restore")
    db.replace(kept)
    for suffix in ("-wal", "-shm"):
        side = db.with_name(db.name + suffix)
        target = kept.with_name(kept.name + suffix)
        if side.exists():
            side.replace(target)
        else:
            target.unlink(missing_ok=True)
    return kept


def restore(source: Path, db: Path, *, force: bool = False) -> RestoreReport:
    """Replace the database with a backup, after checking both.

    The backup is copied next to the database first, and only then is the old file moved
    aside: restoring ``<db>.before-restore`` itself (undoing a restore) gives back exactly
    the state before that restore.

    Raises:
        RestoreError: the backup is damaged or from a newer version, the database holds
            newer changes (and not ``force``), or a bot is running on it.
        InstanceLockedError: a bot is running on the database.
    """
    _check_source(source)
    with InstanceLock(db):
        if db.exists():
            try:
                current, backup = newest_change(db), newest_change(source)
            except StorageError:
                current, backup = None, None  # a damaged database: nothing to protect
            if current is not None and (backup is None or current > backup) and not force:
                raise RestoreError(
                    f"{db} has changes newer than the backup (last change {_when(current)}, "
                    f"backup's {_when(backup)}); pass --force to replace it anyway"
                )
        incoming = db.with_name(db.name + ".restoring")
        incoming.unlink(missing_ok=True)
        try:
            backup_file(source, incoming)
        except StorageError as exc:
            raise RestoreError(f"cannot restore {source}: {exc}") from None
        try:
            kept = _retire(db) if db.exists() else None
            incoming.replace(db)
        except OSError as exc:
            incoming.unlink(missing_ok=True)
            raise RestoreError(f"cannot restore {source} over {db}: {exc.strerror}") from None
    return RestoreReport(db, source, kept)


class DailyBackups:
    """Take a backup whenever the newest one is ``interval`` old, and keep ``keep`` of them."""

    def __init__(
        self,
        db: Path,
        directory: Path,
        keep: int,
        *,
        interval: float = DAY,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.directory = directory
        self.keep = keep
        self.interval = interval
        self.clock = clock

    def seconds_until_due(self) -> float:
        """Seconds until the next backup is due (0 or less: now)."""
        existing = backups_in(self.directory)
        if not existing:
            return 0.0
        newest = max(p.stat().st_mtime for p in existing)
        return newest + self.interval - self.clock()

    async def run(self, stop: asyncio.Event) -> None:
        """Back up on schedule until ``stop`` is set; a backup in progress is finished first."""
        while not stop.is_set():
            wait = self.seconds_until_due()
            if wait <= 0:
                try:
                    path = await asyncio.to_thread(make_backup, self.db, self.directory)
                    removed = await asyncio.to_thread(rotate, self.directory, self.keep)
                except (StorageError, OSError) as exc:
                    logger.error("daily backup failed: %s", exc)  # noqa: TRY400 - one line
                    wait = _RETRY_AFTER_FAILURE
                else:
                    logger.info("backup written to %s (%d old removed)", path, len(removed))
                    wait = self.seconds_until_due()
            try:
                await asyncio.wait_for(stop.wait(), timeout=max(wait, 1.0))
            except TimeoutError:
                continue
