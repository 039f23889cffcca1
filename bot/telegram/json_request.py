"""The bot's Bot API calls with a JSON body (uploads keep python-telegram-bot's own way).

PTB posts a call's parameters as a url-encoded form, and httpx encodes a form byte by byte
in Python: a recall reply of a thousand Cyrillic characters cost about 0.1 ms of CPU to
encode, a tenth of a bare bot's whole cost per message. The Bot API takes the same
parameters as one JSON object (``application/json``), which :mod:`json` writes in C. Calls
that upload a file (an export) need a multipart form: :class:`JsonRequest` hands those to
an ordinary :class:`~telegram.request.HTTPXRequest`. Timeouts and errors are PTB's: a call
that times out raises :class:`~telegram.error.TimedOut`, any other failure to reach the
server :class:`~telegram.error.NetworkError`.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, HTTPXRequest, RequestData

__all__ = ["JsonRequest"]

_CONNECTIONS = 256
"""Connections at most, as PTB's default request for bot calls has."""
_TIMEOUT = httpx.Timeout(connect=5.0, read=5.0, write=5.0, pool=1.0)
"""PTB's default timeouts, in seconds."""
_HEADERS = {"User-Agent": HTTPXRequest.USER_AGENT, "Content-Type": "application/json"}


class JsonRequest(BaseRequest):
    """Bot API calls as JSON over one pooled HTTP/1.1 client; uploads as PTB sends them."""

    def __init__(self) -> None:
        self._uploads = HTTPXRequest(connection_pool_size=8)
        self._client = self._new_client()

    @staticmethod
    def _new_client() -> httpx.AsyncClient:
        return httpx.AsyncClient(
            timeout=_TIMEOUT, limits=httpx.Limits(max_connections=_CONNECTIONS)
        )

    @property
    def read_timeout(self) -> float | None:
        """The read timeout of calls that set none."""
        return _TIMEOUT.read

    async def initialize(self) -> None:
        """Open the connections (again, after :meth:`shutdown`)."""
        if self._client.is_closed:
            self._client = self._new_client()
        await self._uploads.initialize()

    async def shutdown(self) -> None:
        """Close every connection."""
        if not self._client.is_closed:
            await self._client.aclose()
        await self._uploads.shutdown()

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
        """Post the call's parameters as JSON; return the status code and the body."""
        if request_data is not None and request_data.contains_files:
            return await self._uploads.do_request(
                url, method, request_data, read_timeout, write_timeout, connect_timeout,
                pool_timeout,
            )  # fmt: skip
        timeout = httpx.Timeout(
            connect=_given(connect_timeout, _TIMEOUT.connect),
            read=_given(read_timeout, _TIMEOUT.read),
            write=_given(write_timeout, _TIMEOUT.write),
            pool=_given(pool_timeout, _TIMEOUT.pool),
        )
        # the values as their JSON types (PTB's own ``json_payload`` has every value as a
        # string, as a form carries it: "true", "-100123")
        body = json.dumps(request_data.parameters if request_data is not None else {})
        try:
            response = await self._client.request(
                method, url, headers=_HEADERS, content=body.encode(), timeout=timeout
            )
        except httpx.PoolTimeout as exc:
            raise TimedOut("Pool timeout: every connection is busy; nothing was sent") from exc
        except httpx.TimeoutException as exc:
            raise TimedOut from exc
        except httpx.HTTPError as exc:
            raise NetworkError(f"httpx.{type(exc).__name__}: {exc}") from exc
        return response.status_code, response.content


def _given(value: Any, default: float | None) -> float | None:
    """A timeout the call set, else the default (PTB marks "not set" with a DefaultValue)."""
    return default if isinstance(value, type(BaseRequest.DEFAULT_NONE)) else value
