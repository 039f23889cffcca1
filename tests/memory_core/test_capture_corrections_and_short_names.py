"""Capture of corrections ("не A, а B"), reports said without "я", tickets handed key first,
and known people whose surname is also a function word ("Ли", "To").

The memory is a small world of its own (owner Вера, four colleagues, two projects) read
through the real :class:`GraphResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_correction import without_the_old
from memory_core.extraction_names import GraphResolver
from tests.memory_core.proposals import links

OWNER = "User:Вера"
NAMES = [
    OWNER,
    "Person:Глеб Орлов",
    "Person:Камила Юсупова",
    "Person:Зоя Ли",
    "Person:Dan To",
    "Project:Kite",
    "Project:Lumen",
]

Link = tuple[str, str, str]


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return GraphResolver(NAMES)


def propose(world: GraphResolver, text: str) -> Proposal:
    return extract(text, world, owner=OWNER, today=dt.date(2026, 3, 2))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the negated one is what no longer holds
        ("с марта отчитываюсь уже не Глебу, а Камиле Юсуповой",
         {(OWNER, "reports_to", "Person:Камила Юсупова")}),
        ("I report not to Gleb but to Dan To now", {(OWNER, "reports_to", "Person:Dan To")}),
        ("Kite теперь крутится не на Heroku, а на Render",
         {("Project:Kite", "uses", "Project:Render")}),
        ("Lumen now runs not on Heroku but on Railway",
         {("Project:Lumen", "uses", "Project:Railway")}),
        # a Russian first-person verb needs no "я"
        ("отчитываюсь Глебу", {(OWNER, "reports_to", "Person:Глеб Орлов")}),
        ("теперь подчиняюсь напрямую Камиле", {(OWNER, "reports_to", "Person:Камила Юсупова")}),
        # a ticket handed over, the key first
        ("KITE-12 передали Глебу", {("Jira:KITE-12", "assigned_to", "Person:Глеб Орлов")}),
        # a known person whose surname is a function word, in any case form
        ("Зое Ли передали KITE-7", {("Jira:KITE-7", "assigned_to", "Person:Зоя Ли")}),
        ("KITE-9 отдали Зое Ли", {("Jira:KITE-9", "assigned_to", "Person:Зоя Ли")}),
        ("Dan To is the new PM of Lumen", {("Person:Dan To", "pm_of", "Project:Lumen")}),
    ],
)  # fmt: skip
def test_corrections_reports_and_short_surnames(
    world: GraphResolver, text: str, expected: set[Link]
) -> None:
    proposal = propose(world, text)
    assert links(proposal) == expected
    assert not any(e.is_new and e.name.startswith("Person:") for e in proposal.entities)


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("отчитываюсь уже не Глебу, а Камиле", "отчитываюсь Камиле"),
        ("I report not to Gleb but to Ann", "I report to Ann"),
        ("X runs no longer on A but on B", "X runs on B"),
        # a long negated clause is left as it is
        (
            "мы не будем больше никогда так делать, а будем X",
            "мы не будем больше никогда так делать, а будем X",
        ),
    ],
)
def test_the_old_is_dropped(text: str, left: str) -> None:
    assert without_the_old(text) == left


@pytest.mark.parametrize(
    "text",
    [
        "Зоя и Глеб обсуждали Kite",  # "и" is no surname: two people, no new name
        "KITE-12 Глеб закрыл",  # closed, not handed over
        "отчитываюсь перед комиссией по бюджету",  # nobody named
    ],
)
def test_no_report_or_assignment_where_none_is_said(world: GraphResolver, text: str) -> None:
    proposal = propose(world, text)
    types = {r.relation_type for r in proposal.relations}
    assert not types & {"reports_to", "assigned_to"}
    assert not any("Ли" in e.name and e.name != "Person:Зоя Ли" for e in proposal.entities)
