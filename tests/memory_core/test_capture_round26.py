"""Classes of statement the capture-26 round reads about work: people listed after a colon each
with "as ROLE", a present-tense verb that lends someone to a project ("X на месяц отдаём в P"),
a person's work done in a tool ("все алерты заводит в Y"), a project's second tool taken from a
vendor after ", а" ("..., а карты берёт у Y"), a role said at the end of one sentence and the
name opening the next ("hired a designer!! X, ..."), "a colleague, X, as ROLE", and Scandinavian
names said by ear in Cyrillic ("Эйвиндом" for Øyvind). The memory is a real temporary store
(owner Кира), read through the bot's own resolver.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import lines_text, links, names
from tests.memory_core.proposals import propose as proposal_of

OWNER = "User:Кира"
OYVIND = "Person:Øyvind Skåre"
LUKAS = "Person:Лукас Ферми"
LUMEN = "Project:Lumen"
VARDE = "Project:Varde"
DAY = dt.date(2026, 9, 14)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(OYVIND, "Person", ("role: data lead Project:Varde (src=user)",)),
            Entity(LUKAS, "Person", ("role: SRE (src=user)",)),
            Entity(LUMEN, "Project"),
            Entity(VARDE, "Project"),
        ]
    )
    await owner.create_relations([Relation(OYVIND, VARDE, "leads")])
    return await scope_resolver(owner)


def propose(world: EntityResolver, text: str) -> Proposal:
    return proposal_of(world, text, owner=OWNER, today=DAY)


def test_each_person_listed_with_as_role_gets_the_project(world: EntityResolver) -> None:
    proposal = propose(
        world,
        "new hires on Lumen this month: Ines Moura as QA engineer and Paavo Lind as UX writer",
    )
    assert ("Person:Ines Moura", "works_on", LUMEN) in links(proposal)
    assert ("Person:Paavo Lind", "works_on", LUMEN) in links(proposal)
    assert "UX writer" in lines_text(proposal, "Person:Paavo Lind")


@pytest.mark.parametrize(
    "text",
    [
        "Лукаса на две недели отдаём в Lumen, там релиз горит",
        "Лукаса на месяц перекидываем на Lumen, там миграция",
    ],
)
def test_someone_lent_to_a_project_in_the_present(world: EntityResolver, text: str) -> None:
    assert (LUKAS, "works_on", LUMEN) in links(propose(world, text))


def test_a_persons_work_done_in_a_tool(world: EntityResolver) -> None:
    proposal = propose(world, "Ферми все инциденты заводит в Opsgenie")
    assert (LUKAS, "uses", "Project:Opsgenie") in links(proposal)


def test_a_second_tool_taken_from_a_vendor(world: EntityResolver) -> None:
    proposal = propose(world, "Varde шлёт письма через Postmark, а погоду берёт у Meteomatics")
    assert (VARDE, "uses", "Project:Postmark") in links(proposal)
    assert (VARDE, "uses", "Project:Meteomatics") in links(proposal)


def test_a_role_ending_one_sentence_and_the_name_opening_the_next(
    world: EntityResolver,
) -> None:
    proposal = propose(world, "we finally hired a designer!! Oona Halme, she starts on monday")
    assert "designer" in lines_text(proposal, "Person:Oona Halme")


def test_a_sentence_that_ends_with_no_role_is_not_joined_to_the_next(
    world: EntityResolver,
) -> None:
    proposal = extract("what a week!! Oona Halme starts on monday", world, owner=OWNER, today=DAY)
    assert "Person:Week" not in names(proposal)
    assert "week" not in lines_text(proposal, "Person:Oona Halme")


def test_a_colleague_named_then_given_a_role(world: EntityResolver) -> None:
    proposal = propose(
        world, "Лукас brought in a colleague, Dr. Hedda Voss, as security advisor for Lumen"
    )
    assert ("Person:Hedda Voss", "works_on", LUMEN) in links(proposal)
    assert "colleague" not in lines_text(proposal, "Person:Hedda Voss")


@pytest.mark.parametrize(
    "text",
    [
        "с Эйвиндом решили: логи в Varde храним 90 дней",
        "Скоре попросили вести все собесы аналитиков до осени",
    ],
)
def test_a_scandinavian_name_said_by_ear_in_cyrillic(world: EntityResolver, text: str) -> None:
    proposal = propose(world, text)
    assert OYVIND in names(proposal) | {frm for frm, _, _ in links(proposal)}
