"""Capture of newcomers named after a job word the role lexicon lacks: fused compounds
("нейрохудожница"), slang ("сетевик") and typos ("тестировшица"), said in a list after the
project and a bare date ("на P с 3-го выходят двое — ..."); a word that is no noun of a person
("только") still makes the name after it no one's.

The world is a :class:`StoreResolver` over names only (owner Лев, one project).
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import extract
from memory_core.extraction_person_nouns import person_noun_role
from memory_core.name_resolver import StoreResolver
from tests.memory_core.proposals import links, names, propose

OWNER = "User:Лев"
PROJECT = "Project:Mayak"
DAY = dt.date(2025, 11, 1)


@pytest.fixture(scope="module")
def world() -> StoreResolver:
    return StoreResolver([OWNER, PROJECT], owner=OWNER)


@pytest.mark.parametrize(
    ("text", "people"),
    [
        (
            "на Mayak с 3-го выходят двое — нейрохудожница Дарина Котова и сетевик Ilkka Virtanen",
            ("Person:Дарина Котова", "Person:Ilkka Virtanen"),
        ),
        (
            "в Mayak с 12 марта выходит тестировшица Олеся Грач",
            ("Person:Олеся Грач",),
        ),
    ],
)
def test_newcomers_after_a_coined_job_word_work_on_the_project(
    world: StoreResolver, text: str, people: tuple[str, ...]
) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    assert {(p, "works_on", PROJECT) for p in people} <= links(proposal)
    lines = " ".join(line for e in proposal.entities for line in e.lines)
    assert "role:" in lines


@pytest.mark.parametrize("word", ["нейрохудожница", "сетевик", "тестировшица", "iOS-кодерша"])
def test_a_coined_job_word_is_a_role(word: str) -> None:
    role = person_noun_role(word)
    assert role is not None
    assert role.phrase == word


@pytest.mark.parametrize("word", ["только", "наш", "понедельник", "праздник", "тоже"])
def test_a_word_of_no_person_is_no_role(word: str) -> None:
    assert person_noun_role(word) is None


def test_a_name_after_a_word_of_no_person_is_no_newcomer(world: StoreResolver) -> None:
    proposal = extract("на Mayak выходит только Дарина Котова", world, owner=OWNER, today=DAY)
    assert "Person:Дарина Котова" not in names(proposal) or not links(proposal)
