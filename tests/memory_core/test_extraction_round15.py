"""Classes of statement the capture-15 round reads: a coach, tutor, mentor or doctor of a
person the sentence names (not of the owner) or of the owner, a boss said beside another fact,
a helper described by a relative clause, every name of a list, a project said before who
leads it or said to be someone's, a person put on a project, tools after "go out through" or
named like "k6"; and the statements they must leave alone. The memory is a small world of its
own (owner Ростислава, her son Gosha) read through the real :class:`GraphResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from tests.memory_core.proposals import links

OWNER = "User:Ростислава"
NAMES = [
    OWNER,
    "Person:Гоша",
    "Person:Lavinia Okafor",
    "Person:Бронислав Гуревич",
    "Project:Quillon",
    "Project:Marrow",
]
RELATIONS = [("Person:Гоша", "child_of", OWNER)]
DAY = dt.date(2026, 6, 3)


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return GraphResolver(NAMES, RELATIONS, {})


def propose(world: GraphResolver, text: str) -> Proposal:
    proposal = extract(text, world, owner=OWNER, today=DAY)
    assert proposal.skipped is None, proposal.to_json()
    return proposal


def lines_of(proposal: Proposal, name: str) -> str:
    return " ".join(line for e in proposal.entities if e.name == name for line in e.lines)


# whom a care role looks after


@pytest.mark.parametrize(
    ("text", "holder", "relation", "word"),
    [
        (
            "Gosha's chess coach is called Anselm, lessons on fridays",
            "Person:Anselm",
            "coach_of",
            "chess coach",
        ),
        (
            "репетитор по химии у Гоши — Тимофей Ланцов",
            "Person:Тимофей Ланцов",
            "teacher_of",
            "химии",
        ),
        (
            "у Гоши тренер по боксу — Ильдар Шамсутдинов",
            "Person:Ильдар Шамсутдинов",
            "coach_of",
            "боксу",
        ),
        (
            "Бронислав Гуревич теперь ещё и наставник у нашего Гоши",
            "Person:Бронислав Гуревич",
            "mentor_of",
            "наставник",
        ),
        ("Lavinia Okafor is now Gosha's tutor", "Person:Lavinia Okafor", "teacher_of", "tutor"),
    ],
)
def test_a_care_role_goes_to_the_person_named(
    world: GraphResolver, text: str, holder: str, relation: str, word: str
) -> None:
    p = propose(world, text)
    assert (holder, relation, "Person:Гоша") in links(p)
    assert word in lines_of(p, holder)
    assert "Person:Гоша" not in {e.name for e in p.entities if e.lines}


def test_a_care_role_with_no_name_gives_the_person_named_nothing(world: GraphResolver) -> None:
    p = extract("Gosha's coach said he is ready for the regionals", world, owner=OWNER, today=DAY)
    assert not any(t.endswith("coach_of") for _, t, _ in links(p))


def test_a_work_role_of_a_named_person_is_no_care(world: GraphResolver) -> None:
    p = extract(
        "Бронислав Гуревич теперь ещё и тимлид у нашего Гоши", world, owner=OWNER, today=DAY
    )
    assert not any(t in {"coach_of", "mentor_of", "teacher_of"} for _, t, _ in links(p))


# whom a person reports to, said beside another fact


@pytest.mark.parametrize(
    ("text", "person", "boss"),
    [
        (
            "Quentin Marsh is our new head of QA, reports directly to Lavinia",
            "Person:Quentin Marsh",
            "Person:Lavinia Okafor",
        ),
        (
            "Взяла аналитика в Quillon — Зоран Илич, отчитывается напрямую мне",
            "Person:Зоран Илич",
            OWNER,
        ),
        ("Бронислав из безопасности reports to me now", "Person:Бронислав Гуревич", OWNER),
        (
            "new direct report for me: Pavla Hrubá, data engineer on Marrow",
            "Person:Pavla Hrubá",
            OWNER,
        ),
    ],
)
def test_the_boss_a_sentence_names_is_linked(
    world: GraphResolver, text: str, person: str, boss: str
) -> None:
    assert (person, "reports_to", boss) in links(propose(world, text))


def test_reporting_a_finding_to_someone_names_no_boss(world: GraphResolver) -> None:
    p = extract("Бронислав reported the leak to Lavinia", world, owner=OWNER, today=DAY)
    assert not any(t == "reports_to" for _, t, _ in links(p))


# a relative clause about someone is no report of the owner's work


@pytest.mark.parametrize(
    ("text", "person", "word"),
    [
        (
            "электрик, который нормально починил проводку, — Ренат, номер есть у Гоши",
            "Person:Ренат",
            "электрик",
        ),
        (
            "the plumber who fixed our shower is Teodor, cheap and quick",
            "Person:Teodor",
            "plumber",
        ),
    ],
)
def test_a_helper_described_by_what_they_did_is_kept(
    world: GraphResolver, text: str, person: str, word: str
) -> None:
    assert word in lines_of(propose(world, text), person)


@pytest.mark.parametrize(
    "text", ["закрыл QUIL-42, который висел неделю", "fixed the flaky test who everyone hated"]
)
def test_the_owners_work_with_a_relative_clause_stays_worklog(
    world: GraphResolver, text: str
) -> None:
    assert extract(text, world, owner=OWNER, today=DAY).skipped == "worklog"


# every name of a list after a colon


@pytest.mark.parametrize(
    ("text", "others", "word"),
    [
        (
            "two freelancers joined Marrow: Odile Brun (backend) and Kenji Mori (QA)",
            ["Person:Kenji Mori"],
            "QA",
        ),
        (
            "в Quillon пришли трое стажёров: Зоран Илич, Мила Ковач и Ян Новак",
            ["Person:Мила Ковач", "Person:Ян Новак"],
            "стажёр",
        ),
    ],
)
def test_every_listed_person_gets_the_first_ones_project(
    world: GraphResolver, text: str, others: list[str], word: str
) -> None:
    p = propose(world, text)
    project = "Project:Marrow" if "Marrow" in text else "Project:Quillon"
    for person in others:
        assert (person, "works_on", project) in links(p)
        assert word in lines_of(p, person)


def test_a_colon_before_no_list_of_names_adds_no_one(world: GraphResolver) -> None:
    p = propose(world, "Odile Brun joined Marrow: backend and infra, mostly Go")
    assert {frm for frm, _, _ in links(p)} <= {"Person:Odile Brun"}


# a person put on a project, a project said first, a project said to be someone's


@pytest.mark.parametrize(
    "text",
    [
        "Бронислава тоже перекинули в Quillon, там не хватает бэкендеров",
        "Lavinia got pulled into Marrow for the data migration",
    ],
)
def test_a_person_put_on_a_project_by_no_one_named_works_on_it(
    world: GraphResolver, text: str
) -> None:
    p = propose(world, text)
    assert any(t == "works_on" and to.startswith("Project:") for _, t, to in links(p))


def test_a_project_said_before_who_leads_it(world: GraphResolver) -> None:
    p = propose(world, "Marrow теперь курирует Эльмира Садыкова, я на подхвате")
    assert ("Person:Эльмира Садыкова", "manages", "Project:Marrow") in links(p)
    assert "курирует" in lines_of(p, "Person:Эльмира Садыкова")


@pytest.mark.parametrize(
    ("text", "person"),
    [
        (
            "Quentin Ames joins as our head of platform in June. Quillon will be his",
            "Person:Quentin Ames",
        ),
        (
            "Lavinia Okafor переходит к нам из маркетинга, Marrow будет на ней",
            "Person:Lavinia Okafor",
        ),
    ],
)
def test_a_project_said_to_be_someones_is_owned(
    world: GraphResolver, text: str, person: str
) -> None:
    assert any(frm == person and t == "owns" for frm, t, _ in links(propose(world, text)))


def test_a_project_said_to_be_hers_with_no_one_before_links_no_one(world: GraphResolver) -> None:
    p = extract("Quillon will be hers", world, owner=OWNER, today=DAY)
    assert not links(p)


# the owner's own doctor


@pytest.mark.parametrize(
    "text",
    [
        "запишу: мой эндокринолог теперь Ольга Викторовна Швец, приём по четвергам",
        "note: our new pediatrician is Dr. Hanna Lind, she's at the Kungsholmen clinic",
    ],
)
def test_the_owners_own_doctor_is_linked_to_the_owner(world: GraphResolver, text: str) -> None:
    p = propose(world, text)
    assert any(t == "doctor_of" and to == OWNER for _, t, to in links(p))


# a tool said after "go out through", a lower-case tool with a digit


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("Quillon notifications go out through Twilio", "Project:Twilio"),
        ("Бронислав для нагрузки Marrow гоняет k6", "Project:k6"),
        ("Marrow runs k3s on two boxes", "Project:k3s"),
    ],
)
def test_a_tool_after_a_verb_of_using_is_linked(
    world: GraphResolver, text: str, tool: str
) -> None:
    assert any(t == "uses" and to == tool for _, t, to in links(propose(world, text)))


@pytest.mark.parametrize("text", ["Marrow uses v2 of the billing API", "Quillon runs p99 alerts"])
def test_a_version_or_percentile_is_no_tool(world: GraphResolver, text: str) -> None:
    p = extract(text, world, owner=OWNER, today=DAY)
    assert not any(to in {"Project:v2", "Project:p99"} for _, _, to in links(p))
