"""The MCP stdio server: the nine memory tools of one scope, on the official ``mcp`` SDK.

``memory-bot mcp`` runs :func:`serve_stdio`: JSON-RPC on stdin and stdout (while it serves,
the SDK points the process's own stdout at stderr, so a stray print cannot corrupt the
stream), one :class:`~memory_core.ScopedMemory` behind every call. Several such processes,
and the bot itself, may share one database: each write is one SQLite transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import gc
import os
import stat
import sys
from collections.abc import AsyncIterator
from importlib.metadata import PackageNotFoundError, version
from typing import Any, cast

from mcp import types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from bot.mcp.schema import TOOLS
from bot.mcp.tools import MemoryTools
from memory_core import ScopedMemory
from memory_core.recall import warm_up

__all__ = ["SERVER_NAME", "build_server", "serve_stdio"]

SERVER_NAME = "memory-bot"


def _version() -> str:
    try:
        return version("memory-bot")
    except PackageNotFoundError:
        return "0"


def build_server(scoped: ScopedMemory, tools: MemoryTools | None = None) -> Server[Any]:
    """Return an MCP server whose tools read and write ``scoped`` only.

    ``tools`` replaces the tools over ``scoped`` (the benchmark's fixed-answer server).
    """
    tools = tools or MemoryTools(scoped)
    listing = types.ListToolsResult(tools=[spec.to_tool() for spec in TOOLS])

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return listing

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        # The SDK's runner takes a result dict as it takes a model (``HandlerResult``) and
        # skips dumping it: the graph of a result is not copied into a model and out again.
        return cast(types.CallToolResult, await tools.call_wire(params.name, params.arguments))

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


_MAX_LINE = 64 * 1024 * 1024
"""The longest message line read from the client (64 MiB)."""


class _Lines:
    """The client's messages, a JSON-RPC message per line, read on the event loop."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self._reader = reader

    def __aiter__(self) -> _Lines:
        return self

    async def __anext__(self) -> str:
        try:
            line = await self._reader.readline()
        except ValueError:  # longer than _MAX_LINE: dropped; the client gets a parse error
            return "\n"
        if not line:
            raise StopAsyncIteration
        return line.decode("utf-8", "replace")


class _Out:
    """The wire to the client, written on the event loop (waits while the pipe is full)."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self._writer = writer

    async def write(self, text: str) -> None:
        self._writer.write(text.encode("utf-8"))
        await self._writer.drain()

    async def flush(self) -> None:
        await self._writer.drain()


@contextlib.asynccontextmanager
async def _loop_stdio() -> AsyncIterator[tuple[Any, Any]]:
    """stdin and stdout as event-loop pipes, for the SDK's stdio transport.

    The SDK's own streams read and write through a worker thread, a thread hop each way
    per message (~0.4 ms a call here). As the SDK does, the process's fd 0 reads the null
    device and fd 1 points at stderr while serving, so a stray print cannot corrupt the
    wire; both are restored afterwards. When stdin or stdout is not a pipe or socket (a
    terminal, a file) or on Windows, the SDK's own streams serve.
    """
    if not (_is_pipe(0) and _is_pipe(1)):
        async with stdio_server() as streams:
            yield streams
        return
    loop = asyncio.get_running_loop()
    wire_in, wire_out = os.fdopen(os.dup(0), "rb", buffering=0), os.fdopen(os.dup(1), "wb", 0)
    reader = asyncio.StreamReader(limit=_MAX_LINE)
    reading, _ = await loop.connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(reader), wire_in
    )
    transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, wire_out)
    writer = asyncio.StreamWriter(transport, protocol, None, loop)
    saved = (os.dup(0), os.dup(1))  # to restore fd 0 and 1 afterwards
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    try:
        stdin, stdout = cast(Any, _Lines(reader)), cast(Any, _Out(writer))
        async with stdio_server(stdin=stdin, stdout=stdout) as streams:
            yield streams
    finally:
        reading.close()
        transport.close()
        for fd, saved_fd in enumerate(saved):
            os.dup2(saved_fd, fd)
            os.close(saved_fd)


def _is_pipe(fd: int) -> bool:
    """Tell whether ``fd`` is a pipe or socket (a terminal or file is left to the SDK)."""
    if sys.platform == "win32":
        return False
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


_M_MMAP_THRESHOLD = -3
"""glibc's ``mallopt`` parameter for the size from which a block gets its own mapping."""
_MMAP_FROM = 128 * 1024


def _release_large_blocks() -> None:
    """Have glibc give every block of 128 KiB or more back to the system when it is freed.

    By default the threshold grows to the largest block freed so far, so after one
    ``read_graph`` page (megabytes of JSON, several copies on the way out) such blocks come
    from the heap, which then holds their space: at 50k entities the peak resident memory
    was 8 MB higher. Elsewhere than on glibc nothing changes.
    """
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None)
        libc.mallopt(_M_MMAP_THRESHOLD, _MMAP_FROM)
    except (OSError, AttributeError):  # not glibc: its allocator decides
        return


async def serve_stdio(scoped: ScopedMemory, tools: MemoryTools | None = None) -> None:
    """Serve ``scoped`` over the process's stdin and stdout until the client closes stdin."""
    _release_large_blocks()
    server = build_server(scoped, tools)
    await warm_up(scoped, chat=False)
    # What exists now (modules, the caches of names and words) lives as long as the process;
    # frozen, it is left out of the garbage collector's full passes, which at 50k entities
    # took ~140 ms each and landed on whichever call was running.
    gc.freeze()
    async with _loop_stdio() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())
