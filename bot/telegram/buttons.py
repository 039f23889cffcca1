"""Server-side records behind callback buttons: an opaque token maps to who, where and what.

A button's ``callback_data`` is only a random token (``secrets.token_urlsafe``); the scope,
the user allowed to press it, the action and the expiry stay here, in process memory. The
buttons of one message form a group: pressing one spends them all.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.conversation.reply import Action
from memory_core.scope import Scope

__all__ = ["BUTTON_TTL_SECONDS", "ButtonRecord", "ButtonStore"]

BUTTON_TTL_SECONDS = 600.0


@dataclass(frozen=True, slots=True)
class ButtonRecord:
    """What a button token stands for."""

    scope: Scope
    user_id: int
    action: Action
    group: str
    expires_at: float


class ButtonStore:
    """Issues button tokens and looks them up; expired records are dropped."""

    def __init__(
        self, ttl: float = BUTTON_TTL_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.ttl = ttl
        self.clock = clock
        self._records: dict[str, ButtonRecord] = {}
        self._groups: dict[str, list[str]] = {}

    def __len__(self) -> int:
        return len(self._records)

    def issue(self, scope: Scope, user_id: int, actions: Sequence[Action]) -> list[str]:
        """Store one record per action, as one group; return their tokens in order."""
        self._prune()
        group = secrets.token_urlsafe(8)
        expires = self.clock() + self.ttl
        tokens = [secrets.token_urlsafe(16) for _ in actions]
        for token, action in zip(tokens, actions, strict=True):
            self._records[token] = ButtonRecord(scope, user_id, action, group, expires)
        self._groups[group] = tokens
        return tokens

    def get(self, token: str) -> ButtonRecord | None:
        """Return the live record of a token, or ``None`` (unknown, spent or expired)."""
        record = self._records.get(token)
        if record is None:
            return None
        if record.expires_at <= self.clock():
            self.spend(record)
            return None
        return record

    def spend(self, record: ButtonRecord) -> None:
        """Forget every token of the record's group (the message's buttons are used up)."""
        for token in self._groups.pop(record.group, []):
            self._records.pop(token, None)

    def _prune(self) -> None:
        now = self.clock()
        for record in [r for r in self._records.values() if r.expires_at <= now]:
            self.spend(record)
