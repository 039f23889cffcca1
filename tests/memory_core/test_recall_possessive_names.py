"""Recall of a person asked about by a Russian possessive made from their first name.

"Ольгины цветы", "Мишин бассейн", "Наташин день рождения": the adjective names whose it is.
A word the dictionary knows as something else ("машина" is no Маша's) stays a word.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.lexicon import Lexicon
from memory_core.query import named_possessives
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)


@pytest.fixture
async def family(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("Person:Ольга Белова", "Person", ("fact: жена", "fact: любит пионы")),
            Entity("Person:Миша", "Person", ("fact: сын", "fact: плавание по вторникам в 18:00")),
            Entity("Person:Маша Кравец", "Person", ("role: бухгалтер",)),
            Entity("Note:car", "Note", ("fact: машина на парковке у дома, место 14",)),
        ]
    )
    return owner


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("ольгины любимые цветы", "Person:Ольга Белова"),
        ("во сколько Мишин бассейн", "Person:Миша"),
        ("Мишино плавание когда", "Person:Миша"),
    ],
)
async def test_a_possessive_of_a_first_name_asks_about_that_person(
    family: ScopedMemory, question: str, person: str
) -> None:
    assert (await recall(family, question, NO_WRITE)).nodes[:1] == (person,)


async def test_a_dictionary_word_is_no_possessive(family: ScopedMemory) -> None:
    assert (await recall(family, "где машина", NO_WRITE)).nodes[:1] == ("Note:car",)


def test_only_known_first_names_are_read_so() -> None:
    lexicon = Lexicon(["Person:Ольга Белова", "Person:Маша Кравец"])
    assert named_possessives("Ольгины цветы", lexicon) == "Ольга цветы"
    assert named_possessives("где машина", lexicon) == "где машина"
    assert named_possessives("Катин телефон", lexicon) == "Катин телефон"  # no Катя known
