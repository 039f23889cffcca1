"""The ``memory-bot doctor`` subcommand: one OK / WARN / FAIL line per health check."""

from __future__ import annotations

import argparse
import os

__all__ = ["cmd_doctor"]


async def cmd_doctor(args: argparse.Namespace) -> int:
    """Print every check; exit status 1 when any failed."""
    os.environ.setdefault("PTB_TIMEDELTA", "1")
    from bot.ops.doctor import run_checks  # noqa: PLC0415 - telegram after PTB_TIMEDELTA

    checks = await run_checks(args.db)
    for check in checks:
        print(check.line())
    return 1 if any(c.status == "FAIL" for c in checks) else 0
