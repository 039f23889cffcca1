"""The one table of slash commands: /help, the Telegram command menu and the docs read it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bot.conversation.texts import Lang

__all__ = ["COMMANDS", "CommandSpec"]


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One slash command: its name, argument hint and description in both languages."""

    name: str
    args_en: str
    args_ru: str
    about_en: str
    about_ru: str

    def args(self, lang: Lang) -> str:
        """The argument hint in ``lang`` (may be empty)."""
        return self.args_ru if lang == "ru" else self.args_en

    def about(self, lang: Lang) -> str:
        """The one-line description in ``lang``."""
        return self.about_ru if lang == "ru" else self.about_en


COMMANDS: Final[tuple[CommandSpec, ...]] = (
    CommandSpec(
        "remember",
        "key=value | Type:Name: key=value | text",
        "key=value | Тип:Имя: key=value | текст",
        "Remember a preference or a fact",
        "Запомнить предпочтение или факт",
    ),
    CommandSpec(
        "forget",
        "key | words | exact name",
        "ключ | слова | точное имя",
        "Forget matching memories (with Undo)",
        "Забыть подходящие записи (с возвратом)",
    ),
    CommandSpec(
        "recall",
        "question",
        "вопрос",
        "What do I remember about it?",
        "Что я помню об этом?",
    ),
    CommandSpec(
        "memory",
        "[forgotten | restore N]",
        "[forgotten | restore N]",
        "What is stored: counts and the latest facts",
        "Что хранится: счётчики и последние факты",
    ),
    CommandSpec(
        "index",
        "",
        "",
        "Index the knowledge base at KB_PATH (owner only)",
        "Проиндексировать базу знаний из KB_PATH (только владелец)",
    ),
    CommandSpec(
        "export",
        "",
        "",
        "Download this chat's memory as memory.jsonl",
        "Скачать память этого чата как memory.jsonl",
    ),
    CommandSpec("start", "", "", "Start and a short intro", "Начало и короткое введение"),
    CommandSpec("help", "", "", "What I understand", "Что я понимаю"),
)
"""Every slash command, in menu order."""
