"""The ``memory-bot`` command line: one module per subcommand, imported only when it runs."""

from bot.cli.main import build_parser, main, run_parsed
from bot.cli.options import CliError

__all__ = ["CliError", "build_parser", "main", "run_parsed"]
