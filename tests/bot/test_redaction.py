"""The token never reaches a log line: the redacting filter on the root handlers."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from bot.ops.redaction import REDACTED, OneLine, TokenRedactor, configure_logging, redact

TOKEN = "123456789:AAEhBP0av28Rjr9d3-BSZV9SvUYYNj71BBM"


class Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def capture() -> Iterator[Capture]:
    root = logging.getLogger()
    handler = Capture()
    old_level = root.level
    root.addHandler(handler)
    levels = {
        n: logging.getLogger(n).level for n in ("httpx", "httpcore", "telegram", "aiosqlite")
    }
    try:
        yield handler
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)
        for h in root.handlers:
            for f in [f for f in h.filters if isinstance(f, TokenRedactor | OneLine)]:
                h.removeFilter(f)


def test_redact_removes_the_token_and_token_shaped_text() -> None:
    text = f"POST https://api.telegram.org/bot{TOKEN}/getMe and bot42:abc_DEF-1 and {TOKEN}"
    out = redact(text, [TOKEN])
    assert TOKEN not in out
    assert "bot42:abc_DEF-1" not in out
    assert out.count(REDACTED) == 3


def test_every_root_handler_redacts_messages_args_and_tracebacks(capture: Capture) -> None:
    configure_logging("DEBUG", [TOKEN])
    log = logging.getLogger("some.module")
    log.info("calling %s", f"https://x/bot{TOKEN}/getUpdates")
    log.debug("bare token %s in args", TOKEN)
    try:
        raise RuntimeError(f"failed at /bot{TOKEN}/sendMessage")
    except RuntimeError:
        log.exception("boom")
    text = "\n".join(capture.lines)
    assert len(capture.lines) == 3
    assert TOKEN not in text
    assert TOKEN.split(":")[1] not in text
    assert "RuntimeError" in text, "the traceback is kept, only redacted"


def test_httpx_is_kept_at_warning(capture: Capture) -> None:
    configure_logging("DEBUG", [TOKEN])
    logging.getLogger("httpx").info("HTTP Request: POST https://x/bot%s/getMe", TOKEN)
    assert capture.lines == []


def test_payload_loggers_never_log_at_debug(capture: Capture) -> None:
    """PTB and aiosqlite DEBUG lines carry message text; they stay off even at DEBUG."""
    configure_logging("DEBUG", [TOKEN])
    logging.getLogger("telegram.ext.Application").debug("Processing update %s", "secret text")
    logging.getLogger("aiosqlite").debug("executing %s", "secret text")
    logging.getLogger("telegram.ext.Application").info("Application started")
    assert [line for line in capture.lines if "secret text" in line] == []
    assert capture.lines == ["Application started"]


def test_a_traceback_becomes_one_line_below_debug(capture: Capture) -> None:
    """Below DEBUG a logged exception is one line naming its type; DEBUG keeps it whole."""
    configure_logging("INFO", [TOKEN])
    log = logging.getLogger("telegram.ext.Updater")
    try:
        raise ValueError(f"bad answer\nfrom bot{TOKEN}/getMe")
    except ValueError:
        log.exception("Error while polling:\n  page follows")
    [line] = capture.lines
    assert "\n" not in line
    assert line.endswith("Error while polling: page follows (ValueError: bad answer)")
    assert "Traceback" not in line
    assert TOKEN not in line


def test_debug_keeps_tracebacks(capture: Capture) -> None:
    configure_logging("DEBUG", [TOKEN])
    try:
        raise ValueError("deep")
    except ValueError:
        logging.getLogger("bot.x").exception("failed")
    assert "Traceback" in capture.lines[0]
