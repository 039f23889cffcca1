"""A known project said first, any verb, then a new tool: the project uses it; a place is none.

Said inside a sentence, the project is linked to a new tool right after "через", "in" or
"via" ("сканы накладных Quokka читает через Textract"), not to one left or merely named.

The memory is a small world of its own (owner Велимир) read through the real
:class:`GraphResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from memory_core.extraction_places import is_place
from tests.memory_core.proposals import links

OWNER = "User:Велимир"
NAMES = [OWNER, "Person:Henrik Solberg", "Project:Quokka", "Project:Tamarind"]
DAY = dt.date(2026, 6, 2)


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return GraphResolver(NAMES, [], {})


def extracted(world: GraphResolver, text: str) -> Proposal:
    return extract(text, world, owner=OWNER, today=DAY)


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("Quokka ходит в Braintree за возвратами", "Project:Braintree"),
        ("Tamarind работает поверх Traefik", "Project:Traefik"),
        ("Quokka переехала на Nomad", "Project:Nomad"),
    ],
)
def test_any_verb_between_a_project_and_a_new_tool(
    world: GraphResolver, text: str, tool: str
) -> None:
    p = extracted(world, text)
    project = "Project:Quokka" if "Quokka" in text else "Project:Tamarind"
    assert (project, "uses", tool) in links(p), p.to_json()


@pytest.mark.parametrize(
    "text",
    [
        "Quokka переехала в Вильнюс",  # a place
        "Tamarind больше не ходит в Braintree",  # left
        "Quokka and Traefik",  # no verb
        "Quokka hosted in Berlin",  # a place said in English
    ],
)
def test_no_tool_is_made(world: GraphResolver, text: str) -> None:
    p = extracted(world, text)
    assert not links(p), p.to_json()


def test_places_are_told_from_tools() -> None:
    assert is_place("Вильнюсе")
    assert is_place("Berlin")
    assert not is_place("Traefik")
    assert not is_place("Quokka")


@pytest.mark.parametrize(
    ("text", "project", "tool"),
    [
        ("сканы накладных Quokka читает через Textract", "Project:Quokka", "Project:Textract"),
        (
            "nightly exports for Tamarind land in Snowflake",
            "Project:Tamarind",
            "Project:Snowflake",
        ),
    ],
)
def test_a_project_inside_the_sentence_uses_the_tool(
    world: GraphResolver, text: str, project: str, tool: str
) -> None:
    assert (project, "uses", tool) in links(extracted(world, text))


@pytest.mark.parametrize(
    "text",
    [
        "сканы накладных Quokka больше не читает через Textract",
        "nightly exports for Tamarind mention Snowflake",
    ],
)
def test_no_tool_left_or_merely_named(world: GraphResolver, text: str) -> None:
    assert not [link for link in links(extracted(world, text)) if link[1] == "uses"]
