"""The offer to remember what a message stated: exactly the entities, lines and links of "Yes".

An ordinary message that states something durable ("мой тимлид — Иван Петров", "we decided
to use cursor pagination for ESO") gets a second message listing what "Yes" writes: new
entries (marked), lines and links, after leaving out what the scope holds already
(:func:`bot.conversation.proposals.prepare`). A line that contradicts an old one in the same
slot is offered as its replacement, showing both. "Yes" writes with ``src=auto`` and a
guess's confidence (:mod:`memory_core.lifecycle`); "No" stores nothing.
"""

from __future__ import annotations

from bot.conversation.proposals import Prepared, prepare, user_entity
from bot.conversation.render import esc, join
from bot.conversation.reply import Accept, Button, Decline, Reply, Turn
from bot.conversation.setup import Setup
from bot.conversation.texts import Html, Lang, tr
from memory_core.extraction import Proposal, ProposedRelation
from memory_core.extraction_skip import is_question, is_small_talk
from memory_core.service import ScopedMemory

__all__ = ["offer_for", "proposal_lines", "relation_text", "render_offer"]


def relation_text(rel: ProposedRelation) -> str:
    """A link as the owner writes one: ``A -[verb]-> B`` (plain text)."""
    return f"{rel.from_} -[{rel.relation_type}]-> {rel.to}"


def proposal_lines(proposal: Proposal, lang: Lang) -> list[Html]:
    """The bullets of a proposal: entries (new ones marked), their lines, then the links."""
    out: list[Html] = []
    for entity in proposal.entities:
        label = Html(f"<b>{esc(entity.name)}</b>")
        if entity.is_new:
            label = Html(f"{label} ({tr(lang, 'new_entity')})")
        if not entity.lines:
            out.append(Html(f"• {label}"))
        out.extend(Html(f"• {label}: {esc(line)}") for line in entity.lines)
    out.extend(Html(f"• 🔗 {esc(relation_text(r))}") for r in proposal.relations)
    return out


def render_offer(
    prepared: Prepared, lang: Lang, *, explicit: bool = False, head: str = "offer"
) -> Reply:
    """The offer message with Yes / No (Yes / replace when it contradicts an old line).

    Args:
        prepared: what the statement adds, and the old lines it contradicts.
        lang: the reply language.
        explicit: the owner asked for it; Yes writes at full confidence.
        head: the text key of the first line when nothing is contradicted.
    """
    lines = [tr(lang, "offer_replace" if prepared.conflicts else head)]
    lines += [tr(lang, "offer_was", entity=e, line=old) for e, old in prepared.conflicts]
    lines += proposal_lines(prepared.proposal, lang)
    accept = Accept(prepared.proposal, prepared.conflicts, explicit=explicit)
    yes = tr(lang, "button_replace" if prepared.conflicts else "button_yes")
    buttons = (Button(yes, accept), Button(tr(lang, "button_no"), Decline()))
    touched = tuple(e.name for e in prepared.proposal.entities)
    return Reply(join(lines), buttons, touched=touched)


async def offer_for(setup: Setup, scoped: ScopedMemory, text: str, turn: Turn) -> Reply | None:
    """The offer for what an ordinary message states, or ``None`` when it states nothing new."""
    if not setup.proposals or is_question(text) or is_small_talk(text):
        return None
    owner = await user_entity(scoped, turn)
    prepared = await prepare(setup, scoped, text, owner)
    if not prepared.proposes:
        return None
    return render_offer(prepared, turn.lang)
