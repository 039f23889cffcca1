"""Logging set-up that keeps the bot token, and what users write, out of every log line.

httpx logs request URLs, and Bot API URLs hold the token (``/bot<token>/getMe``). So the
httpx and httpcore loggers are kept at WARNING, and a :class:`TokenRedactor` filter on every
root handler replaces the token, and anything shaped like ``bot<digits>:<secret>``, in the
message, its arguments and any traceback, before a record is written.

PTB logs whole updates and request parameters at DEBUG, and aiosqlite logs SQL parameters
at DEBUG: both would put message text (and a refused secret) in the log. They are kept at
INFO even when ``LOG_LEVEL=DEBUG``.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable

__all__ = ["REDACTED", "TokenRedactor", "configure_logging", "redact"]

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
    for handler in root.handlers:
        handler.addFilter(redactor)
    return redactor
