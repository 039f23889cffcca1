"""Capture of tools and dependencies said in other ways, over a real store's resolver.

A small world (owner Вера, two colleagues, two projects) is written to a temporary SQLite
store; each statement goes through :func:`extract` with the store's own resolver, and the
links it proposes are compared with the ones the statement states.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import Proposal
from tests.memory_core.proposals import links, propose_in

OWNER = "User:Вера"
WORLD = (OWNER, "Person:Камила Юсупова", "Person:Oliver Grant", "Project:Sklad", "Project:Portal")

Link = tuple[str, str, str]


async def propose(owner: ScopedMemory, text: str) -> Proposal:
    return await propose_in(owner, WORLD, OWNER, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # what is taken names several things before "из"
        ("Sklad забирает цены и скидки из Portal",
         {("Project:Sklad", "depends_on", "Project:Portal")}),
        # two tools, the second after a participle of its own
        ("portal sits on top of postgres, deployed on hetzner",
         {("Project:Portal", "uses", "Project:postgres"),
          ("Project:Portal", "uses", "Project:hetzner")}),
        ("Sklad runs on top of Nomad, hosted in Scaleway",
         {("Project:Sklad", "uses", "Project:Nomad"),
          ("Project:Sklad", "uses", "Project:Scaleway")}),
        # Russian puts what is done before the verb
        ("Камила еженедельные отчёты прогоняет в Looker",
         {("Person:Камила Юсупова", "uses", "Project:Looker")}),
        # no verb: what a tool does for a project, one clause per tool
        ("алерты Sklad через PagerDuty, а логи в Loki",
         {("Project:Sklad", "uses", "Project:PagerDuty"),
          ("Project:Sklad", "uses", "Project:Loki")}),
        ("Portal monitoring is on Grafana", {("Project:Portal", "uses", "Project:Grafana")}),
        # the team's tool in a project; a second verb after "and"; where data lives
        ("мы используем Sentry в Portal для ошибок",
         {("Project:Portal", "uses", "Project:Sentry")}),
        ("Sklad runs on AWS and uses Redis for caching",
         {("Project:Sklad", "uses", "Project:AWS"), ("Project:Sklad", "uses", "Project:Redis")}),
        ("Portal's data lives in Snowflake", {("Project:Portal", "uses", "Project:Snowflake")}),
        ("Sklad talks to Portal over gRPC", {("Project:Sklad", "depends_on", "Project:Portal")}),
        # the owner's own tools
        ("I use Obsidian for my notes", {(OWNER, "uses", "Project:Obsidian")}),
        ("я пользуюсь Notion для заметок", {(OWNER, "uses", "Project:Notion")}),
        ("Oliver is using Postman for the Portal API",
         {("Person:Oliver Grant", "uses", "Project:Postman")}),
    ],
)  # fmt: skip
async def test_tools_and_dependencies(owner: ScopedMemory, text: str, expected: set[Link]) -> None:
    assert links(await propose(owner, text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "логи Sklad в Москве",  # a place, not a tool
        "Камила всю неделю сидит на диете",  # a common noun after the verb
        "I use my phone for everything",
        "Камила живёт в Берлине",  # where a person lives
        "Oliver works with Камила",  # a person is no tool
    ],
)
async def test_no_tool_is_made_of_a_place_or_a_common_noun(owner: ScopedMemory, text: str) -> None:
    proposal = await propose(owner, text)
    assert not any(r.relation_type == "uses" for r in proposal.relations)
    assert not any(e.name.startswith("Project:") and e.is_new for e in proposal.entities)
