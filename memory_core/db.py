"""The open database file: one write and one read connection, serialised writes, snapshots.

Opening sets the PRAGMAs and runs pending migrations; checkpoints and search-index merges
run in the background between writes.

Work on the whole file (moving a scope, bulk writes, checks, backups) is in
:mod:`memory_core.upkeep`; the schema's migrations run through :mod:`memory_core.migrate`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from memory_core.errors import ReadOnlyError, StorageError, storage_error
from memory_core.migrate import migrate, pending_migrations
from memory_core.private import create_private_file, make_private_dir
from memory_core.search_index import (
    attach_vocabulary,
    merge_segments,
)

__all__ = ["BUSY_TIMEOUT_MS", "Database"]

T = TypeVar("T")

BUSY_TIMEOUT_MS = 30_000
"""How long a writer waits for another process's write lock before failing."""
CHECKPOINT_EVERY = 100
"""Commits between two background checkpoints."""
CHECKPOINT_SECONDS = 30.0
"""Seconds after which a commit starts a background checkpoint anyway."""
MERGE_AFTER = 8
"""Commits after which the search index's small segments are merged, once writes pause."""
MERGE_IDLE_SECONDS = 1.0
"""How long writes must pause before that merge runs."""
MERGE_BUSY = 32
"""Commits after which that merge runs at once, when writes never paused that long."""
MERGE_PAGES = 500
"""The most index pages one merge writes (a few ms; the next pause continues it)."""


async def _connect(target: str, *, uri: bool = False) -> aiosqlite.Connection:
    """Open an aiosqlite connection (see :func:`_opened`)."""
    return await _opened(aiosqlite.connect(target, isolation_level=None, uri=uri))


async def _connect_writer(target: str) -> _WriterConnection:
    """Open the write connection (see :class:`_WriterConnection` and :func:`_opened`)."""
    connector = partial(sqlite3.connect, target, isolation_level=None, check_same_thread=False)
    return await _opened(_WriterConnection(connector, 64))


_C = TypeVar("_C", bound=aiosqlite.Connection)


async def _opened(pending: _C) -> _C:
    """Await an aiosqlite connection's opening; on failure, wait until its thread has ended.

    aiosqlite stops the thread of a connection that failed to open but does not wait for it;
    a thread still running when the event loop closes reports to the closed loop (an "Event
    loop is closed" traceback after the real error).
    """
    try:
        await pending
    except BaseException:
        thread = getattr(pending, "_thread", None)
        if thread is not None and thread.is_alive():
            await asyncio.to_thread(thread.join, 5.0)
        raise
    return pending


def read_only_uri(path: Path) -> str:
    """The URI that opens ``path`` for reading only.

    A database in write-ahead-log mode needs its ``-shm`` file; in a folder that cannot be
    written, where nobody can have created one, the file is opened as immutable instead.
    """
    uri = path.resolve().as_uri() + "?mode=ro"
    side = path.with_name(path.name + "-shm")
    if not side.exists() and not os.access(path.parent, os.W_OK):
        uri += "&immutable=1"
    return uri


async def _configure(conn: aiosqlite.Connection) -> None:
    # Wait for another process's lock instead of failing at once. First, so that switching
    # to WAL below also waits when two processes open a new file at the same moment.
    await conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    # WAL: readers never block the writer, and a crash never corrupts committed data.
    await conn.execute("PRAGMA journal_mode=WAL")
    # FULL: a write that returned is on disk, even if the process is killed right after.
    await conn.execute("PRAGMA synchronous=FULL")
    # Relations and observations cannot point at entities that do not exist.
    await conn.execute("PRAGMA foreign_keys=ON")


class _LoopConnection(aiosqlite.Connection):
    """An aiosqlite connection whose statements run on the calling thread (the event loop).

    aiosqlite hands every statement to its own thread and the result back: two thread
    wake-ups, ~25 us of CPU per statement, as much as a small indexed read itself and ~20%
    of a bot's CPU per question (a recall runs about ten); on a busy machine each wake-up
    may also wait for a CPU (a write's p50 was ~4 ms through the thread, ~1 ms without).
    Statements take microseconds to a few milliseconds (a commit's fsync included), about
    what the caller would wait for anyway; waiting for another process's write lock does
    not block the loop (see :meth:`Database.write`). Opening and closing still go through
    aiosqlite's thread.
    """

    async def _execute(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return _run_here(self, fn, *args, **kwargs)


def _run_here(
    conn: aiosqlite.Connection, fn: Callable[..., Any], *args: Any, **kwargs: Any
) -> Any:
    """Run one of a connection's calls on the calling thread, as its own thread would."""
    if not conn._running or conn._connection is None:
        raise ValueError("Connection closed")
    return fn(*args, **kwargs)


class _WriterConnection(aiosqlite.Connection):
    """The write connection: its statements run on its own thread, except inside a write.

    A ``COMMIT`` that flushes to the disk goes to the thread, and so does ``BEGIN
    IMMEDIATE`` whenever another connection holds the write lock (SQLite then waits for it,
    up to :data:`BUSY_TIMEOUT_MS`): neither stops the event loop. When the lock is free, it
    is taken at once on the calling thread (:meth:`lock_here`). While the transaction holds
    the lock, its statements only read pages and append to the write-ahead log without
    flushing it: :meth:`Database.write` sets :attr:`inline` for them, and they run on the
    calling thread, as a read's do (:class:`_LoopConnection`). A remember is about a dozen
    statements: a trip to the thread and back for each cost more CPU than the statements.
    """

    inline = False

    def __init__(self, connector: Callable[[], sqlite3.Connection], iter_chunk_size: int) -> None:
        super().__init__(connector, iter_chunk_size)
        self._away = 0
        """Calls handed to the thread that it has not finished (a cancelled caller's too)."""
        self._away_lock = threading.Lock()

    async def _execute(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if self.inline:
            return _run_here(self, fn, *args, **kwargs)

        def on_thread() -> Any:
            try:
                return fn(*args, **kwargs)
            finally:
                with self._away_lock:
                    self._away -= 1

        with self._away_lock:
            self._away += 1
        return await super()._execute(on_thread)  # type: ignore[no-untyped-call]

    def lock_here(self, *, unflushed: bool = False) -> bool:
        """Take the write lock on the calling thread if nobody holds it; tell whether taken.

        Never waits: when another connection holds the lock, or the thread still runs a
        call (a cancelled write's commit), nothing is done and the caller goes to the thread.
        ``unflushed`` sets ``synchronous=NORMAL`` first (it cannot change inside a
        transaction); the transaction sets it back to ``FULL`` (it is, when not taken).
        """
        with self._away_lock:
            if self._away or not self._running or self._connection is None:
                return False
        raw = self._conn
        if unflushed:
            raw.execute("PRAGMA synchronous=NORMAL")
        raw.execute("PRAGMA busy_timeout=0")
        taken = False
        try:
            raw.execute("BEGIN IMMEDIATE")
            taken = True
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode & 0xFF != sqlite3.SQLITE_BUSY:
                raise
        finally:
            raw.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            if unflushed and not taken:
                raw.execute("PRAGMA synchronous=FULL")
        return taken


async def _connect_on_loop(path: Path) -> aiosqlite.Connection:
    """Open ``path`` for statements that run on the event loop's thread."""
    connector = partial(sqlite3.connect, str(path), isolation_level=None, check_same_thread=False)
    return await _LoopConnection(connector, 64)


async def _begin_immediate(conn: _WriterConnection) -> None:
    """Take the write lock: at once when it is free, else on the writer's thread.

    On the thread, SQLite's own wait for another process's lock (``busy_timeout``,
    :data:`BUSY_TIMEOUT_MS`) blocks that thread only.
    """
    try:
        if not conn.lock_here():
            await conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:
        raise StorageError(f"cannot start a write: {exc}") from exc


class Database:
    """One write connection (serialised by a lock) and one read connection, over one file.

    Every write runs inside ``BEGIN IMMEDIATE ... COMMIT`` while holding ``_write_lock``, so
    transactions never interleave in this process, and SQLite's file lock serialises them
    across processes. Reads run on their own connection and see committed data only. Both
    connections run their statements on the event loop's thread (:class:`_LoopConnection`).
    The constructor does no I/O: call :meth:`open` (or use ``async with``).

    Checkpoints (copying the write-ahead log into the database file) do not run inside a
    write, where SQLite would run them every 1000 pages and make that one write slow: a
    third connection runs them in the background every :data:`CHECKPOINT_EVERY` commits or
    :data:`CHECKPOINT_SECONDS`, and :meth:`close` runs the last one.

    Every write leaves a small segment in the ``entity_doc`` search index, and a search reads
    every segment: after 600 writes at 50,000 entities a search took ~15% longer (p99 ~1 ms).
    FTS5 merges them only 16 at a time, at a commit (migration 0008, to keep writes fast), so
    once :data:`MERGE_AFTER` commits are followed by a pause of :data:`MERGE_IDLE_SECONDS`,
    one short write merges what shares a level (``usermerge`` 2, migration 0010); when writes
    go on without such a pause, it runs after :data:`MERGE_BUSY` commits anyway.
    """

    def __init__(self, path: Path | str, *, read_only: bool = False) -> None:
        self.path = Path(path)
        self.read_only = read_only
        """Open for reading only: no migrations, no writes (a backup on a read-only mount)."""
        self._writer: _WriterConnection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()
        self._checkpointer: aiosqlite.Connection | None = None
        self._checkpoint_task: asyncio.Task[None] | None = None
        self._commits_since_checkpoint = 0
        self._last_checkpoint = time.monotonic()
        self._commits_since_merge = 0
        self._merge_timer: asyncio.TimerHandle | None = None
        self._merge_task: asyncio.Task[None] | None = None

    async def open(self) -> None:
        """Create the file if needed (mode 0600, new folders 0700), set PRAGMAs, migrate.

        Another process opening or checkpointing the same file can make the first statements
        report "database is locked" at once, without waiting; opening retries for a while.

        Read-only, the file must exist and be up to date; nothing is written.

        Raises:
            StorageError: the file cannot be created, opened or upgraded (one line, naming
                the path and the cause).
            SchemaVersionError: the file was written by a newer version.
        """
        if self.read_only:
            await self._open_read_only()
            return
        if self.path != Path(":memory:"):
            try:
                make_private_dir(self.path.parent)
                create_private_file(self.path)
            except OSError as exc:
                raise storage_error(exc, self.path, "cannot create database") from None
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        while True:
            try:
                await self._open_once()
            except StorageError as exc:
                busy = isinstance(exc.__cause__, sqlite3.OperationalError) and (
                    "locked" in str(exc.__cause__) or "busy" in str(exc.__cause__)
                )
                if not busy or time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.05)
            else:
                return

    async def _open_once(self) -> None:
        try:
            self._writer = await _connect_writer(str(self.path))
            await _configure(self._writer)
            # Checkpoints run in the background (see the class docstring), not in writes.
            await self._writer.execute("PRAGMA wal_autocheckpoint=0")
            await migrate(self._writer)
            self._reader = await _connect_on_loop(self.path)
            await _configure(self._reader)
            # The search vocabulary (terms and document counts), read by search and recall.
            await attach_vocabulary(self._reader)
        except sqlite3.Error as exc:
            await self.close()
            raise storage_error(exc, self.path, "cannot open database") from exc
        except BaseException:
            await self.close()
            raise

    async def _open_read_only(self) -> None:
        if not self.path.is_file():
            raise StorageError(f"cannot open database {self.path}: there is no such file")
        try:
            self._reader = await _connect(read_only_uri(self.path), uri=True)
            await self._reader.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            pending = await pending_migrations(self._reader)
            if pending:
                raise StorageError(
                    f"{self.path} needs an upgrade ({len(pending)} migrations) but is "
                    "read-only; copy it to a writable folder and open the copy"
                )
            await attach_vocabulary(self._reader)
        except sqlite3.Error as exc:
            await self.close()
            raise storage_error(exc, self.path, "cannot open database") from exc
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        """Finish a running checkpoint and close every connection; safe to call twice."""
        if self._merge_timer is not None:
            self._merge_timer.cancel()
            self._merge_timer = None
        if self._merge_task is not None:
            await asyncio.gather(self._merge_task, return_exceptions=True)
        if self._checkpoint_task is not None:
            await asyncio.gather(self._checkpoint_task, return_exceptions=True)
            self._checkpoint_task = None
        for conn in (self._checkpointer, self._reader, self._writer):
            if conn is not None:
                await conn.close()
        self._checkpointer = self._reader = self._writer = None

    def _after_commit(self) -> None:
        """Count a commit and start a background checkpoint when one is due."""
        self._commits_since_checkpoint += 1
        due = self._commits_since_checkpoint >= CHECKPOINT_EVERY or (
            time.monotonic() - self._last_checkpoint > CHECKPOINT_SECONDS
        )
        if due and self._checkpoint_task is None:
            self._commits_since_checkpoint = 0
            self._last_checkpoint = time.monotonic()
            self._checkpoint_task = asyncio.get_running_loop().create_task(self._checkpoint())
        self._commits_since_merge += 1
        if self._commits_since_merge >= MERGE_BUSY:
            # writes never pause (a busy chat, a client writing in a loop): every segment
            # they left costs each search a few microseconds per prefix, so merge now
            if self._merge_timer is not None:
                self._merge_timer.cancel()
            self._start_merge()
        elif self._commits_since_merge >= MERGE_AFTER:
            if self._merge_timer is not None:
                self._merge_timer.cancel()
            loop = asyncio.get_running_loop()
            self._merge_timer = loop.call_later(MERGE_IDLE_SECONDS, self._start_merge)

    def _start_merge(self) -> None:
        self._merge_timer = None
        if self._merge_task is None and self._writer is not None:
            self._merge_task = asyncio.get_running_loop().create_task(self._merge_index())

    async def _merge_index(self) -> None:
        """Merge the small segments recent writes left in the search index (one write)."""
        self._commits_since_merge = 0
        try:
            async with self.write(bulk=True) as conn:
                await merge_segments(conn, MERGE_PAGES)
        except (sqlite3.Error, StorageError):
            pass  # busy or closing: the next pause after more writes tries again
        finally:
            self._merge_task = None

    async def _checkpoint(self) -> None:
        """Copy the write-ahead log into the file without blocking writers or readers."""
        try:
            if self._checkpointer is None:
                self._checkpointer = await aiosqlite.connect(self.path, isolation_level=None)
                await self._checkpointer.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            await self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error:
            pass  # a later checkpoint (or closing the last connection) catches up
        finally:
            self._checkpoint_task = None

    async def checkpoint_truncate(self) -> None:
        """Copy the whole write-ahead log into the file and empty the log (after a purge)."""
        async with self._write_lock:
            try:
                await self.writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error as exc:
                raise StorageError(f"cannot checkpoint: {exc}") from exc

    @property
    def writer(self) -> _WriterConnection:
        """The write connection; only use it inside :meth:`write`."""
        if self._writer is None:
            if self.read_only and self._reader is not None:
                raise ReadOnlyError(f"{self.path} is open read-only; nothing can be written")
            raise StorageError("the database is not open")
        return self._writer

    @asynccontextmanager
    async def write(self, *, bulk: bool = False) -> AsyncIterator[aiosqlite.Connection]:
        """Run the block as one ``BEGIN IMMEDIATE`` transaction, serialised with all others.

        Commits when the block ends, rolls back if it raises. Never await the network inside.
        A SQLite error inside the block or at COMMIT becomes a :class:`StorageError` that
        names its cause (:class:`~memory_core.errors.DiskFullError` for a full disk).

        SQLite rolls a transaction back by itself after some errors (a full disk, an I/O
        error); the rollback here runs only while a transaction is still open, so its own
        "no transaction is active" never replaces the cause.

        What may wait runs on the writer connection's own thread, so the event loop keeps
        running meanwhile: ``BEGIN IMMEDIATE`` while another process holds the write lock,
        and the ``COMMIT`` (it waits for the disk). A free lock is taken at once, and the
        block's statements run on the calling thread (:class:`_WriterConnection`); with
        ``bulk`` (an import, a sync, a sweep over every line: statements that may take
        seconds) they run on the writer's thread too, so the loop keeps answering.
        """
        async with self._write_lock:
            conn = self.writer
            try:
                await _begin_immediate(conn)
            except sqlite3.Error as exc:
                raise storage_error(exc, self.path, "cannot start a write to") from exc
            conn.inline = not bulk
            try:
                yield conn
            except BaseException as exc:
                conn.inline = False
                await _roll_back(conn)
                if isinstance(exc, sqlite3.Error):
                    raise storage_error(exc, self.path, "cannot write to") from exc
                raise
            conn.inline = False
            try:
                await conn.execute("COMMIT")
            except sqlite3.Error as exc:
                await _roll_back(conn)
                raise storage_error(exc, self.path, "cannot commit to") from exc
            self._after_commit()

    async def transact(
        self, work: Callable[[sqlite3.Connection], T], *, durable: bool = True
    ) -> T:
        """Run ``work`` inside ``BEGIN IMMEDIATE ... COMMIT`` in one trip to the writer's thread.

        For short writes of fixed statements (the inbox's marks, a working-memory turn):
        :meth:`write` takes a trip per statement (about six for one insert), this one in all.
        ``work`` gets the raw connection and must not touch the event loop. Serialised with
        every other write; another process's lock is waited for on the writer's thread.
        Errors are those of :meth:`write`.

        ``durable=False`` is for bookkeeping that may be lost with the machine but not with
        the process (a working-memory turn, an update's attempt count or done mark): the
        commit is not flushed to the disk (``synchronous=NORMAL``); it survives a killed
        process, and the next durable commit flushes it too.
        """
        async with self._write_lock:
            conn = self.writer
            try:
                if not durable and conn.lock_here(unflushed=True):
                    # nothing waits: neither for a lock, nor for the disk at COMMIT
                    result = _transaction(conn._conn, work, durable, locked=True)
                else:
                    # aiosqlite's own way to run a call on its thread (all its methods use it)
                    on_thread = cast("Callable[..., Awaitable[T]]", conn._execute)
                    result = await on_thread(_transaction, conn._conn, work, durable)
            except sqlite3.Error as exc:
                raise storage_error(exc, self.path, "cannot write to") from exc
            self._after_commit()
            return result

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """Run the block as one read transaction: a consistent snapshot of committed data."""
        if self._reader is None:
            raise StorageError("the database is not open")
        async with self._read_lock:
            conn = self._reader
            try:
                await conn.execute("BEGIN")
            except sqlite3.Error as exc:
                raise storage_error(exc, self.path, "cannot read") from exc
            try:
                yield conn
            except sqlite3.Error as exc:
                raise storage_error(exc, self.path, "cannot read") from exc
            finally:
                if conn.in_transaction:
                    await conn.execute("COMMIT")


def _transaction(
    raw: sqlite3.Connection,
    work: Callable[[sqlite3.Connection], T],
    durable: bool,
    *,
    locked: bool = False,
) -> T:
    """``work`` as one transaction: on the writer's thread, where SQLite waits for a lock,
    or (``locked``: the lock is held, the flush setting set) on the calling thread."""
    if not durable and not locked:
        raw.execute("PRAGMA synchronous=NORMAL")
    try:
        if not locked:
            raw.execute("BEGIN IMMEDIATE")
        try:
            result = work(raw)
            raw.execute("COMMIT")
        except BaseException:
            if raw.in_transaction:
                raw.execute("ROLLBACK")
            raise
    finally:
        if not durable:
            raw.execute("PRAGMA synchronous=FULL")
    return result


async def _roll_back(conn: aiosqlite.Connection) -> None:
    """Roll back the open transaction, if SQLite has not already done so."""
    if conn.in_transaction:
        # the transaction is gone either way; the caller raises the cause
        with contextlib.suppress(sqlite3.Error):
            await conn.execute("ROLLBACK")
