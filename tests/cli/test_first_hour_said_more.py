"""More of the first hour told the way people write: pets, one's own details, tools, people
from a company or a department, what someone likes, and a value said again later.

The statements go through `memory-bot chat`; a new value of something said before ("my
favourite tea is now sencha", "мой размер одежды 50") is offered as a replacement and
accepted with its button ("1"). Then each question must show the right entry first and none
of the unrelated ones, a question that is a question offers nothing to remember, and what was
replaced is no longer shown.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.first_hour import Chat

TOLD = [
    "запомни: у нас кошка Муся, ей 3 года",
    "remember: our dog Biscuit is allergic to beef",
    "remember: Biscuit is 6 years old",
    "запомни: мой размер одежды 48",
    "remember: my favourite tea is oolong",
    "запомни: для CI используем Jenkins",
    "remember: we use Grafana for dashboards",
    "remember: Nina from Initech is our account manager",
    "запомни: Оксана из бухгалтерии отвечает за зарплату",
    "запомни: Вера не ест грибы",
    "remember: Oliver is allergic to shellfish",
    "запомни: мой тимлид — Глеб Сорокин",
    "запомни: жена Дарья любит тюльпаны",
    "remember: my favourite tea is now sencha",
    "1",  # "yes, replace"
    "запомни: мой размер одежды 50",
    "1",
    "remember: Biscuit is now 7",
    "1",
]
_STATEMENTS = sum(1 for line in TOLD if line != "1")

# (question, the entry the answer must show first, entries it must not show)
ASKED: list[tuple[str, str, tuple[str, ...]]] = [
    ("сколько лет Мусе", "User:owner", ("Person:Дарья", "Person:Муся")),
    ("what is biscuit allergic to", "User:owner", ("Person:Biscuit",)),
    ("какой у меня размер одежды?", "User:owner", ()),
    ("what tea do I like", "User:owner", ()),
    ("что используем для CI", "User:owner", ("Project:CI", "Project:Jenkins")),
    ("what do we use for dashboards?", "User:owner", ()),
    ("who is our account manager", "Person:Nina", ("Person:Глеб Сорокин", "Person:Дарья")),
    ("who is from initech?", "Person:Nina", ("Person:Оксана",)),
    ("кто отвечает за зарплату", "Person:Оксана", ("Person:Глеб Сорокин",)),
    ("что не ест Вера", "Person:Вера", ("Person:Дарья",)),
    ("what is Oliver allergic to", "Person:Oliver", ()),
    ("на что аллергия у Оливера", "Person:Oliver", ()),
    ("кто мой тимлид", "Person:Глеб Сорокин", ("Person:Nina", "Person:Оксана")),
]

# (question, words the answer must hold, words it must not: the value replaced)
RESTATED = [
    ("my favourite tea", "sencha", "oolong"),
    ("размер одежды", "50", "48"),
    ("how old is Biscuit", "now 7", "6 years"),
]


def test_more_statements_said_naturally_are_answered_first_and_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = Chat(tmp_path / "m.db", monkeypatch, capsys)
    told = chat.say(*TOLD)
    assert told.count("✅") >= _STATEMENTS, told
    assert "Не сохранил" not in told, told
    assert told.count("Заменил") == TOLD.count("1"), told
    assert "Project:CI" not in told, told
    wrong: list[tuple[str, object]] = []
    for question, entry, not_shown in ASKED:
        answer = chat.say(question)
        shown = chat.entries(answer)
        if not shown or shown[0] != entry or set(shown) & set(not_shown):
            wrong.append((question, shown or answer))
        if "Запомнить это?" in answer:  # a question is no statement to keep
            wrong.append((question, answer))
    for question, holds, replaced in RESTATED:
        answer = chat.say(question)
        if holds not in answer or replaced in answer:
            wrong.append((question, answer))
    assert not wrong, "\n".join(map(str, wrong))
