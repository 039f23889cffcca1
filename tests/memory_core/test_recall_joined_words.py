"""Two hyphened words no memory holds are searched as the one word they make."""

from __future__ import annotations

from memory_core import Entity, ScopedMemory
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)


async def test_a_hyphened_word_finds_its_joined_spelling(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("Person:Ада Левина", "Person", ("fact: заказывает пентест раз в год",)),
            Entity(
                "Decision:load-test-pens",
                "Decision",
                ("decision: load test of the pen store before every sale",),
            ),
        ]
    )
    result = await recall(owner, "who orders the pen-test", NO_WRITE)
    assert result.nodes[:1] == ("Person:Ада Левина",)
