"""The ``memory-bot doctor`` subcommand: one OK / WARN / FAIL line per health check."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

__all__ = ["add_doctor_parser", "cmd_doctor"]


async def cmd_doctor(args: argparse.Namespace) -> int:
    """Print every check; exit status 1 when any failed."""
    os.environ.setdefault("PTB_TIMEDELTA", "1")
    from bot.ops.doctor import run_checks  # noqa: PLC0415 - telegram after PTB_TIMEDELTA

    checks = await run_checks(args.db)
    for check in checks:
        print(check.line())
    return 1 if any(c.status == "FAIL" for c in checks) else 0


def add_doctor_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``doctor`` on the CLI's subparsers."""
    p = sub.add_parser(
        "doctor",
        help="check settings, the database, backups and the Bot API (OK / WARN / FAIL)",
        description="Check the settings, the database (integrity, search indexes, schema "
        "version), the backups and, with a token, the Bot API (getMe; inline mode, business "
        "mode and group privacy). Exit status 1 when a check fails.",
    )
    p.add_argument(
        "--db",
        type=Path,
        default=None,
        metavar="PATH",
        help="SQLite database file (default: DATABASE_PATH)",
    )
    p.set_defaults(func=cmd_doctor)
