"""The ``memory-bot mcp`` subcommand: serve one scope to an MCP client over stdio.

Also runnable alone, for clients and tests that do not go through the main CLI:
``python -m bot.cli.mcp [--db PATH] [--scope S]``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.cli.options import CliError, open_memory
from bot.settings import Settings
from memory_core import Scope

__all__ = ["cmd_mcp", "main"]


async def cmd_mcp(args: argparse.Namespace, settings: Settings) -> int:
    """Open the store and serve one scope until the client closes the connection."""
    scope = Scope.parse(args.scope)  # a bad scope fails before the SDK loads
    try:
        from bot.mcp.sdk_half import load_server_half  # noqa: PLC0415 - the SDK loads only for `mcp`

        load_server_half()  # this process serves: the SDK's client half stays unloaded
        from bot.mcp.server import serve_stdio  # noqa: PLC0415
    except ImportError as exc:
        raise CliError(
            f"the MCP SDK is not installed ({exc.name}); "
            "install it with: pip install 'memory-bot[mcp]'"
        ) from None

    db: Path = settings.database_path
    async with open_memory(args, settings) as memory:
        print(f"memory-bot mcp: serving scope {scope} of {db}", file=sys.stderr, flush=True)
        await serve_stdio(memory.scoped(scope))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``mcp`` without the main CLI (same settings, same errors); return the exit status."""
    from bot.cli.main import main as cli_main  # noqa: PLC0415 - the one composition root

    return cli_main(["mcp", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
