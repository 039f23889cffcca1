"""Capture of family news (a newborn, an engagement), of kin the memory already links to the
owner, and of a second clause or an adverb beside a known shape.

The world lives in a temporary SQLite memory (owner Злата; her brother Влад and her husband
Артём, linked to her; Агнешка stored in Latin; the projects Harvest, Silo and Meadow) and is
read through the bot's own resolver.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links, proposed_lines

OWNER = "User:Злата"
VLAD = "Person:Влад"
ARTYOM = "Person:Артём"
KATYA = "Person:Катя Мельник"
AGNIESZKA = "Person:Agnieszka Lis"
HARVEST, SILO, MEADOW = "Project:Harvest", "Project:Silo", "Project:Meadow"


async def _propose(owner: ScopedMemory, text: str) -> Proposal:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(VLAD, "Person", ("fact: младший брат (src=user)",)),
            Entity(ARTYOM, "Person", ("fact: муж (src=user)",)),
            *(Entity(n, n.split(":")[0]) for n in (KATYA, AGNIESZKA, HARVEST, SILO, MEADOW)),
        ]
    )
    await owner.create_relations(
        [Relation(VLAD, OWNER, "sibling_of"), Relation(ARTYOM, OWNER, "married_to")]
    )
    return extract(text, await scope_resolver(owner, OWNER), owner=OWNER)


@pytest.mark.parametrize(
    ("text", "child"),
    [
        ("my brother Vlad and his wife just had a baby boy, they named him Miron", "Person:Miron"),
        ("у Влада родился сын, назвали Мироном", "Person:Мирон"),
        ("у Кати Мельник родилась дочка, назвали Евой", "Person:Ева"),
    ],
)
async def test_a_newborn_is_the_parents_child(owner: ScopedMemory, text: str, child: str) -> None:
    proposal = await _propose(owner, text)
    parent = KATYA if "Кат" in text else VLAD
    assert (parent, "parent_of", child) in links(proposal), proposal.to_json()


@pytest.mark.parametrize(
    "text",
    [
        "my brother Vlad and his wife just had a baby boy, they named him Miron",
        "мой муж Артём теперь фрилансит",
    ],
)
async def test_kin_the_memory_links_to_the_owner_is_not_linked_again(
    owner: ScopedMemory, text: str
) -> None:
    proposal = await _propose(owner, text)
    assert not {(f, t) for f, _, t in links(proposal)} & {(VLAD, OWNER), (OWNER, ARTYOM)}
    assert not [
        line for e in proposal.entities for line in e.lines if line.startswith("fact: муж")
    ]


async def test_an_engagement_links_the_partners(owner: ScopedMemory) -> None:
    proposal = await _propose(
        owner, "катя мельник выходит замуж в сентябре, жених — Павел из Гданьска"
    )
    assert ("Person:Павел", "partner_of", KATYA) in links(proposal), proposal.to_json()


async def test_a_pet_sitter_is_nobodys_caregiver(owner: ScopedMemory) -> None:
    proposal = await _propose(owner, "our dog sitter is Basia, she takes Bublik on weekends")
    assert "dog sitter" in proposed_lines(proposal, "Person:Basia")
    assert not links(proposal)


async def test_he_reports_to_me_after_joining(owner: ScopedMemory) -> None:
    proposal = await _propose(
        owner, "Ignacy Sobczak joined Harvest as a frontend dev, he reports to me"
    )
    assert {
        ("Person:Ignacy Sobczak", "reports_to", OWNER),
        ("Person:Ignacy Sobczak", "works_on", HARVEST),
    } <= links(proposal)


async def test_my_known_person_gets_the_fact(owner: ScopedMemory) -> None:
    proposal = await _propose(owner, "мой артём ушёл из банка, теперь фрилансит")
    assert "фрилансит" in proposed_lines(proposal, ARTYOM)


@pytest.mark.parametrize(
    ("text", "link"),
    [
        ("с февраля я подчиняюсь напрямую Агнешке", (OWNER, "reports_to", AGNIESZKA)),
        ("с этой недели плотно сижу на silo", (OWNER, "works_on", SILO)),
        ("the yield model in Meadow runs on Databricks", (MEADOW, "uses", "Project:Databricks")),
    ],
)
async def test_an_adverb_or_a_part_of_a_project_keeps_the_shape(
    owner: ScopedMemory, text: str, link: tuple[str, str, str]
) -> None:
    proposal = await _propose(owner, text)
    assert link in links(proposal), proposal.to_json()


async def test_people_in_a_project_are_no_project_using_a_tool(owner: ScopedMemory) -> None:
    proposal = await _propose(owner, "the data engineers in Meadow use Databricks")
    assert (MEADOW, "uses", "Project:Databricks") not in links(proposal)


@pytest.mark.parametrize(
    "text", ["муж у меня Артём, с осени он в Google работает", "муж мой, Артём, теперь в Google"]
)
async def test_kin_word_first_then_mine(owner: ScopedMemory, text: str) -> None:
    """ "муж у меня X" reads as "мой муж X": the fact lands on the known husband."""
    proposal = await _propose(owner, text)
    assert "google" in proposed_lines(proposal, ARTYOM)
