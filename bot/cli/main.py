"""The ``memory-bot`` entry point: parse arguments, run one subcommand, map errors to exit codes.

Only the chosen subcommand's module is imported (see :mod:`bot.cli.parsers`).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import os
import sys
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from bot.cli.options import CliError
from bot.cli.parsers import build_parser
from memory_core import MemoryCoreError

__all__ = ["build_parser", "main", "runner"]

Command = Callable[[argparse.Namespace], Coroutine[Any, Any, int]]


def runner(args: argparse.Namespace) -> Command:
    """Import the module of the parsed subcommand and return its coroutine function."""
    module, _, name = str(args.run).partition(":")
    command: Command = getattr(importlib.import_module(f"bot.cli.{module}"), name)
    return command


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return asyncio.run(runner(args)(args))
    except CliError as exc:
        print(f"memory-bot: error: {exc}", file=sys.stderr)
        return 2
    except MemoryCoreError as exc:
        print(f"memory-bot: error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # the reader went away (e.g. `| head`): stop quietly, as Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        print("memory-bot: interrupted", file=sys.stderr)
        return 130
