"""The ``memory-bot doctor`` subcommand: one OK / WARN / FAIL line per health check."""

from __future__ import annotations

import argparse
import os

from bot.ops.doctor import run_checks
from bot.settings import Settings

__all__ = ["cmd_doctor"]


async def cmd_doctor(args: argparse.Namespace, settings: Settings) -> int:
    """Print every check; exit status 1 when any failed.

    Invalid settings are one of the checks (``args.settings_error``), not a stop.
    """
    os.environ.setdefault("PTB_TIMEDELTA", "1")  # PTB reads it per call

    checks = await run_checks(settings, getattr(args, "settings_error", None))
    for check in checks:
        print(check.line())
    return 1 if any(c.status == "FAIL" for c in checks) else 0
