"""Extraction of roles and reporting lines said in less usual shapes.

Reporting said the other way round or about someone else, taking someone under the owner,
deputies, a project named before whoever leads it, the owner taking a project, a field of
work after a role word, sitting on or consulting for a project. The memory is a small world
of its own (owner Вера) read through the real :class:`GraphResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from tests.memory_core.proposals import links

OWNER = "User:Вера"
NAMES = [
    OWNER,
    "Person:Глеб Орлов",
    "Person:Hannah Weiss",
    "Person:Ravi Kumar",
    "Project:Kite",
    "Project:Lumen",
    "Project:Ledger",
]

Link = tuple[str, str, str]


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return GraphResolver(NAMES)


def propose(world: GraphResolver, text: str) -> Proposal:
    return extract(text, world, today=dt.date(2026, 3, 2))


def lines_of(proposal: Proposal, name: str) -> str:
    return " ".join(line for e in proposal.entities if e.name == name for line in e.lines)


def new_names(proposal: Proposal) -> set[str]:
    return {e.name for e in proposal.entities if e.is_new}


@pytest.mark.parametrize(
    ("text", "expected", "person", "words"),
    [
        (
            "подчиняться мне с апреля будет Карина Осипова, стажёр-дизайнер из продукта",
            {("Person:Карина Осипова", "reports_to", OWNER)},
            "Person:Карина Осипова",
            "стажёр",
        ),
        (
            "Tom Price will report to me starting june",
            {("Person:Tom Price", "reports_to", OWNER)},
            None,
            "",
        ),
        (
            "Hannah reports to Глеб now, not to me",
            {("Person:Hannah Weiss", "reports_to", "Person:Глеб Орлов")},
            None,
            "",
        ),
        (
            "Глеба забираю к себе в команду",
            {(OWNER, "manages", "Person:Глеб Орлов")},
            None,
            "",
        ),
        (
            "I'm taking Ravi onto my team",
            {(OWNER, "manages", "Person:Ravi Kumar")},
            None,
            "",
        ),
        (
            "со следующей недели моим заместителем будет Hannah Weiss",
            {(OWNER, "manages", "Person:Hannah Weiss")},
            "Person:Hannah Weiss",
            "заместитель",
        ),
        (
            "со вторника мне отчитывается Артур Ли",
            {("Person:Артур Ли", "reports_to", OWNER)},
            None,
            "",
        ),
        (
            "Ravi now reports to Hannah instead of me",
            {("Person:Ravi Kumar", "reports_to", "Person:Hannah Weiss")},
            None,
            "",
        ),
        (
            "Глеб переходит ко мне в команду",
            {(OWNER, "manages", "Person:Глеб Орлов")},
            None,
            "",
        ),
        (
            "Hannah joins my team next month",
            {(OWNER, "manages", "Person:Hannah Weiss")},
            None,
            "",
        ),
        (
            "Глеб становится моим замом",
            {(OWNER, "manages", "Person:Глеб Орлов")},
            "Person:Глеб Орлов",
            "зам",
        ),
        (
            "Ravi is my deputy now",
            {(OWNER, "manages", "Person:Ravi Kumar")},
            "Person:Ravi Kumar",
            "deputy",
        ),
    ],
)
def test_reporting_lines_and_deputies(
    world: GraphResolver, text: str, expected: set[Link], person: str | None, words: str
) -> None:
    proposal = propose(world, text)
    assert links(proposal) == expected
    if person is not None:
        assert words in lines_of(proposal, person)


@pytest.mark.parametrize(
    ("text", "expected", "person", "words"),
    [
        (
            "с июня Kite ведёт Марат Исаев вместо Глеба",
            {("Person:Марат Исаев", "manages", "Project:Kite")},
            "Person:Марат Исаев",
            "ведёт",
        ),
        (
            "Lumen is now run by Priya Nair",
            {("Person:Priya Nair", "manages", "Project:Lumen")},
            "Person:Priya Nair",
            "lead",
        ),
        (
            "Ledger теперь полностью на мне, я его product owner",
            {(OWNER, "owns", "Project:Ledger")},
            None,
            "",
        ),
        ("Kite с марта на мне", {(OWNER, "responsible_for", "Project:Kite")}, None, ""),
        (
            "I'm now the product manager of Lumen",
            {(OWNER, "pm_of", "Project:Lumen")},
            None,
            "",
        ),
    ],
)
def test_who_is_in_charge_of_a_project(
    world: GraphResolver, text: str, expected: set[Link], person: str | None, words: str
) -> None:
    proposal = propose(world, text)
    assert links(proposal) == expected
    if person is not None:
        assert words in lines_of(proposal, person)


def test_a_project_that_leads_itself_names_nobody(world: GraphResolver) -> None:
    assert not links(propose(world, "Kite ведёт себя странно после релиза"))
    assert not links(propose(world, "Lumen is run by the ops team"))
    assert not links(propose(world, "Ravi is moving to Berlin"))


def test_a_field_after_a_role_word_is_no_project(world: GraphResolver) -> None:
    proposal = propose(world, "Нурия — наш новый инженер ETL, будет сидеть на Kite и Lumen")
    assert new_names(proposal) == {"Person:Нурия"}
    assert links(proposal) == {
        ("Person:Нурия", "works_on", "Project:Kite"),
        ("Person:Нурия", "works_on", "Project:Lumen"),
    }
    assert "инженер ETL" in lines_of(proposal, "Person:Нурия")


def test_sitting_with_someone_on_a_project_is_working_on_it(world: GraphResolver) -> None:
    proposal = propose(world, "our new data intern is Omar, he sits with Глеб on Lumen")
    assert ("Person:Omar", "works_on", "Project:Lumen") in links(proposal)
    assert "intern" in lines_of(proposal, "Person:Omar")


def test_consulting_for_a_project_is_working_on_it(world: GraphResolver) -> None:
    proposal = propose(world, "Hannah с мая консультирует ещё и Ledger")
    assert links(proposal) == {("Person:Hannah Weiss", "works_on", "Project:Ledger")}


def test_a_role_aside_about_a_known_person_keeps_the_rest(world: GraphResolver) -> None:
    proposal = propose(world, "Глеб, наш HRBP, с июля переезжает в Казань")
    assert not new_names(proposal)
    assert "HRBP" in lines_of(proposal, "Person:Глеб Орлов")
    assert "Казань" in lines_of(proposal, "Person:Глеб Орлов")
