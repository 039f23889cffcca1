"""The ``memory-bot export`` subcommand: one scope as reference-format JSONL."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from bot.cli.options import CliError, counted, existing_database, is_writable, open_memory
from bot.settings import Settings
from memory_core import Scope
from memory_core.jsonl import export_lines
from memory_core.private import FILE_MODE

__all__ = ["cmd_export"]


def _target(raw: str, *, force: bool) -> Path:
    """Check the output file before anything is read: a file it may (over)write.

    Raises:
        CliError: a folder, a missing folder, or an existing file without permission.
    """
    path = Path(raw)
    if path.is_dir():
        raise CliError(f"cannot export to {path}: it is a folder; give a file name")
    parent = path.parent
    if not parent.is_dir():
        what = "is a file" if parent.exists() else "does not exist"
        raise CliError(f"cannot export to {path}: the folder {parent} {what}")
    if path.exists() and not force and not _confirmed(path):
        raise CliError(f"{path} already exists; pass --force to overwrite it")
    return path


def _confirmed(path: Path) -> bool:
    """Ask on the terminal whether to overwrite ``path``; no terminal means no."""
    if not (sys.stdin.isatty() and sys.stderr.isatty()):
        return False
    print(f"{path} already exists. Overwrite it? [y/N] ", end="", file=sys.stderr, flush=True)
    try:
        answer = sys.stdin.readline()
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return False
    return answer.strip().lower() in ("y", "yes", "д", "да")


def _write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path``; a file this creates is private (mode 0600)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)


async def cmd_export(args: argparse.Namespace, settings: Settings) -> int:
    """Write one scope as reference-format JSONL to a file or stdout."""
    scope = Scope.parse(args.scope)
    db = existing_database(args, settings)
    target = None if args.file in (None, "-") else _target(args.file, force=args.force)
    async with open_memory(args, settings, read_only=not is_writable(db)) as memory:
        lines = [line async for line in export_lines(memory.scoped(scope))]
    text = "\n".join(lines)
    if target is None:
        sys.stdout.write(text + ("\n" if text and sys.stdout.isatty() else ""))
        sys.stdout.flush()
        return 0
    try:
        _write_private(target, text)
    except OSError as exc:
        raise CliError(f"cannot write {target}: {exc.strerror}", status=1) from None
    print(
        f"exported {counted(len(lines), 'line|lines')} of scope {scope} to {target}",
        file=sys.stderr,
    )
    return 0
