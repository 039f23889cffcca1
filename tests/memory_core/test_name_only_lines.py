"""Nicknames recorded by lines that are only names, found over a real temporary SQLite memory.

People's lines say their other names bare ("fact: Гоша / Grzegorz", "fact: Franek / Франек",
"fact: Лёша, тоже из Казани", "fact: Вик"), after "она же", or one more spelling after the
nickname ("все зовут Мэтт / Matt"). A message naming someone that way must find the stored
person, not make a new one, and a full name whose first word is such a nickname finds them
when the surname agrees ("Lyosha Titov" for ``Person:Алексей Титов``). A line about someone
else ("Вера, его жена") or about a thing ("Rust / Go") gives no nickname.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.extraction import extract
from memory_core.name_aliases import nicknames
from memory_core.name_resolver import StoreResolver, scope_resolver

OWNER = "User:Инга"
GRZEGORZ = "Person:Grzegorz Wróbel"
FRANCISZEK = "Person:Franciszek Lis"
ALEKSEY = "Person:Алексей Титов"
VIKTOR = "Person:Viktor Hale"
MALGORZATA = "Person:Małgorzata Bąk"
ROMAN = "Person:Роман Жуков"
LENA = "Person:Elena Marsh"
ORBIT = "Project:Orbit"


@pytest.fixture
async def world(owner: ScopedMemory) -> StoreResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(GRZEGORZ, "Person", ("fact: Гоша / Grzegorz (as_of=2025-03-01, src=user)",)),
            Entity(FRANCISZEK, "Person", ("fact: Franek / Франек (src=user)",)),
            Entity(ALEKSEY, "Person", ("fact: Лёша, тоже из Казани (src=user)",)),
            Entity(VIKTOR, "Person", ("fact: Вик (src=user)",)),
            Entity(MALGORZATA, "Person", ("fact: Малгожата, она же Гося (src=user)",)),
            Entity(ROMAN, "Person", ("fact: Вера, его жена (src=user)", "fact: Rust / Go")),
            Entity(LENA, "Person", ("fact: в офисе зовут Лена / Lenka (src=user)",)),
            Entity(ORBIT, "Project"),
        ]
    )
    return await scope_resolver(owner)


@pytest.mark.parametrize(
    ("written", "found"),
    [
        ("Гоше", GRZEGORZ),  # "X / Y": a nickname in another script than the name
        ("Franek", FRANCISZEK),  # one name in two scripts
        ("Франеку", FRANCISZEK),
        ("Лёше", ALEKSEY),  # "X, ...": a first word starting as the first name does
        ("Вику", VIKTOR),  # a line that is one given name
        ("Госе", MALGORZATA),  # "она же X"
        ("Lenka", LENA),  # a second spelling after "зовут X /"
        ("Lyosha Titov", ALEKSEY),  # a nickname as the first word of a full name
    ],
)
async def test_a_name_a_name_only_line_records_finds_the_person(
    world: StoreResolver, written: str, found: str
) -> None:
    assert world.resolve(written, "Person") == found


@pytest.mark.parametrize("written", ["Вера", "Вере", "Rust", "Go", "Gosha Titov"])
async def test_a_line_about_someone_else_or_a_thing_gives_no_nickname(
    world: StoreResolver, written: str
) -> None:
    assert world.resolve(written, "Person") not in (ROMAN, ALEKSEY)


def test_only_names_are_read_from_a_bare_line() -> None:
    assert nicknames(ROMAN, ["fact: Вера, его жена", "fact: Rust / Go", "skill: Рома"]) == []
    assert nicknames(VIKTOR, ["fact: Вик, Витя (src=user)"]) == ["Вик"]


async def test_a_message_naming_a_person_by_a_recorded_nickname_makes_no_new_person(
    world: StoreResolver,
) -> None:
    proposal = extract("Гошу на месяц одолжили в Orbit", world, owner=OWNER,
                       today=dt.date(2026, 2, 1))  # fmt: skip
    names = {e.name for e in proposal.entities} | {
        end for r in proposal.relations for end in (r.from_, r.to)
    }
    assert GRZEGORZ in names
    assert not any(n.startswith("Person:Гош") for n in names)
