"""A real memory-bot MCP server process and the SDK's stdio client, with result helpers."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.types import CallToolResult, TextContent

from memory_core import Entity, Memory, Relation
from memory_core.jsonl import dump_entity, dump_relation, import_jsonl
from memory_core.scope import Scope

ROOT = Path(__file__).resolve().parents[2]
# The server as a client would start it. `python -m bot mcp` is the same command once the
# main CLI registers the subcommand; this entry works without it.
SERVER_ARGS = ["-m", "bot", "mcp"]


def server_parameters(db: Path, scope: str = "owner") -> StdioServerParameters:
    """How an MCP client configured for memory-bot starts the server."""
    return StdioServerParameters(
        command=sys.executable, args=[*SERVER_ARGS, "--db", str(db), "--scope", scope], cwd=ROOT
    )


@asynccontextmanager
async def connect(db: Path, scope: str = "owner") -> AsyncIterator[ClientSession]:
    """Start a server process on ``db`` and yield an initialised client session.

    The server's stderr is kept; a traceback or a warning in it fails the test.
    """
    log = db.parent / f"server-{scope.replace(':', '_')}-{id(db)}.log"
    with log.open("a+", encoding="utf-8") as errlog:
        async with (
            stdio_client(server_parameters(db, scope), errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            yield session
    stderr = log.read_text(encoding="utf-8")
    assert "Traceback" not in stderr, stderr
    assert "Warning" not in stderr, stderr


def text_of(result: CallToolResult) -> list[str]:
    """Return the text blocks of a result."""
    return [block.text for block in result.content if isinstance(block, TextContent)]


def ok(result: CallToolResult) -> dict[str, Any]:
    """Assert a result succeeded and return its structured content."""
    assert not result.is_error, text_of(result)
    assert isinstance(result.structured_content, dict)
    return result.structured_content


def error_text(result: CallToolResult) -> str:
    """Assert a result is a tool error and return its message."""
    assert result.is_error, result
    assert result.structured_content is None
    return "\n".join(text_of(result))


def names(graph: dict[str, Any]) -> list[str]:
    """Return the entity names of a graph result, in order."""
    return [e["name"] for e in graph["entities"]]


async def seed(db: Path, entities: Iterable[Entity], relations: Iterable[Relation] = ()) -> None:
    """Write a graph straight into the owner's scope, without a server (as an import does)."""
    lines = [dump_entity(e) for e in entities] + [dump_relation(r) for r in relations]
    async with Memory(db) as memory:
        await import_jsonl(memory.scoped(Scope.owner()), lines)
