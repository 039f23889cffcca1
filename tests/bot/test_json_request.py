"""Bot API calls as JSON: native types on the wire, uploads as a form, PTB's errors."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp import web
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InputFile, LinkPreviewOptions
from telegram.error import NetworkError, TimedOut
from telegram.request import RequestData
from telegram.request._requestparameter import RequestParameter

from bot.telegram.json_request import JsonRequest


def _data(**params: Any) -> RequestData:
    return RequestData([RequestParameter.from_input(k, v) for k, v in params.items()])


class _Server:
    """A local HTTP server that records what each call carried (and may stall)."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, bytes]] = []
        self.stall = 0.0
        self.url = ""

    async def handle(self, request: web.Request) -> web.Response:
        self.seen.append((request.content_type, await request.read()))
        await asyncio.sleep(self.stall)
        return web.json_response({"ok": True, "result": True})


@pytest.fixture
async def server() -> AsyncIterator[_Server]:
    recorder = _Server()
    app = web.Application()
    app.router.add_post("/{tail:.*}", recorder.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    recorder.url = f"http://127.0.0.1:{port}/botTOKEN"
    yield recorder
    await runner.cleanup()


@pytest.fixture
async def request_() -> AsyncIterator[JsonRequest]:
    made = JsonRequest()
    await made.initialize()
    yield made
    await made.shutdown()


async def test_a_call_goes_as_json_with_its_values_typed(
    server: _Server, request_: JsonRequest
) -> None:
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("Да", callback_data="y:1")]])
    data = _data(
        chat_id=-1009999999999,
        text="Привет, <b>мир</b> 🎉",
        disable_notification=True,
        reply_markup=markup,
        link_preview_options=LinkPreviewOptions(is_disabled=True),
    )
    code, body = await request_.do_request(f"{server.url}/sendMessage", "POST", data)
    assert code == 200
    assert json.loads(body) == {"ok": True, "result": True}
    content_type, sent = server.seen[0]
    assert content_type == "application/json"
    assert json.loads(sent) == {
        "chat_id": -1009999999999,
        "text": "Привет, <b>мир</b> 🎉",
        "disable_notification": True,
        "reply_markup": {"inline_keyboard": [[{"text": "Да", "callback_data": "y:1"}]]},
        "link_preview_options": {"is_disabled": True},
    }


async def test_an_upload_goes_as_a_form(server: _Server, request_: JsonRequest) -> None:
    data = _data(chat_id=5, document=InputFile(b"line one\n", filename="export.jsonl"))
    code, _ = await request_.do_request(f"{server.url}/sendDocument", "POST", data)
    assert code == 200
    content_type, sent = server.seen[0]
    assert content_type == "multipart/form-data"
    assert b"line one" in sent
    assert b"export.jsonl" in sent


async def test_a_slow_server_is_a_timeout_and_a_closed_port_a_network_error(
    server: _Server, request_: JsonRequest
) -> None:
    server.stall = 1.0
    with pytest.raises(TimedOut):
        await request_.do_request(f"{server.url}/getMe", "POST", None, read_timeout=0.1)
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(NetworkError) as caught:
        await request_.do_request(f"http://127.0.0.1:{port}/botX/getMe", "POST", _data(a=1))
    assert not isinstance(caught.value, TimedOut)
    assert "httpx.ConnectError" in str(caught.value)


async def test_it_opens_again_after_a_shutdown(server: _Server) -> None:
    made = JsonRequest()
    await made.initialize()
    await made.shutdown()
    await made.initialize()
    try:
        code, _ = await made.do_request(f"{server.url}/getMe", "POST", None)
    finally:
        await made.shutdown()
    assert code == 200
    assert server.seen == [("application/json", b"{}")]
