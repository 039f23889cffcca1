"""The durable inbox: an outside update is stored before it is handled, and finished after.

A front end (the Telegram bot) receives updates that the sender forgets once it has handed
them over. Each one is written here before it is handled (:meth:`Inbox.receive`, or a whole
fetched batch in one transaction: :meth:`Inbox.receive_many`), counted when its handling
begins (:meth:`Inbox.begin`), and marked done after its reply went out (:meth:`Inbox.finish`,
written in batches), when its payload is cleared. After a
crash, :meth:`Inbox.unfinished` returns what was received but not finished, to be handled
first, once: the update journal (:mod:`memory_core.journal`) makes a write that already
happened come back as it was, not twice.

Updates are keyed by their integer id. A key already in the inbox (being handled, or done in
the last :data:`KEEP_DONE_SECONDS`) is a redelivery and is not received again. An update that
was started :data:`MAX_ATTEMPTS` times without finishing (it may be what crashes the process),
or arrived more than :data:`STALE_SECONDS` ago, is given up instead of handled.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from memory_core.db import Database
from memory_core.errors import MemoryCoreError

__all__ = [
    "FINISH_DELAY",
    "KEEP_DONE_SECONDS",
    "MAX_ATTEMPTS",
    "STALE_SECONDS",
    "Inbox",
    "Received",
    "Unfinished",
]

logger = logging.getLogger(__name__)

T = TypeVar("T")
_DONE_SQL = "UPDATE inbox SET done_at = ?, payload = NULL WHERE update_id = ? AND done_at IS NULL"

FINISH_DELAY = 1.0
"""Seconds at most between finishing an update and writing its mark, when nothing else is
written (a killed process may handle the updates of that second again, once)."""

KEEP_DONE_SECONDS = 2 * 24 * 3600
"""How long a finished update's id is kept, to recognise a redelivery."""
STALE_SECONDS = 24 * 3600
"""An unfinished update older than this is not handled any more (Telegram keeps a day)."""
MAX_ATTEMPTS = 10
"""How many times an update is begun before it is given up.

An update whose handler fails is finished like any other (the error handler answers it);
only a process that dies while handling it leaves it unfinished. Ten such deaths in a row on
one update mean it is what kills the process; fewer can be bad luck (a crash loop elsewhere,
or a restart at the wrong moment), and dropping an update that is not to blame loses it."""


@dataclass(frozen=True, slots=True)
class Received:
    """An update received but not finished: its key, payload and how often it was begun."""

    key: int
    payload: str
    attempts: int


@dataclass(frozen=True, slots=True)
class Unfinished:
    """What :meth:`Inbox.unfinished` found: updates to handle now, and keys given up."""

    pending: tuple[Received, ...]
    given_up: tuple[int, ...]


class Inbox:
    """The inbox table of one open database.

    Finished updates are marked done in batches: :meth:`finish` only notes the key, and the
    next write of the inbox (the next update's :meth:`begin`, a :meth:`receive`) or
    :meth:`flush` (at most :data:`FINISH_DELAY` seconds later, and when the store closes)
    writes every mark noted. A process killed before that handles the last update again
    after its restart; the update journal keeps its writes from being stored twice.
    """

    def __init__(self, db: Database, clock: Callable[[], float]) -> None:
        self._db = db
        self._clock = clock
        self._done: dict[int, float] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._flushing: asyncio.Task[None] | None = None

    async def receive(self, key: int, payload: str) -> bool:
        """Store an update before it is handled; return ``False`` for one already here.

        Raises:
            StorageError: it could not be stored (for example the disk is full).
        """
        return key in await self.receive_many([(key, payload)])

    async def receive_many(self, items: Sequence[tuple[int, str]]) -> set[int]:
        """Store updates (key, payload) in one transaction; return the keys new here.

        Raises:
            StorageError: they could not be stored (for example the disk is full).
        """
        now = self._clock()

        def store(raw: sqlite3.Connection) -> set[int]:
            raw.execute("DELETE FROM inbox WHERE done_at < ?", (now - KEEP_DONE_SECONDS,))
            fresh: set[int] = set()
            for key, payload in items:
                cur = raw.execute(
                    "INSERT OR IGNORE INTO inbox (update_id, payload, received_at, attempts)"
                    " VALUES (?, ?, ?, 0)",
                    (key, payload, now),
                )
                if cur.rowcount == 1:
                    fresh.add(key)
            return fresh

        return await self._transact(store, durable=True)

    async def begin(self, key: int) -> None:
        """Count that handling an update begins (an update that never finishes is given up).

        The marks of the updates finished before are written in the same transaction.
        """

        def count(raw: sqlite3.Connection) -> None:
            raw.execute(
                "UPDATE inbox SET attempts = attempts + 1 WHERE update_id = ? AND done_at IS NULL",
                (key,),
            )

        await self._transact(count)

    async def finish(self, key: int) -> None:
        """Mark an update handled (its reply went out); the mark is written with the next
        write of the inbox, within :data:`FINISH_DELAY` seconds."""
        self._done[key] = self._clock()
        if self._timer is None:
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(FINISH_DELAY, self._flush_later)

    def _flush_later(self) -> None:
        self._timer = None
        if self._flushing is None and self._done:
            self._flushing = asyncio.get_running_loop().create_task(self._flush_quietly())

    async def _flush_quietly(self) -> None:
        try:
            await self.flush()
        except MemoryCoreError as exc:
            logger.error("the inbox could not mark finished updates (%s)", exc)  # noqa: TRY400
        finally:
            self._flushing = None

    async def flush(self) -> None:
        """Write the marks of the updates finished so far (also done when the store closes).

        Raises:
            StorageError: they could not be written; they are kept for the next write.
        """
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._done:
            await self._transact(lambda _raw: None)

    async def close(self) -> None:
        """Write the marks noted so far, before the store closes (a failure is logged)."""
        if self._flushing is not None:
            await asyncio.gather(self._flushing, return_exceptions=True)
        await self._flush_quietly()

    async def _transact(
        self, work: Callable[[sqlite3.Connection], T], *, durable: bool = False
    ) -> T:
        """``work`` in one write transaction that also marks the finished updates done
        (their payloads dropped); the marks are forgotten only once it committed.

        Only storing updates must reach the disk at once (Telegram forgets them once they
        are fetched); a count or a mark lost with the machine costs at most an answer given
        twice (see :meth:`memory_core.db.Database.transact`)."""
        done = [(at, key) for key, at in self._done.items()]

        def marked(raw: sqlite3.Connection) -> T:
            raw.executemany(_DONE_SQL, done)
            return work(raw)

        result = await self._db.transact(marked, durable=durable)
        for _, key in done:
            self._done.pop(key, None)
        return result

    async def unfinished(self) -> Unfinished:
        """Return the updates to handle again after a restart, oldest first.

        Updates begun :data:`MAX_ATTEMPTS` times without finishing, or older than
        :data:`STALE_SECONDS`, are marked done instead and returned as ``given_up``.
        """
        now = self._clock()

        def sort_out(raw: sqlite3.Connection) -> Unfinished:
            pending: list[Received] = []
            given_up: list[int] = []
            for key, payload, attempts, received_at in raw.execute(
                "SELECT update_id, payload, attempts, received_at FROM inbox"
                " WHERE done_at IS NULL ORDER BY update_id"
            ):
                if (
                    payload is None
                    or attempts >= MAX_ATTEMPTS
                    or received_at < now - STALE_SECONDS
                ):
                    given_up.append(int(key))
                else:
                    pending.append(Received(int(key), str(payload), int(attempts)))
            raw.executemany(_DONE_SQL, [(now, key) for key in given_up])
            return Unfinished(tuple(pending), tuple(given_up))

        return await self._transact(sort_out)
