"""References to the conversation: "запомни это", "а его телефон?", "больше так не делай".

The 24-hour working memory (:mod:`memory_core.working_memory`) keeps the scope's last turns;
this module reads it only to resolve what a message points at, before the message is
answered, and writes the turn after:

* "запомни это" / "remember this": the owner's previous statement is remembered;
* "а его телефон?", "where does she live?", "а телефон?": the pronoun (or the missing
  subject of a short follow-up question) is the entry the last turns were about;
* "запомни его телефон ...": a fact on that entry;
* "больше так не делай" / "never do that" alone (and "всегда делай так"): a ``rule:`` about
  the previous reply, offered with Yes / No before it is stored;
* "забудь это" / "forget that": exactly what the last turn stored is removed (with Undo),
  else the turn itself is dropped from the working memory.

A turn whose message holds a secret is never kept. Nothing here is shown as memory.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from bot.conversation.forget import removed_reply
from bot.conversation.grammar import Fact, Forget, Intent, Recall, Remember, Rule, parse_text
from bot.conversation.offer import render_offer
from bot.conversation.proposals import Prepared, user_entity
from bot.conversation.remember import refusal
from bot.conversation.render import short, to_plain
from bot.conversation.reply import Reply, Turn
from bot.conversation.setup import Setup
from bot.conversation.texts import tr
from memory_core import format_observation
from memory_core.editing import remove
from memory_core.extraction import Proposal, ProposedEntity
from memory_core.extraction_skip import is_question, is_small_talk
from memory_core.name_gender import FEMININE, MASCULINE, Gender, name_gender
from memory_core.naming import display_name, split_prefix
from memory_core.secrets import find_secret
from memory_core.service import ScopedMemory
from memory_core.working_memory import WorkingTurn, forget_turns, recent_turns, record_turn

__all__ = ["MAX_REPLY_KEPT", "keep_turn", "resolve"]

MAX_REPLY_KEPT: Final = 300
"""Characters of a reply the working memory keeps (enough to describe it in a rule)."""
_I = re.IGNORECASE
_THIS = re.compile(
    r"^(?:(?:вот\s+|всё\s+|все\s+)?(?:это|этот\s+факт|то|последнее|сказанное)|"
    r"(?:all\s+)?(?:this|that|it|the\s+last\s+(?:one|message))|what\s+i\s+(?:just\s+)?said)"
    r"[\s.!]*$",
    _I,
)
_PRONOUNS: Final[dict[str, tuple[bool, Gender]]] = {
    "его": (False, MASCULINE), "него": (False, MASCULINE), "ему": (False, MASCULINE),
    "нему": (False, MASCULINE), "им": (False, MASCULINE), "ним": (False, MASCULINE),
    "он": (False, MASCULINE), "её": (True, FEMININE), "ее": (True, FEMININE),
    "неё": (True, FEMININE), "нее": (True, FEMININE), "ей": (True, FEMININE),
    "ней": (True, FEMININE), "она": (True, FEMININE), "his": (True, MASCULINE),
    "him": (True, MASCULINE), "he": (True, MASCULINE), "her": (True, FEMININE),
    "she": (True, FEMININE),
}  # fmt: skip
"""Pronouns that point at an entry, and its gender; True: only a person (``its`` and ``его``
may be a project)."""
_PRONOUN_RE = re.compile(r"(?<![\w-])(" + "|".join(_PRONOUNS) + r")(?![\w-])", _I)
_FOLLOW_UP = re.compile(r"^\s*(?:а|и|and|what\s+about|how\s+about)\s+(?P<rest>[^?]+)\?*\s*$", _I)
_MAX_REFERRING_WORDS = 8
_MAX_FOLLOW_UP_WORDS = 3
_WORD_START = re.compile(r"(?<!\S)\S")
_LEAD_WORDS_DROPPED = 3


def _referent(
    turns: Sequence[WorkingTurn], person: bool, gender: Gender | None = None
) -> str | None:
    """The entry the last turns were about: the first one of the newest turn naming one
    (a person for "her", "she", "him"...; any entry but the owner for "его", "it").

    With a ``gender``, a person whose name tells the other one is passed over ("её" after
    "Иван и Анна" is Анна; after Ivan alone, the woman talked about before him); when no
    turn names anyone who fits, the first entry of the newest turn is meant all the same.
    """
    for wanted in (gender, None) if gender is not None else (None,):
        for turn in turns:
            named = [n for n in turn.entities if split_prefix(n)[0] not in ("User", "Note")]
            if wanted is not None:  # not a person of the other gender
                named = [
                    n
                    for n in named
                    if split_prefix(n)[0] != "Person" or name_gender(n) in (wanted, None)
                ]
            people = [n for n in named if split_prefix(n)[0] == "Person"]
            pick = people if person else named
            if pick:
                return pick[0]
    return None


def _previous_statement(turns: Sequence[WorkingTurn]) -> str | None:
    """The owner's newest message that stated something (not a command nor a question)."""
    for turn in turns:
        intent = parse_text(turn.message) if turn.message else None
        plain = isinstance(intent, Recall) and not intent.explicit
        if plain and not is_question(turn.message) and not is_small_talk(turn.message):
            return turn.message
    return None


def _recall(intent: Recall, turns: Sequence[WorkingTurn]) -> Recall:
    words = intent.query.split()
    if not words or len(words) > _MAX_REFERRING_WORDS:
        return intent
    pronoun = _PRONOUN_RE.search(intent.query)
    if pronoun is not None:
        name = _referent(turns, *_PRONOUNS[pronoun.group(1).lower()])
        if name is None:
            return intent
        head, tail = intent.query[: pronoun.start()], intent.query[pronoun.end() :]
        return Recall(f"{head}{display_name(name)}{tail}", intent.explicit)
    follow = _FOLLOW_UP.match(intent.query)
    rest = follow["rest"].split() if follow else []
    if not rest or len(rest) > _MAX_FOLLOW_UP_WORDS or any(w[:1].isupper() for w in rest):
        return intent
    name = _referent(turns, person=False)
    if name is None:
        return intent
    return Recall(f"{' '.join(rest)} {display_name(name)}?", intent.explicit)


def _remember(intent: Remember, turns: Sequence[WorkingTurn]) -> Intent | None:
    """The remember a reference means; ``None`` when it points at nothing."""
    if _THIS.match(intent.body):
        previous = _previous_statement(turns)
        return None if previous is None else Remember(previous, fact=Fact(None, previous))
    pronoun = _PRONOUN_RE.match(intent.body)
    if pronoun is None or intent.entity is not None:
        return intent
    name = _referent(turns, *_PRONOUNS[pronoun.group(1).lower()])
    rest = intent.body[pronoun.end() :].strip(" :,—-")
    if name is None or not rest:
        return intent
    return Remember(rest, entity=name, fact=Fact(None, rest))


async def _rule(
    setup: Setup, scoped: ScopedMemory, intent: Rule, turn: Turn, turns: Sequence[WorkingTurn]
) -> Reply:
    """Offer a rule about the previous reply ("больше так не делай" with nothing after it)."""
    last = next((t for t in turns if t.reply and t.message), None) or next(
        (t for t in turns if t.reply), None
    )
    if last is None:
        return Reply(tr(turn.lang, "refer_nothing"))
    reply = short(last.reply.splitlines()[0] if last.reply else "", 100)
    what = to_plain(tr(turn.lang, "rule_like_this", message=short(last.message, 60), reply=reply))
    refused = refusal(setup, what, turn.lang)
    if refused is not None:
        return refused
    owner = await user_entity(scoped, turn)
    line = format_observation("rule", f"{intent.polarity} {what}", as_of=setup.today())
    proposal = Proposal(turn.message, (ProposedEntity(owner, (line,)),))
    return render_offer(Prepared(proposal), turn.lang, explicit=True, head="offer_rule")


async def _forget(scoped: ScopedMemory, turn: Turn, turns: Sequence[WorkingTurn]) -> Reply:
    """Take back what the last turn stored; else drop the last turn itself."""
    if not turns:
        return Reply(tr(turn.lang, "refer_nothing"))
    last = turns[0]
    if not last.wrote:
        await forget_turns(scoped, [last.id])
        return Reply(tr(turn.lang, "forgot_turn"))
    removal = await remove(scoped, last.wrote, update_key=turn.update_key)
    await forget_turns(scoped, [last.id])
    return removed_reply(turn.lang, removal)


def _may_refer(intent: Intent) -> bool:
    """Whether the message may point at earlier turns (else the working memory is not read)."""
    if isinstance(intent, Recall):
        words = intent.query.split()
        return 0 < len(words) <= _MAX_REFERRING_WORDS and (
            _PRONOUN_RE.search(intent.query) is not None
            or _FOLLOW_UP.match(intent.query) is not None
        )
    if isinstance(intent, Rule):
        return not intent.text or _THIS.match(intent.text) is not None
    if isinstance(intent, Forget):
        return _THIS.match(intent.query) is not None
    if isinstance(intent, Remember):
        return _THIS.match(intent.body) is not None or (
            intent.entity is None and _PRONOUN_RE.match(intent.body) is not None
        )
    return False


async def resolve(
    setup: Setup, scoped: ScopedMemory, intent: Intent, turn: Turn
) -> Intent | Reply:
    """Return the intent with its references resolved, or the reply when that settles it."""
    if not _may_refer(intent):
        return intent
    turns = await recent_turns(scoped)
    if isinstance(intent, Recall):
        return _recall(intent, turns) if turns else intent
    if isinstance(intent, Rule):
        return await _rule(setup, scoped, intent, turn, turns)
    if isinstance(intent, Forget):
        return await _forget(scoped, turn, turns)
    if not isinstance(intent, Remember):
        return intent
    resolved = _remember(intent, turns)
    return Reply(tr(turn.lang, "refer_nothing")) if resolved is None else resolved


def _holds_secret(message: str) -> bool:
    """Whether the message, or what follows one of its first words, holds a secret.

    The chat reads a command's body on its own ("remember <body>"), and the guard reads a
    value before its label only at the start of a clause, so the message is also checked
    without its first few words.
    """
    starts = [m.start() for m in _WORD_START.finditer(message)][: _LEAD_WORDS_DROPPED + 1]
    return any(find_secret(message[start:]) is not None for start in starts)


async def keep_turn(scoped: ScopedMemory, turn: Turn, reply: Reply) -> None:
    """Keep this turn in the working memory (not when the message holds a secret)."""
    if turn.message and _holds_secret(turn.message):
        return
    touched = [n for part in (*reply.follow_up, reply) for n in part.touched]
    plain = to_plain(reply.html)[:MAX_REPLY_KEPT]
    await record_turn(scoped, turn.message, plain, touched, reply.wrote)
