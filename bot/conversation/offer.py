"""The offer to remember facts a message stated: which to offer, and the Yes / No reply.

A fact already on its entry (same kind, key and value) is not offered again. The offer is
its own message with two buttons; "Yes" stores the lines with ``src=auto`` and a lower
starting confidence (see :mod:`memory_core.lifecycle`), "No" stores nothing.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Sequence

from bot.conversation.language_model import ModelError
from bot.conversation.proposals import MAX_FACTS, ProposedFact, is_proposable, propose
from bot.conversation.remember import user_entity
from bot.conversation.render import bullet, join
from bot.conversation.reply import Accept, Button, Decline, Reply, Turn
from bot.conversation.setup import Setup
from bot.conversation.texts import Lang, tr
from memory_core import AmbiguousNameError, InvalidInputError, format_observation
from memory_core.language import normalize
from memory_core.lifecycle import AUTO_SOURCE
from memory_core.observation import parse_observation
from memory_core.secrets import check_observation
from memory_core.service import ScopedMemory

__all__ = ["offer", "offer_for"]

logger = logging.getLogger(__name__)


def _same(line: str, fact: ProposedFact) -> bool:
    parsed = parse_observation(line)
    if parsed.kind != fact.kind:
        return False
    if fact.key is not None:
        return parsed.key == fact.key and normalize(parsed.value or "") == normalize(fact.value)
    return parsed.key is None and normalize(parsed.body) == normalize(fact.value)


async def _known(scoped: ScopedMemory, entity: str, fact: ProposedFact) -> bool:
    try:
        name = await scoped.resolve_name(entity)
    except AmbiguousNameError:
        return False
    if name is None:
        return False
    graph = await scoped.open_nodes([name])
    return any(_same(line, fact) for e in graph.entities for line in e.observations)


async def offer_for(setup: Setup, scoped: ScopedMemory, text: str, turn: Turn) -> Reply | None:
    """The offer for what an ordinary message states (by the model, else by the rules)."""
    if not setup.proposals or not is_proposable(text):
        return None
    facts: list[ProposedFact] | None = None
    if setup.answerer is not None:
        try:
            facts = await setup.answerer.extract(text)
        except ModelError as exc:
            logger.warning("fact extraction failed, using the rules: %s", exc)
    if facts is None:
        facts = propose(text)
    if not facts:
        return None
    user = await user_entity(scoped, turn)
    return await offer(scoped, facts, user, setup.today(), turn.lang)


async def offer(
    scoped: ScopedMemory,
    facts: Sequence[ProposedFact],
    speaker: str,
    today: dt.date,
    lang: Lang,
) -> Reply | None:
    """Return the "remember this?" message for new facts, or ``None`` when none is new.

    Args:
        scoped: the scope the facts would go to.
        facts: what the message stated (by rules or by the model).
        speaker: the speaker's ``User:`` entry, for facts about the speaker.
        today: the ``as_of`` date of the lines.
        lang: the reply language.
    """
    items: dict[str, list[str]] = {}
    for fact in facts[:MAX_FACTS]:
        entity = fact.entity or speaker
        try:
            line = format_observation(
                fact.kind, fact.value, key=fact.key, as_of=today, src=AUTO_SOURCE
            )
        except InvalidInputError:
            continue
        if check_observation(line) is not None or await _known(scoped, entity, fact):
            continue
        if line not in items.get(entity, []):
            items.setdefault(entity, []).append(line)
    if not items:
        return None
    lines = [tr(lang, "offer")]
    lines.extend(bullet(line, entity) for entity, new in items.items() for line in new)
    accept = Accept(tuple((entity, tuple(new)) for entity, new in items.items()))
    buttons = (Button(tr(lang, "button_yes"), accept), Button(tr(lang, "button_no"), Decline()))
    return Reply(join(lines), buttons)
