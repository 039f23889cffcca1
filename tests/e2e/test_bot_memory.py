"""End to end, as the owner: remember, recall, replace, forget, undo, export, commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.conversation.commands import COMMANDS
from bot.telegram.policy import may_reach_memory
from memory_core import Entity
from memory_core.scope import Scope
from tests.e2e import updates
from tests.e2e.fake_bot_api import FakeBotApi
from tests.e2e.harness import OWNER, RunningBot, running_bot

pytestmark = pytest.mark.e2e


def buttons_of(call: Any) -> list[tuple[str, str]]:
    markup = call.params.get("reply_markup") or {}
    return [
        (b["text"], b["callback_data"]) for row in markup.get("inline_keyboard", []) for b in row
    ]


async def press(bot: RunningBot, token: str, *, user_id: int = OWNER, **extra: Any) -> None:
    answered = len(bot.api.calls("answerCallbackQuery"))
    bot.api.push_update(updates.callback_query(token, user_id=user_id, **extra))
    await bot.api.wait_for("answerCallbackQuery", count=answered + 1)


async def test_startup_publishes_the_menu_and_asks_only_for_needed_updates(
    bot: RunningBot,
) -> None:
    """post_init sets the menu in two languages; getUpdates asks for three update types."""
    await bot.settle()
    menus = bot.api.calls("setMyCommands")
    assert [c.params.get("language_code") for c in menus] == [None, "ru"]
    for call in menus:
        assert [c["command"] for c in call.params["commands"]] == [s.name for s in COMMANDS]
    polls = [c for c in bot.api.calls("getUpdates") if c.params.get("allowed_updates")]
    assert polls[0].params["allowed_updates"] == ["message", "edited_message", "callback_query"]


async def test_owner_remembers_and_recalls(bot: RunningBot) -> None:
    reply = await bot.say("запомни answer_format=1_screen", language_code="ru")
    assert reply.startswith("✅ Запомнил в <b>User:Test</b>")
    [call] = [c for c in bot.sent() if c.params["text"] == reply]
    assert call.params["parse_mode"] == "HTML"
    assert call.params["link_preview_options"] == {"is_disabled": True}
    lines = (await bot.scoped(Scope.owner()).open_nodes(["User:Test"])).entities[0].observations
    assert lines[0].startswith("pref: answer_format=1_screen (as_of=")

    await bot.scoped(Scope.owner()).create_entities(
        [Entity("Project:ESO", "Project", ("decision: pagination=cursor (src=meeting)",))]
    )
    answer = await bot.say("что мы решили по пагинации в ESO?", language_code="ru")
    assert answer.startswith("🔎 Запрос: <i>")
    assert "<b>Project:ESO</b>\n• decision: pagination=cursor (src=meeting)" in answer


async def test_a_changed_fact_reports_what_it_replaced(bot: RunningBot) -> None:
    await bot.say("remember Person:Ivan Petrov: role=developer")
    reply = await bot.say("remember Person:Ivan Petrov: role=team lead")
    assert "Replaced:" in reply
    assert "<s>fact: role=developer" in reply
    graph = await bot.scoped(Scope.owner()).open_nodes(["Person:Ivan Petrov"])
    assert [o.split(" (")[0] for o in graph.entities[0].observations] == ["fact: role=team lead"]


async def test_forget_and_undo_with_the_button(bot: RunningBot) -> None:
    await bot.say("remember answer_format=1_screen")
    [call] = await bot.push(updates.private_message("forget answer_format", user_id=OWNER))
    assert call.params["text"].startswith("🗑 Forgot:")
    [(label, token)] = buttons_of(call)
    assert label == "Undo"
    assert (await bot.scoped(Scope.owner()).stats()).observations == 0

    edits = len(bot.api.calls("editMessageText"))
    await press(bot, token, message_id=call.params.get("message_id"))
    [edit] = (await bot.api.wait_for("editMessageText", count=edits + 1))[edits:]
    assert edit.params["text"].startswith("↩️ Restored:")
    assert (await bot.scoped(Scope.owner()).stats()).observations == 1

    await press(bot, token)  # the same button again: spent
    answer = bot.api.calls("answerCallbackQuery")[-1]
    assert "expired" in answer.params["text"]
    assert (await bot.scoped(Scope.owner()).stats()).observations == 1


async def test_forget_with_several_matches_asks_then_removes_the_choice(bot: RunningBot) -> None:
    for name in ("Ann", "Bob"):
        await bot.say(f"remember Person:{name}: role=dev")
    [call] = await bot.push(updates.private_message("/forget role", user_id=OWNER))
    labels = [label for label, _ in buttons_of(call)]
    assert labels[-2:] == ["All shown", "Cancel"]
    assert len(labels) == 4
    bob_token = buttons_of(call)[1][1]
    edits = len(bot.api.calls("editMessageText"))
    await press(bot, bob_token)
    [edit] = (await bot.api.wait_for("editMessageText", count=edits + 1))[edits:]
    assert "Person:Bob" in edit.params["text"]
    assert [label for label, _ in buttons_of(edit)] == ["Undo"]
    assert (await bot.scoped(Scope.owner()).stats()).observations == 1


async def test_forget_nothing_says_so(bot: RunningBot) -> None:
    reply = await bot.say("forget something that is not there")
    assert reply == "Nothing matches «something that is not there»; nothing was removed."


async def test_memory_and_export(bot: RunningBot) -> None:
    await bot.say("remember Person:Ann: role=dev")
    summary = await bot.say("/memory")
    assert summary.startswith("🧠 Memory: 1 entry, 1 fact, 0 links.")
    documents = len(bot.api.calls("sendDocument"))
    bot.api.push_update(updates.private_message("/export", user_id=OWNER))
    [doc] = (await bot.api.wait_for("sendDocument", count=documents + 1))[documents:]
    assert doc.params["document"].filename == "memory-owner.jsonl"
    [row] = [json.loads(x) for x in doc.params["document"].content.decode().splitlines()]
    assert row["name"] == "Person:Ann"
    assert doc.params["caption"].startswith("Memory export: 1 entry")


async def test_help_and_start(bot: RunningBot) -> None:
    text = await bot.say("/help@memory_test_bot")
    for spec in COMMANDS:
        assert f"/{spec.name}" in text
    assert (await bot.say("/start", language_code="ru")).startswith("Привет!")


async def test_an_edited_remember_replaces_and_an_edited_question_is_ignored(
    bot: RunningBot,
) -> None:
    await bot.say("remember lang=en")
    [edit_reply] = await bot.push(updates.edited_message("remember lang=ru", user_id=OWNER))
    assert "Replaced:" in edit_reply.params["text"]
    await bot.push(updates.edited_message("what about ESO?", user_id=OWNER), replies=0)
    await bot.settle()
    texts = [c.params["text"] for c in bot.sent()]
    assert not any("ESO" in t for t in texts)


async def test_a_redelivered_update_stores_once(fake_api: FakeBotApi, tmp_path: Path) -> None:
    """The same update delivered again (its confirmation was lost) is neither stored nor
    answered twice: the inbox knows it was handled."""
    raw = updates.private_message("remember Person:Ann: role=dev", user_id=OWNER)
    async with running_bot(fake_api, tmp_path / "m.db") as first:
        [reply] = await first.push(raw)
        assert reply.params["text"].startswith("✅ Saved to <b>Person:Ann</b>")
    async with FakeBotApi() as fresh, running_bot(fresh, tmp_path / "m.db") as second:
        fresh.push_update(raw)
        await second.settle()  # handled in order: the redelivery came first
        assert len(fresh.sent_texts()) == 1, "only /start was answered"
        assert (await second.scoped(Scope.owner()).stats()).observations == 1


async def test_a_fetched_batch_is_stored_and_quiet_updates_are_not_counted(
    fake_api: FakeBotApi, tmp_path: Path
) -> None:
    """Every fetched update that may reach memory is in the inbox before it is handled,
    and counted as begun; a message in a group without memory is neither."""
    db = tmp_path / "m.db"
    async with running_bot(fake_api, db, isolated_chat_ids=frozenset({-100555})) as bot:
        before = len(bot.sent())
        for n in range(3):
            fake_api.push_update(updates.group_message(f"hello {n}", chat_id=-100777, user_id=55))
        fake_api.push_update(
            updates.group_message("remember team=blue", chat_id=-100555, user_id=55)
        )
        fake_api.push_update(updates.private_message("remember k=v", user_id=OWNER))
        # handled one at a time, in order: the second reply comes after both were begun
        await fake_api.wait_for("sendMessage", count=before + 2)
        async with bot.memory.db.read() as conn:
            rows = await conn.execute_fetchall("SELECT attempts FROM inbox ORDER BY update_id")
    assert [a for (a,) in rows] == [1, 1], "the isolated group's and the owner's"


def test_only_updates_that_may_reach_memory_are_kept() -> None:
    isolated = frozenset({-100555})
    group = updates.group_message("hello", chat_id=-100777, user_id=55)
    listed = updates.group_message("hello", chat_id=-100555, user_id=55)
    private = updates.private_message("hello", user_id=OWNER)
    stranger = updates.private_message("hello", user_id=OWNER + 1)
    channel = {
        "update_id": 9,
        "channel_post": {"message_id": 1, "chat": {"id": -1, "type": "channel"}},
    }
    assert not may_reach_memory(group, isolated_chat_ids=isolated)
    assert not may_reach_memory(channel, isolated_chat_ids=isolated)
    assert may_reach_memory(listed, isolated_chat_ids=isolated)
    assert may_reach_memory(private, isolated_chat_ids=isolated)
    assert may_reach_memory(stranger, isolated_chat_ids=isolated), "isolated private memory"


_VOICE: dict[str, Any] = {"voice": {"file_id": "v1", "file_unique_id": "uv1", "duration": 3}}
_PHOTO: dict[str, Any] = {
    "photo": [{"file_id": "p1", "file_unique_id": "up1", "width": 90, "height": 60}]
}
_STICKER: dict[str, Any] = {
    "sticker": {
        "file_id": "s1",
        "file_unique_id": "us1",
        "type": "regular",
        "width": 512,
        "height": 512,
        "is_animated": False,
        "is_video": False,
    }
}


async def test_a_caption_is_read_as_a_message(bot: RunningBot) -> None:
    """A photo sent with "remember ..." under it is remembered like the same text."""
    [reply] = await bot.push(
        updates.private_message(None, user_id=OWNER, caption="remember tea=sencha", **_PHOTO)
    )
    assert reply.params["text"].startswith("✅")
    recalled = await bot.say("what tea do I like?")
    assert "sencha" in recalled


async def test_a_voice_message_is_told_that_only_text_is_read(bot: RunningBot) -> None:
    [reply] = await bot.push(updates.private_message(None, user_id=OWNER, **_VOICE))
    assert reply.params["text"].startswith("I read text only")
    [photo] = await bot.push(updates.private_message(None, user_id=OWNER, **_PHOTO))
    assert photo.params["text"].startswith("I read text only")
    stats = await bot.scoped(Scope.owner()).stats()
    assert (stats.entities, stats.observations) == (0, 0), "nothing stored"


async def test_a_sticker_gets_no_reply(bot: RunningBot) -> None:
    await bot.push(updates.private_message(None, user_id=OWNER, **_STICKER), replies=0)
    before = len(bot.sent())
    await bot.settle()  # the /start after it is answered; the sticker was not
    assert len(bot.sent()) == before + 1
