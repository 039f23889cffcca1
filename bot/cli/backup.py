"""The ``memory-bot backup`` and ``memory-bot restore`` subcommands."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from bot.cli.options import CliError, resolve_db
from bot.ops.backup import RestoreError, make_backup, restore
from bot.ops.instance_lock import InstanceLockedError
from memory_core import StorageError
from memory_core.upkeep import backup_file

__all__ = ["DEFAULT_BACKUP_DIR", "cmd_backup", "cmd_restore"]

DEFAULT_BACKUP_DIR = Path("backups")


async def cmd_backup(args: argparse.Namespace) -> int:
    """Write a consistent copy of the database (also while the bot runs)."""

    db = resolve_db(args)
    if not db.is_file():
        raise CliError(f"no database at {db}")
    raw: str | None = args.dest
    try:
        if raw is None:
            written = make_backup(db, Path(os.environ.get("BACKUP_DIR") or DEFAULT_BACKUP_DIR))
        elif raw.endswith(("/", os.sep)) or Path(raw).is_dir():
            written = make_backup(db, Path(raw))
        else:
            backup_file(db, Path(raw))
            written = Path(raw)
    except StorageError as exc:
        raise CliError(f"backup failed: {exc}") from None
    print(f"backed up {db} to {written}")
    return 0


async def cmd_restore(args: argparse.Namespace) -> int:
    """Replace the database with a checked backup; keep the old file next to it."""

    db = resolve_db(args)
    try:
        report = restore(args.source, db, force=args.force)
    except InstanceLockedError as exc:
        raise CliError(f"{exc}; stop it before restoring") from None
    except RestoreError as exc:
        raise CliError(str(exc)) from None
    print(f"restored {db} from {report.source}")
    if report.kept is not None:
        print(f"the replaced database is kept as {report.kept}")
    return 0
