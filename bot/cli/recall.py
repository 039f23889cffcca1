"""The ``memory-bot recall`` subcommand: one query, or one JSON line per stdin line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bot.cli.options import CliError, add_db_option, add_scope_option, resolve_db
from memory_core import Memory, Scope
from memory_core.recall import RecallOptions, RecallResult, recall

__all__ = ["add_recall_parser", "cmd_recall"]


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


def add_recall_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``recall`` on the CLI's subparsers."""
    p = sub.add_parser(
        "recall",
        help="recall what a scope remembers about a question",
        description="Run the recall loop on QUERY (or, with '-', on each line of stdin, "
        "printing one JSON object per line).",
    )
    p.add_argument("query", nargs="+", metavar="QUERY", help="the question, or - for stdin")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--no-reinforce",
        action="store_true",
        help="do not count this recall as a hit (keeps the database unchanged)",
    )
    add_db_option(p)
    add_scope_option(p)
    p.set_defaults(func=cmd_recall)
