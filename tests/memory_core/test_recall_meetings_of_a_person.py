""" "which meetings was X in" asks for the notes of the meetings that mention X, not for X."""

from __future__ import annotations

from memory_core import Entity, Relation, ScopedMemory
from tests.memory_core.recall_world import fillers, top3

_NOTES = (
    "Note:notes/meetings/2025-05-14-harbor-pricing.md",
    "Note:notes/meetings/2025-08-20-harbor-retro.md",
)


async def test_the_meetings_of_a_person_are_their_notes(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("Person:Tobias Renner", "Person", ("role: pricing analyst, Harbor",)),
            *(Entity(n, "Note", (f"pointer: {n[5:]} — Harbor meeting",)) for n in _NOTES),
            *fillers(["a walk in the park", "купить молоко", "dentist on monday"]),
        ]
    )
    await owner.create_relations([Relation(n, "Person:Tobias Renner", "mentions") for n in _NOTES])
    assert set(_NOTES) <= set(await top3(owner, "which meetings was Tobias Renner in"))
