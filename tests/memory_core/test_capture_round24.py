"""Classes of statement the capture-24 round reads: names that begin with a Ukrainian capital
(Ґ, Є, І, Ї), a man's name in the accusative after a verb of hiring or appointing, a company
or a data centre that is no tool, a move "there from" a place that is no project, stored names
in Ukrainian case forms and nicknames with Ukrainian letters in either script, a care role said
before "теперь —", a relative's aside in brackets, a couple who married, and the owner's new
neighbour; with the statements they must leave alone. The memory is a small world of its own
(owner Остап) read through the real :class:`StoreResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from memory_core.models import Entity, Relation
from tests.memory_core.proposals import links, names, resolver_of
from tests.memory_core.proposals import propose as proposal_of

OWNER = "User:Остап"
DAY = dt.date(2026, 12, 2)
ENTITIES = [
    Entity(OWNER, "User", ()),
    Entity("Person:Павло", "Person", ("fact: сын, 7 лет (as_of=2026-01-05)",)),
    Entity("Person:Богдан Левчук", "Person", ("fact: friend from school (as_of=2026-01-05)",)),
    Entity(
        "Person:Іванна Шевчук",
        "Person",
        ("contact: все зовут её Ївга (as_of=2026-01-05)", "role: QA lead Project:Kvitka"),
    ),
    Entity("Person:Marta Boichuk", "Person", ("fact: my sister (as_of=2026-01-05)",)),
    Entity("Project:Kvitka", "Project", ()),
    Entity("Project:Hrim", "Project", ()),
]
RELATIONS = [
    Relation("Person:Павло", OWNER, "child_of"),
    Relation("Person:Іванна Шевчук", "Project:Kvitka", "works_on"),
]


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return resolver_of(ENTITIES, RELATIONS)


def propose(world: GraphResolver, text: str) -> Proposal:
    return proposal_of(world, text, owner=OWNER, today=DAY)


# Names that begin with a Ukrainian capital


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("тимлидом Hrim стала Ірина Їжак", "Person:Ірина Їжак"),
        ("на Hrim теперь есть техлид — Євген Ґонта, пришёл из банка", "Person:Євген Ґонта"),
    ],
)
def test_a_name_may_begin_with_a_ukrainian_capital(
    world: GraphResolver, text: str, person: str
) -> None:
    proposal = propose(world, text)
    assert person in names(proposal)
    assert any(frm == person and to == "Project:Hrim" for frm, _, to in links(proposal))


# A man's name in the accusative after a verb of hiring or appointing


def test_a_mans_accusative_after_an_object_verb_is_his_nominative(world: GraphResolver) -> None:
    proposal = propose(world, "тестировщиком Hrim взяли Александра Гуменюка")
    assert "Person:Александр Гуменюк" in names(proposal)
    assert "Person:Александра Гуменюка" not in names(proposal)


def test_a_womans_accusative_stays_hers(world: GraphResolver) -> None:
    proposal = propose(world, "тестировщицей Hrim взяли Олесю Гуменюк")
    assert "Person:Олеся Гуменюк" in names(proposal)


def test_a_name_after_a_verb_of_calling_is_a_nominative(world: GraphResolver) -> None:
    proposal = propose(world, "Богдан женился наконец, жену зовут Алина")
    assert "Person:Алина" in names(proposal)


# A company or a data centre is no tool; a move "there from" names no project of the person


def test_a_company_named_with_group_is_no_tool(world: GraphResolver) -> None:
    proposal = extract(
        "Marta got promoted, she now runs the legal team at Hvezda Group", world, owner=OWNER
    )
    assert not any(name.startswith("Project:Hvezda") for name in names(proposal))


def test_a_data_centre_is_no_person_and_a_move_from_no_project(world: GraphResolver) -> None:
    text = "Hrim's API sits on Scaleway, Paris DC - moved there from GCP in May"
    proposal = propose(world, text)
    assert ("Project:Hrim", "uses", "Project:Scaleway") in links(proposal)
    assert not any(name.startswith("Person:") for name in names(proposal))
    assert not any(to == "Project:GCP" for _, _, to in links(proposal))


# Stored names in Ukrainian case forms, nicknames with Ukrainian letters in either script


def test_a_ukrainian_case_form_finds_the_stored_person(world: GraphResolver) -> None:
    proposal = propose(world, "у Павла педиатр — Соломія Кравець")
    assert ("Person:Соломія Кравець", "doctor_of", "Person:Павло") in links(proposal)


@pytest.mark.parametrize("said", ["Ївга", "Yivga", "Ївги", "Ївгою"])
def test_a_nickname_with_ukrainian_letters_is_found_in_either_script(
    world: GraphResolver, said: str
) -> None:
    assert world.resolve(said, "Person") == "Person:Іванна Шевчук"


# A care role said before "теперь —"


def test_a_care_role_with_now_before_the_dash(world: GraphResolver) -> None:
    proposal = propose(world, "тренер у Павла теперь — Ярема Бондар, бассейн на Подоле")
    assert ("Person:Ярема Бондар", "coach_of", "Person:Павло") in links(proposal)


# A relative's aside in brackets, a woman's name in the instrumental


def test_whose_relative_someone_is_in_brackets_leaves_the_friendship(
    world: GraphResolver,
) -> None:
    proposal = propose(world, "с Оленой Ярош (мама Павлового друга) теперь дружим семьями")
    assert ("Person:Олена Ярош", "friend_of", OWNER) in links(proposal)


# A couple who married


@pytest.mark.parametrize(
    ("text", "spouse", "partner"),
    [
        ("Богдан с Ярославой поженились в субботу, я был свидетелем", "Person:Ярослава",
         "Person:Богдан Левчук"),
        ("Marta and Ben Okafor got married last summer", "Person:Ben Okafor",
         "Person:Marta Boichuk"),
    ],
)  # fmt: skip
def test_a_couple_who_married(world: GraphResolver, text: str, spouse: str, partner: str) -> None:
    assert (spouse, "married_to", partner) in links(propose(world, text))


# The owner's new neighbour, not someone else's


@pytest.mark.parametrize(
    "text",
    ["новая соседка по этажу — Ганна Кравець", "new neighbour next door - Ганна Кравець"],
)
def test_a_new_neighbour_said_alone_is_the_owners(world: GraphResolver, text: str) -> None:
    assert ("Person:Ганна Кравець", "neighbor_of", OWNER) in links(propose(world, text))


def test_someone_elses_neighbour_is_not_the_owners(world: GraphResolver) -> None:
    proposal = propose(world, "Bohdan's neighbour is Ганна Кравець")
    assert ("Person:Ганна Кравець", "neighbor_of", OWNER) not in links(proposal)


# What stays skipped


@pytest.mark.parametrize(
    "text",
    [
        "кто у Павла лор?",
        "did Marta and Ben get married?",
        "созвон с соседом в 18:00",
    ],
)
def test_questions_and_passing_notes_stay_skipped(world: GraphResolver, text: str) -> None:
    assert extract(text, world, owner=OWNER, today=DAY).skipped is not None


def test_a_name_set_off_by_a_dash_is_no_object_of_the_verb(world: GraphResolver) -> None:
    proposal = propose(world, "Hrim усиливаем — Ефимия Ракова (ETL) выходит первого числа")
    assert "Person:Ефимия Ракова" in names(proposal)
