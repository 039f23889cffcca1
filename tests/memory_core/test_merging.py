"""Merging lines into an entity reads only the lines that share a text or a key: same result."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from memory_core import Entity, Memory
from memory_core import merging as merging_module
from memory_core.editing import remember
from memory_core.scope import Scope

POOL = [
    *(f"pref: k{k}=v{v} (src=user)" for k in range(4) for v in range(3)),
    *(f"fact: note {n}" for n in range(8)),
    "role: lead on Project:Atlas",
]


async def _history(path: Path, seed: int) -> list[Any]:
    """Remember random lines on an entry with visible and forgotten ones; what was seen."""
    rnd = random.Random(seed)
    seen: list[Any] = []
    async with Memory(path) as memory:
        owner = memory.scoped(Scope.owner())
        start = tuple(dict.fromkeys(rnd.sample(POOL, 10)))
        await owner.create_entities([Entity("User:me", "User", start)])
        async with memory.db.write() as conn:
            await conn.execute(
                "UPDATE observation SET forgotten_at = 1.0 WHERE id % 3 = ?", (seed % 3,)
            )
        for _ in range(6):
            lines = list(dict.fromkeys(rnd.choices(POOL, k=rnd.randint(1, 4))))
            done = await remember(owner, "User:me", None, lines)
            seen.append((done.added, done.replaced))
        async with memory.db.read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT position, text, forgotten_at IS NOT NULL, confidence FROM observation"
                " ORDER BY position, id"
            )
        seen.append([tuple(r) for r in rows])
    return seen


@pytest.mark.parametrize("seed", range(12))
async def test_a_merge_of_a_few_lines_does_what_reading_every_line_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    few = await _history(tmp_path / "few.db", seed)
    monkeypatch.setattr(merging_module, "_FEW_LINES", -1)  # every line read, as before
    every = await _history(tmp_path / "every.db", seed)
    assert few == every
