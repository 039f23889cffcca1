"""The durable inbox: an outside update is stored before it is handled, and finished after.

A front end (the Telegram bot) receives updates that the sender forgets once it has handed
them over. Each one is written here, in its own write transaction, before it is handled
(:meth:`Inbox.receive`), counted when its handling begins (:meth:`Inbox.begin`), and marked
done after its reply went out (:meth:`Inbox.finish`), when its payload is cleared. After a
crash, :meth:`Inbox.unfinished` returns what was received but not finished, to be handled
first, once: the update journal (:mod:`memory_core.journal`) makes a write that already
happened come back as it was, not twice.

Updates are keyed by their integer id. A key already in the inbox (being handled, or done in
the last :data:`KEEP_DONE_SECONDS`) is a redelivery and is not received again. An update that
was started :data:`MAX_ATTEMPTS` times without finishing (it may be what crashes the process),
or arrived more than :data:`STALE_SECONDS` ago, is given up instead of handled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from memory_core.db import Database

__all__ = ["KEEP_DONE_SECONDS", "MAX_ATTEMPTS", "STALE_SECONDS", "Inbox", "Received", "Unfinished"]

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
    """The inbox table of one open database."""

    def __init__(self, db: Database, clock: Callable[[], float]) -> None:
        self._db = db
        self._clock = clock

    async def receive(self, key: int, payload: str) -> bool:
        """Store an update before it is handled; return ``False`` for one already here.

        Raises:
            StorageError: it could not be stored (for example the disk is full).
        """
        now = self._clock()
        async with self._db.write() as conn:
            await conn.execute("DELETE FROM inbox WHERE done_at < ?", (now - KEEP_DONE_SECONDS,))
            cur = await conn.execute(
                "INSERT OR IGNORE INTO inbox (update_id, payload, received_at, attempts)"
                " VALUES (?, ?, ?, 0)",
                (key, payload, now),
            )
            stored = cur.rowcount == 1
            await cur.close()
        return stored

    async def begin(self, key: int) -> None:
        """Count that handling an update begins (an update that never finishes is given up)."""
        async with self._db.write() as conn:
            await conn.execute(
                "UPDATE inbox SET attempts = attempts + 1 WHERE update_id = ? AND done_at IS NULL",
                (key,),
            )

    async def finish(self, key: int) -> None:
        """Mark an update handled (its reply went out) and drop its payload."""
        async with self._db.write() as conn:
            await conn.execute(
                "UPDATE inbox SET done_at = ?, payload = NULL"
                " WHERE update_id = ? AND done_at IS NULL",
                (self._clock(), key),
            )

    async def unfinished(self) -> Unfinished:
        """Return the updates to handle again after a restart, oldest first.

        Updates begun :data:`MAX_ATTEMPTS` times without finishing, or older than
        :data:`STALE_SECONDS`, are marked done instead and returned as ``given_up``.
        """
        now = self._clock()
        async with self._db.write() as conn:
            rows = list(
                await conn.execute_fetchall(
                    "SELECT update_id, payload, attempts, received_at FROM inbox"
                    " WHERE done_at IS NULL ORDER BY update_id"
                )
            )
            pending: list[Received] = []
            given_up: list[int] = []
            for key, payload, attempts, received_at in rows:
                if (
                    payload is None
                    or attempts >= MAX_ATTEMPTS
                    or received_at < now - STALE_SECONDS
                ):
                    given_up.append(int(key))
                else:
                    pending.append(Received(int(key), str(payload), int(attempts)))
            await conn.executemany(
                "UPDATE inbox SET done_at = ?, payload = NULL WHERE update_id = ?",
                [(now, key) for key in given_up],
            )
        return Unfinished(tuple(pending), tuple(given_up))
