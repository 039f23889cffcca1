"""End to end, faults inside the bot: a full disk, and updates no handler expects.

A full disk is said in one line, in the log and in the chat, and reading memory goes on; an
update with ids of the wrong type gets no memory, and nothing logs a traceback.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from memory_core import Entity
from memory_core.scope import Scope
from tests.e2e import updates
from tests.e2e.fake_bot_api import FakeBotApi
from tests.e2e.harness import OWNER, RunningBot, running_bot
from tests.filesystems import fill_disk, small_disk

pytestmark = pytest.mark.e2e


def tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]


async def test_a_full_disk_is_one_line_and_reads_go_on(
    fake_api: FakeBotApi, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with small_disk(tmp_path / "disk", size_kb=2048) as disk:
        async with running_bot(fake_api, disk / "m.db") as bot:
            await bot.scoped(Scope.owner()).create_entities(
                [Entity("Project:Atlas", "Project", ("fact: status=green",))]
            )
            filler = fill_disk(disk)
            reply = ""
            for n in range(40):  # the write-ahead log may still have room for a few
                reply = await bot.say(f"remember Project:Atlas: note{n}=" + "x" * 400)
                if "disk is full" in reply:
                    break
            assert reply.startswith("💾 Not saved: the disk is full.")
            recalled = await bot.say("/recall Atlas status")
            assert "status=green" in recalled, "reading memory still works"
            logged = [r.getMessage() for r in caplog.records if "disk is full" in r.getMessage()]
            assert logged
            assert all("\n" not in line for line in logged)
            filler.unlink()
            assert (await bot.say("remember Project:Atlas: phase=two")).startswith("✅ Saved")
    assert not tracebacks(caplog)


async def test_an_update_with_string_ids_gets_no_memory_and_no_traceback(
    bot: RunningBot, fake_api: FakeBotApi, caplog: pytest.LogCaptureFixture
) -> None:
    raw = updates.private_message("remember leaked=yes", user_id=OWNER)
    raw["message"]["chat"]["id"] = "abc"
    raw["message"]["from"]["id"] = "xyz"
    fake_api.push_update(raw)
    await bot.settle()
    assert (await bot.scoped(Scope.owner()).stats()).observations == 0
    assert not tracebacks(caplog)
    assert await bot.say("remember ok=yes")
