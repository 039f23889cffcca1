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
from bot.conversation.remember import INSTRUCTION_KINDS, others_instructions, user_entity
from bot.conversation.render import MESSAGE_LIMIT, cut_to_messages, esc, group_by_entity, join
from bot.conversation.reply import Reply, Turn
from bot.conversation.setup import Setup
from bot.conversation.texts import Html, Lang, described, tr
from memory_core import DiskFullError, ReadOnlyError, Relation
from memory_core.lifecycle import durable_lines, forgotten_lines
from memory_core.naming import split_prefix
from memory_core.observation import parse_observation
from memory_core.overview import recent_lines
from memory_core.recall import RecallOptions, RecallResult, recall
from memory_core.secret_mask import mask_secrets
from memory_core.secrets import find_secret
from memory_core.service import ScopedMemory
from memory_core.smalltalk import classify, reply_for, text_lang

__all__ = [
    "MAX_ANSWER_CHARS",
    "MAX_ANSWER_MESSAGES",
    "SILENT",
    "converse",
    "recall_reading",
    "recall_reply",
    "show_memory",
]

logger = logging.getLogger(__name__)

MAX_ANSWER_MESSAGES = 3
"""A model's answer is cut (after HTML escaping) to at most this many messages."""
MAX_ANSWER_CHARS = MAX_ANSWER_MESSAGES * MESSAGE_LIMIT
"""About the longest model answer shown, in escaped characters."""
SILENT = Reply(Html(""))
"""No answer: an acknowledgement or an emoji closes the exchange."""
_MAX_RELATIONS_SHOWN = 5
_RECENT_SHOWN = 10
_DURABLE_SHOWN = 5


async def converse(setup: Setup, scoped: ScopedMemory, text: str, turn: Turn) -> Reply:
    """Answer an ordinary message, and offer to remember what it states.

    Small talk ("спасибо", "👍", "good night") gets a short friendly line or no reply at
    all (:data:`SILENT`), never memories.
    """
    kind = classify(text)
    if kind is not None:
        line = reply_for(kind, text_lang(text, turn.lang), text)
        return SILENT if line is None else Reply(esc(line))
    secret = find_secret(text)
    if secret is not None:
        return Reply(tr(turn.lang, "secret_in_query", category=described(turn.lang, secret)))
    if not setup.proposals:  # nothing to offer: no second task per message
        return await _answer(setup, scoped, text, turn)
    reply, offered = await asyncio.gather(
        _answer(setup, scoped, text, turn), offer_for(setup, scoped, text, turn)
    )
    if offered is None:
        return reply
    if not reply.touched and setup.answerer is None:
        # a statement the memory knows nothing of yet: the offer alone answers it, with no
        # "nothing is remembered about ..." before it
        return replace(SILENT, follow_up=(offered,))
    return replace(reply, follow_up=(offered,))


async def recall_reading(
    scoped: ScopedMemory, text: str, options: RecallOptions, speaker: str | None = None
) -> RecallResult:
    """Recall; when its hits cannot be counted (a full disk, a read-only file), read only."""
    try:
        return await recall(scoped, text, options, speaker=speaker)
    except (DiskFullError, ReadOnlyError):
        if not options.reinforce:
            raise
        return await recall(scoped, text, replace(options, reinforce=False), speaker=speaker)


async def _answer(setup: Setup, scoped: ScopedMemory, text: str, turn: Turn) -> Reply:
    user = await user_entity(scoped, turn)
    result = await recall_reading(scoped, text, setup.recall_options, user)
    if not result.nodes and result.built_query and setup.expander is not None:
        result = await _expanded(setup, scoped, text, result)
    result = _for_speaker(result, user)
    plain = render_recall(result, turn.lang)
    if setup.answerer is None:
        return plain
    instructions = await _instructions(scoped, user)
    try:
        answer = await setup.answerer.answer(text, result, instructions, turn.lang)
    except ModelError as exc:
        logger.warning("language model failed, answered from recall: %s", exc)
        return replace(plain, html=join([tr(turn.lang, "model_failed"), plain.html]))
    html = cut_to_messages(esc(mask_secrets(answer)), MAX_ANSWER_MESSAGES)
    return Reply(html, touched=result.nodes)


async def _expanded(
    setup: Setup, scoped: ScopedMemory, text: str, found: RecallResult
) -> RecallResult:
    """Recall again on the model's search terms; keep the first result if that fails."""
    assert setup.expander is not None  # noqa: S101 - the caller checked
    try:
        terms = await setup.expander.search_terms(text)
    except ModelError as exc:
        logger.warning("search terms from the model failed: %s", exc)
        return found
    if not terms:
        return found
    again = await recall_reading(scoped, " ".join(terms), setup.recall_options)
    return again if again.nodes else found


def _for_speaker(result: RecallResult, speaker: str) -> RecallResult:
    """The recall without other people's ``rule:`` and ``pref:`` lines (a shared scope's
    members each have their own entry; one's instructions never shape another's answer).
    A question about oneself already read the speaker's own entry only (``speaker=``)."""
    lines = tuple(
        line for line in result.lines if not others_instructions(speaker, line.entity, line.text)
    )
    return result if len(lines) == len(result.lines) else replace(result, lines=lines)


async def _instructions(scoped: ScopedMemory, user: str) -> list[str]:
    """The speaker's ``rule:`` and ``pref:`` lines, from their own ``User:`` entry only."""
    graph = await scoped.open_nodes([user], relation_limit=0)
    return [
        line
        for entity in graph.entities
        for line in entity.observations
        if parse_observation(line).kind in INSTRUCTION_KINDS
    ]


async def recall_reply(setup: Setup, scoped: ScopedMemory, query: str, turn: Turn) -> Reply:
    """Answer ``/recall`` and "вспомни ..." with the recall reply, never a model."""
    lang = turn.lang
    secret = find_secret(query)
    if secret is not None:
        return Reply(tr(lang, "secret_in_query", category=described(lang, secret)))
    user = await user_entity(scoped, turn)
    result = await recall_reading(scoped, query, setup.recall_options, user)
    return render_recall(_for_speaker(result, user), lang)


def render_recall(result: RecallResult, lang: Lang) -> Reply:
    """The built query, the recalled lines grouped by entry, and the links among them."""
    pairs = [(line.entity, line.text) for line in result.lines]
    if result.recent:
        if not pairs:
            return Reply(tr(lang, "memory_empty"))
        return Reply(join([tr(lang, "recall_recent"), group_by_entity(pairs)]))
    if not result.built_query and not result.nodes:
        unknown = "recall_none_self" if result.about_speaker else "recall_no_question"
        return Reply(tr(lang, unknown))
    # no query words but nodes: a question about oneself ("что ты обо мне знаешь?")
    header = [tr(lang, "recall_query", query=result.built_query)] if result.built_query else []
    if not pairs and not result.nodes:
        return Reply(join([*header, tr(lang, "recall_none", query=result.built_query)]))
    touched = tuple(dict.fromkeys([*result.nodes, *(line.entity for line in result.lines)]))
    # every node in its rank, one known only by its links too (its links follow)
    lines = [*header, group_by_entity(pairs, heads=result.nodes)]
    shown = set(result.nodes)
    links = [r for r in result.relations if _explains(r, shown, result.about_speaker)]
    lines.extend(
        Html(f"↔ {esc(r.from_)} -[{esc(r.relation_type)}]-&gt; {esc(r.to)}")
        for r in links[:_MAX_RELATIONS_SHOWN]
    )
    return Reply(join(lines), touched=touched)


def _explains(link: Relation, shown: set[str], about_speaker: bool) -> bool:
    """Whether a link belongs under the answer: it joins two entries shown, or says who one
    shown entry is ("Kate -[sibling_of]-> User:owner"). The speaker's own entry, shown for a
    line of theirs, does not bring all their people along ("where do I live" lists no boss
    and no sister), unless the question was about the speaker."""
    if link.from_ in shown and link.to in shown:
        return True
    end = link.from_ if link.from_ in shown else link.to if link.to in shown else None
    if end is None:
        return False
    return about_speaker or split_prefix(end)[0] != "User"


async def show_memory(scoped: ScopedMemory, turn: Turn) -> Reply:
    """``/memory``: the counts, the faded lines' count and the most recent lines.

    Another member's ``rule:`` and ``pref:`` lines are not among the lines shown.
    """
    lang = turn.lang
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
    user = await user_entity(scoped, turn)
    durable = [
        (entity, line)
        for entity, line in await durable_lines(scoped)
        if not others_instructions(user, entity, line)
    ]
    if durable:
        shown = group_by_entity(durable[:_DURABLE_SHOWN])
        head = join([head, tr(lang, "memory_durable", count=len(durable)), shown])
    recent = await recent_lines(scoped, _RECENT_SHOWN)
    pairs = [
        (line.entity, line.text)
        for line in recent
        if not others_instructions(user, line.entity, line.text)
    ]
    if not pairs:
        return Reply(join([head, tr(lang, "memory_empty")]))
    return Reply(join([head, tr(lang, "memory_recent"), group_by_entity(pairs)]))
