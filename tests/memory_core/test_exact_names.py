"""Names that differ by a number, a Jira key or a gendered ending are never one entity.

Fuzzy resolution forgives typos ("Atals" is Project:Atlas). It must never take a name that
differs in a number (Atlas / Atlas2), a Jira key (ESO-10 / ESO-100) or a gendered or
suffixed form (Ivan Petrov / Ivana Petrova) for an existing one, whichever door writes:
a chat remember, MCP create_entities and add, import, or index-kb.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.editing import remember
from memory_core.jsonl import import_jsonl
from memory_core.kb import index_kb

PAIRS = [
    ("Project:Atlas", "Project:Atlas2"),
    ("Project:Falcon-6", "Project:Falcon-7"),
    ("Jira:ESO-10", "Jira:ESO-100"),
    ("Jira:ESO-11", "Jira:ESO-110"),
    ("Person:Ivan Petrov", "Person:Ivana Petrova"),
    ("Person:Иван Петров", "Person:Иван Петрова"),
    ("Person:Alex Kim", "Person:Alexa Kim"),
]


async def names(scoped: ScopedMemory) -> set[str]:
    return set(await scoped.entity_names())


@pytest.mark.parametrize(("old", "new"), PAIRS)
async def test_chat_remember_makes_a_new_entity(owner: ScopedMemory, old: str, new: str) -> None:
    await remember(owner, old, None, ["status: green"])
    result = await remember(owner, new, None, ["status: red"])
    assert result.entity == new
    graph = await owner.open_nodes([old])
    assert [o.split(" (")[0] for o in graph.entities[0].observations] == ["status: green"]
    assert await names(owner) == {old, new}


@pytest.mark.parametrize(("old", "new"), PAIRS)
async def test_mcp_create_entities_keeps_both(owner: ScopedMemory, old: str, new: str) -> None:
    kind = old.split(":", maxsplit=1)[0]
    await owner.create_entities([Entity(old, kind, ("status: green",))])
    await owner.create_entities([Entity(new, kind, ("status: red",))])
    assert await names(owner) == {old, new}


@pytest.mark.parametrize(("old", "new"), PAIRS)
async def test_import_keeps_both(owner: ScopedMemory, old: str, new: str) -> None:
    kind = old.split(":", maxsplit=1)[0]
    lines = [
        json.dumps({"type": "entity", "name": n, "entityType": kind, "observations": []})
        for n in (old, new)
    ]
    await import_jsonl(owner, io.StringIO("\n".join(lines)))
    assert await names(owner) == {old, new}


async def test_a_typo_is_still_forgiven(owner: ScopedMemory) -> None:
    await remember(owner, "Person:Ivan Petrov", None, ["role: dev"])
    result = await remember(owner, "Person:Ivan Petorv", None, ["team: core"])
    assert result.entity == "Person:Ivan Petrov"


async def test_jira_keys_are_stored_upper_case_and_match_any_case(owner: ScopedMemory) -> None:
    await remember(owner, "Jira:eso-159", None, ["status: open"])
    result = await remember(owner, "JIRA:Eso-159", None, ["owner: Ann"])
    assert result.entity == "Jira:ESO-159"
    assert await names(owner) == {"Jira:ESO-159"}
    await import_jsonl(
        owner,
        io.StringIO(
            json.dumps({"type": "entity", "name": "Jira:kst-9", "entityType": "Jira"})
            + "\n"
            + json.dumps(
                {
                    "type": "relation",
                    "from": "Jira:kst-9",
                    "to": "jira:eso-159",
                    "relationType": "blocks",
                }
            )
        ),
    )
    assert "Jira:KST-9" in await names(owner)


async def test_index_kb_keeps_keys_and_people_apart(owner: ScopedMemory, tmp_path: Path) -> None:
    notes = tmp_path / "kb" / "notes"
    notes.mkdir(parents=True)
    (notes / "a.md").write_text(
        "# Sync\n\n**Participants**: Ivan Petrov, Ivana Petrova\n\n"
        "ESO-10 and ESO-100 discussed.\n",
        encoding="utf-8",
    )
    await index_kb(owner, tmp_path / "kb")
    got = await names(owner)
    assert {"Jira:ESO-10", "Jira:ESO-100"} <= got
    assert {"Person:Ivan Petrov", "Person:Ivana Petrova"} <= got
