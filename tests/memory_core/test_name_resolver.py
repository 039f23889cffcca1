"""The store's extraction resolver: any script or case form, never a gendered twin; cached."""

from __future__ import annotations

import pytest

from memory_core import Entity, Memory, Relation, ScopedMemory
from memory_core.name_resolver import StoreResolver, scope_resolver
from memory_core.scope import Scope

NAMES = [
    "User:Алексей",
    "Person:Иван Петров",
    "Person:Jane Brooks",
    "Person:Юлия Смирнова",
    "Person:Schneider",
    "Person:Mark Evans",
    "Project:ESO",
    "Jira:ESO-159",
    "Note:notes/meetings/2025-12-28-eso-sync.md",
]


@pytest.fixture
def resolver() -> StoreResolver:
    return StoreResolver(NAMES)


@pytest.mark.parametrize(
    ("written", "found"),
    [
        ("Ivan Petrov", "Person:Иван Петров"),
        ("Ивану Петрову", "Person:Иван Петров"),
        ("Джейн Брукс", "Person:Jane Brooks"),
        ("Iuliia Smirnova", "Person:Юлия Смирнова"),
        ("Юлии Смирновой", "Person:Юлия Смирнова"),
        ("Шнайдер", "Person:Schneider"),
        ("eso", "Project:ESO"),
        ("jira:eso-159", "Jira:ESO-159"),
        (
            "Note:notes/meetings/2025-12-28-ESO-sync.md",
            "Note:notes/meetings/2025-12-28-eso-sync.md",
        ),
    ],
)
def test_a_name_in_any_script_or_case_form_is_found(
    resolver: StoreResolver, written: str, found: str
) -> None:
    assert resolver.resolve(written) == found


@pytest.mark.parametrize(
    "written",
    ["Petrova", "Иван Петрова Сидоровна", "march", "Marko", "Brooks Jane Smith", "ESO-160"],
)
def test_a_different_name_is_not_found(resolver: StoreResolver, written: str) -> None:
    assert resolver.resolve(written) is None


def test_the_type_narrows(resolver: StoreResolver) -> None:
    assert resolver.resolve("ESO", "Person") is None
    assert resolver.resolve("Project:eso") == "Project:ESO"


async def test_the_scope_resolver_is_cached_until_names_change(owner: ScopedMemory) -> None:
    await owner.create_entities([Entity("Person:Ann", "Person")])
    first = await scope_resolver(owner)
    assert first.resolve("Ann") == "Person:Ann"
    base = owner.caches.resolvers[owner.scope.value]
    await scope_resolver(owner)
    assert owner.caches.resolvers[owner.scope.value] is base
    await owner.create_entities([Entity("Person:Bob Ray", "Person")])
    fresh = await scope_resolver(owner)
    assert owner.caches.resolvers[owner.scope.value] is not base
    assert fresh.resolve("Боб") == "Person:Bob Ray"


async def test_relatives_are_read_fresh(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("User:Alex", "User"),
            Entity("Person:Маша", "Person", ("fact: жена",)),
            Entity("Person:Галина Ивановна", "Person", ("fact: мама",)),
        ]
    )
    assert (await scope_resolver(owner)).relative("wife") is None
    await owner.create_relations(
        [
            Relation("Person:Маша", "User:Alex", "married_to"),
            Relation("Person:Галина Ивановна", "User:Alex", "parent_of"),
        ]
    )
    resolver = await scope_resolver(owner)  # names unchanged: the cached base, new links
    assert resolver.relative("wife") == "Person:Маша"
    assert resolver.relative("mother") == "Person:Галина Ивановна"
    assert resolver.relative("father") is None
    assert resolver.owner == "User:Alex"


async def test_scopes_resolve_only_their_own_names(memory: Memory) -> None:
    owner = memory.scoped(Scope.owner())
    group = memory.scoped(Scope.parse("chat:-100"))
    await owner.create_entities([Entity("Person:Ann", "Person")])
    assert (await scope_resolver(owner)).resolve("Ann") == "Person:Ann"
    assert (await scope_resolver(group)).resolve("Ann") is None
