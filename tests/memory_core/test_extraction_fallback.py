"""The fallbacks of extraction: statements no specific wording reads, caught by broad signals.

A role word near a full name, a decision cue in any position, a tool after a verb of using,
the owner taking a project in the first person, a household role set beside a name; and the
statements they must leave alone (questions, the day's reports, secrets, hedges). The memory
is a small world of its own (owner Милена) read through the real :class:`GraphResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from tests.memory_core.proposals import lines_for, links

OWNER = "User:Милена"
NAMES = [
    OWNER,
    "Person:Оскар Вентура",
    "Person:Priscilla Dunn",
    "Person:Гордей",
    "Project:Harbor",
    "Project:Quill",
    "Project:Tundra",
]
RELATIONS = [("Person:Гордей", "married_to", OWNER)]
DAY = dt.date(2026, 4, 6)


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return GraphResolver(NAMES, RELATIONS, {"Person:Гордей": ["fact: муж"]})


def propose(world: GraphResolver, text: str) -> Proposal:
    proposal = extract(text, world, owner=OWNER, today=DAY)
    assert proposal.skipped is None, proposal.to_json()
    return proposal


def decisions(proposal: Proposal) -> list[str]:
    return [e.name for e in proposal.entities if e.name.startswith("Decision:")]


# a full name and a role word anywhere in the sentence


def test_role_word_after_a_full_name(world: GraphResolver) -> None:
    p = propose(
        world,
        "Ingrid Sollberg is our new VP of Procurement (came over from the retail side)",
    )
    assert any("VP of Procurement" in line for line in lines_for(p, "Person:Ingrid Sollberg"))


def test_role_word_before_a_name_links_the_project(world: GraphResolver) -> None:
    p = propose(world, "в Quill наконец новая аналитичка вышла, Вероника Сомова")
    assert ("Person:Вероника Сомова", "works_on", "Project:Quill") in links(p)
    assert any("аналит" in line for line in lines_for(p, "Person:Вероника Сомова"))


def test_a_lead_manages_the_project(world: GraphResolver) -> None:
    p = propose(world, "Tundra finally got a team lead - Matteo Ricci, from the 3rd")
    assert ("Person:Matteo Ricci", "manages", "Project:Tundra") in links(p)


def test_a_company_after_from_is_no_person(world: GraphResolver) -> None:
    p = propose(world, "our external SOC auditor is Dara Quinn from Northgate Assurance")
    names = {e.name for e in p.entities}
    assert "Person:Dara Quinn" in names
    assert not any("Northgate" in n for n in names)


# a decision cue in any position


def test_cue_in_the_middle_names_the_tool(world: GraphResolver) -> None:
    p = propose(world, "свой брокер не пишем, решили взять Mosquitto для Harbor и Tundra")
    (name,) = decisions(p)
    assert "mosquitto" in name
    assert (name, "decided_in", "Project:Harbor") in links(p)
    assert (name, "decided_in", "Project:Tundra") in links(p)


def test_cue_last_links_who_backed_it(world: GraphResolver) -> None:
    p = propose(
        world,
        "Quill goes with Flagsmith for toggles - Priscilla pushed for it and we agreed",
    )
    (name,) = decisions(p)
    assert "flagsmith" in name
    assert ("Person:Priscilla Dunn", "decided", name) in links(p)
    assert (OWNER, "decided", name) in links(p)


def test_a_slug_is_the_tool_not_the_framing(world: GraphResolver) -> None:
    p = propose(
        world,
        "we agreed to swap the home-grown matching script in Harbor for a Gurobi model",
    )
    (name,) = decisions(p)
    assert name.startswith("Decision:harbor-gurobi")


def test_a_bound_on_a_duration_is_no_time_spent(world: GraphResolver) -> None:
    p = propose(world, "договорились что в Quill сессии живут не дольше 30 минут")
    assert decisions(p)


# a tool after a verb of using


def test_a_project_uses_a_tool_said_after_the_verb(world: GraphResolver) -> None:
    p = propose(world, "для датчиков на складе Harbor использует VerneMQ (брокер)")
    assert ("Project:Harbor", "uses", "Project:VerneMQ") in links(p)


def test_a_person_runs_work_in_a_tool(world: GraphResolver) -> None:
    p = propose(world, "Оскар все отчёты по Tundra гоняет в Snowflake")
    assert ("Person:Оскар Вентура", "uses", "Project:Snowflake") in links(p)


# the owner's own project


@pytest.mark.parametrize(
    ("text", "project"),
    [
        ("со вторника сама сажусь в Harbor, там завал", "Project:Harbor"),
        ("I'm spending most of my time on Quill these days", "Project:Quill"),
        ("пока ищем лида, Tundra тоже на мне", "Project:Tundra"),
    ],
)
def test_the_owner_takes_a_project(world: GraphResolver, text: str, project: str) -> None:
    assert (OWNER, "works_on", project) in links(propose(world, text))


# a household role beside a name


def test_a_spouse_parent_in_brackets(world: GraphResolver) -> None:
    p = propose(world, "свекровь (Тамара Ильинична) до весны гостит у нас")
    assert any("свекров" in line for line in lines_for(p, "Person:Тамара Ильинична"))
    assert ("Person:Тамара Ильинична", "parent_of", "Person:Гордей") in links(p)


def test_a_tradesman_after_a_clause_about_him(world: GraphResolver) -> None:
    p = propose(world, "электрик, который нам проводку менял, — Стоян, телефон у Гордея")
    assert any("электрик" in line for line in lines_for(p, "Person:Стоян"))


# what the fallbacks leave alone


@pytest.mark.parametrize(
    "text",
    [
        "а кто теперь аналитик на Quill, Вероника Сомова?",
        "who is the new team lead on Tundra",
        "созвонилась с Вероникой Сомовой, аналитиком из Quill",
        "утром 1:1 с Оскаром, потом демо для директоров Harbor",
        "had a call with Matteo Ricci, the Tundra team lead",
        "может возьмём Mosquitto для Harbor, не знаю",
        "пароль от Snowflake у Оскара: Kx7#pw-99",
        "спасибо!",
    ],
)
def test_skip_kinds_stay_skipped(world: GraphResolver, text: str) -> None:
    assert not extract(text, world, owner=OWNER, today=DAY).proposes
