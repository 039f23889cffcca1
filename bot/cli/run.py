"""The ``memory-bot run`` subcommand: start the Telegram bot (polling, or a webhook).

Start-up, in order: check that the settings hold a token and the owner's id; take the
database's instance lock (one bot per database); open the database once to run pending
migrations (a database from a newer version, or one that cannot be written, stops here,
before Telegram is contacted); then serve until SIGINT or SIGTERM, which finish the update in
hand and close the database. Every failure is one line.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal

from telegram.error import TelegramError

from bot.cli.options import CliError, database_label, open_memory
from bot.ops.instance_lock import InstanceLock, InstanceLockedError
from bot.ops.redaction import configure_logging, redact
from bot.settings import Settings, SettingsError
from bot.telegram.app import PollingConflictError, build_application, serve, start_failure
from memory_core import Memory, storage_error

__all__ = ["cmd_run"]


async def cmd_run(args: argparse.Namespace, settings: Settings) -> int:
    """Set up logging, build the bot and serve until SIGINT or SIGTERM."""
    # PTB 22 warns on every RetryAfter unless it may use timedelta durations (read per call).
    os.environ.setdefault("PTB_TIMEDELTA", "1")
    secret: list[str] = []
    db = settings.database_path
    try:
        app = build_application(settings, Memory(db))  # checks the token and the owner
        token = settings.telegram_bot_token
        secret = [s.get_secret_value() for s in (token, settings.llm_api_key) if s is not None]
        configure_logging(settings.log_level, secret)
        try:
            lock = InstanceLock(db)
            lock.acquire()
        except OSError as exc:
            problem = storage_error(exc, db, "cannot create database")
            raise CliError(f"{problem} ({database_label(args, settings)})", status=1) from None
        try:
            async with open_memory(args, settings):
                pass  # migrations run now; a newer database is refused before Telegram
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(sig, stop.set)
            await serve(app, settings, stop)
        finally:
            lock.release()
    except SettingsError as exc:
        raise CliError(str(exc)) from None
    except InstanceLockedError as exc:
        raise CliError(str(exc)) from None
    except PollingConflictError as exc:
        raise CliError(str(exc)) from None
    except TelegramError as exc:  # a rejected token, a wrong URL, no network at start-up
        raise CliError(redact(start_failure(exc, settings), secret)) from None
    return 0
