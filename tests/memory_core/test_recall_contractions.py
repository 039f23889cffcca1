"""English contractions a chat writes without the apostrophe ask what they spell out."""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.query import spelled_out
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ("whos on call tonight", "who is on call tonight"),
        ("Wheres the runbook, i cant find it", "where is the runbook, i can not find it"),
        ("doesnt matter", "does not matter"),
        ("IM policy", "IM policy"),  # an acronym written in capitals stays
        ("its fine, whose turn", "its fine, whose turn"),
    ],
)
def test_contractions_are_spelled_out(message: str, said: str) -> None:
    assert spelled_out(message) == said


async def test_a_who_question_without_the_apostrophe_reaches_the_person(
    owner: ScopedMemory,
) -> None:
    await owner.create_entities(
        [
            Entity("Person:Марта Ким", "Person", ("role: дочь, 3 класс",)),
            Entity("Person:Lev Orlov", "Person", ("role: стоматолог Марты",)),
            Entity(
                "Note:notes/family/marta-school.md",
                "Note",
                ("pointer: notes/family/marta-school.md — Marta: school, dentist visits",),
            ),
        ]
    )
    await owner.create_relations([Relation("Person:Lev Orlov", "Person:Марта Ким", "doctor_of")])
    result = await recall(owner, "whos marta's dentist", NO_WRITE)
    assert result.nodes[:1] == ("Person:Lev Orlov",)
