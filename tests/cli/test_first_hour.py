"""The first hour with the bot, as a new user meets it: `memory-bot chat` from nothing.

Eight entries are told to the bot in the terminal chat, in both languages; then thirty
questions of every kind (names in the other script or case, a Russian question about an
English line and back, the owner's own facts, small talk, something never told) must each
show the right entry, or no memory at all where none is right.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.first_hour import Chat

TOLD = [
    "запомни answer_format=коротко",
    "запомни Person:Марина Волкова: role=дизайнер в проекте Lynx",
    "запомни Project:Lynx: status=в разработке, релиз в марте",
    "remember Person:Tom Baker: role=backend developer on Lynx",
    "remember Project:Heron: status=paused until Q3",
    "запомни Person:Сергей Ким: role=стоматолог, клиника на Пушкина",
    "remember Decision:lynx-postgres: we chose Postgres over MySQL for Lynx",
    "запомни, что я живу в Казани",
]

# (question, the entry the answer must show; None: no memory may be shown)
ASKED: list[tuple[str, str | None]] = [
    ("кто такая Марина?", "Person:Марина Волкова"),
    ("что с Lynx", "Project:Lynx"),
    ("Marina Volkova", "Person:Марина Волкова"),
    ("Марине написать про макеты", "Person:Марина Волкова"),
    ("tom baker", "Person:Tom Baker"),
    ("Том Бейкер чем занимается", "Person:Tom Baker"),
    ("what database did we choose for lynx", "Decision:lynx-postgres"),
    ("какую базу выбрали для Lynx", "Decision:lynx-postgres"),
    ("где я живу?", "User:owner"),
    ("where do I live", "User:owner"),
    ("какой формат ответа я предпочитаю", "User:owner"),
    ("статус Heron", "Project:Heron"),
    ("heron status", "Project:Heron"),
    ("Херон на паузе?", "Project:Heron"),
    ("кто мой стоматолог", "Person:Сергей Ким"),
    ("who is my dentist", "Person:Сергей Ким"),
    ("позвонить Сергею Киму", "Person:Сергей Ким"),
    ("Sergey Kim", "Person:Сергей Ким"),
    ("когда релиз Lynx", "Project:Lynx"),
    ("when is the Lynx release", "Project:Lynx"),
    ("backend developer", "Person:Tom Baker"),
    ("кто у нас бэкенд разработчик", "Person:Tom Baker"),
    ("who is the designer on lynx", "Person:Марина Волкова"),
    ("postgres", "Decision:lynx-postgres"),
    ("почему не mysql", "Decision:lynx-postgres"),
    ("спасибо", None),
    ("👍", None),
    ("ок, понял", None),
    ("рецепт плова", None),
    ("what about Kubernetes?", None),
]


def test_a_new_user_is_answered_right_in_the_first_hour(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = Chat(tmp_path / "m.db", monkeypatch, capsys)
    told = chat.say(*TOLD)
    assert told.count("✅") == len(TOLD), told
    wrong: list[tuple[str, str, object]] = []
    for question, entry in ASKED:
        answer = chat.say(question)
        shown = chat.entries(answer)
        if entry is None:
            if shown:
                wrong.append((question, "showed memory", shown))
        elif entry not in shown[:3]:
            wrong.append((question, entry, shown or answer))
    assert not wrong, "\n".join(map(str, wrong))
