"""Capture of a project's tool said after a piece of its work ("e2e тесты P гоняем в X"),
and of a dependency said as "P без Q не живёт", with a second clause's tool ("а платежи идут
через Y") kept for P.

The world is a :class:`StoreResolver` over names only (owner Ульяна, three projects, one
person: a person who "can't live without" a project has no stack).
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import extract
from memory_core.name_resolver import StoreResolver
from tests.memory_core.proposals import links, propose

OWNER = "User:Ульяна"
KASA = "Project:Kasa"
POLARIS = "Project:Polaris"
CLAIMLY = "Project:Claimly"
DAY = dt.date(2025, 11, 1)


@pytest.fixture(scope="module")
def world() -> StoreResolver:
    return StoreResolver([OWNER, KASA, POLARIS, CLAIMLY, "Person:Маша Ли"], owner=OWNER)


@pytest.mark.parametrize(
    ("text", "project", "tool"),
    [
        ("e2e тесты Claimly гоняем в BrowserStack", CLAIMLY, "Project:BrowserStack"),
        ("сборки Kasa крутим на Jenkins", KASA, "Project:Jenkins"),
        ("бэкапы Polaris держим в S3", POLARIS, "Project:S3"),
    ],
)
def test_a_piece_of_a_projects_work_before_it_keeps_the_tool_for_the_project(
    world: StoreResolver, text: str, project: str, tool: str
) -> None:
    assert links(propose(world, text, owner=OWNER, today=DAY)) == {(project, "uses", tool)}


def test_a_piece_of_work_with_no_tool_is_nothing(world: StoreResolver) -> None:
    proposal = extract("тесты Claimly гоняем вручную", world, owner=OWNER, today=DAY)
    assert proposal.skipped is not None, proposal.to_json()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Kasa без Polaris не живёт", {(KASA, "depends_on", POLARIS)}),
        (
            "Kasa без Polaris не живёт, а сами платежи идут через Montonio",
            {(KASA, "depends_on", POLARIS), (KASA, "uses", "Project:Montonio")},
        ),
        (
            "без Polaris Kasa не живёт, а логи идут в Grafana",
            {(KASA, "depends_on", POLARIS), (KASA, "uses", "Project:Grafana")},
        ),
    ],
)
def test_a_project_that_does_not_live_without_another_depends_on_it(
    world: StoreResolver, text: str, expected: set[tuple[str, str, str]]
) -> None:
    assert links(propose(world, text, owner=OWNER, today=DAY)) == expected


def test_a_person_who_does_not_live_without_a_project_has_no_stack(world: StoreResolver) -> None:
    proposal = extract("Маша без Polaris не живёт", world, owner=OWNER, today=DAY)
    assert not links(proposal), proposal.to_json()
