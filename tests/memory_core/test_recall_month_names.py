"""A month word that is part of a name the message spells is that name, not a month.

"notes with June Park" asks for the notes that mention her, whatever month they are of;
"встречи в марте" still asks for the March meetings, though someone is called Marta.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from tests.memory_core.recall_world import fillers, top3


@pytest.fixture
async def diary(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("Person:June Park", "Person", ("role: account manager at Veltro",)),
            Entity("Person:Marta Oyelaran", "Person", ("role: designer",)),
            Entity(
                "Note:notes/meetings/2025-09-10-veltro-renewal.md",
                "Note",
                ("pointer: notes/meetings/2025-09-10-veltro-renewal.md — Veltro renewal terms",),
            ),
            Entity(
                "Note:notes/meetings/2025-11-05-veltro-outage.md",
                "Note",
                ("pointer: notes/meetings/2025-11-05-veltro-outage.md — Veltro outage review",),
            ),
            Entity(
                "Note:notes/meetings/2025-03-12-roadmap.md",
                "Note",
                ("pointer: notes/meetings/2025-03-12-roadmap.md — roadmap for the spring",),
            ),
            *fillers(["обед в пятницу", "a book to read", "починить велосипед"]),
        ]
    )
    await owner.create_relations(
        [
            Relation(
                "Note:notes/meetings/2025-09-10-veltro-renewal.md", "Person:June Park", "mentions"
            ),
            Relation(
                "Note:notes/meetings/2025-11-05-veltro-outage.md", "Person:June Park", "mentions"
            ),
            Relation(
                "Note:notes/meetings/2025-03-12-roadmap.md", "Person:Marta Oyelaran", "mentions"
            ),
        ]
    )
    return owner


async def test_a_name_that_is_a_month_finds_her_notes(diary: ScopedMemory) -> None:
    found = await top3(diary, "notes with june park")
    assert {
        "Note:notes/meetings/2025-09-10-veltro-renewal.md",
        "Note:notes/meetings/2025-11-05-veltro-outage.md",
    } <= set(found)


async def test_a_month_alone_is_still_a_month(diary: ScopedMemory) -> None:
    assert "Note:notes/meetings/2025-03-12-roadmap.md" in await top3(diary, "встречи в марте")
