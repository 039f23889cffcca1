"""The offer to remember facts a message stated: which to offer, and the Yes / No reply.

A fact already on its entry (same kind, key and value) is not offered again. The offer is
its own message with two buttons; "Yes" stores the lines with ``src=auto`` and a lower
starting confidence (see :mod:`memory_core.lifecycle`), "No" stores nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from bot.conversation.proposals import MAX_FACTS, ProposedFact
from bot.conversation.render import bullet, join
from bot.conversation.reply import Accept, Button, Decline, Reply
from bot.conversation.secret_guard import check_observation
from bot.conversation.texts import Lang, tr
from memory_core import AmbiguousNameError, InvalidInputError, format_observation
from memory_core.language import normalize
from memory_core.lifecycle import AUTO_SOURCE
from memory_core.observation import parse_observation
from memory_core.service import ScopedMemory

__all__ = ["offer"]


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


async def offer(
    scoped: ScopedMemory,
    facts: Sequence[ProposedFact],
    user_entity: str,
    today: dt.date,
    lang: Lang,
) -> Reply | None:
    """Return the "remember this?" message for new facts, or ``None`` when none is new.

    Args:
        scoped: the scope the facts would go to.
        facts: what the message stated (by rules or by the model).
        user_entity: the speaker's ``User:`` entry, for facts about the speaker.
        today: the ``as_of`` date of the lines.
        lang: the reply language.
    """
    items: dict[str, list[str]] = {}
    for fact in facts[:MAX_FACTS]:
        entity = fact.entity or user_entity
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
