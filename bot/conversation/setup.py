"""What every use case of the conversation may read: recall options, limits, clock, model."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.conversation.answering import Answerer
from bot.conversation.expansion import Expander
from bot.conversation.index import KbSetup
from memory_core.recall import RecallOptions

__all__ = ["MAX_FACT_CHARS", "Setup"]

MAX_FACT_CHARS = 500
"""The longest text one "remember" may store."""


def _today() -> dt.date:
    return dt.datetime.now(tz=dt.UTC).date()


@dataclass(frozen=True, slots=True)
class Setup:
    """The conversation's settings: fixed for the process, shared by every chat."""

    recall_options: RecallOptions = field(default_factory=RecallOptions)
    max_fact_chars: int = MAX_FACT_CHARS
    today: Callable[[], dt.date] = _today
    answerer: Answerer | None = None
    proposals: bool = True
    kb: KbSetup | None = None
    expander: Expander | None = None
    """A model asked for search terms when a question's own words recall nothing."""
