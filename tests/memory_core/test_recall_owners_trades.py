"""Recall of the owner's people linked by a broad kind of link: the trade asked decides.

"Remember" links a dentist, a physiotherapist and a paediatrician to the owner alike
(``doctor_of``), a plumber and a cleaner alike (``provider_of``). Asked "кто наш стоматолог",
only the one whose lines say so answers; a trade nobody holds ("кто наш педиатр", "кто наш
окулист", an "eye doctor") answers nothing, not every doctor; "кто мой врач" asks for any
of them, but "who is our eye doctor" only one whose lines say so.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)


@pytest.fixture
async def household(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("User:Ira", "User", ("fact: lives in Tbilisi",)),
            Entity("Person:Nodar Beridze", "Person", ("role: стоматолог, клиника на Руставели",)),
            Entity("Person:Eka Lomidze", "Person", ("role: physiotherapist, back exercises",)),
            Entity("Person:Гия Абашидзе", "Person", ("role: сантехник",)),
            Entity("Person:Tamar Kapanadze", "Person", ("role: vet for our cat",)),
        ]
    )
    await owner.create_relations(
        [
            Relation("Person:Nodar Beridze", "User:Ira", "doctor_of"),
            Relation("Person:Eka Lomidze", "User:Ira", "doctor_of"),
            Relation("Person:Гия Абашидзе", "User:Ira", "provider_of"),
            Relation("Person:Tamar Kapanadze", "User:Ira", "provider_of"),
        ]
    )
    return owner


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("кто наш стоматолог", "Person:Nodar Beridze"),
        ("who is my dentist?", "Person:Nodar Beridze"),
        ("кто мой физиотерапевт", "Person:Eka Lomidze"),
        ("кто наш ветеринар?", "Person:Tamar Kapanadze"),
        ("who's our plumber", "Person:Гия Абашидзе"),
        # "which doctor" said before the word: the lines must say it ("зубной" is "dental")
        ("кто мой зубной врач", "Person:Nodar Beridze"),
    ],
)
async def test_the_trade_asked_picks_one_of_the_owners_people(
    household: ScopedMemory, question: str, answer: str
) -> None:
    found = await recall(household, question, NO_WRITE)
    assert found.nodes == (answer,)


@pytest.mark.parametrize(
    "question",
    [
        "кто наш педиатр",
        "who is our electrician?",
        # translated as "eye doctor", "trauma doctor": which doctor, not any doctor
        "кто наш окулист",
        "кто у нас травматолог?",
        "who is our eye doctor?",
        "кто наш детский врач",
    ],
)
async def test_a_trade_nobody_holds_is_not_answered_by_another(
    household: ScopedMemory, question: str
) -> None:
    assert (await recall(household, question, NO_WRITE)).nodes == ()


async def test_a_doctor_asked_broadly_is_any_doctor(household: ScopedMemory) -> None:
    found = await recall(household, "кто мой врач", NO_WRITE)
    assert set(found.nodes) == {"Person:Nodar Beridze", "Person:Eka Lomidze"}
