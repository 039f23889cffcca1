"""Update builders: raw Bot API update dicts for the fake server and for ``Update.de_json``.

Every builder returns a fresh dict with an auto-incrementing ``update_id`` (and message id), in
the shape Telegram sends. ``**extra`` keyword arguments are merged into the message (or query)
dict, so a test can add ``sender_chat``, ``is_automatic_forward``, ``forward_origin`` and the like.
"""

from __future__ import annotations

import itertools
import time
from typing import Any

__all__ = [
    "business_message",
    "callback_query",
    "channel_post",
    "chat",
    "chosen_inline_result",
    "edited_message",
    "group_message",
    "inline_query",
    "message_update",
    "next_update_id",
    "private_message",
    "user",
]

_update_ids = itertools.count(1)
_message_ids = itertools.count(1)
_query_ids = itertools.count(1)


def next_update_id() -> int:
    """Return a new, increasing update id."""
    return next(_update_ids)


def user(
    user_id: int,
    first_name: str = "Test",
    *,
    language_code: str | None = "en",
    username: str | None = None,
    is_bot: bool = False,
) -> dict[str, Any]:
    """Build a raw ``User``."""
    raw: dict[str, Any] = {"id": user_id, "is_bot": is_bot, "first_name": first_name}
    if language_code is not None:
        raw["language_code"] = language_code
    if username is not None:
        raw["username"] = username
    return raw


def chat(
    chat_id: int, chat_type: str, *, title: str | None = None, **extra: Any
) -> dict[str, Any]:
    """Build a raw ``Chat`` (a private chat gets a first name, others a title)."""
    raw: dict[str, Any] = {"id": chat_id, "type": chat_type}
    if chat_type == "private":
        raw["first_name"] = title or "Test"
    else:
        raw["title"] = title or f"Chat {chat_id}"
    raw.update(extra)
    return raw


def _message(
    text: str | None, *, chat_raw: dict[str, Any], from_raw: dict[str, Any] | None, **extra: Any
) -> dict[str, Any]:
    raw: dict[str, Any] = {
        "message_id": next(_message_ids),
        "date": int(time.time()),
        "chat": chat_raw,
    }
    if from_raw is not None:
        raw["from"] = from_raw
    if text is not None:
        raw["text"] = text
        if text.startswith("/"):
            command = text.split()[0]
            raw["entities"] = [{"type": "bot_command", "offset": 0, "length": len(command)}]
    raw.update(extra)
    return raw


def message_update(message: dict[str, Any], kind: str = "message") -> dict[str, Any]:
    """Wrap a raw message dict in an update of the given kind (``edited_message``...)."""
    return {"update_id": next_update_id(), kind: message}


def private_message(
    text: str | None,
    *,
    user_id: int,
    first_name: str = "Test",
    language_code: str | None = "en",
    **extra: Any,
) -> dict[str, Any]:
    """Build a ``message`` update: ``user_id`` writes ``text`` in the private chat with the bot."""
    sender = user(user_id, first_name, language_code=language_code)
    message = _message(
        text, chat_raw=chat(user_id, "private", title=first_name), from_raw=sender, **extra
    )
    return message_update(message)


def group_message(
    text: str | None,
    *,
    chat_id: int,
    user_id: int,
    first_name: str = "Test",
    language_code: str | None = "en",
    chat_type: str = "supergroup",
    title: str | None = None,
    is_forum: bool = False,
    **extra: Any,
) -> dict[str, Any]:
    """Build a ``message`` update: ``user_id`` writes ``text`` in a group or supergroup."""
    chat_extra = {"is_forum": True} if is_forum else {}
    message = _message(
        text,
        chat_raw=chat(chat_id, chat_type, title=title, **chat_extra),
        from_raw=user(user_id, first_name, language_code=language_code),
        **extra,
    )
    return message_update(message)


def edited_message(
    text: str,
    *,
    user_id: int,
    chat_id: int | None = None,
    chat_type: str = "private",
    message_id: int | None = None,
    first_name: str = "Test",
    language_code: str | None = "en",
    **extra: Any,
) -> dict[str, Any]:
    """Build an ``edited_message`` update (private chat with the sender unless ``chat_id``)."""
    target = user_id if chat_id is None else chat_id
    message = _message(
        text,
        chat_raw=chat(target, chat_type, title=first_name if chat_type == "private" else None),
        from_raw=user(user_id, first_name, language_code=language_code),
        edit_date=int(time.time()),
        **extra,
    )
    if message_id is not None:
        message["message_id"] = message_id
    return message_update(message, "edited_message")


def callback_query(
    data: str,
    *,
    user_id: int,
    chat_id: int | None = None,
    chat_type: str = "private",
    message_id: int | None = None,
    message_text: str = "Choose:",
    bot_id: int = 123456,
    first_name: str = "Test",
    language_code: str | None = "en",
    **extra: Any,
) -> dict[str, Any]:
    """Build a ``callback_query`` update: ``user_id`` presses a button on a bot message.

    The message sits in ``chat_id`` (default: the presser's private chat with the bot).
    """
    target = user_id if chat_id is None else chat_id
    carrier = _message(
        message_text,
        chat_raw=chat(target, chat_type),
        from_raw=user(bot_id, "Memory Bot", language_code=None, is_bot=True),
    )
    if message_id is not None:
        carrier["message_id"] = message_id
    query: dict[str, Any] = {
        "id": str(next(_query_ids)),
        "from": user(user_id, first_name, language_code=language_code),
        "chat_instance": f"ci-{target}",
        "data": data,
        "message": carrier,
    }
    query.update(extra)
    return {"update_id": next_update_id(), "callback_query": query}


def channel_post(
    text: str, *, chat_id: int, title: str = "Channel", **extra: Any
) -> dict[str, Any]:
    """Build a ``channel_post`` update (no sender user; the channel is ``sender_chat``)."""
    channel = chat(chat_id, "channel", title=title)
    message = _message(text, chat_raw=channel, from_raw=None, sender_chat=channel, **extra)
    return message_update(message, "channel_post")


def business_message(
    text: str,
    *,
    user_id: int,
    business_connection_id: str = "bc-1",
    first_name: str = "Test",
    **extra: Any,
) -> dict[str, Any]:
    """Build a ``business_message`` update: a customer writes to a connected business account."""
    message = _message(
        text,
        chat_raw=chat(user_id, "private", title=first_name),
        from_raw=user(user_id, first_name),
        business_connection_id=business_connection_id,
        **extra,
    )
    return message_update(message, "business_message")


def inline_query(query: str, *, user_id: int, first_name: str = "Test") -> dict[str, Any]:
    """Build an ``inline_query`` update."""
    return {
        "update_id": next_update_id(),
        "inline_query": {
            "id": str(next(_query_ids)),
            "from": user(user_id, first_name),
            "query": query,
            "offset": "",
            "chat_type": "sender",
        },
    }


def chosen_inline_result(query: str, *, user_id: int, result_id: str = "r1") -> dict[str, Any]:
    """Build a ``chosen_inline_result`` update."""
    return {
        "update_id": next_update_id(),
        "chosen_inline_result": {
            "result_id": result_id,
            "from": user(user_id),
            "query": query,
        },
    }
