"""Drop the words that only qualify a statement's news, so the rules can read the news itself.

People wrap a plain fact in qualifiers the rules were not written to step over:

* whom someone replaces, "X вместо Dario теперь ведёт P", "X now runs P instead of Dario":
  the news is "X теперь ведёт P"; the phrase goes only when it names a person (someone the
  memory knows, a first name, or a pronoun), so "вместо Firebase берём OneSignal" keeps its
  choice;
* whom a post is taken over from, "X принял у Dario техлидство в P": "X принял техлидство в P";
* how much, "Karton целиком завязан на Kalendula", "P depends entirely on Q": the degree
  adverb goes ("целиком", "полностью", "fully", "entirely", ...);
* whose team a newcomer joins, "к Адо в команду берём X", "we're hiring X into Ado's team":
  the team stays, its head goes ("в команду берём X", "into the team");
* the subject said first, "по фортепиано Ясминку теперь учит X": a leading "по" and one
  lowercase word goes ("Ясминку теперь учит X").

:func:`without_qualifiers` returns the sentence with all of them dropped (or the sentence
itself when it has none). Extraction reads that form only when the sentence as written gives
nothing, so a rule that already reads a qualifier keeps its reading.
"""

from __future__ import annotations

import re
from typing import Final

from memory_core.extraction_names import EntityResolver
from memory_core.extraction_text import Reading
from memory_core.name_gender import is_given_name

__all__ = ["without_qualifiers", "without_taken_from"]

_I = re.IGNORECASE
_NAME = r"(?-i:[A-ZА-ЯЁ])[\w'’-]*"
_REPLACED: Final = re.compile(
    rf",?\s*\b(?:вместо|instead\s+of|in\s+place\s+of)\s+(?P<who>{_NAME}(?:\s+{_NAME})?"
    r"|него|неё|нее|ней|him|her|them)(?=[\s,.;!—–-]|$),?",
    _I,
)
_TAKEN_FROM: Final = re.compile(
    r"(?P<verb>\b(?:(?:при|пере)н(?:ял[аи]?|имает|имают)|забрал[аи]?|забирает|взял[аи]?|"
    rf"подхватил[аи]?))\s+у\s+(?P<who>{_NAME}(?:\s+{_NAME})?|него|неё|нее|ней)(?=\s)",
    _I,
)
"""Whom something is taken over from: "X принял у Dario техлидство в P" reads "X принял
техлидство в P"."""
_PRONOUNS: Final = frozenset({"него", "неё", "нее", "ней", "him", "her", "them"})
_DEGREE: Final = re.compile(
    r"\s+\b(?:целиком|полностью|всецело|намертво|наглухо|плотно|жёстко|жестко|сильно|"
    r"fully|entirely|completely|totally|wholly|heavily|tightly|deeply|solely)\b",
    _I,
)
_TEAM_HEAD: Final = tuple(
    (re.compile(p, _I), repl)
    for p, repl in (
        # "к Адо в команду", "в команду к Адо", "в команду Адо"
        (rf"\bк\s+{_NAME}\s+в\s+команд(?P<end>у)\b", "в команду"),
        (rf"\bв\s+команду\s+(?:к\s+)?{_NAME}(?=[\s,.;!—–-]|$)", "в команду"),
        # "into Ado's team", "to Ado's team", "onto Ado's squad"
        (
            rf"\b(?P<prep>into|to|onto|on)\s+{_NAME}['’]s\s+(?P<team>team|squad|crew|group)\b",
            r"\g<prep> the \g<team>",
        ),
    )
)
_LEADING_TOPIC: Final = re.compile(r"^\s*по\s+(?-i:[a-zа-яё])[\w-]*\s+(?=\S)", _I)


def without_qualifiers(sentence: str, resolver: EntityResolver) -> str:
    """Return ``sentence`` without the qualifiers the module lists (unchanged if none)."""
    text = _REPLACED.sub(lambda m: _replaced(m, resolver), sentence)
    text = without_taken_from(text, resolver)
    text = _DEGREE.sub("", text)
    for pattern, repl in _TEAM_HEAD:
        text = pattern.sub(repl, text)
    topic = _LEADING_TOPIC.match(text)
    if topic is not None and not Reading.of(topic.group(0), resolver).entities:
        text = text[topic.end() :]
    return " ".join(text.split()) if text != sentence else sentence


def _replaced(m: re.Match[str], resolver: EntityResolver) -> str:
    """Nothing (but a space) when the phrase names a person; the phrase otherwise."""
    who = m["who"]
    if who.lower() in _PRONOUNS or is_given_name(who.split()[0]):
        return " "
    named = Reading.of(who, resolver).entities
    return " " if any(name.startswith("Person:") for name in named) else m.group(0)


def _taken_from(m: re.Match[str], resolver: EntityResolver) -> str:
    """The verb alone when the one taken from is a person; the phrase otherwise."""
    return m["verb"] if _replaced(m, resolver) == " " else m.group(0)


def without_taken_from(sentence: str, resolver: EntityResolver) -> str:
    """Return ``sentence`` without whom a post was taken over from ("принял у X ...")."""
    text = _TAKEN_FROM.sub(lambda m: _taken_from(m, resolver), sentence)
    return " ".join(text.split()) if text != sentence else sentence
