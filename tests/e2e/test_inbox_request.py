"""The ``getUpdates`` connection: a fetched batch is stored, and its answer is read once.

A real :class:`~bot.telegram.inbox.StoringRequest` asks the fake Bot API for updates over
HTTP; the updates land in the inbox of a real temporary memory before PTB's reading of the
answer returns, and that reading is the one the store made (the same objects), not a second
parse of the same bytes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.telegram.inbox import DurableQueue, StoringRequest
from memory_core import Memory
from tests.e2e import updates
from tests.e2e.fake_bot_api import FakeBotApi


class _Seen(DurableQueue):
    """A durable queue that keeps the batches it was given to store."""

    batches: list[list[dict[str, Any]]]

    async def store_fetched(self, raw: list[dict[str, Any]]) -> None:
        self.batches.append(raw)
        await super().store_fetched(raw)


async def test_a_fetched_batch_is_stored_and_read_once(
    fake_api: FakeBotApi, tmp_path: Path
) -> None:
    for n in range(3):
        fake_api.push_update(updates.private_message(f"note {n}", user_id=7))
    async with Memory(tmp_path / "memory.db") as memory:
        queue = _Seen(memory.inbox)
        queue.batches = []
        request = StoringRequest(queue)
        await request.initialize()
        try:
            result = await request.post(f"{fake_api.base_url}1:token/getUpdates")
            again = await request.post(f"{fake_api.base_url}1:token/getMe")
        finally:
            await request.shutdown()
        pending = (await memory.inbox.unfinished()).pending
    assert isinstance(result, list)
    assert [u["message"]["text"] for u in result] == ["note 0", "note 1", "note 2"]
    assert len(queue.batches) == 1
    assert result is queue.batches[0]  # PTB got what the store read, not a second parse
    assert sorted(item.key for item in pending) == sorted(u["update_id"] for u in result)
    assert isinstance(again, dict)
    assert again["is_bot"]  # other answers are read as before
