"""Writing a proposal: entities resolved again, lines merged, links made once, all or nothing."""

from __future__ import annotations

import pytest

from memory_core import Entity, InvalidInputError, Relation, ScopedMemory
from memory_core.capture import write_proposal
from memory_core.extraction import Proposal, ProposedEntity, ProposedRelation, extract
from memory_core.name_resolver import scope_resolver

ROLE = "role: тимлид (as_of=2026-01-05, src=auto)"


def proposal(*entities: ProposedEntity, relations: tuple[ProposedRelation, ...] = ()) -> Proposal:
    return Proposal("statement", entities, relations)


async def test_entities_lines_and_links_are_written(owner: ScopedMemory) -> None:
    await owner.create_entities([Entity("User:Alex", "User")])
    done = await write_proposal(
        owner,
        proposal(
            ProposedEntity("Person:Иван Петров", (ROLE,), is_new=True),
            relations=(ProposedRelation("User:Alex", "reports_to", "Person:Иван Петров"),),
        ),
    )
    assert [(e.entity, e.added, e.created) for e in done.entities] == [
        ("Person:Иван Петров", (ROLE,), True),
        ("User:Alex", (), False),
    ]
    assert done.relations == (Relation("User:Alex", "Person:Иван Петров", "reports_to"),)
    assert done.touched == ("Person:Иван Петров", "User:Alex")
    graph = await owner.read_graph()
    assert graph.relations == done.relations


async def test_an_entity_made_meanwhile_gets_the_lines_instead_of_a_twin(
    owner: ScopedMemory,
) -> None:
    """The offer said "new", but the owner created the person before pressing Yes."""
    offered = proposal(ProposedEntity("Person:Иван Петров", (ROLE,), is_new=True))
    await owner.create_entities([Entity("Person:иван петров", "Person")])
    done = await write_proposal(owner, offered)
    assert [(e.entity, e.created) for e in done.entities] == [("Person:иван петров", False)]
    assert await owner.entity_names() == ["Person:иван петров"]


async def test_an_existing_link_is_skipped(owner: ScopedMemory) -> None:
    await owner.create_entities([Entity("Person:Ann", "Person"), Entity("Project:ESO", "Project")])
    await owner.create_relations([Relation("Person:Ann", "Project:ESO", "works_on")])
    done = await write_proposal(
        owner, proposal(relations=(ProposedRelation("Person:Ann", "works_on", "Project:ESO"),))
    )
    assert done.relations == ()
    assert done.empty
    assert len((await owner.read_graph()).relations) == 1


async def test_replaced_lines_go_in_the_same_write(owner: ScopedMemory) -> None:
    old = "fact: живу в Белграде (as_of=2025-06-10, src=user)"
    new = "fact: location=в Москве (as_of=2026-01-05, src=auto)"
    await owner.create_entities([Entity("User:Alex", "User", (old,))])
    done = await write_proposal(
        owner, proposal(ProposedEntity("User:Alex", (new,))), removes=[("User:Alex", old)]
    )
    assert done.removed == (("User:Alex", old),)
    assert (await owner.open_nodes(["User:Alex"])).entities[0].observations == (new,)


async def test_a_bad_part_stores_nothing(owner: ScopedMemory) -> None:
    with pytest.raises(InvalidInputError):
        await write_proposal(
            owner,
            proposal(
                ProposedEntity("Person:Ann", (ROLE,), is_new=True),
                ProposedEntity("no type here", ("fact: x",), is_new=True),
            ),
        )
    assert await owner.entity_names() == []


async def test_the_same_update_writes_once(owner: ScopedMemory) -> None:
    offered = proposal(ProposedEntity("Person:Ann", (ROLE,), is_new=True))
    first = await write_proposal(owner, offered, update_key="tg:1:1:1")
    again = await write_proposal(owner, offered, update_key="tg:1:1:1")
    assert again.repeated
    assert again.entities == first.entities
    assert (await owner.stats()).observations == 1


async def test_an_extracted_proposal_round_trips(owner: ScopedMemory) -> None:
    """What extraction proposes against the store is what the store holds after the write."""
    await owner.create_entities([Entity("User:Алексей", "User"), Entity("Project:ESO", "Project")])
    for text in (
        "мой тимлид — Иван Петров",
        "Ивана Петрова перевели на ESO",
        "мы с Иваном решили перейти на cursor pagination в ESO",
        "моя жена Маша — врач",
    ):
        resolver = await scope_resolver(owner)
        await write_proposal(owner, extract(text, resolver))
    graph = await owner.read_graph()
    names = {e.name for e in graph.entities}
    assert {"Person:Иван Петров", "Person:Маша"} <= names
    assert sum(n.startswith("Person:Иван") for n in names) == 1
    links = {(r.from_, r.relation_type, r.to) for r in graph.relations}
    assert ("User:Алексей", "reports_to", "Person:Иван Петров") in links
    assert ("Person:Иван Петров", "works_on", "Project:ESO") in links
    assert ("Person:Маша", "married_to", "User:Алексей") in links
    decision = next(n for n in names if n.startswith("Decision:"))
    assert ("Person:Иван Петров", "decided", decision) in links
    assert (decision, "decided_in", "Project:ESO") in links
