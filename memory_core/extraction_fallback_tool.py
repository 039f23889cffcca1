"""Fallbacks: a known project, any verb, then a new tool or service it relies on.

The tool rules read a project and a tool joined by a verb of using, storing or sending; a
fresh message joins them by any verb ("Topup ходит в Stripe за платежами", "Porta работает
поверх Kong", "Roamer переехал на Kubernetes"). :func:`project_tool` takes a sentence that
opens with a project the memory holds, then a verb (a word that is no preposition), and
within a few words of the same clause one tool-like word
(:func:`~memory_core.extraction_tool_words.tool_words`): the project ``uses`` the tool.

:func:`project_tool_inside` reads the same inside a sentence ("сканы Quokka читает через
Textract", "exports for Tamarind land in Snowflake"), the tool right after "через", "in",
"via" or the like, and nothing in the sentence left or turned down.

Guards: the tool is no place (:func:`~memory_core.extraction_places.is_place`), nor where the
project went live ("went live in Oradea"), no person the
memory holds or given name, no project the memory holds; nothing turned down or left ("не",
"not", "instead", "from"); the clause names no person; exactly one tool-like word.
"""

from __future__ import annotations

import re
from typing import Final

from memory_core.extraction_places import is_place
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.extraction_tool_words import tool_words
from memory_core.naming import split_prefix

__all__ = ["project_tool", "project_tool_inside"]

_I = re.IGNORECASE
_OPENING = re.compile(
    rf"^(?:(?:наш|наш[аеи]|our|the)\s+)?(?P<who>{ENT})(?:'s)?\s+(?:(?:теперь|сейчас|уже|now|also|"
    r"тоже|ещё|еще|still|всё\s+ещё)\s+)*(?P<verb>[^\W\d_][\w'-]*)(?P<tail>(?:\s+\S+){1,6})",
    _I,
)
_PREPOSITION = re.compile(
    r"(?:в|во|на|с|со|из|у|к|по|для|от|о|и|а|но|—|in|on|at|of|for|from|with|to|and|but|is|was|"
    r"are|has|had|will|не|not|no)",
    _I,
)
"""The word after the project must be a verb: "P в Stripe" or "P and Kafka" state no use."""
_LEFT = re.compile(
    r"\b(?:not|no\s+longer|instead|rather|from|off|away|не|вместо|больше\s+не|ушл\w*|уход\w*\s+с|"
    r"отказал\w*|dropped|left|replac\w*)\b",
    _I,
)
_LAUNCHED_IN = re.compile(
    r"\b(?:went\s+live|goes\s+live|launch\w*|opened|opens|rolled\s+out|started|expand\w*|"
    r"запуст\w*|стартовал\w*|вышел|вышл[аи]|открыл\w*|заработал\w*)\s+(?:\S+\s+){0,2}?"
    r"(?:in|at|to|across|в|во|на)\s+(?-i:[A-ZА-ЯЁ])",
    _I,
)
"""Where a project went live or opened ("went live in Oradea", "запустились в Тарту"): a
place, not a tool, whether or not the dictionaries know it."""
_CLAUSE = re.compile(r"[,;:—(]|\s(?:and|и|а|but|но|then|потом|because|потому)(?:\s|$)", _I)
_MAX_TOOLS: Final = 1


def project_tool(r: Reading, d: Draft) -> bool:
    """ "Topup ходит в Stripe за платежами": Topup uses Stripe."""
    m = _OPENING.match(r.text)
    if m is None or _PREPOSITION.fullmatch(m["verb"]):
        return False
    clause = _CLAUSE.split(m["tail"])[0]
    if _LEFT.search(m["verb"] + " " + clause) or r.names_in(clause, "Person"):
        return False
    return _uses(r, d, m, clause, after_through=False)


_INSIDE = re.compile(
    rf"(?<=\s)(?:(?:for|для)\s+)?(?P<who>{ENT})(?:'s)?\s+(?P<verb>[^\W\d_][\w'-]*)"
    r"(?P<tail>(?:\s+\S+){1,4})",
    _I,
)
_THROUGH = re.compile(r"(?:через|в|во|на|in|on|into|via|through|with)\s+$", _I)
"""What stands right before the tool when the project is said inside the sentence."""


def project_tool_inside(r: Reading, d: Draft) -> bool:
    """ "бумажные рецепты Retsept распознаёт через Tesseract", "stock snapshots for Komora
    live in ClickHouse": a known project inside the sentence, a verb, then a new tool
    right after "через", "in", "via" or the like."""
    m = _INSIDE.search(r.text)
    if m is None or _PREPOSITION.fullmatch(m["verb"]) or r.names_in(r.text, "Person"):
        return False
    if _LEFT.search(r.text):
        return False
    return _uses(r, d, m, _CLAUSE.split(m["tail"])[0], after_through=True)


def _uses(r: Reading, d: Draft, m: re.Match[str], clause: str, *, after_through: bool) -> bool:
    """Link the known project ``m`` names to the one new tool of ``clause``, if it is one."""
    project = r.entity(m["who"])
    if project in r.guessed or split_prefix(project)[0] != "Project":
        return False
    if _LAUNCHED_IN.search(m["verb"] + " " + clause):
        return False
    tools = tool_words(r, clause)
    if len(tools) != _MAX_TOOLS or is_place(tools[0]):
        return False
    at = clause.find(tools[0])
    if after_through and (at < 0 or _THROUGH.search(clause[:at]) is None):
        return False
    tool = d.thing(tools[0])
    if tool is None or split_prefix(tool)[0] != "Project" or tool == project:
        return False
    if tool not in d.new and tool not in r.guessed:
        return False  # a project the memory holds: a link of its own kind, not a tool
    d.link(project, "uses", tool)
    return True
