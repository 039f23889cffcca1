"""Capture of work on a project said by "testing", "covering", "в рабочей группе по", and of
people who come from a vendor ("from the outsourcing vendor", "из подрядчика").

The world is a :class:`StoreResolver` over names only (owner Ульяна, two projects). The
vendor phrase is where the people come from: it is neither a line nor a person.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import extract
from memory_core.name_resolver import StoreResolver
from tests.memory_core.proposals import links, propose

OWNER = "User:Ульяна"
KASA = "Project:Kasa"
POLARIS = "Project:Polaris"
DAY = dt.date(2025, 11, 1)


@pytest.fixture(scope="module")
def world() -> StoreResolver:
    return StoreResolver([OWNER, KASA, POLARIS], owner=OWNER)


@pytest.mark.parametrize(
    ("text", "project"),
    [
        ("I'm also covering Kasa releases from next sprint", KASA),
        ("я с апреля в рабочей группе по Polaris", POLARIS),
        ("я теперь в группе по Kasa", KASA),
    ],
)
def test_the_owner_covering_or_in_a_working_group_works_on_it(
    world: StoreResolver, text: str, project: str
) -> None:
    assert (OWNER, "works_on", project) in links(propose(world, text, owner=OWNER, today=DAY))


def test_not_covering_is_no_work(world: StoreResolver) -> None:
    proposal = extract("I'm not covering Kasa anymore", world, owner=OWNER, today=DAY)
    assert (OWNER, "works_on", KASA) not in links(proposal), proposal.to_json()


@pytest.mark.parametrize(
    ("text", "people"),
    [
        (
            "Marek and Ilze from the outsourcing vendor are testing Kasa with us",
            ["Person:Marek", "Person:Ilze"],
        ),
        ("Anna from a vendor joined Polaris", ["Person:Anna"]),
        ("Марек из подрядчика теперь тестирует Kasa", ["Person:Марек"]),
    ],
)
def test_people_from_a_vendor_work_on_the_project_with_no_line_about_the_vendor(
    world: StoreResolver, text: str, people: list[str]
) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    assert {frm for frm, kind, _ in links(proposal) if kind == "works_on"} == set(people)
    assert [e.name for e in proposal.entities if e.is_new] == people
    assert not [line for e in proposal.entities for line in e.lines if "vendor" in line]
