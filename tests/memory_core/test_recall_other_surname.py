"""Recall of a person named with a surname the memory does not hold.

"что делает Kacper Nowak" when only Kacper Wróbel is known asks about another Kacper: the
known one is not the answer. "Kacper Wróbel" and "Kacper" alone still find him, and a
person known by a given name alone ("Kate") is still found with any surname.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)


@pytest.fixture
async def team(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("User:Ola", "User", ("role: head of engineering",)),
            Entity("Person:Kacper Wróbel", "Person", ("role: backend lead, payments",)),
            Entity("Person:Kate", "Person", ("fact: sister's friend, lives in Leeds",)),
            Entity("Person:Ирина Соколова", "Person", ("role: designer",)),
        ]
    )
    return owner


@pytest.mark.parametrize(
    "question",
    ["что делает Kacper Nowak", "контакты Kacper Nowak", "who is Kacper Nowak?"],
)
async def test_another_surname_is_another_person(team: ScopedMemory, question: str) -> None:
    assert (await recall(team, question, NO_WRITE)).nodes == ()


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("что делает Kacper Wróbel", "Person:Kacper Wróbel"),
        ("что делает Kacper", "Person:Kacper Wróbel"),
        ("где живёт Kate Smith", "Person:Kate"),
        ("что делает Ирина Соколова", "Person:Ирина Соколова"),
    ],
)
async def test_the_known_person_is_still_found(
    team: ScopedMemory, question: str, answer: str
) -> None:
    assert answer in (await recall(team, question, NO_WRITE)).nodes
