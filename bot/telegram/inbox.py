"""The durable inbox wired into PTB: every update that may reach memory is stored first.

python-telegram-bot confirms updates to Telegram when it fetches the next batch, before it
has handled them; a crash in between would lose them. So:

* :class:`StoringRequest` is the connection ``getUpdates`` uses: each fetched batch is
  stored in :attr:`memory_core.Memory.inbox` in one transaction before PTB reads it (so
  before the batch is confirmed, and before any of it is handled). An update that cannot
  reach memory (:func:`bot.telegram.policy.may_reach_memory`: a message in a group without
  memory) is not kept: a crash would lose nothing of it.
* :class:`DurableQueue` is the Application's update queue. Its ``put`` queues what the
  batch stored; an update that came another way (the webhook handler awaits ``put`` before
  it answers 200) is stored first. A redelivered update that is already there is dropped.
* :class:`InboxProcessor` handles one update at a time, as PTB does by default, counting the
  attempt before (not for an update without memory) and finishing the update after its
  handlers (and replies) are done; finish marks are written with the next update's count.
* :meth:`DurableQueue.replay`, called at start before updates are fetched, queues what was
  stored but not finished: it is handled first, once (the update journal keeps a repeated
  write from storing twice).

When the update cannot be stored (a full disk), it is still handled, from memory only, so
the bot keeps answering; the log says so in one line.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from http import HTTPStatus
from typing import Any

from telegram import Bot, Update
from telegram.ext import BaseUpdateProcessor
from telegram.request import BaseRequest, HTTPXRequest, RequestData

from memory_core import MemoryCoreError
from memory_core.inbox import Inbox

__all__ = ["DurableQueue", "InboxProcessor", "StoringRequest"]

logger = logging.getLogger(__name__)


class DurableQueue(asyncio.Queue[object]):
    """An update queue that stores each update in the inbox before queueing it."""

    def __init__(self, inbox: Inbox) -> None:
        super().__init__()
        self.inbox = inbox
        self.unstored: set[int] = set()
        """Updates handled from memory only: the inbox could not store them, or they cannot
        reach memory (:attr:`keeps`)."""
        self.keeps: Callable[[dict[str, Any]], bool] = lambda _raw: True
        """Which fetched updates the inbox keeps (the others touch no memory)."""
        self.stored: set[int] = set()
        """Fetched updates the inbox stored as a batch (:class:`StoringRequest`)."""
        self.again: set[int] = set()
        """Fetched updates the inbox already had: redeliveries."""

    async def store_fetched(self, raw: list[dict[str, Any]]) -> None:
        """Store a fetched batch of updates (Bot API JSON) in one transaction.

        If that fails, each update is stored (or found unstorable) when it is queued.
        """
        items: list[tuple[int, str]] = []
        for u in raw:
            if not isinstance(u, dict) or not isinstance(u.get("update_id"), int):
                continue  # PTB reports what it cannot read
            if self.keeps(u):
                items.append((u["update_id"], json.dumps(u, ensure_ascii=False)))
            else:
                self.unstored.add(u["update_id"])
        if not items:
            return
        try:
            fresh = await self.inbox.receive_many(items)
        except MemoryCoreError as exc:
            logger.error("%d updates could not be stored at once (%s)", len(items), exc)  # noqa: TRY400
            return
        self.stored.update(fresh)
        self.again.update(key for key, _ in items if key not in fresh)

    async def put(self, item: object) -> None:
        """Store an update (not other items, e.g. PTB's stop signal), then queue it."""
        if isinstance(item, Update) and item.update_id in self.stored:
            self.stored.discard(item.update_id)
        elif isinstance(item, Update) and item.update_id in self.again:
            self.again.discard(item.update_id)
            logger.info("update %s was delivered again; already handled", item.update_id)
            return
        elif isinstance(item, Update) and item.update_id in self.unstored:
            pass  # not kept: it cannot reach memory
        elif isinstance(item, Update):
            payload = json.dumps(item.to_dict(), ensure_ascii=False)
            try:
                fresh = await self.inbox.receive(item.update_id, payload)
            except MemoryCoreError as exc:
                logger.error(  # noqa: TRY400 - one line, the cause is in the message
                    "update %s could not be stored (%s); handling it anyway", item.update_id, exc
                )
                self.unstored.add(item.update_id)
                fresh = True
            if not fresh:
                logger.info("update %s was delivered again; already handled", item.update_id)
                return
        await super().put(item)

    async def replay(self, bot: Bot) -> int:
        """Queue the updates stored but not finished before a restart; return how many."""
        found = await self.inbox.unfinished()
        for key in found.given_up:
            logger.warning("update %s was not finished after several tries; dropped", key)
        for item in found.pending:
            try:
                update = Update.de_json(json.loads(item.payload), bot)
            except (ValueError, TypeError, KeyError) as exc:
                logger.warning("update %s cannot be read back (%s); dropped", item.key, exc)
                await self.inbox.finish(item.key)
                continue
            self.put_nowait(update)  # stored already
        if found.pending:
            logger.info("handling %d updates received before the restart", len(found.pending))
        return len(found.pending)


class StoringRequest(HTTPXRequest):
    """The connection ``getUpdates`` uses: each fetched batch is stored before PTB sees it.

    Stored in one transaction, before the poller confirms the batch to Telegram (by asking
    for the next one), and before any update of it is handled.
    """

    def __init__(self, queue: DurableQueue) -> None:
        super().__init__(connection_pool_size=1)
        self.queue = queue
        self._read: tuple[bytes, dict[str, Any]] | None = None
        """The last answer read to store its updates, for PTB to take instead of reading
        it again (a batch of a hundred updates is read once, not twice)."""

    async def do_request(  # noqa: PLR0917 - PTB's signature
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = BaseRequest.DEFAULT_NONE,
        write_timeout: Any = BaseRequest.DEFAULT_NONE,
        connect_timeout: Any = BaseRequest.DEFAULT_NONE,
        pool_timeout: Any = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        """Fetch, and store the updates of a successful ``getUpdates`` answer."""
        code, payload = await super().do_request(
            url, method, request_data, read_timeout, write_timeout, connect_timeout, pool_timeout
        )
        if code == HTTPStatus.OK and url.endswith("/getUpdates"):
            try:
                answer = json.loads(payload)
            except ValueError:
                answer = None  # PTB reports what it cannot read
            result = answer.get("result") if isinstance(answer, dict) else None
            if isinstance(result, list) and result:
                await self.queue.store_fetched(result)
            if isinstance(answer, dict):
                self._read = (payload, answer)
        return code, payload

    def parse_json_payload(self, payload: bytes) -> dict[str, Any]:  # type: ignore[override]
        """PTB's reading of an answer: the one :meth:`do_request` read already, if it is it."""
        read, self._read = self._read, None
        if read is not None and read[0] is payload:
            return read[1]
        return super().parse_json_payload(payload)


class InboxProcessor(BaseUpdateProcessor):
    """Handle one update at a time; count the attempt before, finish the update after.

    An update without memory (``quiet``: the policy gives it no scope) is not counted: it
    reads and writes nothing, so it cannot be what kills the process.
    """

    def __init__(self, queue: DurableQueue) -> None:
        super().__init__(max_concurrent_updates=1)
        self.inbox = queue.inbox
        self.queue = queue
        self.quiet: Callable[[Update], bool] = lambda _update: False

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        """Run the handlers of one update between its begin and finish marks."""
        key = update.update_id if isinstance(update, Update) else None
        if key is not None and key in self.queue.unstored:
            self.queue.unstored.discard(key)
            key = None  # not in the inbox: nothing to mark
        if key is not None and not (isinstance(update, Update) and self.quiet(update)):
            await self._mark(self.inbox.begin, key)
        try:
            await coroutine
        except asyncio.CancelledError:
            raise  # stopped in the middle: it is handled again after the restart
        except Exception:
            if key is not None:
                await self._mark(self.inbox.finish, key)
            raise
        if key is not None:
            await self._mark(self.inbox.finish, key)

    @staticmethod
    async def _mark(step: Callable[[int], Awaitable[None]], key: int) -> None:
        try:
            await step(key)
        except MemoryCoreError as exc:
            logger.error("update %s: the inbox could not record it (%s)", key, exc)  # noqa: TRY400

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to release."""
