"""A third batch of the first hour told the way people write.

The statements go through `memory-bot chat` as a new user would say them; then each question
must show the right entry first and none of the unrelated ones. Covered here: a person whose
own line holds the very words asked before one reached only through a translation of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.first_hour import Asked, Chat


def _tell(chat: Chat, told: list[str]) -> str:
    out = chat.say(*told)
    assert out.count("✅") >= len(told), out
    assert "Не сохранил" not in out, out
    return out


def test_own_words_rank_before_a_translation_of_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = Chat(tmp_path / "m.db", monkeypatch, capsys)
    told = [
        "запомни: Вика из бухгалтерии отвечает за счета",
        "remember: Ryan from Contoso is our account manager",
    ]
    _tell(chat, told)
    asked: Asked = [
        ("кто отвечает за счета", "Person:Вика", ()),
        ("кто из бухгалтерии?", "Person:Вика", ()),
        ("who is our account manager", "Person:Ryan", ()),  # asked in his words: him first
    ]
    assert not chat.misses(asked)


def test_international_first_names_make_people(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = Chat(tmp_path / "m.db", monkeypatch, capsys)
    told = [
        "remember: Ines doesn't eat pork",
        "remember: Levan is allergic to penicillin",
        "запомни: Aigerim не любит кинзу",
        "remember: Mehmet likes green tea",
    ]
    out = _tell(chat, told)
    for name in ("Ines", "Levan", "Aigerim", "Mehmet"):
        assert f"Person:{name} (новая запись)" in out, out
    asked: Asked = [
        ("what doesn't ines eat", "Person:Ines", ("Person:Levan",)),
        ("на что аллергия у Levan?", "Person:Levan", ("Person:Ines",)),
        ("what does Mehmet like", "Person:Mehmet", ("Person:Aigerim",)),
    ]
    assert not chat.misses(asked)


def test_a_contact_for_something_is_a_role(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = Chat(tmp_path / "m.db", monkeypatch, capsys)
    told = [
        "remember: Priya Nair is our contact for payroll",
        "запомни: Тимофей Ершов — наш контакт по аренде",
        "запомни: наш контакт в страховой — Майя Гусева",
    ]
    out = _tell(chat, told)
    for name in ("Priya Nair", "Тимофей Ершов", "Майя Гусева"):
        assert f"Person:{name} (новая запись)" in out, out
    assert "role: contact for payroll" in out, out
    asked: Asked = [
        ("who is our contact for payroll", "Person:Priya Nair", ("Person:Тимофей Ершов",)),
        ("кто наш контакт по аренде?", "Person:Тимофей Ершов", ("Person:Priya Nair",)),
        ("кто контакт в страховой", "Person:Майя Гусева", ("Person:Тимофей Ершов",)),
    ]
    assert not chat.misses(asked)


def test_a_word_the_childs_line_holds_names_no_link_to_the_owner(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = Chat(tmp_path / "m.db", monkeypatch, capsys)
    told = [
        "запомни: дочь Лиза ходит на танцы по средам",
        "запомни: у дочки родительское собрание в пятницу в 19:00",
        "запомни: я люблю чай",
        "remember: my son Owen has a parent-teacher conference on May 3",
        "remember: I drive a Skoda",
    ]
    _tell(chat, told)
    asked: Asked = [
        ("когда родительское собрание?", "Person:Лиза", ("User:owner", "Person:Owen")),
        ("when is the parent-teacher conference", "Person:Owen", ("User:owner",)),
    ]
    assert not chat.misses(asked)
