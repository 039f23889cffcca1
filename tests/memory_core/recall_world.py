"""Shared pieces of the recall round tests: filler memories and the top three answers."""

from __future__ import annotations

from collections.abc import Sequence

from memory_core import Entity, ScopedMemory
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)


def fillers(topics: Sequence[str], count: int = 40) -> list[Entity]:
    """``count`` unrelated notes on everyday ``topics``, so that word weights are realistic."""
    return [
        Entity(f"Note:filler-{i}", "Note", (f"fact: {topics[i % len(topics)]}, пункт {i}",))
        for i in range(count)
    ]


async def top3(memory: ScopedMemory, question: str) -> tuple[str, ...]:
    """The first three entities recall returns for ``question`` (nothing counted as read)."""
    return (await recall(memory, question, NO_WRITE)).nodes[:3]
