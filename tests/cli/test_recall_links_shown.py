"""The links under a chat answer explain what is shown, not all of the owner's people."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.first_hour import Chat

TOLD = [
    "remember: my manager is Laura Chen",
    "remember: my sister Kate lives in Denver",
    "remember: I live in Austin",
]


def test_own_line_shows_no_boss_and_no_sister(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chat = Chat(tmp_path / "m.db", monkeypatch, capsys, lang="en")
    chat.say(*TOLD)
    answer = chat.say("where do I live")
    assert "Austin" in answer
    assert "Laura" not in answer
    assert "Kate" not in answer
    answer = chat.say("where does my sister live")
    assert "Denver" in answer
    assert "sibling_of" in answer, "the link says who Kate is"
    answer = chat.say("what do you know about me?")
    assert "reports_to" in answer
    assert "sibling_of" in answer, "asked about oneself, all of one's links"
