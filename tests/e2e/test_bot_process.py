"""`memory-bot run` as a real process: starts, answers, logs no token, stops on SIGTERM."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.e2e import updates
from tests.e2e.fake_bot_api import FakeBotApi
from tests.e2e.harness import OWNER, TOKEN

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


async def test_run_serves_until_sigterm_without_logging_the_token(
    fake_api: FakeBotApi, tmp_path: Path
) -> None:
    env = {
        **os.environ,
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
