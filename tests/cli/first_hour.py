"""The first-hour tests' harness: talk to `memory-bot chat` and read the entries it shows.

Each call runs the chat command on one database with the lines as its input, the way a new
user types them; :meth:`Chat.entries` reads the entry headings of an answer in order.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.cli import main

ENTRY_TYPES = frozenset({"User", "Person", "Project", "Decision", "Note", "Jira"})

Asked = Sequence[tuple[str, str, tuple[str, ...]]]
"""(question, the entry the answer must show first, entries it must not show)"""


class Chat:
    """One database told and asked through ``memory-bot chat``."""

    def __init__(
        self,
        db: Path,
        monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str],
        lang: str = "ru",
    ) -> None:
        self.db, self._patch, self._capsys, self.lang = db, monkeypatch, capsys, lang

    def say(self, *lines: str) -> str:
        """Type ``lines`` into one chat session; return everything it printed."""
        self._patch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
        assert main(["chat", "--db", str(self.db), "--lang", self.lang]) == 0
        return self._capsys.readouterr().out

    @staticmethod
    def entries(answer: str) -> list[str]:
        """The entry headings an answer shows, in order."""
        return [line for line in answer.splitlines() if line.split(":")[0] in ENTRY_TYPES]

    def misses(self, asked: Asked) -> list[tuple[str, object]]:
        """The questions whose answer does not show the right entry first, or shows one it
        must not."""
        wrong: list[tuple[str, object]] = []
        for question, entry, not_shown in asked:
            answer = self.say(question)
            shown = self.entries(answer)
            if not shown or shown[0] != entry or set(shown) & set(not_shown):
                wrong.append((question, shown or answer))
        return wrong
