"""Capture of what chats say of the owner's own life in short forms.

Chats drop the "my": "жена Ольга, день рождения 12 марта", "сын Миша ходит в школу 57".
The kin word opening the message is the owner's; the name after it must be in the
nominative ("мама Оли" is Оля's mother, no one of the owner's). A possessive "'s" is no
part of a name: "my wife Olga's birthday is March 12" is about Olga. A title's period
("Mrs.", "Prof.") ends no sentence. A move to a named place ("мы переехали в Лиссабон",
"I moved to Porto") is where the owner lives; a team's move ("на Kubernetes") is not.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.extraction import extract
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links, propose, proposed_lines

OWNER = "User:Тамара"
TODAY = dt.date(2026, 3, 2)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities([Entity(OWNER, "User"), Entity("Project:Kelp", "Project")])
    return await scope_resolver(owner)


@pytest.mark.parametrize(
    ("text", "person", "link", "line"),
    [
        ("жена Вера, день рождения 4 апреля", "Person:Вера", "married_to", "4 апреля"),
        ("сын Тимофей ходит в школу 1520", "Person:Тимофей", "child_of", "школу 1520"),
        ("брат Глеб работает в Сбере", "Person:Глеб", "sibling_of", "работает в сбере"),
        ("дочь Ксюша, аллергия на арахис", "Person:Ксюша", "child_of", "аллергия на арахис"),
        ("мама Нина Петровна живёт в Твери", "Person:Нина Петровна", "parent_of", "твери"),
        ("husband Pedro teaches chess on Sundays", "Person:Pedro", "married_to", "chess"),
        ("мама — Нина Петровна, живёт в Твери", "Person:Нина Петровна", "parent_of", "твери"),
        ("брат: Глеб, работает в Сбере", "Person:Глеб", "sibling_of", "сбере"),
        ("my wife Lucia's birthday is May 3", "Person:Lucia", "married_to", "may 3"),
        ("my son Rui's school is number 12", "Person:Rui", "child_of", "number 12"),
    ],
)
def test_a_relative_after_a_bare_kin_word_is_the_owners(
    world: EntityResolver, text: str, person: str, link: str, line: str
) -> None:
    proposal = propose(world, text, owner=OWNER, today=TODAY)
    assert (person, link, OWNER) in links(proposal)
    assert line in proposed_lines(proposal, person)


@pytest.mark.parametrize(
    "text",
    [
        "мама Оли сказала, что Kelp запускают в мае",  # Оля's mother, in the genitive
        "брат Дениса работает в Сбере",
        "my sister Anna's husband Tom is a surgeon",  # about Anna's husband, not Anna
    ],
)
def test_no_relative_of_the_owner_from_another_persons_kin(
    world: EntityResolver, text: str
) -> None:
    proposal = extract(text, world, owner=OWNER, today=TODAY)
    wrong = {"Person:Оли", "Person:Оля", "Person:Дениса", "Person:Денис", "Person:Anna"}
    assert not {f for f, _, to in links(proposal) if to == OWNER} & wrong
    assert not any(e.name.endswith("'s") for e in proposal.entities)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("my daughter's teacher is Mrs. Brown", "Mrs. Brown"),
        ("Mrs. Brown teaches my daughter piano", "Brown"),
        ("our family lawyer is Prof. Ivanov", "Ivanov"),
    ],
)
def test_a_title_with_a_period_does_not_end_the_sentence(
    world: EntityResolver, text: str, name: str
) -> None:
    proposal = extract(text, world, owner=OWNER, today=TODAY)
    said = " ".join(f"{e.name} {' '.join(e.lines)}" for e in proposal.entities)
    assert name in said


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("я переехала в Тбилиси в марте", "Тбилиси"),
        ("мы переехали в Лиссабон", "Лиссабон"),
        ("I moved to Porto last year", "Porto"),
        ("we live in Tallinn", "Tallinn"),
    ],
)
def test_a_move_to_a_place_is_where_the_owner_lives(
    world: EntityResolver, text: str, place: str
) -> None:
    proposal = propose(world, text, owner=OWNER, today=TODAY)
    assert "location=" in proposed_lines(proposal, OWNER)
    assert place.casefold() in proposed_lines(proposal, OWNER)


@pytest.mark.parametrize(
    "text",
    [
        "мы переехали на Kubernetes",  # a team's move, not a home
        "мы переехали на новый сервер",
        "we moved to Kubernetes last year",
        "я переехала в новую квартиру",
    ],
)
def test_a_move_that_is_no_place_is_no_location(world: EntityResolver, text: str) -> None:
    proposal = extract(text, world, owner=OWNER, today=TODAY)
    assert not any("location=" in line for e in proposal.entities for line in e.lines)


@pytest.mark.parametrize(
    ("text", "person", "link"),
    [
        ("my wife is Anna, she is a nurse", "Person:Anna", "married_to"),
        ("my husband is Pedro Alves", "Person:Pedro Alves", "married_to"),
    ],
)
def test_a_relative_said_to_be_someone_is_that_person(
    world: EntityResolver, text: str, person: str, link: str
) -> None:
    proposal = propose(world, text, owner=OWNER, today=TODAY)
    assert (person, link, OWNER) in links(proposal)


@pytest.mark.parametrize("text", ["my mom is Russian", "my dad is retired"])
def test_a_relative_said_to_be_something_is_no_new_person(
    world: EntityResolver, text: str
) -> None:
    proposal = extract(text, world, owner=OWNER, today=TODAY)
    assert not [e.name for e in proposal.entities if e.name.startswith("Person:")]
