"""End to end, operations: webhook mode, a group upgraded to a supergroup, a second poller,
daily backups inside the bot, and `memory-bot doctor` against the fake Bot API."""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest

from bot.cli.doctor import cmd_doctor
from bot.cli.main import settings_for
from bot.ops.backup import backups_in
from bot.settings import load_settings
from bot.telegram.app import PollingConflictError, build_application, serve
from memory_core import Entity, Memory
from memory_core.scope import Scope
from tests.e2e import updates
from tests.e2e.fake_bot_api import FakeBotApi
from tests.e2e.harness import OWNER, STRANGER, TOKEN, running_bot

pytestmark = pytest.mark.e2e

OLD_GROUP = -4_000_000_123  # a basic group, isolated
NEW_SUPERGROUP = -1_004_000_000_123  # the same group after the upgrade
SECRET = "webhook-Secret_42"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def webhook_settings() -> tuple[int, dict[str, Any], str]:
    """A free local port, the webhook settings that listen on it, and the URL to post to."""
    port = free_port()
    settings = {
        "webhook_url": "https://bot.example.org/tg/hook",
        "webhook_secret": SECRET,
        "webhook_listen": "127.0.0.1",
        "webhook_port": port,
    }
    return port, settings, f"http://127.0.0.1:{port}/tg/hook"


async def until_listening(port: int) -> None:
    """Wait until the webhook server accepts connections (it starts after setWebhook)."""
    async with asyncio.timeout(5):
        while True:
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                await asyncio.sleep(0.02)
                continue
            writer.close()
            await writer.wait_closed()
            return


async def test_webhook_mode_handles_updates_with_the_secret_only(
    fake_api: FakeBotApi, tmp_path: Path
) -> None:
    port, webhook, url = webhook_settings()
    async with running_bot(fake_api, tmp_path / "m.db", **webhook) as bot:
        [hook] = await fake_api.wait_for("setWebhook")
        assert hook.params["url"] == "https://bot.example.org/tg/hook"
        assert hook.params["secret_token"] == SECRET
        assert hook.params["allowed_updates"] == ["message", "edited_message", "callback_query"]
        await until_listening(port)
        async with httpx.AsyncClient(timeout=5) as client:
            bad: list[int] = []
            for headers in ({}, {"X-Telegram-Bot-Api-Secret-Token": "wrong"}):
                raw = updates.private_message("remember leaked=yes", user_id=OWNER)
                bad.append((await client.post(url, json=raw, headers=headers)).status_code)
            good = updates.private_message("remember tz=UTC", user_id=OWNER)
            answer = await client.post(
                url, json=good, headers={"X-Telegram-Bot-Api-Secret-Token": SECRET}
            )
            [reply] = await fake_api.wait_for("sendMessage")
        assert bad == [403, 403]
        assert answer.status_code == 200
        assert str(reply.params["text"]).startswith("✅ Saved to <b>User:Test</b>")
        lines = [
            o
            for e in (await bot.scoped(Scope.owner()).read_graph()).entities
            for o in e.observations
        ]
        assert [line.split(" (")[0] for line in lines] == ["pref: tz=UTC"]
    assert not fake_api.calls("getUpdates"), "a webhook bot never polls"
    assert len(fake_api.calls("sendMessage")) == 1


async def test_the_webhook_answers_200_only_once_the_update_is_stored(
    fake_api: FakeBotApi, tmp_path: Path
) -> None:
    """200 means stored: the update is in the inbox before Telegram hears back, and a retry
    of the same update is not handled again."""
    port, webhook, url = webhook_settings()
    db = tmp_path / "m.db"
    headers = {"X-Telegram-Bot-Api-Secret-Token": SECRET}
    async with running_bot(fake_api, db, **webhook):
        await fake_api.wait_for("setWebhook")
        await until_listening(port)
        fake_api.delay_next("sendMessage", 1.0)  # the update stays in hand meanwhile
        raw = updates.private_message("remember hook=stored", user_id=OWNER)
        async with httpx.AsyncClient(timeout=5) as client:
            answer = await client.post(url, json=raw, headers=headers)
            with sqlite3.connect(db) as conn:
                row = conn.execute(
                    "SELECT payload IS NOT NULL, done_at FROM inbox WHERE update_id = ?",
                    (raw["update_id"],),
                ).fetchone()
            assert answer.status_code == 200
            assert row == (1, None), "stored, and not yet answered, when 200 came back"
            await fake_api.wait_for("sendMessage")
            retry = await client.post(url, json=raw, headers=headers)
            assert retry.status_code == 200
            other = updates.private_message("/start", user_id=OWNER)
            await client.post(url, json=other, headers=headers)
            await fake_api.wait_for("sendMessage", count=2)
    texts = fake_api.sent_texts()
    assert len(texts) == 2
    assert texts[0].startswith("✅ Saved to <b>User:Test</b>")


def _upgrade(chat_id: int = OLD_GROUP, **extra: Any) -> dict[str, Any]:
    return updates.group_message(
        None, chat_id=chat_id, chat_type="group", user_id=STRANGER, **extra
    )


async def test_a_group_upgraded_to_a_supergroup_keeps_its_memory(
    fake_api: FakeBotApi, tmp_path: Path
) -> None:
    db = tmp_path / "m.db"
    async with running_bot(fake_api, db, isolated_chat_ids=frozenset({OLD_GROUP})) as bot:
        [saved] = await bot.push(
            updates.group_message(
                "remember Project:Atlas: status=green",
                chat_id=OLD_GROUP,
                chat_type="group",
                user_id=STRANGER,
            )
        )
        assert str(saved.params["text"]).startswith("✅ Saved")

        [notice] = await bot.push(_upgrade(migrate_to_chat_id=NEW_SUPERGROUP))
        assert notice.params["chat_id"] == NEW_SUPERGROUP
        text = str(notice.params["text"])
        assert "new id <code>-1004000000123</code>" in text
        assert "(1 entry, 1 fact)" in text
        assert "ISOLATED_CHAT_IDS" in text
        assert (await bot.scoped(Scope.parse(f"chat:{OLD_GROUP}")).stats()).entities == 0
        assert (await bot.scoped(Scope.parse(f"chat:{NEW_SUPERGROUP}")).stats()).observations == 1

        # the supergroup's side of the upgrade, and the same upgrade delivered again: silent
        bot.api.push_update(
            updates.group_message(
                None, chat_id=NEW_SUPERGROUP, user_id=STRANGER, migrate_from_chat_id=OLD_GROUP
            )
        )
        bot.api.push_update(_upgrade(migrate_to_chat_id=NEW_SUPERGROUP))
        # the new id is not configured yet: the policy keeps memory off there
        [off] = await bot.push(
            updates.group_message("recall Atlas", chat_id=NEW_SUPERGROUP, user_id=STRANGER)
        )
        assert off.params["text"] == "Memory is off in this chat."
        await bot.settle()
        assert fake_api.sent_texts(chat_id=NEW_SUPERGROUP) == [text, off.params["text"]]

    isolated = frozenset({NEW_SUPERGROUP})
    async with running_bot(fake_api, db, isolated_chat_ids=isolated) as bot:
        [answer] = await bot.push(
            updates.group_message("recall Atlas", chat_id=NEW_SUPERGROUP, user_id=STRANGER)
        )
        assert "status=green" in str(answer.params["text"])


async def test_the_upgrade_of_a_group_that_is_not_isolated_moves_nothing(
    fake_api: FakeBotApi, tmp_path: Path
) -> None:
    async with running_bot(fake_api, tmp_path / "m.db") as bot:
        old = bot.scoped(Scope.parse(f"chat:{OLD_GROUP}"))
        await old.create_entities([Entity("Project:Left", "Project", ("x: y=z",))])
        bot.api.push_update(_upgrade(migrate_to_chat_id=NEW_SUPERGROUP))
        await bot.settle()
        assert fake_api.sent_texts(chat_id=NEW_SUPERGROUP) == []
        assert (await old.stats()).entities == 1
        assert (await bot.scoped(Scope.parse(f"chat:{NEW_SUPERGROUP}")).stats()).entities == 0


async def test_a_second_poller_on_the_token_stops_the_bot_cleanly(
    fake_api: FakeBotApi, tmp_path: Path
) -> None:
    settings = load_settings(
        _env_file=None,
        telegram_bot_token=TOKEN,
        owner_user_id=OWNER,
        telegram_base_url=fake_api.base_url,
        database_path=tmp_path / "m.db",
    )
    memory = Memory(settings.database_path)
    fake_api.fail_next(
        "getUpdates",
        409,
        {
            "ok": False,
            "error_code": 409,
            "description": "Conflict: terminated by other getUpdates request; make sure that "
            "only one bot instance is running",
        },
    )
    with pytest.raises(PollingConflictError, match="409 Conflict"):
        await asyncio.wait_for(
            serve(build_application(settings, memory), settings, asyncio.Event()), 10
        )
    assert memory.db._writer is None, "the database was closed"
    assert next(c.status for c in fake_api.calls("getUpdates")) == 409


async def test_daily_backups_run_inside_the_bot_and_rotate(
    fake_api: FakeBotApi, tmp_path: Path
) -> None:
    backup_dir = tmp_path / "backups"
    backup_dir.mkdir()
    for day in ("01", "02", "03"):
        old = backup_dir / f"memory-200001{day}-000000.db"
        old.write_bytes(b"old")
        os.utime(old, (946_684_800, 946_684_800))  # the year 2000: long due
    settings = {"backup_dir": backup_dir, "backup_keep": 2}
    async with running_bot(fake_api, tmp_path / "m.db", **settings) as bot:
        await bot.say("remember tz=UTC")
        for _ in range(250):
            names = [p.name for p in backups_in(backup_dir)]
            if len(names) == 2 and names[0] == "memory-20000103-000000.db":
                break
            await asyncio.sleep(0.02)
    names = [p.name for p in backups_in(backup_dir)]
    assert names[0] == "memory-20000103-000000.db"
    assert len(names) == 2
    assert names[1] > "memory-2020"


@pytest.fixture
def doctor_env(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake_api: FakeBotApi
) -> argparse.Namespace:
    monkeypatch.chdir(tmp_path)  # no .env here
    for name in ("BACKUP_DIR", "WEBHOOK_URL", "ISOLATED_CHAT_IDS", "NON_OWNER_MEMORY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
    monkeypatch.setenv("OWNER_USER_ID", str(OWNER))
    monkeypatch.setenv("TELEGRAM_BASE_URL", fake_api.base_url)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "m.db"))
    return argparse.Namespace(db=None)


async def test_doctor_asks_getme_and_checks_the_bot_flags(
    fake_api: FakeBotApi, doctor_env: argparse.Namespace, capsys: pytest.CaptureFixture[str]
) -> None:
    async with Memory(Path(os.environ["DATABASE_PATH"])):
        pass
    assert await cmd_doctor(doctor_env, settings_for(doctor_env)) == 0
    out = capsys.readouterr().out
    assert "OK    bot api: @memory_test_bot answers getMe\n" in out
    assert "OK    inline mode: off\n" in out
    assert "OK    business mode: off\n" in out
    assert "OK    group privacy: on" in out
    assert "WARN" not in out
    assert TOKEN not in out

    fake_api.set_bot_flags(
        supports_inline_queries=True,
        can_connect_to_business=True,
        can_read_all_group_messages=True,
    )
    assert await cmd_doctor(doctor_env, settings_for(doctor_env)) == 0, (
        "a warning is not a failure"
    )
    warnings = [line for line in capsys.readouterr().out.splitlines() if line.startswith("WARN")]
    assert [w.split(":")[0] for w in warnings] == [
        "WARN  inline mode",
        "WARN  business mode",
        "WARN  group privacy",
    ]


async def test_doctor_fails_when_the_bot_api_refuses_the_token(
    fake_api: FakeBotApi, doctor_env: argparse.Namespace, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_api.fail_next(
        "getMe", 401, {"ok": False, "error_code": 401, "description": "Unauthorized"}
    )
    assert await cmd_doctor(doctor_env, settings_for(doctor_env)) == 1
    out = capsys.readouterr().out
    assert "WARN  database: " in out  # no database yet
    [line] = [line for line in out.splitlines() if line.startswith("FAIL")]
    assert line.startswith("FAIL  bot api: getMe failed: InvalidToken")
    assert TOKEN.split(":")[1] not in out
