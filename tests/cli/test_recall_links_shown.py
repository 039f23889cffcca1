"""The links under a chat answer explain what is shown, not all of the owner's people."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from bot.cli import main

TOLD = [
    "remember: my manager is Laura Chen",
    "remember: my sister Kate lives in Denver",
    "remember: I live in Austin",
]


def _chat(lines: list[str], db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["chat", "--db", str(db), "--lang", "en"]) == 0


def test_own_line_shows_no_boss_and_no_sister(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    _chat(TOLD, db, monkeypatch)
    capsys.readouterr()
    _chat(["where do I live"], db, monkeypatch)
    answer = capsys.readouterr().out
    assert "Austin" in answer
    assert "Laura" not in answer
    assert "Kate" not in answer
    _chat(["where does my sister live"], db, monkeypatch)
    answer = capsys.readouterr().out
    assert "Denver" in answer
    assert "sibling_of" in answer, "the link says who Kate is"
    _chat(["what do you know about me?"], db, monkeypatch)
    answer = capsys.readouterr().out
    assert "reports_to" in answer
    assert "sibling_of" in answer, "asked about oneself, all of one's links"
