"""A Spanish name is found as Russian writes it by ear, and "отчитывается" asks upwards.

Russian writes the "z" of "Lorenzo" or "González" as "с" ("Лоренсо", "Гонсалес"), so those
spellings find the stored Latin name; "кому отчитывается X" asks for the one X reports to,
as "кому X подчиняется" does. The "sz", "cz" and "rz" of other languages are not read so.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.name_keys import index_keys, query_keys
from tests.memory_core.recall_world import fillers, top3


@pytest.fixture
async def office(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("Person:Lorenzo Ibarra", "Person", ("role: head of field crews",)),
            Entity("Person:Beatriz Alonso", "Person", ("role: COO",)),
            Entity("Person:Marisa González", "Person", ("role: payroll",)),
            *fillers(["обед с командой", "a new printer", "ремонт в офисе"]),
        ]
    )
    await owner.create_relations(
        [Relation("Person:Lorenzo Ibarra", "Person:Beatriz Alonso", "reports_to")]
    )
    return owner


@pytest.mark.parametrize("question", ["кому отчитывается лоренсо", "лоренсо кому отчитывается"])
async def test_who_a_spanish_name_reports_to(office: ScopedMemory, question: str) -> None:
    assert (await top3(office, question))[:1] == ("Person:Beatriz Alonso",)


async def test_a_surname_by_ear(office: ScopedMemory) -> None:
    assert "Person:Marisa González" in await top3(office, "что делает гонсалес")


def test_only_a_spanish_z_is_read_as_s() -> None:
    assert query_keys("лоренсо") & index_keys("Lorenzo")
    assert not any("ss" in key or "cs" in key for key in index_keys("Szymczak"))
