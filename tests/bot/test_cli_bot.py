"""`memory-bot chat` (the pipeline in a terminal) and `memory-bot run` start-up errors."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main

ROOT = Path(__file__).resolve().parents[2]


def chat(monkeypatch: pytest.MonkeyPatch, db: Path, text: str, *args: str) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return main(["chat", "--db", str(db), *args])


def test_chat_remembers_recalls_and_presses_buttons_by_number(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    script = "\n".join(
        [
            "remember Person:Ann: role=dev",
            "remember Person:Bob: role=dev",
            "forget role",
            "2",
            "1",
            "/memory",
        ]
    )
    assert chat(monkeypatch, db, script + "\n", "--lang", "en", "--name", "Alex") == 0
    out = capsys.readouterr().out
    assert "✅ Saved to Person:Ann (a new entry):" in out
    assert "Several memories match «role». Which should I forget?" in out
    assert "  [3] All shown\n  [4] Cancel" in out
    assert "🗑 Forgot:\n• Person:Bob: fact: role=dev" in out
    assert "  [1] Undo" in out
    assert "↩️ Restored:\n• Person:Bob: fact: role=dev" in out
    assert "🧠 Memory: 2 entries, 2 facts, 0 links." in out
    assert "<b>" not in out, "plain text, no HTML"


def test_chat_offers_a_stated_fact_and_yes_stores_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    assert chat(monkeypatch, db, "I live in Belgrade\n1\n", "--lang", "en", "--name", "Alex") == 0
    out = capsys.readouterr().out
    assert "💡 Shall I remember this?\n• User:Alex: fact: location=Belgrade (as_of=" in out
    assert "  [1] Yes, remember\n  [2] No" in out
    assert "✅ Saved to User:Alex (a new entry):" in out


def test_chat_in_russian_and_a_number_without_buttons_is_a_message(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert chat(monkeypatch, tmp_path / "m.db", "запомни a=b\n42\n", "--lang", "ru") == 0
    out = capsys.readouterr().out
    assert "✅ Запомнил в User:owner (новая запись):" in out
    assert "Не понял, что искать." in out, "'42' was read as a message (no content words)"


def test_chat_works_piped(tmp_path: Path) -> None:
    """The real command, with stdin from a pipe: one reply per line, then exit 0."""
    done = subprocess.run(
        [sys.executable, "-m", "bot", "chat", "--db", str(tmp_path / "m.db"), "--lang", "en"],
        input="remember tz=UTC\n/recall\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "✅ Saved to User:owner (a new entry):"
    assert "🕘 Recent memories:" in done.stdout
    assert "> " not in done.stdout, "no prompt when piped"


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({}, "OWNER_USER_ID: is required but not set"),
        ({"OWNER_USER_ID": "42"}, "TELEGRAM_BOT_TOKEN: is required to run the bot"),
        ({"OWNER_USER_ID": "42", "TELEGRAM_BOT_TOKEN": "nope"}, "TELEGRAM_BOT_TOKEN: must look"),
    ],
)
def test_run_stops_with_one_line_naming_the_setting(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    env: dict[str, str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    for name in ("OWNER_USER_ID", "TELEGRAM_BOT_TOKEN", "WEBHOOK_URL"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main(["run", "--db", str(tmp_path / "m.db")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"memory-bot: error: {message}")
    assert err.count("\n") == 1
    assert "nope" not in err
