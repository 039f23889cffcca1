"""The chat grammar, as tables: each message or command reads as exactly one intent."""

from __future__ import annotations

import pytest

from bot.conversation.grammar import (
    Export,
    Fact,
    Forget,
    Help,
    IndexKb,
    Intent,
    Recall,
    Remember,
    RestoreForgotten,
    Rule,
    ShowForgotten,
    ShowMemory,
    Start,
    UnknownCommand,
    is_memory_attempt,
    parse_command,
    parse_input,
    parse_text,
)

REMEMBER_CASES = [
    # --- Russian --------------------------------------------------------------------------
    (
        "запомни answer_format=1_screen",
        Remember("answer_format=1_screen", fact=Fact("answer_format", "1_screen")),
    ),
    (
        "Запомни: answer_format = 1_screen",
        Remember("answer_format = 1_screen", fact=Fact("answer_format", "1_screen")),
    ),
    (
        "не забудь, Language=RU",
        Remember("Language=RU", fact=Fact("language", "RU")),
    ),
    (
        "запомни Person:Иван Петров: role=тимлид ESO",
        Remember(
            "Person:Иван Петров: role=тимлид ESO",
            entity="Person:Иван Петров",
            fact=Fact("role", "тимлид ESO"),
        ),
    ),
    (
        "запомни person: Иван  Петров: любит кофе",
        Remember(
            "person: Иван  Петров: любит кофе",
            entity="Person:Иван Петров",
            fact=Fact(None, "любит кофе"),
        ),
    ),
    (
        "запомни Project:ESO status=at_risk",
        Remember(
            "Project:ESO status=at_risk", entity="Project:ESO", fact=Fact("status", "at_risk")
        ),
    ),
    ("запомни Project:ESO", Remember("Project:ESO", entity="Project:ESO")),
    (
        "запомни, что стендап в 10:00",
        Remember("стендап в 10:00", fact=Fact(None, "стендап в 10:00")),
    ),
    (
        "запомни Иван Петров: role=архитектор",
        Remember(
            "Иван Петров: role=архитектор",
            fact=Fact("role", "архитектор"),
            head="Иван Петров",
        ),
    ),
    # --- English --------------------------------------------------------------------------
    (
        "remember answer_format=1_screen",
        Remember("answer_format=1_screen", fact=Fact("answer_format", "1_screen")),
    ),
    (
        "Don't forget: Jira:ESO-159: status=done",
        Remember("Jira:ESO-159: status=done", entity="Jira:ESO-159", fact=Fact("status", "done")),
    ),
    (
        "do not forget that the standup is at 10",
        Remember("the standup is at 10", fact=Fact(None, "the standup is at 10")),
    ),
    (
        "dont forget decision:cursor-pagination: chosen for ESO",
        Remember(
            "decision:cursor-pagination: chosen for ESO",
            entity="Decision:cursor-pagination",
            fact=Fact(None, "chosen for ESO"),
        ),
    ),
]


@pytest.mark.parametrize(("text", "expected"), REMEMBER_CASES)
def test_remember_phrases_in_both_languages(text: str, expected: Remember) -> None:
    """Remember triggers read Type:Name, key=value, Name: rest and free text as documented."""
    assert parse_text(text) == expected


OTHER_CASES: list[tuple[str, Intent]] = [
    ("всегда делай так: отвечай на одном экране", Rule("always", "отвечай на одном экране")),
    ("Всегда делай: пиши по-русски", Rule("always", "пиши по-русски")),
    ("always do: answer in one screen", Rule("always", "answer in one screen")),
    ("больше так не делай: длинные списки", Rule("never", "длинные списки")),
    ("никогда не делай: эмодзи", Rule("never", "эмодзи")),
    ("never do: emoji", Rule("never", "emoji")),
    ("never do that again: long lists", Rule("never", "long lists")),
    ("больше так не делай", Rule("never", "")),
    ("не делай так больше", Rule("never", "")),
    ("так больше не пиши", Rule("never", "")),
    ("больше так не отвечай: списками", Rule("never", "списками")),
    ("don't do that again", Rule("never", "")),
    ("stop doing that", Rule("never", "")),
    ("делай так всегда", Rule("always", "")),
    ("keep doing this", Rule("always", "")),
    ("забудь answer_format", Forget("answer_format")),
    ("Забудь про пагинацию", Forget("пагинацию")),
    ("forget about Project:ESO", Forget("Project:ESO")),
    ("forget", Forget("")),
    ("вспомни про ESO", Recall("ESO", explicit=True)),
    ("что ты помнишь об Иване?", Recall("Иване?", explicit=True)),
    ("recall cursor pagination", Recall("cursor pagination", explicit=True)),
    ("what do you remember about ESO", Recall("ESO", explicit=True)),
    ("remember what we decided about ESO?", Recall("what we decided about ESO?", True)),
    ("что мы решили по пагинации в ESO?", Recall("что мы решили по пагинации в ESO?")),
    ("remembering is hard", Recall("remembering is hard")),
    ("забудьте", Forget("")),
    ("запомнил?", Recall("запомнил?")),
    ("I forget things", Recall("I forget things")),
]


@pytest.mark.parametrize(("text", "expected"), OTHER_CASES)
def test_rules_forget_recall_and_plain_questions(text: str, expected: Intent) -> None:
    """Rules, forget and recall triggers start the message; anything else is a question."""
    assert parse_text(text) == expected


COMMAND_CASES: list[tuple[str, Intent]] = [
    (
        "/remember answer_format=1_screen",
        Remember("answer_format=1_screen", fact=Fact("answer_format", "1_screen")),
    ),
    ("/remember@memory_test_bot a=b", Remember("a=b", fact=Fact("a", "b"))),
    ("/remember", Remember("")),
    ("/forget role", Forget("role")),
    ("/recall ESO", Recall("ESO", explicit=True)),
    ("/recall", Recall("", explicit=True)),
    ("/memory", ShowMemory()),
    ("/memory forgotten", ShowForgotten()),
    ("/memory забытое", ShowForgotten()),
    ("/memory restore 3", RestoreForgotten(3)),
    ("/memory верни #2", RestoreForgotten(2)),
    ("/memory restore", RestoreForgotten(None)),
    ("/memory restore two", RestoreForgotten(None)),
    ("/memory whatever", ShowMemory()),
    ("/index", IndexKb()),
    ("/export", Export()),
    ("/start", Start()),
    ("/HELP", Help()),
    ("/frobnicate now", UnknownCommand("frobnicate")),
]


@pytest.mark.parametrize(("text", "expected"), COMMAND_CASES)
def test_slash_commands(text: str, expected: Intent) -> None:
    """Slash commands (with or without @botname) map to the same intents as phrases."""
    assert parse_input(text) == expected


def test_parse_command_matches_parse_input() -> None:
    """The Telegram path (name + args) and the terminal path read commands the same way."""
    assert parse_command("remember", " Person:Иван: a=b ") == parse_input(
        "/remember Person:Иван: a=b"
    )


@pytest.mark.parametrize(
    ("intent", "attempt"),
    [
        (Remember("a=b"), True),
        (Rule("never", "x"), True),
        (Forget("x"), True),
        (Recall("x", explicit=True), True),
        (ShowMemory(), True),
        (Export(), True),
        (Recall("hello there"), False),
        (Start(), False),
        (Help(), False),
        (UnknownCommand("x"), False),
    ],
)
def test_memory_attempts(intent: Intent, attempt: bool) -> None:
    """Only triggers and memory commands count as attempts (they get "memory is off")."""
    assert is_memory_attempt(intent) is attempt
