"""A question about oneself that one's own entry answers whole is answered by it alone."""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)


@pytest.fixture
async def family(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("User:Ana", "User", ("fact: lives in Lisbon", "fact: день рождения 3 мая")),
            Entity("Person:Kate", "Person", ("fact: lives in Denver", "fact: др 5 июля")),
            Entity("Person:Bruno", "Person", ("role: manager at Lusa, lives in Porto",)),
        ]
    )
    await owner.create_relations(
        [
            Relation("Person:Kate", "User:Ana", "sibling_of"),
            Relation("User:Ana", "Person:Bruno", "reports_to"),
        ]
    )
    return owner


@pytest.mark.parametrize("question", ["where do I live", "когда у меня др?"])
async def test_ones_own_entry_answers_alone(family: ScopedMemory, question: str) -> None:
    assert (await recall(family, question, NO_WRITE)).nodes == ("User:Ana",)


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("where does my sister live", "Person:Kate"),  # asks for someone by a link
        ("where does Kate live", "Person:Kate"),  # names someone
        ("where does my manager live", "Person:Bruno"),
    ],
)
async def test_a_question_about_someone_else_keeps_them(
    family: ScopedMemory, question: str, first: str
) -> None:
    assert first in (await recall(family, question, NO_WRITE)).nodes
