"""The ``memory-bot`` command line: parses arguments and runs one subcommand."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any

from bot.cli.backup import add_backup_parsers
from bot.cli.chat import add_chat_parser
from bot.cli.doctor import add_doctor_parser
from bot.cli.kb import add_kb_parser
from bot.cli.mcp import add_mcp_parser
from bot.cli.options import CliError, add_store_options, resolve_db
from bot.cli.progress import ProgressBar
from bot.cli.recall import add_recall_parser
from bot.cli.run import add_run_parser
from memory_core import Memory, MemoryCoreError, Scope
from memory_core.jsonl import export_lines, import_jsonl

__all__ = ["CliError", "build_parser", "main", "resolve_db"]

Command = Callable[[argparse.Namespace], Coroutine[Any, Any, int]]


def _scope(args: argparse.Namespace) -> Scope:
    return Scope.parse(args.scope)


_db = resolve_db


async def cmd_import(args: argparse.Namespace) -> int:
    """Import a reference-format JSONL file into one scope."""
    scope = _scope(args)
    if args.file == "-":
        stream = sys.stdin
        total = 0
    else:
        path = Path(args.file)
        if not path.is_file():
            raise CliError(f"no such file: {path}")
        total = path.stat().st_size
        stream = path.open(encoding="utf-8")
    bar = ProgressBar(total, "importing") if total else None
    try:
        async with Memory(_db(args)) as memory:
            report = await import_jsonl(
                memory.scoped(scope), stream, progress=bar.update if bar else None
            )
    except UnicodeDecodeError as exc:
        raise CliError(
            f"{args.file} is not UTF-8 text ({exc.reason}); nothing was imported"
        ) from None
    finally:
        if bar:
            bar.finish()
        if stream is not sys.stdin:
            stream.close()
    print(
        f"imported {report.entities} entities, {report.observations} observations, "
        f"{report.relations} relations into scope {scope}",
        file=sys.stderr,
    )
    return 0


async def cmd_export(args: argparse.Namespace) -> int:
    """Write one scope as reference-format JSONL to a file or stdout."""
    scope = _scope(args)
    db = _db(args)
    if not db.exists():
        raise CliError(f"no database at {db}")
    async with Memory(db) as memory:
        lines = [line async for line in export_lines(memory.scoped(scope))]
    text = "\n".join(lines)
    if args.file in (None, "-"):
        sys.stdout.write(text + ("\n" if text and sys.stdout.isatty() else ""))
        sys.stdout.flush()
    else:
        Path(args.file).write_text(text, encoding="utf-8")
        print(f"exported {len(lines)} lines of scope {scope} to {args.file}", file=sys.stderr)
    return 0


async def cmd_stats(args: argparse.Namespace) -> int:
    """Print counts of what one scope holds."""
    scope = _scope(args)
    db = _db(args)
    if not db.exists():
        raise CliError(f"no database at {db}")
    async with Memory(db) as memory:
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


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="memory-bot",
        description="A Telegram bot with per-chat scoped knowledge-graph memory.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("import", help="import a memory.jsonl file (reference server format)")
    p.add_argument("file", metavar="FILE", help="JSONL file to import, or - for stdin")
    add_store_options(p)
    p.set_defaults(func=cmd_import)

    p = sub.add_parser("export", help="export a scope as memory.jsonl (reference format)")
    p.add_argument("file", nargs="?", metavar="FILE", help="output file (default: stdout)")
    add_store_options(p)
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("stats", help="show what a scope holds")
    add_store_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_stats)

    add_recall_parser(sub)
    add_kb_parser(sub)
    add_mcp_parser(sub)
    add_chat_parser(sub)
    add_run_parser(sub)
    add_backup_parsers(sub)
    add_doctor_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        command: Command = args.func
        return asyncio.run(command(args))
    except CliError as exc:
        print(f"memory-bot: error: {exc}", file=sys.stderr)
        return 2
    except MemoryCoreError as exc:
        print(f"memory-bot: error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # the reader went away (e.g. `| head`): stop quietly, as Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        print("memory-bot: interrupted", file=sys.stderr)
        return 130
