"""Options and errors shared by every ``memory-bot`` subcommand (``--db``, ``--scope``)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from bot.settings import DEFAULT_DATABASE_PATH

__all__ = [
    "DEFAULT_DB",
    "CliError",
    "add_db_option",
    "add_scope_option",
    "add_store_options",
    "default_db",
    "resolve_db",
]

DEFAULT_DB = DEFAULT_DATABASE_PATH


class CliError(Exception):
    """A problem with the command's input, reported as one line with exit status 2."""


def default_db() -> Path:
    """Return ``$DATABASE_PATH``, else ``data/memory.db``."""
    return Path(os.environ.get("DATABASE_PATH") or DEFAULT_DB)


def resolve_db(args: argparse.Namespace) -> Path:
    """Return ``--db``, else ``$DATABASE_PATH``, else ``data/memory.db``."""
    return args.db if getattr(args, "db", None) is not None else default_db()


def add_db_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--db PATH``."""
    parser.add_argument(
        "--db",
        type=Path,
        default=None,
        metavar="PATH",
        help="SQLite database file (default: $DATABASE_PATH, else data/memory.db)",
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
