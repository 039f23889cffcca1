"""End to end through Telegram: secrets by the edit door, identity by numeric id in a group,
and the model's answer masked, with every log line captured at DEBUG."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from memory_core.scope import Scope
from tests.e2e import updates
from tests.e2e.fake_bot_api import FakeBotApi
from tests.e2e.harness import ISOLATED_GROUP, OWNER, running_bot
from tests.e2e.test_bot_safety import Capture, logs  # noqa: F401 - the fixture
from tests.fake_llm import FakeLlm
from tests.memory_core.test_secrets import iban, pw
from tests.secret_traces import traces

pytestmark = pytest.mark.e2e

PASSWORD = pw()
IBAN = iban("NL", 18)
ANN, BOB = 6_000_001, 6_000_002  # two members, both called Alex


@pytest.fixture
async def llm() -> AsyncIterator[FakeLlm]:
    async with FakeLlm() as fake:
        yield fake


async def test_an_edit_that_adds_a_secret_is_refused_and_leaves_no_trace(
    fake_api: FakeBotApi,
    tmp_path: Path,
    logs: Capture,  # noqa: F811 - the fixture
) -> None:
    db = tmp_path / "m.db"
    async with running_bot(fake_api, db, isolated_chat_ids=frozenset({ISOLATED_GROUP})) as bot:
        [first] = await bot.push(
            updates.group_message("remember Project:Atlas: bank=ING", chat_id=ISOLATED_GROUP,
                                  user_id=ANN, message_id=77)
        )  # fmt: skip
        assert first.params["text"].startswith("✅")
        [edit] = await bot.push(
            updates.edited_message(f"remember Project:Atlas: bank=IBAN {IBAN}", user_id=ANN,
                                   chat_id=ISOLATED_GROUP, chat_type="supergroup",
                                   message_id=77)
        )  # fmt: skip
        assert edit.params["text"] == (
            "🔒 Not saved: this looks like an IBAN. Secrets are never stored."
        )
        private = updates.edited_message(f"always do: log in with password {PASSWORD}",
                                         user_id=OWNER)  # fmt: skip
        [refused] = await bot.push(private)
        assert refused.params["text"].startswith("🔒 Not saved: this looks like a password.")
        lines = (await bot.scoped(Scope.chat(ISOLATED_GROUP)).read_graph()).entities
        assert [e.observations[0].split(" (")[0] for e in lines] == ["fact: bank=ING"]
        sent = " ".join(str(c.params.get("text")) for c in bot.api.calls())
    for secret in (IBAN, PASSWORD):
        assert secret not in sent
        assert secret not in "\n".join(logs.lines)
        assert traces(db, secret) == []


async def test_two_members_called_alex_keep_their_own_rules(
    fake_api: FakeBotApi, tmp_path: Path, llm: FakeLlm
) -> None:
    llm.respond = lambda r: '{"entities": [], "relations": []}' if r.is_extraction else "Done."
    async with running_bot(
        fake_api,
        tmp_path / "m.db",
        isolated_chat_ids=frozenset({ISOLATED_GROUP}),
        llm_base_url=llm.base_url,
        llm_model="m",
    ) as bot:

        async def say(text: str, user_id: int, first_name: str = "Alex") -> str:
            [call] = await bot.push(
                updates.group_message(text, chat_id=ISOLATED_GROUP, user_id=user_id,
                                      first_name=first_name)
            )  # fmt: skip
            return str(call.params["text"])

        assert f"User:Alex (id {ANN})" in await say("always do: sign as Captain Ann", ANN)
        assert f"User:Alex (id {BOB})" in await say("always do: answer in haiku", BOB)
        await say("what is new", BOB)
        await say("what is new", ANN, first_name="Alexandra")  # renamed: the same entry
        group = bot.scoped(Scope.chat(ISOLATED_GROUP))
        assert sorted(await group.entity_names()) == [
            f"User:Alex (id {ANN})",
            f"User:Alex (id {BOB})",
        ]
    to_bob, to_ann = llm.answers()
    assert "haiku" in to_bob.system
    assert "Captain Ann" not in to_bob.text
    assert "Captain Ann" in to_ann.system
    assert "haiku" not in to_ann.text


async def test_a_secret_in_the_models_answer_is_masked(
    fake_api: FakeBotApi,
    tmp_path: Path,
    llm: FakeLlm,
    logs: Capture,  # noqa: F811
) -> None:
    llm.respond = lambda r: (
        '{"entities": [], "relations": []}'
        if r.is_extraction
        else f"The router password: {PASSWORD} — <b>ok</b>"
    )
    async with running_bot(
        fake_api, tmp_path / "m.db", llm_base_url=llm.base_url, llm_model="m"
    ) as bot:
        reply = await bot.say("how do I get on the wifi")
    assert reply == "The router password: ••• — &lt;b&gt;ok&lt;/b&gt;"
    assert PASSWORD not in "\n".join(logs.lines)
