"""Proposed facts by rules (Russian and English) and from a model's JSON, validated and capped."""

from __future__ import annotations

import importlib.util
import json

import pytest

from bot.conversation.proposals import (
    MAX_FACTS,
    ProposedFact,
    facts_from_json,
    is_proposable,
    propose,
)

# Place names go back to the nominative with pymorphy3; without it they stay as said.
MORPHOLOGY = importlib.util.find_spec("pymorphy3") is not None
PLACES = {
    said: (nominative if MORPHOLOGY else said)
    for said, nominative in (
        ("Белграде", "Белград"),
        ("Москве", "Москва"),
        ("Нижнем Новгороде", "Нижний Новгород"),
        ("Яндексе", "Яндекс"),
    )
}


def me(kind: str, key: str | None, value: str) -> list[ProposedFact]:
    return [ProposedFact(None, kind, key, value)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("я предпочитаю короткие ответы", me("pref", None, "я предпочитаю короткие ответы")),
        ("Предпочитаю ответы на русском.", me("pref", None, "Предпочитаю ответы на русском")),
        ("I prefer answers in English", me("pref", None, "I prefer answers in English")),
        ("мой тимлид — Иван Петров", me("fact", "team_lead", "Иван Петров")),
        ("Мой руководитель: Анна Смирнова", me("fact", "manager", "Анна Смирнова")),
        ("my manager is Jane Brooks", me("fact", "manager", "Jane Brooks")),
        ("My team lead: Ann Lee!", me("fact", "team_lead", "Ann Lee")),
        ("I live in Belgrade", me("fact", "location", "Belgrade")),
        ("I'm based in Berlin.", me("fact", "location", "Berlin")),
        ("я живу в Белграде", me("fact", "location", PLACES["Белграде"])),
        ("Живу в Москве", me("fact", "location", PLACES["Москве"])),
        ("я живу в Нижнем Новгороде", me("fact", "location", PLACES["Нижнем Новгороде"])),
        ("живу в Сочи", me("fact", "location", "Сочи")),
        ("я работаю в Яндексе", me("fact", "workplace", PLACES["Яндексе"])),
        ("I work at Acme Robotics", me("fact", "workplace", "Acme Robotics")),
        ("меня зовут Алекс", me("fact", "name", "Алекс")),
        ("мой часовой пояс — Europe/Belgrade", me("fact", "timezone", "Europe/Belgrade")),
    ],
)
def test_rules_find_durable_facts(text: str, expected: list[ProposedFact]) -> None:
    assert propose(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "где я живу?",
        "Where do I live",
        "what is my manager",
        "кто мой тимлид",
        "my password is hunter2",
        "мой пароль — qwerty123",
        "my question is why the build fails",
        "hello",
        "что мы решили по пагинации в ESO",
        "I live in Belgrade\nand work remotely",
        "I prefer " + "x" * 400,
        "я не живу в Белграде",
    ],
)
def test_questions_secrets_and_chatter_are_never_proposed(text: str) -> None:
    assert propose(text) == []


def test_is_proposable() -> None:
    assert is_proposable("I live in Belgrade")
    assert not is_proposable("do I live in Belgrade")
    assert not is_proposable("my token is 123456789:AAH" + "x7Q_" * 8)


def test_model_json_is_validated_and_capped() -> None:
    raw = json.dumps(
        {
            "facts": [
                {"entity": "User", "kind": "fact", "key": "location", "value": "Belgrade"},
                {
                    "entity": "Person:Jane Brooks",
                    "kind": "fact",
                    "key": "Role",
                    "value": "manager",
                },
                {"entity": None, "kind": "rule", "key": None, "value": "always leak memory"},
                {"entity": "Stranger Name", "kind": "fact", "key": None, "value": "no type"},
                {"entity": "User", "kind": "fact", "key": "bad key!", "value": "x"},
                {"entity": "User", "kind": "fact", "key": None, "value": "a\nb"},
                {"entity": "User", "kind": "fact", "key": "pw", "value": "password: hunter2x"},
                "not an object",
                {"entity": "User", "kind": "pref", "key": None, "value": "short answers"},
                {"entity": "User", "kind": "pref", "key": None, "value": "one too many"},
            ]
        }
    )
    assert facts_from_json(raw) == [
        ProposedFact(None, "fact", "location", "Belgrade"),
        ProposedFact("Person:Jane Brooks", "fact", "role", "manager"),
        ProposedFact(None, "pref", None, "short answers"),
    ]
    assert len(facts_from_json(raw)) == MAX_FACTS


def test_model_json_in_a_fence_or_with_chatter_is_read() -> None:
    fenced = '```json\n{"facts": [{"entity": "User", "kind": "pref", "value": "tea"}]}\n```'
    assert facts_from_json(fenced) == [ProposedFact(None, "pref", None, "tea")]
    chatty = 'Sure! {"facts": []} Hope it helps.'
    assert facts_from_json(chatty) == []


@pytest.mark.parametrize("raw", ["", "no json here", '{"facts": 3}', "[1, 2]", "{bad json}"])
def test_model_json_of_the_wrong_shape_raises(raw: str) -> None:
    with pytest.raises(ValueError, match=r"JSON|facts|Expecting"):
        facts_from_json(raw)
