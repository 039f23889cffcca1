"""Capture of help given to a colleague on a project, and newcomers named after "new ROLE".

The memory is a small world of its own (owner Вера, three colleagues, two projects) read
through the real :class:`GraphResolver`. Covered: "A помогает B с X в P" (A works on P, the
person helped is no project), "new intern X is on P for the summer", "новый стажёр X на P".
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from tests.memory_core.proposals import lines_for, links

OWNER = "User:Вера"
NAMES = [
    OWNER,
    "Person:Глеб Орлов",
    "Person:Камила Юсупова",
    "Person:Hannah Weiss",
    "Project:Kite",
    "Project:Lumen",
]

Link = tuple[str, str, str]


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return GraphResolver(NAMES)


def propose(world: GraphResolver, text: str) -> Proposal:
    return extract(text, world, owner=OWNER, today=dt.date(2026, 3, 2))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Глеб помогает Камиле с тестами в Kite",
         {("Person:Глеб Орлов", "works_on", "Project:Kite")}),
        ("Hannah helps Gleb with alerting on Lumen",
         {("Person:Hannah Weiss", "works_on", "Project:Lumen")}),
        ("Камила помогает Глебу на Lumen",
         {("Person:Камила Юсупова", "works_on", "Project:Lumen")}),
    ],
)  # fmt: skip
def test_help_given_on_a_project(world: GraphResolver, text: str, expected: set[Link]) -> None:
    assert links(propose(world, text)) == expected


def test_help_with_no_project_links_nothing(world: GraphResolver) -> None:
    assert links(propose(world, "Глеб помогает Камиле с переездом")) == set()


@pytest.mark.parametrize(
    ("text", "person", "role", "project"),
    [
        ("new intern Leo Fischer is on Kite for the summer", "Person:Leo Fischer", "intern",
         "Project:Kite"),
        ("new designer Mia Chen joined Lumen", "Person:Mia Chen", "designer", "Project:Lumen"),
        ("новый стажёр Лев Фишер на Kite до осени", "Person:Лев Фишер", "стажёр", "Project:Kite"),
        ("Ada Berg, our new analyst, is on Lumen until march", "Person:Ada Berg", "analyst",
         "Project:Lumen"),
    ],
)  # fmt: skip
def test_a_newcomer_named_after_new_role(
    world: GraphResolver, text: str, person: str, role: str, project: str
) -> None:
    proposal = propose(world, text)
    assert links(proposal) == {(person, "works_on", project)}
    assert any(role in line for line in lines_for(proposal, person))


def test_new_without_a_role_is_no_newcomer(world: GraphResolver) -> None:
    proposal = propose(world, "new Kite release is on Friday")
    assert not any(e.name.startswith("Person:") for e in proposal.entities)
