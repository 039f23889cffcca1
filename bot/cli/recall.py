"""The ``memory-bot recall`` subcommand: one query, or one JSON line per stdin line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bot.cli.options import CliError, resolve_db
from memory_core import Memory, Scope
from memory_core.recall import RecallOptions, RecallResult, recall

__all__ = ["cmd_recall"]


def _print_human(result: RecallResult) -> None:
    print(f"query: {result.built_query or '(recent memories)'}")
    if not result.lines:
        print("nothing is remembered about this")
        return
    current = None
    for line in result.lines:
        if line.entity != current:
            current = line.entity
            print(f"{current}")
        print(f"  - {line.text}")


async def cmd_recall(args: argparse.Namespace) -> int:
    """Recall from one scope: the query argument, or with ``-`` one query per stdin line."""

    db: Path = resolve_db(args)
    if not db.exists():
        raise CliError(f"no database at {db}")
    options = RecallOptions(reinforce=not args.no_reinforce)
    async with Memory(db) as memory:
        scoped = memory.scoped(Scope.parse(args.scope))
        if args.query == ["-"]:
            for raw in sys.stdin:
                result = await recall(scoped, raw.rstrip("\n"), options)
                print(json.dumps(result.to_dict(), ensure_ascii=False), flush=True)
            return 0
        result = await recall(scoped, " ".join(args.query), options)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        _print_human(result)
    return 0
