"""The daily lifecycle job: guessed facts fade, weak ones are forgotten, old ones purged.

It runs :func:`memory_core.lifecycle.run_lifecycle` for every scope that holds memory, once
at start-up and then every ``interval`` seconds, alongside the bot (like the daily backups).
Time comes from the store's clock (``Memory.clock``), so tests move it by hand and call
:meth:`DailyLifecycle.run_once`.
"""

from __future__ import annotations

import asyncio
import logging

from memory_core import Memory, MemoryCoreError
from memory_core.lifecycle import LifecycleReport, run_lifecycle

__all__ = ["DAY", "DailyLifecycle"]

logger = logging.getLogger(__name__)

DAY = 24 * 3600.0


class DailyLifecycle:
    """Run the memory lifecycle of every scope once a day."""

    def __init__(self, memory: Memory, *, interval: float = DAY) -> None:
        self.memory = memory
        self.interval = interval

    async def run_once(self) -> LifecycleReport:
        """Run the lifecycle in every scope now; return the totals."""
        decayed = forgotten = purged = 0
        for scope in await self.memory.scopes():
            report = await run_lifecycle(self.memory.scoped(scope))
            decayed += report.decayed
            forgotten += report.forgotten
            purged += report.purged
        return LifecycleReport(decayed, forgotten, purged)

    async def run(self, stop: asyncio.Event) -> None:
        """Run once now and then every ``interval`` until ``stop`` is set."""
        while not stop.is_set():
            try:
                total = await self.run_once()
            except MemoryCoreError as exc:
                logger.error("memory lifecycle failed: %s", type(exc).__name__)  # noqa: TRY400
            else:
                logger.info(
                    "memory lifecycle: %d decayed, %d forgotten, %d purged",
                    total.decayed,
                    total.forgotten,
                    total.purged,
                )
            try:
                await asyncio.wait_for(stop.wait(), timeout=self.interval)
            except TimeoutError:
                continue
