"""The message pipeline shared by Telegram and the terminal: intent in, Reply out.

It never sees Telegram objects and never decides scopes: the caller passes the scope the
policy gave it (:func:`bot.telegram.policy.scope_for_update`) and a
:class:`~bot.conversation.reply.Turn`.
"Saved" is only ever rendered from the result of a committed write.

An ordinary message (a question without a trigger) is answered from what the scope
recalls: by a language model when one is configured (falling back to the recall reply when
it fails), else with the recall reply itself. When the message states a durable fact, an
offer to remember it follows as a second message with Yes / No buttons.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import replace

from bot.conversation import faded, forget
from bot.conversation.answering import Answerer
from bot.conversation.commands import COMMANDS
from bot.conversation.grammar import (
    Export,
    Fact,
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
from bot.conversation.index import KbSetup, index_reply
from bot.conversation.language_model import ModelError
from bot.conversation.offer import offer
from bot.conversation.proposals import ProposedFact, is_proposable, propose
from bot.conversation.render import MESSAGE_LIMIT, esc, group_by_entity, join
from bot.conversation.reply import Accept, Action, Decline, Document, Reply, RestoreLines, Turn
from bot.conversation.secret_guard import REASON_TOO_LONG, check_observation, find_secret
from bot.conversation.texts import GRAMMAR, Html, Lang, category, tr
from memory_core import AmbiguousNameError, InvalidInputError, format_observation
from memory_core.editing import Remembered, remember
from memory_core.jsonl import export_lines
from memory_core.language import normalize
from memory_core.lifecycle import AUTO_CONFIDENCE, forgotten_lines
from memory_core.naming import display_name
from memory_core.observation import parse_observation
from memory_core.overview import names_of_type, recent_lines
from memory_core.recall import RecallOptions, RecallResult, recall
from memory_core.service import ScopedMemory

__all__ = ["MAX_ANSWER_CHARS", "MAX_FACT_CHARS", "Pipeline", "help_text", "remembered_text"]

logger = logging.getLogger(__name__)

MAX_FACT_CHARS = 500
"""The longest text one "remember" may store."""
MAX_ANSWER_CHARS = 3 * MESSAGE_LIMIT
"""The longest model answer shown (three messages); the rest is cut."""
_MAX_RELATIONS_SHOWN = 5
_RECENT_SHOWN = 10
_INSTRUCTION_KINDS = frozenset({"rule", "pref"})


def _today() -> dt.date:
    return dt.datetime.now(tz=dt.UTC).date()


class Pipeline:
    """Answers intents in one scope. Stateless apart from its settings; safe to share."""

    def __init__(
        self,
        recall_options: RecallOptions | None = None,
        *,
        max_fact_chars: int = MAX_FACT_CHARS,
        today: Callable[[], dt.date] = _today,
        answerer: Answerer | None = None,
        proposals: bool = True,
        kb: KbSetup | None = None,
    ) -> None:
        self.recall_options = recall_options or RecallOptions()
        self.max_fact_chars = max_fact_chars
        self.today = today
        self.answerer = answerer
        self.proposals = proposals
        self.kb = kb

    def is_slow(self, intent: Intent) -> bool:
        """Whether answering may take seconds (a model call, indexing): show "typing"."""
        if isinstance(intent, Recall):
            return not intent.explicit and self.answerer is not None
        return isinstance(intent, IndexKb)

    async def handle_text(self, scoped: ScopedMemory, text: str, turn: Turn) -> Reply:
        """Answer one typed line (a slash command or a message), as the terminal chat does."""
        return await self.handle(scoped, parse_input(text), turn)

    async def handle(self, scoped: ScopedMemory, intent: Intent, turn: Turn) -> Reply:
        """Answer one intent in the given scope."""
        lang = turn.lang
        if isinstance(intent, Remember):
            return await self._remember(scoped, intent, turn)
        if isinstance(intent, Rule):
            return await self._rule(scoped, intent, turn)
        if isinstance(intent, Forget):
            return await forget.forget(scoped, intent.query, turn)
        if isinstance(intent, Recall):
            if intent.explicit:
                return await self._recall(scoped, intent.query, lang)
            return await self._converse(scoped, intent.query, turn)
        if isinstance(intent, ShowMemory):
            return await self._show_memory(scoped, lang)
        if isinstance(intent, ShowForgotten):
            return await faded.forgotten_reply(scoped, lang)
        if isinstance(intent, RestoreForgotten):
            return await faded.restore_number(scoped, intent.number, lang)
        if isinstance(intent, IndexKb):
            return await index_reply(scoped, self.kb, lang)
        if isinstance(intent, Export):
            return await self._export(scoped, lang)
        if isinstance(intent, Start):
            return Reply(tr(lang, "start"))
        if isinstance(intent, Help):
            return Reply(help_text(lang))
        assert isinstance(intent, UnknownCommand)  # noqa: S101 - the union is exhausted
        return Reply(tr(lang, "unknown_command"))

    async def press(self, scoped: ScopedMemory, action: Action, turn: Turn) -> Reply:
        """Carry out a pressed button (already checked against its owner and scope)."""
        if isinstance(action, Accept):
            return await self._accept(scoped, action, turn)
        if isinstance(action, Decline):
            return Reply(tr(turn.lang, "offer_declined"))
        if isinstance(action, RestoreLines):
            return await faded.restore_ids(scoped, action.ids, turn.lang)
        return await forget.press_forget(scoped, action, turn)

    # ------------------------------------------------------------------ writes
    def _refusal(self, text: str, lang: Lang) -> Reply | None:
        reason = check_observation(text, max_chars=self.max_fact_chars)
        if reason is None:
            return None
        if reason == REASON_TOO_LONG:
            return Reply(tr(lang, "refused_long", limit=self.max_fact_chars, length=len(text)))
        if find_secret(text) is not None:
            return Reply(tr(lang, "refused_secret", category=category(lang, reason)))
        return Reply(tr(lang, "refused_blob", category=category(lang, reason)))

    async def _user_entity(self, scoped: ScopedMemory, turn: Turn) -> str:
        if turn.sole_user:
            users = await names_of_type(scoped, "User")
            if users:
                return users[0]
        speaker = " ".join(turn.speaker.split()) or "owner"
        return f"User:{speaker}"

    async def _mentioned(self, scoped: ScopedMemory, text: str) -> list[str]:
        """Return the entity names a text mentions, in any inflection (not ``User:`` ones).

        The recall loop's query builder finds them with its cached lexicon of the scope.
        """
        options = replace(self.recall_options, reinforce=False, max_nodes=1, max_observations=1)
        result = await recall(scoped, text, options)
        return [n for n in result.built.entities if not n.startswith("User:")]

    async def _entity_called(self, scoped: ScopedMemory, head: str) -> str | None:
        """Return the entity whose full name, or name without its prefix, is ``head``."""
        try:
            found = await scoped.resolve_name(head, fuzzy=False)
        except AmbiguousNameError:
            return None
        if found is not None:
            return found
        wanted = normalize(head)
        hits = [
            n for n in await self._mentioned(scoped, head) if normalize(display_name(n)) == wanted
        ]
        return hits[0] if len(hits) == 1 else None

    def _line(self, kind: str, fact: Fact) -> str:
        return format_observation(kind, fact.text, key=fact.key, as_of=self.today(), src="user")

    async def _remember(self, scoped: ScopedMemory, intent: Remember, turn: Turn) -> Reply:
        lang = turn.lang
        if intent.entity is None and intent.fact is None:
            return Reply(tr(lang, "remember_usage"))
        refusal = self._refusal(intent.body, lang)
        if refusal is not None:
            return refusal
        fact = intent.fact
        entity: str | None = intent.entity
        kind = "fact"
        if entity is None and intent.head is not None:
            entity = await self._entity_called(scoped, intent.head)
            if entity is None:
                fact = Fact(None, intent.body)
        if entity is None and fact is not None and fact.key is not None:
            entity, kind = await self._user_entity(scoped, turn), "pref"
        if entity is None:
            mentioned = await self._mentioned(scoped, intent.body)
            entity = mentioned[0] if mentioned else None
        if entity is None:
            entity = await self._user_entity(scoped, turn)
        return await self._store(scoped, entity, [] if fact is None else [(kind, fact)], turn)

    async def _rule(self, scoped: ScopedMemory, intent: Rule, turn: Turn) -> Reply:
        if not intent.text:
            return Reply(tr(turn.lang, "remember_usage"))
        refusal = self._refusal(intent.text, turn.lang)
        if refusal is not None:
            return refusal
        user = await self._user_entity(scoped, turn)
        return await self._store(
            scoped, user, [("rule", Fact(None, f"{intent.polarity} {intent.text}"))], turn
        )

    async def _store(
        self, scoped: ScopedMemory, entity: str, facts: list[tuple[str, Fact]], turn: Turn
    ) -> Reply:
        lang = turn.lang
        try:
            lines = [self._line(kind, fact) for kind, fact in facts]
            result = await remember(scoped, entity, None, lines, update_key=turn.update_key)
        except AmbiguousNameError as exc:
            names = ", ".join(exc.candidates)
            return Reply(tr(lang, "ambiguous", name=exc.query, candidates=names))
        except InvalidInputError as exc:
            return Reply(tr(lang, "invalid", reason=str(exc)))
        return Reply(remembered_text(lang, result, with_lines=bool(facts)))

    async def _accept(self, scoped: ScopedMemory, action: Accept, turn: Turn) -> Reply:
        """Store accepted proposals as guesses (``src=auto``, confidence 0.5)."""
        parts: list[Html] = []
        for entity, lines in action.items:
            try:
                result = await remember(scoped, entity, None, lines, confidence=AUTO_CONFIDENCE)
            except AmbiguousNameError as exc:
                names = ", ".join(exc.candidates)
                parts.append(tr(turn.lang, "ambiguous", name=exc.query, candidates=names))
                continue
            except InvalidInputError as exc:
                parts.append(tr(turn.lang, "invalid", reason=str(exc)))
                continue
            parts.append(remembered_text(turn.lang, result))
        return Reply(join(parts))

    # ------------------------------------------------------ answers and offers
    async def _converse(self, scoped: ScopedMemory, text: str, turn: Turn) -> Reply:
        """Answer an ordinary message, and offer to remember what it states."""
        secret = find_secret(text)
        if secret is not None:
            return Reply(tr(turn.lang, "secret_in_query", category=category(turn.lang, secret)))
        reply, offered = await asyncio.gather(
            self._answer(scoped, text, turn), self._offer(scoped, text, turn)
        )
        return replace(reply, follow_up=(offered,)) if offered is not None else reply

    async def _answer(self, scoped: ScopedMemory, text: str, turn: Turn) -> Reply:
        result = await recall(scoped, text, self.recall_options)
        plain = self._render_recall(result, turn.lang)
        if self.answerer is None:
            return plain
        instructions = await self._instructions(scoped, turn)
        try:
            answer = await self.answerer.answer(text, result, instructions, turn.lang)
        except ModelError as exc:
            logger.warning("language model failed, answered from recall: %s", exc)
            return Reply(join([tr(turn.lang, "model_failed"), plain.html]), plain.buttons)
        return Reply(esc(answer[:MAX_ANSWER_CHARS]))

    async def _instructions(self, scoped: ScopedMemory, turn: Turn) -> list[str]:
        """The speaker's ``rule:`` and ``pref:`` lines, from their ``User:`` entry."""
        user = await self._user_entity(scoped, turn)
        graph = await scoped.open_nodes([user])
        return [
            line
            for entity in graph.entities
            for line in entity.observations
            if parse_observation(line).kind in _INSTRUCTION_KINDS
        ]

    async def _offer(self, scoped: ScopedMemory, text: str, turn: Turn) -> Reply | None:
        if not self.proposals or not is_proposable(text):
            return None
        facts: list[ProposedFact] | None = None
        if self.answerer is not None:
            try:
                facts = await self.answerer.extract(text)
            except ModelError as exc:
                logger.warning("fact extraction failed, using the rules: %s", exc)
        if facts is None:
            facts = propose(text)
        if not facts:
            return None
        user = await self._user_entity(scoped, turn)
        return await offer(scoped, facts, user, self.today(), turn.lang)

    # ------------------------------------------------------------------- reads
    async def _recall(self, scoped: ScopedMemory, query: str, lang: Lang) -> Reply:
        secret = find_secret(query)
        if secret is not None:
            return Reply(tr(lang, "secret_in_query", category=category(lang, secret)))
        result = await recall(scoped, query, self.recall_options)
        return self._render_recall(result, lang)

    def _render_recall(self, result: RecallResult, lang: Lang) -> Reply:
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

    async def _show_memory(self, scoped: ScopedMemory, lang: Lang) -> Reply:
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

    async def _export(self, scoped: ScopedMemory, lang: Lang) -> Reply:
        lines = [line async for line in export_lines(scoped)]
        if not lines:
            return Reply(tr(lang, "export_empty"))
        entities = sum(1 for line in lines if line.startswith('{"type":"entity"'))
        caption = tr(lang, "export_caption", entities=entities, relations=len(lines) - entities)
        name = f"memory-{scoped.scope.value.replace(':', '_')}.jsonl"
        content = ("\n".join(lines) + "\n").encode("utf-8")
        return Reply(caption, document=Document(name, content))


def remembered_text(lang: Lang, result: Remembered, *, with_lines: bool = True) -> Html:
    """Render what a remember wrote: the entity, new lines, and the lines they replaced.

    Args:
        lang: the reply language.
        result: the committed write.
        with_lines: whether lines were asked to be stored (else only the entity was named).
    """
    if not result.added:
        if result.created or not with_lines:
            return tr(lang, "entity_ready", entity=result.entity)
        return tr(lang, "unchanged", entity=result.entity)
    head = tr(lang, "saved_new" if result.created else "saved", entity=result.entity)
    lines = [head, *(Html(f"• {esc(line)}") for line in result.added)]
    if result.replaced:
        lines.append(tr(lang, "replaced"))
        lines.extend(Html(f"• <s>{esc(line)}</s>") for line in result.replaced)
    return join(lines)


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
