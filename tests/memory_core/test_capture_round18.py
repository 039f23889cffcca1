"""Classes of statement the capture-18 round reads: a new person's name with a surname's
lowercase particles ("Marit van der Poel", "Inês da Rocha", "Отто фон Гарн"), a tool whose
name ends in a capitalised kind word ("Azure Data Factory", "App Engine"-like names) with no
shorter vendor read beside it unless the rest is a product code ("Backblaze B2"), and a role
with a lowercase field ("head of growth") that reaches every project said with it as one list;
a known person whose Latin name has letters with marks written in Cyrillic ("Дорук Йылдырым"
for "Doruk Yıldırım"); and the statements they must leave alone. The memory is a small world
of its own (owner Ефросинья) read through the real :class:`StoreResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal
from memory_core.extraction_names import GraphResolver
from memory_core.models import Entity
from tests.memory_core.proposals import lines_text, links, names, resolver_of
from tests.memory_core.proposals import propose as proposal_of

OWNER = "User:Ефросинья"
DAY = dt.date(2026, 9, 14)
ENTITIES = [
    Entity(OWNER, "User", ()),
    Entity("Person:Ильдар Саматов", "Person", ()),
    Entity("Person:Doruk Yıldırım", "Person", ()),
    Entity("Person:Oğuz Kılıç", "Person", ()),
    Entity("Project:Marrow", "Project", ()),
    Entity("Project:Thistle", "Project", ()),
    Entity("Project:Kelpie", "Project", ()),
]


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return resolver_of(ENTITIES)


def propose(world: GraphResolver, text: str) -> Proposal:
    return proposal_of(world, text, owner=OWNER, today=DAY)


# a surname's lowercase particles


@pytest.mark.parametrize(
    ("text", "person", "project"),
    [
        ("Marit van der Poel joined Thistle", "Person:Marit van der Poel", "Project:Thistle"),
        ("в Kelpie переходит Inês da Rocha", "Person:Inês da Rocha", "Project:Kelpie"),
        ("Отто фон Гарн переходит в Marrow", "Person:Отто фон Гарн", "Project:Marrow"),
    ],
)
def test_a_name_with_particles_is_one_person(
    world: GraphResolver, text: str, person: str, project: str
) -> None:
    proposal = propose(world, text)
    assert (person, "works_on", project) in links(proposal)
    first = person.split(":", 1)[1].split(maxsplit=1)[0]
    assert f"Person:{first}" not in names(proposal)


def test_a_list_ending_in_a_name_with_a_particle(world: GraphResolver) -> None:
    proposal = propose(
        world, "из Marrow к нам в Kelpie переходят двое: Ильдар Саматов и Joost de Klerk"
    )
    assert ("Person:Ильдар Саматов", "works_on", "Project:Kelpie") in links(proposal)
    assert ("Person:Joost de Klerk", "works_on", "Project:Kelpie") in links(proposal)


def test_a_lowercase_word_between_two_names_is_no_particle(world: GraphResolver) -> None:
    proposal = propose(world, "Ильдар Саматов и Zora Quill переходят в Thistle")
    assert ("Person:Zora Quill", "works_on", "Project:Thistle") in links(proposal)
    assert not any("Саматов и" in n for n in names(proposal))


# tools named with a capitalised kind word; a vendor read short


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("Thistle гоняет все выгрузки через Azure Data Factory", "Project:Azure Data Factory"),
        ("Marrow хранит логи в Oracle Cloud Storage", "Project:Oracle Cloud Storage"),
        ("Kelpie is powered by the Nimbus Search Engine", "Project:Nimbus Search Engine"),
    ],
)
def test_a_tool_named_with_a_capitalised_kind_word(
    world: GraphResolver, text: str, tool: str
) -> None:
    proposal = propose(world, text)
    used = {to for _, rel, to in links(proposal) if rel == "uses"}
    assert tool in used
    assert not any(t != tool and tool.startswith(t) for t in used)  # no "Azure", "Azure Data"


def test_a_lowercase_kind_word_is_still_left_out(world: GraphResolver) -> None:
    proposal = propose(world, "Marrow uses the Paylark card gateway")
    assert ("Project:Marrow", "uses", "Project:Paylark") in links(proposal)


def test_a_vendor_beside_a_product_code_is_kept(world: GraphResolver) -> None:
    proposal = propose(world, "Thistle хранит архивы в Backblaze B2")
    used = {to for _, rel, to in links(proposal) if rel == "uses"}
    assert "Project:Backblaze B2" in used


# a role with a lowercase field reaching the projects said with it as one list


def test_a_role_with_a_lowercase_field_reaches_listed_projects(world: GraphResolver) -> None:
    proposal = propose(
        world, "we brought in Saoirse Dunleavy as head of growth for Marrow and Kelpie"
    )
    person = "Person:Saoirse Dunleavy"
    assert "head of growth" in lines_text(proposal, person)
    assert {to for frm, _, to in links(proposal) if frm == person} == {
        "Project:Marrow",
        "Project:Kelpie",
    }


def test_a_role_does_not_reach_projects_said_apart(world: GraphResolver) -> None:
    proposal = propose(
        world, "we brought in Saoirse Dunleavy as head of growth: Marrow first, Kelpie later"
    )
    person = "Person:Saoirse Dunleavy"
    assert "head of growth" in lines_text(proposal, person)
    assert not any(frm == person and to.startswith("Project:") for frm, _, to in links(proposal))


def test_a_role_field_is_no_article(world: GraphResolver) -> None:
    proposal = propose(world, "we hired Saoirse Dunleavy as head of the team for Thistle")
    assert "head of the" not in lines_text(proposal, "Person:Saoirse Dunleavy")


# a Latin name with marked letters written in Cyrillic


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Доруку Йылдырыму передали MRW-31", "Person:Doruk Yıldırım"),
        ("Дорук Йылдырым взял MRW-31", "Person:Doruk Yıldırım"),
        ("Огуз Кылыч взял MRW-31", "Person:Oğuz Kılıç"),
    ],
)
def test_a_marked_latin_name_written_in_cyrillic_is_the_known_person(
    world: GraphResolver, text: str, person: str
) -> None:
    proposal = propose(world, text)
    assert any(person in (frm, to) for frm, _, to in links(proposal))
    assert not any(n.startswith("Person:") and n != person for n in names(proposal))
