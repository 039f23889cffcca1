"""Run the real bot (build_application + serve) against the fake Bot API, and talk to it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.settings import Settings, load_settings
from bot.telegram.app import build_application, serve
from memory_core import Memory, ScopedMemory
from memory_core.scope import Scope
from tests.e2e import updates
from tests.e2e.fake_bot_api import Call, FakeBotApi

__all__ = [
    "ISOLATED_GROUP",
    "OPEN_GROUP",
    "OWNER",
    "STRANGER",
    "TOKEN",
    "RunningBot",
    "running_bot",
]

TOKEN = "987654321:AAH" + "x7Q_" * 8
OWNER = 5_000_001
STRANGER = 7_000_002
ISOLATED_GROUP = -1_001_234_567_890
OPEN_GROUP = -1_009_999_999_999


@dataclass
class RunningBot:
    """A running bot and the fake API it talks to."""

    api: FakeBotApi
    memory: Memory
    settings: Settings

    def scoped(self, scope: Scope) -> ScopedMemory:
        return self.memory.scoped(scope)

    def sent(self) -> list[Call]:
        return [c for c in self.api.calls("sendMessage") if c.ok]

    async def push(self, raw: dict[str, Any], *, replies: int = 1) -> list[Call]:
        """Push an update and wait for ``replies`` more successful sendMessage calls."""
        before = len(self.sent())
        self.api.push_update(raw)
        if replies == 0:
            return []
        calls = await self.api.wait_for("sendMessage", count=before + replies)
        return calls[before:]

    async def say(
        self, text: str, *, user_id: int = OWNER, language_code: str = "en", **extra: Any
    ) -> str:
        """Send a private message and return the text of the one reply."""
        [call] = await self.push(
            updates.private_message(text, user_id=user_id, language_code=language_code, **extra)
        )
        return str(call.params["text"])

    async def settle(self) -> None:
        """Wait until every update pushed so far has been handled.

        Updates are handled one at a time, in order: when an owner's /start gets its answer,
        everything before it has been handled too (including anything that answers nothing).
        """
        await self.push(updates.private_message("/start", user_id=OWNER))


@asynccontextmanager
async def running_bot(api: FakeBotApi, db: Path, **overrides: Any) -> AsyncIterator[RunningBot]:
    """Build the bot exactly as ``memory-bot run`` does and serve it until the block ends."""
    values: dict[str, Any] = {
        "telegram_bot_token": TOKEN,
        "owner_user_id": OWNER,
        "telegram_base_url": api.base_url,
        "telegram_base_file_url": api.base_url.replace("/bot", "/file/bot"),
        "database_path": db,
        **overrides,
    }
    settings = load_settings(_env_file=None, **values)
    memory = Memory(settings.database_path)
    app = build_application(settings, memory)
    stop = asyncio.Event()
    commands_before = len(api.calls("setMyCommands"))
    task = asyncio.create_task(serve(app, settings, stop))
    try:
        # post_init has run (the menu is set) before polling starts
        await api.wait_for("setMyCommands", count=commands_before + 2)
        yield RunningBot(api, memory, settings)
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)
