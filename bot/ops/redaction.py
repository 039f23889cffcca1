"""Logging set-up that keeps the bot token, and what users write, out of every log line.

httpx logs request URLs, and Bot API URLs hold the token (``/bot<token>/getMe``). So the
httpx and httpcore loggers are kept at WARNING, and a :class:`TokenRedactor` filter on every
root handler replaces the token, and anything shaped like ``bot<digits>:<secret>``, in the
message, its arguments and any traceback, before a record is written.

PTB logs whole updates and request parameters at DEBUG, and aiosqlite logs SQL parameters
at DEBUG: both would put message text (and a refused secret) in the log. They are kept at
INFO even when ``LOG_LEVEL=DEBUG``.

Every failure is one log line: below DEBUG, :class:`OneLine` folds a record's traceback into
``(ErrorType: first line)`` and joins a message's lines (PTB logs whole tracebacks and server
pages for a network hiccup or a conflict). ``LOG_LEVEL=DEBUG`` keeps the tracebacks.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable

__all__ = ["REDACTED", "OneLine", "TokenRedactor", "configure_logging", "redact"]

REDACTED = "[REDACTED]"
_TOKEN_SHAPE_RE = re.compile(r"bot\d+:[A-Za-z0-9_-]+")
_BARE_TOKEN_RE = re.compile(r"(?<![\w:])\d{5,}:[A-Za-z0-9_-]{30,}")
_QUIET_LOGGERS = ("httpx", "httpcore")
_NO_DEBUG_LOGGERS = ("telegram", "aiosqlite")


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """Replace the given secrets and anything token-shaped in ``text``."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, REDACTED)
    text = _TOKEN_SHAPE_RE.sub("bot" + REDACTED, text)
    return _BARE_TOKEN_RE.sub(REDACTED, text)


class TokenRedactor(logging.Filter):
    """Rewrite each record so that no secret survives in its text or traceback."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = tuple(s for s in secrets if s)

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact the record in place; always let it through."""
        try:
            message = record.getMessage()
        except (TypeError, ValueError):
            message = str(record.msg)
        record.msg = redact(message, self.secrets)
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text, self.secrets)
        if record.stack_info:
            record.stack_info = redact(record.stack_info, self.secrets)
        return True


class OneLine(logging.Filter):
    """Make each record one line: no traceback, no line breaks, at most ``limit`` characters."""

    def __init__(self, limit: int = 400) -> None:
        super().__init__()
        self.limit = limit

    def filter(self, record: logging.LogRecord) -> bool:
        """Fold the record in place; always let it through."""
        try:
            message = record.getMessage()
        except (TypeError, ValueError):
            message = str(record.msg)
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            first = next(iter(str(error).splitlines()), "")
            name = type(error).__name__
            message += f" ({name}: {first})" if first else f" ({name})"
        text = " ".join(message.split())
        if len(text) > self.limit:
            text = text[: self.limit - 1] + "…"
        record.msg, record.args = text, None
        record.exc_info = record.exc_text = record.stack_info = None
        return True


def configure_logging(level: str, secrets: Iterable[str] = ()) -> TokenRedactor:
    """Set up root logging at ``level`` with the redacting filter on every root handler.

    Returns:
        The filter (tests remove it again).
    """
    root = logging.getLogger()
    if not root.handlers:
        logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    root.setLevel(level)
    for name in _QUIET_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)
    for name in _NO_DEBUG_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.INFO, root.level))
    redactor = TokenRedactor(secrets)
    one_line = OneLine() if root.level > logging.DEBUG else None
    for handler in root.handlers:
        if one_line is not None:
            handler.addFilter(one_line)  # first: a folded traceback is redacted too
        handler.addFilter(redactor)
    return redactor
