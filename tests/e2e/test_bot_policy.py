"""End to end, the policy: groups, strangers, isolated scopes, other people's buttons."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from memory_core.scope import Scope
from tests.e2e import updates
from tests.e2e.fake_bot_api import Call, FakeBotApi
from tests.e2e.harness import ISOLATED_GROUP, OPEN_GROUP, OWNER, STRANGER, RunningBot, running_bot

pytestmark = pytest.mark.e2e

MEMORY_OFF = "Memory is off in this chat."


def tokens_of(call: Call) -> list[str]:
    markup = call.params.get("reply_markup") or {}
    return [b["callback_data"] for row in markup.get("inline_keyboard", []) for b in row]


async def total_observations(bot: RunningBot, *scopes: str) -> int:
    return sum([(await bot.scoped(Scope.parse(s)).stats()).observations for s in scopes])


async def answer_of_press(bot: RunningBot, token: str, **kwargs: Any) -> Call:
    answered = len(bot.api.calls("answerCallbackQuery"))
    bot.api.push_update(updates.callback_query(token, **kwargs))
    return (await bot.api.wait_for("answerCallbackQuery", count=answered + 1))[answered]


async def test_open_group_answers_attempts_only_and_stores_nothing(bot: RunningBot) -> None:
    """In a group without memory, attempts get "memory is off"; everything else, silence."""
    attempts = [
        "запомни answer_format=1_screen",
        "forget answer_format",
        "recall ESO",
        "/memory@memory_test_bot",
        "/export",
        "/remember a=b",
    ]
    for text in attempts:
        [reply] = await bot.push(
            updates.group_message(text, chat_id=OPEN_GROUP, user_id=OWNER, language_code="en")
        )
        assert reply.params["text"] == MEMORY_OFF
        assert reply.params["chat_id"] == OPEN_GROUP
    for text in ("hello everyone", "what did we decide about ESO?", "/help", "/start"):
        await bot.push(updates.group_message(text, chat_id=OPEN_GROUP, user_id=OWNER), replies=0)
    await bot.settle()
    group_replies = [c for c in bot.sent() if c.params["chat_id"] == OPEN_GROUP]
    assert len(group_replies) == len(attempts)
    scopes = ("owner", f"chat:{OPEN_GROUP}", f"chat:{OWNER}")
    assert await total_observations(bot, *scopes) == 0
    async with bot.memory.db.read() as conn:  # nor any turn of the 24-hour working memory
        kept = await conn.execute_fetchall("SELECT DISTINCT scope FROM working_turn")
    assert {r[0] for r in kept} <= {"owner"}  # the harness's own /start, if any


async def test_the_owners_chat_keeps_its_turns_for_references(bot: RunningBot) -> None:
    """In the owner's chat the turn is kept (for "его", "это"), under the owner's scope only."""
    await bot.push(updates.private_message("my manager is Jane Brooks", user_id=OWNER), replies=1)
    await bot.push(updates.group_message("hello", chat_id=OPEN_GROUP, user_id=OWNER), replies=0)
    await bot.settle()
    async with bot.memory.db.read() as conn:
        rows = await conn.execute_fetchall("SELECT scope, message FROM working_turn")
    assert {r[0] for r in rows} == {"owner"}
    assert "my manager is Jane Brooks" in {r[1] for r in rows}
    assert "hello" not in {r[1] for r in rows}


async def test_memory_off_is_said_in_russian_to_a_russian_speaker(bot: RunningBot) -> None:
    [reply] = await bot.push(
        updates.group_message(
            "забудь всё", chat_id=OPEN_GROUP, user_id=STRANGER, language_code="ru"
        )
    )
    assert reply.params["text"] == "В этом чате память выключена."


async def test_the_owner_in_a_group_never_reaches_owner_memory(bot: RunningBot) -> None:
    await bot.say("remember codename=falcon")
    [reply] = await bot.push(
        updates.group_message("recall codename", chat_id=OPEN_GROUP, user_id=OWNER)
    )
    assert "falcon" not in reply.params["text"]


async def test_a_stranger_in_a_private_chat_gets_no_memory_by_default(bot: RunningBot) -> None:
    await bot.say("remember codename=falcon")
    reply = await bot.say("remember a=b", user_id=STRANGER)
    assert reply == MEMORY_OFF
    await bot.push(updates.private_message("codename?", user_id=STRANGER), replies=0)
    await bot.settle()
    assert not [
        c for c in bot.sent() if "falcon" in c.params["text"] and c.params["chat_id"] == STRANGER
    ]
    assert await total_observations(bot, f"chat:{STRANGER}") == 0


async def test_isolated_non_owner_and_group_scopes(fake_api: FakeBotApi, tmp_path: Path) -> None:
    """NON_OWNER_MEMORY=isolated and ISOLATED_CHAT_IDS give each chat its own memory."""
    async with running_bot(
        fake_api,
        tmp_path / "m.db",
        non_owner_memory="isolated",
        isolated_chat_ids=frozenset({ISOLATED_GROUP}),
    ) as bot:
        await bot.say("remember codename=falcon")
        saved = await bot.say("remember codename=eagle", user_id=STRANGER)
        assert saved.startswith(f"✅ Saved to <b>User:Test (id {STRANGER})</b>")
        recalled = await bot.say("what is the codename?", user_id=STRANGER)
        assert "eagle" in recalled
        assert "falcon" not in recalled
        [group_reply] = await bot.push(
            updates.group_message(
                "remember Project:ESO: status=green", chat_id=ISOLATED_GROUP, user_id=STRANGER
            )
        )
        assert group_reply.params["text"].startswith("✅")
        assert (await bot.scoped(Scope.owner()).stats()).observations == 1
        assert (await bot.scoped(Scope.parse(f"chat:{STRANGER}")).stats()).observations == 1
        assert (await bot.scoped(Scope.parse(f"chat:{ISOLATED_GROUP}")).stats()).observations == 1


async def test_about_me_shows_the_speakers_own_entry_only(
    fake_api: FakeBotApi, tmp_path: Path
) -> None:
    """ "What do you know about me?" answers with the speaker's entry: in the owner's chat the
    owner's, in a shared group memory the asking member's, never another member's."""
    async with running_bot(
        fake_api, tmp_path / "m.db", isolated_chat_ids=frozenset({ISOLATED_GROUP})
    ) as bot:
        await bot.say("remember tea=sencha")
        await bot.say("remember Person:Bob Stone: role=plumber")
        mine = await bot.say("what do you remember about me?")
        assert "sencha" in mine
        assert "plumber" not in mine, "about me, not what was remembered last"

        async def in_group(text: str, user_id: int, name: str) -> str:
            [reply] = await bot.push(
                updates.group_message(
                    text, chat_id=ISOLATED_GROUP, user_id=user_id, first_name=name
                )
            )
            return str(reply.params["text"])

        assert (await in_group("remember tea=matcha", STRANGER, "Kim")).startswith("✅")
        assert (await in_group("remember tea=rooibos", STRANGER + 1, "Lee")).startswith("✅")
        lee = await in_group("what do you know about me?", STRANGER + 1, "Lee")
        assert "rooibos" in lee
        assert "matcha" not in lee
        assert "sencha" not in lee
        newcomer = await in_group("что ты знаешь обо мне?", STRANGER + 2, "Ann")
        assert "rooibos" not in newcomer
        assert "matcha" not in newcomer
        assert "Nothing is remembered about you yet." in newcomer or "Про вас" in newcomer


async def test_another_users_press_is_refused(fake_api: FakeBotApi, tmp_path: Path) -> None:
    """Buttons are checked again on press: a different user gets "not your button"."""
    async with running_bot(
        fake_api, tmp_path / "m.db", isolated_chat_ids=frozenset({ISOLATED_GROUP})
    ) as bot:
        for name in ("Ann", "Bob"):
            await bot.push(
                updates.group_message(
                    f"remember Person:{name}: role=dev", chat_id=ISOLATED_GROUP, user_id=OWNER
                )
            )
        [question] = await bot.push(
            updates.group_message("forget role", chat_id=ISOLATED_GROUP, user_id=OWNER)
        )
        all_token = tokens_of(question)[-2]
        scope = f"chat:{ISOLATED_GROUP}"

        answer = await answer_of_press(
            bot, all_token, user_id=STRANGER, chat_id=ISOLATED_GROUP, chat_type="supergroup"
        )
        assert answer.params["text"] == "This button is not yours."
        assert (await bot.scoped(Scope.parse(scope)).stats()).observations == 2

        # the owner's token replayed from another chat (the owner's DM): scope differs
        answer = await answer_of_press(bot, all_token, user_id=OWNER)
        assert answer.params["text"] == "This button is not yours."
        assert (await bot.scoped(Scope.parse(scope)).stats()).observations == 2

        answer = await answer_of_press(
            bot, all_token, user_id=OWNER, chat_id=ISOLATED_GROUP, chat_type="supergroup"
        )
        assert "text" not in answer.params or not answer.params["text"]
        await bot.api.wait_for("editMessageText")
        assert (await bot.scoped(Scope.parse(scope)).stats()).observations == 0


async def test_a_forged_button_gets_expired(bot: RunningBot) -> None:
    answer = await answer_of_press(bot, "not-a-real-token", user_id=OWNER)
    assert "expired" in answer.params["text"]


async def test_inline_queries_are_never_answered(bot: RunningBot) -> None:
    await bot.say("remember codename=falcon")
    bot.api.push_update(updates.inline_query("codename", user_id=OWNER))
    await bot.settle()
    assert bot.api.calls("answerInlineQuery") == []
