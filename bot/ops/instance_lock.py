"""The instance lock: at most one bot (or restore) per database, held in ``<db>.lock``.

The lock is an advisory ``flock`` on a file next to the database, held for as long as the
process runs (the kernel drops it when the process dies, even on ``kill -9``, so a stale
file never blocks a start). The holder writes its pid into the file, so a second process
can say who is in the way. The file itself is left in place on exit: deleting a lock file
races with the next process that opens it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path
from types import TracebackType

from memory_core.private import FILE_MODE, make_private_dir

__all__ = ["InstanceLock", "InstanceLockedError", "lock_holder", "lock_path"]


class InstanceLockedError(Exception):
    """Another process holds the database's lock; ``str()`` is one line naming it."""

    def __init__(self, db: Path, pid: int | None) -> None:
        self.db = db
        self.pid = pid
        who = f" (pid {pid})" if pid is not None else ""
        super().__init__(f"another memory-bot is running on {db}{who}")


def lock_path(db: Path) -> Path:
    """Return the lock file of a database: ``<db>.lock``."""
    return db.with_name(db.name + ".lock")


def _read_pid(fd: int) -> int | None:
    with contextlib.suppress(OSError, ValueError):
        os.lseek(fd, 0, os.SEEK_SET)
        return int(os.read(fd, 32).decode("ascii").strip())
    return None


class InstanceLock:
    """An exclusive lock on one database, for ``with`` or :meth:`acquire` / :meth:`release`."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.path = lock_path(db)
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock now, or fail at once.

        Raises:
            InstanceLockedError: another process holds it.
            OSError: the lock file cannot be created (the folder is not writable).
        """
        if self._fd is not None:
            return
        make_private_dir(self.path.parent)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, FILE_MODE)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _read_pid(fd)
            os.close(fd)
            raise InstanceLockedError(self.db, pid) from None
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        self._fd = fd

    def release(self) -> None:
        """Drop the lock; safe to call twice."""
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> InstanceLock:
        self.acquire()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()


def lock_holder(db: Path) -> int | None:
    """Return the pid holding the database's lock, or ``None`` when nobody holds it.

    A holder whose pid cannot be read is reported as ``-1``.
    """
    path = lock_path(db)
    if not path.exists():
        return None
    try:
        with InstanceLock(db):
            return None
    except InstanceLockedError as exc:
        return exc.pid if exc.pid is not None else -1
    except OSError:  # a read-only folder: test the lock through a read-only descriptor
        return _holder_read_only(path)


def _holder_read_only(path: Path) -> int | None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        pid = _read_pid(fd)
        return pid if pid is not None else -1
    finally:
        os.close(fd)  # closing drops a lock taken here
    return None
