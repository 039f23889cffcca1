"""The same question over the same memory gives the same answer in every process.

When more stored names share a word than a message may name (fifty Morgans), which of
them the lexicon offered used to follow Python's string hashing, which changes from one
process to the next: "Aam Morgan" gave other people after a restart.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

from memory_core import Entity, Memory, Scope

_SEARCH = """
import asyncio, json, sys
from memory_core import Memory, Scope
from memory_core.entity_search import find_entities
from memory_core.recall import RecallOptions, recall

async def main():
    async with Memory(sys.argv[1]) as memory:
        scoped = memory.scoped(Scope.owner())
        found = await find_entities(scoped, "Aam Morgan", 5, relation_limit=0)
        asked = await recall(scoped, "what does Morgan do", RecallOptions(reinforce=False))
        print(json.dumps([[e.name for e in found.graph.entities], list(asked.nodes)]))

asyncio.run(main())
"""
FIRST = ("Adam", "Ben", "Chloe", "Dana", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jess", "Kai")


async def _fill(db: Path) -> None:
    async with Memory(db) as memory:
        await memory.scoped(Scope.owner()).create_entities(
            [
                Entity(f"Person:{first} {middle}. Morgan", "Person", ("role: engineer",))
                for first in FIRST
                for middle in "ABCDEF"
            ]
        )


def test_search_and_recall_do_not_depend_on_the_process(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    asyncio.run(_fill(db))
    root = Path(__file__).resolve().parents[2]
    answers = []
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(root)}
        done = subprocess.run(
            [sys.executable, "-c", _SEARCH, str(db)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            timeout=120,
        )
        answers.append(json.loads(done.stdout))
    assert answers[0][0], "the search found no Morgan"
    assert answers[0] == answers[1] == answers[2]
