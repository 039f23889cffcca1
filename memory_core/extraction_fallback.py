"""The fallbacks extraction tries on a sentence no specific rule read, and when not to.

:data:`FALLBACKS` catch whole classes by broad signals (a role word near a full name, a
decision cue anywhere, a tool after a verb of using or after any verb of a known project, the
owner taking a project, a household role beside a name, a project said before who leads it,
what a project is said to be after its name, someone replacing someone else, and last any
lasting statement about the one person a sentence names).
:func:`extract <memory_core.extraction.extract>` tries them only after
every specific rule and rewording found nothing, and :func:`may_fall_back` keeps them off a
sentence that reports the day's work ("созвонился с X", "closed the ticket"): the message
checks of :mod:`memory_core.extraction_skip` already keep them off questions, small talk,
worklog and secrets. :func:`with_tools` adds to a specific rule's draft the tool a sentence
names after a verb of using when that rule left it out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from memory_core.extraction_fallback_about import project_described
from memory_core.extraction_fallback_choice import decision_cue, tool_use
from memory_core.extraction_fallback_led import led_by
from memory_core.extraction_fallback_milestone import project_milestone
from memory_core.extraction_fallback_named import named_fact
from memory_core.extraction_fallback_people import (
    household_apposition,
    owner_takes_project,
    role_near_name,
)
from memory_core.extraction_fallback_replaces import replaces
from memory_core.extraction_fallback_tool import project_tool, project_tool_inside
from memory_core.extraction_skip import without_relative_clauses
from memory_core.extraction_text import Draft, Reading
from memory_core.naming import display_name

__all__ = ["FALLBACKS", "may_fall_back", "with_tools"]

FALLBACKS: Final[tuple[Callable[[Reading, Draft], bool], ...]] = (
    decision_cue,  # a cue in any position: before the people, whom it links as deciders
    owner_takes_project,
    household_apposition,
    role_near_name,
    tool_use,
    project_tool,  # "P ходит в Stripe": any verb between a known project and a new tool
    project_tool_inside,  # "... for P live in ClickHouse": the same inside the sentence
    led_by,
    project_described,  # "Atlas — сервис биллинга": what follows the name, on the project
    project_milestone,  # "Atlas перевалил за 10к клиентов": the count it went past
    replaces,  # "X replaces Y as our contact": X's role, on Y's projects
    named_fact,  # the loosest: a lasting statement about the one person named
)
"""The fallbacks in the order they are tried; the first that matches wins."""

_REPORT = re.compile(
    r"\b(?:созвонил\w*|созванивал\w*|обсудил\w*|обсуждали|поговорил\w*|переговорил\w*|"
    r"встретил\w*|встречал\w*|пообщал\w*|пинганул\w*|пингнул\w*|списал\w*|переписывал\w*|"
    r"помог(?:ла|ли)?|ревьюил\w*|отревьюил\w*|смотрели|talked|met|discussed|called|chatted|"
    r"pinged|synced|caught\s+up|helped|reviewed|paired|had\s+(?:a\s+)?(?:call|meeting|sync|"
    r"lunch|coffee|1:1|one-on-one)|closed|fixed|merged|deployed|shipped|утром|с\s+утра|вечером|"
    r"this\s+morning|tonight)\b|(?<!\S)1:1(?!\S)",
    re.IGNORECASE,
)
"""A report of what was done today: a sentence with one gets no fallback."""
_UNSURE = re.compile(
    r"\b(?:может|возможно|наверное|вроде|если|maybe|perhaps|probably|might|if|whether|"
    r"не\s+знаю|not\s+sure|думаю|think)\b",
    re.IGNORECASE,
)
"""Hedges and conditions: a guess is no fact to keep."""


def may_fall_back(sentence: str) -> bool:
    """Tell whether a sentence may be read by the fallbacks (no day's report, no hedge)."""
    sentence = without_relative_clauses(sentence)  # "the plumber who fixed ..." reports no work
    return _REPORT.search(sentence) is None and _UNSURE.search(sentence) is None


_CODE = re.compile(r"\S*\d\S*|[A-Z0-9]{1,4}")
"""A product code after a vendor ("R2" of "Cloudflare R2", "S3"): the vendor is named too."""


def _vendor_of(tool: str, named: set[str]) -> bool:
    """Whether ``tool`` is the first words of a longer name the draft gives and the rest
    are words of a name, not a code: "Google" of "Google Earth Engine" is that product read
    short, while "Cloudflare" of "Cloudflare R2" is the vendor of a code."""
    short = display_name(tool).casefold().split()
    for name in named:
        words = display_name(name).split()
        rest = words[len(short) :]
        head = [w.casefold() for w in words[: len(short)]]
        if name != tool and head == short and rest and not any(_CODE.fullmatch(w) for w in rest):
            return True
    return False


def with_tools(draft: Draft, tools: Draft | None) -> Draft:
    """``draft`` with the links of ``tools`` (the tool fallback's draft of the same sentence)
    when the tool it links is one ``draft`` gives no line and no link (a new acronym it only
    read counts as unnamed)."""
    decided = any(name.startswith("Decision:") for name in (*draft.lines, *draft.new))
    if tools is None or decided:  # a decision's tool is what it chose, not one in use
        return draft
    named = set(draft.lines) | {end for frm, _, to in draft.links for end in (frm, to)}
    fresh = [
        link for link in tools.links if link[2] not in named and not _vendor_of(link[2], named)
    ]
    for frm, relation_type, to in fresh:
        draft.link(frm, relation_type, to)
        if to in tools.new:
            draft.new.add(to)
    return draft
