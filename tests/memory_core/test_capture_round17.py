"""Classes of statement the capture-17 round reads: a nickname a line gives as a short form
("коротко — Сева"), people moving over to a project in the present ("X переходит в P", "из P к
нам в Q переходят двое: ..."), a decision someone pushed through said first ("X настоял, и
это уже решено — ...") or signed off last ("..., X signed off on it"), the kin one named
person is to another ("X is Y's godmother", "X — крёстная Y"), a friend word opening a
message ("подруга по универу X ..."), tools named in several capitalised words ("Weights &
Biases"-like names, "the ... API"), "both P and Q", "P без Q жить не может", a Portuguese
surname written by ear ("Каштру" for Castro), a role between commas after a name ("X, our
new COO,"), and a role that reaches a project "not only"/"including" it; and the statements
they must leave alone. The memory is a small world of its own (owner Евлампия) read through
the real :class:`StoreResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from memory_core.models import Entity, Relation
from tests.memory_core.proposals import lines_text, links, names, resolver_of
from tests.memory_core.proposals import propose as proposal_of

OWNER = "User:Евлампия"
DAY = dt.date(2026, 8, 3)
ENTITIES = [
    Entity(OWNER, "User", ()),
    Entity("Person:Всеволод Крутиков", "Person", ("contact: коротко — Сева",)),
    Entity("Person:Leonardo Bastos", "Person", ("role: data engineer Project:Ferrule",)),
    Entity("Person:Hollis Varga", "Person", ()),
    Entity("Person:Ниса", "Person", ("fact: дочь",)),
    Entity("Person:Орест Лаптев", "Person", ()),
    Entity("Project:Ferrule", "Project", ()),
    Entity("Project:Tallow", "Project", ()),
    Entity("Project:Gimlet", "Project", ()),
]
RELATIONS = [
    Relation("Person:Leonardo Bastos", "Project:Ferrule", "works_on"),
    Relation("Person:Ниса", OWNER, "child_of"),
]


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return resolver_of(ENTITIES, RELATIONS)


def propose(world: GraphResolver, text: str) -> Proposal:
    return proposal_of(world, text, owner=OWNER, today=DAY)


# a nickname given as a short form; people moving over to a project


@pytest.mark.parametrize(
    ("text", "person", "project"),
    [
        ("Севу на месяц одолжили в Tallow", "Person:Всеволод Крутиков", "Project:Tallow"),
        ("Сева переходит в Gimlet", "Person:Всеволод Крутиков", "Project:Gimlet"),
        ("Hollis moves to Tallow next sprint", "Person:Hollis Varga", "Project:Tallow"),
        ("Орест Лаптев переходит в Ferrule", "Person:Орест Лаптев", "Project:Ferrule"),
    ],
)
def test_moving_over_to_a_project(
    world: GraphResolver, text: str, person: str, project: str
) -> None:
    assert (person, "works_on", project) in links(propose(world, text))


@pytest.mark.parametrize(
    "text",
    [
        "из Ferrule к нам в Gimlet переходят двое: Зиновий Рябов и Petra Lind",
        "в Gimlet из Ferrule переходят Зиновий Рябов и Petra Lind",
        "из бухгалтерии к нам в Gimlet переходят двое: Зиновий Рябов и Petra Lind",
    ],
)
def test_newcomers_listed_with_where_they_come_from(world: GraphResolver, text: str) -> None:
    proposal = propose(world, text)
    assert ("Person:Зиновий Рябов", "works_on", "Project:Gimlet") in links(proposal)
    assert ("Person:Petra Lind", "works_on", "Project:Gimlet") in links(proposal)
    assert not any(to == "Project:Ferrule" for _, _, to in links(proposal))


# decisions pushed through first or signed off last


def test_decision_pushed_through_said_first(world: GraphResolver) -> None:
    proposal = propose(
        world, "Орест настоял, и это уже решено — Tallow переезжает на Hetzner вместо AWS"
    )
    (decision,) = [n for n in names(proposal) if n.startswith("Decision:")]
    assert ("Person:Орест Лаптев", "decided", decision) in links(proposal)
    assert "настоял" not in lines_text(proposal, decision)


def test_decision_signed_off_on_it_said_last(world: GraphResolver) -> None:
    proposal = propose(
        world,
        "outcome of the design review: Gimlet moves to event sourcing, Hollis signed off on it",
    )
    (decision,) = [n for n in names(proposal) if n.startswith("Decision:")]
    assert ("Person:Hollis Varga", "approved", decision) in links(proposal)
    assert "signed off" not in lines_text(proposal, decision)


# the kin one named person is to another; a friend word opening a message


@pytest.mark.parametrize(
    "text",
    [
        "Hollis agreed to be Nisa's godmother",
        "Hollis is going to be Ниса's godmother",
        "Орест — крёстный Нисы",
        "Орест стал крёстным Нисы",
        "Hollis is godmother to Ниса",
        "Орест будет крёстным для Нисы",
    ],
)
def test_godparent_of_a_named_child(world: GraphResolver, text: str) -> None:
    found = links(propose(world, text))
    assert any(t == "godparent_of" and to == "Person:Ниса" for _, t, to in found), found


def test_a_work_role_of_someone_is_no_kin(world: GraphResolver) -> None:
    proposal = extract("Hollis is Орест's manager", world, owner=OWNER, today=DAY)
    assert not any(t in ("godparent_of", "sibling_of", "child_of") for _, t, _ in links(proposal))


@pytest.mark.parametrize(
    ("text", "friend"),
    [
        ("подруга по универу Мирослава Гай переехала в Тбилиси", "Person:Мирослава Гай"),
        ("a friend from college, Wendell Park, is moving to Oslo", "Person:Wendell Park"),
    ],
)
def test_friend_word_opening_a_message(world: GraphResolver, text: str, friend: str) -> None:
    assert (friend, "friend_of", OWNER) in links(propose(world, text))


def test_kin_word_before_a_known_name_in_the_genitive_is_not_the_owners(
    world: GraphResolver,
) -> None:
    proposal = extract("подруга Нисы Варя приходила в гости", world, owner=OWNER, today=DAY)
    assert not any(to == OWNER and t == "friend_of" for _, t, to in links(proposal))


# tools in several capitalised words, "both P and Q", "без Q жить не может"


@pytest.mark.parametrize(
    ("text", "frm", "tool"),
    [
        ("Tallow relies on the Registo Predial Online API for deeds", "Project:Tallow",
         "Project:Registo Predial Online API"),
        ("Hollis logs all her Tallow benchmarks in Bits & Bytes", "Person:Hollis Varga",
         "Project:Bits & Bytes"),
    ],
)  # fmt: skip
def test_tool_named_in_capitalised_words(
    world: GraphResolver, text: str, frm: str, tool: str
) -> None:
    found = links(propose(world, text))
    assert any(f == frm and to == tool for f, _, to in found), found


def test_both_projects_a_project_reads_from(world: GraphResolver) -> None:
    found = links(propose(world, "Gimlet pulls invoices from both Tallow and Ferrule"))
    assert ("Project:Gimlet", "depends_on", "Project:Tallow") in found
    assert ("Project:Gimlet", "depends_on", "Project:Ferrule") in found


def test_cannot_live_without_said_verb_last(world: GraphResolver) -> None:
    found = links(propose(world, "Gimlet без Tallow жить не может — все счета лежат там"))
    assert ("Project:Gimlet", "depends_on", "Project:Tallow") in found


def test_lowercase_words_after_a_tool_are_no_part_of_it(world: GraphResolver) -> None:
    proposal = propose(world, "Tallow uses Redis for all its caching")
    assert "Project:Redis" in names(proposal)
    assert not any("caching" in n for n in names(proposal))


# a Portuguese surname by ear; a role between commas; "not only P"


def test_portuguese_surname_written_by_ear(world: GraphResolver) -> None:
    proposal = propose(world, "Леонарду Баштушу передали FER-12")
    assert not any(n.startswith("Person:") for n in names(proposal))
    assert any("Person:Leonardo Bastos" in (f, to) for f, _, to in links(proposal))


def test_role_between_commas_after_a_name(world: GraphResolver) -> None:
    proposal = propose(world, "from now on I report to Ottilie Brand, our new CFO, not to Hollis")
    assert (OWNER, "reports_to", "Person:Ottilie Brand") in links(proposal)
    assert "CFO" in lines_text(proposal, "Person:Ottilie Brand")


def test_a_place_between_commas_is_no_role(world: GraphResolver) -> None:
    proposal = extract(
        "I report to Ottilie Brand, in Vienna, from May", world, owner=OWNER, today=DAY
    )
    assert "role:" not in lines_text(proposal, "Person:Ottilie Brand")


@pytest.mark.parametrize(
    "text",
    [
        "Орест теперь лид аналитики на всех продуктах, не только на Gimlet",
        "Орест now leads analytics across all products, including Gimlet",
    ],
)
def test_role_reaching_a_project_not_only(world: GraphResolver, text: str) -> None:
    found = links(propose(world, text))
    assert any(f == "Person:Орест Лаптев" and to == "Project:Gimlet" for f, _, to in found), found


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Tallow moves to Postgres 16, Hollis gave the green light", "Person:Hollis Varga"),
        ("Gimlet drops GraphQL — Hollis greenlit it", "Person:Hollis Varga"),
        ("Tallow переезжает на Postgres 16, Орест дал добро", "Person:Орест Лаптев"),
    ],
)
def test_approval_said_as_an_idiom(world: GraphResolver, text: str, person: str) -> None:
    proposal = propose(world, text)
    (decision,) = [n for n in names(proposal) if n.startswith("Decision:")]
    assert (person, "approved", decision) in links(proposal)
