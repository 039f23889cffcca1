"""The teacher of a child the question calls by a tender name or asks for in slang.

"кто классуха у тимохи" names Тимофей by a tender form his entry does not hold, so the
teacher linked to him answers, as for "у Тимофея"; "училка" asks for a teacher as
"учительница" does.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from tests.memory_core.recall_world import fillers, top3


@pytest.fixture
async def family(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("Person:Тимофей Орлов", "Person", ("role: сын, 4 класс",)),
            Entity("Person:Алла Круглова", "Person", ("role: классный руководитель 4«А»",)),
            Entity("Person:Nadia Ferri", "Person", ("role: piano teacher",)),
            Entity("Person:Олег Сазонов", "Person", ("role: тренер по хоккею",)),
            Entity("Person:Ирина Бек", "Person", ("role: педиатр",)),
            *fillers(["купить краски", "родительский чат", "поездка на дачу"]),
        ]
    )
    await owner.create_relations(
        [
            Relation("Person:Алла Круглова", "Person:Тимофей Орлов", "teacher_of"),
            Relation("Person:Олег Сазонов", "Person:Тимофей Орлов", "coach_of"),
            Relation("Person:Ирина Бек", "Person:Тимофей Орлов", "doctor_of"),
        ]
    )
    return owner


@pytest.mark.parametrize(
    "question", ["кто классуха у тимохи", "кто училка у тимофея в школе", "кто классуха у тимофея"]
)
async def test_the_childs_teacher(family: ScopedMemory, question: str) -> None:
    assert (await top3(family, question))[:1] == ("Person:Алла Круглова",)
