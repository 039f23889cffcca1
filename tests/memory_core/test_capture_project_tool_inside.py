"""A known project said inside the sentence, a verb, then a new tool after "через", "in",
"via": the project uses it ("сканы накладных Quokka читает через Textract", "nightly
exports for Tamarind land in Snowflake"). Nothing is linked when the tool is left or when
no such word stands before it.

The memory is a small world of its own (owner Велимир) read through the real
:class:`GraphResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
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
