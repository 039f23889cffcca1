"""The ``memory-bot run`` subcommand: start the Telegram bot (polling, or a webhook).

Start-up, in order: read the settings; take the database's instance lock (one bot per
database); open the database once to run pending migrations (a database from a newer
version stops here, before Telegram is contacted); then serve until SIGINT or SIGTERM,
which finish the update in hand and close the database. Every failure is one line.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal

from telegram.error import TelegramError

from bot.cli.options import CliError
from bot.ops.instance_lock import InstanceLock, InstanceLockedError
from bot.ops.redaction import configure_logging, redact
from bot.settings import SettingsError, load_settings
from bot.telegram.app import PollingConflictError, build_application, serve
from memory_core import Memory

__all__ = ["cmd_run"]


async def cmd_run(args: argparse.Namespace) -> int:
    """Read the settings, set up logging, build the bot and serve until SIGINT or SIGTERM."""
    # PTB 22 warns on every RetryAfter unless it may use timedelta durations (read per call).
    os.environ.setdefault("PTB_TIMEDELTA", "1")
    secret: list[str] = []
    try:
        overrides = {"database_path": args.db} if args.db is not None else {}
        settings = load_settings(**overrides)
        app = build_application(settings, Memory(settings.database_path))  # checks the token
        token = settings.telegram_bot_token
        secret = [s.get_secret_value() for s in (token, settings.llm_api_key) if s is not None]
        configure_logging(settings.log_level, secret)
        with InstanceLock(settings.database_path):
            async with Memory(settings.database_path):
                pass  # migrations run now; a newer database is refused before Telegram
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(sig, stop.set)
            await serve(app, settings, stop)
    except SettingsError as exc:
        raise CliError(str(exc)) from None
    except InstanceLockedError as exc:
        raise CliError(str(exc)) from None
    except PollingConflictError as exc:
        raise CliError(str(exc)) from None
    except TelegramError as exc:  # e.g. a rejected token or no network at start-up
        reason = redact(str(exc), secret)
        raise CliError(f"cannot start the bot: {type(exc).__name__}: {reason}") from None
    return 0
