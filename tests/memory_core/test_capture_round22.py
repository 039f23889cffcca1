"""Classes of statement the capture-22 round reads: Hungarian, Romanian and Italian names
written by ear in Cyrillic (and a Latin name with "ő"/"ü" for one stored in Cyrillic), a
nickname with marked letters, "X's on P", time spent on or lent to a project, a call confirmed
at a meeting or reversed, a purpose clause's "не", a protocol after "over" kept in a slug, a
project living on another's data, a list announced before a dash, a tool after "through", and
newcomers listed after "joining P:"; with the statements they must leave alone. The memory is
a small world of its own (owner Вилма) read through the real :class:`StoreResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from memory_core.models import Entity
from tests.memory_core.proposals import links, names, resolver_of
from tests.memory_core.proposals import propose as proposal_of

OWNER = "User:Вилма"
DAY = dt.date(2026, 11, 9)
ENTITIES = [
    Entity(OWNER, "User", ()),
    Entity("Person:Zsófia Csonka", "Person", ()),
    Entity("Person:Тюнде Варга", "Person", ()),
    Entity("Person:Luciana Dragomir", "Person", ()),
    Entity("Person:Vasile Mărculescu", "Person", ()),
    Entity("Person:Giorgio Bellini", "Person", ()),
    Entity("Person:Ágota Kelemen", "Person", ("contact: short form - Ági (as_of=2026-01-05)",)),
    Entity("Project:Brindle", "Project", ()),
    Entity("Project:Quill", "Project", ()),
    Entity("Project:Fennel", "Project", ()),
]


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return resolver_of(ENTITIES)


def propose(world: GraphResolver, text: str) -> Proposal:
    return proposal_of(world, text, owner=OWNER, today=DAY)


def decisions(proposal: Proposal) -> list[str]:
    return [e.name for e in proposal.entities if e.name.startswith("Decision:")]


# names heard by ear in the other script


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Чонка теперь работает на Brindle", "Person:Zsófia Csonka"),  # Hungarian "cs"
        ("Жофия Чонка работает на Brindle", "Person:Zsófia Csonka"),  # Hungarian "zs"
        ("Tünde works on Brindle", "Person:Тюнде Варга"),  # "ü" for a Cyrillic "ю"
        ("Лучиана работает на Quill", "Person:Luciana Dragomir"),  # Romanian "ci"
        ("Мэркулеску работает на Quill", "Person:Vasile Mărculescu"),  # "ă" heard as "э"
        ("Джорджо Беллини работает на Fennel", "Person:Giorgio Bellini"),  # Italian "gio"
    ],
)
def test_a_name_heard_by_ear_finds_the_stored_person(
    world: GraphResolver, text: str, person: str
) -> None:
    proposal = propose(world, text)
    assert any(frm == person and rel == "works_on" for frm, rel, _ in links(proposal))
    assert len([n for n in names(proposal) if n.startswith("Person:")]) <= 1


def test_an_unknown_name_heard_by_ear_stays_new(world: GraphResolver) -> None:
    proposal = propose(world, "Чаба Шандор работает на Quill")
    assert not any(n in names(proposal) for n in ("Person:Zsófia Csonka",))
    assert ("Person:Чаба Шандор", "works_on", "Project:Quill") in links(proposal)


def test_a_nickname_with_marked_letters_is_known(world: GraphResolver) -> None:
    proposal = propose(world, "Ági works on Fennel")
    assert ("Person:Ágota Kelemen", "works_on", "Project:Fennel") in links(proposal)
    assert "Person:Ági" not in names(proposal)


# "X's on P", time given to a project


@pytest.mark.parametrize(
    "text",
    [
        "Giorgio's on Quill full-time now, the importer keeps timing out",
        "Bellini spends three days a week on Quill now",
        "we're lending Giorgio to Quill for a month",
        "Джорджо на месяц одалживаем команде Quill, у них аудит горит",
    ],
)
def test_time_given_to_a_project_is_work_on_it(world: GraphResolver, text: str) -> None:
    assert ("Person:Giorgio Bellini", "works_on", "Project:Quill") in links(propose(world, text))


def test_a_possessive_stays_a_possessive(world: GraphResolver) -> None:
    proposal = propose(world, "Giorgio's in-laws moved to Quill Street")
    assert not any(rel == "works_on" for _, rel, _ in links(proposal))


def test_a_purpose_clause_denies_nothing(world: GraphResolver) -> None:
    text = "Лучиана подключилась к Fennel — следит, чтобы очереди не переполнялись"
    assert ("Person:Luciana Dragomir", "works_on", "Project:Fennel") in links(propose(world, text))


def test_a_denial_still_denies(world: GraphResolver) -> None:
    proposal = propose(world, "Лучиана больше не работает на Fennel")
    assert not any(rel == "works_on" for _, rel, _ in links(proposal))


# a call confirmed at a meeting, reversed, or a change announced


@pytest.mark.parametrize(
    ("text", "decider"),
    [
        (
            "Luciana confirmed at the review: Quill ships invoices over SFTP, no more email",
            "Person:Luciana Dragomir",
        ),
        ("Тюнде подтвердила на созвоне: Brindle переходит на Redis", "Person:Тюнде Варга"),
    ],
)
def test_a_call_confirmed_at_a_meeting_is_a_decision(
    world: GraphResolver, text: str, decider: str
) -> None:
    proposal = propose(world, text)
    found = decisions(proposal)
    assert len(found) == 1
    assert (decider, "decided", found[0]) in links(proposal)


def test_a_protocol_after_over_stays_in_the_slug(world: GraphResolver) -> None:
    proposal = propose(world, "Luciana confirmed at the review: Quill ships invoices over SFTP")
    assert "sftp" in decisions(proposal)[0]


def test_a_choice_over_another_leaves_it_out(world: GraphResolver) -> None:
    proposal = propose(world, "we decided: Paddle over Stripe for Quill")
    assert "stripe" not in decisions(proposal)[0]


def test_a_bare_confirmation_is_no_decision(world: GraphResolver) -> None:
    proposal = propose(world, "Тюнде подтвердила: поставщик продлевает контракт до 2028")
    assert not decisions(proposal)


@pytest.mark.parametrize(
    ("text", "project"),
    [
        ("отменяем: Brindle всё-таки остаётся на Postgres, переезд не делаем", "Project:Brindle"),
        ("changed our minds: Fennel stays on Kafka", "Project:Fennel"),
        ("we're dropping dark mode in Quill, adoption never got past 5%", "Project:Quill"),
    ],
)
def test_a_reversal_or_a_change_is_a_decision(
    world: GraphResolver, text: str, project: str
) -> None:
    proposal = propose(world, text)
    found = decisions(proposal)
    assert len(found) == 1
    assert any(frm == found[0] and to == project for frm, _, to in links(proposal))


def test_a_share_done_is_still_a_worklog(world: GraphResolver) -> None:
    assert extract("Quill migration is 60% done", world, owner=OWNER).skipped == "worklog"


# what a project uses or depends on


@pytest.mark.parametrize(
    "text",
    [
        "Quill целиком сидит на данных Brindle — без них никаких отчётов",
        "Quill runs on data from Brindle",
    ],
)
def test_living_on_another_projects_data_is_depending_on_it(
    world: GraphResolver, text: str
) -> None:
    assert ("Project:Quill", "depends_on", "Project:Brindle") in links(propose(world, text))


def test_a_list_announced_before_a_dash(world: GraphResolver) -> None:
    proposal = propose(world, "Quill talks to two services — Brindle and Fennel")
    assert ("Project:Quill", "depends_on", "Project:Brindle") in links(proposal)
    assert ("Project:Quill", "depends_on", "Project:Fennel") in links(proposal)


@pytest.mark.parametrize(
    ("text", "project", "tool"),
    [
        (
            "Quill handles refunds and supplier invoices through Adyen",
            "Project:Quill",
            "Project:Adyen",
        ),
        (
            "модели Fennel обучаем и выкатываем через Azure ML",
            "Project:Fennel",
            "Project:Azure ML",
        ),
    ],
)
def test_a_tool_after_through(world: GraphResolver, text: str, project: str, tool: str) -> None:
    assert (project, "uses", tool) in links(propose(world, text))


# newcomers listed after the project they join


@pytest.mark.parametrize(
    ("text", "people"),
    [
        (
            "joining Fennel next month: Odile Verhaegen (payments) and Борислав Тучков (mobile)",
            ("Person:Odile Verhaegen", "Person:Борислав Тучков"),
        ),
        (
            "присоединяются к Fennel: Агния Зорина и Wendel Okafor",
            ("Person:Агния Зорина", "Person:Wendel Okafor"),
        ),
    ],
)
def test_newcomers_after_joining_a_project(
    world: GraphResolver, text: str, people: tuple[str, ...]
) -> None:
    found = links(propose(world, text))
    assert all((person, "works_on", "Project:Fennel") in found for person in people)
