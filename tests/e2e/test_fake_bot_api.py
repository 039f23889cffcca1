"""End-to-end smoke tests: a real PTB Application polls the fake Bot API and answers."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest
from telegram import Update
from telegram.error import TelegramError, TimedOut
from telegram.ext import AIORateLimiter, Application, ContextTypes, MessageHandler, filters

from tests.e2e import updates
from tests.e2e.fake_bot_api import FakeBotApi

pytestmark = pytest.mark.e2e

TOKEN = "123456:TEST-" + "x" * 30
USER_ID = 4242

TOO_MANY_REQUESTS = {
    "ok": False,
    "error_code": 429,
    "description": "Too Many Requests: retry after 1",
    "parameters": {"retry_after": 1},
}


async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.effective_message is not None
    await update.effective_message.reply_text(f"echo: {update.effective_message.text}")


AnyApplication = Application[Any, Any, Any, Any, Any, Any]


def build_app(fake_api: FakeBotApi, *, rate_limiter: bool = False) -> AnyApplication:
    builder = Application.builder().token(TOKEN).base_url(fake_api.base_url)
    app: AnyApplication = (
        builder.rate_limiter(AIORateLimiter(max_retries=1)).build()
        if rate_limiter
        else builder.build()
    )
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, echo))
    return app


@asynccontextmanager
async def polling(
    app: AnyApplication, error_callback: Callable[[TelegramError], None] | None = None
) -> AsyncIterator[AnyApplication]:
    async with app:
        await app.start()
        assert app.updater is not None
        await app.updater.start_polling(poll_interval=0, error_callback=error_callback)
        try:
            yield app
        finally:
            await app.updater.stop()
            await app.stop()


async def test_application_echoes_through_fake_api(fake_api: FakeBotApi) -> None:
    """A pushed private message reaches the handler, and its reply reaches sendMessage."""
    async with polling(build_app(fake_api)):
        fake_api.push_update(updates.private_message("привет", user_id=USER_ID))
        [call] = await fake_api.wait_for("sendMessage")

    assert call.params["chat_id"] == USER_ID
    assert fake_api.sent_texts(chat_id=USER_ID) == ["echo: привет"]
    assert fake_api.calls("getMe"), "Application.initialize must call getMe"
    assert fake_api.calls("deleteWebhook"), "start_polling must delete the webhook first"


async def test_numeric_text_stays_a_string(fake_api: FakeBotApi) -> None:
    """Form values are JSON-decoded, except text fields: a text of digits stays a string."""
    async with polling(build_app(fake_api)):
        fake_api.push_update(updates.private_message("12345", user_id=USER_ID))
        await fake_api.wait_for("sendMessage")

    assert fake_api.sent_texts() == ["echo: 12345"]


async def test_confirmed_updates_are_not_delivered_twice(fake_api: FakeBotApi) -> None:
    """getUpdates honours the offset: each update is handled exactly once."""
    async with polling(build_app(fake_api)):
        for text in ("one", "two", "three"):
            fake_api.push_update(updates.private_message(text, user_id=USER_ID))
        await fake_api.wait_for("sendMessage", count=3)
        await asyncio.sleep(0.2)  # give a duplicate delivery the chance to show up

    assert fake_api.sent_texts() == ["echo: one", "echo: two", "echo: three"]


async def test_429_on_send_message_is_retried_by_rate_limiter(fake_api: FakeBotApi) -> None:
    """With AIORateLimiter(max_retries=1), a 429 with retry_after is waited out and retried."""
    fake_api.fail_next("sendMessage", 429, TOO_MANY_REQUESTS)
    async with polling(build_app(fake_api, rate_limiter=True)):
        fake_api.push_update(updates.private_message("retry me", user_id=USER_ID))
        await fake_api.wait_for("sendMessage", timeout=10)

    attempts = fake_api.calls("sendMessage")
    assert [c.status for c in attempts] == [429, 200]
    assert attempts[0].params["text"] == attempts[1].params["text"] == "echo: retry me"
    assert fake_api.sent_texts() == ["echo: retry me"]


async def test_502_on_get_updates_does_not_stop_polling(fake_api: FakeBotApi) -> None:
    """A Bad Gateway on getUpdates is reported to the error callback and polling goes on."""
    errors: list[TelegramError] = []
    fake_api.fail_next("getUpdates", 502, "<html>502 Bad Gateway</html>")
    async with polling(build_app(fake_api), error_callback=errors.append):
        fake_api.push_update(updates.private_message("still here", user_id=USER_ID))
        await fake_api.wait_for("sendMessage", timeout=10)

    statuses = [c.status for c in fake_api.calls("getUpdates")]
    assert statuses[0] == 502
    assert 200 in statuses[1:]
    assert len(errors) == 1
    assert "502" in str(errors[0])
    assert fake_api.sent_texts() == ["echo: still here"]


async def test_send_document_records_file_name_and_bytes(fake_api: FakeBotApi) -> None:
    """Multipart uploads are decoded: the fake keeps the file name and the exact bytes."""
    app = build_app(fake_api)
    async with app:
        message = await app.bot.send_document(
            chat_id=USER_ID, document=b'{"type":"entity"}\n', filename="memory.jsonl", caption="1"
        )

    [call] = fake_api.calls("sendDocument")
    assert call.params["chat_id"] == USER_ID
    assert call.params["caption"] == "1"
    assert call.params["document"].filename == "memory.jsonl"
    assert call.params["document"].content == b'{"type":"entity"}\n'
    assert message.document is not None
    assert message.document.file_name == "memory.jsonl"


async def test_unknown_methods_answer_true_and_json_bodies_are_read(fake_api: FakeBotApi) -> None:
    """Any method without a handler answers true; application/json bodies are recorded."""
    async with httpx.AsyncClient() as client:
        response = await client.post(
            f"{fake_api.base_url}{TOKEN}/setMyCommands",
            json={"commands": [{"command": "help", "description": "Help"}]},
        )

    assert response.json() == {"ok": True, "result": True}
    [call] = fake_api.calls("setMyCommands")
    assert call.params["commands"] == [{"command": "help", "description": "Help"}]


async def test_wait_for_times_out_with_a_clear_error(fake_api: FakeBotApi) -> None:
    """wait_for fails the test instead of hanging when the call never comes."""
    with pytest.raises(AssertionError, match="sendMessage"):
        await fake_api.wait_for("sendMessage", timeout=0.1)


async def test_delayed_answer_surfaces_as_timed_out(fake_api: FakeBotApi) -> None:
    """delay_next makes the next call slow, so a short read timeout raises TimedOut."""
    app = build_app(fake_api)
    async with app:
        fake_api.delay_next("sendMessage", 0.5)
        with pytest.raises(TimedOut):
            await app.bot.send_message(chat_id=USER_ID, text="slow", read_timeout=0.1)
        message = await app.bot.send_message(chat_id=USER_ID, text="fast")

        # Like Telegram, the server still completes the request the client gave up on.
        await fake_api.wait_for("sendMessage", count=2)

    assert message.text == "fast"
    assert fake_api.sent_texts() == ["fast", "slow"]
