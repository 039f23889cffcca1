"""Entry point for ``python -m bot``: the same as the ``memory-bot`` command."""

import sys

from bot.cli import main

sys.exit(main())
