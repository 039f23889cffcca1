"""Reads on real graphs: read_graph pages a large memory, search_nodes ranks like recall."""

from __future__ import annotations

import json
from pathlib import Path

from bot.mcp.schema import READ_GRAPH_PAGE, SEARCH_LIMIT
from bot.mcp.tools import SEARCH_RELATIONS_MAX
from memory_core import Entity, Memory, Relation
from memory_core.jsonl import import_jsonl
from memory_core.scope import Scope
from tests.mcp.session import connect, names, ok, seed, text_of

ROOT = Path(__file__).resolve().parents[2]
RECALL_GRAPH = ROOT / "tests" / "data" / "recall_graph.jsonl"


async def test_read_graph_pages_a_large_memory(db: Path) -> None:
    total = 2500
    entities = [Entity(f"item {i:04d}", "thing", (f"note: number {i}",)) for i in range(total)]
    chain = [Relation(f"item {i:04d}", f"item {i - 1:04d}", "follows") for i in range(1, total)]
    await seed(db, entities, chain)
    async with connect(db) as s:
        first = await s.call_tool("read_graph", {})
        page = ok(first)
        assert names(page) == [f"item {i:04d}" for i in range(READ_GRAPH_PAGE)]
        assert text_of(first)[1] == (
            f"Showing entities 1-{READ_GRAPH_PAGE} of 2500, oldest first, with the relations "
            f"that start at them. Call read_graph with offset={READ_GRAPH_PAGE} for the next page."
        )
        seen_names, seen_relations = names(page), page["relations"]
        offset = READ_GRAPH_PAGE
        while offset < total:
            result = await s.call_tool("read_graph", {"offset": offset})
            page = ok(result)
            seen_names += names(page)
            seen_relations += page["relations"]
            offset += len(page["entities"])
        assert "next page" not in text_of(result)[1]
        assert seen_names == [e.name for e in entities]
        # each relation comes exactly once over the pages, on the page of its start
        pairs = sorted((r["from"], r["to"]) for r in seen_relations)
        assert pairs == sorted((r.from_, r.to) for r in chain)

        small = await s.call_tool("read_graph", {"offset": 10, "limit": 3})
        assert names(ok(small)) == ["item 0010", "item 0011", "item 0012"]
        assert "offset=13" in text_of(small)[1]
        past = await s.call_tool("read_graph", {"offset": 9999})
        assert ok(past) == {"entities": [], "relations": []}
        assert "past the last entity" in text_of(past)[1]


async def _import_recall_graph(db: Path) -> None:
    async with Memory(db) as memory:
        with RECALL_GRAPH.open(encoding="utf-8") as f:
            await import_jsonl(memory.scoped(Scope.owner()), f)


async def test_search_nodes_ranks_with_recall_then_falls_back_to_word_search(db: Path) -> None:
    await _import_recall_graph(db)
    async with Memory(db) as memory:
        # "per" is no question for recall; the every-word search reads it as a word prefix
        fallback = await memory.scoped(Scope.owner()).search_nodes("per", SEARCH_LIMIT)
    word_hits = [e.name for e in fallback.entities]
    assert len(word_hits) > 3
    assert all("person:" in f"{e.name} {e.observations}".lower() for e in fallback.entities)
    async with connect(db) as s:

        async def first(query: str) -> str:
            return names(ok(await s.call_tool("search_nodes", {"query": query})))[0]

        assert await first("Ивану Петрову") == "Person:Иван Петров"
        assert await first("статус проекта ESO") == "Project:ESO"
        assert await first("crusor paginatoin") == (
            "Note:notes/meetings/2025-11-02-eso-cursor-pagination.md"
        )

        assert names(ok(await s.call_tool("search_nodes", {"query": "per"}))) == word_hits

        eso = ok(await s.call_tool("search_nodes", {"query": "ESO"}))
        assert names(eso)[0] == "Project:ESO"
        assert len(names(eso)) == len(set(names(eso))) > 3
        assert len(eso["relations"]) <= SEARCH_RELATIONS_MAX
        # relations touch the entities found
        found = set(names(eso))
        assert all(r["from"] in found or r["to"] in found for r in eso["relations"])
        # relations between the entities found come before the others
        inside = [r["from"] in found and r["to"] in found for r in eso["relations"]]
        assert inside == sorted(inside, reverse=True)
        # each entity is whole: every line, in stored order, as open_nodes returns it
        opened = ok(await s.call_tool("open_nodes", {"names": names(eso)}))
        assert eso["entities"] == opened["entities"]

        two = ok(await s.call_tool("search_nodes", {"query": "ESO", "limit": 2}))
        assert len(two["entities"]) == 2
        assert names(two)[0] == "Project:ESO"

        recent = ok(await s.call_tool("search_nodes", {"query": "  "}))
        assert 0 < len(recent["entities"]) <= SEARCH_LIMIT
        nothing = await s.call_tool("search_nodes", {"query": "quantum zebra"})
        assert ok(nothing) == {"entities": [], "relations": []}
        assert json.loads(text_of(nothing)[0]) == {"entities": [], "relations": []}


async def test_search_nodes_caps_relations_and_open_nodes_does_not(db: Path) -> None:
    spokes = [Entity(f"spoke {i:02d}", "thing") for i in range(80)]
    await seed(
        db,
        [Entity("Hub", "thing", ("role: the centre",)), *spokes],
        [Relation("Hub", s.name, "links") for s in spokes],
    )
    async with connect(db) as s:
        found = await s.call_tool("search_nodes", {"query": "hub"})
        assert names(ok(found)) == ["Hub"]
        # twice the limit of entities by default, SEARCH_RELATIONS_MAX at most
        most = 2 * SEARCH_LIMIT
        assert len(ok(found)["relations"]) == most
        assert text_of(found)[1].startswith(f"{80 - most} more relations")
        wide = await s.call_tool("search_nodes", {"query": "hub", "limit": 40})
        assert len(ok(wide)["relations"]) == SEARCH_RELATIONS_MAX
        assert text_of(wide)[1].startswith(f"{80 - SEARCH_RELATIONS_MAX} more relations")
        one = await s.call_tool("search_nodes", {"query": "hub", "limit": 1})
        assert len(ok(one)["relations"]) == 2
        opened = ok(await s.call_tool("open_nodes", {"names": ["Hub"]}))
        assert len(opened["relations"]) == 80
