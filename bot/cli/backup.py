"""The ``memory-bot backup`` and ``memory-bot restore`` subcommands."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from bot.cli.options import CliError, database_label, existing_database
from bot.ops.backup import RestoreError, make_backup, restore
from bot.ops.instance_lock import InstanceLockedError
from bot.settings import Settings
from memory_core import StorageError, storage_error
from memory_core.upkeep import backup_file

__all__ = ["DEFAULT_BACKUP_DIR", "cmd_backup", "cmd_restore"]

DEFAULT_BACKUP_DIR = Path("backups")


async def cmd_backup(args: argparse.Namespace, settings: Settings) -> int:
    """Write a consistent copy of the database (also while the bot runs)."""

    db = existing_database(args, settings)
    raw: str | None = args.dest
    where = ""  # a DEST given on the command line is named in the message itself
    if raw is None:
        where = " (BACKUP_DIR)" if settings.backup_dir is not None else " (set BACKUP_DIR or DEST)"
    try:
        if raw is None:
            written = make_backup(db, settings.backup_dir or DEFAULT_BACKUP_DIR)
        elif raw.endswith(("/", os.sep)) or Path(raw).is_dir():
            written = make_backup(db, Path(raw))
        else:
            backup_file(db, Path(raw))
            written = Path(raw)
    except StorageError as exc:
        raise CliError(f"backup failed: {exc}{where}") from None
    print(f"backed up {db} to {written}")
    return 0


async def cmd_restore(args: argparse.Namespace, settings: Settings) -> int:
    """Replace the database with a checked backup; keep the old file next to it."""

    db = settings.database_path
    if db.is_dir():
        raise CliError(f"{db} is a folder, not a database file ({database_label(args, settings)})")
    try:
        report = restore(args.source, db, force=args.force)
    except InstanceLockedError as exc:
        raise CliError(f"{exc}; stop it before restoring") from None
    except RestoreError as exc:
        raise CliError(str(exc)) from None
    except OSError as exc:  # the lock file cannot be made: the folder is not writable
        problem = storage_error(exc, db, "cannot restore into")
        raise CliError(f"{problem} ({database_label(args, settings)})") from None
    print(f"restored {db} from {report.source}")
    if report.kept is not None:
        print(f"the replaced database is kept as {report.kept}")
    return 0
