"""A separate OS process that recalls, writes a fact, recalls again and dies (SIGKILL).

Usage: python -m tests.memory_core.recall_hits_process DB
Driven by test_reinforcement.py: three recalls whose hits it waits to see written, a fact,
two more recalls, then SIGKILL to itself at once, before their hits can be written.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys

from memory_core import Entity, Memory
from memory_core.recall import RecallOptions, recall
from memory_core.scope import Scope


async def main(db: str) -> None:
    memory = Memory(db)
    await memory.open()
    owner = memory.scoped(Scope.owner())
    await owner.create_entities([Entity("Project:Atlas", "Project", ("status: green",))])
    for _ in range(3):
        assert (await recall(owner, "Atlas status", RecallOptions())).lines
    while len(memory.hits):  # noqa: ASYNC110 - the timer writes them within a second
        await asyncio.sleep(0.02)
    print("hits written", flush=True)
    await owner.add_observations([("Project:Atlas", ["owner: Dana"])])
    for _ in range(2):
        assert (await recall(owner, "Atlas status", RecallOptions())).lines
    os.kill(os.getpid(), signal.SIGKILL)  # a crash: nothing closed, the last hits not written


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
