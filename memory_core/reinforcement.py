"""Recall hits counted in memory and written together, off the reply path, within a second.

Every recall counts its lines as used (access count, confidence ``c += 0.1 * (1 - c)``).
Written at once, that was one write transaction with an fsync per answer. Instead
:class:`PendingHits` adds the hits up and one transaction writes all of them at most
:data:`FLUSH_SECONDS` after the first: a crash loses at most that last second of counts,
and never a fact (facts are written by their own transactions, never held here). Closing
the store writes what is left; whatever reads the counts to act on them (the lifecycle)
flushes first.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections import Counter
from collections.abc import Callable, Iterable

from memory_core.db import Database
from memory_core.errors import DiskFullError, StorageError
from memory_core.repository import DAY, Repository
from memory_core.scope import Scope

__all__ = ["FLUSH_SECONDS", "PendingHits"]

logger = logging.getLogger(__name__)

FLUSH_SECONDS = 1.0
"""The longest a counted hit waits in memory before it is written."""


class PendingHits:
    """Recall hits not written yet, by scope, day and line id, and the timer that writes them.

    The day of a hit (UTC, by the store's ``clock``) is the day it happened, not the day it
    is written: recall days promote ``auto`` lines (see :mod:`memory_core.lifecycle`).
    """

    def __init__(
        self,
        db: Database,
        clock: Callable[[], float] = time.time,
        delay: float = FLUSH_SECONDS,
    ) -> None:
        self._db = db
        self._clock = clock
        self.delay = delay
        """Seconds from the first waiting hit to the write."""
        self._hits: dict[tuple[Scope, int], Counter[int]] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None

    def __len__(self) -> int:
        """How many lines have hits waiting."""
        return sum(len(hits) for hits in self._hits.values())

    def add(self, scope: Scope, ids: Iterable[int]) -> None:
        """Count one hit on each line; the write follows within :attr:`delay` seconds."""
        counted = Counter(ids)
        if not counted:
            return
        day = int(self._clock() // DAY)
        self._hits.setdefault((scope, day), Counter()).update(counted)
        self._schedule()

    def _schedule(self) -> None:
        if self._timer is None and self._task is None and self._hits:
            self._timer = asyncio.get_running_loop().call_later(self.delay, self._start)

    def _start(self) -> None:
        self._timer = None
        self._task = asyncio.get_running_loop().create_task(self._flush_in_background())

    async def _flush_in_background(self) -> None:
        try:
            await self.flush()
        except (sqlite3.Error, StorageError) as exc:
            # kept for the next try: a busy file must not lose the counts
            logger.warning("could not write recall hits yet: %s", type(exc).__name__)
        finally:
            self._task = None
            self._schedule()

    async def flush(self) -> None:
        """Write every waiting hit now, in one transaction (nothing waiting: no write)."""
        if not self._hits:
            return
        taken, self._hits = self._hits, {}
        try:
            async with self._db.write() as conn:
                for (scope, day), hits in taken.items():
                    by_times: dict[int, list[int]] = {}
                    for line_id, times in hits.items():
                        by_times.setdefault(times, []).append(line_id)
                    repo = Repository(scope, self._clock)
                    for times, ids in by_times.items():
                        await repo.reinforce(conn, ids, times=times, day=day)
        except BaseException:
            for key, hits in taken.items():  # put back, with what came in meanwhile
                self._hits.setdefault(key, Counter()).update(hits)
            raise

    async def close(self) -> None:
        """Stop the timer and write what is left (the store is closing).

        If that last write fails, the waiting counts are dropped (never a fact) and logged.
        """
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        try:
            await self.flush()
        except (sqlite3.Error, StorageError) as exc:
            cause = "the disk is full" if isinstance(exc, DiskFullError) else type(exc).__name__
            logger.warning("%d recall hits not written at close: %s", len(self), cause)
            self._hits.clear()
