"""The ``memory-bot forget-secrets`` subcommand: remove stored texts the guard refuses."""

from __future__ import annotations

import argparse
import sys

from bot.cli.options import resolve_db
from memory_core import Memory
from memory_core.secret_audit import find_stored_secrets, forget_stored_secrets, summary

__all__ = ["cmd_forget_secrets"]


def _confirmed() -> bool:
    print("Remove them? [y/N] ", end="", file=sys.stderr, flush=True)
    answer = sys.stdin.readline().strip().lower()
    return answer in {"y", "yes", "д", "да"}


async def cmd_forget_secrets(args: argparse.Namespace) -> int:
    """List what the guard refuses, ask (unless ``--yes``), remove it; 1 when declined."""
    async with Memory(resolve_db(args)) as memory:
        found = await find_stored_secrets(memory)
        if not found:
            print("no stored text holds a secret", file=sys.stderr)
            return 0
        print(summary(found, limit=50), file=sys.stderr)
        for item in found:
            print(
                f"  {item.scope}: {item.shown_entity}: {item.field} ({item.kind})", file=sys.stderr
            )
        if not args.yes and not _confirmed():
            print("nothing was removed", file=sys.stderr)
            return 1
        removed = await forget_stored_secrets(memory, found)
    print(f"removed {removed} stored texts that held secrets", file=sys.stderr)
    return 0
