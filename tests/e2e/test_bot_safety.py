"""End to end, faults and hostile input: 429, 502, long and HTML-like text, secrets, logs."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bot.ops.redaction import TokenRedactor, configure_logging
from memory_core import Entity
from memory_core.scope import Scope
from tests.e2e import updates
from tests.e2e.fake_bot_api import FakeBotApi
from tests.e2e.harness import OWNER, TOKEN, RunningBot, running_bot

pytestmark = pytest.mark.e2e

TOO_MANY_REQUESTS = {
    "ok": False,
    "error_code": 429,
    "description": "Too Many Requests: retry after 1",
    "parameters": {"retry_after": 1},
}
SECRET = "Tr0ub4dor&3xyz"


class Capture(logging.Handler):
    """Keeps every formatted record, at DEBUG."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def logs() -> Iterator[Capture]:
    """Logging as ``memory-bot run`` sets it up, at DEBUG, with every record captured.

    httpx is turned back up to DEBUG after set-up, so URLs holding the token really are
    logged and the redacting filter has work to do.
    """
    root = logging.getLogger()
    capture = Capture()
    saved = {
        n: logging.getLogger(n).level for n in ("", "httpx", "httpcore", "telegram", "aiosqlite")
    }
    root.addHandler(capture)
    configure_logging("DEBUG", [TOKEN])
    logging.getLogger("httpx").setLevel(logging.DEBUG)
    try:
        yield capture
    finally:
        root.removeHandler(capture)
        for name, level in saved.items():
            logging.getLogger(name).setLevel(level)
        for handler in root.handlers:
            for f in [f for f in handler.filters if isinstance(f, TokenRedactor)]:
                handler.removeFilter(f)


def assert_valid_html(text: str) -> None:
    stack: list[str] = []

    class Checker(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            assert tag in {"b", "i", "s", "code"}, f"unexpected <{tag}>"
            stack.append(tag)

        def handle_endtag(self, tag: str) -> None:
            assert stack.pop() == tag

    Checker().feed(text)
    assert not stack


async def test_429_on_send_message_is_retried(bot: RunningBot) -> None:
    """The rate limiter waits out retry_after and sends the same reply again."""
    bot.api.fail_next("sendMessage", 429, TOO_MANY_REQUESTS)
    reply = await bot.say("remember a=b")
    attempts = bot.api.calls("sendMessage")
    assert [c.status for c in attempts] == [429, 200]
    assert attempts[0].params["text"] == reply
    assert (await bot.scoped(Scope.owner()).stats()).observations == 1


async def test_502_on_get_updates_is_survived(fake_api: FakeBotApi, tmp_path: Path) -> None:
    fake_api.fail_next("getUpdates", 502, "<html>502 Bad Gateway</html>")
    async with running_bot(fake_api, tmp_path / "m.db") as bot:
        reply = await bot.say("remember a=b")
    assert reply.startswith("✅")
    statuses = [c.status for c in fake_api.calls("getUpdates")]
    assert statuses[0] == 502
    assert 200 in statuses[1:]


async def test_a_5000_character_message(bot: RunningBot) -> None:
    """Over-long input is refused for storage and still answered; nothing breaks."""
    long_text = ("слово " * 900)[:5000]
    refused = await bot.say("запомни " + long_text, language_code="ru")
    assert refused.startswith("Не сохранил: одна запись — не больше 500 символов")
    answer = await bot.say(long_text, language_code="ru")
    assert answer.startswith("🔎 Запрос:")
    assert len(answer) < 4096
    assert (await bot.scoped(Scope.owner()).stats()).observations == 0


async def test_a_long_reply_is_split_under_4096(bot: RunningBot) -> None:
    lines = tuple(
        f"fact: item{n}="
        + " ".join(hashlib.sha256(f"{n}/{k}".encode()).hexdigest()[:9] for k in range(50))
        for n in range(12)
    )
    await bot.scoped(Scope.owner()).create_entities([Entity("Project:Atlas", "Project", lines)])
    replies = await bot.push(
        updates.private_message("what about Project Atlas?", user_id=OWNER), replies=2
    )
    texts = [str(c.params["text"]) for c in replies]
    assert all(len(t) < 4096 for t in texts)
    for text in texts:
        assert_valid_html(text)
    joined = "\n".join(texts)
    assert joined.count("• fact: item") == 12


async def test_html_looking_text_is_echoed_safely(bot: RunningBot) -> None:
    hostile = '<b>bold</b> <a href="tg://x">link</a> & <script>alert(1)</script>'
    reply = await bot.say(f"remember Person:<Eve>: note={hostile}")
    assert "&lt;Eve&gt;" in reply
    assert "&lt;script&gt;" in reply
    assert "&amp;" in reply
    assert_valid_html(reply)
    answer = await bot.say(hostile)
    assert_valid_html(answer)


async def test_a_secret_is_refused_and_never_echoed_or_logged(
    bot: RunningBot, logs: Capture
) -> None:
    reply = await bot.say(f"remember wifi password: {SECRET}")
    assert reply == "🔒 Not saved: this looks like a password. Secrets are never stored."
    assert (await bot.scoped(Scope.owner()).stats()).observations == 0
    texts = " ".join(str(c.params.get("text")) for c in bot.api.calls())
    assert texts.count(SECRET) == 0
    assert SECRET not in "\n".join(logs.lines)


async def test_the_token_never_reaches_a_log_line(
    fake_api: FakeBotApi, tmp_path: Path, logs: Capture
) -> None:
    fake_api.fail_next("getUpdates", 502, "<html>502 Bad Gateway</html>")
    async with running_bot(fake_api, tmp_path / "m.db") as bot:
        await bot.say("remember a=b")
    text = "\n".join(logs.lines)
    assert "getUpdates" in text, "httpx request lines were captured"
    assert "bot[REDACTED]" in text, "and the filter did redact them"
    assert TOKEN not in text
    assert TOKEN.split(":")[1] not in text


async def test_the_error_handler_logs_id_and_type_only(bot: RunningBot, logs: Capture) -> None:
    """A failing reply is logged as update id + error type (no text) and apologised for."""
    bad = {"ok": False, "error_code": 400, "description": "Bad Request: can't parse entities"}
    bot.api.fail_next("sendMessage", 400, bad)
    raw = updates.private_message("remember private=thing", user_id=OWNER)
    [apology] = await bot.push(raw)
    assert apology.params["text"] == "Sorry, something went wrong with this message."
    [line] = [ln for ln in logs.lines if "failed: " in ln]
    assert f"update {raw['update_id']} failed: BadRequest" in line
    assert "private=thing" not in line
