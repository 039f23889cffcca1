"""Classes of statement the capture-21 round reads: a fact wrapped in a qualifier the rules
never stepped over (whom someone replaces, "целиком"/"entirely", whose team a newcomer joins,
the subject said first), a clause ended by an emoji instead of a comma, and the statements
they must leave alone. The memory is a small world of its own (owner Доротея) read through the
real :class:`StoreResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from memory_core.models import Entity, Relation
from tests.memory_core.proposals import lines_text, links, names, resolver_of
from tests.memory_core.proposals import propose as proposal_of

OWNER = "User:Доротея"
DAY = dt.date(2026, 10, 5)
ENTITIES = [
    Entity(OWNER, "User", ()),
    Entity("Person:Тимофей Злобин", "Person", ()),
    Entity("Person:Quentin Marlowe", "Person", ()),
    Entity("Person:Варвара", "Person", ()),
    Entity("Project:Sorrel", "Project", ()),
    Entity("Project:Gannet", "Project", ()),
    Entity("Project:Hollin", "Project", ()),
]
RELATIONS = [Relation("Person:Варвара", OWNER, "child_of")]


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return resolver_of(ENTITIES, RELATIONS)


def propose(world: GraphResolver, text: str) -> Proposal:
    return proposal_of(world, text, owner=OWNER, today=DAY)


# whom someone replaces


@pytest.mark.parametrize(
    ("text", "person", "project"),
    [
        (
            "Лукерья Стогова вместо Тимофея теперь ведёт Sorrel",
            "Person:Лукерья Стогова",
            "Project:Sorrel",
        ),
        (
            "Ignatius Pell instead of Quentin now leads Gannet",
            "Person:Ignatius Pell",
            "Project:Gannet",
        ),
        (
            "Ignatius Pell, in place of Quentin Marlowe, now leads Hollin",
            "Person:Ignatius Pell",
            "Project:Hollin",
        ),
    ],
)
def test_whom_someone_replaces_is_stepped_over(
    world: GraphResolver, text: str, person: str, project: str
) -> None:
    proposal = propose(world, text)
    assert (person, "manages", project) in links(proposal)


def test_a_replaced_tool_keeps_the_statement_as_it_was(world: GraphResolver) -> None:
    proposal = extract("вместо Firebase теперь ведёт Sorrel", world, owner=OWNER, today=DAY)
    assert not any(rel == "manages" for _, rel, _ in links(proposal))


# how much


@pytest.mark.parametrize(
    "text",
    [
        "Sorrel целиком завязан на Gannet",
        "Sorrel полностью зависит от Gannet",
        "Sorrel depends entirely on Gannet",
        "Sorrel fully depends on Gannet",
    ],
)
def test_a_degree_adverb_is_stepped_over(world: GraphResolver, text: str) -> None:
    assert ("Project:Sorrel", "depends_on", "Project:Gannet") in links(propose(world, text))


# whose team a newcomer joins; the subject said first


@pytest.mark.parametrize(
    ("text", "person"),
    [
        (
            "к Тимофею в команду берём Всеволода Жукова — QA, будет гонять регресс по Hollin",
            "Person:Всеволод Жуков",
        ),
        (
            "в команду к Тимофею берём Всеволода Жукова — QA, будет гонять регресс по Hollin",
            "Person:Всеволод Жуков",
        ),
        (
            "we're hiring Oswin Tarrant into Quentin's team — QA, will run regression on Hollin",
            "Person:Oswin Tarrant",
        ),
    ],
)
def test_the_team_head_is_stepped_over(world: GraphResolver, text: str, person: str) -> None:
    proposal = propose(world, text)
    assert (person, "works_on", "Project:Hollin") in links(proposal)
    assert "QA" in lines_text(proposal, person)


def test_a_subject_said_first_is_stepped_over(world: GraphResolver) -> None:
    proposal = propose(world, "по вокалу Варю теперь учит Агния Светлова, раз в неделю")
    assert ("Person:Агния Светлова", "teacher_of", "Person:Варвара") in links(proposal)


# an emoji for a stop


@pytest.mark.parametrize(
    ("text", "coach"),
    [
        ("Varvara started fencing 🤺 her coach is Ottoline Brisk", "Person:Ottoline Brisk"),
        ("Варя пошла на фехтование 🤺 её тренер — Оттолина Бриск", "Person:Оттолина Бриск"),
    ],
)
def test_an_emoji_ends_a_clause(world: GraphResolver, text: str, coach: str) -> None:
    assert (coach, "coach_of", "Person:Варвара") in links(propose(world, text))


def test_an_emoji_at_the_end_changes_nothing(world: GraphResolver) -> None:
    proposal = propose(world, "Sorrel зависит от Gannet 🙃")
    assert ("Project:Sorrel", "depends_on", "Project:Gannet") in links(proposal)


# a duration inside a rule laid down


@pytest.mark.parametrize(
    "text",
    [
        "с Тимофеем решили: напоминания в Sorrel шлём за сутки и ещё за 2 часа",
        "agreed with Quentin: Gannet sends reminders 24 hours and 2 hours before the visit",
        "решили, что сессии в Hollin живут 12 часов",
    ],
)
def test_a_duration_inside_a_rule_is_no_worklog(world: GraphResolver, text: str) -> None:
    proposal = propose(world, text)
    assert any(name.startswith("Decision:") for name in names(proposal))


@pytest.mark.parametrize(
    "text",
    [
        "сегодня 3 часа сидел на созвоне, решили: ничего не меняем",
        "решили баг в Sorrel за 2 часа",
        "spent 2 hours on Gannet, agreed: nothing changes",
    ],
)
def test_time_spent_before_a_rule_is_still_worklog(world: GraphResolver, text: str) -> None:
    assert extract(text, world, owner=OWNER, today=DAY).skipped == "worklog"


@pytest.mark.parametrize(
    "text",
    [
        "вместо Тимофея сегодня на созвоне был я, потратил 2 часа",
        "Quentin instead of me? how come",
        "целиком согласна 😄 спасибо",
    ],
)
def test_what_is_left_alone(world: GraphResolver, text: str) -> None:
    proposal = extract(text, world, owner=OWNER, today=DAY)
    assert not proposal.proposes, names(proposal)


# a project reinforced with people, each perhaps with a word in brackets


@pytest.mark.parametrize(
    ("text", "people"),
    [
        (
            "Gannet усиливаем — Ефимия Ракова (ETL) и Osric Vane (BI) выходят первого числа",
            ("Person:Ефимия Ракова", "Person:Osric Vane"),
        ),
        (
            "на Hollin пришли Ефимия Ракова (аналитик) и Osric Vane (QA)",
            ("Person:Ефимия Ракова", "Person:Osric Vane"),
        ),
        (
            "Sorrel gets reinforced with Perpetua Lisle and Osric Vane",
            ("Person:Perpetua Lisle", "Person:Osric Vane"),
        ),
        (
            "в Sorrel выходят Ефимия Ракова и Osric Vane",
            ("Person:Ефимия Ракова", "Person:Osric Vane"),
        ),
    ],
)
def test_a_reinforced_project_gets_each_person(
    world: GraphResolver, text: str, people: tuple[str, ...]
) -> None:
    proposal = propose(world, text)
    on = {frm for frm, rel, _ in links(proposal) if rel == "works_on"}
    assert set(people) <= on


def test_a_role_in_brackets_is_each_ones_own(world: GraphResolver) -> None:
    proposal = propose(world, "на Hollin пришли Ефимия Ракова (аналитик) и Osric Vane (QA)")
    assert "аналитик" in lines_text(proposal, "Person:Ефимия Ракова")
    assert "QA" in lines_text(proposal, "Person:Osric Vane")
    assert "QA" not in lines_text(proposal, "Person:Ефимия Ракова")


# a project fed from others


@pytest.mark.parametrize(
    "text",
    [
        "Hollin is fed from three places: Sorrel and Gannet",
        "Hollin питается из Sorrel и Gannet",
        "Hollin наполняется из двух мест: Sorrel, Gannet",
    ],
)
def test_a_project_fed_from_others_depends_on_each(world: GraphResolver, text: str) -> None:
    proposal = propose(world, text)
    assert ("Project:Hollin", "depends_on", "Project:Sorrel") in links(proposal)
    assert ("Project:Hollin", "depends_on", "Project:Gannet") in links(proposal)
