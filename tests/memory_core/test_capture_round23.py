"""Classes of statement the capture-23 round reads: Czech, Slovak and Polish names written in
Cyrillic by ear (and their nicknames), new names that begin with a marked capital, newcomers
counted with "+N:", reversals and rules said with a topic or a duration, a decider named after
"так решил(а)", a project taking data from others or hanging off one, work done "thru" a tool,
the owner on a project "myself", a project said before who will head it, projects routed
through a person or put on them, someone replacing someone else, and a newcomer's role said
after their name; with the statements they must leave alone. The memory is a small world of
its own (owner Милена) read through the real :class:`StoreResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from memory_core.models import Entity, Relation
from tests.memory_core.proposals import links, names, resolver_of
from tests.memory_core.proposals import propose as proposal_of

OWNER = "User:Милена"
DAY = dt.date(2026, 12, 2)
ENTITIES = [
    Entity(OWNER, "User", ()),
    Entity("Person:Radomír Kučera", "Person", ()),
    Entity("Person:Ludmila Řeháková", "Person", ()),
    Entity("Person:Hana Horáková", "Person", ()),
    Entity("Person:Grzegorz Przybylski", "Person", ()),
    Entity(
        "Person:Stanisław Wójcik", "Person", ("contact: short form - Staszek (as_of=2026-01-05)",)
    ),
    Entity("Person:Oldřich Bláha", "Person", ("role: audit contact (as_of=2026-01-05)",)),
    Entity("Project:Kompas", "Project", ()),
    Entity("Project:Zvonek", "Project", ()),
    Entity("Project:Lodka", "Project", ()),
]
RELATIONS = [Relation("Person:Oldřich Bláha", "Project:Kompas", "partner_of")]


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return resolver_of(ENTITIES, RELATIONS)


def propose(world: GraphResolver, text: str) -> Proposal:
    return proposal_of(world, text, owner=OWNER, today=DAY)


def decisions(proposal: Proposal) -> list[str]:
    return [e.name for e in proposal.entities if e.name.startswith("Decision:")]


def lines_of(proposal: Proposal, name: str) -> str:
    return " ".join(line for e in proposal.entities if e.name == name for line in e.lines)


# West Slavic names heard by ear in Cyrillic


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Кучера теперь работает на Kompas", "Person:Radomír Kučera"),  # "č" as "ч"
        ("Ржегакова теперь работает на Zvonek", "Person:Ludmila Řeháková"),  # "ř", "h" as "г"
        ("Горакову перевели на Lodka", "Person:Hana Horáková"),  # "h" as "г", in a case
        ("Пшибыльский работает на Kompas", "Person:Grzegorz Przybylski"),  # Polish "prz"
        ("Сташек теперь работает на Zvonek", "Person:Stanisław Wójcik"),  # a Polish nickname
    ],
)
def test_a_west_slavic_name_heard_by_ear_finds_the_stored_person(
    world: GraphResolver, text: str, person: str
) -> None:
    proposal = propose(world, text)
    assert any(frm == person for frm, _, _ in links(proposal)), proposal.to_json()
    assert len([n for n in names(proposal) if n.startswith("Person:")]) <= 1


def test_an_unknown_czech_sounding_name_stays_new(world: GraphResolver) -> None:
    proposal = propose(world, "Гонза Гавел работает на Kompas")
    assert ("Person:Гонза Гавел", "works_on", "Project:Kompas") in links(proposal)


def test_a_surname_said_alone_in_a_case_gets_the_fact(world: GraphResolver) -> None:
    proposal = propose(world, "Ржегакову позвали в наблюдательный совет отраслевой ассоциации")
    assert "совет" in lines_of(proposal, "Person:Ludmila Řeháková")


# a new name with a marked capital, a newcomer's role after the name


def test_a_name_with_a_marked_capital_is_a_new_person(world: GraphResolver) -> None:
    proposal = propose(world, "Ľudmila Šimková starts monday as PM for Lodka")
    assert ("Person:Ľudmila Šimková", "pm_of", "Project:Lodka") in links(proposal)


def test_a_newcomers_role_after_the_name_and_who_reports_to_them(world: GraphResolver) -> None:
    proposal = propose(
        world, "Ólafur Brandsson joined as head of support — Hana reports to him now"
    )
    assert "head of support" in lines_of(proposal, "Person:Ólafur Brandsson")
    assert ("Person:Hana Horáková", "reports_to", "Person:Ólafur Brandsson") in links(proposal)
    assert ("Person:Ólafur Brandsson", "reports_to", "Person:Hana Horáková") not in links(proposal)


# newcomers counted with "+N:"


def test_newcomers_counted_with_a_plus_join_the_project(world: GraphResolver) -> None:
    text = "в Zvonek со следующей недели +2: Игнат Бурлак (QA) и Сабина Ковальчук (бэк)"
    proposal = propose(world, text)
    for person in ("Person:Игнат Бурлак", "Person:Сабина Ковальчук"):
        assert (person, "works_on", "Project:Zvonek") in links(proposal)


# decisions: a rule with a duration, a reversal with a topic, "settled it", "так решил X"


def test_a_rule_settled_with_a_duration_is_a_decision_not_a_worklog(world: GraphResolver) -> None:
    text = "по Kompas порешали с Кучерой: если оплаты нет 24 часа, заказ отменяем сами"
    proposal = propose(world, text)
    found = decisions(proposal)
    assert len(found) == 1
    assert ("Person:Radomír Kučera", "decided", found[0]) in links(proposal)


def test_a_reversal_about_a_topic_is_a_decision(world: GraphResolver) -> None:
    text = "передумали насчёт смс-напоминаний в Lodka: шлём только письма, смс дорогие"
    proposal = propose(world, text)
    found = decisions(proposal)
    assert len(found) == 1
    assert (found[0], "decided_in", "Project:Lodka") in links(proposal)


def test_settled_it_with_someone_is_a_decision(world: GraphResolver) -> None:
    text = "Hana and I settled it - Kompas keeps invoices for ten years"
    proposal = propose(world, text)
    found = decisions(proposal)
    assert len(found) == 1
    assert ("Person:Hana Horáková", "decided", found[0]) in links(proposal)
    assert (OWNER, "decided", found[0]) in links(proposal)


def test_the_decider_named_after_tak_reshil(world: GraphResolver) -> None:
    text = "уходим с Mailchimp в Zvonek, рассылки переносим в Brevo. так решила Горакова"
    proposal = propose(world, text)
    found = decisions(proposal)
    assert len(found) == 1
    assert ("Person:Hana Horáková", "decided", found[0]) in links(proposal)
    assert not any(rel == "works_on" for _, rel, _ in links(proposal))


# what a project takes from others, hangs off, or goes through


def test_a_project_taking_data_every_night_depends_on_each(world: GraphResolver) -> None:
    proposal = propose(world, "каждое утро Kompas забирает выгрузки из Zvonek и Lodka")
    assert ("Project:Kompas", "depends_on", "Project:Zvonek") in links(proposal)
    assert ("Project:Kompas", "depends_on", "Project:Lodka") in links(proposal)


def test_a_project_hanging_off_another_depends_on_it(world: GraphResolver) -> None:
    proposal = propose(world, "Lodka hangs off Kompas - all the user profiles live there")
    assert ("Project:Lodka", "depends_on", "Project:Kompas") in links(proposal)


def test_work_done_thru_a_tool_uses_it(world: GraphResolver) -> None:
    proposal = propose(world, "refunds in Zvonek go thru Adyen")
    assert ("Project:Zvonek", "uses", "Project:Adyen") in links(proposal)


# the owner on a project "myself"; a project said before who will head it


@pytest.mark.parametrize(
    "text",
    [
        "I'll be hands-on in Kompas myself for a sprint or two",
        "сама буду сидеть в Kompas до релиза",
    ],
)
def test_the_owner_on_a_project_herself(world: GraphResolver, text: str) -> None:
    assert (OWNER, "works_on", "Project:Kompas") in links(propose(world, text))


def test_the_owner_not_on_a_project_herself(world: GraphResolver) -> None:
    proposal = extract("I won't be in Kompas myself", world, owner=OWNER, today=DAY)
    assert (OWNER, "works_on", "Project:Kompas") not in links(proposal)


def test_a_project_said_before_who_will_head_it(world: GraphResolver) -> None:
    proposal = propose(world, "Zvonek с апреля будет возглавлять Ирена Мацек, её переманили")
    assert ("Person:Ирена Мацек", "manages", "Project:Zvonek") in links(proposal)
    assert "руководитель" in lines_of(proposal, "Person:Ирена Мацек")


# projects routed through a person, or put on them


def test_releases_going_through_someone_are_theirs(world: GraphResolver) -> None:
    text = "Hana is our release manager now, every Lodka release goes through her"
    assert ("Person:Hana Horáková", "owns", "Project:Lodka") in links(propose(world, text))


def test_projects_put_on_someone_are_theirs(world: GraphResolver) -> None:
    text = "Ржегакову повысили до head of platform, теперь на ней и Kompas, и Zvonek"
    proposal = propose(world, text)
    assert ("Person:Ludmila Řeháková", "owns", "Project:Kompas") in links(proposal)
    assert ("Person:Ludmila Řeháková", "owns", "Project:Zvonek") in links(proposal)


def test_what_no_longer_goes_through_someone_is_not_theirs(world: GraphResolver) -> None:
    text = "Hana is our release manager now, Lodka releases no longer go through her"
    proposal = extract(text, world, owner=OWNER, today=DAY)
    assert ("Person:Hana Horáková", "owns", "Project:Lodka") not in links(proposal)


# someone replacing someone else


def test_someone_replacing_someone_takes_their_place(world: GraphResolver) -> None:
    text = "Petra Lindqvist from Nordvik replaces Oldřich as our audit contact, Kompas included"
    proposal = propose(world, text)
    assert "audit contact" in lines_of(proposal, "Person:Petra Lindqvist")
    assert ("Person:Petra Lindqvist", "works_on", "Project:Kompas") in links(proposal)


# what stays skipped


@pytest.mark.parametrize(
    "text",
    [
        "каждое утро созваниваюсь с Кучерой по Kompas",
        "Lodka hangs off Kompas?",
        "спасибо, Сташек!",
        "Hana will replace Oldřich?",
    ],
)
def test_what_stays_skipped(world: GraphResolver, text: str) -> None:
    proposal = extract(text, world, owner=OWNER, today=DAY)
    assert proposal.skipped is not None
    assert not proposal.relations
