"""The daily lifecycle job runs every scope that holds memory, at the store's clock."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.ops.lifecycle_job import DailyLifecycle
from memory_core import Entity, Memory
from memory_core.lifecycle import AUTO_CONFIDENCE, forgotten_lines
from memory_core.scope import Scope

WEEK = 7 * 24 * 3600.0
GUESS = "fact: location=Belgrade (src=auto)"


async def test_run_once_covers_every_scope(tmp_path: Path) -> None:
    now = [1_750_000_000.0]
    async with Memory(tmp_path / "m.db", clock=lambda: now[0]) as memory:
        for scope in ("owner", "chat:42", "chat:-100500"):
            scoped = memory.scoped(Scope.parse(scope))
            await scoped.create_entities([Entity("User:A", "User", ("pref: x=y (src=user)",))])
            await scoped.add_observations([("User:A", [GUESS])], confidence=AUTO_CONFIDENCE)
        job = DailyLifecycle(memory)
        assert (await job.run_once()).decayed == 0
        now[0] += 9 * WEEK
        report = await job.run_once()
        assert (report.decayed, report.forgotten, report.purged) == (3, 3, 0)
        for scope in ("owner", "chat:42", "chat:-100500"):
            assert [f.text for f in await forgotten_lines(memory.scoped(Scope.parse(scope)))] == [
                GUESS
            ]
            assert (await memory.scoped(Scope.parse(scope)).stats()).observations == 1


async def test_run_stops_when_asked(tmp_path: Path) -> None:
    async with Memory(tmp_path / "m.db") as memory:
        stop = asyncio.Event()
        task = asyncio.create_task(DailyLifecycle(memory, interval=3600).run(stop))
        await asyncio.sleep(0.05)
        stop.set()
        await asyncio.wait_for(task, 2)
