"""The ``memory-bot stats`` subcommand: counts of what one scope holds."""

from __future__ import annotations

import argparse
import json

from bot.cli.options import existing_database, is_writable, open_memory
from bot.settings import Settings
from memory_core import Scope

__all__ = ["cmd_stats"]


async def cmd_stats(args: argparse.Namespace, settings: Settings) -> int:
    """Print counts of what one scope holds (a read-only database is read as it is)."""
    scope = Scope.parse(args.scope)
    db = existing_database(args, settings)
    async with open_memory(args, settings, read_only=not is_writable(db)) as memory:
        stats = await memory.scoped(scope).stats()
    if args.json:
        print(
            json.dumps(
                {
                    "scope": stats.scope,
                    "entities": stats.entities,
                    "observations": stats.observations,
                    "relations": stats.relations,
                    "entities_by_type": stats.entities_by_type,
                },
                ensure_ascii=False,
            )
        )
        return 0
    print(f"scope         {stats.scope}")
    print(f"entities      {stats.entities}")
    print(f"observations  {stats.observations}")
    print(f"relations     {stats.relations}")
    for entity_type, count in stats.entities_by_type.items():
        print(f"  {entity_type:<11} {count}")
    return 0
