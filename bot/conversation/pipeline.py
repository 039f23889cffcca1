"""The message pipeline shared by Telegram and the terminal: intent in, Reply out.

It never sees Telegram objects and never decides scopes: the caller passes the scope the
policy gave it (:func:`bot.telegram.policy.scope_for_update`) and a
:class:`~bot.conversation.reply.Turn`. The pipeline only dispatches: each intent and each
button action goes to its use case (remember, ask, forget, faded, offer, index, export).
Around that, references to the last turns ("это", "его", "больше так не делай") are resolved
first, and the turn is kept in the scope's 24-hour working memory after
(:mod:`bot.conversation.references`).
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from bot.conversation import faded, forget
from bot.conversation.answering import Answerer
from bot.conversation.ask import converse, recall_reply, show_memory
from bot.conversation.commands import COMMANDS
from bot.conversation.expansion import Expander
from bot.conversation.export import export_reply
from bot.conversation.grammar import (
    Export,
    Forget,
    Help,
    IndexKb,
    Intent,
    Recall,
    Remember,
    RestoreForgotten,
    Rule,
    ShowForgotten,
    ShowMemory,
    Start,
    UnknownCommand,
    parse_input,
)
from bot.conversation.help_lines import GRAMMAR
from bot.conversation.index import KbSetup, index_reply
from bot.conversation.references import keep_turn, resolve
from bot.conversation.remember import accept, remember_fact, remember_on, remember_rule
from bot.conversation.render import esc, join
from bot.conversation.reply import (
    Accept,
    Action,
    Decline,
    RememberOn,
    Reply,
    RestoreLines,
    Turn,
)
from bot.conversation.setup import MAX_FACT_CHARS, Setup
from bot.conversation.texts import Html, Lang, tr
from memory_core import DiskFullError, ReadOnlyError
from memory_core.recall import RecallOptions
from memory_core.service import ScopedMemory

__all__ = ["MAX_FACT_CHARS", "Pipeline", "help_text"]

logger = logging.getLogger(__name__)

Handler = Callable[[Setup, ScopedMemory, Any, Turn], Awaitable[Reply]]


def help_text(lang: Lang) -> Html:
    """The /help text, generated from the command table and the grammar."""
    lines = [tr(lang, "help_commands")]
    for spec in COMMANDS:
        args = f" <i>{esc(spec.args(lang))}</i>" if spec.args(lang) else ""
        lines.append(Html(f"/{spec.name}{args} — {esc(spec.about(lang))}"))
    lines.append(Html(""))
    lines.append(tr(lang, "help_grammar"))
    lines.extend(Html(f"• {line}") for line in GRAMMAR[lang])
    return join(lines)


async def _recall(setup: Setup, scoped: ScopedMemory, intent: Recall, turn: Turn) -> Reply:
    if intent.explicit:
        return await recall_reply(setup, scoped, intent.query, turn)
    return await converse(setup, scoped, intent.query, turn)


_INTENTS: dict[type[Any], Handler] = {
    Remember: remember_fact,
    Rule: remember_rule,
    Forget: lambda _s, scoped, intent, turn: forget.forget(scoped, intent.query, turn),
    Recall: _recall,
    ShowMemory: lambda _s, scoped, _i, turn: show_memory(scoped, turn),
    ShowForgotten: lambda _s, scoped, _i, turn: faded.forgotten_reply(scoped, turn.lang),
    RestoreForgotten: lambda _s, scoped, i, turn: faded.restore_number(
        scoped, i.number, turn.lang
    ),
    IndexKb: lambda setup, scoped, _i, turn: index_reply(scoped, setup.kb, turn.lang),
    Export: lambda _s, scoped, _i, turn: export_reply(scoped, turn.lang),
}
_REPLIES: dict[type[Any], Callable[[Lang], Html]] = {
    Start: lambda lang: tr(lang, "start"),
    Help: help_text,
    UnknownCommand: lambda lang: tr(lang, "unknown_command"),
}


class Pipeline:
    """Answers intents in one scope. Stateless apart from its settings; safe to share."""

    def __init__(
        self,
        recall_options: RecallOptions | None = None,
        *,
        max_fact_chars: int = MAX_FACT_CHARS,
        today: Callable[[], dt.date] | None = None,
        answerer: Answerer | None = None,
        proposals: bool = True,
        kb: KbSetup | None = None,
        expander: Expander | None = None,
    ) -> None:
        base = Setup()
        self.setup = Setup(
            recall_options=recall_options or base.recall_options,
            max_fact_chars=max_fact_chars,
            today=today or base.today,
            answerer=answerer,
            proposals=proposals,
            kb=kb,
            expander=expander,
        )

    def is_slow(self, intent: Intent) -> bool:
        """Whether answering may take seconds (a model call, indexing): show "typing"."""
        if isinstance(intent, Recall):
            return not intent.explicit and self.setup.answerer is not None
        return isinstance(intent, IndexKb)

    async def handle_text(self, scoped: ScopedMemory, text: str, turn: Turn) -> Reply:
        """Answer one typed line (a slash command or a message), as the terminal chat does."""
        turn = turn if turn.message else replace(turn, message=text)
        return await self.handle(scoped, parse_input(text), turn)

    async def handle(self, scoped: ScopedMemory, intent: Intent, turn: Turn) -> Reply:
        """Answer one intent in the given scope, and keep the turn in the working memory.

        A write the disk has no room for (or a read-only file refuses) is answered with one
        line saying so; reads keep working.
        """
        try:
            resolved = await resolve(self.setup, scoped, intent, turn)
            if isinstance(resolved, Reply):
                reply = resolved
            else:
                handler = _INTENTS.get(type(resolved))
                if handler is not None:
                    reply = await handler(self.setup, scoped, resolved, turn)
                else:
                    reply = Reply(_REPLIES[type(resolved)](turn.lang))
        except (DiskFullError, ReadOnlyError) as exc:
            return _not_saved(exc, turn)
        await _keep(scoped, turn, reply)
        return reply

    async def press(self, scoped: ScopedMemory, action: Action, turn: Turn) -> Reply:
        """Carry out a pressed button (already checked against its owner and scope)."""
        try:
            reply = await self._press(scoped, action, turn)
        except (DiskFullError, ReadOnlyError) as exc:
            return _not_saved(exc, turn)
        await _keep(scoped, turn, reply)
        return reply

    async def _press(self, scoped: ScopedMemory, action: Action, turn: Turn) -> Reply:
        if isinstance(action, Accept):
            return await accept(scoped, action, turn)
        if isinstance(action, Decline):
            return Reply(tr(turn.lang, "offer_declined"))
        if isinstance(action, RestoreLines):
            return await faded.restore_ids(scoped, action.ids, turn.lang)
        if isinstance(action, RememberOn):
            return await remember_on(scoped, action, turn)
        return await forget.press_forget(scoped, action, turn)


async def _keep(scoped: ScopedMemory, turn: Turn, reply: Reply) -> None:
    """Keep the turn in the working memory; on a full disk the reply stands without it."""
    try:
        await keep_turn(scoped, turn, reply)
    except (DiskFullError, ReadOnlyError) as exc:
        logger.debug("turn not kept in the working memory: %s", exc)


def _not_saved(exc: DiskFullError | ReadOnlyError, turn: Turn) -> Reply:
    """Log the storage problem in one line and say it in the chat."""
    logger.error("not saved: %s", exc)
    key = "disk_full" if isinstance(exc, DiskFullError) else "read_only"
    return Reply(tr(turn.lang, key))
