"""Options and helpers shared by the ``memory-bot`` subcommands: ``--db``, ``--scope``, the store.

Every subcommand gets the one :class:`~bot.settings.Settings` the command line built, with
``--db`` already folded in as ``database_path``; these helpers open that database and turn a
problem with it into one line that names the path and where it came from.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.settings import DEFAULT_DATABASE_PATH, Settings
from memory_core import Memory, StorageError

__all__ = [
    "DEFAULT_DB",
    "CliError",
    "add_db_option",
    "add_scope_option",
    "add_store_options",
    "counted",
    "database_label",
    "existing_database",
    "is_writable",
    "open_memory",
    "settings_overrides",
]

DEFAULT_DB = DEFAULT_DATABASE_PATH


class CliError(Exception):
    """A problem reported as one line; exit status 2 (bad input) unless ``status`` says."""

    def __init__(self, message: str, *, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


def counted(n: int, forms: str) -> str:
    """``counted(1, "entity|entities")`` is "1 entity"; any other number takes the plural."""
    one, _, many = forms.partition("|")
    return f"{n} {one if n == 1 else many}"


def settings_overrides(args: argparse.Namespace) -> dict[str, Path]:
    """The settings the command line overrides: ``--db`` is ``DATABASE_PATH``."""
    db = getattr(args, "db", None)
    return {"database_path": db} if db is not None else {}


def database_label(args: argparse.Namespace, settings: Settings) -> str:
    """Say where the database path came from: ``--db``, ``DATABASE_PATH`` or the default."""
    if getattr(args, "db", None) is not None:
        return "--db"
    origin = settings.database_origin()
    return origin if origin == "DATABASE_PATH" else "the default; set DATABASE_PATH or --db"


def existing_database(args: argparse.Namespace, settings: Settings) -> Path:
    """Return the database path, which must be an existing file.

    Raises:
        CliError: it is missing or a folder (the message names it and its origin).
    """
    db = settings.database_path
    label = database_label(args, settings)
    if db.is_dir():
        raise CliError(f"{db} is a folder, not a database file ({label})")
    if not db.is_file():
        raise CliError(f"no database at {db} ({label})")
    return db


def is_writable(db: Path) -> bool:
    """Whether the database file and its folder (for the WAL and SHM files) can be written."""
    return os.access(db, os.W_OK) and os.access(db.parent, os.W_OK)


@asynccontextmanager
async def open_memory(
    args: argparse.Namespace, settings: Settings, *, read_only: bool = False
) -> AsyncIterator[Memory]:
    """Open the settings' database for the block; a failure is one line naming it.

    Raises:
        CliError: the database cannot be created, opened or upgraded (exit status 1).
    """
    memory = Memory(settings.database_path, read_only=read_only)
    try:
        await memory.open()
    except StorageError as exc:
        raise CliError(f"{exc} ({database_label(args, settings)})", status=1) from None
    try:
        yield memory
    finally:
        await memory.close()


def add_db_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--db PATH``."""
    parser.add_argument(
        "--db",
        type=Path,
        default=None,
        metavar="PATH",
        help="SQLite database file (default: DATABASE_PATH, else data/memory.db)",
    )


def add_scope_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--scope S``."""
    parser.add_argument(
        "--scope",
        default="owner",
        metavar="S",
        help="memory scope: 'owner' or 'chat:<id>' (default: owner)",
    )


def add_store_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--db`` and ``--scope``."""
    add_db_option(parser)
    add_scope_option(parser)
