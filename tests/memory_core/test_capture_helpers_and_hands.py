"""Capture of family helpers, slang kin words and people lent to a project, over a real store.

The world lives in a temporary SQLite memory (owner Rustam, his parents and son, two
colleagues, two projects with Latin names) and is read through the bot's own resolver. The
statements name a project with a Russian case ending ("Sayyor-у"), a woman by an Uzbek first
name and a patronymic, a parent by a chat word ("батька", "dad (...)"), or a helper after a
comma; each must propose the lines and links listed, and nothing for look-alikes.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import EntityResolver, lemmatize_name
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links as _links
from tests.memory_core.proposals import propose, proposed_lines

OWNER = "User:Rustam"
FATHER = "Person:Анвар Каримович"
MOTHER = "Person:Зульфия Маратовна"
SON = "Person:Даниил"
BOBUR = "Person:Бобур Хасанов"
OLGA = "Person:Olga Weiss"
SAYYOR = "Project:Sayyor"
BOZOR = "Project:Bozor"
TODAY = dt.date(2026, 6, 2)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(FATHER, "Person", ("fact: папа, на пенсии (src=user)",)),
            Entity(MOTHER, "Person", ("fact: мама, учительница (src=user)",)),
            Entity(SON, "Person", ("fact: сын, 7 лет; дома Даня (src=user)",)),
            Entity(BOBUR, "Person", ("role: backend developer (src=user)",)),
            Entity(OLGA, "Person", ("role: designer (src=user)",)),
            Entity(SAYYOR, "Project"),
            Entity(BOZOR, "Project"),
        ]
    )
    await owner.create_relations(
        [
            Relation(FATHER, OWNER, "parent_of"),
            Relation(MOTHER, OWNER, "parent_of"),
            Relation(SON, OWNER, "child_of"),
            Relation(BOBUR, BOZOR, "works_on"),
        ]
    )
    return await scope_resolver(owner)


def _propose(world: EntityResolver, text: str) -> Proposal:
    return propose(world, text, owner=OWNER, today=TODAY)


def test_a_woman_s_name_before_her_patronymic_stays_as_written() -> None:
    assert lemmatize_name("Феруза Рустамовна") == "Феруза Рустамовна"
    assert lemmatize_name("Марину Сергеевну") == "Марина Сергеевна"  # still put in nominative
    assert lemmatize_name("Ивана Петровича") == "Иван Петрович"


async def test_a_doctor_with_an_uzbek_name_and_patronymic_is_named_as_written(
    world: EntityResolver,
) -> None:
    proposal = _propose(world, "офтальмолог у мамы — Феруза Рустамовна из Medline")
    assert ("Person:Феруза Рустамовна", "doctor_of", MOTHER) in _links(proposal)
    assert not any(e.name == "Person:Феруз Рустамовна" for e in proposal.entities)


async def test_a_project_in_a_russian_case_form_is_the_project(world: EntityResolver) -> None:
    proposal = _propose(world, "Бобура на месяц одолжили Sayyor-у")
    assert (BOBUR, "works_on", SAYYOR) in _links(proposal)


async def test_a_latin_word_with_a_case_ending_is_no_project_unless_known(
    world: EntityResolver,
) -> None:
    proposal = extract("Бобура на месяц одолжили Kitob-у", world, owner=OWNER, today=TODAY)
    assert not any(to == "Project:Kitob" for _, _, to in _links(proposal))


async def test_a_helper_named_after_a_comma_gets_the_link(world: EntityResolver) -> None:
    proposal = _propose(world, "у Дани теперь гувернантка, Мария Олеговна, забирает его из школы")
    assert ("Person:Мария Олеговна", "caregiver_of", SON) in _links(proposal)
    assert "гувернантка" in proposed_lines(proposal, "Person:Мария Олеговна")


async def test_no_helper_when_the_words_after_the_comma_are_no_role(
    world: EntityResolver,
) -> None:
    proposal = extract("у Дани, кстати, Новый Велосипед", world, owner=OWNER, today=TODAY)
    assert not _links(proposal)


@pytest.mark.parametrize(
    ("text", "holder", "said"),
    [
        ("батька переехал к сестре в Самарканд насовсем", FATHER, "самарканд"),
        ("мамуля записалась на курсы керамики", MOTHER, "керамик"),
        ("dad (Anvar aka) turns 70 on may 3", FATHER, "may 3"),
    ],
)
async def test_a_parent_named_by_a_chat_word_gets_the_line(
    world: EntityResolver, text: str, holder: str, said: str
) -> None:
    assert said in proposed_lines(_propose(world, text), holder)


async def test_a_relative_s_relative_named_right_after_is_linked_to_them(
    world: EntityResolver,
) -> None:
    proposal = _propose(world, "my mom's sister Dilafruz is a pharmacist in Bukhara")
    assert ("Person:Dilafruz", "sibling_of", MOTHER) in _links(proposal)


async def test_a_best_friend_introduced_without_my_is_the_owner_s(world: EntityResolver) -> None:
    proposal = _propose(world, "best friend since university — Timur Sultanov, he lives in Almaty")
    assert ("Person:Timur Sultanov", "friend_of", OWNER) in _links(proposal)


async def test_the_kind_of_doctor_said_first_and_a_titled_surname(world: EntityResolver) -> None:
    proposal = _propose(world, "к кардиологу теперь езжу к доктору Ли в Medion")
    assert ("Person:Ли", "doctor_of", OWNER) in _links(proposal)


async def test_another_pair_of_hands_on_a_project_is_a_member(world: EntityResolver) -> None:
    proposal = _propose(world, "Sayyor got an extra pair of hands — Malika Yusupova, frontend")
    assert ("Person:Malika Yusupova", "works_on", SAYYOR) in _links(proposal)
    assert "frontend" in proposed_lines(proposal, "Person:Malika Yusupova")


async def test_two_people_at_work_after_a_colon_one_with_a_role_word(
    world: EntityResolver,
) -> None:
    proposal = _propose(world, "на Bozor теперь трое кодят: Olga, Бобур и подрядчик Артур Ли")
    links = _links(proposal)
    assert {(OLGA, "works_on", BOZOR), ("Person:Артур Ли", "works_on", BOZOR)} <= links
    assert "подрядчик" in proposed_lines(proposal, "Person:Артур Ли")


async def test_a_role_said_of_one_of_two_people_goes_to_that_one(world: EntityResolver) -> None:
    proposal = _propose(world, "Olga и новенький Сардор теперь оба на Sayyor, Сардор — junior QA")
    assert {(OLGA, "works_on", SAYYOR), ("Person:Сардор", "works_on", SAYYOR)} <= _links(proposal)
    assert "junior qa" in proposed_lines(proposal, "Person:Сардор")
    assert "junior" not in " ".join(
        e for x in proposal.entities if x.name == OLGA for e in x.lines
    )


async def test_the_owner_buried_in_a_project_works_on_it(world: EntityResolver) -> None:
    assert (OWNER, "works_on", BOZOR) in _links(_propose(world, "я щас в Bozor зарылся по уши"))


async def test_someone_who_stays_on_a_project_works_on_it(world: EntityResolver) -> None:
    proposal = _propose(world, "Olga's visa got renewed, she stays on Sayyor until winter")
    assert (OLGA, "works_on", SAYYOR) in _links(proposal)
    assert "visa" in proposed_lines(proposal, OLGA)


async def test_no_one_stays_when_the_sentence_says_not(world: EntityResolver) -> None:
    proposal = extract(
        "Olga's contract was not renewed, she stays on Sayyor only until May",
        world,
        owner=OWNER,
        today=TODAY,
    )
    assert (OLGA, "works_on", SAYYOR) not in _links(proposal)
