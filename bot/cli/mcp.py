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
from bot.cli.parsers import MCP_DESCRIPTION
from memory_core import Memory, MemoryCoreError, Scope

__all__ = ["cmd_mcp", "main"]


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


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``mcp`` without the main CLI; return the exit status."""
    parser = argparse.ArgumentParser(prog="memory-bot mcp", description=MCP_DESCRIPTION)
    add_store_options(parser)
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
