"""Other names of a stored person: recorded nicknames, short forms, names written by ear.

The names resolve through the real resolvers: :class:`StoreResolver` over a list of names and
lines, and :func:`scope_resolver` over a real temporary SQLite memory, where a nickname line
written after the resolver was cached is found on the next message.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.extraction import extract
from memory_core.name_aliases import nicknames, short_form_stem, sound_skeletons
from memory_core.name_resolver import StoreResolver, scope_resolver
from memory_core.repository import person_lines_sql

OWNER = "User:Вера"
NAMES = [
    OWNER,
    "Person:Всеволод Кравец",
    "Person:Ержан Тулегенов",
    "Person:Станислав Юн",
    "Person:Динара Ким",
    "Person:Gabriel Moreau",
    "Person:Oliver Grant",
    "Person:Лев Сомов",
    "Project:Orbit",
]
LINES = {
    "Person:Всеволод Кравец": ["fact: в отделе все зовут его Сева (as_of=2025-01-10, src=user)"],
    "Person:Ержан Тулегенов": ["role: QA lead (Ержик) (as_of=2025-01-10, src=user)"],
    "Person:Лев Сомов": ["role: analyst (Sber) (as_of=2025-01-10, src=user)"],
}


@pytest.fixture(scope="module")
def resolver() -> StoreResolver:
    return StoreResolver(NAMES, (), LINES)


@pytest.mark.parametrize(
    ("written", "found"),
    [
        ("Сева", "Person:Всеволод Кравец"),
        ("Севой", "Person:Всеволод Кравец"),  # the nickname in another case
        ("Ержику", "Person:Ержан Тулегенов"),  # a nickname in brackets
        ("Stas", "Person:Станислав Юн"),  # a short form of the first name, in Latin
        ("Стасу", "Person:Станислав Юн"),
        ("Габриэль Моро", "Person:Gabriel Moreau"),  # a French name written by ear
        ("Оливер Грант", "Person:Oliver Grant"),
    ],
)
def test_another_name_of_a_stored_person_finds_them(
    resolver: StoreResolver, written: str, found: str
) -> None:
    assert resolver.resolve(written) == found


@pytest.mark.parametrize(
    "written",
    [
        "Дина",  # a name of its own, not a short form of Динара
        "Sber",  # a company in brackets on someone's line is no nickname
        "Габриэль Морозов",  # another surname
        "Оливер Браун",
    ],
)
def test_a_different_name_still_finds_nobody(resolver: StoreResolver, written: str) -> None:
    assert resolver.resolve(written) is None


def test_a_message_with_a_nickname_links_the_stored_person(resolver: StoreResolver) -> None:
    proposal = extract("Севу подключили к Orbit", resolver, today=dt.date(2026, 3, 1))
    assert not any(e.is_new for e in proposal.entities)
    assert [(r.from_, r.to) for r in proposal.relations] == [
        ("Person:Всеволод Кравец", "Project:Orbit")
    ]


def test_the_alias_helpers_read_what_they_say() -> None:
    assert nicknames("Person:Всеволод Кравец", LINES["Person:Всеволод Кравец"]) == ["Сева"]
    assert nicknames("Person:Лев Сомов", LINES["Person:Лев Сомов"]) == []
    assert short_form_stem("Stas") == "ста"
    assert short_form_stem("Дина") is None
    assert sound_skeletons("Моро") & sound_skeletons("Moreau")
    assert not sound_skeletons("Морозов") & sound_skeletons("Moreau")


async def test_the_scope_resolver_reads_nicknames_written_since_it_was_cached(
    owner: ScopedMemory,
) -> None:
    await owner.create_entities(
        [Entity("Person:Всеволод Кравец", "Person"), Entity("Person:Лев Сомов", "Person")]
    )
    before = await scope_resolver(owner)
    assert before.resolve("Кравчиком") is None
    await owner.add_observations([("Person:Всеволод Кравец", ["fact: все зовут его Кравчик"])])
    after = await scope_resolver(owner)
    assert after.resolve("Кравчиком") == "Person:Всеволод Кравец"
    assert after.resolve("Лев") == "Person:Лев Сомов"  # the cached names are still there


async def test_people_lines_added_since_an_id_are_read_by_id(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("Person:Всеволод Кравец", "Person", ("fact: все зовут его Сева",)),
            Entity("Project:Orbit", "Project", ("fact: зовут Орбитой",)),
        ]
    )
    async with owner.read() as conn:
        first = await owner.repo.person_lines_with(conn, ["зовут"])
        ids = await conn.execute_fetchall("SELECT id FROM observation")
        last = max(int(row[0]) for row in ids)
    assert first == [("Person:Всеволод Кравец", "fact: все зовут его Сева")]
    await owner.add_observations(
        [("Person:Всеволод Кравец", ["fact: дома зовут Вовой", "role: QA lead"])]
    )
    async with owner.read() as conn:
        since = await owner.repo.person_lines_with(conn, ["зовут"], after=last)
        sql = "EXPLAIN QUERY PLAN " + person_lines_sql(1, since=True)
        rows = await conn.execute_fetchall(sql, (owner.scope.value, 0, "x"))
        plan = " ".join(str(row[-1]) for row in rows)
    assert since == [("Person:Всеволод Кравец", "fact: дома зовут Вовой")]
    # from the id on, not through the scope's index over every line (ms at 50k lines)
    assert "INTEGER PRIMARY KEY (rowid>?)" in plan
