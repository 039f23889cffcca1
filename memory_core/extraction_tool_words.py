"""Tell the words of a sentence that name a tool or product: "Keycloak", "OR-Tools", "EMQX".

A tool-like word is a new acronym (one the reading made a placeholder for), a CamelCase or
hyphenated capitalised word, or a capitalised Latin word not at the start that is no given
name, no role word and no function word. Decisions name their slug after it and the tool
fallback links it as used.
"""

from __future__ import annotations

import re
from typing import Final

from memory_core.extraction_lexicon import kind_of_role
from memory_core.extraction_text import ENT, Reading
from memory_core.language import is_stop_word
from memory_core.name_gender import name_gender

__all__ = ["tool_words"]

_TOOL = re.compile(
    r"(?<![\w⟦-])(?-i:(?:[A-Z][a-z]+[A-Z][\w]*|[A-Z][\w]*-[A-Z][\w]*|[A-Z][a-z][\w]+"
    r"|(?![vqpxh]\d+(?![\w-]))[a-z]{1,5}\d+[a-z]*\d*))(?![\w-])"
)
"""A capitalised Latin word that may name a product: "Keycloak", "OpenShift", "OR-Tools"; or
a short lower-case one with a digit: "k6", "k8s" (not a version, quarter or percentile: "v2",
"q3", "p99")."""


_AFTER_NAME = re.compile(r"(?-i:[A-Z][a-z]+)\s+$")
_BEFORE_ORG = re.compile(
    r"\s+(?:&\s*Co\b|(?:Group|Holding|Inc|Ltd|LLC|GmbH|Corp|Corporation|Bank|Agency|Studio|"
    r"Foundation|University|Hospital|Clinic|Partners|Consulting|Capital|Company|Media|"
    r"DC|Datacenter|Data\s+Center|Region|Zone)\b|(?-i:datacenter|data\s+cent(?:er|re)|"
    r"region|group|holding|bank|agency|studio)\b)"
)
"""A word after the name that makes it a company or a place ("Slovnyk Group", "Falkenstein
DC"): where someone works or where a server stands, no tool."""
"""A capitalised word just before: the word after it is the second half of a name."""


def _words(block: str) -> frozenset[str]:
    return frozenset(block.split())


_NOT_TOOLS: Final = _words(
    "the this that these our my we its their and but also now then team feature flags"
    " monday tuesday wednesday thursday friday saturday sunday january february march april"
    " may june july august september october november december"
)


def tool_words(r: Reading, text: str, start: int = 0) -> list[str]:
    """Tools a fragment names, from ``start`` on: new acronyms (placeholders the reading
    guessed) and tool-like words; never a known person or a given name."""
    found: list[tuple[int, str]] = []
    for m in re.finditer(ENT, text):
        if m.start() >= start and r.entity(m.group(0)) in r.guessed:
            found.append((m.start(), m.group(0)))
    for m in _TOOL.finditer(text):
        word = m.group(0)
        if m.start() < start or m.start() == 0 or word.casefold() in _NOT_TOOLS:
            continue
        if is_stop_word(word) or kind_of_role(word) is not None or name_gender(word):
            continue
        if _AFTER_NAME.search(text[: m.start()]):  # "Priya Nair": a surname, no product
            continue
        if _BEFORE_ORG.match(text, m.end()):  # "at Slovnyk Group": a company, no product
            continue
        found.append((m.start(), word))
    return [w for _, w in sorted(found)]
