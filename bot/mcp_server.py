"""The MCP stdio server: the nine memory tools of one scope, on the official ``mcp`` SDK.

``memory-bot mcp`` runs :func:`serve_stdio`: JSON-RPC on stdin and stdout (while it serves,
the SDK points the process's own stdout at stderr, so a stray print cannot corrupt the
stream), one :class:`~memory_core.ScopedMemory` behind every call. Several such processes,
and the bot itself, may share one database: each write is one SQLite transaction.
"""

from __future__ import annotations

import gc
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from mcp import types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server

from bot.mcp_handlers import MemoryTools
from bot.mcp_tools import TOOLS
from memory_core import ScopedMemory
from memory_core.recall import warm_up

__all__ = ["SERVER_NAME", "build_server", "serve_stdio"]

SERVER_NAME = "memory-bot"


def _version() -> str:
    try:
        return version("memory-bot")
    except PackageNotFoundError:
        return "0"


def build_server(scoped: ScopedMemory) -> Server[Any]:
    """Return an MCP server whose tools read and write ``scoped`` only."""
    tools = MemoryTools(scoped)
    listing = types.ListToolsResult(tools=[spec.to_tool() for spec in TOOLS])

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return listing

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        return await tools.call(params.name, params.arguments)

    return Server(
        SERVER_NAME,
        version=_version(),
        instructions=(
            f"Long-term memory (scope {scoped.scope}): a knowledge graph of entities, "
            "relations and one-line observations. Search before creating; names are matched "
            "in any letter case."
        ),
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


async def serve_stdio(scoped: ScopedMemory) -> None:
    """Serve ``scoped`` over the process's stdin and stdout until the client closes stdin."""
    server = build_server(scoped)
    await warm_up(scoped)
    # What exists now (modules, the caches of names and words) lives as long as the process;
    # frozen, it is left out of the garbage collector's full passes, which at 50k entities
    # took ~140 ms each and landed on whichever call was running.
    gc.freeze()
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())
