"""The ``memory-bot`` entry point: the command line's composition root.

It parses the arguments, builds the one :class:`~bot.settings.Settings` of the run (the
environment and ``.env``, with ``--db`` on top), runs the chosen subcommand with it, and maps
every failure to one line on stderr and an exit status. Only the chosen subcommand's module is
imported (see :mod:`bot.cli.parsers`).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import os
import sys
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from bot.cli.options import CliError, settings_overrides
from bot.cli.parsers import build_parser
from bot.settings import Settings, SettingsError, database_path_setting, load_settings
from memory_core import MemoryCoreError

__all__ = ["Command", "build_parser", "main", "run_parsed", "runner", "settings_for"]

Command = Callable[[argparse.Namespace, Settings], Coroutine[Any, Any, int]]


def runner(args: argparse.Namespace) -> Command:
    """Import the module of the parsed subcommand and return its coroutine function."""
    module, _, name = str(args.run).partition(":")
    command: Command = getattr(importlib.import_module(f"bot.cli.{module}"), name)
    return command


def settings_for(args: argparse.Namespace) -> Settings:
    """Build the run's settings: the environment and ``.env``, overridden by the flags.

    A command that reports on the settings itself (``doctor``) gets the defaults with the
    database path when they are invalid, and the error in ``args.settings_error``.

    Raises:
        SettingsError: a setting is invalid (one line naming it).
    """
    overrides = settings_overrides(args)
    try:
        return load_settings(**overrides)
    except SettingsError as exc:
        if not getattr(args, "lenient_settings", False):
            raise
        args.settings_error = str(exc)
        return Settings.model_construct(database_path=database_path_setting(**overrides))


def _fail(message: str, status: int) -> int:
    print(f"memory-bot: error: {message}", file=sys.stderr)
    return status


def _os_reason(exc: OSError) -> str:
    reason = exc.strerror or type(exc).__name__
    return f"{exc.filename}: {reason}" if exc.filename else reason


def run_parsed(args: argparse.Namespace) -> int:
    """Run parsed arguments with the run's settings; return the exit status."""
    try:
        settings = settings_for(args)
        return asyncio.run(runner(args)(args, settings))
    except SettingsError as exc:
        return _fail(str(exc), 2)
    except CliError as exc:
        return _fail(str(exc), exc.status)
    except MemoryCoreError as exc:
        return _fail(str(exc), 1)
    except BrokenPipeError:
        # the reader went away (e.g. `| head`): stop quietly, as Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except OSError as exc:  # a file or folder problem no command foresaw: still one line
        return _fail(_os_reason(exc), 1)
    except KeyboardInterrupt:
        print("memory-bot: interrupted", file=sys.stderr)
        return 130


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    return run_parsed(build_parser().parse_args(argv))
