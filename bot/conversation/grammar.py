"""The chat grammar: turn a message or a slash command into an intent (pure, no I/O).

Triggers are matched at the start of a message, in any case, in Russian or English:

* remember: ``запомни``, ``не забудь``, ``remember``, ``don't forget`` (a message ending in
  ``?`` is a question, never something to store: it is recalled instead);
* rules: ``всегда делай так: X`` / ``always do: X`` and ``больше так не делай: X`` /
  ``никогда не делай: X`` / ``never do: X``;
* forget: ``забудь``, ``forget``;
* recall: ``вспомни``, ``напомни``, ``что ты помнишь``, ``recall``, ``remind me``,
  ``what do you remember``.

What follows ``remember`` is read, first match wins, as:

0. ``A -[relation]-> B``: a link (free text that the statement reader turns into it);
1. ``Type:Name: rest`` (a known type: User, Person, Project, Note, Jira, Decision): a fact
   on that entity; ``Type:Name`` alone just makes sure the entity exists;
2. ``key=value``: a preference of the user;
3. ``Name: rest``: a fact on an existing entity called Name (else 4);
4. anything else: free text.

``rest`` is ``key=value`` (a keyed fact, replaced when the key comes again) or free text.
Any other message is a plain question for the recall loop.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from memory_core.naming import ENTITY_TYPES

__all__ = [
    "Export",
    "Fact",
    "Forget",
    "Help",
    "IndexKb",
    "Intent",
    "Recall",
    "Remember",
    "RestoreForgotten",
    "Rule",
    "ShowForgotten",
    "ShowMemory",
    "Start",
    "UnknownCommand",
    "is_memory_attempt",
    "parse_command",
    "parse_input",
    "parse_text",
]


@dataclass(frozen=True, slots=True)
class Fact:
    """A fact to store: ``key=value`` (``key`` set) or free text."""

    key: str | None
    text: str


@dataclass(frozen=True, slots=True)
class Remember:
    """Store something. See the module docstring for how ``body`` is read."""

    body: str
    entity: str | None = None
    fact: Fact | None = None
    head: str | None = None


@dataclass(frozen=True, slots=True)
class Rule:
    """Store a rule for the bot: ``rule: always X`` or ``rule: never X``."""

    polarity: Literal["always", "never"]
    text: str


@dataclass(frozen=True, slots=True)
class Forget:
    """Forget what ``query`` refers to."""

    query: str


@dataclass(frozen=True, slots=True)
class Recall:
    """Recall what memory holds about ``query``; ``explicit`` when asked by a trigger."""

    query: str
    explicit: bool = False


@dataclass(frozen=True, slots=True)
class ShowMemory:
    """``/memory``: counts and the latest lines."""


@dataclass(frozen=True, slots=True)
class ShowForgotten:
    """``/memory forgotten``: lines forgotten softly, restorable for a while."""


@dataclass(frozen=True, slots=True)
class RestoreForgotten:
    """``/memory restore N``: bring back the N-th forgotten line (``None``: no number given)."""

    number: int | None


@dataclass(frozen=True, slots=True)
class IndexKb:
    """``/index``: index the knowledge base at ``KB_PATH`` (the owner's chat only)."""


@dataclass(frozen=True, slots=True)
class Export:
    """``/export``: the scope as a JSONL document."""


@dataclass(frozen=True, slots=True)
class Start:
    """``/start``."""


@dataclass(frozen=True, slots=True)
class Help:
    """``/help``."""


@dataclass(frozen=True, slots=True)
class UnknownCommand:
    """A slash command the bot does not know."""

    name: str


Intent = (
    Remember
    | Rule
    | Forget
    | Recall
    | ShowMemory
    | ShowForgotten
    | RestoreForgotten
    | IndexKb
    | Export
    | Start
    | Help
    | UnknownCommand
)


def _trigger(*phrases: str) -> re.Pattern[str]:
    return re.compile(r"^\s*(?:" + "|".join(phrases) + r")(?![\w'’])[\s:,;.!—–-]*", re.IGNORECASE)


_ALWAYS = _trigger(
    r"всегда\s+делай(?:те)?(?:\s+так)?",
    r"делай(?:те)?\s+так\s+всегда",
    r"always\s+do(?:\s+(?:this|it|so))?(?:\s+like\s+this)?",
    r"keep\s+doing\s+(?:this|that|it)",
)
_NEVER = _trigger(
    r"больше\s+(?:так\s+)?не\s+делай(?:те)?(?:\s+так)?",
    r"никогда\s+(?:так\s+)?не\s+делай(?:те)?(?:\s+так)?",
    r"(?:больше\s+)?так\s+(?:больше\s+)?не\s+(?:делай|пиши|отвечай|говори)(?:те)?"
    r"(?:\s+больше)?",
    r"не\s+(?:делай|пиши|отвечай|говори)(?:те)?\s+так(?:\s+больше)?",
    r"never\s+do(?:\s+(?:this|that|it|so))?(?:\s+again)?",
    r"don['’]?t\s+ever\s+do(?:\s+(?:this|that|it))?",
    r"don['’]?t\s+(?:do|write|answer|reply)\s+(?:like\s+)?(?:this|that|it)"
    r"(?:\s+again|\s+any\s*more)?",
    r"stop\s+doing\s+(?:this|that|it)",
)
_REMEMBER = _trigger(
    r"запомни(?:те)?", r"не\s+забудь(?:те)?", r"remember", r"don['’]?t\s+forget",
    r"do\s+not\s+forget",
)  # fmt: skip
_FORGET = _trigger(r"забудь(?:те)?", r"forget")
_RECALL = _trigger(
    r"вспомни(?:те)?", r"напомни(?:те)?", r"что\s+ты\s+помнишь", r"recall",
    r"remind\s+me", r"what\s+do\s+you\s+remember",
)  # fmt: skip
_REMEMBER_FILLER = re.compile(r"^(?:что|that)\s+", re.IGNORECASE)
_ABOUT_FILLER = re.compile(r"^(?:о|об|обо|про|about|of)\s+", re.IGNORECASE)
_TYPES = "|".join(ENTITY_TYPES)
_TYPED_RE = re.compile(rf"^(?P<type>{_TYPES})\s*:\s*(?P<rest>\S.*)$", re.IGNORECASE | re.DOTALL)
_KEY_VALUE_RE = re.compile(r"^(?P<key>[^\W\d][\w.-]{0,63})\s*=\s*(?P<value>\S.*)$", re.DOTALL)
_NAME_THEN_KV_RE = re.compile(
    r"^(?P<name>[^=]+?)\s+(?P<kv>[^\W\d][\w.-]{0,63}\s*=\s*\S.*)$", re.DOTALL
)
_HEAD_RE = re.compile(r"^(?P<head>[^:=\n]{1,120}?)\s*:\s+(?P<tail>\S.*)$", re.DOTALL)
_COMMAND_RE = re.compile(
    r"^/(?P<name>[A-Za-z0-9_]{1,32})(?:@\w+)?(?:\s+(?P<args>.*))?$", re.DOTALL
)
_TYPE_BY_LOWER = {t.lower(): t for t in ENTITY_TYPES}
_ARROW_RE = re.compile(r"\S\s*-\[\s*[\w\s-]+?\s*\]->\s*\S")


def _fact(text: str) -> Fact:
    text = text.strip()
    kv = _KEY_VALUE_RE.match(text)
    if kv:
        return Fact(kv["key"].lower(), kv["value"].strip())
    return Fact(None, text)


def _remember(body: str) -> Remember:
    body = _REMEMBER_FILLER.sub("", body.strip(), count=1).strip()
    if _ARROW_RE.search(body):  # a link: "A -[works_on]-> B", read by extraction
        return Remember(body, fact=Fact(None, body))
    typed = _TYPED_RE.match(body)
    if typed:
        entity_type = _TYPE_BY_LOWER[typed["type"].lower()]
        name, colon, tail = typed["rest"].partition(":")
        if not colon and (split := _NAME_THEN_KV_RE.match(typed["rest"])):
            name, tail = split["name"], split["kv"]
        name = " ".join(name.split())
        if name:
            fact = _fact(tail) if tail.strip() else None
            return Remember(body, entity=f"{entity_type}:{name}", fact=fact)
    if _KEY_VALUE_RE.match(body):
        return Remember(body, fact=_fact(body))
    head = _HEAD_RE.match(body)
    if head:
        return Remember(body, fact=_fact(head["tail"]), head=head["head"].strip())
    return Remember(body, fact=Fact(None, body) if body else None)


def parse_text(text: str) -> Intent:
    """Read a plain (non-command) message.

    Args:
        text: the message text.

    Returns:
        The intent; a message without a trigger is ``Recall(text, explicit=False)``.
    """
    if m := _ALWAYS.match(text):
        return Rule("always", text[m.end() :].strip())
    if m := _NEVER.match(text):
        return Rule("never", text[m.end() :].strip())
    if m := _REMEMBER.match(text):
        rest = text[m.end() :].strip()
        if rest.endswith("?"):
            return Recall(_topic(_ABOUT_FILLER.sub("", rest, count=1)), explicit=True)
        return _remember(rest)
    if m := _FORGET.match(text):
        return Forget(_ABOUT_FILLER.sub("", text[m.end() :].strip(), count=1).strip())
    if m := _RECALL.match(text):
        return Recall(_topic(_ABOUT_FILLER.sub("", text[m.end() :].strip(), count=1)), True)
    return Recall(text.strip())


def _topic(rest: str) -> str:
    """What a recall trigger asks about: "" when only punctuation follows ("что ты помнишь?")."""
    rest = rest.strip()
    return rest if any(ch.isalnum() for ch in rest) else ""


def parse_command(name: str, args: str) -> Intent:
    """Read a slash command (``name`` without ``/`` or ``@bot``; ``args`` the rest)."""
    name = name.lower()
    args = args.strip()
    if name == "remember":
        return _remember(args)
    if name == "forget":
        return Forget(_ABOUT_FILLER.sub("", args, count=1).strip())
    if name == "recall":
        return Recall(args, explicit=True)
    if name == "memory" and args:
        return _memory_subcommand(args)
    simple: dict[str, Intent] = {
        "index": IndexKb(),
        "memory": ShowMemory(),
        "export": Export(),
        "start": Start(),
        "help": Help(),
    }
    return simple.get(name, UnknownCommand(name))


def _memory_subcommand(args: str) -> Intent:
    """``/memory forgotten`` / ``/memory забытое``; ``/memory restore N`` / ``/memory верни N``."""
    word, _, rest = args.partition(" ")
    word = word.lower()
    if word in ("forgotten", "забытое", "забытые"):
        return ShowForgotten()
    if word in ("restore", "верни", "вернуть"):
        number = rest.strip().lstrip("#")
        return RestoreForgotten(int(number) if number.isdigit() else None)
    return ShowMemory()


def parse_input(text: str) -> Intent:
    """Read a line as typed in a chat: a slash command or a plain message."""
    command = _COMMAND_RE.match(text.strip())
    if command:
        return parse_command(command["name"], command["args"] or "")
    return parse_text(text)


def is_memory_attempt(intent: Intent) -> bool:
    """Tell whether an intent tries to use memory (a trigger or a memory slash command).

    In a chat without memory these get a short "memory is off" answer; anything else is
    ignored there.
    """
    if isinstance(intent, Recall):
        return intent.explicit
    writes = Remember | Rule | Forget | RestoreForgotten | IndexKb
    return isinstance(intent, writes | ShowMemory | ShowForgotten | Export)
