"""Capture of tools and dependencies said the chat's way, over a real store's resolver.

A small world (owner Вера, a colleague, two projects) is written to a temporary SQLite
store; each statement goes through :func:`extract` with the store's own resolver. Covered:
what is done in a project named before the tool ("ошибки в X ловим через Y"), a project
tied to another, a vendor's API named with its vendor, and several projects built on one CI.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import Proposal
from tests.memory_core.proposals import links, propose_in

OWNER = "User:Вера"
WORLD = (OWNER, "Person:Камила Юсупова", "Project:Sklad", "Project:Portal")

Link = tuple[str, str, str]


async def propose(owner: ScopedMemory, text: str) -> Proposal:
    return await propose_in(owner, WORLD, OWNER, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the work done in a project, then the tool it is done with
        ("ошибки в Sklad ловим через Rollbar", {("Project:Sklad", "uses", "Project:Rollbar")}),
        ("переводы в Portal делаем через Crowdin",
         {("Project:Portal", "uses", "Project:Crowdin")}),
        ("в Portal логи пишем в Loki", {("Project:Portal", "uses", "Project:Loki")}),
        ("crashes in Portal are tracked via Bugsnag",
         {("Project:Portal", "uses", "Project:Bugsnag")}),
        # a project tied to another
        ("Sklad завязан на Portal — цены берём оттуда",
         {("Project:Sklad", "depends_on", "Project:Portal")}),
        ("Portal is tied to Sklad for stock levels",
         {("Project:Portal", "depends_on", "Project:Sklad")}),
        # a vendor's API or SDK is one tool, named whole
        ("Sklad talks to the Stripe API for refunds",
         {("Project:Sklad", "depends_on", "Project:Stripe API")}),
        # several projects built on one CI
        ("и Sklad, и Portal собираются на CircleCI",
         {("Project:Sklad", "uses", "Project:CircleCI"),
          ("Project:Portal", "uses", "Project:CircleCI")}),
        ("both Sklad and Portal are built on GitHub Actions",
         {("Project:Sklad", "uses", "Project:GitHub Actions"),
          ("Project:Portal", "uses", "Project:GitHub Actions")}),
    ],
)  # fmt: skip
async def test_tools_said_the_chat_way(
    owner: ScopedMemory, text: str, expected: set[Link]
) -> None:
    proposal = await propose(owner, text)
    assert links(proposal) == expected
    assert not any("⟦" in e.name for e in proposal.entities)


@pytest.mark.parametrize(
    "text",
    [
        "задачи в Sklad не ведём через Jira",  # said not to be used
        "the demo for Portal is on Friday",  # a day, not a tool
        "встречу по Portal перенесли на Вторник",
        "Камила и Sklad собираются на Мальдивы",  # a person going somewhere
    ],
)
async def test_no_tool_from_a_lookalike(owner: ScopedMemory, text: str) -> None:
    proposal = await propose(owner, text)
    assert not any(r.relation_type in ("uses", "depends_on") for r in proposal.relations)
