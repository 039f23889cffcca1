"""The ``memory-bot`` command line: one module per subcommand, imported only when it runs."""

from bot.cli.main import build_parser, main
from bot.cli.options import CliError, resolve_db

__all__ = ["CliError", "build_parser", "main", "resolve_db"]
