"""Slots of a fact: where someone lives, works, their role, status, phone; and contradictions.

A person has one place they live, one employer, one phone number that is current, one status;
two lines about the same entity in the same slot with different values contradict each other,
whether they are keyed (``fact: location=Belgrade``) or free text ("fact: живу в Белграде").
:func:`conflicts` finds the old lines a new one would contradict, so the caller can offer the
new one as a replacement instead of keeping both. Roles are a slot per project: "QA on Orion"
and "PM on Orion" contradict, "QA on Orion" and "mentor" do not (nor do two roles named
without a project: "my team lead" and "my mentor" are both true). Values compare by their
words' lemmas, so "в Москве" and "location=Москва" agree. A free-text line in no slot
may still give a new value for what an older one said ("my favourite coffee is now cortado",
"Rex is now 6"): :mod:`memory_core.slot_values`. Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from memory_core.language import normalize, tokens
from memory_core.morphology import lemmas
from memory_core.observation import parse_observation
from memory_core.slot_values import can_restate, restates

__all__ = ["SLOTS", "can_conflict", "conflicts", "slot_of"]

SLOTS: Final = ("location", "employer", "role", "status", "phone")
"""The slots a contradiction is looked for in."""

_KEYS: Final = {
    "location": ("location", "city", "home", "lives_in", "based_in", "address", "город",
                 "адрес", "живет", "живёт"),
    "employer": ("employer", "workplace", "company", "work", "works_at", "job", "работа",
                 "компания"),
    "role": ("role", "position", "title", "job_title", "должность", "роль"),
    "status": ("status", "marital_status", "статус"),
    "phone": ("phone", "tel", "telephone", "mobile", "cell", "телефон"),
}  # fmt: skip
_SLOT_OF_KEY: Final = {key: slot for slot, keys in _KEYS.items() for key in keys}
_I = re.IGNORECASE
_TEXT: Final = (
    (
        "location",
        re.compile(
            r"\b(?:живу|жив[её]т|живут|проживаю|прожива\w+|переехал\w*|переезжа\w*|"
            r"lives?|living|am\s+based|'m\s+based|is\s+based|moved|relocated)\s+"
            r"(?:(?:сейчас|теперь|now)\s+)?(?:в|во|на|in|to)\b",
            _I,
        ),
    ),
    (
        "employer",
        re.compile(
            r"\b(?:работаю|работает|работают|устроил\w*|перешл?[аи]?|перешёл|перешел)\s+"
            r"(?:(?:сейчас|теперь)\s+)?(?:в|во)\s+(?!команд|проект)"
            r"|\b(?:works?|working|am\s+employed|is\s+employed)\s+(?:now\s+)?(?:at|for)\b",
            _I,
        ),
    ),
    ("phone", re.compile(r"\b(?:телефон\w*|тел|phone|mobile|cell)\b|\+\d[\d\s()-]{6,}", _I)),
    (
        "status",
        re.compile(
            r"\b(?:status|статус|женат|замужем|married|single|divorced|в\s+разводе|"
            r"разведен\w*|холост\w*|не\s+замужем)\b",
            _I,
        ),
    ),
)
_ENTITY_RE = re.compile(r"\b(?:Project|Person|User|Jira|Note|Decision):\S+(?:\s+\S+)?")
_FILLER: Final = frozenset(
    ("в", "во", "на", "in", "to", "at", "for", "from", "is", "am", "are", "the", "a", "an",
     "сейчас", "теперь", "now", "currently")
)  # fmt: skip


def _read(line: str) -> tuple[str, str, str] | None:
    """Return ``(slot, qualifier, value)`` of a line, or ``None`` when it fills no slot."""
    parsed = parse_observation(line)
    if parsed.key is not None and normalize(parsed.key) in _SLOT_OF_KEY:
        slot, value = _SLOT_OF_KEY[normalize(parsed.key)], parsed.value or ""
    elif parsed.kind == "role":
        slot, value = "role", parsed.body
    else:
        found = next(((s, m) for s, pattern in _TEXT if (m := pattern.search(parsed.body))), None)
        if found is None:
            return None
        slot, match = found
        value = parsed.body if slot in ("phone", "status") else parsed.body[match.end() :]
    if slot != "role":
        return slot, "", value
    project = _ENTITY_RE.search(value)
    return slot, normalize(project.group(0)) if project else "", value


def slot_of(line: str) -> tuple[str, str] | None:
    """Return ``(slot, qualifier)`` of a line, or ``None`` when it fills no slot.

    The qualifier is empty except for roles, where it is the project the role is on.
    """
    read = _read(line)
    return None if read is None else read[:2]


def _content(value: str) -> tuple[str, ...]:
    words = [w for w in tokens(value) if normalize(w) not in _FILLER]
    return tuple((lemmas(w) or (normalize(w),))[0] for w in words)


def _contestable(line: str) -> tuple[str, str, str] | None:
    """What :func:`_read` gives, for a line another line can contradict (a role only on a
    project); ``None`` otherwise."""
    read = _read(line)
    return None if read is None or (read[0] == "role" and not read[1]) else read


def can_conflict(line: str) -> bool:
    """Whether some other line of the same entity could contradict ``line``: if not, there
    is no need to read the entity's lines to look (see :func:`conflicts`)."""
    return _contestable(line) is not None or _restatable(line)


def _restatable(line: str) -> bool:
    """Whether ``line`` is free text that may give a new value for an older line's thing."""
    parsed = parse_observation(line)
    return parsed.kind == "fact" and parsed.key is None and can_restate(parsed.body)


def conflicts(existing: Sequence[str], new: str) -> list[str]:
    """Return the lines of ``existing`` (one entity's) that ``new`` contradicts.

    A line contradicts another when both fill the same slot (same qualifier) and say
    something different; the same content with another date or source is no contradiction.
    """
    read = _contestable(new)
    found: list[str] = []
    if read is not None:
        content = _value_key(read[0], read[2])
        for old in existing:
            other = _read(old)
            if old == new or other is None or other[:2] != read[:2]:
                continue
            if _value_key(other[0], other[2]) != content:
                found.append(old)
    if read is None and _restatable(new):
        body = parse_observation(new).body
        found += [
            old
            for old in existing
            if old != new and _restatable(old) and restates(parse_observation(old).body, body)
        ]
    return found


def _value_key(slot: str, value: str) -> tuple[str, ...]:
    """What two values of a slot are compared by: a phone's digits, else the lemmas."""
    if slot == "phone":
        return (re.sub(r"\D", "", value),)
    return _content(value)
