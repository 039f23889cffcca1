"""The ``memory-bot recall`` subcommand: one query, or one JSON line per stdin line."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

from bot.cli.options import CliError, existing_database, is_writable, open_memory
from bot.conversation.wiring import recall_options
from bot.settings import Settings
from memory_core import Scope
from memory_core.recall import RecallResult, recall

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


async def cmd_recall(args: argparse.Namespace, settings: Settings) -> int:
    """Recall from one scope: the query argument, or with ``-`` one query per stdin line.

    The recall settings (``RECALL_*``, ``MEMORY_FABRIC_*``) apply as in the bot. A database
    that cannot be written is read as it is, with ``--no-reinforce``.
    """
    db: Path = existing_database(args, settings)
    writable = is_writable(db)
    if not writable and not args.no_reinforce:
        raise CliError(
            f"{db} is read-only, and a recall counts its hits; pass --no-reinforce to read it"
        )
    options = replace(recall_options(settings), reinforce=not args.no_reinforce)
    async with open_memory(args, settings, read_only=not writable) as memory:
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
