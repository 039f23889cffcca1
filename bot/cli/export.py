"""The ``memory-bot export`` subcommand: one scope as reference-format JSONL."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.cli.options import CliError, resolve_db
from memory_core import Memory, Scope
from memory_core.jsonl import export_lines

__all__ = ["cmd_export"]


async def cmd_export(args: argparse.Namespace) -> int:
    """Write one scope as reference-format JSONL to a file or stdout."""
    scope = Scope.parse(args.scope)
    db = resolve_db(args)
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
