"""The link between the one person and the one project a sentence names, said by a verb of work.

A rule keeps what a sentence says about a person and the verb of work before a known project
or ticket adds the link it left out: ``owns`` for owning and signing off, ``manages`` for
leading, ``works_on`` for the rest, a ticket ``assigned_to`` them; and the sentences it must
leave alone: a negated verb, two people, no verb of work, an unknown project. The memory is
a small world of its own (owner Велимир) read through the real :class:`GraphResolver`.
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
    "Person:Злата Вербицкая",
    "Person:Henrik Solberg",
    "Person:Ottilie Brandt",
    "Project:Quokka",
    "Project:Tamarind",
]
DAY = dt.date(2026, 6, 2)


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return GraphResolver(NAMES, [], {})


def extracted(world: GraphResolver, text: str) -> Proposal:
    return extract(text, world, owner=OWNER, today=DAY)


def to_project(proposal: Proposal, project: str) -> set[str]:
    return {t for _, t, to in links(proposal) if to == project}


def test_signing_off_after_a_role_owns_the_project(world: GraphResolver) -> None:
    p = extracted(world, "Henrik is our release manager now and he signs off every Quokka build")
    assert ("Person:Henrik Solberg", "owns", "Project:Quokka") in links(p), p.to_json()


def test_a_russian_verb_of_work_puts_a_person_on_the_project(world: GraphResolver) -> None:
    p = extracted(world, "Злата Вербицкая занимается миграциями Tamarind")
    assert ("Person:Злата Вербицкая", "works_on", "Project:Tamarind") in links(p), p.to_json()


def test_a_ticket_taken_over_is_assigned(world: GraphResolver) -> None:
    p = extracted(world, "Ottilie Brandt took over QKK-402")
    assert ("Jira:QKK-402", "assigned_to", "Person:Ottilie Brandt") in links(p), p.to_json()


def test_a_negated_verb_links_nothing(world: GraphResolver) -> None:
    p = extracted(world, "Злата Вербицкая больше не занимается Tamarind")
    assert not to_project(p, "Project:Tamarind"), p.to_json()


def test_two_people_link_nothing_by_this_signal(world: GraphResolver) -> None:
    p = extracted(world, "Henrik told Ottilie that she approves the Quokka budget")
    assert not to_project(p, "Project:Quokka"), p.to_json()


def test_no_verb_of_work_links_nothing(world: GraphResolver) -> None:
    p = extracted(world, "Henrik Solberg is our release manager, he hates Quokka deadlines")
    assert not to_project(p, "Project:Quokka"), p.to_json()
