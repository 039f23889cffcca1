"""Telegram handlers: policy first, then the shared pipeline, then HTML replies.

Every handler starts with :func:`bot.telegram.policy.scope_for_update`. With no scope,
memory is not touched at all: a memory attempt (a trigger word or a memory command) gets a
short "memory is off" answer, anything else no answer.
Logs name update ids and error types only, never message text.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator
from typing import Any

from telegram import (
    Chat,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    Update,
)
from telegram.constants import ChatAction
from telegram.error import BadRequest, TelegramError
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from bot.conversation.commands import COMMANDS
from bot.conversation.grammar import (
    Intent,
    Remember,
    Rule,
    is_memory_attempt,
    parse_input,
    parse_text,
)
from bot.conversation.pipeline import Pipeline
from bot.conversation.render import split_html, to_plain
from bot.conversation.reply import Button, Reply, Turn
from bot.conversation.texts import lang_of, tr
from bot.settings import Settings
from bot.telegram.buttons import ButtonStore
from bot.telegram.policy import scope_for_update, scope_move_for_update
from memory_core import InvalidInputError, Memory, Scope

__all__ = ["TelegramHandlers"]

logger = logging.getLogger(__name__)

_FOREIGN_COMMAND_RE = re.compile(r"^/\w+@(?P<bot>\w+)")
_TYPING_EVERY = 4.5
"""Seconds between "typing..." actions (Telegram shows one for about five seconds)."""


class TelegramHandlers:
    """The bot's Telegram callbacks, wired to one memory store and one pipeline."""

    def __init__(
        self, settings: Settings, memory: Memory, pipeline: Pipeline, buttons: ButtonStore
    ) -> None:
        self.settings = settings
        self.owner_user_id = settings.for_the_bot()[1]
        self.memory = memory
        self.pipeline = pipeline
        self.buttons = buttons
        self._last_scope: tuple[Update, Scope | None] | None = None

    def register(self, app: Application[Any, Any, Any, Any, Any, Any]) -> None:
        """Add every handler, in order, and the error handler."""
        new = filters.UpdateType.MESSAGE
        # plain text first: most updates are, and PTB tries the handlers in order; a photo's
        # or file's caption is read as its text
        written = (filters.TEXT & ~filters.COMMAND) | filters.CAPTION
        app.add_handler(MessageHandler(new & written, self.text))
        for spec in COMMANDS:
            app.add_handler(CommandHandler(spec.name, self.command, filters=new))
        app.add_handler(MessageHandler(new & filters.COMMAND, self.command))
        app.add_handler(MessageHandler(new & filters.ChatType.PRIVATE & _UNREAD, self.unread))
        edited = filters.UpdateType.EDITED_MESSAGE & filters.TEXT & ~filters.COMMAND
        app.add_handler(MessageHandler(edited, self.edited))
        app.add_handler(CallbackQueryHandler(self.button))
        app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, self.migrated))
        app.add_error_handler(self.error)

    def scope_of(self, update: Update) -> Scope | None:
        """The policy's answer for this update (the only gate to memory).

        Asked twice per update (by the inbox's processor, then by the handler), it is
        worked out once: the answer for the last update object is kept.
        """
        last = self._last_scope
        if last is not None and last[0] is update:
            return last[1]
        scope = scope_for_update(
            update,
            owner_user_id=self.owner_user_id,
            non_owner_memory=self.settings.non_owner_memory,
            isolated_chat_ids=self.settings.isolated_chat_ids,
        )
        self._last_scope = (update, scope)
        return scope

    # ----------------------------------------------------------------- updates
    async def command(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A slash command (known or not)."""
        message = update.message
        if message is None or message.text is None:
            return
        foreign = _FOREIGN_COMMAND_RE.match(message.text)
        if foreign and foreign["bot"].lower() != (context.bot.username or "").lower():
            return  # addressed to another bot in a group
        await self._serve(update, message, parse_input(message.text))

    async def text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A text message, or a photo or file with a caption: a trigger phrase or a question."""
        message = update.message
        written = message.text or message.caption if message is not None else None
        if message is None or written is None:
            return
        await self._serve(
            update, message, parse_text(_strip_mention(written, context.bot.username))
        )

    async def unread(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A voice message, photo or file without a caption in a private chat: say that only
        text is read, where memory is on (nothing is stored or searched)."""
        message = update.message
        user = message.from_user if message is not None else None
        if message is None or user is None or self.scope_of(update) is None:
            return
        lang = lang_of(user.language_code)
        await self._send(message, Reply(tr(lang, "text_only")), None, 0)

    async def edited(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """An edited message: only a corrected remember or rule is acted on."""
        message = update.edited_message
        if message is None or message.text is None:
            return
        intent = parse_text(_strip_mention(message.text, context.bot.username))
        if isinstance(intent, Remember | Rule):
            await self._serve(update, message, intent)

    async def _serve(self, update: Update, message: Message, intent: Intent) -> None:
        scope = self.scope_of(update)
        user = message.from_user
        lang = lang_of(user.language_code if user else None)
        if scope is None or user is None:
            if is_memory_attempt(intent):
                await self._send(message, Reply(tr(lang, "memory_off")), None, 0)
            return
        turn = Turn(
            lang=lang,
            speaker=user.first_name or "owner",
            sole_user=message.chat.type == Chat.PRIVATE,
            update_key=_update_key(update, message),
            user_id=user.id,
            message=message.text or message.caption or "",
        )
        async with _typing(message, enabled=self.pipeline.is_slow(intent)):
            reply = await self.pipeline.handle(self.memory.scoped(scope), intent, turn)
        await self._send(message, reply, scope, user.id)

    async def button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A pressed inline button: check the presser and the scope again, then act."""
        query = update.callback_query
        if query is None:
            return
        lang = lang_of(query.from_user.language_code)
        record = self.buttons.get(query.data or "")
        if record is None:
            await query.answer(to_plain(tr(lang, "button_expired")))
            return
        scope = self.scope_of(update)
        if scope is None or record.user_id != query.from_user.id or record.scope != scope:
            await query.answer(to_plain(tr(lang, "not_your_button")))
            return
        self.buttons.spend(record)
        await query.answer()
        turn = Turn(
            lang=lang,
            speaker=query.from_user.first_name or "owner",
            sole_user=query.message is None or query.message.chat.type == Chat.PRIVATE,
            user_id=query.from_user.id,
        )
        reply = await self.pipeline.press(self.memory.scoped(scope), record.action, turn)
        pieces = split_html(reply.html)
        markup = self._markup(reply.buttons, scope, query.from_user.id)
        first_markup = markup if len(pieces) == 1 else None
        try:
            await query.edit_message_text(pieces[0], reply_markup=first_markup)
        except BadRequest:
            if query.message is None:
                raise
            await context.bot.send_message(
                query.message.chat.id, pieces[0], reply_markup=first_markup
            )
        if query.message is not None:
            for n, piece in enumerate(pieces[1:], start=2):
                await context.bot.send_message(
                    query.message.chat.id, piece, reply_markup=markup if n == len(pieces) else None
                )

    async def error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Log the update id and the error type (never text), and apologise in memory chats.

        It never raises: an update odd enough to break a handler may break this too, and
        that is logged in one line as well.
        """
        try:
            await self._report(update, context)
        except Exception as exc:  # the last line of defence logs, never raises
            update_id = getattr(update, "update_id", None)
            failure = type(exc).__name__
            logger.error("update %s: the error handler failed too: %s", update_id, failure)  # noqa: TRY400

    async def _report(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        error = context.error
        update_id = update.update_id if isinstance(update, Update) else None
        where = ""
        tb = error.__traceback__ if error is not None else None
        while tb is not None and tb.tb_next is not None:
            tb = tb.tb_next
        if tb is not None:
            where = f" at {tb.tb_frame.f_code.co_filename.rsplit('/', 1)[-1]}:{tb.tb_lineno}"
        logger.error("update %s failed: %s%s", update_id, type(error).__name__, where)
        if not isinstance(update, Update) or update.effective_message is None:
            return
        if update.callback_query is not None or self.scope_of(update) is None:
            return
        user = update.effective_user
        lang = lang_of(user.language_code if user else None)
        try:
            await update.effective_message.reply_text(tr(lang, "error"))
        except TelegramError as exc:
            logger.warning("could not apologise for update %s: %s", update_id, type(exc).__name__)

    async def migrated(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """An isolated group became a supergroup: move its memory to the new id, say so once.

        The notice goes to the new supergroup (the old group no longer takes messages). A
        repeated delivery finds the new scope already filled and stays silent.
        """
        move = scope_move_for_update(update, isolated_chat_ids=self.settings.isolated_chat_ids)
        message = update.message
        if move is None or message is None or message.migrate_to_chat_id is None:
            return
        old, new = move
        held = await self.memory.scoped(old).stats()
        try:
            rows = await self.memory.move_scope(old, new)
        except InvalidInputError:
            logger.warning("update %s: %s already holds memory; not moved", update.update_id, new)
            return
        logger.info("update %s: moved %d rows from %s to %s", update.update_id, rows, old, new)
        new_id = message.migrate_to_chat_id
        key = (
            "group_upgraded_configured"
            if new_id in self.settings.isolated_chat_ids
            else "group_upgraded"
        )
        lang = lang_of(message.from_user.language_code if message.from_user else None)
        text = tr(lang, key, new_id=new_id, entries=held.entities, facts=held.observations)
        await context.bot.send_message(new_id, text)

    # ----------------------------------------------------------------- replies
    def _markup(
        self, buttons: tuple[Button, ...], scope: Scope | None, user_id: int
    ) -> InlineKeyboardMarkup | None:
        if not buttons or scope is None:
            return None
        tokens = self.buttons.issue(scope, user_id, [b.action for b in buttons])
        rows = [
            [InlineKeyboardButton(b.label, callback_data=token)]
            for b, token in zip(buttons, tokens, strict=True)
        ]
        return InlineKeyboardMarkup(rows)

    async def _send(
        self, message: Message, reply: Reply, scope: Scope | None, user_id: int
    ) -> None:
        markup = self._markup(reply.buttons, scope, user_id)
        if reply.document is not None:
            await message.reply_document(
                document=reply.document.content,
                filename=reply.document.filename,
                caption=reply.html,
                reply_markup=markup,
            )
            return
        pieces = split_html(reply.html) if reply.html else []  # no text: no message
        for n, piece in enumerate(pieces, start=1):
            await message.reply_text(piece, reply_markup=markup if n == len(pieces) else None)
        for extra in reply.follow_up:
            await self._send(message, extra, scope, user_id)


@contextlib.asynccontextmanager
async def _typing(message: Message, *, enabled: bool) -> AsyncIterator[None]:
    """Show "typing..." in the chat while the block runs (a failure to show it is ignored)."""
    if not enabled:
        yield
        return

    async def keep_typing() -> None:
        while True:
            with contextlib.suppress(TelegramError):
                await message.chat.send_action(ChatAction.TYPING)
            await asyncio.sleep(_TYPING_EVERY)

    task = asyncio.create_task(keep_typing())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


_UNREAD = (
    filters.VOICE
    | filters.AUDIO
    | filters.VIDEO
    | filters.VIDEO_NOTE
    | filters.PHOTO
    | filters.Document.ALL
) & ~filters.CAPTION
"""What a private chat may send that holds words the bot cannot read (a sticker, a GIF or a
dice is like an emoji: no reply)."""


def _strip_mention(text: str, username: str | None) -> str:
    """Drop a leading ``@botname`` (how people address a bot in a group)."""
    if username and text.lower().startswith("@" + username.lower()):
        return text[len(username) + 1 :].lstrip(" ,:")
    return text


def _update_key(update: Update, message: Message) -> str:
    """A key for the update journal: the update id plus the message it carries.

    Telegram may restart update ids after a quiet week; with the chat and message ids (and
    the edit time for edits) a new message can never look like an old one.
    """
    edit = f":e{int(message.edit_date.timestamp())}" if message.edit_date else ""
    return f"tg:{update.update_id}:{message.chat.id}:{message.message_id}{edit}"
