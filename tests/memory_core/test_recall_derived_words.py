"""Recall across an English verb and the noun made from it with a changed ending, and of a
question about something unknown that a head noun is of.

"кто обещал продлить гарантию" translates "продлить" as "extend", and the memory says
"a warranty extension": a stem cannot join them ("extend" does not start "extension"), so
the noun's start is searched too, and back ("permission" finds "permit"). "рецепт мусаки"
asks for a recipe of a dish the memory does not hold: the dish is what it is about, so a
doctor who "prescribed" glasses does not answer it.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.morphology import of_noun
from memory_core.recall import RecallOptions, recall
from memory_core.wordforms import irregular_forms

NO_WRITE = RecallOptions(reinforce=False)


@pytest.fixture
async def vendors(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("User:Olga", "User", ("role: head of engineering",)),
            Entity(
                "Person:Mei Tan",
                "Person",
                (
                    "role: account manager at our battery supplier",
                    "fact: offered a warranty extension if we order 500 units a year",
                ),
            ),
            Entity("Person:Rui Costa", "Person", ("fact: needs permission to enter the site",)),
            Entity("Person:Sara Lind", "Person", ("fact: prescribed new glasses in March",)),
            Entity("Person:Igor Vasin", "Person", ("role: field engineer, night shifts",)),
        ]
    )
    return owner


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("кто обещал продлить гарантию", "Person:Mei Tan"),
        ("who can extend the warranty", "Person:Mei Tan"),
        ("who still lacks a permit for the site", "Person:Rui Costa"),
    ],
)
async def test_a_verb_finds_the_noun_made_from_it(
    vendors: ScopedMemory, question: str, answer: str
) -> None:
    found = await recall(vendors, question, NO_WRITE)
    assert found.nodes[:1] == (answer,)


@pytest.mark.parametrize("question", ["рецепт мусаки", "рецепт бешбармака"])
async def test_a_thing_the_memory_lacks_is_what_is_asked(
    vendors: ScopedMemory, question: str
) -> None:
    assert (await recall(vendors, question, NO_WRITE)).nodes == ()


@pytest.mark.parametrize(
    ("word", "forms"),
    [
        ("extend", {"extens"}),
        ("extension", {"extend"}),
        ("permission", {"permit"}),
        ("subscribe", {"subscript"}),
        ("reduction", {"reduce"}),
        ("choose", {"chose", "chosen"}),
        ("find", {"found"}),  # an irregular verb, and too short for a derived noun
        ("meeting", set()),
    ],
)
def test_derived_forms(word: str, forms: set[str]) -> None:
    assert set(irregular_forms(word)) == forms


@pytest.mark.parametrize(
    ("head", "word", "of"),
    [("рецепт", "мусаки", True), ("расписание", "электричек", True),
     ("сколько", "стоек", False), ("про", "релокацию", False), ("говорила", "йота", False),
     ("рецепт", "плов", False), ("recipe", "cars", False)],
)  # fmt: skip
def test_a_noun_of_something_is_told_by_its_case(head: str, word: str, of: bool) -> None:
    assert of_noun(head, word) is of
