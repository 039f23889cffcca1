"""The ``memory-bot import`` subcommand: a reference-format JSONL file into one scope."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.cli.options import CliError, counted, open_memory
from bot.cli.progress import ProgressBar
from bot.settings import Settings
from memory_core import Scope
from memory_core.errors import SecretsInFileError
from memory_core.jsonl import import_jsonl

__all__ = ["cmd_import"]


async def cmd_import(args: argparse.Namespace, settings: Settings) -> int:
    """Import a reference-format JSONL file into one scope."""
    scope = Scope.parse(args.scope)
    if args.file == "-":
        stream = sys.stdin
        total = 0
    else:
        path = Path(args.file)
        if path.is_dir():
            raise CliError(f"{path} is a folder, not a JSONL file")
        if not path.is_file():
            raise CliError(f"no such file: {path}")
        try:
            total = path.stat().st_size
            stream = path.open(encoding="utf-8")
        except OSError as exc:
            raise CliError(f"cannot read {path}: {exc.strerror}") from None
    bar = ProgressBar(total, "importing") if total else None
    try:
        async with open_memory(args, settings) as memory:
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
    counts = ", ".join(
        counted(n, noun)
        for n, noun in (
            (report.entities, "entity|entities"),
            (report.observations, "observation|observations"),
            (report.relations, "relation|relations"),
        )
    )
    print(f"imported {counts} into scope {scope}", file=sys.stderr)
    if report.skipped:
        _print_lines("left out because they hold secrets", report.skipped)
    return 0


def _print_lines(head: str, lines: tuple[tuple[int, str], ...]) -> None:
    """Print which lines held secrets, with the kind: never the text."""
    numbers = sorted({n for n, _ in lines})
    print(f"memory-bot: {head}: {len(numbers)} lines", file=sys.stderr)
    for number, kind in lines:
        print(f"  line {number}: {kind}", file=sys.stderr)
