"""The MCP round trip without the search: memory-bot's server answering from a table.

``bench_mcp.py`` starts this as a third server beside memory-bot and the reference. It is
memory-bot's own MCP server (the same SDK, transport, tool table and result shape), except that
``search_nodes`` returns the answers computed for every benchmark query before serving. Its
latency is what the SDK's client and server, the pipes and the result's size cost on this
machine: the part of a search's latency that no search engine can remove.

    .venv/bin/python bench/mcp_floor.py --db memory.db --queries queries.txt
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.mcp.server import serve_stdio
from bot.mcp.tools import Arguments, MemoryTools
from memory_core import Memory, ScopedMemory
from memory_core.scope import Scope


class AnsweredTools(MemoryTools):
    """memory-bot's tools whose ``search_nodes`` answers come from a table of known queries."""

    def __init__(self, scoped: ScopedMemory, answers: dict[str, dict[str, Any]]) -> None:
        super().__init__(scoped)
        self._answers = answers

    async def call_wire(self, name: str, arguments: Arguments | None) -> dict[str, Any]:
        query = (arguments or {}).get("query")
        if name == "search_nodes" and isinstance(query, str) and query in self._answers:
            return self._answers[query]
        return await super().call_wire(name, arguments)


async def serve(db: Path, queries: Sequence[str]) -> None:
    """Answer every query once with the real search, then serve the answers over stdio."""
    async with Memory(db) as memory:
        scoped = memory.scoped(Scope.owner())
        real = MemoryTools(scoped)
        answers = {q: await real.call_wire("search_nodes", {"query": q}) for q in queries}
        await serve_stdio(scoped, AnsweredTools(scoped, answers))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--queries", type=Path, required=True, help="one query per line")
    args = parser.parse_args(argv)
    lines = args.queries.read_text(encoding="utf-8").splitlines()
    asyncio.run(serve(args.db, [q for q in lines if q.strip()]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
