"""A fourth batch of the first hour told the way people write.

The statements go through `memory-bot chat` as a new user would say them; then each question
must show the right entry first and none of the unrelated ones. Covered here: a child's class
and teacher, the people who fix things at home with their phone, someone's contact details
said in passing, gift ideas for someone, and duties said with other verbs.
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


def test_a_childs_class_and_teacher(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = Chat(tmp_path / "m.db", monkeypatch, capsys)
    told = [
        "запомни: дочка Варя в 4В, классная — Галина Сергеевна",
        "запомни: у Тимура классный руководитель — Роза Ахметовна",
        "запомни: я люблю кофе",
        "remember: my son Felix is in 3rd grade, his teacher is Mrs. Okafor",
    ]
    out = _tell(chat, told)
    assert "Person:Варя -[child_of]-> User:owner" in out, out
    assert "Person:Галина Сергеевна -[teacher_of]-> Person:Варя" in out, out
    assert "Person:Роза Ахметовна -[teacher_of]-> Person:Тимур" in out, out
    assert "-[teacher_of]-> Person:Felix" in out, out
    assert "Person:Felix -[child_of]-> User:owner" in out, out
    assert "fact: учится в 4В классе" in out, out
    asked: Asked = [
        ("кто классная у Вари", "Person:Галина Сергеевна", ("User:owner",)),
        ("в каком классе Варя", "Person:Варя", ("User:owner", "Person:Felix")),
        ("кто классный руководитель у Тимура", "Person:Роза Ахметовна", ("Person:Варя",)),
    ]
    assert not chat.misses(asked)
    chat.lang = "en"
    asked_en: Asked = [
        ("who is Felix's teacher", "Person:Okafor", ("Person:Варя",)),
        ("what grade is Felix in", "Person:Felix", ("User:owner",)),
    ]
    assert not chat.misses(asked_en)


def test_home_service_people_with_their_phones(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = Chat(tmp_path / "m.db", monkeypatch, capsys)
    told = [
        "запомни: сантехник Гена, +7 901 222-33-44",
        "запомни: электрик — Руслан, тел 8 913 456 78 90",
        "remember: our plumber is Dwayne, 555-0142",
        "remember: our handyman is Priscilla Moon, phone 555-0177",
    ]
    out = _tell(chat, told)
    assert "role: сантехник (" in out, out  # the phone is a line of its own
    assert "contact: телефон +7 901 222-33-44" in out, out
    assert "contact: phone 555-0142" in out, out
    for name in ("Гена", "Руслан", "Dwayne", "Priscilla Moon"):
        assert f"Person:{name} -[provider_of]-> User:owner" in out, out
    asked: Asked = [
        ("телефон сантехника", "Person:Гена", ("Person:Руслан",)),
        ("как связаться с электриком", "Person:Руслан", ("Person:Гена",)),
    ]
    assert not chat.misses(asked)
    chat.lang = "en"
    asked_en: Asked = [
        ("who is our plumber", "Person:Dwayne", ("Person:Priscilla Moon", "Person:Руслан")),
        ("handyman's phone", "Person:Priscilla Moon", ("Person:Dwayne", "Person:Гена")),
    ]
    assert not chat.misses(asked_en)


def test_contact_details_said_in_passing_but_no_secrets(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = Chat(tmp_path / "m.db", monkeypatch, capsys)
    told = [
        "запомни: телефон Лёли +7 925 765-43-21",
        "запомни: у Стаса телеграм @stas_dev",
        "remember: Greta's email is greta.h@example.org",
        "запомни: номер телефона Ани: 8 (916) 555-44-33",  # "Ани": Аня, not a name "Ани"
        "remember: Magnus's phone number is +49 151 2345 6789",
    ]
    out = _tell(chat, told)
    for name, line in (
        ("Лёля", "contact: телефон +7 925 765-43-21"),
        ("Стас", "contact: телеграм @stas_dev"),
        ("Greta", "contact: email greta.h@example.org"),
        ("Аня", "contact: телефон 8 (916) 555-44-33"),
        ("Magnus", "contact: phone +49 151 2345 6789"),
    ):
        assert f"Person:{name} (новая запись):\n• {line}" in out, out
    asked: Asked = [
        ("какой телефон у Лёли", "Person:Лёля", ("Person:Стас",)),
        ("телеграм Стаса", "Person:Стас", ("Person:Лёля",)),
    ]
    assert not chat.misses(asked)
    for secret in (
        "запомни: пароль Лёли от вайфая Qw7!rty_991",
        "remember: Greta's card number is 4111 1111 1111 1111",
    ):
        refused = chat.say(secret)
        assert "✅" not in refused, refused


def test_a_gift_idea_is_a_line_on_whom_it_is_for(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = Chat(tmp_path / "m.db", monkeypatch, capsys)
    told = [
        "запомни: Полине на др подарить беговые кроссовки",
        "запомни: подарок папе — набор отвёрток",
        "запомни: я люблю чай",
        "remember: gift idea for Ronan: a telescope",
        "запомни: на новый год Диме подарить настольную игру",
        "remember: for Ingrid's birthday: a silk scarf",
        "remember: Ronan is allergic to cats",
    ]
    out = _tell(chat, told)
    assert "Person:Полина (новая запись):\n• fact: подарок на др: беговые кроссовки" in out, out
    assert "Person:Папа -[parent_of]-> User:owner" in out, out
    assert "Person:Ronan (новая запись):\n• fact: gift idea: a telescope" in out, out
    assert "Person:Дима (новая запись):\n• fact: подарок на новый год: настольную игру" in out
    assert "Person:Ingrid (новая запись):\n• fact: gift idea (birthday): a silk scarf" in out
    asked: Asked = [
        ("что подарить Полине", "Person:Полина", ("User:owner", "Person:Ronan")),
        ("что подарить папе", "Person:Папа", ("User:owner", "Person:Полина")),
    ]
    assert not chat.misses(asked)
    chat.lang = "en"
    asked_en: Asked = [("gift ideas for Ronan", "Person:Ronan", ("User:owner", "Person:Полина"))]
    assert not chat.misses(asked_en)


def test_a_duty_said_with_another_verb_is_a_role(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = Chat(tmp_path / "m.db", monkeypatch, capsys)
    told = [
        "remember: Declan handles expense reports for the sales team",
        "запомни: Снежана занимается закупками канцелярии",
        "remember: Yusuf takes care of the parking passes",
    ]
    out = _tell(chat, told)
    assert "role: handles expense reports for the sales team" in out, out
    assert "role: занимается закупками канцелярии" in out, out
    assert "role: takes care of the parking passes" in out, out
    asked: Asked = [
        ("кто занимается закупками", "Person:Снежана", ("Person:Declan",)),
        ("who handles expense reports", "Person:Declan", ("Person:Yusuf",)),
        ("who takes care of the parking passes", "Person:Yusuf", ("Person:Declan",)),
    ]
    assert not chat.misses(asked)
