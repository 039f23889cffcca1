"""Classes of statement the fallbacks' second round reads: decisions whose deciders stand in
a frame ("final call by X:", "... review with X:", "X agrees — ..."), a verb made of a borrowed
noun kept in a decision's slug, a tool in a sentence's second clause, the owner leading or
jumping into a project, a person running part of a project's work or split between two; and
the statements they must leave alone. The memory is a small
world of its own (owner Велимир) read through the real :class:`GraphResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from tests.memory_core.proposals import links

OWNER = "User:Велимир"
NAMES = [
    OWNER,
    "Person:Радмила Ковач",
    "Person:Teodor Blanc",
    "Project:Orchard",
    "Project:Lantern",
    "Project:Fjord",
    "Jira:ORC-77",
]
RELATIONS = [("Person:Радмила Ковач", "works_on", "Project:Lantern")]
DAY = dt.date(2026, 5, 11)


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return GraphResolver(NAMES, RELATIONS, {})


def propose(world: GraphResolver, text: str) -> Proposal:
    proposal = extract(text, world, owner=OWNER, today=DAY)
    assert proposal.skipped is None, proposal.to_json()
    return proposal


def decision(proposal: Proposal) -> str:
    (name,) = [e.name for e in proposal.entities if e.name.startswith("Decision:")]
    return name


# decisions


def test_a_verb_made_of_a_borrowed_noun_stays_in_the_slug(world: GraphResolver) -> None:
    p = propose(world, "договорились что в Orchard сессии логируем не дольше 30 дней")
    assert "логируем" in decision(p)


def test_a_plain_russian_verb_still_leaves_the_slug(world: GraphResolver) -> None:
    p = propose(world, "договорились что в Orchard релизы катим по средам")
    assert "катим" not in decision(p)


def test_a_final_call_by_someone_is_theirs(world: GraphResolver) -> None:
    p = propose(world, "final call by Teodor: code freeze on Lantern until the spring launch")
    name = decision(p)
    assert "freeze" in name
    assert ("Person:Teodor Blanc", "decided", name) in links(p)
    assert (name, "decided_in", "Project:Lantern") in links(p)


def test_who_was_at_the_meeting_decided(world: GraphResolver) -> None:
    p = propose(world, "decision from the design review with Teodor: Orchard keeps Kafka")
    assert ("Person:Teodor Blanc", "decided", decision(p)) in links(p)


def test_who_agreed_before_a_dash_backed_it(world: GraphResolver) -> None:
    p = propose(world, "ORC-77 решили отложить, Радмила согласна — переносим на май")
    name = decision(p)
    assert ("Person:Радмила Ковач", "agreed", name) in links(p)
    assert (name, "concerns", "Jira:ORC-77") in links(p)


def test_a_meeting_alone_names_no_decider(world: GraphResolver) -> None:
    p = propose(world, "decision from the design review: Orchard keeps Kafka")
    assert not [link for link in links(p) if link[1] == "decided" and link[0] != OWNER]


# tools


def test_a_tool_in_the_second_clause_after_a_from(world: GraphResolver) -> None:
    p = propose(world, "Orchard reads orders from Lantern and writes the ledger into HANA")
    assert ("Project:Orchard", "uses", "Project:HANA") in links(p)


def test_a_project_living_in_a_tool(world: GraphResolver) -> None:
    p = propose(world, "the whole Fjord config lives in Pulumi since spring")
    assert ("Project:Fjord", "uses", "Project:Pulumi") in links(p)


def test_a_tool_moved_from_is_still_left(world: GraphResolver) -> None:
    p = extract("Orchard moves from Jenkins to Drone next month", world, owner=OWNER, today=DAY)
    assert ("Project:Orchard", "uses", "Project:Jenkins") not in links(p)


# the owner's own project


@pytest.mark.parametrize(
    ("text", "link"),
    [
        ("с апреля Fjord веду сам, лида пока нет", (OWNER, "manages", "Project:Fjord")),
        ("I'm personally diving into Lantern for a month", (OWNER, "works_on", "Project:Lantern")),
    ],
)
def test_the_owner_leads_or_joins_a_project(
    world: GraphResolver, text: str, link: tuple[str, str, str]
) -> None:
    assert link in links(propose(world, text))


def test_someone_else_leading_is_not_the_owner(world: GraphResolver) -> None:
    p = extract("Teodor ведёт Fjord сам, без лида", world, owner=OWNER, today=DAY)
    assert (OWNER, "manages", "Project:Fjord") not in links(p)


# a part of a project's work, a person split between projects


@pytest.mark.parametrize(
    ("text", "link"),
    [
        ("Teodor will also run the Orchard retros from May", "manages"),
        ("радмила теперь ещё и проводит демо Fjord", "manages"),
        ("teodor is doing the Fjord billing pages too now", "owns"),
    ],
)
def test_a_part_of_a_projects_work(world: GraphResolver, text: str, link: str) -> None:
    p = propose(world, text)
    assert any(t == link and to.startswith("Project:") for _, t, to in links(p)), links(p)


def test_split_between_two_projects_links_the_new_one(world: GraphResolver) -> None:
    p = propose(world, "Радмила теперь 50/50 между Lantern и Fjord")
    assert ("Person:Радмила Ковач", "works_on", "Project:Fjord") in links(p)
    assert ("Person:Радмила Ковач", "works_on", "Project:Lantern") not in links(p)


def test_doing_well_on_a_project_owns_nothing(world: GraphResolver) -> None:
    p = extract("teodor is doing fine on Orchard these days", world, owner=OWNER, today=DAY)
    assert ("Person:Teodor Blanc", "owns", "Project:Orchard") not in links(p)


# a role said after "as"


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("Mirela Dukić joins Orchard next month as a data engineer", "data engineer"),
        ("Тихон Савин с июня приходит в Fjord в роли аналитика", "аналитика"),
    ],
)
def test_a_role_after_as_on_who_joins(world: GraphResolver, text: str, role: str) -> None:
    p = propose(world, text)
    people = {frm for frm, _, to in links(p) if to.startswith("Project:")}
    assert len(people) == 1
    lines = [line for e in p.entities if e.name in people for line in e.lines]
    assert any(line.startswith("role:") and role in line for line in lines), lines


def test_as_without_a_role_word_adds_none(world: GraphResolver) -> None:
    p = propose(world, "Mirela Dukić joins Orchard next month as a favour to Teodor")
    assert not [line for e in p.entities for line in e.lines if line.startswith("role:")]
