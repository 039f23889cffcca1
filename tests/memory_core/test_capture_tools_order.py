"""Capture of tools said in the chat's word orders: the tool before the verb, a second tool
after "а", data that lands in a project, a project that needs another, a person's test tool.

A small world (owner Dana, one colleague, two projects) is written to a temporary SQLite
store; each statement goes through :func:`extract` with the store's own resolver.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import Proposal
from tests.memory_core.proposals import links, propose_in

OWNER = "User:Dana"
WORLD = (OWNER, "Person:Aigerim Bekova", "Project:Pochta", "Project:Sayohat")
Link = tuple[str, str, str]


async def propose(owner: ScopedMemory, text: str) -> Proposal:
    return await propose_in(owner, WORLD, OWNER, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the tool before the Russian verb
        ("Pochta на Grafana рисует все дашборды",
         {("Project:Pochta", "uses", "Project:Grafana")}),
        # two tools: the second after "а ..., у него в/на ..."
        ("Sayohat письма шлёт через Mailgun, а метрики у него в Grafana Cloud",
         {("Project:Sayohat", "uses", "Project:Mailgun"),
          ("Project:Sayohat", "uses", "Project:Grafana Cloud")}),
        # data that lands in a project from a tool, in either word order
        ("orders land in Sayohat from Bitrix24 every hour",
         {("Project:Sayohat", "depends_on", "Project:Bitrix24")}),
        ("в Pochta из МойСклад каждую ночь прилетают остатки",
         {("Project:Pochta", "depends_on", "Project:МойСклад")}),
        # a project that needs another, said first with a case ending
        ("Sayohat-у для биллинга нужен Pochta: счета берутся оттуда",
         {("Project:Sayohat", "depends_on", "Project:Pochta")}),
        # a person's tool, and the project it covers too
        ("Aigerim Bekova tests every release with Cypress, Pochta included",
         {("Person:Aigerim Bekova", "uses", "Project:Cypress"),
          ("Project:Pochta", "uses", "Project:Cypress")}),
    ],
)  # fmt: skip
async def test_tools_in_the_chat_word_orders(
    owner: ScopedMemory, text: str, expected: set[Link]
) -> None:
    proposal = await propose(owner, text)
    assert links(proposal) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Pochta на Android не работает",  # a platform it fails on, said with "не"
        "orders land in Sayohat from partners every hour",  # no tool named
        "Aigerim Bekova tests the release with Timur Sadykov",  # a person, not a tool
        "orders no longer land in Sayohat from Bitrix24",  # not any more
        "в Pochta приходит новый бэкендер из Kaspi",  # a newcomer, not data
        "к нам в Sayohat приходит Marat Sadykov из Kolesa",  # a person joining
    ],
)
async def test_no_tool_from_a_lookalike(owner: ScopedMemory, text: str) -> None:
    proposal = await propose(owner, text)
    assert not [r for r in proposal.relations if r.relation_type in ("uses", "depends_on")]


async def test_an_unknown_name_with_a_case_ending_is_no_project(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "Aigerim Bekova дружит со мной ещё с алматинского KASPI-я")
    assert "Project:KASPI" not in {e.name for e in proposal.entities}
