"""Scope policy: decide which memory scope, if any, a Telegram update may read and write.

This is the only gate between Telegram and memory (DESIGN §3). :func:`scope_for_update` is
pure: it looks at the update and three settings values, and returns a
:class:`~memory_core.scope.Scope` (``owner`` or ``chat:<chat_id>``) or ``None`` (memory
disabled). The rules:

* Identity is the numeric sender id (``from_user.id``; for a button, the presser's id) and
  nothing else: never a username, ``forward_origin``, ``sender_chat``, ``via_bot``, a reply or
  the text. A forwarded message is judged by who forwarded it, not by whose words it carries.
* Only ``message``, ``edited_message`` and ``callback_query`` updates can have a scope. Channel
  posts, business messages, guest messages, inline queries, chosen inline results, polls,
  member updates, reactions, payments and every update type added later get ``None``.
* A message is refused outright (``None``) when it has a business connection, a sender chat
  (anonymous group admin, channel, linked-channel post), ``is_automatic_forward``, ``via_bot``,
  a guest query, a group-migration marker (``migrate_to_chat_id`` / ``migrate_from_chat_id``),
  or a sender that is missing, a bot, or one of Telegram's service accounts.
* ``"owner"``: a private chat where ``chat.id == from_user.id == owner_user_id``.
* ``"chat:<id>"`` for any other private chat (``chat.id == from_user.id``) when
  ``non_owner_memory == "isolated"``; otherwise ``None``.
* ``"chat:<id>"`` for a group or supergroup listed in ``isolated_chat_ids``, whoever the real
  sender is; forum topics share their chat's scope. The owner writing in a group gets the
  group's scope or ``None``, never ``"owner"``.
* A basic group upgraded to a supergroup (:func:`scope_move_for_update`): the
  ``migrate_to_chat_id`` service message of a group listed in ``isolated_chat_ids`` moves
  ``chat:<old>`` to ``chat:<new>``. The new id has memory only once it is listed too.
* A callback query is judged by the presser (``callback_query.from_user``) and the chat of the
  message carrying the button, with the same rules. A button on an inline message (no chat) or
  on a business message gets ``None``. The bot still checks the presser against the server-side
  record the button's token points to.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from telegram import CallbackQuery, Chat, Message, Update, User

from bot.settings import SERVICE_ACCOUNT_IDS
from memory_core.scope import Scope

__all__ = [
    "NON_OWNER_MEMORY_ISOLATED",
    "NON_OWNER_MEMORY_OFF",
    "may_reach_memory",
    "scope_for_update",
    "scope_move_for_update",
]

logger = logging.getLogger(__name__)

#: ``NON_OWNER_MEMORY`` values.
NON_OWNER_MEMORY_OFF: Final = "off"
NON_OWNER_MEMORY_ISOLATED: Final = "isolated"

#: Supergroup and channel ids are ``-100`` followed by the id: the only ids a group moves to.
_SUPERGROUP_ID_MAX: Final = -1_000_000_000_000

_GROUP_TYPES: Final = frozenset({Chat.GROUP, Chat.SUPERGROUP})
_GROUP_TYPE_NAMES: Final = frozenset(str(t) for t in _GROUP_TYPES)


def scope_for_update(
    update: Update,
    *,
    owner_user_id: int,
    non_owner_memory: str,
    isolated_chat_ids: frozenset[int],
) -> Scope | None:
    """Decide the memory scope of an update (see the module docstring for the rules).

    Args:
        update: The incoming update.
        owner_user_id: ``OWNER_USER_ID``.
        non_owner_memory: ``NON_OWNER_MEMORY``: ``"off"`` or ``"isolated"``.
        isolated_chat_ids: ``ISOLATED_CHAT_IDS``: groups with their own memory.

    Returns:
        ``Scope.owner()``, ``Scope.chat(chat_id)``, or ``None`` when the update gets no memory.

    Raises:
        ValueError: ``non_owner_memory`` is not ``"off"`` or ``"isolated"`` (a wiring bug, not
            something an update can cause).
    """
    if non_owner_memory not in (NON_OWNER_MEMORY_OFF, NON_OWNER_MEMORY_ISOLATED):
        raise ValueError(f"non_owner_memory must be 'off' or 'isolated', not {non_owner_memory!r}")
    policy = _Policy(
        owner_user_id, non_owner_memory == NON_OWNER_MEMORY_ISOLATED, isolated_chat_ids
    )
    if not _ids_are_integers(update):
        return None  # not something Telegram sends: unclear, so no memory

    if update.callback_query is not None:
        if update.message is not None or update.edited_message is not None:
            return None  # an update carries exactly one payload; anything else is unclear
        return _scope_for_callback(update.callback_query, policy)
    if update.message is not None and update.edited_message is not None:
        return None
    message = update.message if update.message is not None else update.edited_message
    if message is None:
        return None
    return _scope_for_message(message, policy)


def may_reach_memory(raw: Mapping[str, Any], *, isolated_chat_ids: frozenset[int]) -> bool:
    """Whether a fetched update (the Bot API's JSON) may get a scope: what the inbox keeps.

    Conservative: ``False`` only for an update that :func:`scope_for_update` surely answers
    with ``None``: one with no message, edited message or button press, or a message in a
    group that is not in ``isolated_chat_ids``. Such an update touches no memory (at most
    it gets a "memory is off" notice), so losing it in a crash loses nothing.
    """
    if "callback_query" in raw:
        return True
    message = raw.get("message", raw.get("edited_message"))
    if not isinstance(message, Mapping):
        return False
    chat = message.get("chat")
    if not isinstance(chat, Mapping) or chat.get("type") not in _GROUP_TYPE_NAMES:
        return True
    return chat.get("id") in isolated_chat_ids


def _ids_are_integers(update: Update) -> bool:
    """Whether every user and chat id of the update is an integer, as Telegram sends them."""
    message = update.message or update.edited_message
    holders = [update.effective_user, update.effective_chat]
    if message is not None:
        holders += [message.from_user, message.chat, message.sender_chat]
    if update.callback_query is not None:
        holders.append(update.callback_query.from_user)
    return all(
        isinstance(holder.id, int) and not isinstance(holder.id, bool)
        for holder in holders
        if holder is not None
    )


def scope_move_for_update(
    update: Update, *, isolated_chat_ids: frozenset[int]
) -> tuple[Scope, Scope] | None:
    """Decide whether an update moves a group's memory to its new supergroup id.

    Telegram announces the upgrade with a ``migrate_to_chat_id`` service message in the old
    group (and a ``migrate_from_chat_id`` one in the new supergroup, which moves nothing).

    Args:
        update: The incoming update.
        isolated_chat_ids: ``ISOLATED_CHAT_IDS``.

    Returns:
        ``(old scope, new scope)`` for the upgrade message of an isolated basic group to a
        supergroup id (``-100...``), else ``None``; a move to any other id is refused and
        logged.
    """
    message = update.message
    if message is None or update.edited_message is not None or update.callback_query is not None:
        return None
    new_id = message.migrate_to_chat_id
    chat = message.chat
    if (
        new_id is None
        or new_id == chat.id
        or chat.type != Chat.GROUP
        or chat.id not in isolated_chat_ids
        or message.business_connection_id is not None
        or message.sender_business_bot is not None
        or message.via_bot is not None
    ):
        return None
    if new_id > _SUPERGROUP_ID_MAX:
        logger.warning("refused a group move to id %d: not a supergroup id", new_id)
        return None
    return Scope.chat(chat.id), Scope.chat(new_id)


@dataclass(frozen=True, slots=True)
class _Policy:
    """The three settings values the rules depend on."""

    owner_user_id: int
    non_owner_isolated: bool
    isolated_chat_ids: frozenset[int]


def _scope_for_message(message: Message, policy: _Policy) -> Scope | None:
    if (
        message.business_connection_id is not None
        or message.sender_business_bot is not None
        or message.sender_chat is not None
        or message.is_automatic_forward
        or message.via_bot is not None
        or message.guest_query_id is not None
        or message.guest_bot_caller_user is not None
        or message.guest_bot_caller_chat is not None
        or message.migrate_to_chat_id is not None
        or message.migrate_from_chat_id is not None
    ):
        return None
    return _scope_for_person_in_chat(message.from_user, message.chat, policy)


def _scope_for_callback(query: CallbackQuery, policy: _Policy) -> Scope | None:
    carrier = query.message
    if carrier is None or query.inline_message_id is not None:
        return None  # a button on an inline message: no chat to scope by
    if isinstance(carrier, Message) and (
        carrier.business_connection_id is not None or carrier.guest_query_id is not None
    ):
        return None
    # An InaccessibleMessage (older than 48 h) still names its chat, which is all we need.
    return _scope_for_person_in_chat(query.from_user, carrier.chat, policy)


def _scope_for_person_in_chat(user: User | None, chat: Chat, policy: _Policy) -> Scope | None:
    if user is None or user.is_bot or user.id in SERVICE_ACCOUNT_IDS or user.id <= 0:
        return None
    if chat.type == Chat.PRIVATE:
        if chat.id != user.id:
            return None
        if user.id == policy.owner_user_id:
            return Scope.owner()
        return Scope.chat(chat.id) if policy.non_owner_isolated else None
    if chat.type in _GROUP_TYPES:
        if chat.is_direct_messages:
            return None  # a channel's direct-messages chat belongs to the channel
        return Scope.chat(chat.id) if chat.id in policy.isolated_chat_ids else None
    return None
