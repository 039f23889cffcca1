"""The scope policy, as a table: which update reaches which memory scope (DESIGN §3)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from telegram import Update

from bot.telegram.policy import scope_for_update, scope_move_for_update
from memory_core.scope import Scope
from tests.e2e import updates

OWNER = 5_000_001
STRANGER = 7_000_002
ISOLATED_GROUP = -1_001_234_567_890
OPEN_GROUP = -1_009_999_999_999
OLD_GROUP = -4_000_000_001  # an isolated basic group, later upgraded to a supergroup
LINKED_CHANNEL = -1_005_555_555_555
GROUP_ANONYMOUS_BOT = 1087968824
TELEGRAM_SERVICE = 777000

OWNER_DM = updates.chat(OWNER, "private", title="Owner")
STRANGER_DM = updates.chat(STRANGER, "private", title="Stranger")


def forwarded_from(user_id: int) -> dict[str, Any]:
    return {
        "forward_origin": {
            "type": "user",
            "date": int(time.time()) - 60,
            "sender_user": updates.user(user_id, "Original author"),
        }
    }


def with_message(raw: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """Set fields on the single message of a raw update."""
    for kind in ("message", "edited_message", "business_message", "channel_post"):
        if kind in raw:
            raw[kind].update(fields)
    return raw


def plain_update(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    return {"update_id": updates.next_update_id(), kind: payload}


CHAT_MEMBER_UPDATED = {
    "chat": updates.chat(ISOLATED_GROUP, "supergroup"),
    "from": updates.user(OWNER),
    "date": int(time.time()),
    "old_chat_member": {"status": "left", "user": updates.user(STRANGER)},
    "new_chat_member": {"status": "member", "user": updates.user(STRANGER)},
}
POLL = {
    "id": "poll-1",
    "question": "Lunch?",
    "options": [
        {"text": "yes", "voter_count": 1, "persistent_id": "o1"},
        {"text": "no", "voter_count": 0, "persistent_id": "o2"},
    ],
    "total_voter_count": 1,
    "is_closed": False,
    "is_anonymous": True,
    "type": "regular",
    "allows_multiple_answers": False,
    "allows_revoting": False,
    "members_only": False,
}

# (id, raw update, expected scope with NON_OWNER_MEMORY=off, expected with =isolated)
CASES: list[tuple[str, dict[str, Any], str | None, str | None]] = [
    # --- the owner ---------------------------------------------------------------------------
    (
        "owner-dm",
        updates.private_message("запомни: x=1", user_id=OWNER),
        "owner",
        "owner",
    ),
    ("owner-dm-command", updates.private_message("/recall x", user_id=OWNER), "owner", "owner"),
    ("owner-dm-edited", updates.edited_message("x=2", user_id=OWNER), "owner", "owner"),
    (
        "owner-forwards-strangers-message-in-own-dm",
        updates.private_message("fwd", user_id=OWNER, **forwarded_from(STRANGER)),
        "owner",
        "owner",
    ),
    (
        "owner-dm-via-bot",
        updates.private_message(
            "inline result", user_id=OWNER, via_bot=updates.user(99, "Other", is_bot=True)
        ),
        None,
        None,
    ),
    (
        "owner-dm-with-business-connection-id",
        updates.private_message("hi", user_id=OWNER, business_connection_id="bc-1"),
        None,
        None,
    ),
    (
        "owner-dm-with-sender-chat",
        updates.private_message("hi", user_id=OWNER, sender_chat=OWNER_DM),
        None,
        None,
    ),
    (
        "owner-dm-marked-automatic-forward",
        updates.private_message("hi", user_id=OWNER, is_automatic_forward=True),
        None,
        None,
    ),
    (
        "owner-dm-guest-query",
        updates.private_message("hi", user_id=OWNER, guest_query_id="gq-1"),
        None,
        None,
    ),
    (
        "owner-sender-in-someone-elses-private-chat",
        with_message(updates.private_message("hi", user_id=OWNER), chat=STRANGER_DM),
        None,
        None,
    ),
    (
        "stranger-sender-in-owners-private-chat",
        with_message(updates.private_message("hi", user_id=STRANGER), chat=OWNER_DM),
        None,
        None,
    ),
    (
        "owner-dm-without-sender",
        {
            "update_id": updates.next_update_id(),
            "message": {"message_id": 1, "date": int(time.time()), "chat": OWNER_DM, "text": "?"},
        },
        None,
        None,
    ),
    # --- the owner in groups -----------------------------------------------------------------
    (
        "owner-in-open-group",
        updates.group_message("x=1", chat_id=OPEN_GROUP, user_id=OWNER),
        None,
        None,
    ),
    (
        "owner-in-isolated-group-gets-the-group",
        updates.group_message("x=1", chat_id=ISOLATED_GROUP, user_id=OWNER),
        f"chat:{ISOLATED_GROUP}",
        f"chat:{ISOLATED_GROUP}",
    ),
    (
        "owner-in-isolated-basic-group",
        updates.group_message("x=1", chat_id=ISOLATED_GROUP, user_id=OWNER, chat_type="group"),
        f"chat:{ISOLATED_GROUP}",
        f"chat:{ISOLATED_GROUP}",
    ),
    (
        "owner-edits-in-isolated-group",
        updates.edited_message(
            "x=3", user_id=OWNER, chat_id=ISOLATED_GROUP, chat_type="supergroup"
        ),
        f"chat:{ISOLATED_GROUP}",
        f"chat:{ISOLATED_GROUP}",
    ),
    # --- other people ------------------------------------------------------------------------
    ("stranger-dm", updates.private_message("hi", user_id=STRANGER), None, f"chat:{STRANGER}"),
    (
        "stranger-dm-edited",
        updates.edited_message("hi", user_id=STRANGER),
        None,
        f"chat:{STRANGER}",
    ),
    (
        "stranger-forwards-owners-message",
        updates.private_message("fwd", user_id=STRANGER, **forwarded_from(OWNER)),
        None,
        f"chat:{STRANGER}",
    ),
    (
        "stranger-forwards-owners-message-as-hidden-user",
        updates.private_message(
            "fwd",
            user_id=STRANGER,
            forward_origin={"type": "hidden_user", "date": 1, "sender_user_name": "Owner"},
        ),
        None,
        f"chat:{STRANGER}",
    ),
    (
        "stranger-in-isolated-group",
        updates.group_message("hi", chat_id=ISOLATED_GROUP, user_id=STRANGER),
        f"chat:{ISOLATED_GROUP}",
        f"chat:{ISOLATED_GROUP}",
    ),
    (
        "stranger-in-open-group",
        updates.group_message("hi", chat_id=OPEN_GROUP, user_id=STRANGER),
        None,
        None,
    ),
    (
        "forum-topic-in-isolated-supergroup",
        updates.group_message(
            "hi",
            chat_id=ISOLATED_GROUP,
            user_id=STRANGER,
            is_forum=True,
            is_topic_message=True,
            message_thread_id=42,
        ),
        f"chat:{ISOLATED_GROUP}",
        f"chat:{ISOLATED_GROUP}",
    ),
    (
        "bot-sender-in-isolated-group",
        with_message(
            updates.group_message("hi", chat_id=ISOLATED_GROUP, user_id=99),
            **{"from": updates.user(99, "Some bot", is_bot=True)},
        ),
        None,
        None,
    ),
    (
        "telegram-service-account-in-private-chat",
        updates.private_message("login code", user_id=TELEGRAM_SERVICE),
        None,
        None,
    ),
    # --- not a person ------------------------------------------------------------------------
    (
        "anonymous-admin-in-isolated-group",
        updates.group_message(
            "x=1",
            chat_id=ISOLATED_GROUP,
            user_id=GROUP_ANONYMOUS_BOT,
            sender_chat=updates.chat(ISOLATED_GROUP, "supergroup"),
        ),
        None,
        None,
    ),
    (
        "sender-chat-with-a-real-from-id",
        updates.group_message(
            "x=1",
            chat_id=ISOLATED_GROUP,
            user_id=OWNER,
            sender_chat=updates.chat(ISOLATED_GROUP, "supergroup"),
        ),
        None,
        None,
    ),
    (
        "linked-channel-automatic-forward",
        updates.group_message(
            "post",
            chat_id=ISOLATED_GROUP,
            user_id=TELEGRAM_SERVICE,
            sender_chat=updates.chat(LINKED_CHANNEL, "channel"),
            is_automatic_forward=True,
        ),
        None,
        None,
    ),
    (
        "automatic-forward-even-with-owner-as-sender",
        updates.group_message(
            "post", chat_id=ISOLATED_GROUP, user_id=OWNER, is_automatic_forward=True
        ),
        None,
        None,
    ),
    ("channel-post", updates.channel_post("news", chat_id=LINKED_CHANNEL), None, None),
    (
        "edited-channel-post",
        plain_update(
            "edited_channel_post",
            updates.channel_post("news", chat_id=LINKED_CHANNEL)["channel_post"],
        ),
        None,
        None,
    ),
    (
        "message-in-a-channel-chat",
        with_message(
            updates.private_message("x", user_id=OWNER),
            chat=updates.chat(LINKED_CHANNEL, "channel"),
        ),
        None,
        None,
    ),
    (
        "channel-direct-messages-chat",
        with_message(
            updates.group_message("x", chat_id=ISOLATED_GROUP, user_id=STRANGER),
            chat=updates.chat(ISOLATED_GROUP, "supergroup", is_direct_messages=True),
        ),
        None,
        None,
    ),
    ("business-message-from-owner", updates.business_message("hi", user_id=OWNER), None, None),
    (
        "business-message-from-stranger",
        updates.business_message("hi", user_id=STRANGER),
        None,
        None,
    ),
    (
        "edited-business-message",
        plain_update(
            "edited_business_message",
            updates.business_message("hi", user_id=OWNER)["business_message"],
        ),
        None,
        None,
    ),
    *[
        # Only message and edited_message updates carry a scope, even when the payload looks
        # exactly like a plain message in the owner's DM.
        (
            f"{kind}-shaped-like-an-owner-dm",
            plain_update(kind, updates.private_message("hi", user_id=OWNER)["message"]),
            None,
            None,
        )
        for kind in (
            "business_message",
            "edited_business_message",
            "channel_post",
            "edited_channel_post",
            "guest_message",
        )
    ],
    ("inline-query-from-owner", updates.inline_query("x", user_id=OWNER), None, None),
    ("chosen-inline-result", updates.chosen_inline_result("x", user_id=OWNER), None, None),
    ("poll", plain_update("poll", POLL), None, None),
    ("chat-member-update", plain_update("chat_member", CHAT_MEMBER_UPDATED), None, None),
    ("my-chat-member-update", plain_update("my_chat_member", CHAT_MEMBER_UPDATED), None, None),
    # --- group migration ---------------------------------------------------------------------
    (
        "stranger-in-isolated-basic-group-before-upgrade",
        updates.group_message("hi", chat_id=OLD_GROUP, chat_type="group", user_id=STRANGER),
        f"chat:{OLD_GROUP}",
        f"chat:{OLD_GROUP}",
    ),
    (
        "group-migrated-to-supergroup-service-message",
        updates.group_message(
            None,
            chat_id=OLD_GROUP,
            chat_type="group",
            user_id=OWNER,
            migrate_to_chat_id=ISOLATED_GROUP,
        ),
        None,
        None,
    ),
    (
        "supergroup-migrated-from-group-service-message",
        updates.group_message(
            None, chat_id=ISOLATED_GROUP, user_id=OWNER, migrate_from_chat_id=OLD_GROUP
        ),
        None,
        None,
    ),
    # --- buttons -----------------------------------------------------------------------------
    (
        "owner-presses-in-own-dm",
        updates.callback_query("undo:t1", user_id=OWNER),
        "owner",
        "owner",
    ),
    (
        "stranger-presses-on-message-in-owners-dm",
        updates.callback_query("undo:t1", user_id=STRANGER, chat_id=OWNER),
        None,
        None,
    ),
    (
        "owner-presses-on-message-in-strangers-dm",
        updates.callback_query("undo:t1", user_id=OWNER, chat_id=STRANGER),
        None,
        None,
    ),
    (
        "stranger-presses-in-own-dm",
        updates.callback_query("undo:t1", user_id=STRANGER),
        None,
        f"chat:{STRANGER}",
    ),
    (
        "owner-presses-in-isolated-group",
        updates.callback_query(
            "undo:t1", user_id=OWNER, chat_id=ISOLATED_GROUP, chat_type="supergroup"
        ),
        f"chat:{ISOLATED_GROUP}",
        f"chat:{ISOLATED_GROUP}",
    ),
    (
        "stranger-presses-in-open-group",
        updates.callback_query(
            "undo:t1", user_id=STRANGER, chat_id=OPEN_GROUP, chat_type="supergroup"
        ),
        None,
        None,
    ),
    (
        "owner-presses-on-inaccessible-message-in-own-dm",
        updates.callback_query(
            "undo:t1",
            user_id=OWNER,
            message={"chat": OWNER_DM, "message_id": 5, "date": 0},
        ),
        "owner",
        "owner",
    ),
    (
        "button-on-inline-message",
        plain_update(
            "callback_query",
            {
                "id": "1",
                "from": updates.user(OWNER),
                "chat_instance": "ci",
                "inline_message_id": "AAAA",
                "data": "undo:t1",
            },
        ),
        None,
        None,
    ),
    (
        "button-on-business-message",
        updates.callback_query(
            "undo:t1",
            user_id=OWNER,
            message={
                "message_id": 9,
                "date": int(time.time()),
                "chat": OWNER_DM,
                "business_connection_id": "bc-1",
                "text": "x",
            },
        ),
        None,
        None,
    ),
]


@pytest.mark.parametrize(
    ("raw", "expected_off", "expected_isolated"),
    [pytest.param(raw, off, iso, id=case_id) for case_id, raw, off, iso in CASES],
)
def test_scope_for_update(
    raw: dict[str, Any], expected_off: str | None, expected_isolated: str | None
) -> None:
    """Each kind of update gets exactly the scope DESIGN §3 gives it, in both non-owner modes."""
    update = Update.de_json(raw, bot=None)
    for mode, expected in (("off", expected_off), ("isolated", expected_isolated)):
        scope = scope_for_update(
            update,
            owner_user_id=OWNER,
            non_owner_memory=mode,
            isolated_chat_ids=frozenset({ISOLATED_GROUP, OLD_GROUP}),
        )
        want = None if expected is None else Scope.parse(expected)
        assert scope == want, f"NON_OWNER_MEMORY={mode}"


def test_case_ids_are_unique() -> None:
    """Every row of the table has its own name, so a failure points at one rule."""
    ids = [case[0] for case in CASES]
    assert len(ids) == len(set(ids))


def test_owner_scope_only_in_the_owners_private_chat() -> None:
    """Across the whole table, "owner" is only ever given in the private chat with the owner."""
    for _case_id, raw, *expected in CASES:
        if "owner" not in expected:
            continue
        update = Update.de_json(raw, bot=None)
        assert update.effective_chat is not None
        assert update.effective_chat.id == OWNER
        assert update.effective_chat.type == "private"
        assert update.effective_user is not None
        assert update.effective_user.id == OWNER


def test_isolated_chat_ids_are_respected() -> None:
    """A group gets memory only while it is listed in ISOLATED_CHAT_IDS."""
    update = Update.de_json(
        updates.group_message("x", chat_id=OPEN_GROUP, user_id=STRANGER), bot=None
    )
    kwargs: dict[str, Any] = {"owner_user_id": OWNER, "non_owner_memory": "isolated"}
    assert scope_for_update(update, isolated_chat_ids=frozenset(), **kwargs) is None
    assert scope_for_update(
        update, isolated_chat_ids=frozenset({OPEN_GROUP}), **kwargs
    ) == Scope.chat(OPEN_GROUP)


def test_unknown_non_owner_memory_mode_is_a_wiring_error() -> None:
    """A policy value other than off/isolated raises instead of silently granting memory."""
    update = Update.de_json(updates.private_message("hi", user_id=STRANGER), bot=None)
    with pytest.raises(ValueError, match="non_owner_memory"):
        scope_for_update(
            update, owner_user_id=OWNER, non_owner_memory="on", isolated_chat_ids=frozenset()
        )


def test_every_scope_given_is_a_memory_core_scope() -> None:
    """The policy hands out memory_core's Scope values, never bare strings."""
    update = Update.de_json(updates.private_message("hi", user_id=OWNER), bot=None)
    given = scope_for_update(
        update, owner_user_id=OWNER, non_owner_memory="off", isolated_chat_ids=frozenset()
    )
    assert isinstance(given, Scope)
    assert given == Scope.owner()


NEW_SUPERGROUP = -1_007_777_777_777

MOVE_CASES: list[tuple[str, dict[str, Any], frozenset[int], tuple[Scope, Scope] | None]] = [
    (
        "isolated-group-upgraded",
        updates.group_message(
            None,
            chat_id=OLD_GROUP,
            chat_type="group",
            user_id=STRANGER,
            migrate_to_chat_id=NEW_SUPERGROUP,
        ),
        frozenset({OLD_GROUP}),
        (Scope.chat(OLD_GROUP), Scope.chat(NEW_SUPERGROUP)),
    ),
    (
        "group-not-isolated",
        updates.group_message(
            None,
            chat_id=OLD_GROUP,
            chat_type="group",
            user_id=OWNER,
            migrate_to_chat_id=NEW_SUPERGROUP,
        ),
        frozenset({NEW_SUPERGROUP}),
        None,
    ),
    (
        "the-new-supergroup-side-moves-nothing",
        updates.group_message(
            None, chat_id=NEW_SUPERGROUP, user_id=OWNER, migrate_from_chat_id=OLD_GROUP
        ),
        frozenset({OLD_GROUP, NEW_SUPERGROUP}),
        None,
    ),
    (
        "a-plain-message-in-the-isolated-group",
        updates.group_message("hi", chat_id=OLD_GROUP, chat_type="group", user_id=OWNER),
        frozenset({OLD_GROUP}),
        None,
    ),
    (
        "a-supergroup-cannot-be-upgraded",
        updates.group_message(
            None, chat_id=ISOLATED_GROUP, user_id=OWNER, migrate_to_chat_id=NEW_SUPERGROUP
        ),
        frozenset({ISOLATED_GROUP}),
        None,
    ),
    (
        "a-forged-move-to-a-private-id-is-refused",
        updates.group_message(
            None,
            chat_id=OLD_GROUP,
            chat_type="group",
            user_id=STRANGER,
            migrate_to_chat_id=STRANGER,
        ),
        frozenset({OLD_GROUP}),
        None,
    ),
    (
        "a-move-to-a-basic-group-id-is-refused",
        updates.group_message(
            None,
            chat_id=OLD_GROUP,
            chat_type="group",
            user_id=STRANGER,
            migrate_to_chat_id=-4_000_000_777,
        ),
        frozenset({OLD_GROUP}),
        None,
    ),
    (
        "an-edited-message-is-no-upgrade",
        updates.edited_message(
            "x",
            user_id=OWNER,
            chat_id=OLD_GROUP,
            chat_type="group",
            migrate_to_chat_id=NEW_SUPERGROUP,
        ),
        frozenset({OLD_GROUP}),
        None,
    ),
]


@pytest.mark.parametrize(
    ("raw", "isolated", "expected"),
    [case[1:] for case in MOVE_CASES],
    ids=[case[0] for case in MOVE_CASES],
)
def test_scope_move_for_update(
    raw: dict[str, Any], isolated: frozenset[int], expected: tuple[Scope, Scope] | None
) -> None:
    """Only an isolated basic group's upgrade message moves memory; the policy still gates."""
    update = Update.de_json(raw, bot=None)
    assert scope_move_for_update(update, isolated_chat_ids=isolated) == expected
