"""The slug of a decision: the project, the tool chosen, then the words of what was decided.

:func:`make_slug` is what :mod:`memory_core.extraction_decisions` names a ``Decision:`` by;
:data:`DROPPED` is what a slug leaves out (the alternative turned down, a note in brackets),
and :func:`russian_verb` the Russian verbs it leaves out ("катим", "режем").
"""

from __future__ import annotations

import re

from memory_core.extraction_decision_terms import (
    filler_verb,
    firmness_word,
    when_word,
    without_dates,
    without_go_live,
)
from memory_core.extraction_text import ENT, Reading
from memory_core.extraction_tool_words import tool_words
from memory_core.language import is_cyrillic, is_stop_word, normalize, tokens
from memory_core.morphology import analyzer, known_russian_word
from memory_core.naming import display_name

__all__ = ["DROPPED", "make_slug", "russian_verb"]

_I = re.IGNORECASE
_SLUG_WORDS = 5
_NEGATIONS = frozenset({"no", "not", "never", "не", "нет", "без"})
DROPPED = re.compile(
    rf"\b(?:instead\s+of|rather\s+than|вместо)\s+(?:{ENT}|(?-i:[A-ZА-ЯЁ])[\w.-]*)"
    r"(?:\s+(?-i:[A-Z])[\w.-]*)*(?=\s+(?-i:[a-zа-яё]))|"  # "вместо Jenkins теперь всё через ..."
    r"\bни\s+од(?:ин|н\w+)|\b(?:instead\s+of|rather\s+than|вместо)\b[^,]*|,?\s*\bа\s+не\b[^,]*|"
    r",\s*не\s+[^,]*|\b(?:over)\s+(?:⟦\d+⟧|(?-i:[A-Z])\S*)|\binstead\b|"
    r"\b(?:from|off|с|со)\s+(?:⟦\d+⟧|\S+)(?:\s+\S+){0,3}?\s+(?=(?:to|onto|into|на|в)\s)|"
    r"\b(?:we|i|they)'(?:re|ve|ll|m|d)\b|"
    # what is dropped for what is taken: "drops the self-hosted CDN and goes with X"
    r"\b(?:drops?|dropping|ditch(?:es|ing)?|scraps?|отказыва\w+\s+от)\s+[^,]*?\s+(?:and|и)\s+(?=\S)|"
    # what was turned down, said after the choice: ", от Stripe отказались", ", dropped Stripe"
    r",\s*(?:(?:а|and)\s+)?(?:от\s+\S+(?:\s+\S+)?\s+отказал\w*|отказал\w*\s+от\s+\S+|"
    r"(?:dropped|ditched|scrapped)\s+(?:the\s+)?\S+)",
    _I,
)
"""What a slug leaves out: the alternative turned down ("instead of monthly", "over Adyen",
"from Tableau to ..."), and a subject fused with its verb ("we're")."""


_CARRIED_OVER = re.compile(
    r"\b((?:sync|push|pull|send|sent|talk|stream|connect|call|fetch|poll|ship|transmit|report|"
    r"exchang|upload|download|publish|forward|rout|deliver|receiv|go|goes|run|travel)\w*\b"
    r"[^,;:—]*?)\bover\b(?=\s)",
    _I,
)
"""An "over" after a verb of carrying data ("syncs records over FHIR", "pushes readings into P
over MQTT"): the protocol used, not an alternative turned down ("X over Y")."""
_BRACKETS = re.compile(r"\([^()]*\)")
"""A note in brackets ("(в AZ не работает)"): why, not what was decided."""
_PARTICLE = re.compile(r"\b[а-яё]+-(?:таки|то|либо|нибудь|ка)\b", _I)
"""A word with a Russian particle or a pronoun's tail ("всё-таки", "как-то", "кто-нибудь"): how
it was said, not what was decided."""


def make_slug(r: Reading, content: str, first: list[str]) -> str:
    """Make a decision's slug: the project and issues first, then the content's words.

    Words as written, a tool the main clause names first ("crewdesk-or-tools-..."), without the
    alternative turned down and the Russian verbs ("kite-
    релизы-четвергам"), at most five. Russian words stay Cyrillic: a transliteration has
    several spellings, so a search for the word the owner typed finds the decision only
    this way.
    """
    words: list[str] = []
    for name in first:
        words += [w.lower() for w in tokens(display_name(name))]
    carried = _CARRIED_OVER.sub(r"\1via", _BRACKETS.sub(" ", _PARTICLE.sub(" ", content)))
    taken = without_dates(without_go_live(DROPPED.sub(" ", carried)))
    for tool in tool_words(r, taken.split(",")[0]):  # the chosen tool, said in the main clause
        words += [w for w in (normalize(t) for t in tokens(r.render(tool))) if w not in words]
    for written in tokens(r.render(taken)):
        word = normalize(written)
        keep = word in _NEGATIONS or (not is_stop_word(word) and (len(word) > 1 or word.isdigit()))
        keep = keep and not when_word(word) and not filler_verb(word) and not firmness_word(word)
        seen = word in words or word in (normalize(w) for w in words)  # "Afiș" is "afis"
        if keep and not seen and not russian_verb(word):
            words.append(word)
    return "-".join(words[:_SLUG_WORDS])


_SLANG_VERB = re.compile(r"(?:[иеаяу]ем|им|ят|ют|[ияеаую]тся)$")
"""Finite endings of a verb the dictionary does not know: "мержим", "релизят", "деплоится"
(an infinitive, "релизить", is kept: it names what is done)."""


_LOAN_VERB = re.compile(r"ир(?:у[юеяй]\w*|ова\w*)$")
"""A verb made of a borrowed noun ("кешируем", "шардировать", "логируют"): it names what is
done to the thing, so a slug keeps it (its stem is the word a search finds)."""


def russian_verb(word: str) -> bool:
    """Whether a Russian word is a verb a slug leaves out: the dictionary reads it first as one
    ("катим", "перейти"), or, unknown to it, it ends as a verb does (slang: "мержим",
    "апрувят"); never a verb made of a borrowed noun ("кешируем")."""
    morph = analyzer()
    if morph is None or not is_cyrillic(word) or _LOAN_VERB.search(word):
        return False
    if not known_russian_word(word):
        return _SLANG_VERB.search(word) is not None
    parses = morph.parse(word)
    if {"Geox", "Name", "Surn"} & set(parses[0].tag.grammemes):  # "режем", not the town Реж
        return any(str(p.tag.POS) in ("VERB", "INFN") for p in parses)
    return str(parses[0].tag.POS) in ("VERB", "INFN")
