"""A third batch of the first hour told the way people write.

The statements go through `memory-bot chat` as a new user would say them; then each question
must show the right entry first and none of the unrelated ones. Covered here: a person whose
own line holds the very words asked before one reached only through a translation of them.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from bot.cli import main

_TYPES = {"User", "Person", "Project", "Decision", "Note", "Jira"}

# (question, the entry the answer must show first, entries it must not show)
Asked = list[tuple[str, str, tuple[str, ...]]]


def _tell(
    told: list[str], db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(told) + "\n"))
    assert main(["chat", "--db", str(db), "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert out.count("✅") >= len(told), out
    assert "Не сохранил" not in out, out
    return out


def _wrong(
    asked: Asked, db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> list[tuple[str, object]]:
    wrong: list[tuple[str, object]] = []
    for question, entry, not_shown in asked:
        monkeypatch.setattr(sys, "stdin", io.StringIO(question + "\n"))
        assert main(["chat", "--db", str(db), "--lang", "ru"]) == 0
        answer = capsys.readouterr().out
        shown = [line for line in answer.splitlines() if line.split(":")[0] in _TYPES]
        if not shown or shown[0] != entry or set(shown) & set(not_shown):
            wrong.append((question, shown or answer))
    return wrong


def test_own_words_rank_before_a_translation_of_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    told = [
        "запомни: Вика из бухгалтерии отвечает за счета",
        "remember: Ryan from Contoso is our account manager",
    ]
    _tell(told, db, monkeypatch, capsys)
    asked: Asked = [
        ("кто отвечает за счета", "Person:Вика", ()),
        ("кто из бухгалтерии?", "Person:Вика", ()),
        ("who is our account manager", "Person:Ryan", ()),  # asked in his words: him first
    ]
    assert not _wrong(asked, db, monkeypatch, capsys)


def test_international_first_names_make_people(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    told = [
        "remember: Ines doesn't eat pork",
        "remember: Levan is allergic to penicillin",
        "запомни: Aigerim не любит кинзу",
        "remember: Mehmet likes green tea",
    ]
    out = _tell(told, db, monkeypatch, capsys)
    for name in ("Ines", "Levan", "Aigerim", "Mehmet"):
        assert f"Person:{name} (новая запись)" in out, out
    asked: Asked = [
        ("what doesn't ines eat", "Person:Ines", ("Person:Levan",)),
        ("на что аллергия у Levan?", "Person:Levan", ("Person:Ines",)),
        ("what does Mehmet like", "Person:Mehmet", ("Person:Aigerim",)),
    ]
    assert not _wrong(asked, db, monkeypatch, capsys)


def test_a_contact_for_something_is_a_role(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    told = [
        "remember: Priya Nair is our contact for payroll",
        "запомни: Тимофей Ершов — наш контакт по аренде",
        "запомни: наш контакт в страховой — Майя Гусева",
    ]
    out = _tell(told, db, monkeypatch, capsys)
    for name in ("Priya Nair", "Тимофей Ершов", "Майя Гусева"):
        assert f"Person:{name} (новая запись)" in out, out
    assert "role: contact for payroll" in out, out
    asked: Asked = [
        ("who is our contact for payroll", "Person:Priya Nair", ("Person:Тимофей Ершов",)),
        ("кто наш контакт по аренде?", "Person:Тимофей Ершов", ("Person:Priya Nair",)),
        ("кто контакт в страховой", "Person:Майя Гусева", ("Person:Тимофей Ершов",)),
    ]
    assert not _wrong(asked, db, monkeypatch, capsys)


def test_a_word_the_childs_line_holds_names_no_link_to_the_owner(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    told = [
        "запомни: дочь Лиза ходит на танцы по средам",
        "запомни: у дочки родительское собрание в пятницу в 19:00",
        "запомни: я люблю чай",
        "remember: my son Owen has a parent-teacher conference on May 3",
        "remember: I drive a Skoda",
    ]
    _tell(told, db, monkeypatch, capsys)
    asked: Asked = [
        ("когда родительское собрание?", "Person:Лиза", ("User:owner", "Person:Owen")),
        ("when is the parent-teacher conference", "Person:Owen", ("User:owner",)),
    ]
    assert not _wrong(asked, db, monkeypatch, capsys)
