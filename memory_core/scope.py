"""Scope: the validated name of one isolated memory (``owner`` or ``chat:<id>``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from memory_core.errors import InvalidInputError

__all__ = ["Scope"]

_SCOPE_RE = re.compile(r"^(?:owner|chat:-?[1-9][0-9]{0,19})$")


@dataclass(frozen=True, slots=True)
class Scope:
    """The unit of isolation: every stored row belongs to exactly one scope.

    Valid values are ``owner`` and ``chat:<chat_id>`` (a Telegram chat id, negative for
    groups). There is no "all scopes" value.
    """

    value: str

    def __post_init__(self) -> None:
        if not isinstance(self.value, str) or not _SCOPE_RE.match(self.value):
            raise InvalidInputError(
                f"invalid scope {self.value!r}: use 'owner' or 'chat:<numeric chat id>'"
            )

    @classmethod
    def parse(cls, value: str) -> Scope:
        """Return the scope named by ``value`` (surrounding spaces ignored)."""
        return cls(value.strip())

    @classmethod
    def owner(cls) -> Scope:
        """Return the owner's scope."""
        return cls("owner")

    @classmethod
    def chat(cls, chat_id: int) -> Scope:
        """Return the isolated scope of one chat."""
        return cls(f"chat:{int(chat_id)}")

    def __str__(self) -> str:
        return self.value
