"""A fake OpenAI-compatible chat-completions server: aiohttp on 127.0.0.1, port 0.

It records every request (headers and JSON body), answers from a script the test sets
(a reply function of the request), and can delay or fail the next calls. Extraction
requests (the system prompt asks for JSON entities and relations) and answer requests are
told apart by :attr:`Request.is_extraction`.
"""

from __future__ import annotations

import asyncio
import json
import socket
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from aiohttp import web

__all__ = ["FakeLlm", "Request"]


@dataclass(frozen=True, slots=True)
class Request:
    """One recorded chat-completions request."""

    headers: dict[str, str]
    body: dict[str, Any]

    @property
    def system(self) -> str:
        return str(self.body["messages"][0]["content"])

    @property
    def user(self) -> str:
        return str(self.body["messages"][-1]["content"])

    @property
    def is_extraction(self) -> bool:
        return '{"entities"' in self.system

    @property
    def is_expansion(self) -> bool:
        """A request for search terms (a question whose words recalled nothing)."""
        return '{"terms"' in self.system

    @property
    def text(self) -> str:
        """Everything the request carries, as one string (for "is X anywhere in it")."""
        return json.dumps(self.body, ensure_ascii=False)


@dataclass(slots=True)
class _Fault:
    status: int
    delay: float


Responder = Callable[[Request], str]


def _default_answer(request: Request) -> str:
    if request.is_extraction:
        return '{"entities": [], "relations": []}'
    if request.is_expansion:
        return '{"terms": []}'
    return "An answer from the model."


@dataclass
class FakeLlm:
    """The fake server; ``async with FakeLlm() as llm`` then use ``llm.base_url``."""

    respond: Responder = _default_answer
    requests: list[Request] = field(default_factory=list)
    _faults: dict[bool, deque[_Fault]] = field(
        default_factory=lambda: {False: deque(), True: deque()}
    )
    _runner: web.AppRunner | None = None
    _port: int | None = None

    async def __aenter__(self) -> FakeLlm:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._complete)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=0.5)
        await runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        await web.SockSite(runner, sock).start()
        self._runner = runner
        self._port = sock.getsockname()[1]
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def base_url(self) -> str:
        """What ``LLM_BASE_URL`` should be."""
        assert self._port is not None
        return f"http://127.0.0.1:{self._port}/v1"

    def fail_next(
        self, status: int = 500, *, delay: float = 0.0, extraction: bool = False
    ) -> None:
        """Answer the next answer (or extraction) request with ``status``; 200 + delay: slow."""
        self._faults[extraction].append(_Fault(status, delay))

    def answers(self) -> list[Request]:
        return [r for r in self.requests if not (r.is_extraction or r.is_expansion)]

    def expansions(self) -> list[Request]:
        return [r for r in self.requests if r.is_expansion]

    def extractions(self) -> list[Request]:
        return [r for r in self.requests if r.is_extraction]

    async def _complete(self, request: web.Request) -> web.Response:
        recorded = Request(dict(request.headers), await request.json())
        self.requests.append(recorded)
        queue = self._faults[recorded.is_extraction]
        fault = queue.popleft() if queue else None
        if fault is not None and fault.delay:
            await asyncio.sleep(fault.delay)
        if fault is not None and fault.status != 200:
            return web.json_response({"error": {"message": "boom"}}, status=fault.status)
        content = self.respond(recorded)
        return web.json_response(
            {
                "id": "chatcmpl-1",
                "object": "chat.completion",
                "model": recorded.body.get("model"),
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": content},
                        "finish_reason": "stop",
                    }
                ],
            }
        )
