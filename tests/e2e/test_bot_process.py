"""`memory-bot run` as a real process: starts, answers, logs no token, stops on SIGTERM
after the update in hand, closes the database, and keeps a second instance out."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from memory_core import Memory
from memory_core.scope import Scope
from tests.e2e import updates
from tests.e2e.fake_bot_api import FakeBotApi
from tests.e2e.harness import OWNER, TOKEN

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


def bot_env(fake_api: FakeBotApi, **extra: str) -> dict[str, str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),  # this tree's code, whatever the working folder
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "OWNER_USER_ID": str(OWNER),
        "TELEGRAM_BASE_URL": fake_api.base_url,
        "NON_OWNER_MEMORY": "off",
        "ISOLATED_CHAT_IDS": "",
        "WEBHOOK_URL": "",
        "BACKUP_DIR": "",
        **extra,
    }
    env.pop("PTB_TIMEDELTA", None)  # the entry point sets it itself
    return env


async def start_run(env: dict[str, str], db: Path, cwd: Path) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "run",
        "--db",
        str(db),
        cwd=cwd,  # no .env here
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def test_run_serves_until_sigterm_without_logging_the_token(
    fake_api: FakeBotApi, tmp_path: Path
) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "OWNER_USER_ID": str(OWNER),
        "TELEGRAM_BASE_URL": fake_api.base_url,
        "LOG_LEVEL": "DEBUG",
        "NON_OWNER_MEMORY": "off",
        "ISOLATED_CHAT_IDS": "",
        "WEBHOOK_URL": "",
    }
    env.pop("PTB_TIMEDELTA", None)  # the entry point sets it itself
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "run",
        "--db",
        str(tmp_path / "m.db"),
        cwd=tmp_path,  # no .env here
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await fake_api.wait_for("setMyCommands", count=2, timeout=30)
        fake_api.push_update(updates.private_message("remember a=b", user_id=OWNER))
        [reply] = await fake_api.wait_for("sendMessage", timeout=10)
    finally:
        process.send_signal(signal.SIGTERM)
        out, err = await asyncio.wait_for(process.communicate(), 30)
    log = (out + err).decode()
    assert process.returncode == 0, log
    assert str(reply.params["text"]).startswith("✅ Saved to <b>User:Test</b>")
    assert "Application started" in log
    assert TOKEN not in log
    assert TOKEN.split(":")[1] not in log
    assert "remember a=b" not in log, "message text is never logged"


async def test_sigterm_finishes_the_update_in_hand_and_a_second_instance_is_refused(
    fake_api: FakeBotApi, tmp_path: Path
) -> None:
    db = tmp_path / "m.db"
    env = bot_env(fake_api)
    process = await start_run(env, db, tmp_path)
    try:
        await fake_api.wait_for("setMyCommands", count=2, timeout=30)
        second = await start_run(env, db, tmp_path)
        _, second_err = await asyncio.wait_for(second.communicate(), 30)
        assert second.returncode == 2
        assert second_err.decode().splitlines() == [
            f"memory-bot: error: another memory-bot is running on {db} (pid {process.pid})"
        ]

        fake_api.delay_next("sendMessage", 1.5)  # the reply is slow to go out
        fake_api.push_update(updates.private_message("remember slow=yes", user_id=OWNER))
        await fake_api.wait_for_request("sendMessage", timeout=10)
        process.send_signal(signal.SIGTERM)  # while the update is in hand
        await fake_api.wait_for("sendMessage", timeout=10)
        assert process.returncode is None, "the bot waited for its reply to go out"
        out, err = await asyncio.wait_for(process.communicate(), 30)
        code = await process.wait()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    log = (out + err).decode()
    assert code == 0, log
    [reply] = fake_api.calls("sendMessage")
    assert reply.ok
    assert str(reply.params["text"]).startswith("✅ Saved to <b>User:Test</b>")
    wal = Path(f"{db}-wal")
    assert not await asyncio.to_thread(wal.exists), "closed cleanly: the WAL was folded in"
    async with Memory(db) as memory:
        assert (await memory.scoped(Scope.owner()).stats()).observations == 1


CONFLICT = {
    "ok": False,
    "error_code": 409,
    "description": "Conflict: terminated by other getUpdates request; make sure that only "
    "one bot instance is running",
}


@pytest.mark.parametrize(
    ("method", "status", "payload", "expect"),
    [
        ("getUpdates", 409, CONFLICT, "another process is polling Telegram"),
        ("getMe", 404, "<html><body><h1>404 Not Found</h1></body></html>", "TELEGRAM_BASE_URL: "),
        (
            "getMe",
            401,
            {"ok": False, "error_code": 401, "description": "Unauthorized"},
            "TELEGRAM_BOT_TOKEN: Telegram rejected the token",
        ),
    ],
    ids=["409-conflict", "base-url-404", "token-401"],
)
async def test_a_refusal_from_the_bot_api_is_one_line(  # noqa: PLR0917 - parametrized
    fake_api: FakeBotApi,
    tmp_path: Path,
    method: str,
    status: int,
    payload: dict[str, object] | str,
    expect: str,
) -> None:
    """409 Conflict, a base URL that is not the Bot API, a rejected token: one line, exit 2.

    (At LOG_LEVEL=WARNING, so the lines counted are the failure's, not the start-up's.)
    """
    fake_api.fail_next(method, status, payload)
    process = await start_run(bot_env(fake_api, LOG_LEVEL="WARNING"), tmp_path / "m.db", tmp_path)
    out, err = await asyncio.wait_for(process.communicate(), 60)
    text = (out + err).decode()
    lines = text.splitlines()
    assert process.returncode == 2, text
    assert 1 <= len(lines) <= 3, text
    assert "Traceback" not in text
    assert lines[-1].startswith(f"memory-bot: error: {expect}"), text
    assert TOKEN.split(":")[1] not in text
