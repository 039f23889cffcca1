"""`memory-bot chat` (the pipeline in a terminal) and `memory-bot run` start-up errors."""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "987654321:AAH" + "x7Q_" * 8


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
        ({}, "OWNER_USER_ID: is required to run the bot (also not set: TELEGRAM_BOT_TOKEN)"),
        ({"TELEGRAM_BOT_TOKEN": TOKEN}, "OWNER_USER_ID: is required to run the bot"),
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


def test_chat_buttons_numbers_and_piped_replies(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A number no button has is not sent as a message; labels are numbered once; piped
    replies are separated by an empty line."""
    db = tmp_path / "m.db"
    script = "remember Person:Ann: role=dev\nremember Person:Bob: role=dev\nforget role\n7\n4\n"
    assert chat(monkeypatch, db, script, "--lang", "en") == 0
    out = capsys.readouterr().out
    assert "1. Person:Ann: fact: role=dev" in out
    assert "  [1] fact: role=dev\n" in out
    assert "[1] 1." not in out, "a label's own number is not repeated"
    assert "There is no button 7: press 1 to 4, or write a message." in out
    assert "nothing is remembered" not in out.lower(), "7 was not recalled as a message"
    assert out.rstrip("\n").endswith("Cancelled; nothing was removed.")
    replies = out.split("\n\n")
    assert replies[0].startswith("✅ Saved to Person:Ann")
    assert replies[1].startswith("✅ Saved to Person:Bob")


def _run_in_terminal(db: Path, keys: list[bytes]) -> tuple[int, str]:
    """Run `memory-bot chat` on its own terminal, typing ``keys`` after each prompt.

    A key of Ctrl+C is typed after an ``x`` has been echoed (readline is then waiting for
    keys), and typed again while the chat has not ended: a Ctrl+C that lands just before
    readline waits is only noticed at the next key, as in any readline program.
    """
    pid, primary = pty.fork()
    if pid == 0:  # the child: a session whose controlling terminal is the new one
        os.chdir(ROOT)
        argv = [sys.executable, "-m", "bot", "chat", "--db", str(db), "--lang", "en"]
        try:
            os.execv(sys.executable, argv)  # noqa: S606 - our own interpreter, fixed arguments
        finally:
            os._exit(127)
    seen = b""
    status: int | None = None
    try:
        for key in keys:
            seen += _read_until(primary, b"> ")
            if key != b"\x03":
                os.write(primary, key)
                continue
            os.write(primary, b"x")
            seen += _read_until(primary, b"x")
            for _ in range(5):
                os.write(primary, key)
                seen += _read_until(primary, None, wait=2)
                done, ended = os.waitpid(pid, os.WNOHANG)
                if done:
                    status = ended
                    break
        if status is None:
            _, status = os.waitpid(pid, 0)
    finally:
        os.close(primary)
    return os.waitstatus_to_exitcode(status), seen.decode(errors="replace")


def _read_until(fd: int, marker: bytes | None, wait: float = 20) -> bytes:
    data = b""
    while marker is None or not data.endswith(marker):
        ready, _, _ = select.select([fd], [], [], wait)
        if not ready:
            break
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    return data


def test_chat_on_a_terminal_edits_lines_and_ctrl_c_leaves_at_once(tmp_path: Path) -> None:
    """Arrow keys edit the line (readline); Ctrl+C ends the session without a traceback."""
    db = tmp_path / "m.db"
    left = b"\x1b[D"
    code, seen = _run_in_terminal(db, [b"remember tz=UC" + left + b"T\r", b"\x03"])
    assert code == 130
    assert "Traceback" not in seen
    assert "pref: tz=UTC" in seen, "the left arrow moved the cursor instead of typing ^[[D"
