"""The ``memory-bot index-kb`` subcommand: index a markdown knowledge base as pointers."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bot.cli.options import CliError, open_memory
from bot.cli.progress import ProgressBar
from bot.settings import Settings
from memory_core import Scope
from memory_core.kb import DEFAULT_EXCLUDE, DEFAULT_INCLUDE, KbOptions, index_kb
from memory_core.kb_source import DEFAULT_MAX_BYTES

__all__ = ["cmd_index_kb", "options_from_args"]


class _LazyBar:
    """A progress bar on stderr, drawn once the number of files is known."""

    def __init__(self) -> None:
        self.bar: ProgressBar | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            if total == 0:
                return
            self.bar = ProgressBar(total, "indexing", unit="files")
        self.bar.update(done)

    def finish(self) -> None:
        if self.bar is not None:
            self.bar.finish()


def options_from_args(args: argparse.Namespace, settings: Settings | None = None) -> KbOptions:
    """Return the indexing options: the flags, else the ``KB_*`` settings, else the defaults."""
    include = settings.kb_include if settings is not None else None
    exclude = settings.kb_exclude if settings is not None else None
    max_bytes = settings.kb_max_bytes if settings is not None else DEFAULT_MAX_BYTES
    names = settings.kb_owner_names if settings is not None else ()
    return KbOptions(
        include=tuple(args.include) if args.include else include or DEFAULT_INCLUDE,
        exclude=tuple(args.exclude)
        if args.exclude is not None
        else (exclude if exclude is not None else DEFAULT_EXCLUDE),
        max_bytes=args.max_bytes if args.max_bytes is not None else max_bytes,
        owner_names=tuple(args.owner_name) if args.owner_name else names,
    )


async def cmd_index_kb(args: argparse.Namespace, settings: Settings) -> int:
    """Index DIR into one scope; print warnings to stderr and the summary line to stdout.

    A run held back (it would remove over half of the indexed notes without ``--prune``)
    writes nothing, says why on stderr and exits with status 1.
    """

    root = Path(args.dir)
    if not root.is_dir():
        raise CliError(f"no such directory: {root}")
    if args.max_bytes is not None and args.max_bytes <= 0:
        raise CliError("--max-bytes must be a positive number of bytes")
    scope = Scope.parse(args.scope)
    bar = _LazyBar()
    try:
        async with open_memory(args, settings) as memory:
            report = await index_kb(
                memory.scoped(scope),
                root,
                options=options_from_args(args, settings),
                dry_run=args.dry_run,
                prune=args.prune,
                progress=bar,
            )
    finally:
        bar.finish()
    status = 1 if report.held_back and not args.dry_run else 0
    if args.json:
        print(json.dumps({"scope": scope.value, **report.to_dict()}, ensure_ascii=False))
        return status
    for warning in report.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if status:
        print(f"memory-bot: {report.summary()}", file=sys.stderr)
    else:
        print(report.summary())
    return status
