"""Capture of roles and of people the memory holds under another form of their name.

The world lives in a temporary SQLite memory (owner Вера; Игорь Лесник, whose surname is
also a common noun; Bojan Marković, stored in Latin; Денис Шевчук; two projects, one of
them a Latin word Russian reads as another) and is read through the bot's own resolver. Each
statement must propose the links listed; names in other scripts, case forms and a surname
alone must land on the stored people and projects.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import lines_for, propose
from tests.memory_core.proposals import links as _links

OWNER = "User:Вера"
IGOR = "Person:Игорь Лесник"
BOJAN = "Person:Bojan Marković"
DENIS = "Person:Денис Шевчук"
TARPA = "Project:Tarpa"
HARBOR = "Project:Harbor"
ISSUE = "Jira:TRP-42"
TODAY = dt.date(2026, 4, 6)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(IGOR, "Person", ("role: iOS developer (src=user)",)),
            Entity(BOJAN, "Person", ("role: backend developer (src=user)",)),
            Entity(DENIS, "Person", ("role: product manager (src=user)",)),
            Entity(TARPA, "Project"),
            Entity(HARBOR, "Project"),
            Entity(ISSUE, "Jira"),
        ]
    )
    await owner.create_relations([Relation(IGOR, TARPA, "works_on")])
    return await scope_resolver(owner)


def _propose(world: EntityResolver, text: str) -> Proposal:
    return propose(world, text, owner=OWNER, today=TODAY)


@pytest.mark.parametrize(
    ("text", "project"),
    [
        ("Игорь Лесник теперь тимлид тарпы", TARPA),
        ("Игорь Лесник теперь тимлид в тарпе", TARPA),
        ("Игорь Лесник теперь тимлид на тарпу", TARPA),
    ],
)
async def test_a_latin_project_is_found_by_a_russian_case_form(
    world: EntityResolver, text: str, project: str
) -> None:
    assert (IGOR, "manages", project) in _links(_propose(world, text))


async def test_a_promotion_gives_the_role_in_the_nominative(world: EntityResolver) -> None:
    proposal = _propose(world, "игоря повысили до тимлида тарпы 🚀")
    assert _links(proposal) == {(IGOR, "manages", TARPA)}
    assert any(line.startswith("role: тимлид ") for line in lines_for(proposal, IGOR))
    assert not any("🚀" in line for line in lines_for(proposal, IGOR))


@pytest.mark.parametrize(
    "text",
    [
        "Лесник со вторника в моём подчинении",
        "Лесник с понедельнка в моём прямом подчинении",  # a misspelt weekday
    ],
)
async def test_a_surname_alone_in_the_owners_team(world: EntityResolver, text: str) -> None:
    assert (OWNER, "manages", IGOR) in _links(_propose(world, text))


async def test_a_common_noun_is_no_surname(world: EntityResolver) -> None:
    proposal = extract("лесник живёт у озера", world, owner=OWNER, today=TODAY)
    assert all(e.name != IGOR for e in proposal.entities)


async def test_acting_role_until_someone_is_hired(world: EntityResolver) -> None:
    proposal = _propose(world, "I'm also acting tech lead for Harbor till we find someone")
    assert (OWNER, "manages", HARBOR) in _links(proposal)
    assert not any("find" in line for line in lines_for(proposal, OWNER))


@pytest.mark.parametrize(
    "text",
    [
        "Harbor mobile is now led by Bojan, after the reorg",
        "Bojan is the one who runs the payments service in Harbor now",
        "Боян — тот, кто ведёт Harbor",
    ],
)
async def test_who_leads_a_part_of_a_project(world: EntityResolver, text: str) -> None:
    assert (BOJAN, "manages", HARBOR) in _links(_propose(world, text))


async def test_a_new_lead_after_the_news_of_the_one_replaced(world: EntityResolver) -> None:
    proposal = _propose(world, "денис с мая уходит в декрет, вместо него тарпу поведёт Зоран Илич")
    assert _links(proposal) == {("Person:Зоран Илич", "manages", TARPA)}
    assert any("декрет" in line for line in lines_for(proposal, DENIS))
    assert any(e.name == "Person:Зоран Илич" and e.is_new for e in proposal.entities)


@pytest.mark.parametrize(
    "text",
    [
        "передал Денису TRP-42, ему нужнее",
        "gave TRP-42 to Denis, he knows that code",
        "отдала TRP-42 Денису Шевчуку",
    ],
)
async def test_an_issue_handed_to_someone(world: EntityResolver, text: str) -> None:
    assert _links(_propose(world, text)) == {(ISSUE, "assigned_to", DENIS)}


async def test_a_project_handed_over_in_the_other_script(world: EntityResolver) -> None:
    proposal = _propose(world, "Бояну Марковичу ещё и Tarpa отдали под крыло")
    assert _links(proposal) == {(BOJAN, "responsible_for", TARPA)}


async def test_a_newcomer_in_the_owners_team(world: EntityResolver) -> None:
    text = (
        "у меня в команде новенький — Тарас Олейник, мидл ios, пока на подхвате у Игоря в Harbor"
    )
    proposal = _propose(world, text)
    taras = "Person:Тарас Олейник"
    assert {(OWNER, "manages", taras), (taras, "works_on", HARBOR)} <= _links(proposal)
    assert any("мидл" in line for line in lines_for(proposal, taras))


async def test_a_project_left_is_not_worked_on(world: EntityResolver) -> None:
    text = "у меня в команде новенький — Тарас Олейник, мидл ios, раньше был в Harbor"
    proposal = _propose(world, text)
    assert ("Person:Тарас Олейник", "works_on", HARBOR) not in _links(proposal)


@pytest.mark.parametrize(
    "text",
    [
        "с этой недели Лесник в моём подчинении",
        "Денис теперь под моим началом",
        "Bojan is now under me",
    ],
)
async def test_someone_put_under_the_owner(world: EntityResolver, text: str) -> None:
    links = _links(_propose(world, text))
    assert len(links) == 1
    assert next(iter(links))[:2] == (OWNER, "manages")


async def test_the_owner_standing_in_for_a_role(world: EntityResolver) -> None:
    proposal = _propose(world, "я временно исполняю обязанности тимлида Harbor")
    assert _links(proposal) == {(OWNER, "manages", HARBOR)}
    assert any(line.startswith("role: тимлид ") for line in lines_for(proposal, OWNER))
