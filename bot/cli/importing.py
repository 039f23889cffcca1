"""The ``memory-bot import`` subcommand: a reference-format JSONL file into one scope."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.cli.options import CliError, resolve_db
from bot.cli.progress import ProgressBar
from memory_core import Memory, Scope
from memory_core.errors import SecretsInFileError
from memory_core.jsonl import import_jsonl

__all__ = ["cmd_import"]


async def cmd_import(args: argparse.Namespace) -> int:
    """Import a reference-format JSONL file into one scope."""
    scope = Scope.parse(args.scope)
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
        async with Memory(resolve_db(args)) as memory:
            report = await import_jsonl(
                memory.scoped(scope),
                stream,
                progress=bar.update if bar else None,
                skip_secrets=args.skip_secrets,
            )
    except SecretsInFileError as exc:
        if bar:
            bar.finish()
            bar = None
        _print_lines("refused: secrets are never stored; nothing was imported", exc.lines)
        print("memory-bot: --skip-secrets imports the rest", file=sys.stderr)
        return 1
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
    if report.skipped:
        _print_lines("left out because they hold secrets", report.skipped)
    return 0


def _print_lines(head: str, lines: tuple[tuple[int, str], ...]) -> None:
    """Print which lines held secrets, with the kind: never the text."""
    numbers = sorted({n for n, _ in lines})
    print(f"memory-bot: {head}: {len(numbers)} lines", file=sys.stderr)
    for number, kind in lines:
        print(f"  line {number}: {kind}", file=sys.stderr)
