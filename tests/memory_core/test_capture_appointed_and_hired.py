"""Capture of posts given without saying by whom, officers, and helpers the household found.

The memory is a small world of its own (owner Вера, a colleague, two projects) read through
the real :class:`GraphResolver`. Covered: "Назначили X техлидом P" (the verb first, whoever
appointed left unsaid), officer roles ("наш DPO", "compliance officer"), a nanny, a lawyer or
a pet sitter the owner's household found or hired ("нашли няню — X"), and pet-sitter words
written as a compound ("дог-ситтер").
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from tests.memory_core.proposals import lines_for, links

OWNER = "User:Вера"
NAMES = [OWNER, "Person:Глеб Орлов", "Project:Kite", "Project:Lumen"]

Link = tuple[str, str, str]


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return GraphResolver(NAMES)


def propose(world: GraphResolver, text: str) -> Proposal:
    return extract(text, world, owner=OWNER, today=dt.date(2026, 3, 2))


@pytest.mark.parametrize(
    ("text", "person", "role", "expected"),
    [
        ("Назначили Ольгу Петрову руководителем Lumen", "Person:Ольга Петрова", "руководитель",
         {("Person:Ольга Петрова", "manages", "Project:Lumen")}),
        ("Назначили Глеба техлидом Kite", "Person:Глеб Орлов", "техлид",
         {("Person:Глеб Орлов", "manages", "Project:Kite")}),
        ("Повысили Марка Соловьёва до тимлида Kite", "Person:Марк Соловьёв", "тимлид",
         {("Person:Марк Соловьёв", "manages", "Project:Kite")}),
    ],
)  # fmt: skip
def test_a_post_given_with_the_verb_first(
    world: GraphResolver, text: str, person: str, role: str, expected: set[Link]
) -> None:
    proposal = propose(world, text)
    assert links(proposal) == expected
    assert any(role in line for line in lines_for(proposal, person))


@pytest.mark.parametrize(
    ("text", "person", "words"),
    [
        ("Лена Пак — наш DPO (data protection officer)", "Person:Лена Пак", "DPO"),
        ("Tom Hale is our compliance officer", "Person:Tom Hale", "compliance officer"),
        ("Ира Ли — наш офицер по безопасности", "Person:Ира Ли", "офицер"),
    ],
)
def test_officers_are_roles(world: GraphResolver, text: str, person: str, words: str) -> None:
    proposal = propose(world, text)
    assert any(words in line for line in lines_for(proposal, person)), proposal.to_json()
    assert not any(e.name.startswith("Project:") for e in proposal.entities)


@pytest.mark.parametrize(
    ("text", "person", "words", "expected"),
    [
        ("нашли няню на лето — Вика, 800 в час", "Person:Вика", "няня",
         {("Person:Вика", "caregiver_of", OWNER)}),
        ("наняли юриста по аренде — Олег Ким", "Person:Олег Ким", "юрист",
         {("Person:Олег Ким", "provider_of", OWNER)}),
        ("нашли дог-ситтера на отпуск — Ксюша, 2000 в день", "Person:Ксюша", "ситтер", set()),
        ("наш кэт-ситтер — Вика", "Person:Вика", "кэт-ситтер", set()),
    ],
)  # fmt: skip
def test_helpers_the_household_found(
    world: GraphResolver, text: str, person: str, words: str, expected: set[Link]
) -> None:
    proposal = propose(world, text)
    assert links(proposal) == expected
    assert any(words in line for line in lines_for(proposal, person)), proposal.to_json()


@pytest.mark.parametrize(
    "text",
    [
        "нашли баг — Глеб",  # no role: nobody was found for the household
        "Назначили встречу с Глебом на пятницу",  # a meeting, no post
    ],
)
def test_no_post_or_helper_without_a_role(world: GraphResolver, text: str) -> None:
    assert propose(world, text).relations == ()
