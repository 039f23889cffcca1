"""A question of "our" doctor, vet or landlord about something a note holds starts at the
owner too: "which vet do we take Pixel to" finds the vet linked to the owner, though only
the note on the dog holds "Pixel". A question of work ("who owns our billing") does not.
"""

from __future__ import annotations

from memory_core import Entity, Relation, ScopedMemory
from tests.memory_core.recall_world import fillers, top3

OWNER = "User:Дарина"
VET = "Person:Олеся Гурова"


async def test_our_vet_for_the_dog_a_note_names(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity(OWNER, "User", ("fact: живём в Казани",)),
            Entity(VET, "Person", ("role: врач клиники «Лапа», принимает по субботам",)),
            Entity("Person:Тимур Газизов", "Person", ("role: сосед, помогает с дачей",)),
            Entity(
                "Note:notes/personal/pixel.md",
                "Note",
                ("pointer: notes/personal/pixel.md — Pixel: vaccinations, food, vet visits",),
            ),
            *fillers(["a new kettle", "ремонт крыши", "school trip in May"]),
        ]
    )
    await owner.create_relations(
        [
            Relation(VET, OWNER, "vet_of"),
            Relation(
                "Person:Тимур Газизов",
                OWNER,
                "neighbor_of",
            ),
            Relation("Note:notes/personal/pixel.md", "Person:Тимур Газизов", "mentions"),
        ],
        strict_vocabulary=False,
    )
    assert VET in await top3(owner, "which vet do we take pixel to")
