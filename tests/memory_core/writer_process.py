"""A separate OS process that writes to a memory database (driven by test_processes.py).

Usage: python -m tests.memory_core.writer_process DB LABEL COUNT [--then-sleep] [--turns]
Adds COUNT observations "obs: LABEL-i" to Project:Shared, one transaction each, printing
"wrote LABEL-i" after each commit returned. With ``--turns`` it keeps working-memory turns
"LABEL-i" instead (written without flushing to the disk).
"""

from __future__ import annotations

import asyncio
import sys

from memory_core import Entity, Memory
from memory_core.scope import Scope
from memory_core.working_memory import record_turn


async def main(db: str, label: str, count: int, sleep_after: bool, turns: bool) -> None:
    async with Memory(db) as memory:
        owner = memory.scoped(Scope.owner())
        await owner.create_entities([Entity("Project:Shared", "Project", ())])
        for i in range(count):
            if turns:
                await record_turn(owner, f"{label}-{i}", "ok")
            else:
                await owner.add_observations([("Project:Shared", [f"obs: {label}-{i}"])])
            print(f"wrote {label}-{i}", flush=True)
        if sleep_after:
            await asyncio.sleep(60)  # wait to be killed, without closing anything


if __name__ == "__main__":
    asyncio.run(
        main(
            sys.argv[1],
            sys.argv[2],
            int(sys.argv[3]),
            "--then-sleep" in sys.argv,
            "--turns" in sys.argv,
        )
    )
