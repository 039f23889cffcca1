"""The composition root: what build_application wires, and serve's start-up checks."""

from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path
from typing import Any

import pytest
from telegram.ext import AIORateLimiter, InlineQueryHandler

from bot.settings import Settings, SettingsError, load_settings
from bot.telegram.app import (
    ALLOWED_UPDATES,
    build_application,
    rate_limiter,
    recall_options,
    serve,
)
from memory_core import Memory

TOKEN = "123456:" + "A" * 35


def settings(**overrides: Any) -> Settings:
    values: dict[str, Any] = {"telegram_bot_token": TOKEN, "owner_user_id": 42, **overrides}
    return load_settings(_env_file=None, **values)


def test_the_application_is_wired_as_the_issue_asks(tmp_path: Path) -> None:
    app = build_application(
        settings(
            telegram_base_url="http://127.0.0.1:9/bot",
            telegram_base_file_url="http://127.0.0.1:9/file/bot",
        ),
        Memory(tmp_path / "m.db"),
    )
    bot: Any = app.bot
    assert bot.base_url == f"http://127.0.0.1:9/bot{TOKEN}"
    assert bot.base_file_url == f"http://127.0.0.1:9/file/bot{TOKEN}"
    assert isinstance(bot.rate_limiter, AIORateLimiter)
    assert bot.defaults.parse_mode == "HTML"
    assert bot.defaults.link_preview_options.is_disabled is True
    handlers = [h for group in app.handlers.values() for h in group]
    assert not any(isinstance(h, InlineQueryHandler) for h in handlers)
    assert app.error_handlers, "an error handler is registered"
    assert ALLOWED_UPDATES == ("message", "edited_message", "callback_query")


def test_recall_settings_reach_the_recall_loop() -> None:
    options = recall_options(
        settings(recall_max_nodes=2, recall_max_observations=5, memory_fabric_dedup_threshold=0.9)
    )
    assert (options.max_nodes, options.max_observations) == (2, 5)
    assert options.weights.dedup_threshold == 0.9


def test_rate_limits_can_be_turned_off_but_429_is_still_retried() -> None:
    paced: Any = rate_limiter(settings())
    assert paced._base_limiter is not None
    assert paced._group_max_rate > 0
    unpaced: Any = rate_limiter(settings(telegram_rate_limits="OFF"))
    assert unpaced._base_limiter is None
    assert unpaced._group_max_rate == 0
    assert unpaced._max_retries == paced._max_retries > 0


def test_no_token_no_application(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match=r"^TELEGRAM_BOT_TOKEN: "):
        build_application(settings(telegram_bot_token=None), Memory(tmp_path / "m.db"))


async def test_webhook_mode_without_the_extra_stops_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An install without tornado (PTB's webhook server) says so instead of crashing later."""
    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *args: None if name == "tornado" else real_find_spec(name, *args),
    )
    conf = settings(webhook_url="https://bot.example/hook", webhook_secret="s3cret-token")
    app = build_application(conf, Memory(tmp_path / "m.db"))
    with pytest.raises(SettingsError, match=r"^WEBHOOK_URL: .*webhooks"):
        await serve(app, conf, asyncio.Event())
