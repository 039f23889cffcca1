"""Capture of tools said around the work: where things go, what serves them, what for.

The memory is a small world of its own (owner Вера, two colleagues, three projects) read
through the real :class:`GraphResolver`. Covered: a tool followed by where it runs ("on our
own servers"), what a project keeps in a tool (a hyphenated object), all of a kind of thing
going to a tool, a tool named in a closing participle ("served by"), and the purpose and
project said before who uses the tool.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from tests.memory_core.proposals import links

OWNER = "User:Вера"
NAMES = [
    OWNER,
    "Person:Камила Юсупова",
    "Person:Hannah Weiss",
    "Project:Kite",
    "Project:Lumen",
    "Project:Ledger",
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
        # where the tool itself runs is said after it, and is no second tool
        ("Lumen runs on Airflow on our own servers",
         {("Project:Lumen", "uses", "Project:Airflow")}),
        ("Ledger is hosted on Fly in their own region",
         {("Project:Ledger", "uses", "Project:Fly")}),
        ("Lumen крутится на Nomad в нашем датацентре",
         {("Project:Lumen", "uses", "Project:Nomad")}),
        # what a project keeps in a tool, the object hyphenated
        ("Ledger хранит онлайн-фичи в Postgres", {("Project:Ledger", "uses", "Project:Postgres")}),
        ("Kite stores user-level events in BigQuery",
         {("Project:Kite", "uses", "Project:BigQuery")}),
        # all of a kind of thing goes to a tool
        ("все алерты Kite уходят в PagerDuty", {("Project:Kite", "uses", "Project:PagerDuty")}),
        ("логи Lumen летят в Loki", {("Project:Lumen", "uses", "Project:Loki")}),
        ("all Ledger alerts go to Zenduty", {("Project:Ledger", "uses", "Project:Zenduty")}),
        # the tool named in a closing participle
        ("Kite ranks listings with a LightGBM model served by Seldon",
         {("Project:Kite", "uses", "Project:Seldon")}),
        ("Lumen ships weekly reports rendered in Metabase",
         {("Project:Lumen", "uses", "Project:Metabase")}),
        # the purpose and the project first, then who uses the tool
        ("для тестов в Lumen Камила юзает Cypress",
         {("Person:Камила Юсупова", "uses", "Project:Cypress"),
          ("Project:Lumen", "uses", "Project:Cypress")}),
        ("for load tests on Kite Hannah uses Locust",
         {("Person:Hannah Weiss", "uses", "Project:Locust"),
          ("Project:Kite", "uses", "Project:Locust")}),
        ("для аналитики в Ledger мы используем Superset",
         {("Project:Ledger", "uses", "Project:Superset")}),
    ],
)  # fmt: skip
def test_tools_said_around_the_work(world: GraphResolver, text: str, expected: set[Link]) -> None:
    proposal = propose(world, text)
    assert links(proposal) == expected
    assert not any("⟦" in e.name for e in proposal.entities)


@pytest.mark.parametrize(
    "text",
    [
        "все логи Kite в Москве",  # a place, no tool
        "Kite ranks listings with a model built by Hannah",  # a person made it: no tool
        "Lumen ships reports that are not rendered in Metabase",  # said not to
        "для тестов в Lumen Камила нашла баг",  # found a bug: no tool used
    ],
)
def test_no_tool_where_none_is_used(world: GraphResolver, text: str) -> None:
    assert not any(r.relation_type == "uses" for r in propose(world, text).relations)
