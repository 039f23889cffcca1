"""The ``memory-bot mcp`` subcommand: serve one scope to an MCP client over stdio.

Also runnable alone, for clients and tests that do not go through the main CLI:
``python -m bot.cli.mcp [--db PATH] [--scope S]``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.cli.options import CliError, add_store_options, resolve_db
from memory_core import Memory, MemoryCoreError, Scope

__all__ = ["add_mcp_parser", "cmd_mcp", "main"]

DESCRIPTION = (
    "Run an MCP server on stdin/stdout with the nine tools of the reference memory server "
    "(@modelcontextprotocol/server-memory), over one scope of the bot's database. Register "
    "it in an MCP client as the command 'memory-bot' with the arguments 'mcp'. A database "
    "that does not exist yet is created."
)


async def cmd_mcp(args: argparse.Namespace) -> int:
    """Open the store and serve one scope until the client closes the connection."""
    scope = Scope.parse(args.scope)  # a bad scope fails before the SDK loads
    try:
        from bot.mcp.server import serve_stdio  # noqa: PLC0415 - the SDK loads only for `mcp`
    except ImportError as exc:
        raise CliError(
            f"the MCP SDK is not installed ({exc.name}); "
            "install it with: pip install 'memory-bot[mcp]'"
        ) from None

    db: Path = resolve_db(args)
    async with Memory(db) as memory:
        print(f"memory-bot mcp: serving scope {scope} of {db}", file=sys.stderr, flush=True)
        await serve_stdio(memory.scoped(scope))
    return 0


def _add_options(parser: argparse.ArgumentParser) -> None:
    add_store_options(parser)


def add_mcp_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``mcp`` on the CLI's subparsers."""
    p = sub.add_parser(
        "mcp", help="serve a scope to MCP clients over stdio", description=DESCRIPTION
    )
    _add_options(p)
    p.set_defaults(func=cmd_mcp)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``mcp`` without the main CLI; return the exit status."""
    parser = argparse.ArgumentParser(prog="memory-bot mcp", description=DESCRIPTION)
    _add_options(parser)
    args = parser.parse_args(argv)
    try:
        return asyncio.run(cmd_mcp(args))
    except CliError as exc:
        print(f"memory-bot: error: {exc}", file=sys.stderr)
        return 2
    except MemoryCoreError as exc:
        print(f"memory-bot: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
