"""A client for any OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp, vLLM...).

One :class:`LanguageModel` per application owns one ``httpx.AsyncClient``: ``open()`` in
``post_init``, ``close()`` in ``post_shutdown`` (or ``async with``). Requests are
non-streaming and offer the model no tools. Every failure (timeout, connection, HTTP status,
an answer of the wrong shape) becomes :class:`ModelError`, whose message names the kind of
failure only: never the API key, the prompt or the answer.
"""

from __future__ import annotations

import asyncio
import re
from types import TracebackType
from typing import Any

import httpx
from pydantic import SecretStr

__all__ = ["LanguageModel", "ModelError"]

_THINK_RE = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)


class ModelError(Exception):
    """The model did not answer usably; ``str()`` says how, without any content."""


class LanguageModel:
    """Chat completions from one model at one OpenAI-compatible base URL."""

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: SecretStr | None = None,
        timeout: float = 20.0,
    ) -> None:
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.model = model
        self.timeout = timeout
        self._api_key = api_key
        self._client: httpx.AsyncClient | None = None

    def __repr__(self) -> str:
        return f"LanguageModel(url={self.url!r}, model={self.model!r})"

    async def open(self) -> None:
        """Create the HTTP client (idempotent)."""
        if self._client is None:
            headers = {"Content-Type": "application/json"}
            if self._api_key is not None:
                headers["Authorization"] = f"Bearer {self._api_key.get_secret_value()}"
            self._client = httpx.AsyncClient(headers=headers, timeout=self.timeout)

    async def close(self) -> None:
        """Close the HTTP client; safe to call twice."""
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def __aenter__(self) -> LanguageModel:
        await self.open()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def chat(
        self,
        messages: list[dict[str, str]],
        *,
        max_tokens: int = 800,
        temperature: float = 0.2,
    ) -> str:
        """Send the messages; return the model's text (without ``<think>`` blocks).

        Raises:
            ModelError: no usable answer within the timeout.
        """
        await self.open()
        assert self._client is not None  # noqa: S101 - open() just made it
        body: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "max_tokens": max_tokens,
            "temperature": temperature,
            "stream": False,
        }
        try:
            async with asyncio.timeout(self.timeout):
                response = await self._client.post(self.url, json=body)
        except TimeoutError:
            raise ModelError("timed out") from None
        except httpx.TimeoutException:
            raise ModelError("timed out") from None
        except httpx.HTTPError as exc:
            raise ModelError(f"request failed: {type(exc).__name__}") from None
        if response.status_code != 200:
            raise ModelError(f"HTTP {response.status_code}")
        try:
            data = response.json()
            content = data["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise ModelError("the answer is not a chat completion") from None
        if not isinstance(content, str):
            raise ModelError("the answer has no text")
        text = _THINK_RE.sub("", content).strip()
        if not text:
            raise ModelError("the answer is empty")
        return text
