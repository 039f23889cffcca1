"""Fake Telegram Bot API: an aiohttp server on 127.0.0.1 that a real PTB Application talks to.

Point ``ApplicationBuilder.base_url()`` at :attr:`FakeBotApi.base_url`. The server runs in the
test's own event loop (no thread), records every call for assertions, serves updates pushed with
:meth:`FakeBotApi.push_update` through long-polling ``getUpdates`` (a wait of at most 0.5 s),
and can inject faults (``429``, ``5xx``, slow answers) into the next call of a method.

Request decoding follows PTB: form fields (urlencoded or multipart) hold JSON-encoded values,
except plain strings, so each value is decoded with ``json.loads`` and falls back to the raw
string; known text fields (``text``, ``data``...) are always kept as strings. ``application/json``
bodies are taken as they are.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import socket
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from aiohttp import web

__all__ = ["BOT_USER", "Call", "FakeBotApi", "UploadedFile"]

BOT_USER: dict[str, Any] = {
    "id": 123456,
    "is_bot": True,
    "first_name": "Memory Bot",
    "username": "memory_test_bot",
    "can_join_groups": True,
    "can_read_all_group_messages": False,
    "supports_inline_queries": False,
    "can_connect_to_business": False,
}

# Parameters that are plain strings in the Bot API: never JSON-decode them ("123" stays "123").
_STRING_FIELDS = frozenset(
    {
        "text",
        "caption",
        "data",
        "query",
        "callback_query_id",
        "inline_message_id",
        "parse_mode",
        "action",
        "url",
        "secret_token",
        "description",
        "short_description",
        "name",
        "language_code",
        "business_connection_id",
        "message_effect_id",
    }
)
_LONG_POLL_CAP = 0.5


@dataclass(frozen=True, slots=True)
class UploadedFile:
    """A file part of a multipart request."""

    filename: str | None
    content: bytes
    content_type: str | None


@dataclass(slots=True)
class Call:
    """One recorded Bot API call."""

    method: str
    params: dict[str, Any]
    status: int = 200

    @property
    def ok(self) -> bool:
        """Whether the fake answered with a success status."""
        return 200 <= self.status < 300


@dataclass(slots=True)
class _Fault:
    status: int
    payload: dict[str, Any] | str | bytes | None
    delay: float = 0.0


@dataclass(slots=True)
class _Chat:
    next_message_id: itertools.count[int] = field(default_factory=lambda: itertools.count(1000))


class FakeBotApi:
    """A fake Bot API server; use ``async with FakeBotApi() as api`` or start()/stop()."""

    def __init__(self, bot_user: dict[str, Any] | None = None) -> None:
        self.bot_user: dict[str, Any] = dict(bot_user or BOT_USER)
        self._calls: list[Call] = []
        self._arrived: list[str] = []  # method names in the order their requests came in
        self._changed = asyncio.Condition()
        # Unconfirmed updates, and an event set when one arrives (or the server stops) that
        # wakes a waiting long poll.
        self._pending: list[dict[str, Any]] = []
        self._wake = asyncio.Event()
        self._faults: defaultdict[str, deque[_Fault]] = defaultdict(deque)
        self._chats: defaultdict[int, _Chat] = defaultdict(_Chat)
        self._runner: web.AppRunner | None = None
        self._port: int | None = None
        self._handlers: dict[str, Callable[[dict[str, Any]], Any]] = {
            "getme": self._get_me,
            "sendmessage": self._send_message,
            "editmessagetext": self._edit_message_text,
            "senddocument": self._send_document,
        }

    # --- lifecycle ------------------------------------------------------------------------

    async def start(self) -> None:
        """Start serving on 127.0.0.1 on a free port."""
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._dispatch)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.bind(("127.0.0.1", 0))
            await web.SockSite(runner, sock).start()
        except BaseException:
            sock.close()
            await runner.cleanup()
            raise
        self._runner = runner
        self._port = sock.getsockname()[1]

    async def stop(self) -> None:
        """Stop the server and close its socket."""
        if self._runner is not None:
            self._wake.set()  # end a waiting long poll now instead of at its timeout
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeBotApi:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        """The URL for ``ApplicationBuilder.base_url()``; PTB appends ``<token>/<method>``."""
        if self._port is None:
            raise RuntimeError("FakeBotApi is not started")
        return f"http://127.0.0.1:{self._port}/bot"

    # --- driving ---------------------------------------------------------------------------

    def push_update(self, raw: dict[str, Any]) -> None:
        """Queue a raw update dict (see ``tests/e2e/updates.py``) for ``getUpdates``."""
        if "update_id" not in raw:
            raise ValueError("an update needs an update_id")
        self._pending.append(raw)
        self._wake.set()

    def fail_next(
        self,
        method: str,
        status: int,
        payload: dict[str, Any] | str | bytes | None = None,
        *,
        delay: float = 0.0,
    ) -> None:
        """Answer the next call of ``method`` with ``status`` and ``payload``.

        A dict payload is sent as JSON, a string or bytes as a plain body. Faults queue up: two
        calls fail the next two requests.
        """
        self._faults[method.lower()].append(_Fault(status, payload, delay))

    def delay_next(self, method: str, seconds: float) -> None:
        """Answer the next call of ``method`` normally, but only after ``seconds``."""
        self._faults[method.lower()].append(_Fault(200, None, seconds))

    def set_bot_flags(self, **flags: bool) -> None:
        """Change what ``getMe`` reports, e.g. ``supports_inline_queries=True``."""
        unknown = set(flags) - {
            "can_join_groups",
            "can_read_all_group_messages",
            "supports_inline_queries",
            "can_connect_to_business",
        }
        if unknown:
            raise ValueError(f"not a getMe flag: {sorted(unknown)}")
        self.bot_user.update(flags)

    # --- assertions ------------------------------------------------------------------------

    def calls(self, method: str | None = None) -> list[Call]:
        """Return recorded calls (failed ones too), optionally of one method."""
        if method is None:
            return list(self._calls)
        return [c for c in self._calls if c.method.lower() == method.lower()]

    def sent_texts(self, chat_id: int | None = None) -> list[str]:
        """Return the texts of successful ``sendMessage`` calls, optionally to one chat."""
        return [
            str(c.params.get("text", ""))
            for c in self.calls("sendMessage")
            if c.ok and (chat_id is None or _as_int(c.params.get("chat_id")) == chat_id)
        ]

    async def wait_for_request(
        self,
        method: str,
        count: int = 1,
        timeout: float = 5.0,  # noqa: ASYNC109 - a deadline per assertion reads best in tests
    ) -> None:
        """Wait until ``count`` requests of ``method`` have arrived (answered or not yet).

        Raises:
            AssertionError: They did not arrive within ``timeout`` seconds.
        """

        def done() -> bool:
            return sum(1 for m in self._arrived if m == method.lower()) >= count

        try:
            async with asyncio.timeout(timeout), self._changed:
                await self._changed.wait_for(done)
        except TimeoutError:
            raise AssertionError(f"no {count} {method} request(s) within {timeout}s") from None

    async def wait_for(
        self,
        method: str,
        count: int = 1,
        timeout: float = 5.0,  # noqa: ASYNC109 - a deadline per assertion reads best in tests
    ) -> list[Call]:
        """Wait until ``method`` has succeeded ``count`` times; return its successful calls.

        Raises:
            AssertionError: The calls did not arrive within ``timeout`` seconds.
        """

        def done() -> bool:
            return sum(1 for c in self.calls(method) if c.ok) >= count

        try:
            async with asyncio.timeout(timeout), self._changed:
                await self._changed.wait_for(done)
        except TimeoutError:
            seen = [(c.method, c.status) for c in self._calls if c.method != "getUpdates"]
            raise AssertionError(
                f"expected {count} successful {method} call(s) within {timeout}s; saw {seen}"
            ) from None
        return [c for c in self.calls(method) if c.ok]

    # --- HTTP ------------------------------------------------------------------------------

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        method = request.match_info["method"]
        params = await _read_params(request)
        async with self._changed:
            self._arrived.append(method.lower())
            self._changed.notify_all()
        fault = self._faults[method.lower()].popleft() if self._faults[method.lower()] else None
        if fault is not None and fault.delay:
            await asyncio.sleep(fault.delay)
        if fault is not None and fault.status != 200:
            await self._record(Call(method, params, fault.status))
            return _fault_response(fault)

        if method.lower() == "getupdates":
            result: Any = await self._get_updates(params)
        else:
            handler = self._handlers.get(method.lower())
            result = handler(params) if handler is not None else True
        await self._record(Call(method, params))
        return web.json_response({"ok": True, "result": result})

    async def _record(self, call: Call) -> None:
        async with self._changed:
            self._calls.append(call)
            self._changed.notify_all()

    # --- methods ---------------------------------------------------------------------------

    def _get_me(self, _params: dict[str, Any]) -> dict[str, Any]:
        return self.bot_user

    async def _get_updates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        offset = _as_int(params.get("offset")) or 0
        limit = _as_int(params.get("limit")) or 100
        wait = min(float(params.get("timeout") or 0), _LONG_POLL_CAP)
        # Telegram forgets updates below the offset: they are confirmed.
        self._pending = [u for u in self._pending if u["update_id"] >= offset]
        if not self._pending and wait > 0 and self._runner is not None:
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), wait)
            self._pending = [u for u in self._pending if u["update_id"] >= offset]
        return sorted(self._pending, key=lambda u: int(u["update_id"]))[:limit]

    def _message(self, chat_id: Any, **fields: Any) -> dict[str, Any]:
        chat_key = _as_int(chat_id)
        chat = _chat_dict(chat_key if chat_key is not None else str(chat_id))
        message_id = next(self._chats[chat_key or 0].next_message_id)
        message = {
            "message_id": message_id,
            "from": self.bot_user,
            "chat": chat,
            "date": int(time.time()),
        }
        message.update({k: v for k, v in fields.items() if v is not None})
        return message

    def _send_message(self, params: dict[str, Any]) -> dict[str, Any]:
        return self._message(
            params.get("chat_id"),
            text=str(params.get("text", "")),
            reply_markup=_inline_markup(params.get("reply_markup")),
            message_thread_id=params.get("message_thread_id"),
        )

    def _edit_message_text(self, params: dict[str, Any]) -> dict[str, Any] | bool:
        if params.get("inline_message_id"):
            return True
        message = self._message(
            params.get("chat_id"),
            text=str(params.get("text", "")),
            reply_markup=_inline_markup(params.get("reply_markup")),
            edit_date=int(time.time()),
        )
        message["message_id"] = _as_int(params.get("message_id")) or message["message_id"]
        return message

    def _send_document(self, params: dict[str, Any]) -> dict[str, Any]:
        document = params.get("document")
        file_name = document.filename if isinstance(document, UploadedFile) else None
        size = len(document.content) if isinstance(document, UploadedFile) else 0
        unique = f"doc{len(self._calls)}"
        return self._message(
            params.get("chat_id"),
            caption=params.get("caption"),
            document={
                "file_id": f"BQAC{unique}",
                "file_unique_id": unique,
                "file_name": file_name,
                "mime_type": getattr(document, "content_type", None),
                "file_size": size,
            },
        )


async def _read_params(request: web.Request) -> dict[str, Any]:
    params: dict[str, Any] = {k: _decode(k, v) for k, v in request.query.items()}
    if not request.can_read_body:
        return params
    if request.content_type == "application/json":
        body = await request.json()
        if isinstance(body, dict):
            params.update(body)
        return params
    files: dict[str, UploadedFile] = {}
    form = await request.post()
    for key, value in form.items():
        if isinstance(value, web.FileField):
            files[key] = UploadedFile(value.filename, value.file.read(), value.content_type)
        elif isinstance(value, str):
            params[key] = _decode(key, value)
        else:
            params[key] = UploadedFile(None, bytes(value), None)
    for key, upload in files.items():
        params[key] = upload
    # "attach://<name>" points at a file part; resolve it so tests see the file.
    for key, value in list(params.items()):
        if isinstance(value, str) and value.startswith("attach://"):
            params[key] = files.get(value.removeprefix("attach://"), value)
    return params


def _decode(key: str, value: str) -> Any:
    if key in _STRING_FIELDS:
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value


def _fault_response(fault: _Fault) -> web.Response:
    if isinstance(fault.payload, dict):
        return web.json_response(fault.payload, status=fault.status)
    body = fault.payload.encode() if isinstance(fault.payload, str) else fault.payload
    return web.Response(body=body or b"", status=fault.status, content_type="text/html")


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        with contextlib.suppress(ValueError):
            return int(value)
    return None


def _chat_dict(chat_id: int | str) -> dict[str, Any]:
    if isinstance(chat_id, str):  # "@channelusername"
        return {"id": -1000000000001, "type": "channel", "title": chat_id.lstrip("@")}
    if chat_id > 0:
        return {"id": chat_id, "type": "private", "first_name": f"User {chat_id}"}
    if str(chat_id).startswith("-100"):
        return {"id": chat_id, "type": "supergroup", "title": f"Supergroup {chat_id}"}
    return {"id": chat_id, "type": "group", "title": f"Group {chat_id}"}


def _inline_markup(markup: Any) -> dict[str, Any] | None:
    if isinstance(markup, dict) and "inline_keyboard" in markup:
        return markup
    return None
