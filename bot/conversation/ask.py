"""The ask use case: an ordinary message or ``/recall`` answered from memory.

An ordinary message is answered from what the scope recalls: by a language model when one
is configured (falling back to the recall reply when it fails), else with the recall reply
itself. When the message states a durable fact, an offer to remember it follows as a second
message with Yes / No buttons (:mod:`bot.conversation.offer`).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from bot.conversation.language_model import ModelError
from bot.conversation.offer import offer_for
from bot.conversation.remember import user_entity
from bot.conversation.render import MESSAGE_LIMIT, esc, group_by_entity, join
from bot.conversation.reply import Reply, Turn
from bot.conversation.secret_guard import find_secret
from bot.conversation.setup import Setup
from bot.conversation.texts import Html, Lang, category, tr
from memory_core.lifecycle import forgotten_lines
from memory_core.observation import parse_observation
from memory_core.overview import recent_lines
from memory_core.recall import RecallResult, recall
from memory_core.service import ScopedMemory

__all__ = ["MAX_ANSWER_CHARS", "converse", "recall_reply", "show_memory"]

logger = logging.getLogger(__name__)

MAX_ANSWER_CHARS = 3 * MESSAGE_LIMIT
"""The longest model answer shown (three messages); the rest is cut."""
_MAX_RELATIONS_SHOWN = 5
_RECENT_SHOWN = 10
_INSTRUCTION_KINDS = frozenset({"rule", "pref"})


async def converse(setup: Setup, scoped: ScopedMemory, text: str, turn: Turn) -> Reply:
    """Answer an ordinary message, and offer to remember what it states."""
    secret = find_secret(text)
    if secret is not None:
        return Reply(tr(turn.lang, "secret_in_query", category=category(turn.lang, secret)))
    if not setup.proposals:  # nothing to offer: no second task per message
        return await _answer(setup, scoped, text, turn)
    reply, offered = await asyncio.gather(
        _answer(setup, scoped, text, turn), offer_for(setup, scoped, text, turn)
    )
    return replace(reply, follow_up=(offered,)) if offered is not None else reply


async def _answer(setup: Setup, scoped: ScopedMemory, text: str, turn: Turn) -> Reply:
    result = await recall(scoped, text, setup.recall_options)
    plain = render_recall(result, turn.lang)
    if setup.answerer is None:
        return plain
    instructions = await _instructions(scoped, turn)
    try:
        answer = await setup.answerer.answer(text, result, instructions, turn.lang)
    except ModelError as exc:
        logger.warning("language model failed, answered from recall: %s", exc)
        return Reply(join([tr(turn.lang, "model_failed"), plain.html]), plain.buttons)
    return Reply(esc(answer[:MAX_ANSWER_CHARS]))


async def _instructions(scoped: ScopedMemory, turn: Turn) -> list[str]:
    """The speaker's ``rule:`` and ``pref:`` lines, from their ``User:`` entry."""
    user = await user_entity(scoped, turn)
    graph = await scoped.open_nodes([user])
    return [
        line
        for entity in graph.entities
        for line in entity.observations
        if parse_observation(line).kind in _INSTRUCTION_KINDS
    ]


async def recall_reply(setup: Setup, scoped: ScopedMemory, query: str, lang: Lang) -> Reply:
    """Answer ``/recall`` and "вспомни ..." with the recall reply, never a model."""
    secret = find_secret(query)
    if secret is not None:
        return Reply(tr(lang, "secret_in_query", category=category(lang, secret)))
    result = await recall(scoped, query, setup.recall_options)
    return render_recall(result, lang)


def render_recall(result: RecallResult, lang: Lang) -> Reply:
    """The built query, the recalled lines grouped by entry, and the links among them."""
    pairs = [(line.entity, line.text) for line in result.lines]
    if result.recent or not result.built_query:
        if not pairs:
            return Reply(tr(lang, "memory_empty"))
        return Reply(join([tr(lang, "recall_recent"), group_by_entity(pairs)]))
    header = tr(lang, "recall_query", query=result.built_query)
    if not pairs:
        return Reply(join([header, tr(lang, "recall_none", query=result.built_query)]))
    lines = [header, group_by_entity(pairs)]
    shown = set(result.nodes)
    links = [r for r in result.relations if r.from_ in shown or r.to in shown]
    lines.extend(
        Html(f"↔ {esc(r.from_)} -[{esc(r.relation_type)}]-&gt; {esc(r.to)}")
        for r in links[:_MAX_RELATIONS_SHOWN]
    )
    return Reply(join(lines))


async def show_memory(scoped: ScopedMemory, lang: Lang) -> Reply:
    """``/memory``: the counts, the faded lines' count and the most recent lines."""
    stats = await scoped.stats()
    head = tr(
        lang,
        "memory_stats",
        entities=stats.entities,
        observations=stats.observations,
        relations=stats.relations,
    )
    faded = len(await forgotten_lines(scoped))
    if faded:
        head = join([head, tr(lang, "forgotten_count", count=faded)])
    recent = await recent_lines(scoped, _RECENT_SHOWN)
    if not recent:
        return Reply(join([head, tr(lang, "memory_empty")]))
    pairs = [(line.entity, line.text) for line in recent]
    return Reply(join([head, tr(lang, "memory_recent"), group_by_entity(pairs)]))
