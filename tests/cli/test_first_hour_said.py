"""The first hour told the way people write, not in the ``Entity: key=value`` form.

Ten statements in both languages ("мой тимлид — ...", "жена ...", "the Helix project is
...", "I moved to ...") go through `memory-bot chat`; then each question must show the right
entry first, and a "my ..." question answered by an entry that holds its words shows that
entry alone: the owner's other people (wife, dentist, manager) fill no places.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.first_hour import Chat

TOLD = [
    "запомни: мой тимлид — Игорь Лебедев, телефон +7 912 000-11-22",
    "запомни: Игорь работает над проектом Borealis",
    "запомни: Borealis — сервис платежей, релиз в апреле",
    "запомни: жена Алина любит пионы",
    "запомни: сын Ваня ходит на плавание по вторникам",
    "remember: our dentist is Dr. Kowalski on Baker Street",
    "remember: the Quill project is our internal wiki, launch in June",
    "remember: we decided to move Quill to Postgres 16",
    "remember: I moved to Lisbon in 2024",
    "remember: Tom works on the Quill project",
]

# (question, the entry the answer must show first, entries it must not show)
ASKED: list[tuple[str, str, tuple[str, ...]]] = [
    ("кто мой тимлид?", "Person:Игорь Лебедев", ("Person:Алина", "Person:Ваня")),
    ("who is my team lead", "Person:Игорь Лебедев", ("Person:Алина", "Person:Kowalski")),
    ("какой телефон у Игоря?", "Person:Игорь Лебедев", ()),
    ("кто мой стоматолог", "Person:Kowalski", ("Person:Алина", "Person:Игорь Лебедев")),
    ("какие цветы любит жена?", "Person:Алина", ()),
    ("what flowers does my wife like", "Person:Алина", ()),
    ("во сколько у сына бассейн", "Person:Ваня", ()),
    ("when is Vanya's swimming", "Person:Ваня", ()),
    ("что за проект Borealis?", "Project:Borealis", ()),
    ("when is the Borealis release", "Project:Borealis", ()),
    ("who works on Borealis", "Person:Игорь Лебедев", ()),
    ("when does Quill launch", "Project:Quill", ()),
    ("какую базу выбрали для Quill", "Decision:quill-postgres-16", ()),
    ("где я живу?", "User:owner", ()),
    ("who works on Quill", "Person:Tom", ()),  # known only by his link: shown all the same
    ("Том", "Person:Tom", ()),
]


def test_statements_said_naturally_are_answered_first_and_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = Chat(tmp_path / "m.db", monkeypatch, capsys)
    told = chat.say(*TOLD)
    assert told.count("✅") >= len(TOLD), told
    assert "Не сохранил" not in told, told
    wrong = chat.misses(ASKED)
    assert not wrong, "\n".join(map(str, wrong))
